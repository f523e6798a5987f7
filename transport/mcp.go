package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// mcpInstructions tell MCP clients how to use the tools.
const mcpInstructions = "wright-lsp answers questions about one Overwatch Workshop program (the session's input). " +
	"Call wright_capabilities first. Rules and symbols are addressed by name (NAME, NAME#N, KIND:NAME); " +
	"a numeric id is valid only with the snapshot of the response that issued it. Lists are capped at 20 items " +
	"unless all is true; truncation says what was withheld. A refusal is an error result carrying {code, message}."

// NewMCPServer returns an MCP server with one tool per operation of the
// catalog, each answering through s.
func NewMCPServer(s *service.Session) (*mcp.Server, error) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "wright-lsp", Version: s.Options().Version},
		&mcp.ServerOptions{Instructions: mcpInstructions, Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}})
	for _, op := range contract.Operations {
		schema, err := contract.MCPToolSchema(op)
		if err != nil {
			return nil, err
		}
		raw, err := service.Marshal(schema)
		if err != nil {
			return nil, err
		}
		h := op.Hints()
		tool := &mcp.Tool{Name: op.ToolName(), Description: op.Description, InputSchema: raw,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: h.ReadOnly, DestructiveHint: new(h.Destructive),
				IdempotentHint: h.Idempotent, OpenWorldHint: new(h.OpenWorld)}}
		srv.AddTool(tool, toolHandler(s, op))
	}
	return srv, nil
}

// toolHandler answers tools/call for op. Service refusals are error
// results carrying {code, message}; arguments the service finds malformed
// are a protocol error, as the contract requires.
func toolHandler(s *service.Session, op contract.Operation) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		request, err := toolRequest(op.Name, req.Params.Arguments)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		resp := s.Handle(ctx, request)
		if e := resp.Error; e != nil {
			data, _ := service.Marshal(e)
			if e.Code == "malformed-request" {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid arguments: " + e.Message, Data: data}
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}, IsError: true}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(resp.Result.(json.RawMessage))}}}, nil
	}
}

// toolRequest builds the service request of a tool call: the arguments
// object with op set from the tool's name.
func toolRequest(op string, args json.RawMessage) ([]byte, error) {
	args = bytes.TrimSpace(args)
	if len(args) == 0 || bytes.Equal(args, []byte("null")) {
		return []byte(`{"op":"` + op + `"}`), nil
	}
	if args[0] != '{' {
		return nil, fmt.Errorf("invalid arguments: an object of %s request fields is expected", op)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(args, &fields); err != nil {
		return nil, fmt.Errorf("invalid arguments: %v", err)
	}
	if v, ok := fields["op"]; ok {
		if string(v) != `"`+op+`"` {
			return nil, fmt.Errorf("invalid arguments: op %s contradicts the tool, which is %s", v, op)
		}
		// The arguments name the tool's operation themselves.
		return args, nil
	}
	// Keep the caller's bytes (duplicate members and all, which the
	// service refuses) and put op first.
	inner := bytes.TrimSpace(args[1:])
	if inner[0] == '}' {
		return []byte(`{"op":"` + op + `"}`), nil
	}
	return append([]byte(`{"op":"`+op+`",`), inner...), nil
}

// ServeMCP serves MCP over newline-delimited JSON-RPC on r and w.
//
// Requests are answered one at a time, in arrival order, as on stdio and
// JSON-RPC: the SDK would run tool calls concurrently, so that of two
// pipelined compiles to one file either could win and answers would come
// back in any order, and a read racing a reload could see either
// program. Lines pass through a filter that hands the SDK one request
// and waits for its answer before reading the next line (notifications
// pass straight on). The filter also answers a line that is not a
// JSON-RPC message itself (-32700 or -32600), which would end the SDK's
// session, and the session goes on.
func ServeMCP(ctx context.Context, s *service.Session, r io.Reader, w io.Writer) error {
	srv, err := NewMCPServer(s)
	if err != nil {
		return err
	}
	out := &lockedWriter{w: w}
	out.answered = sync.NewCond(&out.mu)
	pr, pw := io.Pipe()
	go filterFrames(r, pw, out)
	err = srv.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: out, MaxLineLength: frameLimit + 1024})
	// The filter may be waiting for an answer the ended session will not
	// give, or writing a line nobody reads.
	out.close()
	pr.CloseWithError(io.ErrClosedPipe)
	return err
}

