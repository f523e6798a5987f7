package engine_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpusFiles returns every Workshop file of the shared corpus, relative
// to the corpus root. The corpus must be present: a missing corpus is a
// failure, not a skip.
func corpusFiles(t testing.TB) (root string, files []string) {
	root = "../../shared/corpus/workshop"
	matches, err := filepath.Glob(filepath.Join(root, "*", "*.txt"))
	if err != nil || len(matches) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", root, len(matches), err)
	}
	for _, m := range matches {
		rel, _ := filepath.Rel(root, m)
		files = append(files, rel)
	}
	return root, files
}

// TestCorpus checks every corpus file: zero errors, and the warnings and
// notes recorded in testdata/corpus-diagnostics.golden.
func TestCorpus(t *testing.T) {
	root, files := corpusFiles(t)
	var b strings.Builder
	for _, rel := range files {
		f, err := source.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		c := engine.Check(f, engine.Options{})
		m := edits.NewMapper(f.Text)
		fmt.Fprintf(&b, "== %s (%s)\n", filepath.ToSlash(rel), c.Script.Locale)
		for _, d := range c.Diags {
			p, _ := m.OffsetPoint(d.Span.Start)
			line := fmt.Sprintf("%d:%d %s %s: %s", p.Line, p.Column, d.Severity, d.Code, d.Message)
			if d.Severity == diag.Error {
				t.Errorf("%s: %s", rel, line)
			}
			fmt.Fprintln(&b, line)
		}
	}
	golden.Check(t, "testdata/corpus-diagnostics.golden", []byte(b.String()), *update)
}
