package printer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func TestSmokeRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		res := parser.Parse(source.NewFile(f, string(data)), parser.Options{})
		out, diags := printer.Print(res.Script, printer.Options{Locale: res.Script.Locale})
		if len(diags) > 0 {
			t.Errorf("%s: %v", f, diags[0])
		}
		res2 := parser.Parse(source.NewFile(f, out), parser.Options{Locale: res.Script.Locale, LocaleGiven: true})
		d1, d2 := ast.Dump(res.Script), ast.Dump(res2.Script)
		if d1 != d2 {
			a, b := strings.Split(d1, "\n"), strings.Split(d2, "\n")
			for i := range a {
				if i >= len(b) || a[i] != b[i] {
					t.Errorf("%s: structure differs at dump line %d:\n%s\n%s", filepath.Base(f), i, a[i], b[min(i, len(b)-1)])
					break
				}
			}
		}
		if strings.Contains(f, "game-exports") {
			same := out == string(data)
			ol, dl := strings.Split(out, "\n"), strings.Split(string(data), "\n")
			first := -1
			for i := range dl {
				if i >= len(ol) || ol[i] != dl[i] {
					first = i
					break
				}
			}
			if !same {
				t.Logf("%s: bytes differ; first at line %d:\n  want %q\n  got  %q", filepath.Base(f), first+1, dl[first], ol[min(first, len(ol)-1)])
			} else {
				t.Logf("%s: identical", filepath.Base(f))
			}
		}
	}
}
