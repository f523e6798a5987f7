package main

// This file implements "wright-lsp lint".

import (
	"flag"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
)

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	var sel selectFlags
	var policy policyFlags
	common.register(fs)
	sel.register(fs, true)
	policy.register(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil || !common.check("lint", stderr) {
		return exitUsage
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "wright-lsp lint: expected one FILE\nusage: wright-lsp lint [options] FILE")
		return exitUsage
	}
	s := sessionFor("lint", files[0], &common, &policy, stderr)
	if s == nil {
		return exitUsage
	}
	raw, refused := call("lint", s, contract.LintRequest{Op: "lint", FindingSelection: sel.findings()}, stderr)
	if refused != nil {
		return refusalExit(refused)
	}
	res := decode[contract.LintResult](raw)
	if common.format == "json" {
		emitJSON(stdout, raw)
		return res.Exit
	}
	for _, f := range res.Findings {
		line := fmt.Sprintf("%s: %s %s: %s", f.Location, f.Severity, f.Code, f.Message)
		if f.FixKind != "" {
			line += " (fix: " + f.FixKind + ")"
		}
		fmt.Fprintln(stdout, line)
	}
	if res.Truncation != nil {
		fmt.Fprintf(stderr, "showing %d of %d findings; --all shows every one\n", res.Truncation.Shown, res.Truncation.Total)
	}
	verdict := "ok"
	if !res.OK {
		verdict = "failed (fail-on " + s.Options().Lint.FailLevel().String() + ")"
	}
	fmt.Fprintf(stderr, "lint: %d error(s), %d warning(s), %d info; %s\n", res.Counts.Error, res.Counts.Warning, res.Counts.Info, verdict)
	return res.Exit
}
