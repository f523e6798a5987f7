package lsp

// This file answers textDocument/semanticTokens/full (range and delta
// are in semantic_delta.go). Tokens come from
// the checked tree and the semantic index, never from a second lexer:
// keywords, event lines, actions and values (as functions and methods of
// the game's library), enum members, variables (global or player,
// declared, written), subroutines, strings, numbers, operators, comments
// and the settings block's keys and values.
//
// LSP encodes each token relative to the previous one, with lengths and
// columns in the negotiated position encoding (UTF-16 by default), one
// line per token: a token over several lines (a /* */ comment, a string
// with a raw line break) is sent as one token per line.

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// The token types, in legend order.
const (
	tokKeyword = iota
	tokNamespace
	tokEvent
	tokFunction
	tokMethod
	tokEnumMember
	tokVariable
	tokString
	tokNumber
	tokOperator
	tokComment
	tokProperty
)

var semanticTokenTypes = []string{
	tokKeyword: "keyword", tokNamespace: "namespace", tokEvent: "event", tokFunction: "function",
	tokMethod: "method", tokEnumMember: "enumMember", tokVariable: "variable", tokString: "string",
	tokNumber: "number", tokOperator: "operator", tokComment: "comment", tokProperty: "property",
}

// The token modifiers, as bits in legend order.
const (
	modDeclaration = 1 << iota
	modDefinition
	modModification
	modDefaultLibrary
	modGlobal
	modPlayer
)

var semanticTokenModifiers = []string{"declaration", "definition", "modification", "defaultLibrary", "global", "player"}

