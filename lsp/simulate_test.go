package lsp_test

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// simulateResult is wright.simulate's result as a client reads it.
type simulateResult struct {
	URI, Title, Text, File string
	Shown                  bool
	Events                 int
}

// TestSimulateShows runs wright.simulate as each kind of client runs a
// Simulate lens and checks where the trace document goes: a client that
// serves wright-trace: itself is asked to show that URI and reads it with
// wright/traceDocument; a client that only opens files is shown a file
// written under the user cache directory (never in the workspace); a
// client that cannot be shown documents, or that asks not to be ("show":
// false), gets the text in the result only, and nothing is written.
func TestSimulateShows(t *testing.T) {
	program, err := os.ReadFile(filepath.Join("..", "service", "testdata", "simulate_editor", "lens.ow"))
	if err != nil {
		t.Fatal(err)
	}
	virtual := map[string]any{"window": map[string]any{"showDocument": map[string]any{"support": true}},
		"experimental": map[string]any{"wrightTraceDocuments": true}}
	files := map[string]any{"window": map[string]any{"showDocument": map[string]any{"support": true}}}
	for _, tc := range []struct {
		name string
		caps map[string]any
		show any // the show argument, nil for none
		// cacheInRoot puts the user cache directory inside the workspace.
		cacheInRoot bool
		// want: "virtual", "file" or "" (the result only).
		want string
	}{
		{"virtual", virtual, nil, false, "virtual"},
		{"virtual show false", virtual, false, false, ""},
		{"files only", files, nil, false, "file"},
		{"files only show false", files, false, false, ""},
		{"files only, cache in the workspace", files, nil, true, ""},
		{"no showDocument", map[string]any{}, nil, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			cache := t.TempDir()
			if tc.cacheInRoot {
				cache = filepath.Join(root, ".cache")
			}
			t.Setenv("XDG_CACHE_HOME", cache)
			path := filepath.Join(root, "lens.ow")
			os.WriteFile(path, program, 0o644)
			c := startClient(t, lsp.Options{Version: "test"})
			c.initialize(root, tc.caps)
			uri := pathURI(path)
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": string(program)}})
			c.waitDiagnostics(uri)

			args := map[string]any{"uri": uri, "rule": 2}
			if tc.show != nil {
				args["show"] = tc.show
			}
			var res simulateResult
			raw := c.call("workspace/executeCommand", map[string]any{"command": "wright.simulate", "arguments": []any{args}})
			if err := json.Unmarshal(raw, &res); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(res.Text, `Simulation of rule 2 "Greet" (lens.ow)`) || !strings.Contains(res.Text, `[p2 r2 #1] small message to ["p2"]: "Hello Bob"`) {
				t.Errorf("the result's text is not rule 2's trace:\n%s", res.Text)
			}
			if want := "wright-trace://" + filepath.ToSlash(path) + "/rule-2.trace"; res.URI != want {
				t.Errorf("uri %s, want %s", res.URI, want)
			}
			// wright/traceDocument serves the latest run whatever the client.
			var served struct{ Text string }
			json.Unmarshal(c.call("wright/traceDocument", map[string]any{"uri": res.URI}), &served)
			if served.Text != res.Text {
				t.Errorf("wright/traceDocument answers another text:\n%s", served.Text)
			}
			// VS Code's Uri.toString() spells it wright-trace:/PATH, and
			// escapes more: the same document.
			vscode := "wright-trace:" + strings.ReplaceAll(strings.TrimPrefix(res.URI, "wright-trace://"), "-", "%2D")
			json.Unmarshal(c.call("wright/traceDocument", map[string]any{"uri": vscode}), &served)
			if served.Text != res.Text {
				t.Errorf("wright/traceDocument %s answers another text:\n%s", vscode, served.Text)
			}

			c.mu.Lock()
			shown, messages := c.shown, c.messages
			c.mu.Unlock()
			traces := filepath.Join(cache, "wright-lsp", "traces")
			written, _ := filepath.Glob(filepath.Join(traces, "*"))
			switch tc.want {
			case "virtual":
				if len(shown) != 1 || !strings.Contains(string(shown[0]), `"uri":"`+res.URI+`"`) || !res.Shown {
					t.Errorf("showDocument %s (shown %v), want the wright-trace URI", shown, res.Shown)
				}
				if res.File != "" || len(written) > 0 {
					t.Errorf("a file was written for a client that serves wright-trace: %s %v", res.File, written)
				}
			case "file":
				u, err := url.Parse(res.File)
				if err != nil || u.Scheme != "file" || filepath.Dir(u.Path) != traces {
					t.Fatalf("file %q, want one under %s", res.File, traces)
				}
				text, err := os.ReadFile(u.Path)
				if err != nil || string(text) != res.Text {
					t.Errorf("the file holds another text (%v)", err)
				}
				if len(shown) != 1 || !strings.Contains(string(shown[0]), `"uri":"`+res.File+`"`) || !res.Shown {
					t.Errorf("showDocument %s (shown %v), want the file", shown, res.Shown)
				}
				// The next run replaces the file rather than adding one.
				c.call("workspace/executeCommand", map[string]any{"command": "wright.simulate", "arguments": []any{args}})
				if again, _ := filepath.Glob(filepath.Join(traces, "*")); len(again) != 1 {
					t.Errorf("after two runs the cache holds %v", again)
				}
			default:
				if len(shown) > 0 || res.Shown || res.File != "" || len(written) > 0 {
					t.Errorf("shown %s, file %q, written %v: want the result only", shown, res.File, written)
				}
			}
			if tc.cacheInRoot {
				if len(messages) != 1 || !strings.Contains(string(messages[0]), "inside the workspace folder") {
					t.Errorf("messages %s, want the refusal to write in the workspace", messages)
				}
				if entries, _ := os.ReadDir(root); len(entries) != 1 {
					t.Errorf("the workspace holds %d entries, want lens.ow only", len(entries))
				}
			}
		})
	}
}

