package service

// This file answers the overview and the essential analysis.

import (
	"cmp"
	"slices"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// Overview summarizes the program.
func Overview(p *Program) contract.Overview {
	s := p.Checked.Script
	o := contract.Overview{Path: p.File.Path, Locale: s.Locale.String(), Rules: len(s.Rules),
		Errors: p.ErrorCount(), Warnings: p.WarningCount()}
	for _, r := range s.Rules {
		if r.Disabled {
			o.DisabledRules++
		}
		if r.Conditions != nil {
			o.Conditions += len(r.Conditions.Statements)
		}
		if r.Actions != nil {
			o.Actions += len(r.Actions.Statements)
		}
	}
	o.GlobalVariables = len(s.Variables.GlobalDecls())
	o.PlayerVariables = len(s.Variables.PlayerDecls())
	if s.Subroutines != nil {
		o.Subroutines = len(s.Subroutines.Decls)
	}
	return o
}

// top is how many entries each ranked list of the analysis keeps.
const top = 5

// Analyze reports the essential analysis: the overview, the element count
// with the costliest rules, the most complex condition trees, the most
// severe findings (the risks, which s selects) and the most used
// variables.
func Analyze(p *Program, cfg *lint.Config, s Select) (*contract.AnalyzeResult, error) {
	out := &contract.AnalyzeResult{Program: Overview(p), Snapshot: p.Snapshot,
		Complexity: []contract.ConditionTree{}, Risks: []contract.CompactFinding{}, TopVariables: []contract.VariableUse{}}
	c := p.Cost()
	out.Cost = contract.ElementCount{Total: c.Total, Budget: c.Budget, Rules: []contract.RuleElements{}}
	ranked := c.Ranked()
	for i, rc := range ranked {
		if i == top {
			break
		}
		out.Cost.Rules = append(out.Cost.Rules, p.ruleElements(rc))
	}
	out.Cost.Truncation = ranking(len(ranked), top, "costEstimate with all: true (CLI wright-lsp inspect cost --all) ranks every rule")
	var trees []contract.ConditionTree
	for i, r := range p.Checked.Script.Rules {
		if t := flow.Conditions(r); t != nil {
			trees = append(trees, contract.ConditionTree{RuleAddress: p.Index().RuleAddress(i), Conditions: len(t.Children),
				Leaves: t.Leaves(), Depth: t.Depth(), Span: p.Range(t.Span)})
		}
	}
	slices.SortStableFunc(trees, func(a, b contract.ConditionTree) int {
		return cmp.Or(cmp.Compare(b.Leaves, a.Leaves), cmp.Compare(b.Depth, a.Depth))
	})
	out.Complexity = append(out.Complexity, trees[:min(topTrees, len(trees))]...)
	out.ComplexityTruncation = ranking(len(trees), topTrees, "the other rules' condition trees are not ranked; cfg shows a rule's control flow")
	if cfg == nil {
		cfg = &lint.Config{}
	}
	res := p.Lint(cfg)
	severest := *res
	severest.Findings = slices.Clone(res.Findings)
	slices.SortStableFunc(severest.Findings, func(a, b lint.Finding) int { return cmp.Compare(a.Severity, b.Severity) })
	applied := s.applied()
	if s.Max == nil {
		n := top
		s.Max = &n
	}
	s.All = true
	risks, sel, _, err := p.selectFindings(&severest, cfg, s)
	if err != nil {
		return nil, err
	}
	for _, f := range risks {
		out.Risks = append(out.Risks, compact(f))
	}
	if applied {
		out.Selection = sel
	} else if sel != nil {
		out.RisksTruncation = ranking(len(risks)+sel.Withheld, len(risks), "lint (CLI wright-lsp lint --all) lists every finding")
	}
	var vars []contract.VariableUse
	for _, sym := range p.Index().Symbols {
		if sym.Kind != index.GlobalVariable && sym.Kind != index.PlayerVariable {
			continue
		}
		u := p.Index().UsageOf(sym.ID)
		vars = append(vars, contract.VariableUse{Kind: sym.Kind.String(), Name: sym.Name, Reads: u.Reads, Writes: u.Writes})
	}
	slices.SortStableFunc(vars, func(a, b contract.VariableUse) int { return cmp.Compare(b.Reads+b.Writes, a.Reads+a.Writes) })
	out.TopVariables = append(out.TopVariables, vars[:min(top, len(vars))]...)
	out.TopVariablesTruncation = ranking(len(vars), top, "symbols lists every variable with its reference count")
	return out, nil
}

// topTrees is how many condition trees the analysis ranks.
const topTrees = 3

// ranking is the truncation of a ranked list of total entries keeping
// the first kept, or nil when it keeps them all.
func ranking(total, kept int, expand string) *contract.Truncation {
	if total <= kept {
		return nil
	}
	return &contract.Truncation{Total: total, Shown: kept, Withheld: total - kept, Expand: expand}
}
