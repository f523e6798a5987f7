package lsp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// rawClient speaks to the server in framed JSON with nothing between: it
// reads each answer's frame and finds its id at its start, and decodes
// nothing else.
// The test client (client_test.go) decodes every message it reads into
// interface{} values through its JSON-RPC library, which on a large
// answer costs as much as the server's work; this one measures what the
// server takes to put the answer on the wire.
type rawClient struct {
	w    net.Conn
	r    *bufio.Reader
	next int
}

func startRawClient(tb testing.TB) *rawClient {
	tb.Helper()
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		lsp.Serve(context.Background(), serverEnd, lsp.Options{Version: "bench"})
		serverEnd.Close()
	}()
	tb.Cleanup(func() {
		clientEnd.Close()
		<-done
	})
	return &rawClient{w: clientEnd, r: bufio.NewReaderSize(clientEnd, 1<<20)}
}

func (c *rawClient) send(tb testing.TB, msg map[string]any) {
	msg["jsonrpc"] = "2.0"
	data, err := json.Marshal(msg)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(data), data); err != nil {
		tb.Fatal(err)
	}
}

// frame reads one message's bytes.
func (c *rawClient) frame(tb testing.TB) []byte {
	n := -1
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			tb.Fatal(err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			n, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		tb.Fatal(err)
	}
	return body
}

// header is what the client reads of a message: its kind. The result,
// when there is one, is skipped.
type header struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		URI string `json:"uri"`
	} `json:"params"`
}

// until reads messages, answering the server's requests with null, until
// stop says the one read is awaited; it returns that message's bytes.
func (c *rawClient) until(tb testing.TB, stop func(h header) bool) []byte {
	for {
		body := c.frame(tb)
		var h header
		if err := json.Unmarshal(body, &h); err != nil {
			tb.Fatal(err)
		}
		if stop(h) {
			return body
		}
		if h.Method != "" && len(h.ID) > 0 {
			c.send(tb, map[string]any{"id": h.ID, "result": nil})
		}
	}
}

// call sends a request and returns its answer's bytes. The server writes
// an answer's id first, so the client knows it without reading on; any
// other message it decodes.
func (c *rawClient) call(tb testing.TB, method string, params any) []byte {
	c.next++
	id := strconv.Itoa(c.next)
	c.send(tb, map[string]any{"id": c.next, "method": method, "params": params})
	prefix := []byte(`{"id":` + id + `,"result":`)
	for {
		body := c.frame(tb)
		if bytes.HasPrefix(body, prefix) {
			return body
		}
		var h header
		if err := json.Unmarshal(body, &h); err != nil {
			tb.Fatal(err)
		}
		if h.Method == "" && string(h.ID) == id {
			tb.Fatalf("%s: %s", method, body) // an error answer
		}
		if h.Method != "" && len(h.ID) > 0 {
			c.send(tb, map[string]any{"id": h.ID, "result": nil})
		}
	}
}

// BenchmarkEditorRequestsRawClient is BenchmarkEditorRequests through the
// raw client: the same file, requests and ranges, each answered and read
// off the pipe, with no decoding of the answer by a JSON-RPC library.
func BenchmarkEditorRequestsRawClient(b *testing.B) {
	text := corpus(b, "z_owware.txt")
	dir := b.TempDir()
	path := filepath.Join(dir, "owware.ow")
	os.WriteFile(path, []byte(text), 0o644)
	uri := pathURI(path)
	c := startRawClient(b)
	c.call(b, "initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}})
	c.send(b, map[string]any{"method": "initialized", "params": map[string]any{}})
	c.send(b, map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}}})
	c.until(b, func(h header) bool { return h.Method == "textDocument/publishDiagnostics" && h.Params.URI == uri })

	for _, req := range editorRequests(uri, text) {
		b.Run(req.name, func(b *testing.B) {
			size := 0
			for b.Loop() {
				size = len(c.call(b, req.method, req.params))
			}
			if size < req.min {
				b.Fatalf("the answer has %d bytes: not the answer measured", size)
			}
			b.ReportMetric(float64(size), "bytes/answer")
		})
	}
}

// BenchmarkWorkspaceSymbolCorpus times workspace/symbol with the whole
// shared corpus open as a workspace: every Workshop text (game exports,
// OverPy's outputs, the simulator's programs) as a .ow file and every
// OverPy source with its folders, through the raw client. The first query
// waits for the background index; the timed ones after it are what a
// person typing in the symbol picker waits for. Queries: a common word,
// a one-letter query (most symbols match: the sort and the cap of the
// answer) and one that matches nothing.
func BenchmarkWorkspaceSymbolCorpus(b *testing.B) {
	root := filepath.Join("..", "..", "shared", "corpus")
	dir := b.TempDir()
	files := 0
	err := filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		switch filepath.Ext(path) {
		case ".txt":
			rel = strings.TrimSuffix(rel, ".txt") + ".ow"
		case ".opy":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		target := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(target), 0o755)
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil || files < 200 {
		b.Fatalf("the shared corpus must be present: %d files, %v", files, err)
	}
	c := startRawClient(b)
	c.call(b, "initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}})
	c.send(b, map[string]any{"method": "initialized", "params": map[string]any{}})
	start := time.Now()
	c.call(b, "workspace/symbol", map[string]any{"query": "Score"})
	b.Logf("%d files; the first query, which waits for the index: %v", files, time.Since(start))
	for _, q := range []string{"Score", "e", "zzqqxx"} {
		b.Run(q, func(b *testing.B) {
			size := 0
			for b.Loop() {
				size = len(c.call(b, "workspace/symbol", map[string]any{"query": q}))
			}
			b.ReportMetric(float64(size), "bytes/answer")
		})
	}
}
