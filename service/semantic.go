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
	var out []contract.Symbol
	for _, sym := range ix.Symbols {
		if kind != 0 && sym.Kind != kind {
			continue
		}
		out = append(out, p.symbol(sym))
	}
	items, sel, trunc := bound(out, s, len(ix.Symbols))
	return &contract.SymbolsResult{Symbols: nonNil(items), Snapshot: p.Snapshot, Selection: sel, Truncation: trunc}, nil
}

func (p *Program) symbol(sym index.Symbol) contract.Symbol {
	c := contract.Symbol{ID: sym.ID, Kind: sym.Kind.String(), Name: sym.Name, Declared: sym.Declared,
		Span: p.Range(sym.Span), References: len(p.Index().RefsOf(sym.ID))}
	if sym.Slot >= 0 {
		slot := sym.Slot
		c.Slot = &slot
	}
	return c
}

// resolveSymbol finds a symbol by address, translating index errors.
func (p *Program) resolveSymbol(addr string) (index.Symbol, error) {
	sym, err := p.Index().ResolveSymbol(addr)
	var ae *index.AddressError
	if errors.As(err, &ae) {
		return sym, &Error{Code: ae.Code, Message: ae.Message}
	}
	return sym, err
}

// resolveRule finds a rule by address, translating index errors.
func (p *Program) resolveRule(addr string) (int, error) {
	i, err := p.Index().ResolveRule(addr)
	var ae *index.AddressError
	if errors.As(err, &ae) {
		return i, &Error{Code: ae.Code, Message: ae.Message}
	}
	return i, err
}

// References lists the references of a symbol (NAME or KIND:NAME); s.Kind
// filters by reference kind, s.Rule by owning rule.
func References(p *Program, symbol string, s Select) (*contract.ReferencesResult, error) {
	sym, err := p.resolveSymbol(symbol)
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
	if s.Rule != "" {
		if rule, err = p.resolveRule(s.Rule); err != nil {
			return nil, errorf("invalid-selection", "rule selection: %s", err.Error())
		}
	}
	refs := p.Index().RefsOf(sym.ID)
	var out []contract.Reference
	for _, r := range refs {
		if kind != 0 && r.Kind != kind || rule != -2 && r.Rule != rule {
			continue
		}
		out = append(out, contract.Reference{Symbol: sym.ID, Kind: r.Kind.String(), Span: p.Range(r.Span),
			Compound: r.Compound, OwningRule: p.RuleRef(r.Rule)})
	}
	items, sel, trunc := bound(out, s, len(refs))
	return &contract.ReferencesResult{Usage: *p.usage(sym), References: nonNil(items), Snapshot: p.Snapshot,
		Selection: sel, Truncation: trunc}, nil
}

// Usage counts the references of a symbol (NAME or KIND:NAME).
func Usage(p *Program, symbol string) (*contract.Usage, error) {
	sym, err := p.resolveSymbol(symbol)
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

// Rules lists the program's rules; s.Rule selects one.
func Rules(p *Program, s Select) (*contract.RulesResult, error) {
	if _, err := p.fileMatches(s.File); err != nil {
		return nil, err
	}
	rules := p.Checked.Script.Rules
	var out []contract.RuleEntry
	if s.Rule != "" {
		i, err := p.resolveRule(s.Rule)
		if err != nil {
			return nil, err
		}
		out = append(out, p.ruleEntry(i))
	} else {
		for i := range rules {
			out = append(out, p.ruleEntry(i))
		}
	}
	items, sel, trunc := bound(out, s, len(rules))
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
func CFG(p *Program, rule string, s Select) (*contract.CFGResult, error) {
	i, err := p.resolveRule(rule)
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
	s.All = true // graphs are not capped: a partial graph is not a graph
	items, sel, _ := bound(blocks, s, len(g.Blocks))
	return &contract.CFGResult{Rule: *p.RuleRef(i), Entry: g.Entry, Exit: g.Exit, Blocks: nonNil(items),
		Dynamic: g.Dynamic, Selection: sel}, nil
}

// CallGraph lists the subroutine calls; s.Caller and s.Callee filter.
func CallGraph(p *Program, s Select) (*contract.CallGraphResult, error) {
	caller := -2
	if s.Caller != "" {
		i, err := p.resolveRule(s.Caller)
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Code == "ambiguous-rule" {
				return nil, err
			}
			return nil, errorf("invalid-selection", "caller: %s", err.Error())
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
		ce := contract.CallEdge{Caller: e.Caller, Callee: e.Callee, Kind: e.Kind.String(), Action: e.Action,
			Span: p.Range(e.Span), Disabled: e.Disabled}
		if e.Caller >= 0 {
			ce.CallerAddress = p.Index().RuleAddress(e.Caller)
		}
		out = append(out, ce)
	}
	items, sel, trunc := bound(out, s, len(edges))
	return &contract.CallGraphResult{Edges: nonNil(items), Selection: sel, Truncation: trunc}, nil
}

// nonNil returns an empty slice for nil, so that JSON shows [] not null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
