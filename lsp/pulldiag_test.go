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

const pullProgram = "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.A = Global.A;\n\t\tBig Mesage(All Players(All Teams), 1);\n\t}\n}\n"

type pullReport struct {
	Kind     string `json:"kind"`
	ResultID string `json:"resultId"`
	Items    []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Range   struct {
			Start struct{ Line, Character int } `json:"start"`
		} `json:"range"`
		CodeDescription *struct {
			Href string `json:"href"`
		} `json:"codeDescription"`
	} `json:"items"`
}

func (c *client) pull(uri, previous string) pullReport {
	c.t.Helper()
	p := map[string]any{"textDocument": map[string]any{"uri": uri}, "identifier": "wright"}
	if previous != "" {
		p["previousResultId"] = previous
	}
	var r pullReport
	if err := json.Unmarshal(c.call("textDocument/diagnostic", p), &r); err != nil {
		c.t.Fatal(err)
	}
	return r
}

func (r pullReport) codes() []string {
	var out []string
	for _, it := range r.Items {
		out = append(out, it.Code)
	}
	slices.Sort(out)
	return out
}

// waitNote waits for the server to send method (a request or a
// notification the test client records), failing after a long timeout.
func (c *client) waitNote(method string) {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		seen := slices.Contains(c.notes, method)
		c.mu.Unlock()
		if seen {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.t.Fatalf("the server never sent %s", method)
}

// TestPullDiagnostics drives LSP 3.17 pull diagnostics as VS Code does:
// the client says it pulls, the server advertises diagnosticProvider and
// stops publishing open documents' diagnostics (the client would show
// them twice); a pull answers every problem, an unchanged pull says so
// without items, an edit gives new ones, and a setting that changes the
// answer without an edit makes the server ask for a refresh.
func TestPullDiagnostics(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "game.ow")
	os.WriteFile(path, []byte(pullProgram), 0o644)
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test"})
	init := c.initialize(root, map[string]any{
		"textDocument": map[string]any{"diagnostic": map[string]any{"dynamicRegistration": false}, "publishDiagnostics": map[string]any{"codeDescriptionSupport": true}},
		"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
	})
	var caps struct {
		Capabilities struct {
			DiagnosticProvider *struct {
				Identifier            string `json:"identifier"`
				InterFileDependencies bool   `json:"interFileDependencies"`
			} `json:"diagnosticProvider"`
		} `json:"capabilities"`
	}
	json.Unmarshal(init, &caps)
	if dp := caps.Capabilities.DiagnosticProvider; dp == nil || dp.Identifier != "wright" || !dp.InterFileDependencies {
		t.Fatalf("diagnosticProvider: %s", init)
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": pullProgram}})

	first := c.pull(uri, "")
	if first.Kind != "full" || first.ResultID == "" || !slices.Equal(first.codes(), []string{"unknown-action", "write-only-variable"}) {
		t.Fatalf("first pull: %+v", first)
	}
	for _, it := range first.Items {
		if it.CodeDescription == nil || !strings.Contains(it.CodeDescription.Href, it.Code) {
			t.Errorf("%s: no link to its documentation", it.Code)
		}
		if it.Code == "unknown-action" && (it.Range.Start.Line != 10 || it.Range.Start.Character != 2) {
			t.Errorf("unknown-action at %+v, want 10:2", it.Range.Start)
		}
	}
	if again := c.pull(uri, first.ResultID); again.Kind != "unchanged" || again.ResultID != first.ResultID || len(again.Items) != 0 {
		t.Errorf("a second pull with the same result id: %+v", again)
	}

	// Fix the unknown action: the next pull is full, with the finding left.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": map[string]any{"line": 10, "character": 6}, "end": map[string]any{"line": 10, "character": 12}}, "text": "Message"}}})
	second := c.pull(uri, first.ResultID)
	if second.Kind != "full" || second.ResultID == first.ResultID || !slices.Equal(second.codes(), []string{"write-only-variable"}) {
		t.Fatalf("after the edit: %+v", second)
	}

	// Turn the lint rule off: no edit, so the server asks for a pull.
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"wright": map[string]any{"disabledRules": []string{"write-only-variable"}}}})
	c.waitNote("workspace/diagnostic/refresh")
	if third := c.pull(uri, second.ResultID); third.Kind != "full" || len(third.Items) != 0 {
		t.Errorf("after the setting: %+v", third)
	}
	c.mu.Lock()
	_, pushed := c.diagnostics[uri]
	c.mu.Unlock()
	if pushed {
		t.Error("the server published the diagnostics of an open document to a client that pulls them")
	}
}

// TestPushWithoutPull: a client that does not say it pulls gets no
// diagnosticProvider and keeps publishDiagnostics.
func TestPushWithoutPull(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "game.ow")
	os.WriteFile(path, []byte(pullProgram), 0o644)
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test"})
	init := c.initialize(root, map[string]any{})
	if strings.Contains(string(init), "diagnosticProvider") {
		t.Errorf("diagnosticProvider offered to a client that does not pull: %s", init)
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": pullProgram}})
	if got := c.waitDiagnostics(uri); !strings.Contains(string(got), "unknown-action") {
		t.Errorf("published: %s", got)
	}
}
