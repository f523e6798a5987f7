package lsp

// This file frames JSON-RPC messages with LSP's Content-Length headers,
// and survives what a client gets wrong: a frame is answered with an
// error and reading goes on, resynchronised on the next header, however
// the frame was broken.
//
//   - A body that is not JSON, or not a JSON-RPC message: answered -32700
//     or -32600 (with its id when it has a readable one).
//   - A header block without Content-Length, or with a bad one: answered
//     -32700. Its body, which no header announced, is skipped up to the
//     next header.
//   - Bytes where a header should be (a body with no header, the rest of
//     a body whose Content-Length was short): skipped up to the next
//     "Content-Length:" and answered -32700 once. A header is found even
//     glued to the end of the skipped bytes, as it is when the body before
//     it ends without a line break.
//   - A Content-Length longer than its body: the body read holds the
//     start of the next frame. The message is answered -32700 and what
//     follows its JSON value is read again as the next frame's start.
//   - A frame over maxFrame bytes: discarded as it streams past, never
//     held, and answered -32700 with the id read from its first bytes.
//
// Only the end of the stream, or the stream failing, ends reading: then
// the server logs why and stops.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// maxFrame bounds one message: a document at the 4 MiB limit, every byte
// of it escaped in JSON (\u0001 is six bytes), with room for the rest of
// the message. Bigger frames are discarded unread.
const maxFrame = 6*source.MaxFileSize + 1<<20

// A stream frames JSON-RPC messages with LSP's Content-Length headers.
// Unlike the codecs of the JSON-RPC library, it survives bad input: a
// frame that is not JSON, or not a JSON-RPC message, is answered with a
// JSON-RPC error and reading goes on with the next frame.
type stream struct {
	r *bufio.Reader
	// pending holds bytes read too far (past a body whose Content-Length
	// was too long), read again before r.
	pending []byte
	w       io.Writer
	c       io.Closer
	mu      sync.Mutex // serializes writes
	// logf logs why reading ended; nil logs nothing.
	logf func(format string, args ...any)
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{r: bufio.NewReaderSize(rwc, 64<<10), w: rwc, c: rwc}
}

// WriteObject writes one message. The connection's messages marshal
// themselves (their MarshalJSON marshals the response, whose result is
// already JSON): called directly, not through json.Marshal, which would
// validate and compact the whole message once more — on a large answer
// (the semantic tokens of a 450 KB file are 380 KB) a pass that costs
// milliseconds and changes nothing.
func (s *stream) WriteObject(obj any) error {
	var data []byte
	var err error
	if m, ok := obj.(json.Marshaler); ok {
		data, err = m.MarshalJSON()
	} else {
		data, err = json.Marshal(obj)
	}
	if err != nil {
		return err
	}
	return s.writeFrame(data)
}

// writeFrame writes one message whose body is the parts, in order: a
// large answer is written without copying it into one body first.
func (s *stream) writeFrame(parts ...[]byte) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", n); err != nil {
		return err
	}
	for _, p := range parts {
		if _, err := s.w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// ReadObject reads the next well-formed message into v, answering the
// malformed ones on the way.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		if err != nil {
			if fe, ok := err.(*frameError); ok {
				s.reject(fe.id, -32700, fe.msg)
				continue
			}
			if s.logf != nil && err != io.EOF && !errors.Is(err, io.ErrClosedPipe) && !errors.Is(err, net.ErrClosed) {
				s.logf("wright-lsp: the client's stream broke (%v): the server stops", err)
			}
			return err
		}
		if !json.Valid(body) {
			s.rejectBody(body)
			continue
		}
		if err := json.Unmarshal(body, v); err != nil {
			s.reject(leadingID(body), -32600, "invalid request: "+err.Error())
			continue
		}
		return nil
	}
}

// rejectBody answers a body that is not JSON. When it starts with a whole
// JSON value, the Content-Length was too long and the rest is the start
// of the next frame: that is read again.
func (s *stream) rejectBody(body []byte) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var first json.RawMessage
	if dec.Decode(&first) == nil {
		n := int(dec.InputOffset())
		rest := bytes.TrimLeft(body[n:], " \t\r\n")
		s.pending = append(append([]byte(nil), rest...), s.pending...)
		s.reject(leadingID(first), -32700, fmt.Sprintf("parse error: the message ends after %d of the %d bytes its Content-Length gives", n, len(body)))
		return
	}
	s.reject(leadingID(body), -32700, "parse error: the message is not JSON (or is cut short: is its Content-Length right?)")
}

// A frameError is a frame that the stream skipped: it can go on.
type frameError struct {
	id  json.RawMessage // the frame's id when it could be read, else nil
	msg string
}

func (e *frameError) Error() string { return e.msg }

func frameErrorf(format string, args ...any) *frameError {
	return &frameError{msg: fmt.Sprintf(format, args...)}
}

// readLine reads up to and including the next line break. It returns
// how many bytes it read, and the line, or only its last maxLine bytes
// when it is longer: a line that long is no header, and a header glued
// to it sits at its end.
func (s *stream) readLine() (line string, n int, err error) {
	var buf []byte
	add := func(p []byte) {
		n += len(p)
		buf = append(buf, p...)
		if len(buf) > 2*maxLine {
			buf = append(buf[:0], buf[len(buf)-maxLine:]...)
		}
	}
	if len(s.pending) > 0 {
		if i := bytes.IndexByte(s.pending, '\n'); i >= 0 {
			add(s.pending[:i+1])
			s.pending = s.pending[i+1:]
			return string(buf), n, nil
		}
		add(s.pending)
		s.pending = nil
	}
	for {
		chunk, err := s.r.ReadSlice('\n')
		add(chunk)
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(buf) > maxLine {
			buf = buf[len(buf)-maxLine:]
		}
		return string(buf), n, err
	}
}

