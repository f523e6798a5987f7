package lsp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// TestProjectFilePolicy: the .wright.yaml at the workspace root is the
// lint policy of the language server as of serve and the CLI: its failOn
// and rules apply to the agent requests, and a file with an unknown key
// is reported to the user (the previous policy stays).
func TestProjectFilePolicy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.ow")
	// A write-only variable: a warning by default.
	program := "variables\n{\n\tglobal:\n\t\t0: A\n}\n\nrule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.A = 1;\n\t}\n}\n"
	os.WriteFile(path, []byte(program), 0o644)
	os.WriteFile(filepath.Join(dir, ".wright.yaml"), []byte("failOn: warning\nrules:\n  write-only-variable:\n    severity: warning\n"), 0o644)
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(dir, map[string]any{})
	var resp struct {
		Result struct {
			OK   bool `json:"ok"`
			Exit int  `json:"exit"`
		} `json:"result"`
		Error *struct{ Code string } `json:"error"`
	}
	raw := c.call("wright/request", map[string]any{"op": "lint", "document": pathURI(path)})
	if err := json.Unmarshal(raw, &resp); err != nil || resp.Error != nil || resp.Result.OK || resp.Result.Exit != 1 {
		t.Errorf("lint under failOn: warning: %s", raw)
	}

	c2 := startClient(t, lsp.Options{Version: "test"})
	os.WriteFile(filepath.Join(dir, ".wright.yaml"), []byte("fialOn: warning\n"), 0o644)
	c2.initialize(dir, map[string]any{})
	deadline := time.Now().Add(20 * time.Second)
	for {
		c2.mu.Lock()
		shown := slices.Contains(c2.notes, "window/showMessage")
		c2.mu.Unlock()
		if shown {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an unknown key in .wright.yaml was not reported to the user")
		}
		time.Sleep(10 * time.Millisecond)
	}
	raw = c2.call("wright/request", map[string]any{"op": "lintRules", "document": pathURI(path)})
	if !strings.Contains(string(raw), `"failOn":"error"`) {
		t.Errorf("the refused policy applied: %.200s", raw)
	}
}
