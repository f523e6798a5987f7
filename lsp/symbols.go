package lsp

// This file answers textDocument/documentSymbol (the outline: settings,
// variables, subroutines, rules) and workspace/symbol (rules, subroutines
// and declared variables of every document the server knows).

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// maxWorkspaceSymbols caps a workspace/symbol answer. The best matches
// are kept, in a fixed order, so the same query gives the same list.
const maxWorkspaceSymbols = 500

// LSP symbol kinds (SymbolKind).
const (
	symNamespace = 3
	symProperty  = 7
	symFunction  = 12
	symVariable  = 13
	symEvent     = 24
)

// documentSymbol is LSP's DocumentSymbol.
type documentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          protocol.Range   `json:"range"`
	SelectionRange protocol.Range   `json:"selectionRange"`
	Children       []documentSymbol `json:"children,omitempty"`
}

// symbolInformation is LSP's SymbolInformation, the flat form.
type symbolInformation struct {
	Name          string            `json:"name"`
	Kind          int               `json:"kind"`
	Location      protocol.Location `json:"location"`
	ContainerName string            `json:"containerName,omitempty"`
}

func init() {
	register("textDocument/documentSymbol", handler(func(_ context.Context, s *Server, p *protocol.DocumentSymbolParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyDocumentSymbols(d), nil
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		tree := s.outline(d)
		s.mu.Lock()
		hierarchical := s.client.TextDocument.DocumentSymbol.HierarchicalDocumentSymbolSupport
		s.mu.Unlock()
		if hierarchical {
			return tree, nil
		}
		flat := []symbolInformation{}
		var walk func(parent string, list []documentSymbol)
		walk = func(parent string, list []documentSymbol) {
			for _, ds := range list {
				flat = append(flat, symbolInformation{Name: ds.Name, Kind: ds.Kind, ContainerName: parent,
					Location: protocol.Location{URI: d.uri, Range: ds.Range}})
				walk(ds.Name, ds.Children)
			}
		}
		walk("", tree)
		return flat, nil
	}))
	register("workspace/symbol", handler(func(ctx context.Context, s *Server, p *protocol.WorkspaceSymbolParams) (any, error) {
		return s.workspaceSymbols(ctx, p.Query)
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["documentSymbolProvider"] = true
		caps["workspaceSymbolProvider"] = true
	})
}

// outline builds the document's symbol tree: the settings block with its
// groups and settings, the variables block with its global and player
// variables, the subroutines block, each rule (its event as detail, its
// conditions and actions blocks as children), and the blocks of an
// actions-only or conditions-only payload. Never nil.
func (s *Server) outline(d *document) []documentSymbol {
	sc := d.program().Checked.Script
	text := d.text
	out := []documentSymbol{}
	add := func(list *[]documentSymbol, ds documentSymbol, ok bool) {
		if ok {
			*list = append(*list, ds)
		}
	}
	if st := sc.Settings; st != nil {
		ds, ok := s.outlineSymbol(d, docSpanText(text, st.KeywordSpan), "", symNamespace, st.Span, st.KeywordSpan)
		ds.Children = s.settingsSymbols(d, st.Items)
		add(&out, ds, ok)
	}
	if v := sc.Variables; v != nil {
		kw := wordSpanAt(text, v.Span.Start)
		ds, ok := s.outlineSymbol(d, docSpanText(text, kw), "", symNamespace, v.Span, kw)
		for _, sec := range []struct {
			vs    *ast.VarSection
			scope string
		}{{v.Global, "global"}, {v.Player, "player"}} {
			if sec.vs == nil {
				continue
			}
			skw := wordSpanAt(text, sec.vs.Span.Start)
			child, ok := s.outlineSymbol(d, docSpanText(text, skw), strconv.Itoa(len(sec.vs.Decls))+" variables", symNamespace, sec.vs.Span, skw)
			for _, decl := range sec.vs.Decls {
				vd, ok := s.outlineSymbol(d, decl.Name, sec.scope+" "+strconv.Itoa(decl.Index), symVariable, decl.Span, decl.NameSpan)
				add(&child.Children, vd, ok)
			}
			add(&ds.Children, child, ok)
		}
		add(&out, ds, ok)
	}
	if sub := sc.Subroutines; sub != nil {
		kw := wordSpanAt(text, sub.Span.Start)
		ds, ok := s.outlineSymbol(d, docSpanText(text, kw), "", symNamespace, sub.Span, kw)
		for _, decl := range sub.Decls {
			sd, ok := s.outlineSymbol(d, decl.Name, "subroutine "+strconv.Itoa(decl.Index), symFunction, decl.Span, decl.NameSpan)
			add(&ds.Children, sd, ok)
		}
		add(&out, ds, ok)
	}
	for _, r := range sc.Rules {
		ds, ok := s.ruleSymbol(d, r)
		add(&out, ds, ok)
	}
	for _, b := range []struct {
		block *ast.Block
		what  string
	}{{sc.Conditions, "conditions"}, {sc.Actions, "actions"}} {
		if b.block != nil {
			ds, ok := s.blockSymbol(d, b.block, b.what)
			add(&out, ds, ok)
		}
	}
	return out
}

// ruleSymbol is a rule: named by its name, detailed by its event lines,
// with its conditions and actions blocks as children.
func (s *Server) ruleSymbol(d *document, r *ast.Rule) (documentSymbol, bool) {
	name := r.Name
	if strings.TrimSpace(name) == "" {
		name = `rule("")`
	}
	var detail []string
	if r.Event != nil {
		for _, l := range r.Event.Lines {
			detail = append(detail, l.Text)
		}
	}
	det := strings.Join(detail, "; ")
	if r.Disabled {
		det = strings.TrimSpace(docSpanText(d.text, r.DisabledSpan) + " " + det)
	}
	ds, ok := s.outlineSymbol(d, name, det, symEvent, r.Span, r.NameSpan)
	if r.Conditions != nil {
		c, cok := s.blockSymbol(d, r.Conditions, "conditions")
		if cok {
			ds.Children = append(ds.Children, c)
		}
	}
	if r.Actions != nil {
		a, aok := s.blockSymbol(d, r.Actions, "actions")
		if aok {
			ds.Children = append(ds.Children, a)
		}
	}
	return ds, ok
}

// blockSymbol is a conditions or actions block, with its statement count.
func (s *Server) blockSymbol(d *document, b *ast.Block, what string) (documentSymbol, bool) {
	n := len(b.Statements)
	detail := strconv.Itoa(n) + " " + what
	if n == 1 {
		detail = "1 " + strings.TrimSuffix(what, "s")
	}
	return s.outlineSymbol(d, docSpanText(d.text, b.KeywordSpan), detail, symNamespace, b.Span, b.KeywordSpan)
}

// settingsSymbols lists the groups (with their children) and settings of
// the settings block. Bare words (the maps and heroes a list enables) are
// left out: they would bury the settings that matter.
func (s *Server) settingsSymbols(d *document, items []*ast.SettingsItem) []documentSymbol {
	var out []documentSymbol
	for _, it := range items {
		switch it.Kind {
		case ast.SettingsGroup:
			ds, ok := s.outlineSymbol(d, it.Key, "", symNamespace, it.Span, it.KeySpan)
			ds.Children = s.settingsSymbols(d, it.Children)
			if ok {
				out = append(out, ds)
			}
		case ast.SettingsPair:
			if ds, ok := s.outlineSymbol(d, it.Key, it.Value, symProperty, it.Span, it.KeySpan); ok {
				out = append(out, ds)
			}
		}
	}
	return out
}

// outlineSymbol makes a document symbol; ok is false when a span does not map
// (it never should) or the name is blank. A selection outside the range
// is narrowed to the range's start.
func (s *Server) outlineSymbol(d *document, name, detail string, kind int, span, sel source.Span) (documentSymbol, bool) {
	if strings.TrimSpace(name) == "" {
		return documentSymbol{}, false
	}
	if sel.Start < span.Start || sel.End > span.End || sel.End < sel.Start {
		sel = source.Span{Start: span.Start, End: span.Start}
	}
	rng, err := s.lspRange(d, span)
	if err != nil {
		return documentSymbol{}, false
	}
	selRng, err := s.lspRange(d, sel)
	if err != nil {
		return documentSymbol{}, false
	}
	return documentSymbol{Name: name, Detail: detail, Kind: kind, Range: rng, SelectionRange: selRng}, true
}

// wordSpanAt returns the span of the word starting at off: up to white
// space, '{' or ':' (variables, global:, player:, subroutines).
func wordSpanAt(text string, off int) source.Span {
	if off < 0 || off > len(text) {
		return source.Span{}
	}
	end := off
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '{' || r == ':' {
			break
		}
		end += size
	}
	return source.Span{Start: off, End: end}
}

