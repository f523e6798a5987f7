package optimize_test

import (
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// BenchmarkProgram optimises the largest game export and the largest of
// the nine OverPy modes (lowered by wright-lsp), parsed outside the loop.
func BenchmarkProgram(b *testing.B) {
	src, err := source.ReadFile(filepath.Join(shared, "corpus/workshop/game-exports/z_owware.txt"))
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	inputs := []struct {
		name string
		s    *ast.Script
	}{
		{"export-z_owware", check(b, "z_owware.txt", src.Text)},
		{"overpy-z_heatstreet", lower(b, "z_heatstreet")},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				optimize.Program(in.s, optimize.Options{})
			}
		})
	}
}
