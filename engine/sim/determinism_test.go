package sim_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestDeterminism runs the conformance cases and three corpus programs
// (one with random values) several times: in sequence under GOMAXPROCS
// 1 and 2, and concurrently on one shared compiled program. Every run
// must give the same bytes.
func TestDeterminism(t *testing.T) {
	type job struct {
		name string
		prog *sim.Program
		sc   *sim.Scenario
	}
	var jobs []job
	for _, dir := range conformanceCases(t) {
		raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
		if err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(filepath.Join(dir, "program.txt"))
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{filepath.Base(dir), program(t, string(text)), scenario(t, string(raw))})
	}
	short := twelvePlayers(t)
	short.Ticks = 600 // ten seconds keep the test quick
	for _, name := range []string{"game-exports/z_uno.txt", "game-exports/z_lootquest.txt", "overpy-output/functions.txt"} {
		path := filepath.Join(workshopCorpus, name)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c := engine.Check(source.NewFile(path, string(text)), engine.Options{})
		jobs = append(jobs, job{name, sim.Compile(c.Script), short})
	}
	run := func(j job) []byte {
		res, err := sim.Run(j.prog, j.sc, sim.Options{})
		if err != nil {
			t.Fatalf("%s: %v", j.name, err)
		}
		return res.Trace
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = run(j)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for i, j := range jobs {
			if got := run(j); !bytes.Equal(got, want[i]) {
				t.Errorf("%s under GOMAXPROCS %d differs from the first run", j.name, procs)
			}
		}
		var wg sync.WaitGroup
		got := make([][]byte, len(jobs))
		for i, j := range jobs {
			wg.Go(func() { got[i] = run(j) })
		}
		wg.Wait()
		for i, j := range jobs {
			if !bytes.Equal(got[i], want[i]) {
				t.Errorf("%s run concurrently under GOMAXPROCS %d differs from the first run", j.name, procs)
			}
		}
	}
}
