package lsp

// This file answers textDocument/hover. The catalog carries no prose, so
// a hover is built from what it has: an action's or value's signature in
// the document's locale with its element count (the node's, its
// statement's, its rule's) and its spellings in other languages; an enum
// member's enum and siblings; a variable's or subroutine's slot,
// declaration and references; a rule's event and element count. It is
// Markdown when the client takes it, plain text otherwise.

import (
	"context"
	"fmt"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
)

func init() {
	register("textDocument/hover", handler(func(_ context.Context, s *Server, p *protocol.HoverParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyHover(d, p.Position)
		}
		d, off, err := s.documentAt(p.TextDocument.URI, p.Position)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		md := prefersMarkdown(s.client.TextDocument.Hover.ContentFormat)
		s.mu.Unlock()
		text, span, ok := hoverAt(d.program(), off, md)
		if !ok {
			return nil, nil // null: nothing to say here
		}
		rng, err := s.lspRange(d, span)
		if err != nil {
			return nil, err
		}
		kind := protocol.MarkupKindPlainText
		if md {
			kind = protocol.MarkupKindMarkdown
		}
		return protocol.Hover{Contents: protocol.MarkupContent{Kind: kind, Value: text}, Range: &rng}, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["hoverProvider"] = true
	})
}

// prefersMarkdown reads hover.contentFormat, the client's formats in
// order of preference; a client that states none gets plain text.
func prefersMarkdown(formats []string) bool {
	for _, f := range formats {
		switch f {
		case "markdown":
			return true
		case "plaintext":
			return false
		}
	}
	return false
}

// hoverAt describes what is at byte offset off of a program: a symbol,
// an event line, or an element or enum member of a statement. ok is false
// when there is nothing to describe.
func hoverAt(p *service.Program, off int, md bool) (string, source.Span, bool) {
	ix := p.Index()
	if ref, ok := ix.At(off); ok {
		return symbolHover(p, ref, md), ref.Span, true
	}
	script := p.Checked.Script
	for ri, r := range script.Rules {
		if off < r.Span.Start || off > r.Span.End {
			continue
		}
		if r.Event != nil {
			for _, line := range r.Event.Lines {
				if line.Ref != nil && line.Span.Start <= off && off <= line.Span.End {
					return entryHover(line.Ref, script.Locale, md), line.Span, true
				}
			}
		}
		for _, b := range []*ast.Block{r.Conditions, r.Actions} {
			if h, span, ok := blockHover(p, b, ri, b == r.Conditions, off, md); ok {
				return h, span, true
			}
		}
	}
	for _, b := range []*ast.Block{script.Conditions, script.Actions} {
		if h, span, ok := blockHover(p, b, -1, b == script.Conditions, off, md); ok {
			return h, span, true
		}
	}
	return "", source.Span{}, false
}

// blockHover describes the element or member at off in a block of rule
// ri (-1 for a payload).
func blockHover(p *service.Program, b *ast.Block, ri int, condition bool, off int, md bool) (string, source.Span, bool) {
	if b == nil || off < b.Span.Start || off > b.Span.End {
		return "", source.Span{}, false
	}
	for si, st := range b.Statements {
		if off < st.Span.Start || off > st.Span.End {
			continue
		}
		var hit *ast.Expr
		ast.Inspect(st.Body, func(e *ast.Expr) bool {
			if sp := st.SpanOf(e); off < sp.Start || off > sp.End {
				return false
			}
			if name := st.NameSpanOf(e); (e.Elem != nil || e.Member != nil) && name.Start <= off && off <= name.End {
				hit = e
			}
			return true
		})
		switch {
		case hit == nil:
		case hit.Elem != nil:
			return elementHover(p, hit, st, stmtCost(p, b, ri, si, condition), ri, md), st.NameSpanOf(hit), true
		case hit.Member != nil:
			return entryHover(hit.Member, p.Checked.Script.Locale, md), st.NameSpanOf(hit), true
		}
	}
	return "", source.Span{}, false
}

