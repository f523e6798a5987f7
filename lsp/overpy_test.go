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

// TestOverPyDiagnostics: an OverPy document gets every problem, at OverPy
// positions, after an edit too; formatting, which has no OverPy printer,
// is refused with its reason.
func TestOverPyDiagnostics(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.opy")
	text := "rule \"a\":\n    fooBar(1)\n\nrule \"b\":\n    wait(1, 5)\n"
	os.WriteFile(path, []byte(text), 0o644)
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test", Debounce: time.Millisecond})
	c.initialize(dir, map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "overpy", "version": 1, "text": text}})
	type diagnostic struct {
		Range struct {
			Start struct{ Line, Character int } `json:"start"`
			End   struct{ Line, Character int } `json:"end"`
		} `json:"range"`
		Code string `json:"code"`
	}
	read := func(raw json.RawMessage) []diagnostic {
		var ds []diagnostic
		if err := json.Unmarshal(raw, &ds); err != nil {
			t.Fatal(err)
		}
		return ds
	}
	got := read(c.waitDiagnostics(uri))
	want := []struct {
		code             string
		line, start, end int
	}{{"unknown-function", 1, 4, 10}, {"expected-enum-member", 4, 12, 13}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i, w := range want {
		g := got[i]
		if g.Code != w.code || g.Range.Start.Line != w.line || g.Range.Start.Character != w.start || g.Range.End.Character != w.end {
			t.Errorf("diagnostic %d: got %+v, want %+v", i, g, w)
		}
	}
	// Fix the first problem: only the second is left.
	c.drainPublished()
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": map[string]int{"line": 1, "character": 4}, "end": map[string]int{"line": 1, "character": 10}}, "text": "wait"}}})
	got = read(c.waitDiagnostics(uri))
	if len(got) != 1 || got[0].Code != "expected-enum-member" {
		t.Errorf("after the fix: %+v", got)
	}
	// Hover names the catalog function under the cursor.
	res, err := c.try("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]int{"line": 1, "character": 5}})
	if err != nil || !strings.Contains(string(res), "Workshop action **Wait**") {
		t.Errorf("hover on OverPy: %s, %v", res, err)
	}
	// Semantic tokens read the OverPy text.
	res, err = c.try("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if err != nil || !strings.Contains(string(res), `"data":[`) {
		t.Errorf("semantic tokens on OverPy: %s, %v", res, err)
	}
	// Formatting is refused with its reason, as a Workshop document it
	// cannot format safely is; never edits at lowered positions.
	res, err = c.try("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}})
	if err == nil || !strings.Contains(err.Error(), "no printer for OverPy") {
		t.Errorf("formatting OverPy: %s, %v; want the refusal", res, err)
	}
}
