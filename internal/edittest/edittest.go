package edittest

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// WorkshopCorpus reads every Workshop file of the shared corpus, shared
// being the path to ../shared from the test's package. The corpus must be
// present: a missing corpus is a failure, not a skip.
func WorkshopCorpus(tb testing.TB, shared string) []*source.File {
	tb.Helper()
	matches, err := filepath.Glob(filepath.Join(shared, "corpus", "workshop", "*", "*.txt"))
	if err != nil || len(matches) < 60 {
		tb.Fatalf("the shared corpus must be present (found %d files): %v", len(matches), err)
	}
	files := make([]*source.File, 0, len(matches))
	for _, m := range matches {
		f, err := source.ReadFile(m)
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// A Keystroke is one character typed into a script, and the text after.
type Keystroke struct {
	Name string // "middle-rule" or "second-rule"
	Edit source.Edit
	Text string
}

// Keystrokes returns a space typed after the first statement ending past
// the middle of the middle rule of rules, then of the second rule, whose
// edit moves nearly every rule after it.
func Keystrokes(tb testing.TB, text string, rules []*ast.Rule) []Keystroke {
	tb.Helper()
	if len(rules) < 3 {
		tb.Fatalf("%d rules: a keystroke needs at least 3", len(rules))
	}
	var out []Keystroke
	for _, at := range []struct {
		name string
		rule int
	}{{"middle-rule", len(rules) / 2}, {"second-rule", 1}} {
		r := rules[at.rule]
		mid := r.Span.Start + r.Span.Len()/2
		semi := strings.IndexByte(text[mid:r.Span.End], ';')
		if semi < 0 {
			tb.Fatalf("rule %d has no statement after its middle", at.rule)
		}
		off := mid + semi + 1
		out = append(out, Keystroke{
			Name: at.name,
			Edit: source.Edit{Span: source.Span{Start: off, End: off}, New: " "},
			Text: text[:off] + " " + text[off:],
		})
	}
	return out
}

// ReportPercentiles reports the median and the 99th percentile of times,
// in milliseconds, as p50-ms and p99-ms. The q-th is the time at index
// q·n of the sorted n (the last at most): of 300 keystrokes, the 3rd
// slowest is the 99th percentile.
func ReportPercentiles(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	at := func(q float64) float64 {
		return float64(times[min(len(times)-1, int(q*float64(len(times))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// RuneStart moves off back to the start of the character it is in.
func RuneStart(text string, off int) int {
	for off > 0 && off < len(text) && !utf8.RuneStart(text[off]) {
		off--
	}
	return off
}

// RuneEnd moves off forward to the start of the next character when it
// is inside one.
func RuneEnd(text string, off int) int {
	for off < len(text) && !utf8.RuneStart(text[off]) {
		off++
	}
	return off
}

// DeleteStatement returns the edit deleting st and the ';' after it.
func DeleteStatement(text string, st *ast.Statement) source.Edit {
	end := st.Span.End
	if end < len(text) && text[end] == ';' {
		end++
	}
	return source.Edit{Span: source.Span{Start: st.Span.Start, End: end}}
}