func init() {
	register("textDocument/semanticTokens/full", handler(func(ctx context.Context, s *Server, p *protocol.SemanticTokensParams) (any, error) {
		data, err := s.documentTokens(ctx, p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		// The result id names the answer a later delta is relative to.
		return tokensAnswer{resultID: s.semantic.remember(p.TextDocument.URI, data), data: data}, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["semanticTokensProvider"] = map[string]any{
			"legend": map[string]any{"tokenTypes": semanticTokenTypes, "tokenModifiers": semanticTokenModifiers},
			"full":   map[string]any{"delta": true},
			"range":  true,
		}
	})
}

// tokensAnswer is a semantic tokens answer ({"resultId", "data"}; no
// resultId for a range). It writes its JSON itself (appendJSON, which
// reply uses): encoding/json's reflection over a hundred thousand
// integers, then its validation and compaction of what a MarshalJSON
// returns, cost more than computing the tokens.
type tokensAnswer struct {
	resultID string
	data     []uint32
}

func (a tokensAnswer) appendJSON(out []byte) []byte {
	out = slices.Grow(out, 4*len(a.data)+len(a.resultID)+32)
	out = append(out, '{')
	if a.resultID != "" {
		out = append(out, `"resultId":`...)
		id, _ := json.Marshal(a.resultID)
		out = append(out, id...)
		out = append(out, ',')
	}
	out = append(out, `"data":[`...)
	for i, v := range a.data {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendUint(out, uint64(v), 10)
	}
	return append(out, "]}"...)
}

func (a tokensAnswer) MarshalJSON() ([]byte, error) { return a.appendJSON(nil), nil }

// A semToken is one token before encoding: a byte span of the text.
type semToken struct {
	span source.Span
	typ  int
	mods int
}

// tokenCollector gathers the tokens of one document.
type tokenCollector struct {
	text string
	// within is the byte range whose tokens are wanted: a token that
	// does not meet it is dropped.
	within source.Span
	out    []semToken
}

func (c *tokenCollector) add(sp source.Span, typ, mods int) {
	if sp.Start < 0 || sp.End > len(c.text) || sp.End <= sp.Start || sp.End <= c.within.Start || sp.Start >= c.within.End {
		return
	}
	c.out = append(c.out, semToken{span: sp, typ: typ, mods: mods})
}

// semanticTokens returns the encoded tokens of d: five integers per token
// (line delta, start delta, length, type, modifiers).
func (s *Server) semanticTokens(ctx context.Context, d *document) ([]uint32, error) {
	return s.semanticTokensIn(ctx, d, source.Span{Start: 0, End: len(d.text)})
}

// semanticTokensIn returns the encoded tokens of d that meet the byte
// range within; rules outside it are not visited, so a range answer on a
// large file costs what its visible lines hold.
func (s *Server) semanticTokensIn(ctx context.Context, d *document, within source.Span) ([]uint32, error) {
	p := d.program()
	sc := p.Checked.Script
	// About one token per eight bytes of Workshop text: grown once, not
	// a dozen times.
	c := &tokenCollector{text: d.text, within: within, out: make([]semToken, 0, (min(within.End, len(d.text))-max(within.Start, 0))/8+16)}
	for _, cm := range sc.Comments {
		c.add(cm, tokComment, 0)
	}
	if st := sc.Settings; st != nil {
		c.add(st.KeywordSpan, tokKeyword, 0)
		c.settings(st.Items)
	}
	if v := sc.Variables; v != nil {
		c.add(wordSpanAt(d.text, v.Span.Start), tokKeyword, 0)
		for _, sec := range []*ast.VarSection{v.Global, v.Player} {
			if sec != nil {
				c.add(wordSpanAt(d.text, sec.Span.Start), tokKeyword, 0)
				c.decls(sec.Decls)
			}
		}
	}
	if sub := sc.Subroutines; sub != nil {
		c.add(wordSpanAt(d.text, sub.Span.Start), tokKeyword, 0)
		c.decls(sub.Decls)
	}
	for _, r := range sc.Rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if r.Span.End < within.Start || r.Span.Start > within.End {
			continue
		}
		if r.Disabled {
			c.add(r.DisabledSpan, tokKeyword, 0)
		}
		c.add(r.KeywordSpan, tokKeyword, 0)
		c.add(r.NameSpan, tokString, 0)
		if ev := r.Event; ev != nil {
			c.add(ev.KeywordSpan, tokKeyword, 0)
			for _, l := range ev.Lines {
				switch l.Kind {
				case ast.EventLineEvent:
					c.add(l.Span, tokEvent, 0)
				case ast.EventLineTeam, ast.EventLinePlayer:
					if l.Ref != nil {
						c.add(l.Span, tokEnumMember, 0)
					}
				}
				// A Subroutine event's name comes from the index.
			}
		}
		c.block(r.Conditions)
		c.block(r.Actions)
	}
	c.block(sc.Conditions)
	c.block(sc.Actions)
	c.references(p.Index())
	return s.encodeTokens(d, c.out), nil
}

func (c *tokenCollector) settings(items []*ast.SettingsItem) {
	for _, it := range items {
		switch it.Kind {
		case ast.SettingsGroup:
			c.add(it.KeySpan, tokProperty, 0)
			c.settings(it.Children)
		case ast.SettingsPair:
			c.add(it.KeySpan, tokProperty, 0)
			if typ, ok := settingValueToken(it); ok {
				c.add(it.ValueSpan, typ, 0)
			}
		case ast.SettingsWord:
			c.add(it.KeySpan, tokEnumMember, 0)
		}
	}
}

// settingValueToken types a setting's value by its resolved identity, or
// by its look when the schema does not know it.
func settingValueToken(it *ast.SettingsItem) (int, bool) {
	kind, _, _ := strings.Cut(it.ValueID, ":")
	switch kind {
	case "number", "percent", "combo":
		return tokNumber, true
	case "string", "text":
		return tokString, true
	case "value", "bool", "hero":
		return tokEnumMember, true
	}
	switch v := it.Value; {
	case strings.HasPrefix(v, `"`):
		return tokString, true
	case v != "" && (v[0] >= '0' && v[0] <= '9' || v[0] == '-' || v[0] == '['):
		return tokNumber, true
	}
	return 0, false
}

// decls adds the slot numbers of declarations; their names come from the
// index.
func (c *tokenCollector) decls(decls []ast.VarDecl) {
	for _, d := range decls {
		c.add(d.IndexSpan, tokNumber, 0)
	}
}

func (c *tokenCollector) block(b *ast.Block) {
	if b == nil {
		return
	}
	c.add(b.KeywordSpan, tokKeyword, 0)
	for _, st := range b.Statements {
		if st.Comment != nil {
			c.add(st.SpanOf(st.Comment), tokComment, 0)
		}
		if st.Disabled {
			c.add(st.DisabledSpan, tokKeyword, 0)
		}
		ast.Inspect(st.Body, func(e *ast.Expr) bool {
			c.expr(st, e)
			return true
		})
	}
}

// expr adds the token of one node of st (not its children). Variable and
// subroutine names are left to the index, which knows what they name.
func (c *tokenCollector) expr(st *ast.Statement, e *ast.Expr) {
	switch e.Kind {
	case ast.Call:
		if e.Elem == nil {
			return // a name the vocabulary does not know
		}
		if e.Elem.IsAction() {
			c.add(st.NameSpanOf(e), tokFunction, modDefaultLibrary)
		} else {
			c.add(st.NameSpanOf(e), tokMethod, modDefaultLibrary)
		}
	case ast.Member:
		c.add(st.NameSpanOf(e), tokEnumMember, 0)
	case ast.Number:
		c.add(st.SpanOf(e), tokNumber, 0)
	case ast.String:
		c.add(st.SpanOf(e), tokString, 0)
	case ast.Binary, ast.Assign:
		c.add(st.NameSpanOf(e), tokOperator, 0)
	case ast.Not:
		if start := st.SpanOf(e).Start; start < len(c.text) && c.text[start] == '!' {
			c.add(source.Span{Start: start, End: start + 1}, tokOperator, 0)
		}
	case ast.Global:
		// "Global" of Global.x, up to the dot.
		kw := wordSpanAt(c.text, st.SpanOf(e).Start)
		if dot := strings.IndexByte(docSpanText(c.text, kw), '.'); dot >= 0 {
			kw.End = kw.Start + dot
		}
		if kw.End <= st.NameSpanOf(e).Start {
			c.add(kw, tokNamespace, modDefaultLibrary)
		}
	}
}

// references adds every variable and subroutine occurrence the index
// knows, declarations and writes marked.
func (c *tokenCollector) references(ix *index.Index) {
	for _, r := range ix.Refs {
		if r.Symbol < 0 || r.Symbol >= len(ix.Symbols) {
			continue
		}
		mods := 0
		switch r.Kind {
		case index.Declaration:
			mods |= modDeclaration
		case index.Definition:
			mods |= modDefinition
		case index.Write:
			mods |= modModification
		}
		switch ix.Symbols[r.Symbol].Kind {
		case index.GlobalVariable:
			c.add(r.Span, tokVariable, mods|modGlobal)
		case index.PlayerVariable:
			c.add(r.Span, tokVariable, mods|modPlayer)
		case index.Subroutine:
			c.add(r.Span, tokFunction, mods)
		}
	}
}

// encodeTokens sorts the tokens, drops any that overlap an earlier one,
// splits those that cross lines, and encodes them relative to each other
// in the client's position encoding.
func (s *Server) encodeTokens(d *document, toks []semToken) []uint32 {
	byPlace := func(a, b semToken) int {
		return cmp.Or(a.span.Start-b.span.Start, b.span.End-a.span.End)
	}
	// The walk finds them in text order but for a few: a check first.
	if !slices.IsSortedFunc(toks, byPlace) {
		slices.SortStableFunc(toks, byPlace)
	}
	data := make([]uint32, 0, 5*len(toks))
	prevLine, prevChar, end := 0, 0, 0
	// The pieces come in text order: one cursor converts them all.
	cur := d.mapper.Cursor(s.encoding())
	var pieces []source.Span
	for _, t := range toks {
		if t.span.Start < end {
			continue // overlaps the previous token
		}
		end = t.span.End
		pieces = splitAtLineBreaks(pieces[:0], d.text, t.span)
		for _, piece := range pieces {
			a, err := cur.Position(piece.Start)
			if err != nil {
				continue
			}
			b, err := cur.Position(piece.End)
			if err != nil || b.Line != a.Line || b.Character <= a.Character {
				continue
			}
			deltaChar := a.Character
			if a.Line == prevLine {
				deltaChar = a.Character - prevChar
			}
			data = append(data, uint32(a.Line-prevLine), uint32(deltaChar), uint32(b.Character-a.Character),
				uint32(t.typ), uint32(t.mods))
			prevLine, prevChar = a.Line, a.Character
		}
	}
	return data
}

// splitAtLineBreaks cuts a span at its line breaks (\n, \r\n, \r), leaving the
// breaks out, appending the pieces to out.
func splitAtLineBreaks(out []source.Span, text string, sp source.Span) []source.Span {
	start := sp.Start
	for i := sp.Start; i < sp.End; i++ {
		switch text[i] {
		case '\n':
			out = append(out, source.Span{Start: start, End: i})
			start = i + 1
		case '\r':
			out = append(out, source.Span{Start: start, End: i})
			if i+1 < sp.End && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	return append(out, source.Span{Start: start, End: sp.End})
}
