package main

// This file implements "wright-lsp check".

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/internal/progress"
	"github.com/wright-lsp/wright-lsp/service"
)

// runCheck checks each program through the service's check workflow.
// With --format json it prints each program's wright-result/v1 envelope
// on its own line; otherwise the problems, sorted by file and position,
// and a summary on stderr. When an input cannot be read, nothing is
// printed on stdout in text form.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check")
	common := commonFlags{reports: true}
	var sel selectFlags
	common.register(fs)
	fs.Var(&sel.max, "max", "print at most `N` problems (text prints every one by default)")
	fs.BoolVar(&sel.all, "all", false, "json: list every diagnostic instead of the first 20")
	fs.StringVar(&sel.severity, "severity", "", "report problems at or above this `SEVERITY`: error, warning or info (errors always)")
	failOn := failOnFlag(fs)
	stream := streamFlag(fs)
	args, code, done := parseFlags("check", fs, args, stdout, stderr, 1, -1)
	if done {
		return code
	}
	if !common.check("check", stderr) || !sel.checkSeverity("check", stderr) || !checkFailOn("check", *failOn, stderr) ||
		!checkStream("check", *stream, &common, stderr) {
		return exitUsage
	}
	// The stream holds the JSON answers.
	jsonOut := common.format == "json" || *stream
	inputs, err := expandInputs(args, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp check: %v\n", err)
		return exitUsage
	}
	m := newSessionMaker("check", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	type checked struct {
		raw json.RawMessage
		env *contract.CheckResult
		// program is the program checked, for the reports' sources.
		program *service.Program
	}
	prog := newProgress(*stream, stdout, stderr)
	counter := startPrograms(prog, "check", "checked", len(inputs))
	results := parallel(len(inputs), func(i int) checked {
		defer counter.finished(inputs[i].path)
		s := m.session(inputs[i])
		var c checked
		if jsonOut {
			raw, refused := call(s, contract.CheckRequest{Op: "check", All: sel.all})
			if refused != nil {
				// check answers every input with an envelope; a refusal
				// is a defect.
				panic(fmt.Sprintf("check refused %s: %s", inputs[i].path, refused.Message))
			}
			c = checked{raw: raw, env: decode[contract.CheckResult](raw)}
		} else {
			// Text and the reports print from the typed result: no JSON
			// round trip of every diagnostic.
			c = checked{env: s.Check(true)}
		}
		if common.report() {
			// The session keeps the program check read.
			c.program, _ = s.Load()
		}
		return c
	})
	counter.complete()
	prog.Erase() // before any message on stderr
	keep := entries(inputs, func(i int) *contract.ProgramSummary { return results[i].env.Program })
	var selected []problem
	var read []*service.Program
	unreadable, programs := false, 0
	for i, r := range results {
		if !keep[i] {
			continue
		}
		programs++
		if r.program != nil {
			read = append(read, r.program)
		}
		if r.env.Exit == exitUsage {
			unreadable = true
			for _, d := range r.env.Diagnostics {
				fmt.Fprintf(stderr, "wright-lsp check: %s\n", d.Message)
			}
			continue
		}
		for _, d := range r.env.Diagnostics {
			if p := fromDiagnostic(d); sel.selects(p, nil) {
				selected = append(selected, p)
			}
		}
	}
	exit := exitOK
	if failsAt(selected, *failOn) {
		exit = exitFailed
	}
	if unreadable {
		exit = exitUsage
	}
	if *stream {
		res := &progress.Result{Command: "check", Verdict: verdict(exit), Exit: exit}
		for i, r := range results {
			if keep[i] {
				res.Results = append(res.Results, r.raw)
			}
		}
		if err := prog.Finish(res); err != nil {
			fmt.Fprintf(stderr, "wright-lsp check: writing standard output: %v\n", err)
			return exitUsage
		}
		return exit
	}
	if common.format == "json" {
		for i, r := range results {
			if keep[i] {
				emitJSON(stdout, r.raw)
			}
		}
		return exit
	}
	if unreadable {
		return exitUsage
	}
	sortProblems(selected)
	if common.report() {
		run := &reportRun{command: "check", failOn: *failOn, exit: exit, programs: read, selected: selected, shown: sel.shown()}
		return finishReport(stdout, stderr, common.format, run, programs)
	}
	// One write per line would cost a system call per diagnostic.
	buf := bufio.NewWriter(stdout)
	defer buf.Flush()
	rep := newReporter(buf)
	for _, in := range inputs {
		if in.path == stdinName {
			rep.texts[stdinName] = in.text
		}
	}
	shown := rep.printAll(selected, sel.shown())
	buf.Flush()
	fmt.Fprintln(stderr, summary("checked", programs, selected, shown, exit, *failOn))
	return exit
}

// summary is the last line of check, lint and analyze: what was read,
// the problems selected by severity, how many were printed when --max
// held some back, and the verdict when it failed.
func summary(verb string, programs int, selected []problem, shown, exit int, failOn string) string {
	var t tally
	t.add(selected...)
	line := fmt.Sprintf("%s %s: %s", verb, plural(programs, "file"), t)
	if shown < len(selected) {
		line += fmt.Sprintf("; showing %d of %d (--max)", shown, len(selected))
	}
	if exit == exitFailed {
		line += "; failed"
		if failOn != "error" {
			line += " (fail-on " + failOn + ")"
		}
	}
	return line
}

// entries decides which inputs are programs of their own: all of them,
// except an OverPy file a directory walk or glob found whose files all
// belong to another program of the same run: a file that other one
// includes (checked as part of it), or one whose #!mainFile makes it the
// same program as an earlier one.
func entries(inputs []input, program func(i int) *contract.ProgramSummary) []bool {
	files := make([]map[string]bool, len(inputs))
	for i := range inputs {
		if p := program(i); p != nil {
			files[i] = map[string]bool{}
			for _, f := range p.Files {
				files[i][absPath(f)] = true
			}
		}
	}
	covers := func(j, i int) bool { // program j holds every file of program i
		for f := range files[i] {
			if !files[j][f] {
				return false
			}
		}
		return true
	}
	keep := make([]bool, len(inputs))
	for i, in := range inputs {
		keep[i] = true
		if !in.walked || files[i] == nil || !strings.EqualFold(filepath.Ext(in.path), ".opy") {
			continue
		}
		for j := range inputs {
			if j != i && files[j] != nil && covers(j, i) && (len(files[j]) > len(files[i]) || j < i) {
				keep[i] = false
				break
			}
		}
	}
	return keep
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// programOf returns a program's summary for entries.
func programOf(p *service.Program) *contract.ProgramSummary {
	if p == nil {
		return nil
	}
	return &contract.ProgramSummary{Files: p.SourceFiles()}
}
