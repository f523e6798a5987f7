package transport_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// mcpWire drives ServeMCP line by line: each exchange writes one line and
// reads one answer, so answers cannot be confused even though the SDK
// handles calls concurrently.
type mcpWire struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Scanner
}

func startMCP(t *testing.T) *mcpWire {
	project(t)
	serverIn, in := io.Pipe()
	out, serverOut := io.Pipe()
	go func() {
		transport.ServeMCP(context.Background(), service.NewSession(sessionOptions()), serverIn, serverOut)
		serverOut.Close()
	}()
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 16<<20)
	w := &mcpWire{t: t, in: in, out: sc}
	t.Cleanup(func() { in.Close() })
	w.exchange(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"wire","version":"1"}}}`)
	w.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return w
}

func (w *mcpWire) send(line string) {
	if _, err := io.WriteString(w.in, line+"\n"); err != nil {
		w.t.Fatal(err)
	}
}

func (w *mcpWire) exchange(line string) string {
	w.send(line)
	if !w.out.Scan() {
		w.t.Fatalf("no answer to %s: %v", line, w.out.Err())
	}
	return w.out.Text()
}

func TestMCPWire(t *testing.T) {
	w := startMCP(t)
	cases := []struct{ name, line, want string }{
		{"malformed line", `this is not json`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
		{"ping after it", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"truncated frame", `{"jsonrpc":"2.0","id":2,"method":"ping"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
		{"undecodable message", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{"unknown tool", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wright_frob","arguments":{}}}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32602,`},
		{"malformed arguments", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"wright_usage","arguments":{"symbol":[1]}}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"invalid arguments: usage request: /symbol: expected string or integer, got array`},
		{"arguments not an object", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"wright_usage","arguments":[1]}}`, `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,`},
		{"op contradicting the tool", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"wright_usage","arguments":{"op":"rules"}}}`, `{"jsonrpc":"2.0","id":6,"error":{"code":-32602,`},
		{"refusal", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"wright_cfg","arguments":{"rule":"Tick"}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"code\":\"ambiguous-rule\",`},
		{"success", `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"wright_usage","arguments":{"symbol":"Round"}}}`,
			`{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"{\"id\":0,\"kind\":\"globalVariable\",\"name\":\"Round\"`},
		{"no arguments", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"wright_capabilities"}}`,
			`{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"{\"service\":\"wright-lsp\"`},
		{"unknown method", `{"jsonrpc":"2.0","id":10,"method":"resources/frob"}`, `{"jsonrpc":"2.0","id":10,"error":{"code":-32601,`},
	}
	for _, c := range cases {
		if got := w.exchange(c.line); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s:\n got: %.300s\nwant: %s", c.name, got, c.want)
		}
	}
	if got := w.exchange(`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"wright_cfg","arguments":{"rule":"Tick"}}}`); !strings.Contains(got, `"isError":true`) {
		t.Errorf("a refusal is not an error result: %s", got)
	}
}

// TestMCPToolsList compares tools/list, read by the SDK's client, with
// the catalog: one tool per operation, named and described by it, with
// the catalog's input schema.
func TestMCPToolsList(t *testing.T) {
	project(t)
	ctx := context.Background()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	go transport.ServeMCP(ctx, service.NewSession(sessionOptions()), serverIn, serverOut)
	client := mcp.NewClient(&mcp.Implementation{Name: "list-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		byName[tool.Name] = tool
	}
	if len(byName) != len(contract.Operations) {
		t.Errorf("%d tools for %d operations", len(byName), len(contract.Operations))
	}
	for _, o := range contract.Operations {
		tool := byName[o.ToolName()]
		if tool == nil {
			t.Errorf("no tool for %s", o.Name)
			continue
		}
		if tool.Description != o.Description {
			t.Errorf("%s: description differs", tool.Name)
		}
		want, err := contract.ToolSchema(o)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		gotJSON, _ := json.Marshal(tool.InputSchema)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: input schema differs from the catalog's:\n got: %.300s\nwant: %.300s", tool.Name, gotJSON, wantJSON)
		}
		if !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s: not marked read-only", tool.Name)
		}
	}
}

// TestMCPAnswersEverythingBeforeEOF closes the input right after the
// requests: the server still answers each one before it stops.
func TestMCPAnswersEverythingBeforeEOF(t *testing.T) {
	project(t)
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"eof","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wright_lint","arguments":{"all":true}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wright_symbols","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		`not json`,
	}, "\n") + "\n"
	var out strings.Builder
	if err := transport.ServeMCP(context.Background(), service.NewSession(sessionOptions()), strings.NewReader(in), &out); err != nil {
		t.Logf("server ended with %v", err)
	}
	ids := map[string]bool{}
	for line := range strings.Lines(out.String()) {
		var msg struct{ ID json.RawMessage }
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		ids[string(msg.ID)] = true
	}
	for _, id := range []string{"0", "1", "2", "3", "null"} {
		if !ids[id] {
			t.Errorf("no answer with id %s in:\n%.2000s", id, out.String())
		}
	}
}
