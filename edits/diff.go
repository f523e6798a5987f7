package edits

// This file renders differences between two texts: unified diffs for
// previews, and minimal byte edits (for formatting).

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// contextLines is how many unchanged lines a unified diff shows around a
// change.
const contextLines = 3

// lineDiff diffs two texts line by line. The search has no time limit, so
// the result depends only on the texts (a timeout makes it depend on the
// machine's load); line mode keeps it fast: every distinct line is one
// symbol.
func lineDiff(old, new string) []diffmatchpatch.Diff {
	d := diffmatchpatch.New()
	d.DiffTimeout = 0
	a, b, lines := d.DiffLinesToChars(old, new)
	return d.DiffCharsToLines(d.DiffMain(a, b, false), lines)
}

// splitLines splits text into lines that keep their terminators.
func splitLines(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		out = append(out, line)
	}
	return out
}

// A diffLine is one line of a unified diff body: ' ', '-' or '+', and the
// line with its terminator.
type diffLine struct {
	op   byte
	text string
}

// Unified returns a unified diff of old and new, labelled a/path and
// b/path, with three lines of context; "" when the texts are equal.
func Unified(path, old, new string) string {
	if old == new {
		return ""
	}
	var body []diffLine
	for _, d := range lineDiff(old, new) {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range splitLines(d.Text) {
			body = append(body, diffLine{op, l})
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", path, path)
	// Walk the body hunk by hunk: a hunk spans from contextLines before a
	// change to contextLines after the last change within reach.
	oldLine, newLine := 1, 1
	for i := 0; i < len(body); {
		if body[i].op == ' ' {
			i++
			oldLine++
			newLine++
			continue
		}
		start := max(i-contextLines, 0)
		hunkOld, hunkNew := oldLine-(i-start), newLine-(i-start)
		end := i
		for j := i; j < len(body); j++ {
			if body[j].op != ' ' {
				end = j + 1
			} else if j-end >= 2*contextLines {
				break
			}
		}
		stop := min(end+contextLines, len(body))
		var oldCount, newCount int
		for _, l := range body[start:stop] {
			if l.op != '+' {
				oldCount++
			}
			if l.op != '-' {
				newCount++
			}
		}
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(hunkOld, oldCount), hunkRange(hunkNew, newCount))
		for _, l := range body[start:stop] {
			b.WriteByte(l.op)
			b.WriteString(l.text)
			if !strings.HasSuffix(l.text, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		for _, l := range body[i:stop] {
			if l.op != '+' {
				oldLine++
			}
			if l.op != '-' {
				newLine++
			}
		}
		i = stop
	}
	return b.String()
}

// hunkRange renders a hunk's start and length; an empty range names the
// line before it, as diff(1) does.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// MinimalEdits returns byte edits that turn old into new, each covering
// whole changed lines, in text order. Applied to old they give new.
func MinimalEdits(old, new string) []source.Edit {
	var out []source.Edit
	at := 0
	var pending *source.Edit
	flush := func() {
		if pending != nil {
			out = append(out, *pending)
			pending = nil
		}
	}
	for _, d := range lineDiff(old, new) {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			flush()
			at += len(d.Text)
		case diffmatchpatch.DiffDelete:
			if pending == nil {
				pending = &source.Edit{Span: source.Span{Start: at, End: at}}
			}
			at += len(d.Text)
			pending.Span.End = at
		case diffmatchpatch.DiffInsert:
			if pending == nil {
				pending = &source.Edit{Span: source.Span{Start: at, End: at}}
			}
			pending.New += d.Text
		}
	}
	flush()
	return out
}
