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

// TestPublicationsNeverGoBackInVersion types fast into a large document
// with no debounce, so that analyses of older versions are still running
// when newer ones arrive: the versions published must never decrease,
// and the last one must be the document's.
func TestPublicationsNeverGoBackInVersion(t *testing.T) {
	text := corpus(t, "z_owware.txt")
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		lsp.Serve(context.Background(), serverEnd, lsp.Options{Version: "test", Debounce: -1})
		serverEnd.Close()
	}()
	var mu sync.Mutex
	var versions []int
	published := make(chan int, 1000)
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientEnd, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
				var p struct {
					Version int `json:"version"`
				}
				json.Unmarshal(*req.Params, &p)
				mu.Lock()
				versions = append(versions, p.Version)
				mu.Unlock()
				published <- p.Version
			}
			return nil, nil
		}))
	defer func() {
		conn.Close()
		<-done
	}()
	ctx := context.Background()
	dir := t.TempDir()
	uri := pathURI(dir + "/a.ow")
	if err := conn.Call(ctx, "initialize", map[string]any{"rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil); err != nil {
		t.Fatal(err)
	}
	conn.Notify(ctx, "initialized", map[string]any{})
	conn.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}})
	pos := lspPosition(text, 0)
	const last = 12
	for v := 2; v <= last; v++ {
		conn.Notify(ctx, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": pos}, "text": "\n"}}})
		time.Sleep(2 * time.Millisecond)
	}
	deadline := time.After(30 * time.Second)
	for v := 0; v != last; {
		select {
		case v = <-published:
		case <-deadline:
			t.Fatalf("version %d was never published; published %v", last, versions)
		}
	}
	time.Sleep(100 * time.Millisecond) // let late publications of older versions show
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i < len(versions); i++ {
		if versions[i] < versions[i-1] {
			t.Fatalf("version %d was published after version %d: %v", versions[i], versions[i-1], versions)
		}
	}
	if got := versions[len(versions)-1]; got != last {
		t.Fatalf("the last publication is of version %d, want %d: %v", got, last, versions)
	}
	if len(versions) > last+3 {
		t.Logf("%d publications for %d versions: %v", len(versions), last, versions)
	}
}
