package lsp

// This file serves typing in OverPy documents: completion (OverPy names of
// actions and values, member functions after '.', annotations after '@',
// enum members, directives, the program's variables, subroutines and
// macros), signature help, parameter-name inlay hints and element-cost
// code lenses.

import (
	"fmt"
	"sort"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/opy"
	"github.com/wright-lsp/wright-lsp/service"
)

// overpyAnnotations are the @-lines of a rule.
var overpyAnnotations = []string{"Event", "Team", "Hero", "Slot", "Condition", "Name", "Disabled", "Delimiter", "NewPage", "SuppressWarnings"}

// overpyKeywords start statements and declarations.
var overpyKeywords = []string{"rule", "def", "globalvar", "playervar", "subroutine", "macro", "enum", "settings", "if", "elif",
	"else", "while", "for", "in", "range", "do", "switch", "case", "default", "break", "continue", "return", "pass", "goto",
	"del", "and", "or", "not", "lambda", "true", "false", "null"}

// overpyCompletion lists what may be written at a position.
func (s *Server) overpyCompletion(d *document, pos protocol.Position) (any, error) {
	off, err := s.offset(d, pos)
	if err != nil {
		return nil, err
	}
	text := d.text[:off]
	start := off
	for start > 0 && isNameChar(text[start-1]) {
		start--
	}
	prefix := text[start:off]
	s.mu.Lock()
	snippets := s.client.TextDocument.Completion.CompletionItem.SnippetSupport
	s.mu.Unlock()
	var items []protocol.CompletionItem
	add := func(label string, kind protocol.CompletionItemKind, detail string) *protocol.CompletionItem {
		it := protocol.CompletionItem{Label: label, Kind: &kind}
		if detail != "" {
			it.Detail = &detail
		}
		items = append(items, it)
		return &items[len(items)-1]
	}
	// snippet makes an item insert a snippet, when the client takes them.
	snippet := func(it *protocol.CompletionItem, text string) {
		if snippets && text != "" {
			format := protocol.InsertTextFormatSnippet
			it.InsertText, it.InsertTextFormat = &text, &format
		}
	}
	v := vocab.Default()
	res := d.program().OverPy()
	switch {
	case start > 0 && text[start-1] == '@':
		for _, a := range overpyAnnotations {
			add(a, protocol.CompletionItemKindKeyword, "annotation")
		}
	case start > 1 && text[start-2:start] == "#!":
		for _, dname := range opy.DirectiveNames() {
			add(dname, protocol.CompletionItemKindKeyword, "directive")
		}
	case start > 0 && text[start-1] == '.':
		recv := start - 1
		w := recv
		for w > 0 && isNameChar(text[w-1]) {
			w--
		}
		owner := text[w:recv]
		switch members, ok := opy.EnumMemberNames(v, owner, res); {
		case ok:
			for _, m := range members {
				add(m, protocol.CompletionItemKindEnumMember, owner)
			}
		case owner == "random":
			for _, f := range []string{"randint", "uniform", "choice", "shuffle"} {
				add(f, protocol.CompletionItemKindFunction, overpyLine(v.Value("random."+f), false))
			}
		default:
			for _, el := range v.Elements {
				if strings.HasPrefix(el.ID, ".") {
					snippet(add(el.ID[1:], protocol.CompletionItemKindMethod, overpyLine(el, true)), overpySnippet(el, true))
				}
			}
			for _, m := range []string{"x", "y", "z"} {
				add(m, protocol.CompletionItemKindField, "vector component")
			}
			for _, m := range opy.MemberBuiltins() {
				add(m, protocol.CompletionItemKindMethod, "OverPy")
			}
			for name := range res.Symbols.Slots[opy.PlayerVariable] {
				add(name, protocol.CompletionItemKindVariable, "player variable")
			}
		}
	default:
		for _, el := range v.Elements {
			if !strings.HasPrefix(el.ID, ".") && !strings.HasPrefix(el.ID, "__") && !strings.Contains(el.ID, ".") {
				kind := protocol.CompletionItemKindFunction
				if el.Bare {
					kind = protocol.CompletionItemKindConstant
				}
				snippet(add(el.ID, kind, overpyLine(el, false)), overpySnippet(el, false))
			}
		}
		for _, b := range opy.Builtins() {
			add(b, protocol.CompletionItemKindFunction, "OverPy")
		}
		for _, e := range opy.EnumNames(v) {
			add(e, protocol.CompletionItemKindEnum, "enum")
		}
		for _, k := range overpyKeywords {
			if t, ok := overpyTemplates[k]; ok && snippets {
				snippet(add(k, protocol.CompletionItemKindSnippet, t[0]), t[1])
				continue
			}
			add(k, protocol.CompletionItemKindKeyword, "")
		}
		for kind, names := range res.Symbols.Slots {
			if kind == opy.PlayerVariable {
				continue
			}
			for name := range names {
				add(name, protocol.CompletionItemKindVariable, kind.String())
			}
		}
		seen := map[string]bool{}
		for _, r := range res.Symbols.Refs {
			if r.Kind == opy.Macro && !seen[r.Name] {
				seen[r.Name] = true
				add(r.Name, protocol.CompletionItemKindFunction, "macro")
			}
		}
	}
	// Names starting with what is typed first, then the others that
	// contain it; alphabetical within each.
	low := strings.ToLower(prefix)
	var out []protocol.CompletionItem
	for _, it := range items {
		if low == "" || strings.Contains(strings.ToLower(it.Label), low) {
			rank := "1"
			if strings.HasPrefix(strings.ToLower(it.Label), low) {
				rank = "0"
			}
			st := rank + it.Label
			it.SortText = &st
			out = append(out, it)
		}
	}
	sort.Slice(out, func(i, j int) bool { return *out[i].SortText < *out[j].SortText })
	return protocol.CompletionList{IsIncomplete: false, Items: dedupe(out)}, nil
}

