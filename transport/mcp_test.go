package transport_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

func TestMCPWire(t *testing.T) {
	project(t)
	w := startWire(t, "mcp", service.NewSession(sessionOptions()))
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
// the catalog's input schema (the edit tools without sources) and the
// annotations the catalog's effects imply.
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
		want, err := contract.MCPToolSchema(o)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		gotJSON, _ := json.Marshal(tool.InputSchema)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: input schema differs from the catalog's:\n got: %.300s\nwant: %.300s", tool.Name, gotJSON, wantJSON)
		}
		a, h := tool.Annotations, o.Hints()
		if a == nil || a.ReadOnlyHint != h.ReadOnly || a.IdempotentHint != h.Idempotent ||
			a.DestructiveHint == nil || *a.DestructiveHint != h.Destructive || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: annotations %+v do not match the catalog's hints %+v", tool.Name, a, h)
		}
	}
	// The contract: the Workshop edit tools omit sources (it defaults to
	// the text on disk); the client tools of agent tools keep it.
	for _, name := range []string{"wright_validate_edit_transaction", "wright_edit_statements", "wright_provider_validate_edit"} {
		if tool := byName[name]; tool == nil || strings.Contains(mustJSON(t, tool.InputSchema), `"sources"`) {
			t.Errorf("%s: the input schema carries sources", name)
		}
	}
	// The provider tool omits documents too (the session's project).
	if tool := byName["wright_provider_validate_edit"]; tool == nil || strings.Contains(mustJSON(t, tool.InputSchema), `"documents"`) ||
		!strings.Contains(mustJSON(t, tool.InputSchema), `"language_id"`) {
		t.Errorf("wright_provider_validate_edit: the input schema carries documents or lacks language_id")
	}
	tools, err := contract.Tools()
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name == "wright_validate_edit_transaction" && !strings.Contains(mustJSON(t, tool.InputSchema), `"sources"`) {
			t.Errorf("agent tools: %s lost sources", tool.Name)
		}
	}
	if a := byName["wright_compile"].Annotations; a.ReadOnlyHint || a.IdempotentHint || !*a.DestructiveHint {
		t.Errorf("wright_compile writes and replaces files, and a repeat is output-exists: %+v", a)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// effectRequests has one request per operation, each of which succeeds
// on the arena fixture, for TestToolAnnotationsAreTruthful.
var effectRequests = map[string]string{
	"capabilities":            `{}`,
	"check":                   `{"all":true}`,
	"compile":                 `{"output":"project/out.ow"}`,
	"analyze":                 `{}`,
	"inspect":                 `{}`,
	"project":                 `{}`,
	"rules":                   `{"content":true,"all":true}`,
	"symbols":                 `{}`,
	"references":              `{"symbol":"Kills"}`,
	"usage":                   `{"symbol":"Round"}`,
	"cfg":                     `{"rule":"Setup"}`,
	"findings":                `{}`,
	"persistentObjects":       `{}`,
	"callGraph":               `{}`,
	"lint":                    `{}`,
	"lintRules":               `{}`,
	"costEstimate":            `{"rule":"Setup"}`,
	"validateEditTransaction": `{"transaction":{"edits":[{"source":"project/arena.ow","source_identity":"IDENTITY","range":{"start":{"line":1,"column":1},"end":{"line":1,"column":1}},"new_text":"\n"}]}}`,
	"editStatements":          `{"inputIdentity":"IDENTITY","edits":[{"rule":"Setup","list":"actions","kind":"delete","index":0}]}`,
	"providerValidateEdit":    `{"language_id":"opy","documents":{"project/x.opy":{"uri":"project/x.opy","languageId":"opy","version":0,"text":"rule \"a\":\n    A = 1\n"}},"transaction":{"edits":[{"source":"project/x.opy","source_identity":"9cc607dd00fe4889badf45a1af38e22567ee2b61ea7b02c69d9b98ca38fa56f2","range":{"start":{"line":2,"column":9},"end":{"line":2,"column":10}},"new_text":"2"}]}}`,
	"targetMetadata":          `{}`,
	"lookup":                  `{"language":"workshop","query":"Wait"}`,
	"listEntries":             `{"language":"workshop","kind":"hero"}`,
	"agentContext":            `{"task":"count the kills on a HUD text","token_budget":2000}`,
	"simulate":                `{"inputIdentity":"IDENTITY","seconds":1}`,
}

// TestToolAnnotationsAreTruthful calls every tool over MCP and compares
// the work directory before and after: a tool annotated read-only leaves
// every file as it was, and a tool that writes does write.
func TestToolAnnotationsAreTruthful(t *testing.T) {
	project(t)
	w := startWire(t, "mcp", service.NewSession(sessionOptions()))
	data, err := os.ReadFile(filepath.Join("project", "arena.ow"))
	if err != nil {
		t.Fatal(err)
	}
	identity := fmt.Sprintf("%x", sha256.Sum256(data))
	for _, o := range contract.Operations {
		args, ok := effectRequests[o.Name]
		if !ok {
			t.Errorf("%s: no request in effectRequests", o.Name)
			continue
		}
		args = strings.ReplaceAll(args, "IDENTITY", identity)
		before := tree(t)
		answer := w.exchange(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, o.ToolName(), args))
		if !strings.Contains(answer, `"result"`) || strings.Contains(answer, `"isError":true`) || strings.Contains(answer, `\"verdict\":\"fail\"`) {
			t.Errorf("%s did not succeed: %.300s", o.Name, answer)
			continue
		}
		changed := before != tree(t)
		if h := o.Hints(); h.ReadOnly && changed {
			t.Errorf("%s is annotated read-only but changed the work directory", o.Name)
		} else if !h.ReadOnly && !changed {
			t.Errorf("%s is annotated as writing but changed nothing", o.Name)
		}
	}
}

