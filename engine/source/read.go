package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"
)

// MaxFileSize is the largest source file the engine reads: 4 MiB. The
// largest real mode is under 600 KB; the limit keeps a stray binary or log
// file from costing seconds.
const MaxFileSize = 4 << 20

// ReadProblem says why a file could not be read as source text.
type ReadProblem uint8

// The read problems.
const (
	ReadMissing  ReadProblem = iota + 1 // no such file
	ReadFailed                          // permission, I/O error, a directory
	ReadTooLarge                        // over MaxFileSize
	ReadNotUTF8                         // not UTF-8 text
)

// A ReadError reports a file that cannot be used as source text.
type ReadError struct {
	Path    string
	Problem ReadProblem
	// Size is the file's size for ReadTooLarge.
	Size int64
	// Offset is the first invalid byte for ReadNotUTF8.
	Offset int
	// Text holds the bytes read, for ReadNotUTF8 (to locate Offset).
	Text string
	Err  error
}

func (e *ReadError) Error() string {
	switch e.Problem {
	case ReadMissing:
		return fmt.Sprintf("%s: no such file", e.Path)
	case ReadTooLarge:
		return fmt.Sprintf("%s: the file is %d bytes; the limit is 4 MiB (%d bytes)", e.Path, e.Size, MaxFileSize)
	case ReadNotUTF8:
		return fmt.Sprintf("%s: not UTF-8 text (invalid byte 0x%02x at offset %d)", e.Path, e.Text[e.Offset], e.Offset)
	}
	return fmt.Sprintf("%s: cannot read the file: %v", e.Path, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// ReadFile reads a source file, refusing files over MaxFileSize and text
// that is not UTF-8.
func ReadFile(path string) (*File, error) {
	return ReadOpen(path, func() (*os.File, error) { return os.Open(path) })
}

// ReadOpen is ReadFile over a file open returns (an open through an
// os.Root, say, that keeps the read inside a directory); path names the
// file in the result and in errors.
func ReadOpen(path string, open func() (*os.File, error)) (*File, error) {
	f, err := open()
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &ReadError{Path: path, Problem: ReadMissing, Err: err}
		}
		return nil, &ReadError{Path: path, Problem: ReadFailed, Err: err}
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, &ReadError{Path: path, Problem: ReadFailed, Err: err}
	}
	if info.IsDir() {
		return nil, &ReadError{Path: path, Problem: ReadFailed, Err: errors.New("is a directory")}
	}
	if info.Size() > MaxFileSize {
		return nil, &ReadError{Path: path, Problem: ReadTooLarge, Size: info.Size()}
	}
	// Read one byte past the limit: the size may have changed since Stat.
	// The buffer has the size Stat gives and room to see the end, so a
	// file reads in one call (io.ReadAll's buffer, grown from 512 bytes,
	// took 20 and copied the text as many times).
	buf := bytes.NewBuffer(make([]byte, 0, info.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileSize+1)); err != nil {
		return nil, &ReadError{Path: path, Problem: ReadFailed, Err: err}
	}
	data := buf.Bytes()
	if len(data) > MaxFileSize {
		return nil, &ReadError{Path: path, Problem: ReadTooLarge, Size: int64(len(data))}
	}
	text := string(data)
	if !utf8.ValidString(text) {
		off := 0
		for off < len(text) {
			r, size := utf8.DecodeRuneInString(text[off:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			off += size
		}
		return nil, &ReadError{Path: path, Problem: ReadNotUTF8, Offset: off, Text: text}
	}
	return NewFile(path, text), nil
}