// readFull reads exactly len(buf) bytes.
func (s *stream) readFull(buf []byte) error {
	n := copy(buf, s.pending)
	s.pending = s.pending[n:]
	_, err := io.ReadFull(s.r, buf[n:])
	return err
}

// discard skips n bytes.
func (s *stream) discard(n int64) error {
	k := min(n, int64(len(s.pending)))
	s.pending = s.pending[k:]
	_, err := io.CopyN(io.Discard, s.r, n-k)
	return err
}

// maxLine bounds how much of one line the stream keeps: headers are
// short, and junk is only searched for a header at its end.
const maxLine = 4 << 10

// readFrame reads headers and the body they announce.
func (s *stream) readFrame() ([]byte, error) {
	length := -1
	sawHeader := false
	junk := 0 // bytes skipped where a header should be
	// junkText is the last line of the skipped bytes: a message sent
	// without a header whose id can be answered.
	junkText := ""
	var badHeader *frameError
	for {
		line, n, err := s.readLine()
		if err != nil {
			if err == io.EOF && (sawHeader || n > 0 || junk > 0) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		whole := n == len(line)
		eol := len(line)
		line = strings.TrimRight(line, "\r\n")
		eol -= len(line)
		if line == "" && whole {
			if !sawHeader {
				if junk > 0 {
					junk += n
				}
				continue // stray blank lines between frames
			}
			break
		}
		if !whole || !isHeader(line) {
			// Junk: look for a header at its end ("…}Content-Length: 5").
			at := lastIndexFold(line, "content-length:")
			length, sawHeader, badHeader = -1, false, nil
			if at < 0 || !isHeader(line[at:]) {
				junk += n
				junkText = line
				continue
			}
			junk += n - (len(line) - at) - eol
			junkText = line[:at]
			line = line[at:]
		}
		if junk > 0 {
			// Report the skipped bytes, then read the header found after
			// them as the start of the next frame.
			s.pending = append([]byte(line+"\r\n"), s.pending...)
			return nil, &frameError{id: leadingID([]byte(junkText)),
				msg: fmt.Sprintf("parse error: skipped %d bytes that are not a message header (a message without its Content-Length?)", junk)}
		}
		sawHeader = true
		name, value, _ := strings.Cut(line, ":")
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				badHeader = frameErrorf("parse error: bad Content-Length %s", diag.Quote(strings.TrimSpace(value)))
				continue
			}
			length = n
		}
	}
	if badHeader != nil {
		return nil, badHeader
	}
	if length < 0 {
		return nil, frameErrorf("parse error: a message without a Content-Length header")
	}
	if length > maxFrame {
		id := s.peekID(length)
		if err := s.discard(int64(length) - int64(len(id.head))); err != nil {
			return nil, err
		}
		return nil, &frameError{id: id.id, msg: fmt.Sprintf("parse error: the message is %d bytes; the limit is %d bytes", length, maxFrame)}
	}
	body := make([]byte, length)
	if err := s.readFull(body); err != nil {
		return nil, err
	}
	return body, nil
}

// peekID reads the first bytes of an oversized body of length bytes and
// the id found there.
func (s *stream) peekID(length int) peeked {
	head := make([]byte, min(length, 4<<10))
	if err := s.readFull(head); err != nil {
		return peeked{}
	}
	return peeked{head: head, id: leadingID(head)}
}

// peeked is the start of an oversized body and the id read from it.
type peeked struct {
	head []byte
	id   json.RawMessage
}

// leadingID finds the id of a message in its text, which may be cut
// short or broken after the id: the members of the top-level object are
// read in order until "id" (clients write "jsonrpc", "id" and "method"
// first). It returns nil when there is no readable string or number id.
func leadingID(body []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil
		}
		if key == "id" {
			return validID(value)
		}
	}
	return nil
}

// isHeader reports whether line starts like a header: a name of letters,
// digits and dashes, then a colon.
func isHeader(line string) bool {
	i := 0
	for i < len(line) && (line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z' || line[i] >= '0' && line[i] <= '9' || line[i] == '-') {
		i++
	}
	return i > 0 && i < len(line) && line[i] == ':'
}

// lastIndexFold is strings.LastIndex of sub (lower case ASCII) in s,
// ignoring the case of ASCII letters.
func lastIndexFold(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j]|0x20 {
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}

// validID returns id when it is a string or a number, else nil.
func validID(id json.RawMessage) json.RawMessage {
	if t := bytes.TrimSpace(id); len(t) > 0 && (t[0] == '"' || t[0] == '-' || t[0] >= '0' && t[0] <= '9') {
		return t
	}
	return nil
}

// reject answers a message the server cannot take, with its id when it
// has one (null otherwise).
func (s *stream) reject(id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   any             `json:"error"`
	}{"2.0", id, map[string]any{"code": code, "message": message}})
	s.writeFrame(data)
}

// Close closes the underlying connection.
func (s *stream) Close() error { return s.c.Close() }
