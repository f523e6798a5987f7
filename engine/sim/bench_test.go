package sim_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// benchmarkRun runs prog against sc b.N times and reports simulated
// seconds per wall second (x real time).
func benchmarkRun(b *testing.B, prog *sim.Program, sc *sim.Scenario) {
	b.ReportAllocs()
	var events int
	for b.Loop() {
		res, err := sim.Run(prog, sc, sim.Options{})
		if err != nil {
			b.Fatal(err)
		}
		events = res.Events
	}
	simulated := float64(sc.Ticks) * 0.016 * float64(b.N)
	b.ReportMetric(simulated/b.Elapsed().Seconds(), "sim-s/s")
	b.ReportMetric(float64(events), "events")
}

func compileFile(b *testing.B, path string) *sim.Program {
	text, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return sim.Compile(engine.Check(source.NewFile(path, string(text)), engine.Options{}).Script)
}

// BenchmarkGameExport runs the corpus's largest game export (z_owware,
// 456 KB) and a heavy one (z_basewars) for 60 simulated seconds with the
// corpus test's twelve players.
func BenchmarkGameExport(b *testing.B) {
	for _, name := range []string{"z_owware.txt", "z_basewars.txt"} {
		b.Run(name, func(b *testing.B) {
			benchmarkRun(b, compileFile(b, filepath.Join(workshopCorpus, "game-exports", name)), twelvePlayers(b))
		})
	}
}

// BenchmarkConformance runs the heaviest conformance case (08, the
// players and their events).
func BenchmarkConformance(b *testing.B) {
	dir := filepath.Join(conformanceRoot, "08-players-events")
	raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
	if err != nil {
		b.Fatal(err)
	}
	sc, err := sim.ParseScenario(raw)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkRun(b, compileFile(b, filepath.Join(dir, "program.txt")), sc)
}
