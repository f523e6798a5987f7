package edits

// This file defines Mapper, the one place where positions change
// coordinate systems: the engine's byte offsets, the contract's 1-based
// line and column (columns counting Unicode code points), and LSP's 0-based
// positions in UTF-16, UTF-8 or UTF-32 units.
//
// All conversion methods are named FromTo. Bad positions (past a line's
// end, past the file's end, inside a UTF-8 sequence or a UTF-16 surrogate
// pair) are errors, never clamped: a clamped position silently corrupts an
// edit.

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Encoding is the unit LSP positions count columns in.
type Encoding uint8

// The position encodings of LSP 3.17.
const (
	UTF16 Encoding = iota // the LSP default
	UTF8
	UTF32
)

// String returns the LSP name of the encoding ("utf-16").
func (e Encoding) String() string {
	switch e {
	case UTF8:
		return "utf-8"
	case UTF32:
		return "utf-32"
	}
	return "utf-16"
}

// A Point is a contract position: Line and Column are 1-based, Column
// counts Unicode code points.
type Point struct {
	Line   int
	Column int
}

// A Position is an LSP position: Line is 0-based, Character counts units
// of the negotiated Encoding.
type Position struct {
	Line      int
	Character int
}

// Mapper converts positions in one text. It is immutable after NewMapper
// and safe for concurrent use; the line table is built on first use.
type Mapper struct {
	text  string
	once  sync.Once
	lines []int // byte offset of each line's start; lines[0] == 0
}

// NewMapper returns a mapper for text.
func NewMapper(text string) *Mapper { return &Mapper{text: text} }

// Text returns the mapped text.
func (m *Mapper) Text() string { return m.text }

func (m *Mapper) init() {
	m.once.Do(func() {
		m.lines = make([]int, 1, strings.Count(m.text, "\n")+1)
		for i := 0; ; i++ {
			// Jump to the next break: lines are long, breaks are few.
			j := strings.IndexAny(m.text[i:], "\r\n")
			if j < 0 {
				break
			}
			i += j
			// "\r\n" is one line break; a lone "\r" is one too (LSP).
			if m.text[i] == '\r' && i+1 < len(m.text) && m.text[i+1] == '\n' {
				i++
			}
			m.lines = append(m.lines, i+1)
		}
	})
}

// LineCount returns the number of lines (a text ending in a line break has
// an empty last line).
func (m *Mapper) LineCount() int {
	m.init()
	return len(m.lines)
}

// lineBounds returns the byte range of 0-based line n without its line
// break.
func (m *Mapper) lineBounds(n int) (start, end int, err error) {
	m.init()
	if n < 0 || n >= len(m.lines) {
		return 0, 0, fmt.Errorf("line %d is out of range: the text has %d lines", n+1, len(m.lines))
	}
	start = m.lines[n]
	end = len(m.text)
	if n+1 < len(m.lines) {
		end = m.lines[n+1]
		if end > start && m.text[end-1] == '\n' {
			end--
		}
		if end > start && m.text[end-1] == '\r' {
			end--
		}
	}
	return start, end, nil
}

// offsetLine returns the 0-based line holding byte offset off and the byte
// range of that line. O(log lines).
func (m *Mapper) offsetLine(off int) (line, start, end int, err error) {
	m.init()
	if off < 0 || off > len(m.text) {
		return 0, 0, 0, fmt.Errorf("offset %d is out of range: the text has %d bytes", off, len(m.text))
	}
	if off < len(m.text) && !utf8.RuneStart(m.text[off]) {
		return 0, 0, 0, fmt.Errorf("offset %d is inside a UTF-8 sequence", off)
	}
	line = sort.SearchInts(m.lines, off+1) - 1
	start, end, _ = m.lineBounds(line)
	if off > end {
		// Inside the line break: "\r|\n" is the end of the line.
		off = end
	}
	return line, start, end, nil
}

// OffsetPoint converts a byte offset to a contract Point.
func (m *Mapper) OffsetPoint(off int) (Point, error) {
	line, start, end, err := m.offsetLine(off)
	if err != nil {
		return Point{}, err
	}
	if off > end {
		off = end
	}
	return Point{Line: line + 1, Column: utf8.RuneCountInString(m.text[start:off]) + 1}, nil
}

// PointOffset converts a contract Point to a byte offset.
func (m *Mapper) PointOffset(p Point) (int, error) {
	start, end, err := m.lineBounds(p.Line - 1)
	if err != nil {
		return 0, err
	}
	if p.Column < 1 {
		return 0, fmt.Errorf("column %d is out of range: columns start at 1", p.Column)
	}
	off := start
	for col := 1; col < p.Column; col++ {
		if off >= end {
			return 0, fmt.Errorf("line %d, column %d is past the end of the line (%d characters)",
				p.Line, p.Column, utf8.RuneCountInString(m.text[start:end]))
		}
		_, size := utf8.DecodeRuneInString(m.text[off:end])
		off += size
	}
	return off, nil
}

// unitLen returns the length of r in the encoding's units.
func unitLen(r rune, size int, enc Encoding) int {
	switch enc {
	case UTF8:
		return size
	case UTF32:
		return 1
	}
	if r >= 0x10000 && r != utf8.RuneError {
		return 2
	}
	return 1
}

// OffsetPosition converts a byte offset to an LSP position.
func (m *Mapper) OffsetPosition(off int, enc Encoding) (Position, error) {
	line, start, end, err := m.offsetLine(off)
	if err != nil {
		return Position{}, err
	}
	if off > end {
		off = end
	}
	units := 0
	for i := start; i < off; {
		r, size := utf8.DecodeRuneInString(m.text[i:off])
		units += unitLen(r, size, enc)
		i += size
	}
	return Position{Line: line, Character: units}, nil
}

// PositionOffset converts an LSP position to a byte offset. A character
// past the end of the line, or between the two units of a surrogate pair,
// is an error.
func (m *Mapper) PositionOffset(p Position, enc Encoding) (int, error) {
	start, end, err := m.lineBounds(p.Line)
	if err != nil {
		return 0, err
	}
	if p.Character < 0 {
		return 0, fmt.Errorf("character %d is out of range", p.Character)
	}
	off, units := start, 0
	for units < p.Character {
		if off >= end {
			return 0, fmt.Errorf("line %d, character %d is past the end of the line (%d %s units)",
				p.Line, p.Character, units, enc)
		}
		r, size := utf8.DecodeRuneInString(m.text[off:end])
		n := unitLen(r, size, enc)
		if units+n > p.Character {
			return 0, fmt.Errorf("line %d, character %d is inside a character (%s units %d–%d)",
				p.Line, p.Character, enc, units, units+n)
		}
		units += n
		off += size
	}
	return off, nil
}

// SpanPoints converts a byte range to contract start and end Points.
func (m *Mapper) SpanPoints(start, end int) (Point, Point, error) {
	a, err := m.OffsetPoint(start)
	if err != nil {
		return Point{}, Point{}, err
	}
	b, err := m.OffsetPoint(end)
	if err != nil {
		return Point{}, Point{}, err
	}
	return a, b, nil
}
