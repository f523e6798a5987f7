package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEditorSnippetsCheck: every rule skeleton the VS Code extension
// offers (editors/vscode/snippets), filled with its defaults and first
// choices, is a program check accepts with no problem, Workshop and
// OverPy alike: a snippet never starts a user off with an error.
func TestEditorSnippetsCheck(t *testing.T) {
	// ${1:text} and ${2|a,b|} take their default and first choice; $0 and
	// ${4} are empty.
	placeholder := regexp.MustCompile(`\$\{\d+:([^}]*)\}|\$\{\d+\|([^,|]*)[^}]*\|\}|\$\{\d+\}|\$\d+`)
	for _, tc := range []struct{ file, ext string }{{"workshop.json", ".ow"}, {"overpy.json", ".opy"}} {
		data, err := os.ReadFile(filepath.Join("..", "..", "editors", "vscode", "snippets", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		var snippets map[string]struct {
			Body []string `json:"body"`
		}
		if err := json.Unmarshal(data, &snippets); err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if len(snippets) < 10 {
			t.Fatalf("%s holds %d snippets", tc.file, len(snippets))
		}
		dir := t.TempDir()
		for name, s := range snippets {
			body := placeholder.ReplaceAllStringFunc(strings.Join(s.Body, "\n")+"\n", func(m string) string {
				sub := placeholder.FindStringSubmatch(m)
				return sub[1] + sub[2]
			})
			if strings.Contains(body, "$") {
				t.Errorf("%s %q: a placeholder is left after filling: %s", tc.file, name, body)
				continue
			}
			path := filepath.Join(dir, "snippet"+tc.ext)
			if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			if code := run([]string{"check", path}, &out, &errb); code != exitOK || !strings.Contains(errb.String()+out.String(), "0 errors, 0 warnings") {
				t.Errorf("%s %q: check exited %d:\n%s%s\nthe program:\n%s", tc.file, name, code, out.String(), errb.String(), body)
			}
		}
	}
}
