package main

// This file implements "wright-lsp check" and the flag parsing the
// commands share.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
)

// runCheck checks each FILE through the service's check workflow. With
// --format json it prints each file's wright-result/v1 envelope on its
// own line; otherwise one line per diagnostic and a summary on stderr.
// When a file cannot be read, nothing is printed on stdout in text form.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	all := fs.Bool("all", false, "list every diagnostic (the default lists 20)")
	common.register(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil || !common.check("check", stderr) {
		return exitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "wright-lsp check: no files given\nusage: wright-lsp check [--locale L] [--format text|json] [--all] FILE…")
		return exitUsage
	}
	type checked struct {
		raw []byte
		env *contract.CheckResult
	}
	var results []checked
	exit, unreadable := exitOK, false
	for _, path := range files {
		s := sessionFor("check", path, &common, nil, stderr)
		if s == nil {
			return exitUsage
		}
		raw, refused := call("check", s, contract.CheckRequest{Op: "check", All: *all || common.format == "text"}, stderr)
		if refused != nil {
			return refusalExit(refused)
		}
		env := decode[contract.CheckResult](raw)
		results = append(results, checked{raw, env})
		exit = max(exit, env.Exit)
		if env.Exit == exitUsage {
			unreadable = true
			for _, d := range env.Diagnostics {
				fmt.Fprintf(stderr, "wright-lsp check: %s\n", d.Message)
			}
		}
	}
	if common.format == "json" {
		for _, r := range results {
			emitJSON(stdout, r.raw)
		}
		return exit
	}
	if unreadable {
		return exitUsage
	}
	var errors, warnings, infos int
	// One write per line would cost a system call per diagnostic.
	buf := bufio.NewWriter(stdout)
	for _, r := range results {
		for _, d := range r.env.Diagnostics {
			fmt.Fprintf(buf, "%s:%d:%d: %s %s: %s\n", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Severity, d.Code, d.Message)
			switch d.Severity {
			case "error":
				errors++
			case "warning":
				warnings++
			default:
				infos++
			}
		}
	}
	buf.Flush()
	fmt.Fprintf(stderr, "checked %d file(s): %d error(s), %d warning(s), %d info\n", len(results), errors, warnings, infos)
	return exit
}

// parseInterspersed parses flags that may come before, between or after
// the file arguments ("check a.ow --format json").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return files, nil
		}
		if rest[0] == "--" {
			return append(files, rest[1:]...), nil
		}
		files = append(files, rest[0])
		args = rest[1:]
		if strings.HasPrefix(rest[0], "-") && rest[0] != "-" {
			return nil, fmt.Errorf("bad flag %s", rest[0])
		}
	}
}
