package edits

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// funny holds a surrogate pair (U+10400), CRLF and a lone CR, two-byte and
// three-byte characters, and no final newline.
const funny = "a𐐀b\r\nçd\rx€\nlast"

func TestOffsetPointAndPosition(t *testing.T) {
	m := NewMapper(funny)
	for _, c := range []struct {
		off   int
		point Point
		utf16 Position
		utf8  Position
		utf32 Position
	}{
		{0, Point{1, 1}, Position{0, 0}, Position{0, 0}, Position{0, 0}},
		{1, Point{1, 2}, Position{0, 1}, Position{0, 1}, Position{0, 1}},  // before 𐐀
		{5, Point{1, 3}, Position{0, 3}, Position{0, 5}, Position{0, 2}},  // after 𐐀
		{6, Point{1, 4}, Position{0, 4}, Position{0, 6}, Position{0, 3}},  // before \r
		{7, Point{1, 4}, Position{0, 4}, Position{0, 6}, Position{0, 3}},  // "\r|\n" is the line end
		{8, Point{2, 1}, Position{1, 0}, Position{1, 0}, Position{1, 0}},  // ç
		{10, Point{2, 2}, Position{1, 1}, Position{1, 2}, Position{1, 1}}, // d
		{12, Point{3, 1}, Position{2, 0}, Position{2, 0}, Position{2, 0}}, // after lone \r
		{13, Point{3, 2}, Position{2, 1}, Position{2, 1}, Position{2, 1}}, // €
		{16, Point{3, 3}, Position{2, 2}, Position{2, 4}, Position{2, 2}}, // \n
		{17, Point{4, 1}, Position{3, 0}, Position{3, 0}, Position{3, 0}}, // last
		{21, Point{4, 5}, Position{3, 4}, Position{3, 4}, Position{3, 4}}, // end of file
	} {
		p, err := m.OffsetPoint(c.off)
		if err != nil || p != c.point {
			t.Errorf("OffsetPoint(%d) = %v, %v; want %v", c.off, p, err, c.point)
		}
		for enc, want := range map[Encoding]Position{UTF16: c.utf16, UTF8: c.utf8, UTF32: c.utf32} {
			got, err := m.OffsetPosition(c.off, enc)
			if err != nil || got != want {
				t.Errorf("OffsetPosition(%d, %s) = %v, %v; want %v", c.off, enc, got, err, want)
			}
		}
	}
}

// TestRoundTrip converts every valid offset both ways in every unit.
func TestRoundTrip(t *testing.T) {
	for _, text := range []string{funny, "", "\n", "\r\n\r\n", "no newline", "emoji 😀😀\r\nend\n"} {
		m := NewMapper(text)
		for off := 0; off <= len(text); off++ {
			if off < len(text) && (text[off]&0xC0 == 0x80) {
				if _, err := m.OffsetPoint(off); err == nil {
					t.Errorf("%q: OffsetPoint(%d) inside a UTF-8 sequence succeeded", text, off)
				}
				continue
			}
			if off > 0 && text[off-1] == '\r' && off < len(text) && text[off] == '\n' {
				continue // inside CRLF: maps to the line end, not back here
			}
			p, err := m.OffsetPoint(off)
			if err != nil {
				t.Fatalf("%q: OffsetPoint(%d): %v", text, off, err)
			}
			back, err := m.PointOffset(p)
			if err != nil || back != off {
				t.Errorf("%q: PointOffset(OffsetPoint(%d)=%v) = %d, %v", text, off, p, back, err)
			}
			for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
				pos, err := m.OffsetPosition(off, enc)
				if err != nil {
					t.Fatalf("%q: OffsetPosition(%d, %s): %v", text, off, enc, err)
				}
				back, err := m.PositionOffset(pos, enc)
				if err != nil || back != off {
					t.Errorf("%q: PositionOffset(OffsetPosition(%d, %s)=%v) = %d, %v", text, off, enc, pos, back, err)
				}
			}
		}
	}
}

func TestErrorsNeverClamp(t *testing.T) {
	m := NewMapper(funny)
	for _, c := range []struct {
		name string
		pos  Position
		enc  Encoding
	}{
		{"inside a surrogate pair", Position{0, 2}, UTF16},
		{"inside a UTF-8 sequence", Position{0, 3}, UTF8},
		{"past the end of a line", Position{0, 5}, UTF16},
		{"past the end of the file", Position{4, 0}, UTF16},
		{"past the end of the last line", Position{3, 5}, UTF16},
		{"negative line", Position{-1, 0}, UTF16},
	} {
		if off, err := m.PositionOffset(c.pos, c.enc); err == nil {
			t.Errorf("%s: PositionOffset(%v, %s) = %d, want an error", c.name, c.pos, c.enc, off)
		}
	}
	for _, p := range []Point{{1, 5}, {5, 1}, {0, 1}, {1, 0}, {4, 6}} {
		if off, err := m.PointOffset(p); err == nil {
			t.Errorf("PointOffset(%v) = %d, want an error", p, off)
		}
	}
	for _, off := range []int{-1, len(funny) + 1, 2} {
		if _, err := m.OffsetPoint(off); err == nil {
			t.Errorf("OffsetPoint(%d) succeeded, want an error", off)
		}
	}
}

