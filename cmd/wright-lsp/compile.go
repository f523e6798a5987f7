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
	"flag"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

const compileUsage = "usage: wright-lsp compile [-o FILE|-] [--force] [--to LOCALE] [--profile off|compat] [--locale L] [--format text|json] INPUT"

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	common.register(fs)
	var output string
	fs.StringVar(&output, "o", "", "write the program to `FILE`; - writes it to standard output (default: INPUT's stem + .ow in the working directory)")
	fs.StringVar(&output, "output", "", "same as -o")
	force := fs.Bool("force", false, "replace an existing output file (never the input)")
	to := fs.String("to", "", "client language to write in, such as de-DE (default: the input's)")
	profile := fs.String("profile", string(service.ProfileOff), "off writes the program as read; compat first rewrites legacy forms into the ones the game exports today")
	files, err := parseInterspersed(fs, args)
	if err != nil || !common.check("compile", stderr) {
		return exitUsage
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "wright-lsp compile: expected one INPUT\n"+compileUsage)
		return exitUsage
	}
	s := sessionFor("compile", files[0], &common, nil, stderr)
	if s == nil {
		return exitUsage
	}
	p, err := s.Load()
	if err != nil {
		return reportError("compile", err, stderr)
	}
	opts := service.CompileOptions{Output: output, Force: *force, To: *to, Profile: service.Profile(*profile)}
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
	if common.format == "json" {
		raw, err := service.Marshal(res)
		if err != nil {
			panic(err) // contract result types always encode
		}
		emitJSON(report, raw)
		return res.Exit
	}
	printCompile(stderr, res)
	return res.Exit
}

// printCompile writes the diagnostics and the one-line summary.
func printCompile(w io.Writer, res *contract.CompileResult) {
	nErrors := 0
	for _, d := range res.Diagnostics {
		fmt.Fprintf(w, "%s:%d:%d: %s %s: %s\n", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Severity, d.Code, d.Message)
		if d.Severity == "error" {
			nErrors++
		}
	}
	if t := res.Truncation; t != nil {
		nErrors = -1 // unknown: some are withheld
		fmt.Fprintf(w, "showing %d of %d diagnostics; wright-lsp check --all lists every one of the program's\n", t.Shown, t.Total)
	}
	if o := res.Output; o != nil {
		where := o.WrittenTo
		if where == "-" {
			where = "standard output"
		}
		fmt.Fprintf(w, "wrote %s (%d bytes, sha256 %s)\n", where, o.Bytes, o.SHA256)
		return
	}
	switch {
	case nErrors > 0:
		fmt.Fprintf(w, "compile failed with %d error(s); nothing written\n", nErrors)
	default:
		fmt.Fprintln(w, "compile failed; nothing written")
	}
}
