// Package source is the engine's position vocabulary: a File (immutable
// text) and a Span (a half-open interval of byte offsets).
//
// Inside the engine a position is a byte offset into the file's bytes and
// nothing else. Lines, columns and UTF-16 units are presentation; they are
// computed by the edits package's mapper, never here.
package source

// A File is the text of one source file. It never changes after creation.
type File struct {
	// Path is the file's path as the user named it (may be empty for
	// text that did not come from disk).
	Path string
	// Text is the file's exact bytes.
	Text string
}

// NewFile returns a File holding text.
func NewFile(path, text string) *File { return &File{Path: path, Text: text} }

// A Span is the half-open byte interval [Start, End) of a file.
// Offsets count UTF-8 bytes from 0.
type Span struct {
	Start, End int
}

// Len returns the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// IsZero reports whether s is the zero span (no position).
func (s Span) IsZero() bool { return s.Start == 0 && s.End == 0 }

// Shift returns s moved by d bytes; the zero span (no position) stays
// where it is.
func (s Span) Shift(d int) Span {
	if s.IsZero() {
		return s
	}
	return Span{Start: s.Start + d, End: s.End + d}
}

// Contains reports whether offset lies in [Start, End).
func (s Span) Contains(offset int) bool { return s.Start <= offset && offset < s.End }

// Cover returns the smallest span covering s and t.
func (s Span) Cover(t Span) Span {
	if t.Start < s.Start {
		s.Start = t.Start
	}
	if t.End > s.End {
		s.End = t.End
	}
	return s
}

// Slice returns the bytes of f covered by s.
func (f *File) Slice(s Span) string { return f.Text[s.Start:s.End] }
