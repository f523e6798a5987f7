package main

// This file hands check's and lint's selected problems to the report
// writers (--format sarif, junit, github or markdown).

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/internal/report"
	"github.com/wright-lsp/wright-lsp/service"
)

// A reportRun is what a check or lint run found, as its text output
// would print it.
type reportRun struct {
	command, failOn string
	exit            int
	// programs are the programs read; selected their problems, sorted;
	// shown how many the output lists (-1: all).
	programs []*service.Program
	selected []problem
	shown    int
	// lintRules are the rules lint ran (none for check).
	lintRules []contract.LintRule
}

// writeReport writes run in a report format.
func writeReport(w io.Writer, format string, run *reportRun) error {
	r := &report.Report{Tool: "wright-lsp", Version: version(), Command: run.command, FailOn: run.failOn,
		Verdict: "pass", Exit: run.exit, Programs: len(run.programs), Total: len(run.selected)}
	if run.exit != exitOK {
		r.Verdict = "fail"
	}
	seen := map[string]bool{}
	for _, p := range run.programs {
		for _, f := range p.Sources() {
			lang := "workshop"
			switch {
			case strings.EqualFold(filepath.Ext(f.Path), ".opy"):
				lang = "overpy"
			case p.IsOverPy():
				lang = "" // a file an OverPy program reads, such as its settings in JSON
			}
			if !seen[f.Path] {
				seen[f.Path] = true
				r.Sources = append(r.Sources, report.Source{Path: f.Path, Text: f.Text, Language: lang})
			}
		}
	}
	shown := run.selected
	if run.shown >= 0 && run.shown < len(shown) {
		shown = shown[:run.shown]
	}
	rules := map[string]bool{}
	for _, lr := range run.lintRules {
		if rules[lr.ID] {
			continue
		}
		rules[lr.ID] = true
		r.Rules = append(r.Rules, report.Rule{ID: lr.ID, Lint: true, DefaultSeverity: lr.DefaultSeverity, Enabled: lr.Enabled,
			Summary: lr.Summary, Rationale: lr.Rationale, KnownLimits: lr.KnownLimits, Evidence: lr.Evidence,
			Documentation: lr.Documentation, HelpURI: helpURI(lr.Documentation), Tags: lr.Tags, Fixes: lr.Fixes})
	}
	slices.SortFunc(r.Rules, func(a, b report.Rule) int { return strings.Compare(a.ID, b.ID) })
	// The program's diagnostics are rules too, so that every result
	// names a rule of the log: the codes the problems carry.
	var codes []report.Rule
	for _, pr := range shown {
		if rules[pr.code] {
			continue
		}
		rules[pr.code] = true
		rule := report.Rule{ID: pr.code, DefaultSeverity: pr.severity, Enabled: true, Summary: "diagnostic " + pr.code}
		if info, doc, ok := codeInfo(pr.code); ok {
			rule.DefaultSeverity, rule.Summary, rule.Documentation, rule.HelpURI = info.Severity.String(), info.Summary, doc, helpURI(doc)
		}
		codes = append(codes, rule)
	}
	slices.SortFunc(codes, func(a, b report.Rule) int { return strings.Compare(a.ID, b.ID) })
	r.Rules = append(r.Rules, codes...)
	for _, pr := range shown {
		r.Problems = append(r.Problems, report.Problem{Code: pr.code, Severity: pr.severity, Message: pr.message,
			Range: pr.rng, Related: pr.related, Fix: pr.fixed})
	}
	return report.Write(w, format, r)
}

// codeInfo documents a diagnostic code: the engine's, the OverPy
// frontend's or the service's; doc is the section of the repository's
// documents that explains it.
func codeInfo(code string) (info diag.CodeInfo, doc string, ok bool) {
	codes := service.DiagnosticCodes()
	if i := slices.IndexFunc(codes, func(c diag.CodeInfo) bool { return string(c.Code) == code }); i >= 0 {
		return codes[i], service.CodeDocumentation(code), true
	}
	return diag.CodeInfo{}, "", false
}

// helpURI is the web address of a document of the repository (a path
// under docs/, as the built-in codes and rules have); "" for any other
// documentation, such as a local rule file's.
func helpURI(doc string) string {
	if !strings.HasPrefix(doc, "docs/") {
		return ""
	}
	return service.DocsBase + doc
}

// finishReport writes run's report on stdout and the command's summary
// line on stderr, and returns the exit code.
func finishReport(stdout, stderr io.Writer, format string, run *reportRun, programs int) int {
	buf := bufio.NewWriter(stdout)
	err := writeReport(buf, format, run)
	if err == nil {
		err = buf.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: %v\n", run.command, err)
		return exitInternal
	}
	shown := len(run.selected)
	if run.shown >= 0 {
		shown = min(shown, run.shown)
	}
	verb := map[string]string{"check": "checked", "lint": "linted"}[run.command]
	fmt.Fprintln(stderr, summary(verb, programs, run.selected, shown, run.exit, run.failOn))
	return run.exit
}
