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

// Difference returns one edit that turns old into new: the bytes between
// their common prefix and their common suffix replaced. It is how a
// reader that saw old learns what changed when it is handed new (several
// edits become one that covers them).
func Difference(old, new string) Edit {
	n := min(len(old), len(new))
	pre := commonPrefix(old, new, n)
	suf := commonSuffix(old[pre:], new[pre:], n-pre)
	return Edit{Span: Span{Start: pre, End: len(old) - suf}, New: new[pre : len(new)-suf]}
}

// commonPrefix returns the length of the common prefix of a and b, of at
// most n bytes. Comparing blocks first leaves the byte loop a block at
// most: a language server compares a large file on every keystroke.
func commonPrefix(a, b string, n int) int {
	const block = 64
	i := 0
	for i+block <= n && a[i:i+block] == b[i:i+block] {
		i += block
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the common suffix of a and b, of at
// most n bytes.
func commonSuffix(a, b string, n int) int {
	const block = 64
	i := 0
	for i+block <= n && a[len(a)-i-block:len(a)-i] == b[len(b)-i-block:len(b)-i] {
		i += block
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
