package main

// This file implements "wright-lsp compile": the program written in the
// game's export style, in any client language, through the service's
// compile (service.Compile), so that --format json prints exactly the
// service's envelope.
//
// Standard output carries the program when -o - streams it, and nothing
// else then; diagnostics and the summary go to standard error, as a
// compiler's do. With --format json the envelope goes to standard output,
// or to standard error when the program is streamed.

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/internal/progress"
	"github.com/wright-lsp/wright-lsp/service"
)

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("compile")
	var common commonFlags
	common.register(fs)
	var output string
	fs.StringVar(&output, "o", "", "write the program to `FILE`; - writes it to standard output (default: INPUT's name with .ow, see below)")
	fs.StringVar(&output, "output", "", "same as -o `FILE`")
	force := fs.Bool("force", false, "replace an existing output file (never the input)")
	to := fs.String("to", "", "client `LANGUAGE` to write in, such as de-DE (default: the input's)")
	profile := fs.String("profile", string(service.ProfileOff), "`PROFILE`: off writes the program as read; compat first rewrites legacy forms into the ones the game exports today")
	optimize := fs.Bool("optimize", false, "run the optimiser: the program written behaves the same with fewer elements (the default for OverPy input)")
	noOptimize := fs.Bool("no-optimize", false, "write OverPy input as lowered, without the optimiser (as #!disableOptimizations does)")
	stream := streamFlag(fs)
	files, code, done := parseFlags("compile", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if !common.check("compile", stderr) || !checkStream("compile", *stream, &common, stderr) {
		return exitUsage
	}
	if *stream && output == "-" {
		fmt.Fprintln(stderr, "wright-lsp compile: --json-stream takes standard output: write the program to a file with -o FILE")
		return exitUsage
	}
	m := newSessionMaker("compile", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	in, code, ok := oneInput("compile", files[0], stderr)
	if !ok {
		return code
	}
	barOut := stderr
	if output == "-" {
		barOut = io.Discard // the program goes to standard output, perhaps the same terminal
	}
	prog := newProgress(*stream, stdout, barOut)
	prog.Report("read", progress.StageStart, 0, "reading "+in.path)
	p, err := m.session(in).Load()
	if err != nil {
		prog.Erase()
		code := reportError("compile", err, stderr)
		if prog.Streaming() {
			e := serviceError(err)
			if ferr := prog.Finish(&progress.Result{Command: "compile", Verdict: "fail", Exit: code,
				Error: &progress.Refusal{Code: e.Code, Message: e.Message}}); ferr != nil {
				return exitUsage
			}
		}
		return code
	}
	prog.Report("read", progress.StageComplete, 40, fmt.Sprintf("read %s", plural(len(p.SourceFiles()), "file")))
	if output == "" {
		if in.path == stdinName {
			prog.Erase()
			fmt.Fprintln(stderr, "wright-lsp compile: name the output of standard input with -o FILE, or -o - for standard output")
			return exitUsage
		}
		output = defaultOutput(p.File.Path)
	}
	opts := service.CompileOptions{Output: output, Force: *force, To: *to, Profile: service.Profile(*profile)}
	switch {
	case *optimize && *noOptimize:
		fmt.Fprintln(stderr, "wright-lsp compile: --optimize and --no-optimize contradict each other: give one")
		return exitUsage
	case *optimize:
		opts.Optimize = optimize
	case *noOptimize:
		off := false
		opts.Optimize = &off
	}
	prog.Report("compile", progress.StageStart, 50, "writing "+output)
	var res *contract.CompileResult
	report := stdout
	if output == "-" {
		var text string
		text, res = service.Render(p, opts)
		report = stderr
		if res.Exit == 0 {
			if _, err := io.WriteString(stdout, text); err != nil {
				fmt.Fprintf(stderr, "wright-lsp compile: writing standard output: %v\n", err)
				return exitUsage
			}
		}
	} else {
		res = service.Compile(p, opts)
	}
	prog.Report("compile", progress.StageComplete, 99, "compiled "+in.path)
	if prog.Streaming() {
		raw, err := service.Marshal(res)
		if err != nil {
			panic(err) // contract result types always encode
		}
		if err := prog.Finish(&progress.Result{Command: "compile", Verdict: verdict(res.Exit), Exit: res.Exit,
			Results: []json.RawMessage{raw}}); err != nil {
			fmt.Fprintf(stderr, "wright-lsp compile: writing standard output: %v\n", err)
			return exitUsage
		}
		return res.Exit
	}
	prog.Erase()
	if common.format == "json" {
		raw, err := service.Marshal(res)
		if err != nil {
			panic(err) // contract result types always encode
		}
		emitJSON(report, raw)
		return res.Exit
	}
	printCompile(stderr, res, in)
	return res.Exit
}

// defaultOutput is compile's output when -o is not given: the entry's
// name with its extension replaced by .ow, in the working directory, or
// NAME.out.ow when that is the entry itself (a .ow file compiled in its
// own directory), so that the default never names the input.
func defaultOutput(entry string) string {
	out := service.DefaultOutput(entry)
	if same(out, entry) {
		base := filepath.Base(entry)
		out = strings.TrimSuffix(base, filepath.Ext(base)) + ".out.ow"
	}
	return out
}

// same reports whether two paths name one file.
func same(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(ia, ib)
	}
	return absPath(a) == absPath(b)
}

// cliMessages say compile's refusals in the CLI's words, with its flags.
var cliMessages = map[string]func(d contract.Diagnostic) string{
	"output-exists": func(d contract.Diagnostic) string {
		return fmt.Sprintf("%s already exists: pass --force to replace it, or name another output with -o", d.Range.Path)
	},
	"output-is-input": func(d contract.Diagnostic) string {
		return fmt.Sprintf("%s is the input: compile never replaces its input, even with --force; name another output with -o", d.Range.Path)
	},
}

// printCompile writes the diagnostics and the one-line summary.
func printCompile(w io.Writer, res *contract.CompileResult, in input) {
	nErrors := 0
	rep := newReporter(w)
	if in.path == stdinName {
		rep.texts[stdinName] = in.text
	}
	var ps []problem
	for _, d := range res.Diagnostics {
		if say, ok := cliMessages[d.Code]; ok {
			d.Message = say(d)
		}
		ps = append(ps, fromDiagnostic(d))
		if d.Severity == "error" {
			nErrors++
		}
	}
	sortProblems(ps)
	rep.printAll(ps, -1)
	if t := res.Truncation; t != nil {
		nErrors = -1 // unknown: some are withheld
		fmt.Fprintf(w, "showing %d of %d diagnostics; wright-lsp check %s lists every one\n", t.Shown, t.Total, in.path)
	}
	if o := res.Output; o != nil {
		where := o.WrittenTo
		if where == "-" {
			where = "standard output"
		}
		fmt.Fprintf(w, "wrote %s (%d bytes, %s, sha256 %s)\n", where, o.Bytes, plural(o.Elements, "element"), o.SHA256)
		if op := o.Optimization; op != nil {
			fmt.Fprintf(w, "optimised: %d → %s (%d saved, %s changed)\n", op.Before, plural(op.After, "element"), op.Before-op.After, plural(op.Rules, "rule"))
		}
		return
	}
	switch {
	case nErrors > 0:
		fmt.Fprintf(w, "compile failed with %s; nothing written\n", plural(nErrors, "error"))
	default:
		fmt.Fprintln(w, "compile failed; nothing written")
	}
}
