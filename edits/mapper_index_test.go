package edits

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The reference conversions: decode from the start of the line on every
// call, as the mapper did before it kept marks. The mapper must agree
// with them everywhere, invalid UTF-8 included.

func refLine(text string, off int) (start, end int) {
	start = strings.LastIndexAny(text[:off], "\r\n") + 1
	if start > 0 && start == off && off < len(text) && text[off] == '\n' && text[off-1] == '\r' {
		// off sits inside a CRLF: its line is the one the CR ends.
		start = strings.LastIndexAny(text[:off-1], "\r\n") + 1
	}
	end = start + strings.IndexAny(text[start:], "\r\n")
	if end < start {
		end = len(text)
	}
	return start, end
}

func refUnits(text string, start, off int, enc Encoding) int {
	units := 0
	for i := start; i < off; {
		r, size := utf8.DecodeRuneInString(text[i:off])
		units += unitLen(r, size, enc)
		i += size
	}
	return units
}

// refSeek is the old PositionOffset walk over one line.
func refSeek(text string, start, end, col int, enc Encoding) (int, bool) {
	off, units := start, 0
	for units < col {
		if off >= end {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(text[off:end])
		n := unitLen(r, size, enc)
		if units+n > col {
			return 0, false
		}
		units += n
		off += size
	}
	return off, true
}

// agree checks every offset and every column of text against the
// reference conversions.
func agree(t *testing.T, text string) {
	t.Helper()
	m := NewMapper(text)
	for off := 0; off <= len(text); off++ {
		if off < len(text) && !utf8.RuneStart(text[off]) {
			if _, err := m.OffsetPosition(off, UTF16); err == nil {
				t.Fatalf("%q: offset %d inside a sequence was accepted", text, off)
			}
			continue
		}
		start, end := refLine(text, off)
		at := min(off, end)
		for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
			pos, err := m.OffsetPosition(off, enc)
			if want := refUnits(text, start, at, enc); err != nil || pos.Character != want {
				t.Fatalf("%q: OffsetPosition(%d, %s) = %v, %v; want character %d", text, off, enc, pos, err, want)
			}
		}
	}
	for line := 0; line < m.LineCount(); line++ {
		start, end, _ := m.lineBounds(line)
		for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
			width := refUnits(text, start, end, enc)
			for col := 0; col <= width+1; col++ {
				want, ok := refSeek(text, start, end, col, enc)
				got, err := m.PositionOffset(Position{line, col}, enc)
				if ok != (err == nil) || ok && got != want {
					t.Fatalf("%q: PositionOffset(%d:%d, %s) = %d, %v; want %d, %v", text, line, col, enc, got, err, want, ok)
				}
				if enc == UTF32 {
					got, err := m.PointOffset(Point{line + 1, col + 1})
					if ok != (err == nil) || ok && got != want {
						t.Fatalf("%q: PointOffset(%d:%d) = %d, %v; want %d, %v", text, line+1, col+1, got, err, want, ok)
					}
				}
			}
		}
	}
}

// TestMarksAgreeWithDecoding compares the mapper with the reference on
// random texts whose lines are longer than the distance between marks:
// ASCII, two-, three- and four-byte characters, bytes that start no
// valid sequence, truncated sequences, and every kind of line break.
func TestMarksAgreeWithDecoding(t *testing.T) {
	pieces := []string{"a", "bc", "é", "中", "😀", "\r\n", "\n", "\r", "\xff", "\xe4\xb8", "\xf0\x9f\x98", "\x80", " "}
	rng := rand.New(rand.NewPCG(19, 7))
	for i := range 60 {
		var b strings.Builder
		n := rng.IntN(3 * markStep)
		if i%4 == 0 {
			n = 4*markStep + rng.IntN(markStep)
		}
		for b.Len() < n {
			p := pieces[rng.IntN(len(pieces))]
			if i%3 == 0 && strings.ContainsAny(p, "\r\n") {
				continue // one long line
			}
			b.WriteString(p)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) { agree(t, b.String()) })
	}
	agree(t, strings.Repeat("x", 3*markStep))
	agree(t, strings.Repeat("x", markStep-1)+"😀"+strings.Repeat("y", markStep))
}
