package lsp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// TestCodeDescriptions: a client that shows code links gets, on every
// diagnostic of a Workshop and of an OverPy document, a link to a section
// that exists in the repository's documents (checked against the files,
// so a renamed heading fails); a client that does not gets none.
func TestCodeDescriptions(t *testing.T) {
	const docsBase = "https://github.com/wright-lsp/wright-lsp/blob/main/"
	docs := map[string]string{}
	for _, name := range []string{"docs/diagnostics.md", "docs/lint-rules.md"} {
		data, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = string(data)
	}
	files := map[string]string{
		// An unknown action (check), an unused variable (lint), a
		// placeholder with no argument (check, warning).
		"broken.ow": "variables\n{\n\tglobal:\n\t\t0: Unused\n}\n\nrule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWiat(1, Ignore Condition);\n\t\tSmall Message(All Players(All Teams), Custom String(\"{0} {1}\", 1));\n\t}\n}\n",
		// An OverPy frontend code and a check code through the lowering.
		"broken.opy": "rule \"r\":\n    @Event global\n    wiat(1)\n    x = 123abc\n",
	}
	for _, support := range []bool{true, false} {
		root := t.TempDir()
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		c := startClient(t, lsp.Options{Version: "test"})
		c.initialize(root, map[string]any{"textDocument": map[string]any{
			"publishDiagnostics": map[string]any{"codeDescriptionSupport": support}}})
		for name, text := range files {
			uri := pathURI(filepath.Join(root, name))
			lang := map[string]string{".ow": "workshop", ".opy": "overpy"}[filepath.Ext(name)]
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
			var diags []struct {
				Code            string `json:"code"`
				CodeDescription *struct {
					HRef string `json:"href"`
				} `json:"codeDescription"`
			}
			raw := c.waitDiagnostics(uri)
			for len(diags) == 0 {
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatal(err)
				}
				if len(diags) == 0 {
					raw = c.waitDiagnostics(uri)
				}
			}
			if len(diags) < 2 {
				t.Errorf("%s: %d diagnostics, want at least 2: %s", name, len(diags), raw)
			}
			var codes []string
			for _, d := range diags {
				codes = append(codes, d.Code)
			}
			t.Logf("%s (code links %v): %s", name, support, strings.Join(codes, ", "))
			for _, d := range diags {
				switch {
				case !support && d.CodeDescription != nil:
					t.Errorf("%s: %s has a codeDescription the client did not ask for", name, d.Code)
				case !support:
				case d.CodeDescription == nil:
					t.Errorf("%s: %s has no codeDescription", name, d.Code)
				default:
					doc, anchor, ok := strings.Cut(strings.TrimPrefix(d.CodeDescription.HRef, docsBase), "#")
					if !ok || anchor != d.Code || !strings.HasPrefix(d.CodeDescription.HRef, docsBase) {
						t.Errorf("%s: %s links to %s", name, d.Code, d.CodeDescription.HRef)
					} else if !strings.Contains(docs[doc], "\n## "+anchor+"\n") {
						t.Errorf("%s: %s links to %s, which has no section %q", name, d.Code, doc, anchor)
					}
				}
			}
		}
	}
}
