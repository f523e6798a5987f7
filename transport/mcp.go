package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

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
		schema, err := contract.ToolSchema(op)
		if err != nil {
			return nil, err
		}
		raw, err := service.Marshal(schema)
		if err != nil {
			return nil, err
		}
		tool := &mcp.Tool{Name: op.ToolName(), Description: op.Description, InputSchema: raw,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}}
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
	if v, ok := fields["op"]; ok && string(v) != `"`+op+`"` {
		return nil, fmt.Errorf("invalid arguments: op %s contradicts the tool, which is %s", v, op)
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
// The SDK ends a session on a line it cannot decode, so lines pass
// through a filter first: a line that is not a JSON-RPC message is
// answered -32700 (or -32600) here and the session goes on.
func ServeMCP(ctx context.Context, s *service.Session, r io.Reader, w io.Writer) error {
	srv, err := NewMCPServer(s)
	if err != nil {
		return err
	}
	out := &lockedWriter{w: w}
	out.answered = sync.NewCond(&out.mu)
	pr, pw := io.Pipe()
	go filterFrames(r, pw, out)
	return srv.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: out, MaxLineLength: frameLimit + 1024})
}

// drainTimeout bounds how long the end of input waits for the answers of
// requests still running.
const drainTimeout = 30 * time.Second

// filterFrames copies the lines of r that decode as JSON-RPC messages to
// pw and answers the others on out. When r ends it waits for the answers
// to the requests it passed on (the SDK handles calls concurrently and
// stops at end of input), then closes pw.
func filterFrames(r io.Reader, pw *io.PipeWriter, out *lockedWriter) {
	lr := newLineReader(r, frameLimit)
	for {
		line, size, err := lr.next()
		if err != nil {
			if err == io.EOF {
				out.drain(drainTimeout)
				err = nil
			}
			pw.CloseWithError(err)
			return
		}
		if line != nil && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var reject *rpcResponse
		switch {
		case line == nil:
			reject = rpcFail(nullID, codeInvalidRequest, fmt.Sprintf("the message is %d bytes; the limit is %d bytes", size, frameLimit))
		case !json.Valid(line):
			reject = rpcFail(nullID, codeParseError, "parse error: the line is not JSON")
		default:
			msg, err := jsonrpc.DecodeMessage(line)
			if err != nil {
				reject = rpcFail(nullID, codeInvalidRequest, "invalid request: "+err.Error())
			} else if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
				out.expect()
			}
		}
		if reject != nil {
			data, _ := service.Marshal(reject)
			if _, err := out.writeOwn(append(data, '\n')); err != nil {
				pw.CloseWithError(err)
				return
			}
			continue
		}
		if _, err := pw.Write(append(line, '\n')); err != nil {
			return
		}
	}
}

// lockedWriter serializes whole writes: the SDK writes one message per
// call, and the filter's answers must not land inside one. It counts the
// SDK's responses against the requests the filter passed on.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	answered *sync.Cond
	// pending counts requests passed on and not yet answered.
	pending int
}

// Write writes one message of the SDK.
func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if isResponse(p) {
		l.pending--
		l.answered.Broadcast()
	}
	return l.w.Write(p)
}

// writeOwn writes one of the filter's own answers.
func (l *lockedWriter) writeOwn(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// expect records a request passed on to the SDK.
func (l *lockedWriter) expect() {
	l.mu.Lock()
	l.pending++
	l.mu.Unlock()
}

// drain waits until every request passed on is answered, or timeout.
func (l *lockedWriter) drain(timeout time.Duration) {
	timer := time.AfterFunc(timeout, func() {
		l.mu.Lock()
		l.pending = 0
		l.answered.Broadcast()
		l.mu.Unlock()
	})
	defer timer.Stop()
	l.mu.Lock()
	for l.pending > 0 {
		l.answered.Wait()
	}
	l.mu.Unlock()
}

// isResponse reports whether a message is a response: its top-level
// object has result or error before any method member. Only the leading
// members are read; the result itself is skipped unread.
func isResponse(p []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(p))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return false
		}
		switch key {
		case "result", "error":
			return true
		case "method":
			return false
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

func (l *lockedWriter) Close() error { return nil }