// overpyTemplates are the keywords completed as a block to fill in: what
// it is, and the snippet.
var overpyTemplates = map[string][2]string{
	"rule":      {"a new rule", "rule \"${1:name}\":\n    @Event ${2:global}\n    $0"},
	"def":       {"a new subroutine", "def ${1:name}():\n    $0"},
	"if":        {"if block", "if ${1:condition}:\n    $0"},
	"elif":      {"elif block", "elif ${1:condition}:\n    $0"},
	"while":     {"while loop", "while ${1:condition}:\n    $0"},
	"for":       {"for loop over a range", "for ${1:I} in range(${2:count}):\n    $0"},
	"switch":    {"switch block", "switch ${1:value}:\n    case ${2:value}:\n        $0"},
	"globalvar": {"a global variable", "globalvar ${1:name}"},
	"playervar": {"a player variable", "playervar ${1:name}"},
}

// overpySnippet writes a call of an element with a placeholder per
// argument up to the last without a default (one with a default shows
// it); a member call leaves out its receiver. "" for a value written
// bare.
func overpySnippet(el *vocab.Element, member bool) string {
	if el.Bare {
		return ""
	}
	name, params := el.ID, el.Params
	if member {
		name = strings.TrimPrefix(name, ".")
		if len(params) > 0 {
			params = params[1:]
		}
	}
	last := -1
	for i, p := range params {
		if !p.HasDefault {
			last = i
		}
	}
	var b strings.Builder
	b.WriteString(snippetEscape(name, false) + "(")
	for i, p := range params[:last+1] {
		if i > 0 {
			b.WriteString(", ")
		}
		hint := p.Name
		if p.HasDefault {
			hint = p.Default
			if hint == "" {
				hint = "null"
			}
		}
		fmt.Fprintf(&b, "${%d:%s}", i+1, snippetEscape(hint, true))
	}
	b.WriteString(")")
	return b.String()
}

func dedupe(items []protocol.CompletionItem) []protocol.CompletionItem {
	out := items[:0]
	seen := map[string]bool{}
	for _, it := range items {
		if !seen[it.Label] {
			seen[it.Label] = true
			out = append(out, it)
		}
	}
	return out
}

func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// overpyLine is an element's one-line OverPy signature.
func overpyLine(el *vocab.Element, member bool) string {
	if el == nil {
		return ""
	}
	sig := overpySignature(el, member)
	sig = strings.TrimPrefix(sig, "```python\n")
	if i := strings.Index(sig, "\n"); i >= 0 {
		sig = sig[:i]
	}
	return sig
}

