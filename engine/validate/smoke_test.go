package validate_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/validate"
)

func TestSmoke(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		res := parser.Parse(source.NewFile(f, string(data)), parser.Options{})
		ds := validate.Script(res.Script, validate.Options{})
		n := 0
		for _, d := range ds {
			if n < 6 {
				t.Logf("%s:%d %s %s: %s [%q]", filepath.Base(f), d.Span.Start, d.Severity, d.Code, d.Message, string(data)[d.Span.Start:min(len(data), d.Span.Start+50)])
			}
			n++
		}
		if n > 0 {
			t.Logf("%s: %d diags", filepath.Base(f), n)
		}
	}
}