// docSpanText returns the text a span covers, or "" for a span outside it.
func docSpanText(text string, sp source.Span) string {
	if sp.Start < 0 || sp.End > len(text) || sp.End < sp.Start {
		return ""
	}
	return text[sp.Start:sp.End]
}

// A workspaceEntry is one symbol of a document as workspace/symbol lists
// it: its answer, already positioned, and its name in lower case.
type workspaceEntry struct {
	info  symbolInformation
	lower string
	start int
}

// A workspaceHit is one workspace symbol a query matches, with its score.
type workspaceHit struct {
	score int
	e     *workspaceEntry
}

// workspaceSymbols finds the rules, subroutines and declared variables of
// every document whose name matches query: an exact match ranks first,
// then a prefix, a substring, and the query's characters in order, each
// ignoring case; ties go by name, URI and position. It reads each
// document's entries, built once per document version, so a query is a
// pass over names, not an analysis of the workspace.
func (s *Server) workspaceSymbols(ctx context.Context, query string) ([]symbolInformation, error) {
	q := strings.ToLower(strings.TrimSpace(query))
	var hits []workspaceHit
	s.waitIndexed(ctx)
	for _, d := range s.docs.all() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		entries := s.workspaceEntries(d)
		for i := range entries {
			if score := symbolMatchScore(entries[i].lower, q); score > 0 {
				hits = append(hits, workspaceHit{score: score, e: &entries[i]})
			}
		}
	}
	hits = bestHits(hits, maxWorkspaceSymbols)
	out := make([]symbolInformation, 0, len(hits))
	for _, h := range hits {
		out = append(out, h.e.info)
	}
	return out, nil
}

