package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// readAll reads every message of input through a stream, as the server
// does, and returns them with the stream's replies (the rejections).
func readAll(t *testing.T, input []byte) (msgs []map[string]any, replies string) {
	var out bytes.Buffer
	st := newStream(struct {
		io.Reader
		io.Writer
		io.Closer
	}{bytes.NewReader(input), &out, io.NopCloser(nil)})
	for {
		var m map[string]any
		if err := st.ReadObject(&m); err != nil {
			if err != io.EOF && err != io.ErrUnexpectedEOF {
				t.Fatalf("reading: %v", err)
			}
			return msgs, out.String()
		}
		if m == nil {
			t.Fatal("a message that is no object")
		}
		msgs = append(msgs, m)
	}
}

func wellFramed(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// FuzzFrames feeds the server's framing arbitrary bytes, then a line
// break and a well-formed message. Reading never fails but at the end of
// the input, every rejection is itself a well-formed frame, and when the
// bytes announce no length of their own (no "Content-Length" in them),
// the message after them is read: the stream is never left out of step.
func FuzzFrames(f *testing.F) {
	hover := `{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}`
	for _, s := range []string{
		"", "\r\n", "garbage", hover, "Content-Type: x\r\n\r\n" + hover,
		wellFramed(hover), fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover)+1, hover),
		fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover)-1, hover), "Content-Length: lots\r\n\r\n",
		"Content-Length: 99999999999\r\n\r\n", "content-length: 2\r\n\r\n{}", "X:\r\n\r\n[1,2]", "{\"id\":",
	} {
		f.Add([]byte(s))
	}
	final := `{"jsonrpc":"2.0","id":"final","method":"shutdown"}`
	f.Fuzz(func(t *testing.T, junk []byte) {
		if len(junk) > 1<<16 {
			return
		}
		msgs, replies := readAll(t, append(append(junk, "\r\n"...), wellFramed(final)...))
		// The replies are frames of JSON-RPC errors.
		rs, _ := readAll(t, []byte(replies))
		for _, r := range rs {
			if e, ok := r["error"].(map[string]any); !ok || e["code"] == nil {
				t.Fatalf("a reply that is no error: %v", r)
			}
		}
		if strings.Contains(strings.ToLower(string(junk)), "content-length") {
			return
		}
		if len(msgs) == 0 || msgs[len(msgs)-1]["id"] != "final" {
			last, _ := json.Marshal(msgs)
			t.Fatalf("the message after %q was not read; read %.300s", junk, last)
		}
	})
}
