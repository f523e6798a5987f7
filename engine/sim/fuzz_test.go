package sim_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// FuzzSimulate runs any program text against any scenario: the
// simulator must not panic, must end (the limits are tightened so that
// every input runs quickly), and must give the same bytes twice.
func FuzzSimulate(f *testing.F) {
	dirs, _ := filepath.Glob(filepath.Join(conformanceRoot, "[0-9]*"))
	for _, dir := range dirs {
		text, err1 := os.ReadFile(filepath.Join(dir, "program.txt"))
		sc, err2 := os.ReadFile(filepath.Join(dir, "scenario.json"))
		if err1 == nil && err2 == nil {
			f.Add(string(text), string(sc))
		}
	}
	f.Add(globalRule("Global.A = Array(1, 2);\nWhile(Global.A);\nGlobal.A[Count Of(Global.A)] = Global.A;\nEnd;"), `{"ticks":5,"seed":3}`)
	// Calls short of arguments: the validator reports them, and the
	// simulator must still run the program without reading past them.
	f.Add(globalRule("Global.A = And(True);\nGlobal.B = Or(False);\nGlobal.C = Filtered Array(Array(1, 2));\nGlobal.D = Mapped Array(Array(1));\nGlobal.E = Is True For All(Array(1));\nGlobal.F = Sorted Array(Array(2, 1));\nGlobal.G = Global Variable();"), `{"ticks":3}`)
	f.Fuzz(func(t *testing.T, text, scenarioDoc string) {
		sc, err := sim.ParseScenario([]byte(scenarioDoc))
		if err != nil {
			return
		}
		sc.Ticks = min(sc.Ticks, 200)
		sc.Limits.MaxActionsPerTick = min(sc.Limits.MaxActionsPerTick, 5000)
		sc.Limits.MaxEvents = min(sc.Limits.MaxEvents, 20000)
		c := engine.Check(source.NewFile("fuzz.ow", text), engine.Options{})
		prog := sim.Compile(c.Script)
		first, err := sim.Run(prog, sc, sim.Options{WallClock: 20 * time.Second})
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		second, err := sim.Run(prog, sc, sim.Options{WallClock: 20 * time.Second})
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		if !bytes.Equal(first.Trace, second.Trace) {
			t.Fatalf("two runs differ")
		}
	})
}