// stmtCost finds statement si of block b of rule ri in the count.
func stmtCost(p *service.Program, b *ast.Block, ri, si int, condition bool) stmtCount {
	c := p.Cost()
	var rc *cost.RuleCost
	switch {
	case ri >= 0 && ri < len(c.Rules):
		rc = &c.Rules[ri]
	case ri < 0 && c.Payload != nil:
		rc = c.Payload
	default:
		return stmtCount{-1, -1}
	}
	for _, sc := range rc.Statements {
		if sc.Statement == b.Statements[si] && sc.Condition == condition {
			return stmtCount{sc.Count, rc.Count}
		}
	}
	return stmtCount{-1, rc.Count}
}

// A hoverDoc collects the paragraphs of a hover in Markdown or plain
// text.
type hoverDoc struct {
	md    bool
	paras []string
}

func (h *hoverDoc) code(s string) {
	if h.md {
		s = "```\n" + s + "\n```"
	}
	h.paras = append(h.paras, s)
}

// line adds a paragraph of parts joined by " · ".
func (h *hoverDoc) line(parts ...string) {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	if len(keep) > 0 {
		h.paras = append(h.paras, strings.Join(keep, " · "))
	}
}

func (h *hoverDoc) bold(s string) string {
	if h.md {
		return "**" + mdEscape(s) + "**"
	}
	return s
}

