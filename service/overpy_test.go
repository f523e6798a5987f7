package service

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
)

// TestOverPyIncludeFreshness: editing a file the entry includes reloads
// the program, on disk and through an editor's overlay.
func TestOverPyIncludeFreshness(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "main.opy")
	part := filepath.Join(dir, "part.opy")
	os.WriteFile(entry, []byte("#!include \"part.opy\"\nrule \"main\":\n    A = 1\n"), 0o644)
	os.WriteFile(part, []byte("rule \"part\":\n    B = 1\n"), 0o644)
	s := NewSession(SessionOptions{Input: entry})
	rules := func() string {
		res, e := ask(t, s, `{"op":"rules","all":true}`)
		if e != nil {
			return "refused " + e.Code
		}
		raw, _ := json.Marshal(res)
		return string(raw)
	}
	if got := rules(); !strings.Contains(got, `"part"`) {
		t.Fatalf("the included rule is missing: %s", got)
	}
	// The included file changes on disk, the entry does not.
	os.WriteFile(part, []byte("rule \"renamed part\":\n    B = 1\n"), 0o644)
	if got := rules(); !strings.Contains(got, `"renamed part"`) {
		t.Errorf("an edit of the included file did not reload: %s", got)
	}
	// A broken include is a refusal, and its repair is seen.
	os.WriteFile(part, []byte("rule \"part\":\n    B = nope\n"), 0o644)
	if got := rules(); got != "refused unknown-name" {
		t.Errorf("a broken include: %s", got)
	}
	os.WriteFile(part, []byte("rule \"part again\":\n    B = 2\n"), 0o644)
	if got := rules(); !strings.Contains(got, `"part again"`) {
		t.Errorf("the repair is not seen: %s", got)
	}
}

// TestOverPyDirectoryProject: a directory whose one source is an OverPy
// entry is that program; its identity is the entry's.
func TestOverPyDirectoryProject(t *testing.T) {
	dir := t.TempDir()
	text := "rule \"main\":\n    A = 1\n"
	os.WriteFile(filepath.Join(dir, "game.opy"), []byte(text), 0o644)
	s := NewSession(SessionOptions{Input: dir})
	res, e := ask(t, s, `{"op":"project"}`)
	if e != nil {
		t.Fatalf("refused: %+v", e)
	}
	if res["inputIdentity"] != identityOf(text) {
		t.Errorf("inputIdentity %v, want the entry's digest", res["inputIdentity"])
	}
	if origin, _ := res["origin"].(map[string]any); origin["kind"] != KindOverPy {
		t.Errorf("origin %v", res["origin"])
	}
}

func identityOf(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// TestOverPyEditsWithheld: nothing the service derives from the lowered
// program offers edits of it: findings carry no fix, rename refuses.
func TestOverPyEditsWithheld(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "game.opy")
	// An unused declared variable: Workshop input would get a fix.
	os.WriteFile(entry, []byte("globalvar unused\nrule \"r\":\n    A = 1\n"), 0o644)
	s := NewSession(SessionOptions{Input: entry})
	res, e := ask(t, s, `{"op":"findings","all":true}`)
	if e != nil {
		t.Fatalf("findings refused: %+v", e)
	}
	findings, _ := res["findings"].([]any)
	if len(findings) == 0 {
		t.Fatal("no findings")
	}
	for _, f := range findings {
		if fix := f.(map[string]any)["fix"]; fix != nil {
			t.Errorf("a finding of OverPy input offers a fix of the lowered text: %v", f)
		}
	}
	p, err := s.Program()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Rename(p, contract.Address{Name: "A"}, false, "B"); err == nil || err.(*Error).Code != "edit-requires-provider" {
		t.Errorf("rename of OverPy input: %v", err)
	}
}