// tree describes every file under the working directory: path, mode,
// size and content digest.
func tree(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %d", path, info.Mode(), info.Size())
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %x", sha256.Sum256(data))
		}
		b.WriteString("\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
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

// TestMCPProtocolErrors checks the MCP transport's protocol errors: each
// has a JSON-RPC code and a message of its own (never code 0, never Go's
// text), an id the client can match or null, and the session goes on.
func TestMCPProtocolErrors(t *testing.T) {
	project(t)
	serverIn, in := io.Pipe()
	out, serverOut := io.Pipe()
	go func() {
		transport.ServeMCP(context.Background(), service.NewSession(sessionOptions()), serverIn, serverOut)
		serverOut.Close()
	}()
	t.Cleanup(func() { in.Close() })
	w := &wire{t: t, name: "mcp", in: in, out: bufio.NewScanner(out)}
	initialize := `{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	cases := []struct{ name, line, want string }{
		{"a request before initialize", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"invalid request: tools/list before initialize: send initialize first"}}`},
		{"ping before initialize", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"protocolVersion not a string", `{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":7,"capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"invalid params: initialize: protocolVersion must be a string naming an MCP revision, such as \"2025-06-18\""}}`},
		{"clientInfo.name not a string", `{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":1}}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"invalid params: initialize: clientInfo.name must be a string"}}`},
		{"initialize", initialize, `{"jsonrpc":"2.0","id":4,"result":{"capabilities":{"tools":{}}`},
		{"a second initialize", strings.Replace(initialize, `"id":4`, `"id":5`, 1),
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"invalid request: the session is already initialized: initialize is sent once, first"}}`},
		{"a fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: id 1.5 is not an integer: an MCP request id is a string or an integer"}}`},
		{"another fractional id", `{"jsonrpc":"2.0","id":2.9,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: id 2.9 is not an integer`},
		{"a huge id", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: id 123456789012345678901234567890 is out of range`},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: id is null: an MCP request id is a string or an integer"}}`},
		{"an id that is not UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\",\"method\":\"ping\"}",
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not UTF-8 (byte 0xff at offset 24)"}}`},
		{"params of the wrong type", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":7}}`,
			`{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"invalid params: tools/call: name must be a string"}}`},
		{"params that are not an object", `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":[1]}`,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"invalid params: tools/list: the params do not have the shape MCP defines for the method"}}`},
		{"an integer id still answered once", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"a string id", `{"jsonrpc":"2.0","id":"é","method":"ping"}`, `{"jsonrpc":"2.0","id":"é","result":{}}`},
	}
	for _, c := range cases {
		if got := w.exchange(c.line); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s:\n got: %.300s\nwant: %s", c.name, got, c.want)
		}
	}
}
