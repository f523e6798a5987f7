package transport

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// A lineReader reads newline-delimited frames with a bound on their
// length. An over-long line is consumed and reported, not buffered: one
// bad frame must not cost memory or end the session.
type lineReader struct {
	r     *bufio.Reader
	limit int
}

func newLineReader(r io.Reader, limit int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// next returns the next line without its line ending. size is the line's
// length; line is nil when size exceeds the limit. err is io.EOF after
// the last line.
func (lr *lineReader) next() (line []byte, size int, err error) {
	var buf []byte
	over := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		size += len(chunk)
		if !over {
			if size > lr.limit+2 { // room for \r\n
				over, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (size == 0 || !errors.Is(err, io.EOF)) {
			return nil, 0, err
		}
		trimmed := bytes.TrimRight(buf, "\r\n")
		size -= len(buf) - len(trimmed)
		if over {
			return nil, size, nil
		}
		return trimmed, size, nil
	}
}
