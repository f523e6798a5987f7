package transport_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// malformed are requests the service must refuse with a structured
// error, each followed by a valid request that must still be answered.
var malformed = []struct {
	name, request, code string
}{
	{"not JSON", `hello`, "malformed-request"},
	{"truncated object", `{"op":"symbols"`, "malformed-request"},
	{"truncated string", `{"op":"symb`, "malformed-request"},
	{"bad escape", `{"op":"sym\xbols"}`, "malformed-request"},
	{"not UTF-8", "{\"op\":\"symbols\",\"file\":\"\xff\xfe\"}", "malformed-request"},
	{"trailing comma", `{"op":"symbols",}`, "malformed-request"},
	{"single quotes", `{'op':'symbols'}`, "malformed-request"},
	{"two values", `{"op":"symbols"} {"op":"rules"}`, "malformed-request"},
	{"trailing garbage", `{"op":"symbols"} x`, "malformed-request"},
	{"null", `null`, "malformed-request"},
	{"number", `42`, "malformed-request"},
	{"string", `"symbols"`, "malformed-request"},
	{"boolean", `true`, "malformed-request"},
	{"array", `[{"op":"symbols"}]`, "malformed-request"},
	{"empty object", `{}`, "malformed-request"},
	{"op null", `{"op":null}`, "malformed-request"},
	{"op number", `{"op":7}`, "malformed-request"},
	{"op array", `{"op":["symbols"]}`, "malformed-request"},
	{"op object", `{"op":{"name":"symbols"}}`, "malformed-request"},
	{"op twice", `{"op":"symbols","op":"rules"}`, "malformed-request"},
	{"member twice, nested", `{"op":"references","symbol":"Kills","x":{"a":1,"a":2}}`, "malformed-request"},
	{"unknown op", `{"op":"frobnicate"}`, "unknown-op"},
	{"op in the wrong case", `{"op":"Symbols"}`, "unknown-op"},
	{"missing required fields of providerValidateEdit", `{"op":"providerValidateEdit"}`, "malformed-request"},
	{"missing required field of simulate", `{"op":"simulate","seconds":1}`, "malformed-request"},
	{"removed name field", `{"op":"rules","name":"Setup"}`, "malformed-request"},
	{"missing required field", `{"op":"references"}`, "malformed-request"},
	{"missing required field of cfg", `{"op":"cfg"}`, "malformed-request"},
	{"wrong type: symbol boolean", `{"op":"usage","symbol":false}`, "malformed-request"},
	{"wrong type: negative id", `{"op":"usage","symbol":-1,"snapshot":1}`, "malformed-request"},
	{"wrong type: fractional id", `{"op":"usage","symbol":1.5,"snapshot":1}`, "malformed-request"},
	{"wrong type: max string", `{"op":"symbols","max":"5"}`, "malformed-request"},
	{"wrong type: all number", `{"op":"findings","all":1}`, "malformed-request"},
	{"wrong type: snapshot string", `{"op":"cfg","rule":0,"snapshot":"1"}`, "malformed-request"},
	{"wrong type: language number", `{"op":"lookup","language":1}`, "malformed-request"},
	{"missing language", `{"op":"listEntries","kind":"hero"}`, "malformed-request"},
	{"deep nesting", `{"op":"symbols","x":` + strings.Repeat(`[`, 100) + strings.Repeat(`]`, 100) + `}`, "malformed-request"},
	{"very deep nesting", strings.Repeat(`[`, 100000), "malformed-request"},
	{"over 4 MiB", `{"op":"symbols","pad":"` + strings.Repeat("x", service.MaxRequestSize) + `"}`, "request-too-large"},
	{"over 4 MiB, not JSON", strings.Repeat("y", service.MaxRequestSize+100), "request-too-large"},
	{"huge number", `{"op":"symbols","max":1e999}`, "malformed-request"},
}

