package edits

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestProviderPositions: a transaction's ranges (1-based code points) are
// stated in provider positions (0-based lines, UTF-16 characters) and
// back; an astral character counts one code point and two UTF-16 units;
// a provider position inside it, or past a line's end, is refused.
func TestProviderPositions(t *testing.T) {
	text := "a\n𝔘é score = 1\n"
	tx := Transaction{Edits: []TextEdit{{Source: "f.opy", Identity: Identity(text), NewText: "total",
		Range: Range{Point{2, 4}, Point{2, 9}}}}}
	applied, err := Apply(tx, func(string) (string, bool) { return text, true })
	if err != nil {
		t.Fatal(err)
	}
	pes, err := applied[0].ProviderEdits()
	if err != nil {
		t.Fatal(err)
	}
	want := ProviderEdit{Source: "f.opy", Start: Position{1, 4}, End: Position{1, 9}, NewText: "total"}
	if len(pes) != 1 || pes[0] != want {
		t.Fatalf("ProviderEdits = %+v, want %+v", pes, want)
	}
	m := NewMapper(text)
	a, b, err := m.ProviderRange(want.Start, want.End)
	if err != nil || a != (Point{2, 4}) || b != (Point{2, 9}) {
		t.Errorf("ProviderRange = %v %v %v, want 2:4 2:9", a, b, err)
	}
	for _, c := range []struct {
		name       string
		start, end Position
	}{
		{"inside the surrogate pair", Position{1, 1}, Position{1, 3}},
		{"past the end of the line", Position{1, 4}, Position{1, 40}},
		{"past the last line", Position{7, 0}, Position{7, 0}},
		{"ends before it starts", Position{1, 6}, Position{1, 4}},
	} {
		if _, _, err := m.ProviderRange(c.start, c.end); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	// The byte edit the provider makes from them is the transaction's.
	s, _ := m.PositionOffset(want.Start, UTF16)
	e, _ := m.PositionOffset(want.End, UTF16)
	if got, _ := source.Apply(text, []source.Edit{{Span: source.Span{Start: s, End: e}, New: "total"}}); got != applied[0].New {
		t.Errorf("the provider's edit gives %q, the transaction %q", got, applied[0].New)
	}
}
