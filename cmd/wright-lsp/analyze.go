package main

// This file implements "wright-lsp analyze".

import (
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
)

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("analyze")
	var common commonFlags
	var sel selectFlags
	var policy policyFlags
	common.register(fs)
	sel.register(fs, true)
	policy.register(fs)
	rest, code, done := parseFlags("analyze", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if !common.check("analyze", stderr) || !sel.checkSeverity("analyze", stderr) {
		return exitUsage
	}
	m := newSessionMaker("analyze", &common, &policy, stderr)
	if m == nil {
		return exitUsage
	}
	in, code, ok := oneInput("analyze", rest[0], stderr)
	if !ok {
		return code
	}
	// The verdict is lint's: the program's problems and every selected
	// finding, not only the risks the analysis lists.
	l := lintProgram(m, in, &sel)
	if l.refused != nil {
		return reportError("analyze", l.refused, stderr)
	}
	failOn := l.cfg.FailLevel().String()
	exit := exitOK
	if failsAt(l.problems, failOn) {
		exit = exitFailed
	}
	s := m.session(in)
	f := sel.findings()
	req := contract.AnalyzeRequest{Op: "analyze", Severity: f.Severity, Rule: f.Rule, File: f.File, Max: f.Max, All: f.All}
	if common.format == "json" {
		raw, refused := call(s, req)
		if refused != nil {
			reportRefusal("analyze", refused, stderr)
			return max(exit, refusalExit(refused))
		}
		emitJSON(stdout, raw)
		return exit
	}
	raw, refused := callOn(s, l.program, req)
	if refused != nil {
		reportRefusal("analyze", refused, stderr)
		return refusalExit(refused)
	}
	env := decode[contract.AnalyzeEnvelope](raw)
	a := env.Output
	o := a.Program
	var t tally
	t.add(l.problems...)
	fmt.Fprintf(stdout, "%s (%s): %s, %s, %s; problems: %s\n",
		o.Path, o.Locale, plural(o.Rules, "rule"), plural(o.Actions, "action"), plural(o.Conditions, "condition"), t)
	fmt.Fprintf(stdout, "cost: %d of %d elements (%.1f%%)\n", a.Cost.Total, a.Cost.Budget, 100*float64(a.Cost.Total)/float64(a.Cost.Budget))
	for _, r := range a.Cost.Rules {
		fmt.Fprintf(stdout, "  hotspot %6d  %s\n", r.Count, r.Address)
	}
	for _, c := range a.Complexity {
		fmt.Fprintf(stdout, "  conditions of %s: %d leaves, depth %d\n", c.RuleAddress, c.Leaves, c.Depth)
	}
	for _, r := range a.Risks {
		fmt.Fprintf(stdout, "  risk %s: %s %s: %s\n", r.Location, r.Severity, r.Code, r.Message)
	}
	for _, v := range a.TopVariables {
		fmt.Fprintf(stdout, "  variable %s %s: %d reads, %d writes\n", v.Kind, v.Name, v.Reads, v.Writes)
	}
	// The program's own problems follow the analysis, every error among
	// them; lint lists every finding.
	var diags []problem
	for _, p := range l.problems {
		if !p.finding {
			diags = append(diags, p)
		}
	}
	rep := newReporter(stdout)
	if in.path == stdinName {
		rep.texts[stdinName] = in.text
	}
	sortProblems(diags)
	rep.printAll(diags, sel.shown())
	line := summary("analyzed", 1, l.problems, len(l.problems), exit, failOn)
	if findings := len(l.problems) - len(diags); findings > len(a.Risks) {
		line += fmt.Sprintf("; the risks are %d of %s: wright-lsp lint lists every one", len(a.Risks), plural(findings, "finding"))
	}
	fmt.Fprintln(stderr, line)
	return exit
}
