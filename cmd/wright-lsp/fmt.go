package main

// This file implements "wright-lsp fmt": Workshop files printed as the
// game exports them, by the canonical printer (engine/printer) in each
// file's own client language.
//
// Formatting changes layout only: names keep the file's spellings (an
// older or English spelling the game reads stays as written); the layout
// is the game's, indented with the file's own unit (a tab as the game
// writes, or the spaces the file uses; --indent chooses). The editor's
// formatting shares printer.Format, so the two always agree.
//
// Formatting never loses text: a file is refused, saying why, when it has
// syntax errors, // or /* */ comments (the printer does not keep them),
// a name its language cannot spell, or when the printed text would not
// read back as the same program. Line ends (CRLF) and a byte-order mark
// are kept as the file has them.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/printer"
)

func runFmt(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("fmt")
	var common commonFlags
	fs.StringVar(&common.locale, "locale", "", "client `LANGUAGE` of the input, such as de-DE (default: detect from the text)")
	fs.StringVar(&common.kind, "kind", "auto", "input `KIND`: auto (by extension, then content) or workshop")
	common.format = "text"
	check := fs.Bool("check", false, "write nothing; fail (exit 1) when a file would change, naming it")
	write := fs.Bool("w", false, "rewrite the files that change (atomically)")
	diff := fs.Bool("diff", false, "print the changes as a unified diff and write nothing; fail (exit 1) when a file would change")
	indent := fs.String("indent", "auto", "indentation `UNIT`: auto (each file's own: a tab, or the spaces it is indented with), tab, or a number of spaces (1 to 8)")
	args, code, done := parseFlags("fmt", fs, args, stdout, stderr, 1, -1)
	if done {
		return code
	}
	if !common.check("fmt", stderr) {
		return exitUsage
	}
	if *write && (*check || *diff) {
		fmt.Fprintln(stderr, "wright-lsp fmt: -w writes the files; --check and --diff write nothing: give one of them")
		return exitUsage
	}
	indentUnit, ok := indentFlag(*indent)
	if !ok {
		fmt.Fprintf(stderr, "wright-lsp fmt: --indent %q: want auto, tab or a number of spaces from 1 to 8\n", *indent)
		return exitUsage
	}
	inputs, err := expandInputs(args, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp fmt: %v\n", err)
		return exitUsage
	}
	m := newSessionMaker("fmt", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	if *write {
		for _, in := range inputs {
			if in.path == stdinName {
				fmt.Fprintln(stderr, "wright-lsp fmt: -w writes files: standard input is formatted to standard output, without -w")
				return exitUsage
			}
		}
	}
	results := parallel(len(inputs), func(i int) formatted { return format(m, inputs[i], indentUnit) })
	exit, changed, unchanged, skipped, refused := exitOK, 0, 0, 0, 0
	for _, r := range results {
		switch {
		case r.problem != "":
			fmt.Fprintf(stderr, "wright-lsp fmt: %s\n", r.problem)
			exit = exitUsage
			refused++
			continue
		case r.skipped:
			skipped++
			continue
		case r.old == r.new:
			unchanged++
		default:
			changed++
		}
		switch {
		case *check:
			if r.old != r.new {
				fmt.Fprintf(stdout, "would reformat %s\n", r.path)
				exit = max(exit, exitFailed)
			}
		case *diff:
			if r.old != r.new {
				fmt.Fprint(stdout, edits.Unified(r.path, r.old, r.new))
				exit = max(exit, exitFailed)
			}
		case *write:
			if r.old != r.new {
				if err := writeAtomic(r.path, r.new); err != nil {
					fmt.Fprintf(stderr, "wright-lsp fmt: %v\n", err)
					return exitUsage
				}
			}
		default:
			io.WriteString(stdout, r.new)
		}
	}
	verb := "reformatted"
	if !*write {
		verb = "would reformat"
	}
	line := fmt.Sprintf("fmt: %s %s, %s already formatted", verb, plural(changed, "file"), plural(unchanged, "file"))
	if refused > 0 {
		line += fmt.Sprintf(", %s not formatted", plural(refused, "file"))
	}
	if skipped > 0 {
		line += fmt.Sprintf(", %s skipped (OverPy: no formatter yet)", plural(skipped, "file"))
	}
	if *write || *check || *diff {
		fmt.Fprintln(stderr, line)
	}
	return exit
}

// indentFlag reads --indent: "" (each file's own unit) for auto.
func indentFlag(v string) (string, bool) {
	switch v {
	case "auto":
		return "", true
	case "tab":
		return "\t", true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 8 {
		return "", false
	}
	return strings.Repeat(" ", n), true
}

// formatted is one input's text before and after printing.
type formatted struct {
	path     string
	old, new string
	skipped  bool
	problem  string
}

// format prints one input's program, or says why it cannot.
func format(m *sessionMaker, in input, indent string) formatted {
	s := m.session(in)
	p, err := s.Load()
	if err != nil {
		return formatted{problem: err.Error()}
	}
	out := formatted{path: in.path, old: p.File.Text}
	if p.IsOverPy() {
		out.skipped = true
		return out
	}
	text, refusal := printer.Format(p.File.Text, p.Checked.Script, p.Checked.ParseErrors, printer.FormatOptions{Vocab: m.opts.Engine.Vocab, Indent: indent})
	if refusal != nil {
		why := refusal.Reason
		if refusal.SyntaxErrors > 0 {
			why += fmt.Sprintf(" (wright-lsp check %s)", in.path)
		}
		return formatted{problem: fmt.Sprintf("%s: not formatted: %s", in.path, why)}
	}
	out.new = text
	return out
}
