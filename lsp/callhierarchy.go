package lsp

// This file answers the call hierarchy: textDocument/prepareCallHierarchy,
// callHierarchy/incomingCalls and callHierarchy/outgoingCalls, over the
// subroutine call graph (flow.CallGraph: Call Subroutine and Start Rule).
//
// An item is a rule: a subroutine is the rule its event names (the first,
// when several do), or, when no rule defines it, its declaration. Prepare
// on a subroutine's name (declared, called, started or named in an event)
// gives the subroutine; anywhere else in a rule, that rule, whose
// outgoing calls are its Call Subroutines and Start Rules. In an OverPy
// document the items and calls are the compiled program's, placed at the
// .opy text through the source map, and prepare gives the rule or def
// around the position.

import (
	"context"
	"encoding/json"
	"strconv"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// hierarchyData is an item's data: the rule, or the subroutine that no
// rule defines.
type hierarchyData struct {
	Rule *int   `json:"rule,omitempty"`
	Sub  string `json:"sub,omitempty"`
}

func init() {
	register("textDocument/prepareCallHierarchy", handler(func(_ context.Context, s *Server, p *protocol.CallHierarchyPrepareParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			// OverPy: the rule or def the position is in, the last whose
			// header (what the source map gives of a rule) starts at or
			// before it.
			best, at := -1, protocol.Position{}
			for i, r := range d.program().Checked.Script.Rules {
				rng, ok := s.programRange(d, r.Span)
				if ok && !positionBefore(p.Position, rng.Start) && (best < 0 || positionBefore(at, rng.Start)) {
					best, at = i, rng.Start
				}
			}
			if best >= 0 {
				if it, ok := s.ruleItem(d, best); ok {
					return []protocol.CallHierarchyItem{it}, nil
				}
			}
			return nil, nil
		}
		d, off, err := s.documentAt(p.TextDocument.URI, p.Position)
		if err != nil {
			return nil, err
		}
		sc := d.program().Checked.Script
		if ref, ok := d.program().Index().At(off); ok {
			sym := d.program().Index().Symbols[ref.Symbol]
			if sym.Kind == index.Subroutine {
				if it, ok := s.subroutineItem(d, sym.Name); ok {
					return []protocol.CallHierarchyItem{it}, nil
				}
			}
		}
		for i, r := range sc.Rules {
			if r.Span.Start <= off && off <= r.Span.End {
				if it, ok := s.ruleItem(d, i); ok {
					return []protocol.CallHierarchyItem{it}, nil
				}
			}
		}
		return nil, nil
	}))
	register("callHierarchy/incomingCalls", handler(func(_ context.Context, s *Server, p *protocol.CallHierarchyIncomingCallsParams) (any, error) {
		d, sub, _, ok, err := s.hierarchyItem(p.Item)
		if err != nil || !ok || sub == "" {
			return []protocol.CallHierarchyIncomingCall{}, err
		}
		sc := d.program().Checked.Script
		out := []protocol.CallHierarchyIncomingCall{}
		at := map[int]int{} // caller rule → its place in out
		for _, e := range flow.CallGraph(sc) {
			if e.Callee != sub || e.Caller < 0 {
				continue
			}
			rng, ok := s.callRange(d, sc, e)
			if !ok {
				continue
			}
			if i, seen := at[e.Caller]; seen {
				out[i].FromRanges = append(out[i].FromRanges, rng)
				continue
			}
			from, ok := s.ruleItem(d, e.Caller)
			if !ok {
				continue
			}
			at[e.Caller] = len(out)
			out = append(out, protocol.CallHierarchyIncomingCall{From: from, FromRanges: []protocol.Range{rng}})
		}
		return out, nil
	}))
	register("callHierarchy/outgoingCalls", handler(func(_ context.Context, s *Server, p *protocol.CallHierarchyOutgoingCallsParams) (any, error) {
		d, _, rule, ok, err := s.hierarchyItem(p.Item)
		if err != nil || !ok || rule < 0 {
			return []protocol.CallHierarchyOutgoingCall{}, err
		}
		sc := d.program().Checked.Script
		out := []protocol.CallHierarchyOutgoingCall{}
		at := map[string]int{} // callee → its place in out
		for _, e := range flow.CallGraph(sc) {
			if e.Caller != rule {
				continue
			}
			rng, ok := s.callRange(d, sc, e)
			if !ok {
				continue
			}
			if i, seen := at[e.Callee]; seen {
				out[i].FromRanges = append(out[i].FromRanges, rng)
				continue
			}
			to, ok := s.subroutineItem(d, e.Callee)
			if !ok {
				continue
			}
			at[e.Callee] = len(out)
			out = append(out, protocol.CallHierarchyOutgoingCall{To: to, FromRanges: []protocol.Range{rng}})
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["callHierarchyProvider"] = true
	})
}

// ruleItem is the item of rule i: a function for a subroutine's rule, an
// event otherwise, named by the rule, its detail the subroutine or the
// event.
func (s *Server) ruleItem(d *document, i int) (protocol.CallHierarchyItem, bool) {
	r := d.program().Checked.Script.Rules[i]
	rng, ok := s.programRange(d, r.Span)
	if !ok {
		return protocol.CallHierarchyItem{}, false
	}
	sel := r.NameSpan
	if sel.End <= sel.Start {
		sel = r.KeywordSpan
	}
	selRng, ok := s.programRange(d, sel)
	if !ok || !rangeHolds(rng, selRng.Start) || !rangeHolds(rng, selRng.End) {
		selRng = protocol.Range{Start: rng.Start, End: rng.Start}
	}
	kind, detail := protocol.SymbolKindEvent, ruleEvent(d.program().File.Text, r)
	if sub := r.Subroutine(); sub != "" {
		kind, detail = protocol.SymbolKindFunction, "subroutine "+sub
	}
	if r.Disabled {
		detail = "disabled · " + detail
	}
	name := r.Name
	if name == "" {
		name = "rule " + strconv.Itoa(i)
	}
	data, _ := json.Marshal(hierarchyData{Rule: &i})
	return protocol.CallHierarchyItem{Name: name, Kind: kind, Detail: &detail, URI: d.uri, Range: rng, SelectionRange: selRng, Data: json.RawMessage(data)}, true
}

// subroutineItem is the item of a subroutine: the first rule that runs
// it, else its declaration.
func (s *Server) subroutineItem(d *document, name string) (protocol.CallHierarchyItem, bool) {
	sc := d.program().Checked.Script
	if rules := flow.SubroutineRules(sc)[name]; len(rules) > 0 {
		return s.ruleItem(d, rules[0])
	}
	sym, ok := d.program().Index().Find(index.Subroutine, name)
	if !ok {
		return protocol.CallHierarchyItem{}, false
	}
	rng, ok := s.programRange(d, sym.Span)
	if !ok {
		return protocol.CallHierarchyItem{}, false
	}
	detail := "subroutine · no rule defines it"
	data, _ := json.Marshal(hierarchyData{Sub: name})
	return protocol.CallHierarchyItem{Name: name, Kind: protocol.SymbolKindFunction, Detail: &detail, URI: d.uri, Range: rng, SelectionRange: rng, Data: json.RawMessage(data)}, true
}

// hierarchyItem reads an item back against the document as it is now:
// its subroutine (the rule's, or the undefined one's; "" for a rule that
// is not a subroutine) and its rule (-1 for an undefined subroutine). ok
// is false for an item the document no longer has.
func (s *Server) hierarchyItem(it protocol.CallHierarchyItem) (d *document, sub string, rule int, ok bool, err error) {
	if d = s.docs.getOrLoad(it.URI); d == nil || d.tooLarge {
		return nil, "", -1, false, nil
	}
	raw, _ := json.Marshal(it.Data)
	var data hierarchyData
	if json.Unmarshal(raw, &data) != nil {
		return d, "", -1, false, nil
	}
	rules := d.program().Checked.Script.Rules
	switch {
	case data.Rule != nil && *data.Rule >= 0 && *data.Rule < len(rules):
		return d, rules[*data.Rule].Subroutine(), *data.Rule, true, nil
	case data.Sub != "":
		return d, data.Sub, -1, true, nil
	}
	return d, "", -1, false, nil
}

// callRange is the range of the subroutine's name in a call.
func (s *Server) callRange(d *document, sc *ast.Script, e flow.CallEdge) (protocol.Range, bool) {
	span := e.Span
	if st := sc.Rules[e.Caller].Actions.Statements[e.Action]; st.Body != nil && len(st.Body.Args) > 0 {
		span = st.SpanOf(st.Body.Args[0])
	}
	return s.programRange(d, span)
}

// programRange converts a span of d's program to a range in d: as it is
// for Workshop, through the source map for OverPy (false for text of
// another file, or generated).
func (s *Server) programRange(d *document, span source.Span) (protocol.Range, bool) {
	if !d.overpy {
		rng, err := s.lspRange(d, span)
		return rng, err == nil
	}
	res := d.program().OverPy()
	l, ok := res.Map.Lookup(span)
	if !ok || !sameFile(res.Program.Files[l.File].Path, d.path) {
		return protocol.Range{}, false
	}
	loc, ok := s.overpyLocation(overpyPoint{d: d, res: res}, l)
	return loc.Range, ok
}

// rangeHolds reports whether rng holds pos, its end included.
func rangeHolds(rng protocol.Range, pos protocol.Position) bool {
	return !positionBefore(pos, rng.Start) && !positionBefore(rng.End, pos)
}

// positionBefore reports whether a comes strictly before b.
func positionBefore(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// ruleEvent is the text of a rule's event line ("Ongoing - Global") in
// the program's text.
func ruleEvent(text string, r *ast.Rule) string {
	if r.Event != nil {
		for _, l := range r.Event.Lines {
			if l.Kind == ast.EventLineEvent && l.Span.End <= len(text) {
				return text[l.Span.Start:l.Span.End]
			}
		}
	}
	return "rule"
}
