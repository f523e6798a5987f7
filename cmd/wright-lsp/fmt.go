package main

// This file implements "wright-lsp fmt": Workshop files printed as the
// game exports them, by the canonical printer (engine/printer) in each
// file's own client language.
//
// Formatting changes layout only: names keep the file's spellings (an
// older or English spelling the game reads stays as written); the layout
// is the game's, tabs included.
//
// Formatting never loses text: a file is refused, saying why, when it has
// syntax errors, // or /* */ comments (the printer does not keep them),
// a name its language cannot spell, or when the printed text would not
// read back as the same program. Line ends (CRLF) and a byte-order mark
// are kept as the file has them.

import (
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
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
	results := parallel(len(inputs), func(i int) formatted { return format(m, inputs[i]) })
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

// formatted is one input's text before and after printing.
type formatted struct {
	path     string
	old, new string
	skipped  bool
	problem  string
}

// format prints one input's program, or says why it cannot.
func format(m *sessionMaker, in input) formatted {
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
	refuse := func(format string, args ...any) formatted {
		return formatted{problem: fmt.Sprintf("%s: not formatted: ", in.path) + fmt.Sprintf(format, args...)}
	}
	sc := p.Checked.Script
	if n := p.Checked.ParseErrors; n > 0 {
		return refuse("it has %s; fix them first (wright-lsp check %s)", plural(n, "syntax error"), in.path)
	}
	if n := len(sc.Comments); n > 0 {
		return refuse("the printer does not keep // and /* */ comments, and the file has %d", n)
	}
	opts := m.opts.Engine
	text, diags := printer.Print(sc, printer.Options{
		Locale: sc.Locale, Vocab: opts.Vocab, Source: p.File.Text,
	})
	if len(diags) > 0 {
		return refuse("%s (%s in all)", diags[0].Message, plural(len(diags), "such name"))
	}
	back := parser.Parse(source.NewFile(in.path, text), parser.Options{Locale: sc.Locale, LocaleGiven: true, Vocab: opts.Vocab})
	if back.Diags.HasErrors() || ast.Dump(back.Script) != ast.Dump(sc) {
		return refuse("the printed text would not read back as the same program (a printer defect; please report it)")
	}
	if strings.Contains(p.File.Text, "\r\n") {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	if strings.HasPrefix(p.File.Text, "\ufeff") {
		text = "\ufeff" + text
	}
	out.new = text
	return out
}
