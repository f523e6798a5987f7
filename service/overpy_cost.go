package service

import (
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

// An OverPyCost is the element count of an OverPy statement: the lowered
// actions and conditions that came from it, and the rule holding them.
type OverPyCost struct {
	// Statement is the OverPy statement's text; Elements its lowered
	// statements' count.
	Statement opy.Loc
	Elements  int
	// Rule is the lowered rule's name and RuleElements its count.
	Rule         string
	RuleElements int
}

// OverPyCostAt returns the count of the innermost OverPy statement (an
// action's line, a condition's annotation) at byte off of the program's
// file, ok false when no lowered statement comes from one there.
func (p *Program) OverPyCostAt(file, off int) (OverPyCost, bool) {
	res := p.OverPy()
	if res == nil {
		return OverPyCost{}, false
	}
	var best OverPyCost
	found := false
	for _, rc := range p.Cost().Rules {
		for _, sc := range rc.Statements {
			l, ok := res.Map.Lookup(sc.Statement.Span)
			if !ok || l.File != file || off < l.Start || off > l.End {
				continue
			}
			switch {
			case !found || l.End-l.Start < best.Statement.End-best.Statement.Start:
				best = OverPyCost{Statement: l, Elements: sc.Count, Rule: rc.Rule.Name, RuleElements: rc.Count}
				found = true
			case l == best.Statement:
				// One statement lowered to several (a block's End, a
				// macro's actions): they add up.
				best.Elements += sc.Count
			}
		}
	}
	return best, found
}
