package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// The JSON-RPC 2.0 error codes this transport uses.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

// rpcResponse is one JSON-RPC response. ID keeps the request's id bytes.
type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

var nullID = json.RawMessage("null")

// aliases are the direct methods that name a workflow operation.
var aliases = map[string]bool{"compile": true, "check": true, "analyze": true, "inspect": true}

// ServeJSONRPC serves JSON-RPC 2.0, one message (or batch) per line.
// Method request carries a wright-agent/v1 request in params; check,
// analyze and inspect are aliases taking that operation's other fields,
// and compile an alias taking none (its defaults apply).
// A service refusal is a result ({"error": {code, message}}); framing
// problems are JSON-RPC errors.
func ServeJSONRPC(ctx context.Context, s *service.Session, r io.Reader, w io.Writer) error {
	lr := newLineReader(r, frameLimit)
	bw := bufio.NewWriter(w)
	for {
		line, size, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if line != nil && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var out any
		if line == nil {
			out = rpcFail(nullID, codeInvalidRequest, fmt.Sprintf("the message is %d bytes; the limit is %d bytes", size, frameLimit))
		} else {
			out = handleRPC(ctx, s, line)
		}
		if out == nil {
			continue // notifications only
		}
		if err := writeLine(bw, out); err != nil {
			return err
		}
	}
}

// handleRPC answers one line: a message, or a batch of them. It returns
// nil when nothing is to be answered.
func handleRPC(ctx context.Context, s *service.Session, line []byte) any {
	trimmed := bytes.TrimSpace(line)
	if !utf8.Valid(trimmed) {
		return rpcFail(nullID, codeParseError, notUTF8(trimmed))
	}
	if !json.Valid(trimmed) {
		return rpcFail(nullID, codeParseError, "parse error: the line is not JSON")
	}
	if trimmed[0] != '[' {
		if resp := handleMessage(ctx, s, trimmed); resp != nil {
			return resp
		}
		return nil
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(trimmed, &batch); err != nil || len(batch) == 0 {
		return rpcFail(nullID, codeInvalidRequest, "invalid request: a batch is a non-empty array of requests")
	}
	var out []*rpcResponse
	for _, m := range batch {
		if resp := handleMessage(ctx, s, m); resp != nil {
			out = append(out, resp)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// handleMessage answers one JSON-RPC message; nil for a notification.
//
// A notification (a well-formed request without an id member) is never
// answered, even when its method is unknown or its params are wrong, as
// JSON-RPC 2.0 requires. A message that is not a well-formed request
// object (no jsonrpc "2.0", no method string, params neither an object
// nor an array) is answered -32600 with its id, or with a null id when it
// has none, as the specification's examples do.
func handleMessage(ctx context.Context, s *service.Session, raw json.RawMessage) *rpcResponse {
	var msg struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Params  json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(raw, &msg); err != nil {
		return rpcFail(nullID, codeInvalidRequest, "invalid request: a request is a JSON object with jsonrpc, method and id")
	}
	id := msg.ID
	notification := id == nil
	if id == nil {
		id = nullID
	}
	switch {
	case !validID(id):
		return rpcFail(nullID, codeInvalidRequest, "invalid request: id must be a string, a number or null")
	case msg.JSONRPC == nil || *msg.JSONRPC != "2.0":
		return rpcFail(id, codeInvalidRequest, `invalid request: jsonrpc must be "2.0"`)
	case msg.Method == nil:
		return rpcFail(id, codeInvalidRequest, "invalid request: method is missing or not a string")
	}
	params := bytes.TrimSpace(msg.Params)
	if len(params) > 0 && params[0] != '{' && params[0] != '[' && !bytes.Equal(params, nullID) {
		return rpcFail(id, codeInvalidRequest, "invalid request: params must be an object or an array")
	}
	request, fail := methodRequest(*msg.Method, params)
	switch {
	case fail != nil && notification:
		return nil
	case fail != nil:
		fail.ID = id
		return fail
	}
	resp := s.Handle(ctx, request)
	if notification {
		return nil
	}
	return &rpcResponse{JSONRPC: "2.0", ID: id, Result: serviceResult(resp)}
}

// methodRequest builds the service request of a method call, or the
// JSON-RPC error refusing it (its id left for the caller to set).
func methodRequest(method string, params []byte) ([]byte, *rpcResponse) {
	switch {
	case method == "request":
		if len(params) == 0 || params[0] != '{' {
			return nil, rpcFail(nil, codeInvalidParams, "invalid params: request takes a wright-agent/v1 request object, such as {\"op\":\"capabilities\"}")
		}
		return params, nil
	case aliases[method]:
		request, err := aliasRequest(method, params)
		if err != nil {
			return nil, rpcFail(nil, codeInvalidParams, "invalid params: "+err.Error())
		}
		return request, nil
	}
	return nil, rpcFail(nil, codeMethodNotFound, fmt.Sprintf("method not found: %q (use request, or the aliases compile, check, analyze, inspect)", method))
}

// serviceResult is the JSON-RPC result of a service response: the
// service result itself, or {"error": {...}} for a refusal.
func serviceResult(resp contract.Response) json.RawMessage {
	if resp.Error != nil {
		data, _ := service.Marshal(struct {
			Error *contract.Error `json:"error"`
		}{resp.Error})
		return data
	}
	return resp.Result.(json.RawMessage)
}

// aliasRequest builds the request of a direct method: its params (an
// object of the operation's fields, or nothing) with op set. compile
// takes no params, as the contract says: its defaults apply (the program
// goes to <entry stem>.ow, never replacing a file).
func aliasRequest(method string, params []byte) ([]byte, error) {
	fields := map[string]json.RawMessage{}
	if len(params) > 0 && !bytes.Equal(params, nullID) {
		if params[0] != '{' {
			if method == "compile" && bytes.Equal(bytes.Join(bytes.Fields(params), nil), []byte("[]")) {
				return []byte(`{"op":"compile"}`), nil
			}
			return nil, fmt.Errorf("%s takes an object of %s request fields, or no params", method, method)
		}
		if err := json.Unmarshal(params, &fields); err != nil {
			return nil, err
		}
	}
	if method == "compile" && len(fields) > 0 {
		return nil, errors.New(`the compile method takes no params and writes with the defaults; ` +
			`for output, force or to, send method request with {"op":"compile", …}`)
	}
	if op, ok := fields["op"]; ok && string(op) != `"`+method+`"` {
		return nil, fmt.Errorf("%s cannot carry op %s", method, op)
	}
	fields["op"] = json.RawMessage(`"` + method + `"`)
	return json.Marshal(fields)
}

// notUTF8 is the parse error of a line that is not UTF-8 (JSON text is
// UTF-8: a string of other bytes could only be echoed back corrupted).
func notUTF8(line []byte) string {
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf("parse error: the line is not UTF-8 (byte 0x%02x at offset %d)", line[i], i)
		}
		i += n
	}
	return "parse error: the line is not UTF-8"
}

func validID(id json.RawMessage) bool {
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

func rpcFail(id json.RawMessage, code int, message string) *rpcResponse {
	return &rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: message}}
}
