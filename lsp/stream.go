package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// maxFrame bounds one message. Bigger frames are read and discarded, and
// answered with an error: a client bug must not cost the server its
// memory or its connection.
const maxFrame = 64 << 20

// A stream frames JSON-RPC messages with LSP's Content-Length headers.
// Unlike the codecs of the JSON-RPC library, it survives bad input: a
// frame that is not JSON, or not a JSON-RPC message, is answered with a
// JSON-RPC error and reading goes on with the next frame.
type stream struct {
	r  *bufio.Reader
	w  io.Writer
	c  io.Closer
	mu sync.Mutex // serializes writes
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{r: bufio.NewReaderSize(rwc, 64<<10), w: rwc, c: rwc}
}

// WriteObject writes one message.
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return s.writeFrame(data)
}

func (s *stream) writeFrame(data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err := s.w.Write(data)
	return err
}

// ReadObject reads the next well-formed message into v, answering the
// malformed ones on the way.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		if err != nil {
			if fe, ok := err.(frameError); ok {
				s.reject(nil, -32700, fe.Error())
				continue
			}
			return err
		}
		if !json.Valid(body) {
			s.reject(nil, -32700, "parse error: the message is not JSON")
			continue
		}
		if err := json.Unmarshal(body, v); err != nil {
			s.reject(body, -32600, "invalid request: "+err.Error())
			continue
		}
		return nil
	}
}

// A frameError is a bad header or an oversized frame: the stream skipped
// it and can go on.
type frameError string

func (e frameError) Error() string { return string(e) }

// readFrame reads headers and the body they announce.
func (s *stream) readFrame() ([]byte, error) {
	length := -1
	sawHeader := false
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && (sawHeader || line != "") {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if !sawHeader {
				continue // stray blank lines between frames
			}
			break
		}
		sawHeader = true
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, frameError(fmt.Sprintf("parse error: bad Content-Length %q", strings.TrimSpace(value)))
			}
			length = n
		}
	}
	if length < 0 {
		return nil, frameError("parse error: a message without a Content-Length header")
	}
	if length > maxFrame {
		if _, err := io.CopyN(io.Discard, s.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, frameError(fmt.Sprintf("parse error: the message is %d bytes; the limit is %d", length, maxFrame))
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// reject answers a message the server cannot take, with its id when it
// has a readable one.
func (s *stream) reject(body []byte, code int, message string) {
	id := json.RawMessage("null")
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if body != nil && json.Unmarshal(body, &probe) == nil && len(probe.ID) > 0 {
		if t := bytes.TrimSpace(probe.ID); len(t) > 0 && (t[0] == '"' || t[0] == '-' || t[0] >= '0' && t[0] <= '9') {
			id = t
		}
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
