package lsp_test

import (
	"context"
	"encoding/json"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// A client drives an in-process server over a pipe, as an editor would:
// it answers the server's requests (applyEdit applies to its own copy of
// the documents) and collects the notifications.
type client struct {
	t    testing.TB
	conn *jsonrpc2.Conn
	// pipe is the client's end of the connection: closing it unblocks a
	// client whose server stopped reading.
	pipe net.Conn
	done chan struct{}

	mu          sync.Mutex
	diagnostics map[string]json.RawMessage // the last publication per URI
	versions    map[string]int32
	notes       []string // other notifications, by method
	published   chan string
	applied     []json.RawMessage
	settings    json.RawMessage
	// shown are the params of window/showDocument, answered success.
	shown []json.RawMessage
	// messages are the params of window/showMessage.
	messages []json.RawMessage
}

// startClient starts a server and a client joined by a pipe. The server
// runs until the test ends.
func startClient(t testing.TB, opts lsp.Options) *client {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	c := &client{t: t, pipe: clientEnd, done: make(chan struct{}), diagnostics: map[string]json.RawMessage{}, versions: map[string]int32{},
		published: make(chan string, 1000)}
	go func() {
		defer close(c.done)
		lsp.Serve(context.Background(), serverEnd, opts)
		serverEnd.Close()
	}()
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientEnd, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(c.handle))
	t.Cleanup(func() {
		c.conn.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop")
		}
	})
	return c
}

// handle answers the server's requests and records its notifications.
func (c *client) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	var params json.RawMessage
	if req.Params != nil {
		params = *req.Params
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p struct {
			URI         string          `json:"uri"`
			Diagnostics json.RawMessage `json:"diagnostics"`
		}
		json.Unmarshal(params, &p)
		c.diagnostics[p.URI] = p.Diagnostics
		c.published <- p.URI
		return nil, nil
	case "workspace/applyEdit":
		c.applied = append(c.applied, params)
		return map[string]any{"applied": true}, nil
	case "workspace/configuration":
		if c.settings == nil {
			return []any{nil}, nil
		}
		return []json.RawMessage{c.settings}, nil
	case "client/registerCapability", "window/workDoneProgress/create":
		return nil, nil
	case "window/showDocument":
		c.shown = append(c.shown, params)
		return map[string]any{"success": true}, nil
	case "window/showMessage":
		c.messages = append(c.messages, params)
	}
	c.notes = append(c.notes, req.Method)
	return nil, nil
}

// call sends a request and returns its raw result, failing the test on
// an error reply.
func (c *client) call(method string, params any) json.RawMessage {
	c.t.Helper()
	raw, err := c.try(method, params)
	if err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	return raw
}

// try sends a request and returns its result or its error.
func (c *client) try(method string, params any) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var raw json.RawMessage
	err := c.conn.Call(ctx, method, params, &raw)
	return raw, err
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize runs the handshake with the given client capabilities.
func (c *client) initialize(root string, capabilities map[string]any) json.RawMessage {
	c.t.Helper()
	res := c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(root), "capabilities": capabilities,
		"workspaceFolders": []any{map[string]any{"uri": pathURI(root), "name": "root"}}})
	c.notify("initialized", map[string]any{})
	return res
}

// waitDiagnostics waits for a publication for uri made after the
// document reached version (0: any) and returns its diagnostics.
func (c *client) waitDiagnostics(uri string) json.RawMessage {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case got := <-c.published:
			if got == uri {
				c.mu.Lock()
				d := c.diagnostics[uri]
				c.mu.Unlock()
				return d
			}
		case <-deadline:
			c.t.Fatalf("no diagnostics published for %s", uri)
			return nil
		}
	}
}

// waitAllDiagnostics waits for a publication for each of uris, in any
// order (waitDiagnostics for one after the other would drop the second's
// publication when it came first).
func (c *client) waitAllDiagnostics(uris []string) {
	c.t.Helper()
	want := map[string]bool{}
	for _, u := range uris {
		want[u] = true
	}
	deadline := time.After(20 * time.Second)
	for len(want) > 0 {
		select {
		case got := <-c.published:
			delete(want, got)
		case <-deadline:
			c.t.Fatalf("no diagnostics published for %v", want)
		}
	}
}

// drainPublished forgets publications seen so far.
func (c *client) drainPublished() {
	for {
		select {
		case <-c.published:
		default:
			return
		}
	}
}