// overpySignatureHelp finds the call the cursor is in and the argument.
func (s *Server) overpySignatureHelp(d *document, pos protocol.Position) (any, error) {
	off, err := s.offset(d, pos)
	if err != nil {
		return nil, err
	}
	text := d.text
	depth, arg := 0, 0
	i := off - 1
	for ; i >= 0; i-- {
		switch text[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			depth--
		case '(':
			if depth == 0 {
				goto found
			}
			depth--
		case ',':
			if depth == 0 {
				arg++
			}
		case '\n':
			// A call may span lines inside its brackets; give up at a
			// line that starts a statement.
		}
		if depth < 0 {
			return nil, nil
		}
	}
	return nil, nil
found:
	end := i
	for end > 0 && text[end-1] == ' ' {
		end--
	}
	start := end
	for start > 0 && isNameChar(text[start-1]) {
		start--
	}
	name := text[start:end]
	member := start > 0 && text[start-1] == '.'
	v := vocab.Default()
	key := name
	if member {
		key = "." + name
		w := start - 1
		for w > 0 && isNameChar(text[w-1]) {
			w--
		}
		if text[w:start-1] == "random" {
			key, member = "random."+name, false
		}
	}
	el := v.Value(key)
	if el == nil {
		el = v.Action(key)
	}
	if el == nil {
		return nil, nil
	}
	params := el.Params
	if member && len(params) > 0 {
		params = params[1:]
	}
	var ps []protocol.ParameterInformation
	for _, p := range params {
		ps = append(ps, protocol.ParameterInformation{Label: p.Name})
	}
	active := protocol.UInteger(min(arg, max(0, len(params)-1)))
	return protocol.SignatureHelp{Signatures: []protocol.SignatureInformation{{Label: overpyLine(el, member), Parameters: ps}},
		ActiveSignature: new(protocol.UInteger), ActiveParameter: &active}, nil
}

// overpyInlayHints names the parameter before each positional argument of
// a catalog call inside the range (calls of one argument get none).
func (s *Server) overpyInlayHints(d *document, r protocol.Range) ([]inlayHint, error) {
	start, err := s.offset(d, r.Start)
	if err != nil {
		return nil, err
	}
	end, err := s.offset(d, r.End)
	if err != nil {
		return nil, err
	}
	pt, err := s.overpyAt(d, r.Start)
	if err != nil || pt.file < 0 {
		return []inlayHint{}, err
	}
	out := []inlayHint{}
	for _, c := range pt.res.Symbols.Calls {
		if c.Call.File != pt.file || c.Call.End < start || c.Call.Start > end || len(c.Args) < 2 {
			continue
		}
		switch c.Element.ID {
		case "__customString__", "__localizedString__", "__array__", "vect":
			continue
		}
		for _, a := range c.Args {
			if a.Named || a.Param < 0 || a.Param >= len(c.Element.Params) || a.Loc.File != pt.file {
				continue
			}
			name := c.Element.Params[a.Param].Name
			if strings.EqualFold(strings.TrimSpace(d.text[a.Loc.Start:a.Loc.End]), name) {
				continue
			}
			p, err := d.mapper.OffsetPosition(a.Loc.Start, s.encoding())
			if err != nil {
				continue
			}
			out = append(out, inlayHint{Position: protocol.Position{Line: protocol.UInteger(p.Line), Character: protocol.UInteger(p.Character)},
				Label: name + ":", Kind: inlayHintKindParameter, PaddingRight: true})
		}
	}
	return out, nil
}

// overpyCodeLenses puts each rule's element count above it, and the
// program's against the game's budget above the first rule: the counts
// of the compiled program, optimised unless #!disableOptimizations says
// otherwise, with the lowered count beside the optimised one.
func (s *Server) overpyCodeLenses(d *document) ([]codeLens, error) {
	p := d.program()
	res := p.OverPy()
	counts := p.Cost()
	var o *service.Optimization
	if p.OptimizesByDefault() {
		o = p.Optimized()
	}
	total := fmt.Sprintf("%s of %s elements", cost.FormatCount(counts.Total), cost.FormatCount(cost.Budget))
	if o != nil {
		total = fmt.Sprintf("%s of %s elements (%s before optimisation)", cost.FormatCount(o.Report.After), cost.FormatCount(cost.Budget), cost.FormatCount(o.Report.Before))
	}
	out := []codeLens{}
	pt := overpyPoint{d: d, res: res}
	first := true
	heads := map[int]protocol.Range{}
	for i, r := range p.Checked.Script.Rules {
		l, ok := res.Map.Lookup(r.Span)
		if !ok || !sameFile(res.Program.Files[l.File].Path, d.path) {
			continue
		}
		loc, ok := s.overpyLocation(pt, opy.Loc{File: l.File, Span: source.Span{Start: l.Start, End: l.Start}})
		if !ok {
			continue
		}
		if first {
			first = false
			out = append(out, codeLens{Range: loc.Range, Command: &command{Title: total}})
		}
		if i >= len(counts.Rules) {
			continue
		}
		title := cost.FormatCount(counts.Rules[i].Count) + " elements"
		if o != nil && i < len(o.Report.Rules) && o.Report.Rules[i].Index == i {
			switch rr := o.Report.Rules[i]; {
			case rr.Removed:
				title = fmt.Sprintf("removed by the optimiser (%s elements as lowered)", cost.FormatCount(rr.Before))
			case rr.After != rr.Before:
				title = fmt.Sprintf("%s elements (%s before optimisation)", cost.FormatCount(rr.After), cost.FormatCount(rr.Before))
			}
		}
		out = append(out, codeLens{Range: loc.Range, Command: &command{Title: title}})
		heads[i] = loc.Range
	}
	// The Simulate lenses, at the OverPy rules the source map gives.
	if len(heads) > 0 {
		top := out[0].Range
		out = append(out, s.simulateLenses(d, p.Checked.Script.Rules, top, func(i int) (protocol.Range, bool) {
			rng, ok := heads[i]
			return rng, ok
		})...)
	}
	return out, nil
}