// TestWideCharacters maps a line holding CJK text, a combining mark (one
// user-visible character, two code points) and an astral emoji.
func TestWideCharacters(t *testing.T) {
	text := "中文 e\u0301 😀x\r\n終"
	m := NewMapper(text)
	for _, c := range []struct {
		off   int
		point Point
		utf16 int
		utf8  int
	}{
		{0, Point{1, 1}, 0, 0},
		{3, Point{1, 2}, 1, 3},   // after 中
		{7, Point{1, 4}, 3, 7},   // e
		{8, Point{1, 5}, 4, 8},   // the combining acute accent is its own code point
		{10, Point{1, 6}, 5, 10}, // space after é
		{11, Point{1, 7}, 6, 11}, // 😀
		{15, Point{1, 8}, 8, 15}, // x: the emoji is two UTF-16 units, one code point
		{16, Point{1, 9}, 9, 16}, // end of line
		{18, Point{2, 1}, 0, 0},  // 終
		{21, Point{2, 2}, 1, 3},  // end of file, no final newline
	} {
		p, err := m.OffsetPoint(c.off)
		if err != nil || p != c.point {
			t.Errorf("OffsetPoint(%d) = %v, %v; want %v", c.off, p, err, c.point)
		}
		for enc, want := range map[Encoding]int{UTF16: c.utf16, UTF8: c.utf8} {
			pos, err := m.OffsetPosition(c.off, enc)
			if err != nil || pos.Character != want || pos.Line != c.point.Line-1 {
				t.Errorf("OffsetPosition(%d, %s) = %v, %v; want character %d", c.off, enc, pos, err, want)
			}
		}
	}
	for _, bad := range []struct {
		pos Position
		enc Encoding
	}{{Position{0, 7}, UTF16}, {Position{0, 1}, UTF8}, {Position{0, 10}, UTF16}, {Position{1, 2}, UTF16}} {
		if off, err := m.PositionOffset(bad.pos, bad.enc); err == nil {
			t.Errorf("PositionOffset(%v, %s) = %d, want an error", bad.pos, bad.enc, off)
		}
	}
}

// FuzzMapperRoundTrip converts every offset of arbitrary text to each
// coordinate system and back, and compares the conversions of texts up
// to 1 KiB (invalid UTF-8 included) with decoding from the line's start.
func FuzzMapperRoundTrip(f *testing.F) {
	for _, s := range []string{funny, "", "\r\n", "中文 e\u0301 😀x\r\n終", "a\rb\nc\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) <= 1024 {
			agree(t, text)
		}
		if !utf8.ValidString(text) || len(text) > 4096 {
			return
		}
		m := NewMapper(text)
		for off := 0; off <= len(text); off++ {
			if off > 0 && off < len(text) && text[off-1] == '\r' && text[off] == '\n' {
				continue // inside CRLF: that is the line's end, which maps back to the CR
			}
			p, err := m.OffsetPoint(off)
			if err != nil {
				continue // inside a character: refused, never clamped
			}
			if back, err := m.PointOffset(p); err != nil || back != off {
				t.Fatalf("offset %d → %v → %d, %v", off, p, back, err)
			}
			for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
				pos, err := m.OffsetPosition(off, enc)
				if err != nil {
					t.Fatalf("offset %d in %s: %v", off, enc, err)
				}
				if back, err := m.PositionOffset(pos, enc); err != nil || back != off {
					t.Fatalf("offset %d → %v (%s) → %d, %v", off, pos, enc, back, err)
				}
			}
		}
	})
}

// BenchmarkMap100000Positions converts 100,000 offsets spread over the
// largest corpus file to UTF-16 positions and back.
func BenchmarkMap100000Positions(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports", "z_owware.txt"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	offsets := make([]int, 0, 100000)
	for i := range 100000 {
		off := int(uint64(i) * 2654435761 % uint64(len(text)))
		for off > 0 && !utf8.RuneStart(text[off]) {
			off--
		}
		if off > 0 && text[off] == '\n' && text[off-1] == '\r' {
			off--
		}
		offsets = append(offsets, off)
	}
	m := NewMapper(text)
	for b.Loop() {
		for _, off := range offsets {
			pos, err := m.OffsetPosition(off, UTF16)
			if err != nil {
				b.Fatal(err)
			}
			if back, err := m.PositionOffset(pos, UTF16); err != nil || back != off {
				b.Fatal("round trip failed")
			}
		}
	}
}

// BenchmarkLongLine converts every 16th character boundary of one line
// to a UTF-16 position and back, at several line lengths: the work per
// conversion stays the same, so the time grows linearly with the line.
// The line mixes ASCII with two-, three- and four-byte characters (an
// ASCII line takes the byte-count path instead); ns/conversion is the
// time of one round trip.
func BenchmarkLongLine(b *testing.B) {
	for _, size := range []int{4 << 10, 64 << 10, 1 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			var sb strings.Builder
			for sb.Len() < size {
				sb.WriteString("Small Message(All Players(All Teams), Custom String(\"héllo 中文 😀\")); ")
			}
			text := sb.String()
			var offsets []int
			for off := 0; off <= len(text); off += 16 {
				for off < len(text) && !utf8.RuneStart(text[off]) {
					off++
				}
				offsets = append(offsets, off)
			}
			m := NewMapper(text)
			for b.Loop() {
				for _, off := range offsets {
					pos, err := m.OffsetPosition(off, UTF16)
					if err != nil {
						b.Fatal(err)
					}
					if back, err := m.PositionOffset(pos, UTF16); err != nil || back != off {
						b.Fatal("round trip failed")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(offsets)), "ns/conversion")
		})
	}
}