// filterFrames copies the lines of r that decode as JSON-RPC messages to
// pw and answers the others on out. After passing on a request it waits
// for its answer, so that the SDK only ever handles one request. When r
// ends it closes pw.
func filterFrames(r io.Reader, pw *io.PipeWriter, out *lockedWriter) {
	lr := newLineReader(r, frameLimit)
	initialized := false
	for {
		line, size, err := lr.next()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			pw.CloseWithError(err)
			return
		}
		if line != nil && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		reject, method := screen(line, size, initialized)
		if reject != nil {
			data, _ := service.Marshal(reject)
			if _, err := out.writeOwn(append(data, '\n')); err != nil {
				pw.CloseWithError(err)
				return
			}
			continue
		}
		if method != "" {
			out.expect(method)
		}
		if _, err := pw.Write(append(line, '\n')); err != nil {
			return
		}
		if method == "" {
			continue
		}
		ok, answered := out.wait()
		if !ok {
			return
		}
		if method == "initialize" && answered {
			initialized = true
		}
	}
}

// screen decides what the filter does with one line: reject is the
// filter's own answer refusing it, else the line passes on to the SDK;
// method is set when the line is a request (whose answer the filter then
// waits for).
//
// The filter refuses what the SDK would misread or answer with code 0 and
// its own internal text: a line that is not UTF-8 or not JSON, an id that
// is neither a string nor an integer (the SDK reads 1.5 as 1 and a huge
// integer as a negative one, so two answers could carry one id), a null
// id (which the SDK takes for a notification and never answers), a
// request other than initialize or ping before initialize, a second
// initialize, and initialize params of the wrong types.
func screen(line []byte, size int, initialized bool) (reject *rpcResponse, method string) {
	switch {
	case line == nil:
		return rpcFail(nullID, codeInvalidRequest, fmt.Sprintf("the message is %d bytes; the limit is %d bytes", size, frameLimit)), ""
	case !utf8.Valid(line):
		return rpcFail(nullID, codeParseError, notUTF8(line)), ""
	case !json.Valid(line):
		return rpcFail(nullID, codeParseError, "parse error: the line is not JSON"), ""
	}
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &head) == nil && head.ID != nil {
		if problem := idProblem(head.ID); problem != "" {
			return rpcFail(nullID, codeInvalidRequest, "invalid request: "+problem), ""
		}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return rpcFail(nullID, codeInvalidRequest, "invalid request: "+err.Error()), ""
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() {
		return nil, "" // a notification, or a response to the server
	}
	id := head.ID
	switch {
	case req.Method == "initialize" && initialized:
		return rpcFail(id, codeInvalidRequest, "invalid request: the session is already initialized: initialize is sent once, first"), ""
	case req.Method == "initialize":
		if problem := initializeProblem(req.Params); problem != "" {
			return rpcFail(id, codeInvalidParams, "invalid params: initialize: "+problem), ""
		}
	case !initialized && req.Method != "ping" && !sessionless(req.Params):
		return rpcFail(id, codeInvalidRequest, fmt.Sprintf("invalid request: %s before initialize: send initialize first", req.Method)), ""
	}
	return nil, req.Method
}

// idProblem says what is wrong with a request id, or "". MCP ids are
// strings or integers, never null; an integer must fit 64 bits.
func idProblem(id json.RawMessage) string {
	text := string(id)
	if len(text) > 40 {
		text = text[:40] + "…"
	}
	switch id[0] {
	case '"':
		return ""
	case 'n':
		return "id is null: an MCP request id is a string or an integer"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if bytes.ContainsAny(id, ".eE") {
			return fmt.Sprintf("id %s is not an integer: an MCP request id is a string or an integer", text)
		}
		if _, err := strconv.ParseInt(string(id), 10, 64); err != nil {
			return fmt.Sprintf("id %s is out of range: an integer id must fit 64 bits (send a string for larger ones)", text)
		}
		return ""
	}
	return fmt.Sprintf("id %s is not a string or an integer", text)
}

// initializeProblem says what is wrong with initialize's params, or "":
// an object whose protocolVersion is a string and whose capabilities and
// clientInfo, when present, are objects.
func initializeProblem(params json.RawMessage) string {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(params, &p); err != nil || p == nil {
		return "params must be an object with protocolVersion, capabilities and clientInfo"
	}
	v, ok := p["protocolVersion"]
	if !ok || len(v) == 0 || v[0] != '"' {
		return "protocolVersion must be a string naming an MCP revision, such as \"2025-06-18\""
	}
	for _, member := range []string{"capabilities", "clientInfo"} {
		if v, ok := p[member]; ok && (len(v) == 0 || v[0] != '{') {
			return member + " must be an object"
		}
	}
	if v, ok := p["clientInfo"]; ok {
		var info map[string]json.RawMessage
		json.Unmarshal(v, &info)
		for _, member := range []string{"name", "version", "title"} {
			if w, ok := info[member]; ok && (len(w) == 0 || w[0] != '"') {
				return "clientInfo." + member + " must be a string"
			}
		}
	}
	return ""
}

