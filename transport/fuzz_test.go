package transport_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// FuzzMCP feeds arbitrary lines to the MCP transport after an initialize
// and checks what a client relies on: the transport stops when its input
// ends, every line it writes is one JSON-RPC message with an id that is
// null, a string or an integer, and no error carries code 0 (the SDK's
// Go errors, which the transport must recode).
func FuzzMCP(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wright_capabilities","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":7}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"wright_symbols","arguments":{"max":1e400}}}`,
		`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`,
		"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}",
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":6,"result":{}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return // one frame per input
		}
		in := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + line + "\n" +
			`{"jsonrpc":"2.0","id":"last","method":"ping"}` + "\n"
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() {
			done <- transport.ServeMCP(context.Background(), service.NewSession(service.SessionOptions{Input: t.TempDir(), Version: "fuzz"}), strings.NewReader(in), &out)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("the transport did not stop after its input ended, given %q", line)
		}
		last := false
		for l := range strings.Lines(out.String()) {
			var msg struct {
				ID    json.RawMessage `json:"id"`
				Error *struct {
					Code int `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(l), &msg); err != nil {
				t.Fatalf("not one JSON message: %q (%v), given %q", l, err, line)
			}
			if msg.Error != nil && msg.Error.Code == 0 {
				t.Errorf("an error with code 0: %s, given %q", l, line)
			}
			if id := string(msg.ID); id != "" && id != "null" && id[0] != '"' && strings.ContainsAny(id, ".eE") {
				t.Errorf("an id that is not an integer: %s, given %q", l, line)
			}
			last = last || string(msg.ID) == `"last"`
		}
		if !last {
			t.Errorf("the ping after the line was not answered, given %q:\n%s", line, out.String())
		}
	})
}
