package main

// This file implements "wright-lsp lint" (fix.go holds --fix).

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/internal/progress"
	"github.com/wright-lsp/wright-lsp/service"
)

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lint")
	common := commonFlags{reports: true}
	var sel selectFlags
	var policy policyFlags
	var fix fixFlags
	common.register(fs)
	sel.register(fs, true)
	policy.register(fs)
	fix.register(fs)
	stream := streamFlag(fs)
	args, code, done := parseFlags("lint", fs, args, stdout, stderr, 1, -1)
	if done {
		return code
	}
	if !common.check("lint", stderr) || !sel.checkSeverity("lint", stderr) || !checkStream("lint", *stream, &common, stderr) {
		return exitUsage
	}
	if fix.fix && *stream {
		fmt.Fprintln(stderr, "wright-lsp lint: --fix reports in text; run lint --json-stream after it")
		return exitUsage
	}
	m := newSessionMaker("lint", &common, &policy, stderr)
	if m == nil {
		return exitUsage
	}
	if !fix.check(m.opts.Lint, stderr) {
		return exitUsage
	}
	inputs, err := expandInputs(args, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp lint: %v\n", err)
		return exitUsage
	}
	if fix.fix {
		return runFix(inputs, m, &fix, &sel, &common, stdout, stderr)
	}
	prog := newProgress(*stream, stdout, stderr)
	if common.format == "json" || *stream {
		return lintJSON(inputs, m, &sel, prog, stdout, stderr)
	}
	if common.report() {
		run, refused := collectLint(inputs, m, &sel, prog)
		if refused != nil {
			return reportError("lint", refused, stderr)
		}
		return finishReport(stdout, stderr, common.format, run, len(run.programs))
	}
	return lintText(inputs, m, &sel, 0, prog, stdout, stderr)
}

// A linted program: its selected problems, or why it could not be read.
type linted struct {
	program  *service.Program
	problems []problem
	// cfg is the lint policy of the program's session (with its project's
	// .wright.yaml).
	cfg *lint.Config
	// refused is an input that cannot be read, or a selection the
	// program refuses.
	refused *service.Error
}

// lintProgram loads one input and selects its problems: the program's
// diagnostics (its errors always) and the lint findings, run on the tree
// the parser recovered when the program has errors.
func lintProgram(m *sessionMaker, in input, sel *selectFlags) linted {
	session := m.session(in)
	p, err := session.Load()
	if err != nil {
		return linted{refused: serviceError(err)}
	}
	out := linted{program: p, cfg: session.LintConfig()}
	want := absPath(sel.file)
	inFile := func(path string) bool { return absPath(path) == want }
	for _, d := range p.Diagnostics() {
		if pr := fromDiagnostic(d); sel.selects(pr, inFile) {
			out.problems = append(out.problems, pr)
		}
	}
	found, err := service.Findings(p, out.cfg, service.Select{All: true, Severity: sel.severity, Code: sel.ruleID, File: sel.file})
	if err != nil {
		return linted{refused: serviceError(err)}
	}
	for _, f := range found.Findings {
		out.problems = append(out.problems, fromFinding(f))
	}
	return out
}

// serviceError returns the service's refusal err, or an internal error.
func serviceError(err error) *service.Error {
	var e *service.Error
	if errors.As(err, &e) {
		return e
	}
	return &service.Error{Code: "internal-error", Message: err.Error()}
}

// collectLint lints every input and gathers the selected problems of
// the programs run, sorted, and the verdict; or the first input that
// cannot be read.
func collectLint(inputs []input, m *sessionMaker, sel *selectFlags, prog *progress.Reporter) (*reportRun, *service.Error) {
	counter := startPrograms(prog, "lint", "linted", len(inputs))
	results := parallel(len(inputs), func(i int) linted {
		defer counter.finished(inputs[i].path)
		return lintProgram(m, inputs[i], sel)
	})
	counter.complete()
	prog.Erase()
	keep := entries(inputs, func(i int) *contract.ProgramSummary { return programOf(results[i].program) })
	run := &reportRun{command: "lint", failOn: m.opts.Lint.FailLevel().String(), shown: sel.shown()}
	for i, r := range results {
		if !keep[i] {
			continue
		}
		if r.refused != nil {
			return nil, r.refused
		}
		if len(run.programs) == 0 {
			run.failOn = r.cfg.FailLevel().String() // the summary names the first program's
		}
		run.programs = append(run.programs, r.program)
		run.lintRules = append(run.lintRules, service.LintRules(r.program, r.cfg).Rules...)
		run.selected = append(run.selected, r.problems...)
		// Each program fails at its own policy's level.
		if failsAt(r.problems, r.cfg.FailLevel().String()) {
			run.exit = exitFailed
		}
	}
	sortProblems(run.selected)
	return run, nil
}

