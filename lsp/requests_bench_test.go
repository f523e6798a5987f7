package lsp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// BenchmarkEditorRequests measures the requests an editor sends on each
// keystroke or scroll, on the largest game export once it is analysed:
// each sub-benchmark's ns/op is one request answered over the pipe. The
// ranges are the 100 lines around the middle of the file.
func BenchmarkEditorRequests(b *testing.B) {
	c, uri, text := openOwware(b)
	for _, req := range editorRequests(uri, text) {
		b.Run(req.name, func(b *testing.B) {
			for b.Loop() {
				c.call(req.method, req.params)
			}
		})
	}
}

// An editorRequest is a request an editor sends on each keystroke or
// scroll, as the benchmarks send it; min is the size in bytes its answer
// on z_owware reaches, so that a benchmark knows it timed the real one.
type editorRequest struct {
	name, method string
	params       map[string]any
	min          int
}

// editorRequests are the requests the editor benchmarks time on a
// document: the ranges are the 100 lines around its middle.
func editorRequests(uri, text string) []editorRequest {
	mid := strings.Count(text, "\n") / 2
	rng := map[string]any{"start": map[string]int{"line": mid - 50, "character": 0}, "end": map[string]int{"line": mid + 50, "character": 0}}
	doc := map[string]any{"uri": uri}
	return []editorRequest{
		{"semanticTokens/full", "textDocument/semanticTokens/full", map[string]any{"textDocument": doc}, 300_000},
		{"semanticTokens/range", "textDocument/semanticTokens/range", map[string]any{"textDocument": doc, "range": rng}, 1000},
		{"documentSymbol", "textDocument/documentSymbol", map[string]any{"textDocument": doc}, 100_000},
		{"codeLens", "textDocument/codeLens", map[string]any{"textDocument": doc}, 10_000},
		{"inlayHint/100-lines", "textDocument/inlayHint", map[string]any{"textDocument": doc, "range": rng}, 1000},
	}
}

// BenchmarkWorkspaceSymbol: workspace/symbol over every game export of
// the corpus, opened as a workspace and indexed in the background.
func BenchmarkWorkspaceSymbol(b *testing.B) {
	dir := b.TempDir()
	exports := filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports")
	entries, err := os.ReadDir(exports)
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(exports, e.Name()))
		os.WriteFile(filepath.Join(dir, strings.TrimSuffix(e.Name(), ".txt")+".ow"), data, 0o644)
	}
	c := startClient(b, lsp.Options{Version: "bench"})
	c.initialize(dir, map[string]any{})
	query := map[string]any{"query": "Score"}
	// The index is built in the background: wait until a query finds
	// the symbols of several files.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var syms []struct {
			Location struct {
				URI string `json:"uri"`
			} `json:"location"`
		}
		json.Unmarshal(c.call("workspace/symbol", query), &syms)
		files := map[string]bool{}
		for _, s := range syms {
			files[s.Location.URI] = true
		}
		if len(files) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("workspace/symbol found %d files' symbols after 2 minutes", len(files))
		}
		time.Sleep(50 * time.Millisecond)
	}
	for b.Loop() {
		c.call("workspace/symbol", query)
	}
}
