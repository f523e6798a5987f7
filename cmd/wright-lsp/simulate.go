package main

// This file implements "wright-lsp simulate": the program run by the
// service's simulate (engine/sim) for some seconds or against a scenario
// file. --format json prints the trace itself, the owsim-trace/1
// document the simulate operation carries in output.trace, byte for
// byte; text prints it as a timeline.

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/service"
)

func runSimulate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("simulate")
	var common commonFlags
	common.register(fs)
	seconds := fs.String("seconds", "", "run `N` seconds with no players (ceil(N·62.5)+1 ticks)")
	scenarioFile := fs.String("scenario", "", "run against the owsim-scenario/1 `FILE` (players, their inputs, limits)")
	verbosity := fs.String("verbosity", "", "`LEVEL`: effects (what the program did) or actions (every action with its arguments too); default the scenario's, else effects")
	files, code, done := parseFlags("simulate", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if !common.check("simulate", stderr) {
		return exitUsage
	}
	if (*seconds == "") == (*scenarioFile == "") {
		fmt.Fprintln(stderr, "wright-lsp simulate: give --seconds N or --scenario FILE (one of them)")
		return exitUsage
	}
	if v := *verbosity; v != "" && v != sim.VerbosityEffects && v != sim.VerbosityActions {
		fmt.Fprintf(stderr, "wright-lsp simulate: unknown verbosity %q: expected effects or actions\n", v)
		return exitUsage
	}
	var sc *sim.Scenario
	if *seconds != "" {
		n, err := strconv.ParseFloat(*seconds, 64)
		if err == nil {
			sc, err = sim.SecondsScenario(n)
		}
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp simulate: --seconds %s: expected a number of seconds from 0 to 16200\n", *seconds)
			return exitUsage
		}
	} else {
		raw, err := os.ReadFile(*scenarioFile)
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp simulate: %v\n", err)
			return exitUsage
		}
		s, err := service.ParseScenario(raw, "")
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp simulate: %s: %v\n", *scenarioFile, err)
			return exitUsage
		}
		sc = s
	}
	m := newSessionMaker("simulate", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	in, code, ok := oneInput("simulate", files[0], stderr)
	if !ok {
		return code
	}
	p, err := m.session(in).Load()
	if err != nil {
		return reportError("simulate", err, stderr)
	}
	res, err := service.SimulateProgram(p, sc, service.SimulateOptions{Verbosity: *verbosity})
	if err != nil {
		return reportError("simulate", err, stderr)
	}
	if common.format == "json" {
		io.WriteString(stdout, res.Output.Trace)
	} else {
		io.WriteString(stdout, service.Timeline(res.Output.Trace))
	}
	for _, d := range res.Diagnostics {
		if d.Severity == "error" {
			fmt.Fprintf(stderr, "%s:%d:%d: error %s: %s\n", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Code, d.Message)
		}
	}
	summary := fmt.Sprintf("simulated %s: %d ticks, %d events", in.path, res.Output.Ticks, res.Output.Events)
	if n := len(res.Output.Unsimulated); n > 0 {
		summary += fmt.Sprintf(", %d actions and values not simulated", n)
	}
	if res.Output.Halted {
		summary += "; halted on an error"
	}
	fmt.Fprintln(stderr, summary)
	return res.Exit
}
