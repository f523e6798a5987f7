package sim_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

const conformanceRoot = "../../../shared/corpus/sim"

// conformanceCases returns the case directories of the shared corpus.
func conformanceCases(t testing.TB) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(conformanceRoot, "[0-9]*"))
	if err != nil || len(dirs) != 10 {
		t.Fatalf("the shared conformance cases must be present at %s (found %d): %v", conformanceRoot, len(dirs), err)
	}
	return dirs
}

func runCase(t testing.TB, dir, verbosity string) []byte {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(dir, "program.txt"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := sim.ParseScenario(raw)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	checked := engine.Check(source.NewFile(filepath.Join(dir, "program.txt"), string(text)), engine.Options{})
	res, err := sim.Simulate(checked.Script, sc, sim.Options{Verbosity: verbosity})
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return res.Trace
}

// TestConformance reproduces every expected trace of the shared
// conformance cases byte for byte, at both verbosities where the case
// has both.
func TestConformance(t *testing.T) {
	for _, dir := range conformanceCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, v := range []struct{ file, verbosity string }{
				{"expected.trace.json", sim.VerbosityEffects},
				{"expected.actions.trace.json", sim.VerbosityActions},
			} {
				want, err := os.ReadFile(filepath.Join(dir, v.file))
				if os.IsNotExist(err) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				got := runCase(t, dir, v.verbosity)
				if line, w, g, differ := golden.FirstDifference(string(want), string(got)); differ {
					t.Errorf("%s: first difference at line %d:\nwant %s\n got %s", v.file, line, w, g)
				}
			}
		})
	}
}
