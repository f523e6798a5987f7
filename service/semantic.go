package service

// This file answers the semantic queries: symbols, references, usage,
// rules, cfg and callGraph.

import (
	"errors"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Symbols lists the program's symbols; s.Kind filters by kind.
func Symbols(p *Program, s Select) (*contract.SymbolsResult, error) {
	if _, err := p.fileMatches(s.File); err != nil {
		return nil, err
	}
	var kind index.SymbolKind
	if s.Kind != "" {
		k, ok := index.ParseSymbolKind(s.Kind)
		if !ok {
			return nil, errorf("invalid-selection", "unknown symbol kind %q: expected globalVariable, playerVariable, subroutine or rule", s.Kind)
		}
		kind = k
	}
	ix := p.Index()
	var selected []index.Symbol
	for _, sym := range ix.Symbols {
		if kind == 0 || sym.Kind == kind {
			selected = append(selected, sym)
		}
	}
	// kind predates selection: alone, it filters without the selection
	// member; next to file or max it counts inside the selection.
	bounding := s
	bounding.Kind = ""
	// Bound first: only the symbols reported are converted.
	items, sel, trunc := bound(selected, bounding, len(ix.Symbols))
	out := make([]contract.Symbol, len(items))
	for i, sym := range items {
		out[i] = p.symbol(sym)
	}
	return &contract.SymbolsResult{Symbols: out, Snapshot: p.Snapshot, Selection: sel, Truncation: trunc}, nil
}

func (p *Program) symbol(sym index.Symbol) contract.Symbol {
	c := contract.Symbol{ID: sym.ID, Kind: sym.Kind.String(), Name: sym.Name, Declared: sym.Declared,
		Span: p.Range(sym.Span), References: p.Index().RefCount(sym.ID)}
	if sym.Slot >= 0 {
		slot := sym.Slot
		c.Slot = &slot
	}
	return c
}

// ResolveSymbol finds a symbol by address: NAME or KIND:NAME, or a numeric
// id, which needs the snapshot that issued it.
func (p *Program) ResolveSymbol(a contract.Address, snapshot *int) (index.Symbol, error) {
	if a.IsNumeric() {
		if err := p.checkSnapshot("symbol", a, snapshot); err != nil {
			return index.Symbol{}, err
		}
		if *a.ID >= len(p.Index().Symbols) {
			return index.Symbol{}, errorf("unknown-symbol", "no symbol has id %d in snapshot %d (ids go from 0 to %d)", *a.ID, p.Snapshot, len(p.Index().Symbols)-1)
		}
		return p.Index().Symbols[*a.ID], nil
	}
	sym, err := p.Index().ResolveSymbol(a.Name)
	var ae *index.AddressError
	if errors.As(err, &ae) {
		return sym, &Error{Code: ae.Code, Message: ae.Message, Candidates: ae.Candidates}
	}
	return sym, err
}

// ResolveRule finds a rule by address: NAME or NAME#N, or a numeric index,
// which needs the snapshot that issued it.
func (p *Program) ResolveRule(a contract.Address, snapshot *int) (int, error) {
	if a.IsNumeric() {
		if err := p.checkSnapshot("rule", a, snapshot); err != nil {
			return -1, err
		}
		if n := len(p.Checked.Script.Rules); *a.ID >= n {
			return -1, errorf("unknown-rule", "no rule has index %d in snapshot %d (the program has %d rules)", *a.ID, p.Snapshot, n)
		}
		return *a.ID, nil
	}
	i, err := p.Index().ResolveRule(a.Name)
	var ae *index.AddressError
	if errors.As(err, &ae) {
		return i, &Error{Code: ae.Code, Message: ae.Message, Candidates: ae.Candidates}
	}
	return i, err
}

// checkSnapshot refuses a numeric address without the current snapshot.
func (p *Program) checkSnapshot(what string, a contract.Address, snapshot *int) error {
	switch {
	case snapshot == nil:
		return errorf("stale-id", "%s %d is a numeric id: send the snapshot that issued it (the current snapshot is %d), or address the %s by name", what, *a.ID, p.Snapshot, what)
	case *snapshot != p.Snapshot:
		return errorf("stale-id", "%s %d comes from snapshot %d, but the program is now snapshot %d: list again, or address the %s by name", what, *a.ID, *snapshot, p.Snapshot, what)
	}
	return nil
}

// References lists the references of a symbol (NAME or KIND:NAME); s.Kind
// filters by reference kind, s.Rule by owning rule.
func References(p *Program, symbol contract.Address, s Select) (*contract.ReferencesResult, error) {
	sym, err := p.ResolveSymbol(symbol, s.Snapshot)
	if err != nil {
		return nil, err
	}
	if _, err := p.fileMatches(s.File); err != nil {
		return nil, err
	}
	var kind index.RefKind
	if s.Kind != "" {
		k, ok := index.ParseRefKind(s.Kind)
		if !ok {
			return nil, errorf("invalid-selection", "unknown reference kind %q: expected declaration, definition, read, write or call", s.Kind)
		}
		kind = k
	}
	rule := -2
	if s.Rule != nil {
		if rule, err = p.ResolveRule(*s.Rule, s.Snapshot); err != nil {
			return nil, selectionError("rule", err)
		}
	}
	var selected []index.Reference
	total := 0
	p.Index().EachRefOf(sym.ID, func(r *index.Reference) bool {
		total++
		if (kind == 0 || r.Kind == kind) && (rule == -2 || r.Rule == rule) {
			selected = append(selected, *r)
		}
		return true
	})
	items, sel, trunc := bound(selected, s, total)
	out := make([]contract.Reference, len(items))
	for i, r := range items {
		out[i] = contract.Reference{Symbol: sym.ID, Kind: r.Kind.String(), Span: p.Range(r.Span),
			Compound: r.Compound, OwningRule: p.RuleRef(r.Rule)}
	}
	return &contract.ReferencesResult{Usage: *p.usage(sym), References: out, Snapshot: p.Snapshot,
		Selection: sel, Truncation: trunc}, nil
}

// Usage counts the references of a symbol (NAME or KIND:NAME).
func Usage(p *Program, symbol contract.Address, snapshot *int) (*contract.Usage, error) {
	sym, err := p.ResolveSymbol(symbol, snapshot)
	if err != nil {
		return nil, err
	}
	return p.usage(sym), nil
}

func (p *Program) usage(sym index.Symbol) *contract.Usage {
	u := p.Index().UsageOf(sym.ID)
	return &contract.Usage{ID: sym.ID, Kind: sym.Kind.String(), Name: sym.Name, Declarations: u.Declarations,
		Definitions: u.Definitions, Reads: u.Reads, Writes: u.Writes, Calls: u.Calls, Snapshot: p.Snapshot}
}

// Rules lists the program's rules; s.Rule selects one. With s.Content each
// rule carries its rule-content-v1 document, and the list is bounded to
// DefaultLimit rules in the selection wrapper unless max says otherwise or
// all lifts the bound; a document itself is never truncated.
func Rules(p *Program, s Select) (*contract.RulesResult, error) {
	if _, err := p.fileMatches(s.File); err != nil {
		return nil, err
	}
	rules := p.Checked.Script.Rules
	var out []contract.RuleEntry
	if s.Rule != nil {
		i, err := p.ResolveRule(*s.Rule, s.Snapshot)
		if err != nil {
			return nil, err
		}
		out = append(out, p.ruleEntry(i))
	} else {
		for i := range rules {
			out = append(out, p.ruleEntry(i))
		}
	}
	if s.Content && s.Max == nil && !s.All {
		limit := DefaultLimit
		s.Max = &limit
	}
	items, sel, trunc := bound(out, s, len(rules))
	if s.Content {
		for i := range items {
			items[i].Content = p.RuleContent(items[i].ID)
		}
	}
	return &contract.RulesResult{Rules: nonNil(items), Snapshot: p.Snapshot, Selection: sel, Truncation: trunc}, nil
}

func (p *Program) ruleEntry(i int) contract.RuleEntry {
	r := p.Checked.Script.Rules[i]
	ref := p.RuleRef(i)
	return contract.RuleEntry{ID: i, Name: r.Name, Address: ref.Address, Event: eventOf(r), Disabled: r.Disabled, Span: ref.Span}
}

// eventOf names a rule's event: its catalog id, or subroutine:<name>.
func eventOf(r *ast.Rule) string {
	if r.Event == nil || len(r.Event.Lines) == 0 {
		return ""
	}
	first := r.Event.Lines[0]
	if first.Ref == nil {
		return ""
	}
	id := vocab.EntryOf(first.Ref).ID
	if id == "__subroutine__" && len(r.Event.Lines) > 1 {
		return "subroutine:" + r.Event.Lines[1].Text
	}
	return id
}

// CFG returns the control-flow graph of a rule; s.Kind filters blocks.
func CFG(p *Program, rule contract.Address, s Select) (*contract.CFGResult, error) {
	i, err := p.ResolveRule(rule, s.Snapshot)
	if err != nil {
		return nil, err
	}
	var kind flow.BlockKind
	if s.Kind != "" {
		k, ok := flow.ParseBlockKind(s.Kind)
		if !ok {
			return nil, errorf("invalid-selection", "unknown block kind %q: expected entry, exit, block, if, while or for", s.Kind)
		}
		kind = k
	}
	g := flow.Build(p.Checked.Script.Rules[i])
	var blocks []contract.CFGBlock
	for _, b := range g.Blocks {
		if kind != 0 && b.Kind != kind {
			continue
		}
		cb := contract.CFGBlock{ID: b.ID, Kind: b.Kind.String(), Actions: nonNil(b.Actions), Successors: nonNil(b.Succ)}
		if b.Kind != flow.Entry && b.Kind != flow.Exit {
			r := p.Range(b.Span)
			cb.Span = &r
		}
		blocks = append(blocks, cb)
	}
	// Blocks keep their ids, so a capped graph's successors still name
	// the full graph's blocks; truncation says how to see the rest.
	items, sel, trunc := bound(blocks, s, len(g.Blocks))
	return &contract.CFGResult{Rule: *p.RuleRef(i), Entry: g.Entry, Exit: g.Exit, Blocks: nonNil(items),
		Dynamic: g.Dynamic, Selection: sel, Truncation: trunc}, nil
}

// CallGraph lists the subroutine calls; s.Caller and s.Callee filter.
func CallGraph(p *Program, s Select) (*contract.CallGraphResult, error) {
	caller := -2
	if s.Caller != nil {
		i, err := p.ResolveRule(*s.Caller, s.Snapshot)
		if err != nil {
			return nil, selectionError("caller", err)
		}
		caller = i
	}
	if s.Callee != "" {
		if _, ok := p.Index().Find(index.Subroutine, s.Callee); !ok {
			return nil, errorf("invalid-selection", "callee %q is not a subroutine of the program", s.Callee)
		}
	}
	edges := flow.CallGraph(p.Checked.Script)
	var out []contract.CallEdge
	for _, e := range edges {
		if caller != -2 && e.Caller != caller || s.Callee != "" && e.Callee != s.Callee {
			continue
		}
		ce := contract.CallEdge{Callee: e.Callee, Kind: e.Kind.String(), Action: e.Action,
			Span: p.Range(e.Span), Disabled: e.Disabled}
		if e.Caller >= 0 {
			ce.Caller = p.Checked.Script.Rules[e.Caller].Name
			ce.CallerAddress = p.Index().RuleAddress(e.Caller)
		}
		out = append(out, ce)
	}
	items, sel, trunc := bound(out, s, len(edges))
	return &contract.CallGraphResult{Edges: nonNil(items), Selection: sel, Truncation: trunc}, nil
}

// selectionError turns an address error of a selection filter into
// invalid-selection; an ambiguous address and a stale id keep their codes.
func selectionError(field string, err error) error {
	var e *Error
	if errors.As(err, &e) && (e.Code == "ambiguous-rule" || e.Code == "stale-id") {
		return err
	}
	return errorf("invalid-selection", "%s: %s", field, err.Error())
}

// nonNil returns an empty slice for nil, so that JSON shows [] not null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