// overpyBuiltin reports whether OverPy code calls or reads a name with
// no receiver that the catalog or OverPy itself defines.
func overpyBuiltin(d *document) func(name string) bool {
	v := d.opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	own := map[string]bool{}
	for _, n := range opy.Builtins() {
		own[n] = true
	}
	return func(name string) bool { return own[name] || v.Value(name) != nil }
}

// overpySemanticTokens colours an OverPy document: its lexical tokens,
// with the names the compile resolved told apart (variables, player
// variables as properties, subroutines and macros as functions, catalog
// calls as functions or methods).
func (s *Server) overpySemanticTokens(d *document) []uint32 {
	res := d.program().OverPy()
	file := -1
	for i, f := range res.Program.Files {
		if sameFile(f.Path, d.path) {
			file = i
			break
		}
	}
	named := map[source.Span]semToken{}
	if file >= 0 {
		for _, r := range res.Symbols.Refs {
			if r.Loc.File != file || !r.Exact {
				continue
			}
			t := semToken{span: r.Loc.Span, typ: tokVariable}
			switch r.Kind {
			case opy.GlobalVariable:
				t.mods = modGlobal
			case opy.PlayerVariable:
				t.typ, t.mods = tokProperty, modPlayer
			case opy.Subroutine, opy.Macro:
				t.typ = tokFunction
			case opy.Enum:
				t.typ = tokNamespace
			}
			switch r.Role {
			case opy.Declaration:
				t.mods |= modDeclaration
			case opy.Definition:
				t.mods |= modDefinition
			case opy.Write:
				t.mods |= modModification
			}
			named[r.Loc.Span] = t
		}
		for _, c := range res.Symbols.Calls {
			if c.Loc.File == file {
				typ := tokFunction
				if c.Member {
					typ = tokMethod
				}
				named[c.Loc.Span] = semToken{span: c.Loc.Span, typ: typ, mods: modDefaultLibrary}
			}
		}
	}
	// Strings and directive lines are left to the editor's grammar: one
	// token over a whole string or #!define line would paint over the
	// placeholders, escapes and code inside them.
	builtin := overpyBuiltin(d)
	var toks []semToken
	for _, t := range opy.Lex(d.text) {
		switch t.Kind {
		case opy.LexName:
			if n, ok := named[t.Span]; ok {
				toks = append(toks, n)
			} else if builtin(d.text[t.Span.Start:t.Span.End]) && (t.Span.Start == 0 || d.text[t.Span.Start-1] != '.') {
				// A built-in value or function the compile did not
				// record as a catalog call (eventPlayer, getAllPlayers).
				typ := tokVariable
				if rest := strings.TrimLeft(d.text[t.Span.End:], " \t"); strings.HasPrefix(rest, "(") {
					typ = tokFunction
				}
				toks = append(toks, semToken{span: t.Span, typ: typ, mods: modDefaultLibrary})
			}
		case opy.LexKeyword, opy.LexAnnotation:
			toks = append(toks, semToken{span: t.Span, typ: tokKeyword})
		case opy.LexNumber:
			toks = append(toks, semToken{span: t.Span, typ: tokNumber})
		case opy.LexComment:
			toks = append(toks, semToken{span: t.Span, typ: tokComment})
		}
	}
	return s.encodeTokens(d, toks)
}
