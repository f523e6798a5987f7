package opy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

// TestOracleCases compiles the programs of testdata/oracle and compares
// each with OverPy's own unoptimised output beside it (NAME.noopt.txt,
// written by `overpy.cjs compile NAME.opy --noopt`): hand-written cases
// of what the corpus tests little, such as strings' tags and look-alike
// letters and debug().
func TestOracleCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "oracle", "*.opy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no oracle cases: %v", err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".opy")
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".opy") + ".noopt.txt")
			if err != nil {
				t.Fatal(err)
			}
			res := Compile(path, string(text), Options{})
			for _, d := range res.Diags {
				if d.Severity == diag.Error {
					t.Fatalf("error %s at %v: %s", d.Code, d.Span, d.Message)
				}
			}
			got, errs := structure(t, name, res.Text)
			if len(errs) > 0 {
				t.Fatalf("lowered text does not parse: %s", errs[0].Message)
			}
			exp, _ := structure(t, name, string(want))
			if got != exp {
				line, g, w, _ := golden.FirstDifference(got, exp)
				t.Errorf("differs from OverPy at dump line %d:\ngot  %s\nwant %s", line, g, w)
			}
		})
	}
}
