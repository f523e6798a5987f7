package service

import (
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestOptimizeEdits applies the optimiser's edits to every game export:
// the edited text reads back with no error, holds exactly the elements
// the optimisation says, and never more than the input.
func TestOptimizeEdits(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(compileCorpus, "game-exports", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no game exports")
	}
	total := 0
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			p := compileLoad(t, path)
			o, ok := p.Optimize(optimize.Options{})
			if !ok {
				t.Fatal("a game export has errors: the optimiser runs on programs without")
			}
			before := p.Cost().Total
			edited, err := source.Apply(p.File.Text, o.Edits)
			if err != nil {
				t.Fatal(err)
			}
			again := NewProgram(source.NewFile(path, edited), engine.Options{}, 2)
			if again.HasErrors() {
				t.Fatalf("the optimised text has errors: %v", again.Checked.Diags[0])
			}
			after := cost.Count(again.Checked.Script, cost.Options{}).Total
			if after != before-o.Saved {
				t.Errorf("the optimised text holds %d elements, the optimisation says %d - %d = %d", after, before, o.Saved, before-o.Saved)
			}
			if o.Kept == 0 && after != o.Report.After {
				t.Errorf("the optimised text holds %d elements, the report %d", after, o.Report.After)
			}
			if after > before {
				t.Errorf("the optimisation grew the program from %d to %d elements", before, after)
			}
			t.Logf("saved %d of %d elements (%d rules kept as written)", o.Saved, before, o.Kept)
			total += o.Saved
		})
	}
	if total == 0 {
		t.Error("the optimiser saved nothing over every game export")
	}
}
