package main

// This file implements "wright-lsp lint".

import (
	"flag"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/service"
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
	cfg, err := policy.config()
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp lint: %v\n", err)
		return exitUsage
	}
	prog := common.load("lint", files[0], stderr)
	if prog == nil {
		return exitUsage
	}
	res, err := service.Lint(prog, cfg, sel.selection())
	if err != nil {
		return serviceError("lint", err, stderr)
	}
	if common.format == "json" {
		if err := writeJSON(stdout, res); err != nil {
			return exitInternal
		}
	} else {
		for _, f := range res.Findings {
			line := fmt.Sprintf("%s: %s %s: %s", f.Location, f.Severity, f.Code, f.Message)
			if f.Fix != nil {
				line += " (fix: " + f.Fix.Kind + ")"
			}
			fmt.Fprintln(stdout, line)
		}
		if res.Truncation != nil {
			fmt.Fprintf(stderr, "showing %d of %d findings; --all shows every one\n", res.Truncation.Shown, res.Truncation.Total)
		}
		verdict := "ok"
		if !res.OK {
			verdict = "failed (fail-on " + cfg.FailLevel().String() + ")"
		}
		fmt.Fprintf(stderr, "lint: %d error(s), %d warning(s), %d info; %s\n", res.Counts.Error, res.Counts.Warning, res.Counts.Info, verdict)
	}
	return res.Exit
}
