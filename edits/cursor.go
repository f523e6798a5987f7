package edits

import "unicode/utf8"

// A Cursor converts byte offsets to LSP positions in one pass over a text,
// for a caller that converts many offsets in increasing order (the
// semantic tokens of a whole document): each conversion continues from
// the previous one, so the whole pass decodes the text about once, where
// OffsetPosition would search the lines and decode from a mark for each.
// An offset before the previous one is converted as OffsetPosition does.
// A Cursor is not safe for concurrent use; its Mapper stays so.
type Cursor struct {
	m   *Mapper
	enc Encoding
	// line is the line of the last conversion, [start, end) its bytes
	// without the break; off and col the last offset and its column.
	line, start, end int
	off, col         int
}

// Cursor returns a cursor at the start of the text.
func (m *Mapper) Cursor(enc Encoding) *Cursor {
	m.init()
	c := &Cursor{m: m, enc: enc}
	c.start, c.end, _ = m.lineBounds(0)
	return c
}

// Position converts a byte offset to an LSP position, as OffsetPosition.
func (c *Cursor) Position(off int) (Position, error) {
	m := c.m
	if off < c.off || off > len(m.text) {
		return m.OffsetPosition(off, c.enc)
	}
	if off < len(m.text) && !utf8.RuneStart(m.text[off]) {
		return m.OffsetPosition(off, c.enc) // the error it reports
	}
	if next := c.line + 1; next < len(m.lines) && m.lines[next] <= off {
		// Move to off's line: usually the next one, else a search.
		line := next
		if next+1 < len(m.lines) && m.lines[next+1] <= off {
			line = m.lineOf(off)
		}
		c.line = line
		c.start, c.end, _ = m.lineBounds(line)
		c.off, c.col = c.start, 0
	}
	at := min(off, c.end) // inside the line break: the end of the line
	c.col += m.column(c.off, at, c.enc)
	c.off = at
	return Position{Line: c.line, Character: c.col}, nil
}