// sessionless reports whether a request carries its protocol version in
// its _meta (MCP's sessionless protocol), which needs no initialize.
func sessionless(params json.RawMessage) bool {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	_, ok := p.Meta["io.modelcontextprotocol/protocolVersion"]
	return ok
}

// lockedWriter serializes whole writes: the SDK writes one message per
// call, and the filter's answers must not land inside one. It tells the
// filter when the request it passed on is answered, and gives an SDK
// error answered with code 0 (a Go error, its text internal) a JSON-RPC
// code and a message of its own.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	answered *sync.Cond
	// method is the request passed on, "" once it is answered.
	method string
	// ok records whether the last answer was a result.
	ok bool
	// closed is set once the SDK's session has ended.
	closed bool
}

// Write writes one message of the SDK.
func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch responseKind(p) {
	case "result":
		l.method, l.ok = "", true
		l.answered.Broadcast()
	case "error":
		p = recode(p, l.method)
		l.method, l.ok = "", false
		l.answered.Broadcast()
	}
	return l.w.Write(p)
}

// recode rewrites an SDK error answer that carries Go's internal text: a
// params decoding failure (code 0 or -32602) becomes invalid params
// naming the member and the type expected where Go's message tells them,
// and any other code 0 an internal error naming the method.
func recode(p []byte, method string) []byte {
	var msg struct {
		ID    json.RawMessage `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(p, &msg) != nil {
		return p
	}
	if method == "" {
		method = "the request"
	}
	var fail *rpcResponse
	switch e := msg.Error; {
	case strings.Contains(e.Message, "unmarshal") && (e.Code == 0 || e.Code == codeInvalidParams):
		what := "the params do not have the shape MCP defines for the method"
		if m := goFieldType.FindStringSubmatch(e.Message); m != nil {
			what = fmt.Sprintf("%s must be %s", m[1], goTypeNames[m[2]])
			if goTypeNames[m[2]] == "" {
				what = fmt.Sprintf("%s has the wrong type", m[1])
			}
		}
		fail = rpcFail(msg.ID, codeInvalidParams, "invalid params: "+method+": "+what)
	case e.Code == 0:
		fail = rpcFail(msg.ID, codeInternalError, "internal error: the MCP layer failed on "+method)
	default:
		return p
	}
	data, err := service.Marshal(fail)
	if err != nil {
		return p
	}
	return append(data, '\n')
}

// goFieldType finds the member and the type in Go's message about a
// member of the wrong type.
var goFieldType = regexp.MustCompile(`Go struct field [\w.]*\.(\w+) of type ([\w.\[\]*]+)`)

var goTypeNames = map[string]string{"string": "a string", "bool": "a boolean", "int": "an integer", "int64": "an integer",
	"float64": "a number", "mcp.LoggingLevel": "a string (a logging level)"}

// writeOwn writes one of the filter's own answers.
func (l *lockedWriter) writeOwn(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// expect records a request about to be passed on to the SDK.
func (l *lockedWriter) expect(method string) {
	l.mu.Lock()
	l.method = method
	l.mu.Unlock()
}

// wait blocks until the request passed on is answered; ok is false when
// the session ended first, answered whether the answer was a result.
func (l *lockedWriter) wait() (ok, answered bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.method != "" && !l.closed {
		l.answered.Wait()
	}
	return !l.closed, l.ok
}

// close records the end of the SDK's session, releasing a waiting filter.
func (l *lockedWriter) close() {
	l.mu.Lock()
	l.closed = true
	l.answered.Broadcast()
	l.mu.Unlock()
}

// responseKind tells whether a message is a response: "result" or "error"
// when its top-level object has that member before any method member, ""
// otherwise. Only the leading members are read; a result is not decoded.
func responseKind(p []byte) string {
	dec := json.NewDecoder(bytes.NewReader(p))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		switch key {
		case "result", "error":
			return key.(string)
		case "method":
			return ""
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
	return ""
}

func (l *lockedWriter) Close() error { return nil }
