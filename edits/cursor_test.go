package edits

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCursorAgreesWithOffsetPosition: over texts of every kind of line
// break and character (ASCII, two- to four-byte UTF-8, invalid bytes,
// long lines past the mapper's marks), a cursor converts every character
// boundary, in increasing order with repeats and with steps back, to the
// position OffsetPosition gives, in each encoding.
func TestCursorAgreesWithOffsetPosition(t *testing.T) {
	pieces := []string{"a", "Global.A", " ", "\t", "\n", "\r\n", "\r", "é", "全局", "😀", "\xff", strings.Repeat("x", 300), strings.Repeat("日", 200)}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 200 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		m := NewMapper(text)
		var offs []int
		for i := 0; i <= len(text); i++ {
			if i == len(text) || utf8.RuneStart(text[i]) {
				offs = append(offs, i)
			}
		}
		// Some repeated, some out of order.
		for range len(offs) / 4 {
			offs = append(offs, offs[rng.IntN(len(offs))])
		}
		slices.Sort(offs)
		if n%3 == 0 && len(offs) > 2 {
			i, j := rng.IntN(len(offs)), rng.IntN(len(offs))
			offs[i], offs[j] = offs[j], offs[i]
		}
		for _, enc := range []Encoding{UTF8, UTF16, UTF32} {
			c := m.Cursor(enc)
			for _, off := range offs {
				got, err := c.Position(off)
				want, werr := m.OffsetPosition(off, enc)
				if (err != nil) != (werr != nil) || got != want {
					t.Fatalf("text %q, %s, offset %d: cursor %v %v, OffsetPosition %v %v", text, enc, off, got, err, want, werr)
				}
			}
		}
	}
}

func TestCursorRefusesWhatOffsetPositionRefuses(t *testing.T) {
	m := NewMapper("é\nb")
	c := m.Cursor(UTF16)
	for _, off := range []int{1, -1, 99} {
		if _, err := c.Position(off); err == nil {
			t.Errorf("offset %d: no error", off)
		}
	}
	if p, err := c.Position(3); err != nil || p != (Position{Line: 1, Character: 0}) {
		t.Errorf("offset 3: %v %v", p, err)
	}
}
