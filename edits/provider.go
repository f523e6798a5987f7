package edits

// This file translates between the contract's ranges (1-based lines,
// columns in code points) and a source-language provider's positions
// (0-based lines, UTF-16 characters, as LSP counts them), for
// providerValidateEdit: the shared transaction is checked and stated in
// the provider's positions here, and the provider's diagnostics are
// stated back in contract ranges.

import "fmt"

// A ProviderEdit is an edit of one source in provider positions.
type ProviderEdit struct {
	Source     string
	Start, End Position
	NewText    string
}

// ProviderEdits states a's edits (byte edits of Old) in provider
// positions, in text order.
func (a *Applied) ProviderEdits() ([]ProviderEdit, error) {
	m := NewMapper(a.Old)
	out := make([]ProviderEdit, 0, len(a.Edits))
	for _, e := range a.Edits {
		start, err := m.OffsetPosition(e.Span.Start, UTF16)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Source, err)
		}
		end, err := m.OffsetPosition(e.Span.End, UTF16)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Source, err)
		}
		out = append(out, ProviderEdit{Source: a.Source, Start: start, End: end, NewText: e.New})
	}
	return out, nil
}

// ProviderRange converts a provider range of m's text to contract
// points. A position the text does not hold (past a line's end, inside a
// surrogate pair) is an error, never clamped.
func (m *Mapper) ProviderRange(start, end Position) (Point, Point, error) {
	a, err := m.PositionOffset(start, UTF16)
	if err != nil {
		return Point{}, Point{}, err
	}
	b, err := m.PositionOffset(end, UTF16)
	if err != nil {
		return Point{}, Point{}, err
	}
	if b < a {
		return Point{}, Point{}, fmt.Errorf("the range ends (%d:%d) before it starts (%d:%d)", end.Line, end.Character, start.Line, start.Character)
	}
	return m.SpanPoints(a, b)
}