// TestMalformedRequests sends every malformed request over stdio, each
// followed by a valid one: each gets its structured refusal, and the
// session keeps serving.
func TestMalformedRequests(t *testing.T) {
	if len(malformed) < 30 {
		t.Fatalf("only %d malformed requests", len(malformed))
	}
	project(t)
	const valid = `{"op":"usage","symbol":"Kills"}`
	var in strings.Builder
	for _, m := range malformed {
		in.WriteString(m.request + "\n" + valid + "\n")
	}
	var out bytes.Buffer
	err := transport.ServeStdio(context.Background(), service.NewSession(sessionOptions()), strings.NewReader(in.String()), &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2*len(malformed) {
		t.Fatalf("%d answers to %d requests", len(lines), 2*len(malformed))
	}
	for i, m := range malformed {
		var bad, good struct {
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code, Message string
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(lines[2*i]), &bad); err != nil || bad.Error == nil {
			t.Errorf("%s: not a refusal: %.200s", m.name, lines[2*i])
			continue
		}
		if bad.Error.Code != m.code || bad.Error.Message == "" {
			t.Errorf("%s: refused %s (%s), want %s", m.name, bad.Error.Code, bad.Error.Message, m.code)
		}
		if err := json.Unmarshal([]byte(lines[2*i+1]), &good); err != nil || good.Result == nil {
			t.Errorf("%s: the next request was not answered: %.200s", m.name, lines[2*i+1])
		}
	}
}

// TestJSONRPCFraming checks the JSON-RPC transport's own errors and that
// it keeps serving after each.
func TestJSONRPCFraming(t *testing.T) {
	project(t)
	cases := []struct {
		name, message string
		want          string // the answer, or "" for none
	}{
		{"parse error", `{"jsonrpc":"2.0","id":1,"method":`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON"}}`},
		{"not an object", `42`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a request is a JSON object with jsonrpc, method and id"}}`},
		{"empty batch", `[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a batch is a non-empty array of requests"}}`},
		{"wrong version", `{"jsonrpc":"1.0","id":2,"method":"request","params":{"op":"capabilities"}}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"invalid request: jsonrpc must be \"2.0\""}}`},
		{"no method", `{"jsonrpc":"2.0","id":3}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"invalid request: method is missing or not a string"}}`},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"request"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: id must be a string, a number or null"}}`},
		{"unknown method", `{"jsonrpc":"2.0","id":"a","method":"frob"}`, `{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"method not found: \"frob\" (use request, or the aliases compile, check, analyze, inspect)"}}`},
		{"the compile alias", `{"jsonrpc":"2.0","id":4,"method":"compile"}`, `{"jsonrpc":"2.0","id":4,"result":{"contract":"wright-result/v1","command":"compile"`},
		{"the compile alias with empty params", `{"jsonrpc":"2.0","id":4,"method":"compile","params":{}}`, `{"jsonrpc":"2.0","id":4,"result":{"contract":"wright-result/v1","command":"compile"`},
		{"the compile alias takes no params", `{"jsonrpc":"2.0","id":4,"method":"compile","params":{"output":"out.ow"}}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"invalid params: the compile method takes no params`},
		{"the compile alias takes no force", `{"jsonrpc":"2.0","id":4,"method":"compile","params":{"force":true}}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,`},
		{"a failed notification: unknown method", `{"jsonrpc":"2.0","method":"frob"}`, ``},
		{"a failed notification: invalid params", `{"jsonrpc":"2.0","method":"request"}`, ``},
		{"a failed notification: compile with params", `{"jsonrpc":"2.0","method":"compile","params":{"force":true}}`, ``},
		{"a failed notification in a batch", `[{"jsonrpc":"2.0","method":"frob"},{"jsonrpc":"2.0","method":"request","params":7}]`,
			`[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: params must be an object or an array"}}]`},
		{"an id that is not UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\",\"method\":\"request\",\"params\":{\"op\":\"capabilities\"}}",
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not UTF-8 (byte 0xff at offset 24)"}}`},
		{"a fractional id is echoed", `{"jsonrpc":"2.0","id":1.5,"method":"request","params":{"op":"capabilities"}}`, `{"jsonrpc":"2.0","id":1.5,"result":{"service":"wright-lsp"`},
		{"a huge id is echoed", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"request","params":{"op":"capabilities"}}`, `{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":{"service":"wright-lsp"`},
		{"request without params", `{"jsonrpc":"2.0","id":5,"method":"request"}`, `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"invalid params: request takes a wright-agent/v1 request object, such as {\"op\":\"capabilities\"}"}}`},
		{"alias with wrong op", `{"jsonrpc":"2.0","id":6,"method":"check","params":{"op":"lint"}}`, `{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"invalid params: check cannot carry op \"lint\""}}`},
		{"service refusal is a result", `{"jsonrpc":"2.0","id":7,"method":"request","params":{"op":"cfg","rule":"Tick"}}`, `{"jsonrpc":"2.0","id":7,"result":{"error":{"code":"ambiguous-rule","message":"\"Tick\" names 2 rules: use one of \"Tick#1\", \"Tick#2\"","candidates":["Tick#1","Tick#2"]}}}`},
		{"notification", `{"jsonrpc":"2.0","method":"request","params":{"op":"capabilities"}}`, ``},
		{"batch", `[{"jsonrpc":"2.0","id":8,"method":"request","params":{"op":"usage","symbol":"Round"}},{"jsonrpc":"2.0","method":"check"}]`,
			`[{"jsonrpc":"2.0","id":8,"result":{"id":0,"kind":"globalVariable","name":"Round","declarations":1,"definitions":0,"reads":1,"writes":2,"calls":0,"snapshot":1}}]`},
		{"alias", `{"jsonrpc":"2.0","id":9,"method":"inspect","params":{"all":true}}`, `{"jsonrpc":"2.0","id":9,"result":{"contract":"wright-result/v1","command":"inspect"`},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := transport.ServeJSONRPC(context.Background(), service.NewSession(sessionOptions()),
			strings.NewReader(c.message+"\n"+`{"jsonrpc":"2.0","id":"next","method":"request","params":{"op":"capabilities"}}`+"\n"), &out)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if c.want == "" {
			if len(lines) != 1 {
				t.Errorf("%s: answered %q", c.name, lines[0])
			}
		} else if !strings.HasPrefix(lines[0], c.want) || len(lines) != 2 {
			t.Errorf("%s:\n got: %.300s\nwant: %s", c.name, lines[0], c.want)
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, `{"jsonrpc":"2.0","id":"next","result":{"service":"wright-lsp"`) {
			t.Errorf("%s: the session stopped serving: %.200s", c.name, last)
		}
	}
}
