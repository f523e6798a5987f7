package transport_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// crossRequests are answered by every transport. Malformed requests are
// left out: MCP answers those with protocol errors, as the contract says.
var crossRequests = []string{
	`{"op":"capabilities"}`,
	`{"op":"check"}`,
	`{"op":"analyze"}`,
	`{"op":"inspect"}`,
	`{"op":"project"}`,
	`{"op":"rules","max":3}`,
	`{"op":"rules","rule":"Tick#2"}`,
	`{"op":"symbols"}`,
	`{"op":"references","symbol":"Kills"}`,
	`{"op":"references","symbol":3,"snapshot":1}`,
	`{"op":"usage","symbol":"subroutine:ResetRound"}`,
	`{"op":"cfg","rule":"Tick#1"}`,
	`{"op":"findings","severity":"warning"}`,
	`{"op":"persistentObjects"}`,
	`{"op":"callGraph"}`,
	`{"op":"lint"}`,
	`{"op":"lintRules"}`,
	`{"op":"costEstimate","rule":"Setup"}`,
	`{"op":"targetMetadata"}`,
	`{"op":"lookup","language":"workshop","query":"Wiat"}`,
	`{"op":"listEntries","language":"workshop","kind":"event"}`,
	`{"op":"cfg","rule":"Tick"}`,
	`{"op":"references","symbol":3}`,
	`{"op":"findings","rule":"no-such-rule"}`,
}

// TestTransportsAgree sends the same requests in process, over stdio,
// over JSON-RPC and over MCP (through the SDK's own client), each to a
// fresh session on the same project, and requires identical answers.
func TestTransportsAgree(t *testing.T) {
	project(t)
	ctx := context.Background()
	want := make([]string, len(crossRequests))
	inProcess := service.NewSession(sessionOptions())
	for i, req := range crossRequests {
		data, err := service.Marshal(inProcess.Handle(ctx, []byte(req)))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(data)
	}
	for name, answers := range map[string][]string{
		"stdio":   viaStdio(t),
		"jsonrpc": viaJSONRPC(t),
		"mcp":     viaMCP(t),
	} {
		if len(answers) != len(want) {
			t.Fatalf("%s: %d answers for %d requests", name, len(answers), len(want))
		}
		for i := range want {
			if answers[i] != want[i] {
				t.Errorf("%s answers %s differently:\n got: %.300s\nwant: %.300s", name, crossRequests[i], answers[i], want[i])
			}
		}
	}
}

// project writes the arena fixture of the operations transcript into a
// fresh working directory.
func project(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/transcripts/operations.txtar")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "project/") {
			writeFile(t, f.Name, f.Data)
		}
	}
}

func sessionOptions() service.SessionOptions {
	return service.SessionOptions{Input: filepath.Join("project", "arena.ow"), Version: "test"}
}

func viaStdio(t *testing.T) []string {
	var out bytes.Buffer
	in := strings.Join(crossRequests, "\n") + "\n"
	if err := transport.ServeStdio(context.Background(), service.NewSession(sessionOptions()), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// viaJSONRPC sends each request with method request and turns each
// answer back into a service response: a result carrying error is a
// refusal.
func viaJSONRPC(t *testing.T) []string {
	var in strings.Builder
	for i, req := range crossRequests {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"request","params":%s}`+"\n", i, req)
	}
	var out bytes.Buffer
	if err := transport.ServeJSONRPC(context.Background(), service.NewSession(sessionOptions()), strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	var answers []string
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 16<<20)
	for i := 0; sc.Scan(); i++ {
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil || msg.ID != i || msg.Result == nil {
			t.Fatalf("JSON-RPC answer %d: %s (%v)", i, sc.Bytes(), err)
		}
		answers = append(answers, asResponse(t, msg.Result, bytes.HasPrefix(msg.Result, []byte(`{"error":`))))
	}
	return answers
}

// viaMCP calls each operation's tool through the SDK's client.
func viaMCP(t *testing.T) []string {
	ctx := context.Background()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- transport.ServeMCP(ctx, service.NewSession(sessionOptions()), serverIn, serverOut)
		serverOut.Close()
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "cross-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var answers []string
	for _, req := range crossRequests {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal([]byte(req), &fields); err != nil {
			t.Fatal(err)
		}
		var op string
		json.Unmarshal(fields["op"], &op)
		delete(fields, "op")
		o, ok := contract.Lookup(op)
		if !ok {
			t.Fatalf("no operation %s", op)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: o.ToolName(), Arguments: fields})
		if err != nil {
			t.Fatalf("%s: %v", req, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError {
			text = `{"error":` + text + `}`
		}
		answers = append(answers, asResponse(t, json.RawMessage(text), res.IsError))
	}
	cs.Close()
	clientOut.Close()
	if err := <-done; err != nil && err != io.EOF {
		t.Logf("MCP server ended: %v", err)
	}
	return answers
}

// asResponse renders an answer as the service response it stands for.
func asResponse(t *testing.T, payload json.RawMessage, refusal bool) string {
	t.Helper()
	if refusal {
		return string(payload)
	}
	return `{"result":` + string(payload) + `}`
}