func (h *hoverDoc) mono(s string) string {
	if !h.md {
		return s
	}
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

func (h *hoverDoc) plain(s string) string {
	if h.md {
		return mdEscape(s)
	}
	return s
}

func (h *hoverDoc) String() string {
	sep := "\n"
	if h.md {
		sep = "\n\n"
	}
	return strings.Join(h.paras, sep)
}

// mdEscape escapes the characters Markdown would read as markup.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// quoted writes a rule's name as the text does.
func (h *hoverDoc) quoted(name string) string { return h.plain(fmt.Sprintf("%q", name)) }

// elementHover describes an action or value node.
func elementHover(p *service.Program, e *ast.Expr, st *ast.Statement, stmt stmtCount, ri int, md bool) string {
	l := p.Checked.Script.Locale
	h := &hoverDoc{md: md}
	sig, _ := renderSignature(e.Elem, l)
	h.code(sig)
	kind := "value"
	if e.Elem.IsAction() {
		kind = "action"
	}
	var here string
	if e != st.Body || !e.Elem.IsAction() {
		here = plural(cost.Value(e, cost.Options{}), "element") + " as a value"
	}
	var inStmt, inRule string
	if stmt.stmt >= 0 {
		inStmt = "statement: " + plural(stmt.stmt, "element")
	}
	if stmt.rule >= 0 {
		if ri >= 0 {
			inRule = "rule " + h.quoted(p.Checked.Script.Rules[ri].Name) + ": " + plural(stmt.rule, "element")
		} else {
			inRule = "all: " + plural(stmt.rule, "element")
		}
	}
	h.line(h.bold(kind), here, inStmt, inRule)
	h.line(otherSpellings(h, &e.Elem.Entry, l))
	return h.String()
}

// stmtCount is a statement's and its rule's element counts (-1 unknown).
type stmtCount struct{ stmt, rule int }

// entryHover describes an enum member, an event, an event line's word or
// a hero.
func entryHover(n vocab.Named, l vocab.Locale, md bool) string {
	h := &hoverDoc{md: md}
	e := vocab.EntryOf(n)
	name := nameIn(e, l)
	switch x := n.(type) {
	case *vocab.Member:
		var colour string
		if len(x.RGBA) >= 3 {
			colour = fmt.Sprintf("colour #%02x%02x%02x", x.RGBA[0], x.RGBA[1], x.RGBA[2])
		}
		h.line(h.bold(name), "member "+h.mono(x.ID)+" of enum "+h.mono(x.Enum.ID), colour)
		if len(x.Enum.Members) <= 12 {
			h.line("members: " + h.plain(enumMembers(x.Enum, l, 12)))
		} else {
			h.line(plural(len(x.Enum.Members), "member"))
		}
	case *vocab.Event:
		h.line(h.bold(name), "event", plural(x.Lines, "line")+" in the event block")
	default:
		what := map[vocab.Kind]string{vocab.KindEventTeam: "event team", vocab.KindEventPlayer: "event player",
			vocab.KindHero: "hero"}[e.Kind]
		if what == "" {
			what = e.Kind.String()
		}
		h.line(h.bold(name), what)
	}
	h.line(otherSpellings(h, e, l))
	return h.String()
}

// maxSpellings bounds the other spellings a hover lists.
const maxSpellings = 6

// otherSpellings lists an entry's spellings in other locales, each with
// the locales that spell it so, the same spelling once.
func otherSpellings(h *hoverDoc, e *vocab.Entry, l vocab.Locale) string {
	own := e.Names[l]
	var spellings []string
	locales := map[string][]string{}
	for i, n := range e.Names {
		if n == "" || n == own {
			continue
		}
		if _, seen := locales[n]; !seen {
			spellings = append(spellings, n)
		}
		locales[n] = append(locales[n], vocab.Locale(i).String())
	}
	if len(spellings) == 0 {
		return ""
	}
	var parts []string
	for i, n := range spellings {
		if i == maxSpellings {
			parts = append(parts, fmt.Sprintf("%d more", len(spellings)-i))
			break
		}
		parts = append(parts, h.mono(n)+" "+strings.Join(locales[n], ", "))
	}
	return "in other languages: " + strings.Join(parts, " · ")
}

// symbolHover describes a variable, subroutine or rule.
func symbolHover(p *service.Program, ref index.Reference, md bool) string {
	ix := p.Index()
	sym := ix.Symbols[ref.Symbol]
	h := &hoverDoc{md: md}
	u := ix.UsageOf(sym.ID)
	declared := "declared"
	if !sym.Declared {
		declared = "default name, not declared"
	}
	switch sym.Kind {
	case index.GlobalVariable, index.PlayerVariable:
		what := "global variable"
		if sym.Kind == index.PlayerVariable {
			what = "player variable"
		}
		h.line(h.bold(what)+" "+h.mono(sym.Name), slot(sym.Slot), declared)
		h.line(counts(u.Reads, "read"), counts(u.Writes, "write"))
	case index.Subroutine:
		h.line(h.bold("subroutine")+" "+h.mono(sym.Name), slot(sym.Slot), declared)
		runBy := "no rule runs it"
		for _, r := range ix.RefsOf(sym.ID) {
			if r.Kind == index.Definition && r.Rule >= 0 {
				runBy = "run by rule " + h.quoted(p.Checked.Script.Rules[r.Rule].Name)
				break
			}
		}
		h.line(counts(u.Calls, "call"), runBy)
	case index.Rule:
		ruleHover(p, h, sym)
	}
	return h.String()
}

func ruleHover(p *service.Program, h *hoverDoc, sym index.Symbol) {
	script := p.Checked.Script
	if sym.Rule < 0 || sym.Rule >= len(script.Rules) {
		h.line(h.bold("rule") + " " + h.quoted(sym.Name))
		return
	}
	r := script.Rules[sym.Rule]
	state := ""
	if r.Disabled {
		state = "disabled"
	}
	h.line(h.bold("rule")+" "+h.quoted(r.Name), fmt.Sprintf("rule %d of %d", sym.Rule+1, len(script.Rules)), state)
	var event string
	if r.Event != nil && len(r.Event.Lines) > 0 && r.Event.Lines[0].Ref != nil {
		event = "event " + h.plain(nameIn(vocab.EntryOf(r.Event.Lines[0].Ref), script.Locale))
		if len(r.Event.Lines) > 1 && r.Event.Lines[0].Ref == vocab.Named(vocab.Default().Event("__subroutine__")) {
			event += " " + h.mono(r.Event.Lines[1].Text)
		}
	}
	c := p.Cost()
	var elements string
	if sym.Rule < len(c.Rules) {
		elements = plural(c.Rules[sym.Rule].Count, "element")
	}
	h.line(event, elements, counts(blockLen(r.Conditions), "condition"), counts(blockLen(r.Actions), "action"))
}

func blockLen(b *ast.Block) int {
	if b == nil {
		return 0
	}
	return len(b.Statements)
}

func slot(n int) string {
	if n < 0 {
		return ""
	}
	return fmt.Sprintf("slot %d", n)
}

// counts writes "3 reads", "no reads".
func counts(n int, what string) string {
	if n == 0 {
		return "no " + what + "s"
	}
	return plural(n, what)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
