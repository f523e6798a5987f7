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
// and safe for concurrent use; its tables are built on first use.
//
// Every conversion costs O(log n) at worst, however long the line: a
// column is the difference of two running counts (code points, UTF-16
// units) from the start of the text, and the counts are kept at marks
// every markStep bytes, so a conversion decodes at most markStep bytes.
// A text of ASCII only has no marks: a column is a byte count there.
type Mapper struct {
	text  string
	once  sync.Once
	lines []int // byte offset of each line's start; lines[0] == 0

	colsOnce sync.Once
	ascii    bool   // every byte is ASCII: every unit is one byte
	marks    []mark // marks[k] is at the first character boundary at or after k*markStep
}

// markStep is the distance in bytes between two marks: a conversion
// decodes at most this many bytes (and three more).
const markStep = 256

// A mark holds the running counts at a character boundary: how many code
// points and UTF-16 units the text holds before byte off.
type mark struct {
	off, runes, utf16 int
}

// NewMapper returns a mapper for text.
func NewMapper(text string) *Mapper { return &Mapper{text: text} }

// Text returns the mapped text.
func (m *Mapper) Text() string { return m.text }

func (m *Mapper) init() {
	m.once.Do(func() {
		m.lines = make([]int, 1, strings.Count(m.text, "\n")+1)
		if strings.IndexByte(m.text, '\r') < 0 {
			// Every break is a "\n", found by the vectorised search
			// (IndexAny looks at a byte at a time).
			for i := 0; ; i++ {
				j := strings.IndexByte(m.text[i:], '\n')
				if j < 0 {
					break
				}
				i += j
				m.lines = append(m.lines, i+1)
			}
			return
		}
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

// initColumns builds the marks. Characters are decoded from the start of
// the text, one after the other, as the conversions always did: a byte
// that starts no valid sequence is one character of one unit.
func (m *Mapper) initColumns() {
	m.colsOnce.Do(func() {
		t := m.text
		i := 0
		for i < len(t) && t[i] < utf8.RuneSelf {
			i++
		}
		if i == len(t) {
			m.ascii = true
			return
		}
		m.marks = make([]mark, 0, len(t)/markStep+1)
		var runes, units int
		for off := 0; off < len(t); {
			for len(m.marks)*markStep <= off {
				m.marks = append(m.marks, mark{off, runes, units})
			}
			if c := t[off]; c < utf8.RuneSelf {
				off++
				runes++
				units++
				continue
			}
			r, size := utf8.DecodeRuneInString(t[off:])
			off += size
			runes++
			units += unitLen(r, size, UTF16)
		}
		for len(m.marks)*markStep <= len(t) {
			m.marks = append(m.marks, mark{len(t), runes, units})
		}
	})
}

// units returns how many units of enc the text holds before off, a
// character boundary.
func (m *Mapper) units(off int, enc Encoding) int {
	if enc == UTF8 || m.ascii {
		return off
	}
	mk := m.marks[off/markStep]
	return mk.get(enc) + m.count(mk.off, off, enc)
}

// count returns the units of enc between two character boundaries.
func (m *Mapper) count(from, to int, enc Encoding) int {
	n := 0
	for i := from; i < to; {
		if c := m.text[i]; c < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(m.text[i:])
		i += size
		n += unitLen(r, size, enc)
	}
	return n
}

func (mk mark) get(enc Encoding) int {
	switch enc {
	case UTF8:
		return mk.off
	case UTF32:
		return mk.runes
	}
	return mk.utf16
}

// seek finds the byte offset in [start, end] (a line) that lies col
// units of enc after start. past reports a column past the line's end,
// whose length in units is then n; inside a column that falls inside a
// character, which then spans units [n, n+w) of the line.
func (m *Mapper) seek(start, end, col int, enc Encoding) (off, n, w int, past, inside bool) {
	// A short line is decoded from its start, a long one from the last
	// mark at or before the column. u counts the units from start to i.
	i, u := start, 0
	if end-start > 2*markStep {
		m.initColumns()
		if m.ascii {
			if start+col > end {
				return 0, end - start, 0, true, false
			}
			return start + col, 0, 0, false, false
		}
		base := m.units(start, enc)
		if total := m.units(end, enc) - base; col > total {
			return 0, total, 0, true, false
		}
		lo, hi := start/markStep, end/markStep
		k := lo + sort.Search(hi-lo+1, func(j int) bool { return m.marks[lo+j].get(enc) > base+col }) - 1
		if mk := m.marks[max(k, lo)]; mk.off > start {
			i, u = mk.off, mk.get(enc)-base
		}
	}
	for u < col {
		if i >= end {
			return 0, u, 0, true, false
		}
		r, size := utf8.DecodeRuneInString(m.text[i:end])
		n := unitLen(r, size, enc)
		if u+n > col {
			return 0, u, n, false, true
		}
		u += n
		i += size
	}
	return i, 0, 0, false, false
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
	line = m.lineOf(off)
	start, end, _ = m.lineBounds(line)
	if off > end {
		// Inside the line break: "\r|\n" is the end of the line.
		off = end
	}
	return line, start, end, nil
}

// lineOf returns the 0-based line holding byte offset off: the last line
// start at or before it.
func (m *Mapper) lineOf(off int) int {
	return sort.SearchInts(m.lines, off+1) - 1
}

// column returns the units of enc between start and off. Near the start
// of a line it decodes from there, which costs less than two marks.
func (m *Mapper) column(start, off int, enc Encoding) int {
	if enc == UTF8 {
		return off - start
	}
	if off-start <= markStep {
		return m.count(start, off, enc)
	}
	m.initColumns()
	return m.units(off, enc) - m.units(start, enc)
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
	return Point{Line: line + 1, Column: m.column(start, off, UTF32) + 1}, nil
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
	off, n, _, past, _ := m.seek(start, end, p.Column-1, UTF32)
	if past {
		return 0, fmt.Errorf("line %d, column %d is past the end of the line (%d characters)", p.Line, p.Column, n)
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
	return Position{Line: line, Character: m.column(start, off, enc)}, nil
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
	off, n, w, past, inside := m.seek(start, end, p.Character, enc)
	switch {
	case past:
		return 0, fmt.Errorf("line %d, character %d is past the end of the line (%d %s units)",
			p.Line, p.Character, n, enc)
	case inside:
		return 0, fmt.Errorf("line %d, character %d is inside a character (%s units %d–%d)",
			p.Line, p.Character, enc, n, n+w)
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
