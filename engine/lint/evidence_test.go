package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// evidenceReference is what Evidence returns, read whole.
func evidenceReference(text string, span source.Span) string {
	if span.Start < 0 || span.End > len(text) || span.Start >= span.End {
		return ""
	}
	out := strings.Join(strings.Fields(text[span.Start:span.End]), " ")
	if utf8.RuneCountInString(out) > maxEvidence {
		r := []rune(out)
		out = string(r[:maxEvidence-1]) + "…"
	}
	return out
}

// TestEvidenceReadsAsFarAsItKeeps: Evidence, which stops reading once it
// knows it shortens, quotes what joining every field of the span gives,
// over texts of words, white space of every kind, non-ASCII letters and
// invalid bytes, around and across the length it keeps.
func TestEvidenceReadsAsFarAsItKeeps(t *testing.T) {
	pieces := []string{"a", "Set Global Variable", "é", "日本", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\u0085", "\xff", "\xe6\x97", "x(", ")", ";", "…", strings.Repeat("w", 40)}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var b strings.Builder
		for range rng.IntN(120) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		span := source.Span{Start: 0, End: len(text)}
		if len(text) > 0 && i%3 == 0 {
			span.Start = rng.IntN(len(text))
			span.End = span.Start + rng.IntN(len(text)-span.Start+1)
		}
		if got, want := Evidence(text, span), evidenceReference(text, span); got != want {
			t.Fatalf("Evidence(%q, %v) = %q, want %q", text, span, got, want)
		}
	}
}
