package lsp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// TestIncrementalEqualsFresh types edits into a document one by one (a
// range change each, which the server analyses incrementally) and checks
// each version's publication and document symbols against a second
// server that receives every version as a whole new text (read whole);
// at the end, the diagnostics, symbols and references are checked against
// a third server opened on the final text.
func TestIncrementalEqualsFresh(t *testing.T) {
	text := corpus(t, "mysteryUltimates.txt")
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "mystery.ow"))
	open := func(text string, version int) *client {
		c := startClient(t, lsp.Options{Version: "test"})
		c.initialize(dir, map[string]any{})
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": version, "text": text}})
		c.waitDiagnostics(uri)
		return c
	}
	typed, whole := open(text, 1), open(text, 1)
	symbols := func(c *client) []byte {
		return c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
	// views are the answers drawn from the positions of expressions,
	// which a rule moved by an edit shares with the version before
	// (ast.Rel): semantic tokens (their data: the result ids count each
	// server's own answers), inlay hints over the whole text, folding.
	views := func(c *client, text string) map[string]string {
		doc := map[string]any{"uri": uri}
		var tokens struct {
			Data []int `json:"data"`
		}
		if err := json.Unmarshal(c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": doc}), &tokens); err != nil {
			t.Fatal(err)
		}
		whole := map[string]any{"start": lspPosition(text, 0), "end": lspPosition(text, len(text))}
		return map[string]string{
			"semantic tokens": fmt.Sprint(tokens.Data),
			"inlay hints":     string(c.call("textDocument/inlayHint", map[string]any{"textDocument": doc, "range": whole})),
			"folding ranges":  string(c.call("textDocument/foldingRange", map[string]any{"textDocument": doc})),
		}
	}
	rng := rand.New(rand.NewPCG(18, 1))
	steps := 40
	if testing.Short() {
		steps = 12
	}
	for v := 2; v < 2+steps; v++ {
		start, end, insert := typingEdit(rng, text)
		span := map[string]any{"start": lspPosition(text, start), "end": lspPosition(text, end)}
		text = text[:start] + insert + text[end:]
		typed.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"range": span, "text": insert}}})
		whole.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"text": text}}})
		got, want := typed.waitDiagnostics(uri), whole.waitDiagnostics(uri)
		if !bytes.Equal(got, want) {
			t.Fatalf("version %d (%q typed at %d): diagnostics\n got %s\nwant %s", v, insert, start, got, want)
		}
		if got, want := symbols(typed), symbols(whole); !bytes.Equal(got, want) {
			t.Fatalf("version %d: document symbols differ:\n got %s\nwant %s", v, got, want)
		}
		got2, want2 := views(typed, text), views(whole, text)
		for what, w := range want2 {
			if got2[what] != w {
				t.Fatalf("version %d (%q typed at %d): %s differ:\n got %.300s\nwant %.300s", v, insert, start, what, got2[what], w)
			}
		}
	}
	// Diagnostics carry the version they were made for.
	fresh := open(text, 1+steps)
	if got, want := typed.diagnosticsOf(uri), fresh.diagnosticsOf(uri); !bytes.Equal(got, want) {
		t.Fatalf("final text: diagnostics\n got %s\nwant %s", got, want)
	}
	if got, want := symbols(typed), symbols(fresh); !bytes.Equal(got, want) {
		t.Fatalf("final text: document symbols differ")
	}
	// References of a few global variables, at their uses after the edits.
	for i, off := 0, 0; i < 5; i++ {
		at := strings.Index(text[off:], "Global.")
		if at < 0 {
			break
		}
		off += at + len("Global.") + 1
		params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPosition(text, off),
			"context": map[string]any{"includeDeclaration": true}}
		if got, want := typed.call("textDocument/references", params), fresh.call("textDocument/references", params); !bytes.Equal(got, want) {
			t.Fatalf("references at %d differ:\n got %s\nwant %s", off, got, want)
		}
		hover := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPosition(text, off-len("Global.")-1)}
		if got, want := typed.call("textDocument/hover", hover), fresh.call("textDocument/hover", hover); !bytes.Equal(got, want) {
			t.Fatalf("hover at %d differs:\n got %s\nwant %s", off, got, want)
		}
		off += rng.IntN(4000)
		if off >= len(text) {
			break
		}
	}
}

// typingEdit returns a small edit, as typed: a few characters inserted
// (a name, a statement, a brace) or deleted, at a random place.
func typingEdit(rng *rand.Rand, text string) (start, end int, insert string) {
	start = rng.IntN(len(text) + 1)
	for start < len(text) && !utf8.RuneStart(text[start]) {
		start++
	}
	end = start
	if rng.IntN(3) == 0 {
		end = min(start+1+rng.IntN(3), len(text))
		for end < len(text) && !utf8.RuneStart(text[end]) {
			end++
		}
		return start, end, ""
	}
	inserts := []string{"a", "1", " ", "\n", ";", "}", "{", "(", ")", "\"", "Wait(1, Ignore Condition);", "Global.A", "rule(\"new\") {"}
	return start, end, inserts[rng.IntN(len(inserts))]
}
