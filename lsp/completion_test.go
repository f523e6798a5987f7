package lsp_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// openDoc starts a server with the given client capabilities and opens
// text as open/doc.ow; it returns the client and the document's URI.
func openDoc(t testing.TB, caps map[string]any, text string) (*client, string) {
	t.Helper()
	dir := t.TempDir()
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(dir, caps)
	uri := pathURI(filepath.Join(dir, "doc.ow"))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}})
	c.waitDiagnostics(uri)
	return c, uri
}

const editDoc = `rule("r")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Small Message(All Players(All Teams), Custom String("a, b"));
	}
}
`

// TestPositionEdges asks every position feature at the edges of a
// document: its first and last positions, inside a string, on white
// space (an answer, possibly empty or null, never an error), and past
// its end (an error, never a clamped answer).
func TestPositionEdges(t *testing.T) {
	c, uri := openDoc(t, map[string]any{}, editDoc)
	lines := strings.Split(editDoc, "\n")
	inString := strings.Index(lines[9], `"a, b"`) + 2
	for _, pos := range []struct {
		name      string
		line, col int
		err       bool
	}{
		{"start of file", 0, 0, false},
		{"end of file", len(lines) - 1, 0, false},
		{"in a string", 9, inString, false},
		{"on white space", 9, 1, false},
		{"past the end of a line", 0, 100, true},
		{"past the last line", len(lines) + 3, 0, true},
	} {
		for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/signatureHelp"} {
			res, err := c.try(method, map[string]any{"textDocument": map[string]any{"uri": uri},
				"position": map[string]any{"line": pos.line, "character": pos.col}})
			if (err != nil) != pos.err {
				t.Errorf("%s at %s: error %v, want error %v", method, pos.name, err, pos.err)
				continue
			}
			if err != nil {
				continue
			}
			if method == "textDocument/completion" {
				var list struct {
					Items []json.RawMessage `json:"items"`
				}
				if json.Unmarshal(res, &list) != nil || list.Items == nil {
					t.Errorf("completion at %s: %s, want a list with an items array", pos.name, res)
				}
				if pos.name == "in a string" && len(list.Items) > 0 {
					t.Errorf("completion in a string: %d items, want none", len(list.Items))
				}
			}
			if pos.name == "in a string" && method != "textDocument/completion" && string(res) != "null" {
				t.Errorf("%s in a string: %s, want null", method, res)
			}
		}
		res, err := c.try("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": pos.line, "character": pos.col}}})
		if (err != nil) != pos.err {
			t.Errorf("inlayHint to %s: error %v, want error %v", pos.name, err, pos.err)
		}
		if err == nil && !strings.HasPrefix(string(res), "[") {
			t.Errorf("inlayHint to %s: %s, want an array", pos.name, res)
		}
	}
	if _, err := c.try("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.ow"},
		"position": map[string]any{"line": 0, "character": 0}}); err == nil {
		t.Error("completion in an unknown document: no error")
	}
}

// TestCompletionRequest checks what reaches the client: the capability's
// trigger characters, snippets only for a client that takes them, and
// a textEdit replacing the word typed so far.
func TestCompletionRequest(t *testing.T) {
	text := strings.Replace(editDoc, "Small Message(", "Small Mes\n\t\tSmall Message(", 1)
	pos := map[string]any{"line": 9, "character": len("\t\tSmall Mes")}
	for _, snippets := range []bool{true, false} {
		caps := map[string]any{"textDocument": map[string]any{"completion": map[string]any{"completionItem": map[string]any{"snippetSupport": snippets}}}}
		c, uri := openDoc(t, caps, text)
		res := c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos,
			"context": map[string]any{"triggerKind": 2, "triggerCharacter": " "}})
		var list struct {
			Items []struct {
				Label            string `json:"label"`
				InsertTextFormat int    `json:"insertTextFormat"`
				TextEdit         struct {
					NewText string `json:"newText"`
					Range   struct {
						Start struct{ Line, Character int } `json:"start"`
						End   struct{ Line, Character int } `json:"end"`
					} `json:"range"`
				} `json:"textEdit"`
			} `json:"items"`
		}
		if err := json.Unmarshal(res, &list); err != nil || len(list.Items) != 1 {
			t.Fatalf("snippets %v: %s", snippets, res)
		}
		it := list.Items[0]
		want, format := "Small Message", 0
		if snippets {
			want, format = "Small Message(${1:visibleTo}, ${2:text})", 2
		}
		if it.Label != "Small Message" || it.TextEdit.NewText != want || it.InsertTextFormat != format {
			t.Errorf("snippets %v: %+v", snippets, it)
		}
		if r := it.TextEdit.Range; r.Start.Line != 9 || r.Start.Character != 2 || r.End.Character != len("\t\tSmall Mes") {
			t.Errorf("snippets %v: range %+v, want 9:2-9:11", snippets, r)
		}
	}
	var init struct {
		Capabilities struct {
			CompletionProvider struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"completionProvider"`
			SignatureHelpProvider struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"signatureHelpProvider"`
			HoverProvider     bool `json:"hoverProvider"`
			InlayHintProvider bool `json:"inlayHintProvider"`
		} `json:"capabilities"`
	}
	c := startClient(t, lsp.Options{Version: "test"})
	json.Unmarshal(c.initialize(t.TempDir(), map[string]any{}), &init)
	caps := init.Capabilities
	if strings.Join(caps.CompletionProvider.TriggerCharacters, "") != ".(, " || strings.Join(caps.SignatureHelpProvider.TriggerCharacters, "") != "(," ||
		!caps.HoverProvider || !caps.InlayHintProvider {
		t.Errorf("capabilities: %+v", caps)
	}
}

// BenchmarkCompletion asks for completion in an argument slot of the
// largest corpus file, its program already built (the usual case: the
// debounced diagnostics built it), and reports the median and the 99th
// percentile of the request's round trip.
func BenchmarkCompletion(b *testing.B) {
	text := corpus(b, "z_owware.txt")
	c, uri := openDoc(b, map[string]any{"textDocument": map[string]any{"completion": map[string]any{"completionItem": map[string]any{"snippetSupport": true}}}}, text)
	// The last argument list of the file: everything before it is read.
	at := strings.LastIndex(text, "(") + 1
	pos := lspPosition(text, at)
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos})
		times = append(times, time.Since(start))
	}
	reportPercentiles(b, times)
}

// BenchmarkCompletionAfterEdit types a character into the last argument
// list of the largest corpus file and asks for completion at once: the
// program of the new text is not built yet, and completion answers from
// the previous one's facts after at most its short wait.
func BenchmarkCompletionAfterEdit(b *testing.B) {
	text := corpus(b, "z_owware.txt")
	c, uri := openDoc(b, map[string]any{}, text)
	at := strings.LastIndex(text, "(") + 1
	version := 1
	var times []time.Duration
	for b.Loop() {
		version++
		insert := lspPosition(text, at)
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": insert, "end": insert}, "text": "A"}}})
		text = text[:at] + "A" + text[at:]
		at++
		start := time.Now()
		c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPosition(text, at)})
		times = append(times, time.Since(start))
	}
	reportPercentiles(b, times)
}

func reportPercentiles(b *testing.B, times []time.Duration) {
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	b.ReportMetric(float64(sorted[len(sorted)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(sorted[min(len(sorted)-1, len(sorted)*99/100)].Microseconds())/1000, "p99-ms")
}
