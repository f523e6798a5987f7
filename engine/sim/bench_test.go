package sim_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// benchmarkRun runs prog against sc b.N times and reports simulated
// seconds per wall second (x real time).
//
// The machine the figures come from is shared, so the benchmark also
// reports the figure per second of this process's CPU time (user and
// system, from getrusage), which other processes do not inflate.
func benchmarkRun(b *testing.B, prog *sim.Program, sc *sim.Scenario) {
	b.ReportAllocs()
	cpu0 := cpuTime()
	var events, ticks int
	for b.Loop() {
		res, err := sim.Run(prog, sc, sim.Options{})
		if err != nil {
			b.Fatal(err)
		}
		events, ticks = res.Events, res.EndTick
	}
	// A run an error halts counts the ticks it ran.
	simulated := float64(ticks) * 0.016 * float64(b.N)
	b.ReportMetric(simulated/b.Elapsed().Seconds(), "sim-s/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(simulated/cpu.Seconds(), "sim-s/cpu-s")
	}
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

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
