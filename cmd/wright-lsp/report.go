package main

// This file prints problems (diagnostics and lint findings) for people:
// sorted by file and position, one line each
// (path:line:col: severity code: message) when the output is a file, a
// pipe or NO_COLOR is set; on a terminal, coloured, with the source line
// and a caret under the span, as compilers print them. It also counts
// them for the summary and decides the verdict.

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"
	"golang.org/x/text/width"

	"github.com/wright-lsp/wright-lsp/contract"
)

// A problem is a diagnostic or a finding, as printed.
type problem struct {
	path                       string
	line, col, endLine, endCol int
	severity, code, message    string
	// finding is set for a lint finding (not a program diagnostic).
	finding bool
	// fix is the kind of fix a finding carries.
	fix string
	// rng, related and fixed are what the CI reports need: the whole
	// range, the secondary locations and the fix's transaction.
	rng     contract.Range
	related []contract.Related
	fixed   *contract.Fix
}

func fromDiagnostic(d contract.Diagnostic) problem {
	r := d.Range
	return problem{path: r.Path, line: r.Start.Line, col: r.Start.Column, endLine: r.End.Line, endCol: r.End.Column,
		severity: d.Severity, code: d.Code, message: d.Message, rng: r, related: d.Related}
}

func fromFinding(f contract.Finding) problem {
	p := fromDiagnostic(contract.Diagnostic{Range: f.Span, Severity: f.Severity, Code: f.Code, Message: f.Message})
	p.finding = true
	if f.Fix != nil {
		p.fix = f.Fix.Kind
		p.fixed = f.Fix
	}
	return p
}

// severityRank orders severities, the most severe first.
var severityRank = map[string]int{"error": 0, "warning": 1, "info": 2, "hint": 3}

// sortProblems orders problems by file, position, severity and code.
func sortProblems(ps []problem) {
	slices.SortStableFunc(ps, func(a, b problem) int {
		return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col),
			cmp.Compare(severityRank[a.severity], severityRank[b.severity]), cmp.Compare(a.code, b.code))
	})
}

// A tally counts problems by severity.
type tally struct{ errors, warnings, infos int }

func (t *tally) add(ps ...problem) {
	for _, p := range ps {
		switch p.severity {
		case "error":
			t.errors++
		case "warning":
			t.warnings++
		default:
			t.infos++
		}
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%s, %s, %d info", plural(t.errors, "error"), plural(t.warnings, "warning"), t.infos)
}

// plural writes n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "x") || strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "ch"):
		noun += "es"
	case strings.HasSuffix(noun, "y") && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		noun = noun[:len(noun)-1] + "ies"
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// failsAt reports whether a problem reaches the severity failOn (error,
// warning or info).
func failsAt(ps []problem, failOn string) bool {
	for _, p := range ps {
		if severityRank[p.severity] <= severityRank[failOn] {
			return true
		}
	}
	return false
}

// A reporter prints problems on one stream.
type reporter struct {
	w io.Writer
	// pretty is set on a terminal without NO_COLOR: colour and excerpts.
	pretty bool
	// texts holds the text of inputs that are not files (standard
	// input), by path.
	texts map[string]string
	lines map[string][]string
}

func newReporter(w io.Writer) *reporter {
	return &reporter{w: w, pretty: isTerminal(w), texts: map[string]string{}, lines: map[string][]string{}}
}

// isTerminal reports whether w is a terminal that takes colour: not when
// NO_COLOR is set (https://no-color.org) or TERM is dumb.
func isTerminal(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// ANSI styles.
const (
	reset  = "\x1b[0m"
	bold   = "\x1b[1m"
	dim    = "\x1b[2m"
	red    = "\x1b[1;31m"
	yellow = "\x1b[1;33m"
	cyan   = "\x1b[1;36m"
	blue   = "\x1b[1;34m"
)

func severityStyle(s string) string {
	switch s {
	case "error":
		return red
	case "warning":
		return yellow
	}
	return cyan
}

// print writes one problem.
func (r *reporter) print(p problem) {
	fix := ""
	if p.fix != "" {
		fix = " (fix: " + p.fix + ")"
	}
	if !r.pretty {
		fmt.Fprintf(r.w, "%s:%d:%d: %s %s: %s%s\n", p.path, p.line, p.col, p.severity, p.code, p.message, fix)
		return
	}
	style := severityStyle(p.severity)
	if fix != "" {
		fix = dim + fix + reset
	}
	fmt.Fprintf(r.w, "%s%s:%d:%d:%s %s%s%s %s%s:%s %s%s%s%s\n", bold, p.path, p.line, p.col, reset,
		style, p.severity, reset, bold, p.code, reset, bold, p.message, reset, fix)
	r.excerpt(p, style)
}

// excerpt writes the source line of p with carets under its span (to the
// end of the line when the span goes on), when the line can be read.
func (r *reporter) excerpt(p problem, style string) {
	lines := r.source(p.path)
	if p.line < 1 || p.line > len(lines) {
		return
	}
	text := strings.TrimRight(lines[p.line-1], "\r\n")
	// Columns count code points, a leading byte-order mark among them.
	runes := []rune(text)
	start := min(max(p.col-1, 0), len(runes))
	end := len(runes)
	if p.endLine == p.line {
		end = min(max(p.endCol-1, start), len(runes))
	}
	shown, before, under := displayed(runes, start, end)
	gutter := fmt.Sprint(p.line)
	pad := strings.Repeat(" ", len(gutter))
	fmt.Fprintf(r.w, "%s%s |%s\n", blue, pad, reset)
	fmt.Fprintf(r.w, "%s%s |%s %s\n", blue, gutter, reset, shown)
	fmt.Fprintf(r.w, "%s%s |%s %s%s%s%s\n", blue, pad, reset, strings.Repeat(" ", before), style, strings.Repeat("^", max(under, 1)), reset)
}

// displayed renders a line for a terminal (tabs as four spaces, no
// byte-order mark) and measures the columns before the span [start, end)
// and under it, wide characters taking two.
func displayed(runes []rune, start, end int) (string, int, int) {
	var b strings.Builder
	before, under := 0, 0
	for i, c := range runes {
		w := 1
		switch {
		case c == '\t':
			w = 4
			b.WriteString("    ")
		case c == '\ufeff':
			w = 0
		default:
			if k := width.LookupRune(c).Kind(); k == width.EastAsianWide || k == width.EastAsianFullwidth {
				w = 2
			}
			b.WriteRune(c)
		}
		switch {
		case i < start:
			before += w
		case i < end:
			under += w
		}
	}
	return b.String(), before, under
}

// source returns the lines of the file at path.
func (r *reporter) source(path string) []string {
	if lines, ok := r.lines[path]; ok {
		return lines
	}
	text, ok := r.texts[path]
	if !ok {
		data, err := os.ReadFile(path)
		if err == nil && utf8.Valid(data) {
			text = string(data)
		}
	}
	lines := strings.SplitAfter(text, "\n")
	r.lines[path] = lines
	return lines
}

// printAll prints problems, the first max of them when max >= 0, and
// returns how many it printed.
func (r *reporter) printAll(ps []problem, max int) int {
	n := 0
	for _, p := range ps {
		if max >= 0 && n == max {
			break
		}
		r.print(p)
		n++
	}
	return n
}