// lintText prints every selected problem of every program, sorted, and
// the summary; fixed counts the fixes --fix applied before.
func lintText(inputs []input, m *sessionMaker, sel *selectFlags, fixed int, prog *progress.Reporter, stdout, stderr io.Writer) int {
	run, refused := collectLint(inputs, m, sel, prog)
	if refused != nil {
		return reportError("lint", refused, stderr)
	}
	rep := newReporter(stdout)
	for _, in := range inputs {
		if in.path == stdinName {
			rep.texts[stdinName] = in.text
		}
	}
	shown := rep.printAll(run.selected, sel.shown())
	line := summary("linted", len(run.programs), run.selected, shown, run.exit, run.failOn)
	if fixed > 0 {
		line = fmt.Sprintf("fixed %s; %s", plural(fixed, "finding"), line)
	}
	fmt.Fprintln(stderr, line)
	return run.exit
}

// A lintAnswer is the service's lint result of one input, or why there
// is none.
type lintAnswer struct {
	raw       json.RawMessage
	loadErr   error
	refused   *contract.Error
	hasErrors bool
}

// lintJSON prints each program's lint result as the service answers it,
// one per line, or with a stream (--json-stream) all of them in its
// result event. The exit code follows the verdict rule: the result's
// own, or 1 when the program has errors (which lint's findings do not
// include).
func lintJSON(inputs []input, m *sessionMaker, sel *selectFlags, prog *progress.Reporter, stdout, stderr io.Writer) int {
	counter := startPrograms(prog, "lint", "linted", len(inputs))
	answers := parallel(len(inputs), func(i int) lintAnswer {
		defer counter.finished(inputs[i].path)
		s := m.session(inputs[i])
		p, err := s.Load()
		if err != nil {
			return lintAnswer{loadErr: err}
		}
		raw, refused := call(s, contract.LintRequest{Op: "lint", FindingSelection: sel.findings()})
		return lintAnswer{raw: raw, refused: refused, hasErrors: p.HasErrors()}
	})
	counter.complete()
	prog.Erase()
	exit := exitOK
	var raws []json.RawMessage
	var stop *progress.Refusal
	for _, a := range answers {
		if a.loadErr != nil {
			exit = reportError("lint", a.loadErr, stderr)
			e := serviceError(a.loadErr)
			stop = &progress.Refusal{Code: e.Code, Message: e.Message}
			break
		}
		if a.refused != nil {
			reportRefusal("lint", a.refused, stderr)
			if a.hasErrors {
				exit = max(exit, exitFailed)
				continue
			}
			exit = refusalExit(a.refused)
			stop = &progress.Refusal{Code: a.refused.Code, Message: a.refused.Message}
			break
		}
		raws = append(raws, a.raw)
		exit = max(exit, decode[contract.LintResult](a.raw).Exit)
		if a.hasErrors {
			exit = max(exit, exitFailed)
		}
	}
	if prog.Streaming() {
		if err := prog.Finish(&progress.Result{Command: "lint", Verdict: verdict(exit), Exit: exit, Results: raws, Error: stop}); err != nil {
			fmt.Fprintf(stderr, "wright-lsp lint: writing standard output: %v\n", err)
			return exitUsage
		}
		return exit
	}
	for _, raw := range raws {
		emitJSON(stdout, raw)
	}
	return exit
}

// fixKinds returns the fix kinds --fix knows: the rules' of cfg and the
// parser's corrections of syntax errors.
func fixKinds(cfg *lint.Config) map[string]bool {
	out := map[string]bool{syntaxFixKind: true}
	for _, e := range cfg.Effective() {
		for _, k := range e.Rule.Fixes {
			out[k] = true
		}
	}
	return out
}