// compareHits orders hits best first: by score, then name, URI and
// position.
func compareHits(a, b workspaceHit) int {
	return cmp.Or(b.score-a.score, cmp.Compare(a.e.info.Name, b.e.info.Name),
		cmp.Compare(a.e.info.Location.URI, b.e.info.Location.URI), a.e.start-b.e.start)
}

// bestHits returns the n best hits in order. A one-letter query matches
// most of a workspace's symbols; sorting them all to answer the first
// n cost more than the rest of the request, so the hits beyond n are
// dropped through a bounded heap whose root is the worst hit kept.
func bestHits(hits []workspaceHit, n int) []workspaceHit {
	if len(hits) <= n {
		slices.SortFunc(hits, compareHits)
		return hits
	}
	heap := slices.Clone(hits[:n])
	worse := func(i, j int) bool { return compareHits(heap[i], heap[j]) > 0 }
	down := func(i int) {
		for {
			l, w := 2*i+1, i
			if l < len(heap) && worse(l, w) {
				w = l
			}
			if r := l + 1; r < len(heap) && worse(r, w) {
				w = r
			}
			if w == i {
				return
			}
			heap[i], heap[w] = heap[w], heap[i]
			i = w
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i)
	}
	for _, h := range hits[n:] {
		if compareHits(h, heap[0]) < 0 {
			heap[0] = h
			down(0)
		}
	}
	slices.SortFunc(heap, compareHits)
	return heap
}

// workspaceEntries returns a document's workspace symbols, building them
// on first use: a document never changes (an edit makes a new one), and
// the position encoding is fixed at initialize.
func (s *Server) workspaceEntries(d *document) []workspaceEntry {
	d.symbolsOnce.Do(func() { d.symbols = s.buildWorkspaceEntries(d) })
	return d.symbols
}

func (s *Server) buildWorkspaceEntries(d *document) []workspaceEntry {
	var out []workspaceEntry
	if d.overpy {
		// Its declarations and rules, at OverPy positions.
		for _, sym := range s.overpyDocumentSymbols(d) {
			container := ""
			if sym.Detail != nil {
				container = *sym.Detail
			}
			start, _ := d.mapper.PositionOffset(position(sym.SelectionRange.Start), s.encoding())
			out = append(out, workspaceEntry{lower: strings.ToLower(sym.Name), start: start, info: symbolInformation{
				Name: sym.Name, Kind: int(sym.Kind), ContainerName: container, Location: protocol.Location{URI: d.uri, Range: sym.SelectionRange}}})
		}
		return out
	}
	for _, sym := range d.program().Index().Symbols {
		kind, container := symbolKindOf(sym)
		if kind == 0 || (sym.Kind != index.Rule && !sym.Declared) {
			continue
		}
		rng, err := s.lspRange(d, sym.Span)
		if err != nil {
			continue
		}
		name := sym.Name
		if strings.TrimSpace(name) == "" {
			name = `rule("")`
		}
		out = append(out, workspaceEntry{lower: strings.ToLower(sym.Name), start: sym.Span.Start, info: symbolInformation{
			Name: name, Kind: kind, ContainerName: container, Location: protocol.Location{URI: d.uri, Range: rng}}})
	}
	return out
}

// symbolKindOf returns the LSP kind and container name of an index
// symbol; 0 for a kind the workspace list leaves out.
func symbolKindOf(sym index.Symbol) (int, string) {
	switch sym.Kind {
	case index.GlobalVariable:
		return symVariable, "global variables"
	case index.PlayerVariable:
		return symVariable, "player variables"
	case index.Subroutine:
		return symFunction, "subroutines"
	case index.Rule:
		return symEvent, "rules"
	}
	return 0, ""
}

// symbolMatchScore rates name (lower-cased) against query (lower-cased): 4 for
// equal, 3 for a prefix, 2 for a substring, 1 when the query's characters
// appear in order, 0 for no match. An empty query matches everything.
func symbolMatchScore(name, query string) int {
	switch {
	case query == "":
		return 1
	case name == query:
		return 4
	case strings.HasPrefix(name, query):
		return 3
	case strings.Contains(name, query):
		return 2
	}
	rest := name
	for _, r := range query {
		i := strings.IndexRune(rest, r)
		if i < 0 {
			return 0
		}
		_, size := utf8.DecodeRuneInString(rest[i:])
		rest = rest[i+size:]
	}
	return 1
}
