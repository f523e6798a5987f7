package service

// This file answers lint, lintRules and costEstimate.

import (
	"cmp"
	"fmt"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"slices"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// Lint runs the lint rules of cfg and reports the findings selected by s.
// The verdict (ok, exit) is computed on every finding, before selection.
func Lint(p *Program, cfg *lint.Config, s Select) (*contract.LintResult, error) {
	if cfg == nil {
		cfg = &lint.Config{}
	}
	res := p.Lint(cfg)
	findings, sel, trunc, err := p.selectFindings(res, cfg, s)
	if err != nil {
		return nil, err
	}
	out := &contract.LintResult{OK: !res.Fails(cfg.FailLevel()), Findings: []contract.CompactFinding{}, Snapshot: p.Snapshot,
		Selection: sel, Truncation: trunc, Rules: []contract.RuleSeverity{}, Skipped: skipped(res),
		Next: []string{command("analyze", p.Origin.Input)}}
	if trunc != nil {
		out.Next = append([]string{command("lint", "--all", p.Origin.Input)}, out.Next...)
	}
	for _, f := range findings {
		out.Findings = append(out.Findings, compact(f))
	}
	// wright lint exits 1 on a program with errors, whose diagnostics are
	// check's to report (lint's findings never include them): the verdict
	// matches it, and next names the command that shows them.
	if p.HasErrors() {
		out.OK = false
		out.Next = append([]string{command("check", p.Origin.Input)}, out.Next...)
	}
	if !out.OK {
		out.Exit = 1
	}
	out.Counts = contract.SeverityCounts{Error: res.Count(diag.Error), Warning: res.Count(diag.Warning), Info: res.Count(diag.Info)}
	for _, e := range res.Rules {
		if e.Enabled {
			out.Rules = append(out.Rules, contract.RuleSeverity{ID: e.Rule.ID, EffectiveSeverity: e.Severity.String()})
		}
	}
	if !s.All {
		boundBytes(out, command("lint", "--all", p.Origin.Input))
	}
	return out, nil
}

// lintBudget bounds the encoded lint result (before any envelope) unless
// the request asks for all: long finding messages must not eat an agent's
// default token budget.
const lintBudget = 5500

// boundBytes drops findings from the end until the encoded result fits
// lintBudget, reporting what it withheld and, in next, the command that
// lists everything.
func boundBytes(out *contract.LintResult, all string) {
	size := func() int {
		data, _ := Marshal(out)
		return len(data)
	}
	if size() <= lintBudget {
		return
	}
	total := len(out.Findings)
	if out.Truncation != nil {
		total = out.Truncation.Total
	} else if out.Selection != nil {
		total = len(out.Findings) + out.Selection.Withheld
	}
	expand := fmt.Sprintf("the lint result is bounded to %d bytes: all: true (CLI --all) lists every finding, and findings gives ranges and fixes", lintBudget)
	if !slices.Contains(out.Next, all) {
		out.Next = append([]string{all}, out.Next...)
	}
	for len(out.Findings) > 0 {
		out.Findings = out.Findings[:len(out.Findings)-1]
		out.Truncation = &contract.Truncation{Total: total, Shown: len(out.Findings), Withheld: total - len(out.Findings), Expand: expand}
		if size() <= lintBudget {
			return
		}
	}
}

// compact is a finding as lint and analyze report it.
func compact(f contract.Finding) contract.CompactFinding {
	c := contract.CompactFinding{Code: f.Code, Severity: f.Severity, Message: f.Message, Evidence: f.Evidence,
		Location: f.Location, RuleAddress: f.RuleAddress, Repeated: f.Repeated}
	if f.Fix != nil {
		c.FixKind = f.Fix.Kind
	}
	return c
}

func skipped(res *lint.Result) []contract.SkippedRule {
	out := []contract.SkippedRule{}
	for _, s := range res.Skipped {
		out = append(out, contract.SkippedRule{Rule: s.Rule, Reason: s.Reason})
	}
	return out
}

// selectFindings filters findings by severity threshold, code and file,
// then bounds them.
func (p *Program) selectFindings(res *lint.Result, cfg *lint.Config, s Select) ([]contract.Finding, *contract.Selection, *contract.Truncation, error) {
	threshold := diag.Info
	if s.Severity != "" {
		sev, err := lint.ParseSeverity(s.Severity)
		if err != nil {
			return nil, nil, nil, errorf("invalid-selection", "%v", err)
		}
		threshold = sev
	}
	if s.Code != "" {
		if err := cfg.Known(s.Code); err != nil {
			return nil, nil, nil, errorf("invalid-selection", "%v", err)
		}
	}
	if _, err := p.fileMatches(s.File); err != nil {
		return nil, nil, nil, err
	}
	var out []contract.Finding
	byCode := map[string]int{}
	for _, f := range res.Findings {
		if f.Severity > threshold || s.Code != "" && f.Code != s.Code {
			continue
		}
		byCode[f.Code]++
		out = append(out, p.finding(f))
	}
	items, sel, trunc := bound(out, s, len(res.Findings))
	if sel != nil {
		sel.ByCode = byCode
	}
	return nonNil(items), sel, trunc, nil
}

func (p *Program) finding(f lint.Finding) contract.Finding {
	f = p.OverPyWording(f)
	c := contract.Finding{Code: f.Code, Severity: f.Severity.String(), Message: f.Message, Evidence: f.Evidence,
		Location: p.Location(f.Span), Span: p.Range(f.Span)}
	if f.Rule >= 0 && f.Rule < len(p.Checked.Script.Rules) {
		r := f.Rule
		c.Rule = &r
		c.RuleAddress = p.Index().RuleAddress(r)
	}
	// A fix edits the Workshop text; an OverPy program's is the lowered
	// text, which no one edits: its fixes are withheld until they can be
	// stated on the OverPy text and validated by the provider.
	if f.Fix != nil && p.overpy == nil {
		if tx, err := edits.FromEngine(p.File.Path, p.File.Text, f.Fix.Edits); err == nil {
			c.Fix = &contract.Fix{Kind: f.Fix.Kind, Summary: f.Fix.Summary, Transaction: transaction(tx)}
		}
	}
	if f.Repeated != nil {
		c.Repeated = &contract.Repeated{Expression: f.Repeated.Expression, Count: f.Repeated.Count, SpanKind: f.Repeated.SpanKind}
	}
	return c
}

// LintRules lists every rule with its metadata and effective
// configuration, and the rule evaluations that could not run on p.
func LintRules(p *Program, cfg *lint.Config) *contract.LintRulesResult {
	if cfg == nil {
		cfg = &lint.Config{}
	}
	out := &contract.LintRulesResult{FailOn: cfg.FailLevel().String(), Rules: []contract.LintRule{},
		Skipped: skipped(p.Lint(cfg)), Snapshot: p.Snapshot}
	for _, e := range cfg.Effective() {
		r := e.Rule
		out.Rules = append(out.Rules, contract.LintRule{ID: r.ID, DefaultSeverity: r.Severity.String(),
			EffectiveSeverity: e.Severity.String(), Enabled: e.Enabled, Summary: r.Summary, Rationale: r.Rationale,
			KnownLimits: r.Limits, Evidence: ruleEvidence(r), Documentation: ruleDocumentation(r),
			Tags: nonNil(r.Tags), Fixes: nonNil(r.Fixes)})
	}
	return out
}

// defaultEvidence is what a finding's evidence holds unless its rule says
// otherwise.
const defaultEvidence = "the offending text as written at the finding's location (an expression, a statement), on one line, shortened to 120 characters"

func ruleEvidence(r *lint.Rule) string {
	if r.Evidence != "" {
		return r.Evidence
	}
	return defaultEvidence
}

// LintRulesDocument is where the built-in rules are documented, in the
// wright-lsp repository; each rule has a section whose anchor is its id.
const LintRulesDocument = "docs/lint-rules.md"

func ruleDocumentation(r *lint.Rule) string {
	if r.Documentation != "" {
		return r.Documentation
	}
	return LintRulesDocument + "#" + r.ID
}

// rankedRules is how many rules costEstimate lists by default.
const rankedRules = 5

// CostEstimate reports the exact counts, the element count, rules ranked
// largest first, and the configured findings (selected by s: severity,
// file, max; capped at DefaultLimit unless all); with rule set, that
// rule's drill-down.
func CostEstimate(p *Program, rule *contract.Address, cfg *lint.Config, s Select) (*contract.CostEstimateResult, error) {
	if cfg == nil {
		cfg = &lint.Config{}
	}
	c := p.Cost()
	out := &contract.CostEstimateResult{ProgramRules: len(p.Checked.Script.Rules), Snapshot: p.Snapshot,
		Exact: contract.ExactCounts{Counts: p.Counts()}}
	if n, why := p.emittedBytes(); why == "" {
		out.Exact.EmittedBytes = &n
	} else {
		out.Exact.EmittedBytesUnavailable = why
	}
	out.ElementCount = contract.ElementCount{Total: c.Total, Budget: c.Budget, Rules: []contract.RuleElements{}}
	ranked := c.Ranked()
	shown := ranked
	if !s.All && len(ranked) > rankedRules {
		shown = ranked[:rankedRules]
		out.ElementCount.Truncation = &contract.Truncation{Total: len(ranked), Shown: rankedRules,
			Withheld: len(ranked) - rankedRules, Expand: "all: true (CLI --all) lists every rule"}
	}
	for _, rc := range shown {
		out.ElementCount.Rules = append(out.ElementCount.Rules, p.ruleElements(rc))
	}
	res := p.Lint(cfg)
	findings, sel, trunc, err := p.selectFindings(res, cfg, Select{Severity: s.Severity, File: s.File, Max: s.Max, All: s.All})
	if err != nil {
		return nil, err
	}
	out.Findings, out.Selection, out.FindingsTruncation, out.Skipped = findings, sel, trunc, skipped(res)
	if trunc != nil {
		trunc.Expand = "all: true (CLI --all) lists every finding; findings gives their fixes"
	}
	out.Optimization = p.optimizationSavings(s.All)
	if rule != nil {
		i, err := p.ResolveRule(*rule, s.Snapshot)
		if err != nil {
			return nil, err
		}
		out.Rule = p.drillDown(&c.Rules[i], s.All)
	}
	return out, nil
}

// optimizationSavings is what the optimiser, with the options the program
// asks for, saves rule by rule: the rules that get cheaper, most saved
// first, the first rankedRules unless all; nil for a program with errors.
func (p *Program) optimizationSavings(all bool) *contract.OptimizationSavings {
	o := p.Optimized()
	if o == nil {
		return nil
	}
	out := &contract.OptimizationSavings{Saved: o.Report.Saved(), After: o.Report.After, Rules: []contract.RuleSavings{}}
	var cheaper []optimize.RuleReport
	for _, rr := range o.Report.Rules {
		if rr.Index >= 0 && rr.Saved() > 0 {
			cheaper = append(cheaper, rr)
		}
	}
	slices.SortStableFunc(cheaper, func(a, b optimize.RuleReport) int { return cmp.Compare(b.Saved(), a.Saved()) })
	if !all && len(cheaper) > rankedRules {
		out.Truncation = &contract.Truncation{Total: len(cheaper), Shown: rankedRules,
			Withheld: len(cheaper) - rankedRules, Expand: "all: true (CLI --all) lists every rule"}
		cheaper = cheaper[:rankedRules]
	}
	for _, rr := range cheaper {
		r := p.Checked.Script.Rules[rr.Index]
		out.Rules = append(out.Rules, contract.RuleSavings{Index: rr.Index, Address: p.Index().RuleAddress(rr.Index),
			Before: rr.Before, After: rr.After, Saved: rr.Saved(), Removed: rr.Removed, Span: p.Range(r.Span)})
	}
	return out
}

func (p *Program) ruleElements(rc *cost.RuleCost) contract.RuleElements {
	r := p.Checked.Script.Rules[rc.Index]
	return contract.RuleElements{Index: rc.Index, Address: p.Index().RuleAddress(rc.Index), Count: rc.Count, Span: p.Range(r.Span)}
}

// drillDown is a rule's cost statement by statement and node by node,
// each list capped at DefaultLimit entries unless all.
func (p *Program) drillDown(rc *cost.RuleCost, all bool) *contract.RuleDrillDown {
	d := &contract.RuleDrillDown{Rule: p.ruleElements(rc)}
	stmts := slices.Clone(rc.Statements)
	slices.SortStableFunc(stmts, func(a, b cost.StatementCost) int { return cmp.Compare(b.Count, a.Count) })
	stmts, _, d.StatementsTruncation = bound(stmts, Select{All: all}, len(stmts))
	d.Statements = make([]contract.StatementElements, 0, len(stmts))
	for _, st := range stmts {
		d.Statements = append(d.Statements, contract.StatementElements{Name: st.Name(), Count: st.Count, Span: p.Range(st.Statement.Span)})
	}
	nodes, _, byNode := bound(rc.ByNode, Select{All: all}, len(rc.ByNode))
	d.ByNodeTruncation = byNode
	d.ByNode = make([]contract.NodeElements, 0, len(nodes))
	for _, n := range nodes {
		d.ByNode = append(d.ByNode, contract.NodeElements{Name: n.Name, Count: n.Count, Occurrences: n.Nodes})
	}
	return d
}
