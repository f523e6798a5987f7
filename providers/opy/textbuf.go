package opy

import "unsafe"

// A textBuf builds text as a strings.Builder does, and can keep room
// before it: the background writer's text (emit_rules.go) is written
// before the program's header, which goes in front of it at the end. With
// room for the header, the program's text is the writer's buffer, not a
// copy of both (half a megabyte for z_heatstreet.opy).
type textBuf struct {
	buf []byte
	// room is the number of bytes kept free before the text.
	room int
}

// withRoom starts an empty text with room bytes free before it and
// capacity for size more.
func withRoom(room, size int) textBuf {
	return textBuf{buf: make([]byte, room, room+size), room: room}
}

// Len is the length of the text (the room not counted).
func (t *textBuf) Len() int { return len(t.buf) - t.room }

// Grow makes room for n more bytes.
func (t *textBuf) Grow(n int) {
	if cap(t.buf)-len(t.buf) < n {
		b := make([]byte, len(t.buf), 2*cap(t.buf)+n)
		copy(b, t.buf)
		t.buf = b
	}
}

func (t *textBuf) WriteString(s string) { t.buf = append(t.buf, s...) }

func (t *textBuf) WriteByte(c byte) error {
	t.buf = append(t.buf, c)
	return nil
}

func (t *textBuf) Write(p []byte) { t.buf = append(t.buf, p...) }

// String returns the text so far. Like a strings.Builder's, it shares the
// buffer, which later writes only extend.
func (t *textBuf) String() string {
	if t.Len() == 0 {
		return ""
	}
	return unsafe.String(&t.buf[t.room], t.Len())
}

// prepend returns head followed by the text, written into the room when
// head fits there; ok is false when it does not. Nothing may be written
// after.
func (t *textBuf) prepend(head string) (string, bool) {
	if len(head) > t.room {
		return "", false
	}
	start := t.room - len(head)
	// These bytes are in no string handed out: String covers only the
	// text after the room.
	copy(t.buf[start:t.room], head)
	if len(t.buf) == start {
		return "", true
	}
	return unsafe.String(&t.buf[start], len(t.buf)-start), true
}
