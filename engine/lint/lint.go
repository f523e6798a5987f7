package lint

import (
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Rule is one lint check.
type Rule struct {
	// ID is the stable kebab-case id findings carry as their code.
	ID string
	// Severity is the default severity: Error only for a confirmed defect
	// (the game will misbehave), Warning for a likely one, Info for advice.
	Severity diag.Severity
	Summary  string
	// Rationale says why the rule exists; Limits what it cannot see.
	Rationale string
	Limits    string
	Tags      []string
	// Fixes names the fix kinds the rule offers, if any.
	Fixes []string
	// Acknowledgements names those of Fixes that restate the program in
	// an idiom acknowledging the finding (wrapping in Evaluate Once)
	// rather than correcting a defect: fix-all (lint --fix, the editor's
	// source.fixAll.wright) leaves them out, and the editor offers them as
	// quick fixes that are not preferred.
	Acknowledgements []string
	// Evidence says what a finding's evidence holds; empty means the
	// offending text at the finding's span, as Pass.Evidence writes it.
	Evidence string
	// Documentation says where the rule is documented; empty for a
	// built-in rule (docs/lint-rules.md documents them all), a local
	// rule's file otherwise.
	Documentation string
	// Check reports the rule's findings on the program of the pass.
	Check func(p *Pass)
}

// IsAcknowledgement reports whether a built-in rule declares the fix kind
// an acknowledgement (see Rule.Acknowledgements).
func IsAcknowledgement(kind string) bool {
	for _, r := range Builtin() {
		if slices.Contains(r.Acknowledgements, kind) {
			return true
		}
	}
	return false
}

// A Finding is one problem a rule found.
type Finding struct {
	Code     string
	Severity diag.Severity
	Message  string
	// Evidence is the offending text as written (an expression, a
	// statement), shortened when long.
	Evidence string
	Span     source.Span
	// Rule is the index of the rule the finding is in, or -1.
	Rule int
	// Fix is a mechanical correction, when one is certain.
	Fix *Fix
	// Repeated describes a repeated-value finding as data.
	Repeated *Repeated
}

// A Fix is a correction as byte-offset edits of the file.
type Fix struct {
	Kind    string
	Summary string
	Edits   []source.Edit
}

// Repeated is the data of a repeated-value finding: the expression, how
// many times the rule evaluates it, and whether Span covers the repeated
// expression or the loop that repeats it.
type Repeated struct {
	Expression string
	Count      int
	SpanKind   string // "expression" or "enclosing-loop"
}

// A Skipped records a rule that could not run on the program, and why.
type Skipped struct {
	Rule   string
	Reason string
}

// Result is the outcome of a lint pass.
type Result struct {
	// Findings are sorted by position, then code.
	Findings []Finding
	Skipped  []Skipped
	// Rules lists each rule that ran with its effective severity.
	Rules []Effective

	// summary is what the rules that read across rules read of each
	// rule, for Rerun.
	summary summary
}

// Effective is a rule as configured for a pass.
type Effective struct {
	Rule     *Rule
	Severity diag.Severity
	Enabled  bool
}

// Count returns the number of findings of severity s.
func (r *Result) Count(s diag.Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// Fails reports whether a finding reaches the failOn severity.
func (r *Result) Fails(failOn diag.Severity) bool {
	for _, f := range r.Findings {
		if f.Severity <= failOn {
			return true
		}
	}
	return false
}

// Program is what a lint pass reads: the parsed and validated program,
// and optionally analyses the caller already has (the pass computes the
// missing ones on first use).
type Program struct {
	File   *source.File
	Script *ast.Script
	Vocab  *vocab.Vocabulary
	Index  *index.Index
	Cost   *cost.Program
}

// Run lints a program with the built-in rules and the user rules of cfg,
// configured by cfg's policy. A rule that panics is recorded as skipped,
// never takes the pass down.
func Run(prog Program, cfg *Config) *Result {
	if cfg == nil {
		cfg = &Config{}
	}
	if prog.Vocab == nil {
		prog.Vocab = vocab.Default()
	}
	p := newPass(prog)
	p.prefetch()
	res := &Result{}
	for _, r := range cfg.rules() {
		eff := cfg.effective(r)
		res.Rules = append(res.Rules, eff)
	}
	runRules(p, res, func(*Rule) bool { return true })
	sortFindings(res.Findings)
	return res
}

// runRules runs on p the enabled rules of res.Rules that take says, adding
// their findings and failures to res.
func runRules(p *Pass, res *Result, take func(*Rule) bool) {
	for _, eff := range res.Rules {
		r := eff.Rule
		if !eff.Enabled || !take(r) {
			continue
		}
		p.rule, p.severity = r, eff.Severity
		if err := runRule(p, r); err != nil {
			res.Skipped = append(res.Skipped, Skipped{Rule: r.ID, Reason: err.Error()})
		}
	}
	p.settle()
	if p.walk != nil {
		p.walk.rep.release()
	}
	if p.eventCats != nil {
		res.summary.events = p.eventCats
	}
	if p.subCreates != nil {
		res.summary.creates, res.summary.ruleCreates = p.subCreates, p.ruleCreates
	}
	if p.found != nil {
		res.summary.objects = p.found
	}
	if p.callsDone {
		res.summary.calls, res.summary.callsKnown = p.calls, true
	}
	if res.Findings == nil {
		res.Findings = p.findings
	} else {
		res.Findings = append(res.Findings, p.findings...)
	}
}

// sortFindings sorts findings by position, then code, keeping the order
// in which a rule reported findings at one position.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		if a.Span.Start != b.Span.Start {
			return a.Span.Start - b.Span.Start
		}
		if a.Code < b.Code {
			return -1
		}
		if a.Code > b.Code {
			return 1
		}
		return 0
	})
}

func runRule(p *Pass, r *Rule) (err error) {
	before := len(p.findings)
	defer func() {
		if v := recover(); v != nil {
			// Keep none of a failed rule's findings: they may be partial.
			p.findings = p.findings[:before]
			err = fmt.Errorf("internal error in rule %s: %v", r.ID, v)
		}
	}()
	r.Check(p)
	return nil
}
