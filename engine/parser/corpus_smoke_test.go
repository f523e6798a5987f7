package parser_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func TestSmoke(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		res := parser.Parse(source.NewFile(f, string(data)), parser.Options{})
		n := 0
		for _, d := range res.Diags {
			if n < 5 {
				t.Logf("%s:%d-%d %s %s: %s [%q]", filepath.Base(f), d.Span.Start, d.Span.End, d.Severity, d.Code, d.Message, snippet(string(data), d.Span.Start))
			}
			n++
		}
		t.Logf("%s: locale %s (%v ambiguous=%v) rules=%d diags=%d", filepath.Base(f), res.Script.Locale, res.Detection.Candidates.List(), res.Detection.Ambiguous, len(res.Script.Rules), n)
	}
}

func snippet(s string, off int) string {
	end := off + 40
	if end > len(s) {
		end = len(s)
	}
	return s[off:end]
}
