package transport_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// A serveFunc is one transport's entry point.
type serveFunc func(context.Context, *service.Session, io.Reader, io.Writer) error

// The transports, by name, in the order tests report them.
var transportNames = []string{"stdio", "jsonrpc", "mcp"}

var transports = map[string]serveFunc{
	"stdio":   transport.ServeStdio,
	"jsonrpc": transport.ServeJSONRPC,
	"mcp":     transport.ServeMCP,
}

// A wire is a running transport driven line by line, as a client process
// would drive `wright-lsp serve`: lines written to its input, lines read
// from its output.
type wire struct {
	t    testing.TB
	name string
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
	// next is the next JSON-RPC id wrap hands out.
	next      int
	closeOnce sync.Once
}

// startWire serves session on the named transport. An MCP wire is
// initialized before it is returned.
func startWire(t testing.TB, name string, session *service.Session) *wire {
	t.Helper()
	serverIn, in := io.Pipe()
	out, serverOut := io.Pipe()
	w := &wire{t: t, name: name, in: in, done: make(chan error, 1), next: 1}
	go func() {
		err := transports[name](context.Background(), session, serverIn, serverOut)
		serverOut.Close()
		w.done <- err
	}()
	w.out = bufio.NewScanner(out)
	w.out.Buffer(nil, 32<<20)
	t.Cleanup(func() { w.close() })
	if name == "mcp" {
		w.exchange(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"wire","version":"1"}}}`)
		w.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	}
	return w
}

// close ends the input and waits (bounded) for the server to stop; a
// second call does nothing.
func (w *wire) close() {
	w.closeOnce.Do(func() {
		w.in.Close()
		select {
		case <-w.done:
		case <-time.After(time.Minute):
			w.t.Errorf("%s: the server did not stop after its input ended", w.name)
		}
	})
}

func (w *wire) send(line string) {
	w.t.Helper()
	if _, err := io.WriteString(w.in, line+"\n"); err != nil {
		w.t.Fatalf("%s: writing %.200s: %v", w.name, line, err)
	}
}

// recv reads one line of output.
func (w *wire) recv() string {
	w.t.Helper()
	if !w.out.Scan() {
		w.t.Fatalf("%s: no more output: %v", w.name, w.out.Err())
	}
	return w.out.Text()
}

func (w *wire) exchange(line string) string {
	w.t.Helper()
	w.send(line)
	return w.recv()
}

// wrap frames a service request for the wire's transport, or returns
// ok false when the transport cannot carry it as a service request (MCP
// carries only objects whose op names a tool; JSON-RPC only objects).
func (w *wire) wrap(request string) (frame string, ok bool) {
	if w.name == "stdio" {
		return request, true
	}
	raw := []byte(request)
	if !json.Valid(raw) || !utf8.Valid(raw) || bytes.TrimSpace(raw)[0] != '{' {
		return "", false
	}
	id := w.next
	w.next++
	if w.name == "jsonrpc" {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"request","params":%s}`, id, request), true
	}
	var fields struct {
		Op any `json:"op"`
	}
	if json.Unmarshal(raw, &fields) != nil {
		return "", false
	}
	name, _ := fields.Op.(string)
	op, known := contract.Lookup(name)
	if !known {
		return "", false
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, op.ToolName(), request), true
}

// unwrap turns an answer of the wire's transport back into the service
// response it carries, as one line of JSON ({"result": …} or
// {"error": …}); ok is false for an answer that carries none (a protocol
// error with no service refusal in it).
func (w *wire) unwrap(answer string) (response string, ok bool) {
	if w.name == "stdio" {
		return answer, true
	}
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code int             `json:"code"`
			Data json.RawMessage `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(answer), &msg); err != nil {
		w.t.Fatalf("%s: the answer is not JSON: %v: %.300s", w.name, err, answer)
	}
	if msg.Error != nil {
		// MCP answers a malformed request as a protocol error carrying
		// the service's refusal as its data.
		if len(msg.Error.Data) > 0 && msg.Error.Data[0] == '{' {
			return `{"error":` + string(msg.Error.Data) + `}`, true
		}
		return "", false
	}
	if w.name == "jsonrpc" {
		if bytes.HasPrefix(msg.Result, []byte(`{"error":`)) {
			return string(msg.Result), true
		}
		return `{"result":` + string(msg.Result) + `}`, true
	}
	var tool struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(msg.Result, &tool); err != nil || len(tool.Content) != 1 {
		w.t.Fatalf("%s: not a tool result with one content: %.300s", w.name, answer)
	}
	if tool.IsError {
		return `{"error":` + tool.Content[0].Text + `}`, true
	}
	return `{"result":` + tool.Content[0].Text + `}`, true
}

// request sends one service request and returns the service response
// the transport answers with; ok is false when the transport cannot carry
// the request, or answers it with a protocol error only.
func (w *wire) request(request string) (response string, ok bool) {
	w.t.Helper()
	frame, ok := w.wrap(inWork(w.t, request))
	if !ok {
		return "", false
	}
	response, ok = w.unwrap(w.exchange(frame))
	return ofWork(w.t, response), ok
}

// inWork writes the working directory for $WORK in a request, so that a
// script names an absolute path or a file:// URI (file://$WORK/a.opy);
// ofWork writes $WORK back for it in a response, so that the answers of
// sessions in different directories compare.
func inWork(t testing.TB, request string) string {
	return strings.ReplaceAll(request, "$WORK", workDir(t))
}

func ofWork(t testing.TB, response string) string {
	return strings.ReplaceAll(response, workDir(t), "$WORK")
}

func workDir(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(wd)
}
