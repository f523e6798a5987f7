package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// TestIndexingDoesNotDelayReplies holds the workspace index on its first
// file, as a root of a large tree ("file:///") holds it for seconds: the
// requests that follow initialized are answered meanwhile, and once
// indexing goes on the client sees its progress begin and end. (Indexing
// ran on the read loop, so nothing was answered until it finished.)
func TestIndexingDoesNotDelayReplies(t *testing.T) {
	dir := t.TempDir()
	for i := range 3 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.ow", i)), []byte("rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n"), 0o644)
	}
	held := make(chan struct{})
	release := make(chan struct{})
	hook := func(string) {
		select {
		case held <- struct{}{}:
			<-release
		default:
		}
	}
	indexHook.Store(&hook)
	t.Cleanup(func() { indexHook.Store(nil) })
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()

	progress := make(chan map[string]any, 100)
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(context.Background(), serverEnd, Options{Version: "test", Debounce: time.Millisecond})
		serverEnd.Close()
	}()
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientEnd, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "$/progress" && req.Params != nil {
				var p struct {
					Value map[string]any `json:"value"`
				}
				json.Unmarshal(*req.Params, &p)
				progress <- p.Value
			}
			return nil, nil
		}))
	t.Cleanup(func() {
		conn.Close()
		<-done
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var res json.RawMessage
	if err := conn.Call(ctx, "initialize", map[string]any{"rootUri": pathURI(dir), "capabilities": map[string]any{"window": map[string]any{"workDoneProgress": true}}}, &res); err != nil {
		t.Fatal(err)
	}
	conn.Notify(ctx, "initialized", map[string]any{})
	select {
	case <-held:
	case <-ctx.Done():
		t.Fatal("indexing never started")
	}
	// Indexing is held: the server still answers.
	if err := conn.Call(ctx, "wright/request", map[string]any{"op": "capabilities"}, &res); err != nil {
		t.Fatalf("a request while the workspace is indexed: %v", err)
	}
	close(release)
	released = true
	var kinds []string
	for {
		select {
		case v := <-progress:
			kinds = append(kinds, fmt.Sprint(v["kind"]))
			if v["kind"] != "end" {
				continue
			}
			if got := strings.Join(kinds, " "); got != "begin end" || v["message"] != "3 files indexed" {
				t.Errorf("progress %s, ending %q", got, v["message"])
			}
			return
		case <-ctx.Done():
			t.Fatalf("indexing never ended; progress %v", kinds)
		}
	}
}

// TestIndexBudget indexes a tree of six files, and a FIFO that would
// block a read, within budgets of four files, of 100 bytes, and of five
// directory entries.
func TestIndexBudget(t *testing.T) {
	dir := t.TempDir()
	for i := range 6 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.ow", i)), []byte(strings.Repeat("x", 40)), 0o644)
	}
	if err := mkfifo(filepath.Join(dir, "fifo.ow")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		budget  indexBudget
		files   int
		stopped string
	}{
		{indexBudget{files: 100, bytes: 1 << 20, entries: 100}, 6, ""},
		{indexBudget{files: 4, bytes: 1 << 20, entries: 100}, 4, "4 files"},
		{indexBudget{files: 100, bytes: 100, entries: 100}, 2, "100 bytes"},
		{indexBudget{files: 100, bytes: 1 << 20, entries: 5}, 4, "5 directory entries"},
	} {
		st := newStore()
		res := st.indexRoots(context.Background(), []string{dir}, c.budget, nil)
		if res.files != c.files || res.stopped != c.stopped || len(st.all()) != c.files {
			t.Errorf("budget %+v: read %d files (%d stored), stopped at %q; want %d, %q", c.budget, res.files, len(st.all()), res.stopped, c.files, c.stopped)
		}
	}
}
