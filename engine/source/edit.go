package source

import (
	"fmt"
	"slices"
	"strings"
)

// An Edit replaces the bytes of Span with New. Edits are how the engine
// states a change (a lint fix, a rename); the edits package turns them
// into the contract's transactions and LSP text edits.
type Edit struct {
	Span Span
	New  string
}

// Apply returns text with edits applied. Edits are given in any order but
// must lie within the text and must not overlap (two insertions at one
// offset are applied in the order given); otherwise Apply returns an
// error and no text.
func Apply(text string, edits []Edit) (string, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return a.Span.Start - b.Span.Start })
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, e := range sorted {
		if e.Span.Start < 0 || e.Span.End > len(text) || e.Span.Start > e.Span.End {
			return "", fmt.Errorf("edit %v is outside the text (%d bytes)", e.Span, len(text))
		}
		if e.Span.Start < at {
			return "", fmt.Errorf("edit %v overlaps an earlier edit ending at %d", e.Span, at)
		}
		b.WriteString(text[at:e.Span.Start])
		b.WriteString(e.New)
		at = e.Span.End
	}
	b.WriteString(text[at:])
	return b.String(), nil
}