// TestTraceDocumentForgotten: a wright-trace: URI the server does not
// hold (an editor restoring a tab after a restart) reads as a note saying
// to run Simulate again, not as an error.
func TestTraceDocumentForgotten(t *testing.T) {
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(t.TempDir(), map[string]any{})
	var served struct{ Text string }
	json.Unmarshal(c.call("wright/traceDocument", map[string]any{"uri": "wright-trace:///nowhere/x.ow/program.trace"}), &served)
	if !strings.Contains(served.Text, "run Simulate again") {
		t.Errorf("got %q", served.Text)
	}
}

// TestSimulateLensSetting: codeLens.simulate false drops the Simulate
// lenses, and a client that can refresh lenses is asked to.
func TestSimulateLensSetting(t *testing.T) {
	root := t.TempDir()
	program, _ := os.ReadFile(filepath.Join("..", "service", "testdata", "simulate_editor", "lens.ow"))
	path := filepath.Join(root, "lens.ow")
	os.WriteFile(path, program, 0o644)
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{"workspace": map[string]any{"codeLens": map[string]any{"refreshSupport": true}}})
	uri := pathURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": string(program)}})
	c.waitDiagnostics(uri)
	simulateLenses := func() int {
		return strings.Count(string(c.call("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": uri}})), `"wright.simulate"`)
	}
	if n := simulateLenses(); n != 4 {
		t.Fatalf("%d Simulate lenses, want 4 (the program and three enabled rules)", n)
	}
	refreshes := func() int {
		c.mu.Lock()
		defer c.mu.Unlock()
		n := 0
		for _, m := range c.notes {
			if m == "workspace/codeLens/refresh" {
				n++
			}
		}
		return n
	}
	before := refreshes()
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"wright": map[string]any{"codeLens": map[string]any{"simulate": false}}}})
	deadline := time.Now().Add(20 * time.Second)
	for refreshes() == before {
		if time.Now().After(deadline) {
			t.Fatal("no workspace/codeLens/refresh after the setting changed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := simulateLenses(); n != 0 {
		t.Errorf("%d Simulate lenses with codeLens.simulate false", n)
	}
}
