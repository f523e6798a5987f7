package diag

import (
	"sort"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Shift returns x moved by d bytes: its span, its related places and its
// fix's edits (zero spans stay). Related and Fix are copies; x's are not
// changed.
func (x Diagnostic) Shift(d int) Diagnostic {
	x.Span = x.Span.Shift(d)
	if len(x.Related) > 0 {
		rel := make([]Related, len(x.Related))
		for i, r := range x.Related {
			r.Span = r.Span.Shift(d)
			rel[i] = r
		}
		x.Related = rel
	}
	if x.Fix != nil {
		fix := &Fix{Title: x.Fix.Title, Edits: make([]source.Edit, len(x.Fix.Edits))}
		for i, e := range x.Fix.Edits {
			e.Span = e.Span.Shift(d)
			fix.Edits[i] = e
		}
		x.Fix = fix
	}
	return x
}

// Splice returns the diagnostics of a text of which the part [start,
// oldEnd) was analysed again: those of old (sorted by position) that start
// before start, then found (the new part's), then those of old that start
// at or after oldEnd, moved by delta bytes (the part's change of length). The result is sorted; old is
// not changed.
func Splice(old, found List, start, oldEnd, delta int) List {
	i := sort.Search(len(old), func(i int) bool { return old[i].Span.Start >= start })
	j := sort.Search(len(old), func(i int) bool { return old[i].Span.Start >= oldEnd })
	n := i + len(found) + len(old) - j
	if n == 0 {
		return nil // as a list that found nothing
	}
	out := make(List, 0, n)
	out = append(out, old[:i]...)
	out = append(out, found...)
	for _, d := range old[j:] {
		out = append(out, d.Shift(delta))
	}
	out.Sort()
	return out
}
