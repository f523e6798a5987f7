package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// rawClient is a bare client for the tests of this package: it records
// the versions of the diagnostics published.
type rawClient struct {
	conn      *jsonrpc2.Conn
	published chan int32 // the version of each publication
}

func startRawClient(t *testing.T, opts Options) *rawClient {
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(context.Background(), serverEnd, opts)
		serverEnd.Close()
	}()
	c := &rawClient{published: make(chan int32, 1000)}
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientEnd, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
				var p struct {
					Version int32 `json:"version"`
				}
				json.Unmarshal(*req.Params, &p)
				c.published <- p.Version
			}
			return nil, nil
		}))
	t.Cleanup(func() {
		c.conn.Close()
		<-done
	})
	return c
}

func (c *rawClient) notify(t *testing.T, method string, params any) {
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		t.Fatal(err)
	}
}

// TestSupersededVersionsAreNotAnalysed holds the analysis of a document's
// first version while twenty edits arrive and each one's debounced
// publication starts: none of those versions is analysed, and once the
// first analysis ends the last version is, and published. (Each edit's
// analysis used to run to completion alongside the others: on a large
// file the diagnostics came a minute late and the memory of every
// version was held at once.)
func TestSupersededVersionsAreNotAnalysed(t *testing.T) {
	var mu sync.Mutex
	var analysed []int32
	release := make(chan struct{})
	published := make(chan string, 100)
	testHooks.Store(&publishHooks{
		published: func(string) { published <- "" },
		analysed: func(_ string, v int32) {
			mu.Lock()
			analysed = append(analysed, v)
			first := len(analysed) == 1
			mu.Unlock()
			if first {
				<-release
			}
		},
	})
	t.Cleanup(func() { testHooks.Store(nil) })
	wait := func(what string) {
		select {
		case <-published:
		case <-time.After(10 * time.Second):
			t.Fatalf("no publication started after %s", what)
		}
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "a.ow")
	os.WriteFile(path, nil, 0o644)
	c := startRawClient(t, Options{Version: "test", Debounce: time.Millisecond})
	var init json.RawMessage
	if err := c.conn.Call(context.Background(), "initialize", map[string]any{"rootUri": pathURI(dir), "capabilities": map[string]any{}}, &init); err != nil {
		t.Fatal(err)
	}
	c.notify(t, "initialized", map[string]any{})
	uri := pathURI(path)
	text := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n"
	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}})
	wait("didOpen")
	for v := 2; v <= 21; v++ {
		c.notify(t, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"text": text + strings.Repeat("\n", v)}}})
		wait("an edit")
	}
	close(release)
	for {
		select {
		case v := <-c.published:
			if v != 21 {
				continue
			}
			mu.Lock()
			defer mu.Unlock()
			// The first analysis is of version 1, or of 2 when the first
			// edit came before it started.
			if len(analysed) != 2 || analysed[0] > 2 || analysed[1] != 21 {
				t.Errorf("analysed versions %v, want the first and 21", analysed)
			}
			return
		case <-time.After(10 * time.Second):
			t.Fatal("the last version was never published")
		}
	}
}
