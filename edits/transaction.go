package edits

// This file defines edit transactions: changes to one or more sources,
// each stated against the exact text it was made for, checked as a whole
// before any of it is applied.

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// A Range is a contract range within one source: 1-based lines, columns
// counting code points, half-open.
type Range struct {
	Start, End Point
}

// A TextEdit replaces Range of Source with NewText. Identity is the
// SHA-256 of the source's text the edit was made against.
type TextEdit struct {
	Source   string
	Identity string
	Range    Range
	NewText  string
}

// A Transaction is a set of edits applied together or not at all. Edits
// of one source must not overlap; insertions at one point apply in the
// order given.
type Transaction struct {
	Edits []TextEdit
}

// Identity returns the identity of a text: the lower-case hex SHA-256 of
// its bytes.
func Identity(text string) string {
	// The text goes to the hash through a small buffer:
	// Sum256([]byte(text)) copied the whole text to the heap first.
	h := sha256.New()
	var buf [8 << 10]byte
	for len(text) > 0 {
		n := copy(buf[:], text)
		h.Write(buf[:n])
		text = text[n:]
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Refusal codes.
const (
	CodeUnknownSource = "edit-unknown-source"
	CodeStaleSource   = "edit-stale-source"
	CodeOverlap       = "edit-overlap"
	CodeOutOfRange    = "edit-out-of-range"
)

// A Refusal says why a transaction cannot apply. Edit is the index of
// the offending edit in the transaction.
type Refusal struct {
	Code    string
	Message string
	Edit    int
}

func (r *Refusal) Error() string { return r.Message }

// An Applied source is one source of a transaction after its edits.
type Applied struct {
	Source string
	// Old and New are the text before and after; Identity is New's.
	Old, New, Identity string
	// Edits are the transaction's edits of this source as byte edits of
	// Old, in text order.
	Edits []source.Edit

	oldID string
}

// oldIdentity returns the identity of Old, computed once.
func (a *Applied) oldIdentity() string {
	if a.oldID == "" {
		a.oldID = Identity(a.Old)
	}
	return a.oldID
}

// Apply checks tx against the current text of its sources (text returns
// it, or false for a source it does not know) and applies it. Every check
// runs before anything is applied: on a refusal nothing is returned. The
// sources come back in the order they first appear in tx.
func Apply(tx Transaction, text func(source string) (string, bool)) ([]*Applied, error) {
	bySource := map[string]*Applied{}
	mappers := map[string]*Mapper{}
	var order []*Applied
	type located struct {
		edit  source.Edit
		index int
	}
	spans := map[string][]located{}
	for i, e := range tx.Edits {
		a := bySource[e.Source]
		if a == nil {
			t, ok := text(e.Source)
			if !ok {
				return nil, &Refusal{CodeUnknownSource, fmt.Sprintf("edit %d: %q is not a source of the program", i, e.Source), i}
			}
			a = &Applied{Source: e.Source, Old: t}
			bySource[e.Source] = a
			mappers[e.Source] = NewMapper(t)
			order = append(order, a)
		}
		if have := a.oldIdentity(); e.Identity != have {
			return nil, &Refusal{CodeStaleSource, fmt.Sprintf("edit %d: %s has changed since the edit was made (its identity is now %s, the edit names %s); read it again",
				i, e.Source, have, orNone(e.Identity)), i}
		}
		m := mappers[e.Source]
		start, err := m.PointOffset(e.Range.Start)
		if err != nil {
			return nil, &Refusal{CodeOutOfRange, fmt.Sprintf("edit %d: start %d:%d of %s: %v", i, e.Range.Start.Line, e.Range.Start.Column, e.Source, err), i}
		}
		end, err := m.PointOffset(e.Range.End)
		if err != nil {
			return nil, &Refusal{CodeOutOfRange, fmt.Sprintf("edit %d: end %d:%d of %s: %v", i, e.Range.End.Line, e.Range.End.Column, e.Source, err), i}
		}
		if end < start {
			return nil, &Refusal{CodeOutOfRange, fmt.Sprintf("edit %d: the range of %s ends (%d:%d) before it starts (%d:%d)",
				i, e.Source, e.Range.End.Line, e.Range.End.Column, e.Range.Start.Line, e.Range.Start.Column), i}
		}
		spans[e.Source] = append(spans[e.Source], located{source.Edit{Span: source.Span{Start: start, End: end}, New: e.NewText}, i})
	}
	for _, a := range order {
		ls := spans[a.Source]
		slices.SortStableFunc(ls, func(x, y located) int { return cmp.Compare(x.edit.Span.Start, y.edit.Span.Start) })
		for j := 1; j < len(ls); j++ {
			prev, cur := ls[j-1], ls[j]
			// Two edits overlap when one starts inside the other; two
			// insertions at one point do not (they apply in order).
			if cur.edit.Span.Start < prev.edit.Span.End {
				return nil, &Refusal{CodeOverlap, fmt.Sprintf("edits %d and %d of %s overlap", min(prev.index, cur.index), max(prev.index, cur.index), a.Source),
					max(prev.index, cur.index)}
			}
		}
		for _, l := range ls {
			a.Edits = append(a.Edits, l.edit)
		}
		newText, err := source.Apply(a.Old, a.Edits)
		if err != nil {
			// The checks above make this unreachable; refuse rather than
			// return a half-made text.
			return nil, &Refusal{CodeOverlap, fmt.Sprintf("%s: %v", a.Source, err), 0}
		}
		a.New, a.Identity = newText, Identity(newText)
	}
	return order, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// FromEngine states byte edits of one text (a lint fix, a rename) as a
// transaction against that text.
func FromEngine(path, text string, es []source.Edit) (Transaction, error) {
	m := NewMapper(text)
	id := Identity(text)
	tx := Transaction{Edits: make([]TextEdit, 0, len(es))}
	for _, e := range es {
		a, b, err := m.SpanPoints(e.Span.Start, e.Span.End)
		if err != nil {
			return Transaction{}, fmt.Errorf("edit %v of %s: %w", e.Span, path, err)
		}
		tx.Edits = append(tx.Edits, TextEdit{Source: path, Identity: id, Range: Range{a, b}, NewText: e.New})
	}
	return tx, nil
}
