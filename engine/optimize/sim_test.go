package optimize_test

// Behaviour preserved, shown by the simulator (engine/sim): a program and
// its optimised form, read back from the printed text as a user would,
// run the same scenario and must do the same things, tick by tick.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/sim"
)

// internalEvents are the trace events that describe how a rule ran
// rather than what it did: the optimiser may remove an empty rule (its
// rule_start goes), an End or a Skip, or turn an If-Abort into Abort If.
// Warnings go too: folding Divide(1, 0) to 0 removes the division's
// warning, and the game shows neither.
var internalEvents = map[string]bool{
	"rule_start": true, "rule_end": true, "wait": true, "resume": true, "loop": true, "end": true,
	"restart": true, "call": true, "return": true, "start_rule": true, "action": true, "warn": true,
	"unsimulated": true,
}

// internalMembers locate an event in the program's text (rule and action
// indexes, the rule's name, the assignment's spelling: A = A + 1 is
// A += 1 optimised); they move when the text does.
var internalMembers = []string{"r", "i", "name", "cause", "op"}

// behaviour projects a trace onto what a player could observe: each
// effect (messages, damage, …) and each change of a variable's value,
// with its tick, in order. A set that leaves the value as it was (the
// self-assignment the optimiser removes) changes nothing.
func behaviour(t *testing.T, trace []byte) []string {
	t.Helper()
	var out []string
	values := map[string]string{} // owner/var → its value's JSON; a variable starts at 0
	for _, line := range strings.Split(string(trace), "\n") {
		line = strings.TrimSuffix(strings.TrimSpace(line), ",")
		if !strings.HasPrefix(line, "{\"tick\"") {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("trace line %q: %v", line, err)
		}
		if internalEvents[fmt.Sprint(ev["ev"])] {
			continue
		}
		if ev["ev"] == "set" {
			key := fmt.Sprint(ev["owner"], "/", ev["var"])
			v, _ := json.Marshal(ev["value"])
			was, ok := values[key]
			if !ok {
				was = "0"
			}
			values[key] = string(v)
			if was == string(v) {
				continue
			}
		}
		for _, m := range internalMembers {
			delete(ev, m)
		}
		b, _ := json.Marshal(ev) // map keys sorted: comparable
		out = append(out, string(b))
	}
	return out
}

// simulateBoth optimises s, reads the printed result back and runs both
// programs on sc; it fails when what they do differs.
func simulateBoth(t *testing.T, name string, s *ast.Script, sc *sim.Scenario) {
	t.Helper()
	out, _ := optimize.Program(s, optimize.Options{})
	text, diags := printer.Print(out, printer.Options{Locale: s.Locale})
	if len(diags) > 0 {
		t.Fatalf("%s: printing the optimised program: %s", name, diags[0].Message)
	}
	back := check(t, name+".optimized", text)
	run := func(p *ast.Script) []string {
		res, err := sim.Simulate(p, sc, sim.Options{Verbosity: sim.VerbosityEffects})
		if err != nil {
			t.Fatalf("%s: simulating: %v", name, err)
		}
		return behaviour(t, res.Trace)
	}
	before, after := run(s), run(back)
	if len(before) == 0 {
		t.Fatalf("%s: the program does nothing observable; the comparison would prove nothing", name)
	}
	if !slices.Equal(before, after) {
		for i := range max(len(before), len(after)) {
			var b, a string
			if i < len(before) {
				b = before[i]
			}
			if i < len(after) {
				a = after[i]
			}
			if a != b {
				orig, _ := printer.Print(s, printer.Options{Locale: s.Locale})
				t.Fatalf("%s: the optimised program differs at effect %d:\n  before: %s\n  after:  %s\nprogram:\n%s\noptimised:\n%s", name, i+1, b, a, orig, text)
			}
		}
	}
}

// TestSimulatedConformance runs every conformance program of the
// simulator's corpus with its own scenario, optimised and not.
func TestSimulatedConformance(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(shared, "corpus/sim/[0-9]*"))
	if err != nil || len(dirs) != 10 {
		t.Fatalf("the shared conformance cases must be present (found %d): %v", len(dirs), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
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
				t.Fatal(err)
			}
			simulateBoth(t, filepath.Base(dir), check(t, filepath.Join(dir, "program.txt"), string(text)), sc)
		})
	}
}

// TestSimulatedGenerated runs generated programs (the generator of
// flow_test.go: branches, skips, aborts, folded arithmetic, disabled
// actions) under every assignment of their four conditions, optimised
// and not, for two simulated seconds.
func TestSimulatedGenerated(t *testing.T) {
	sc, err := sim.SecondsScenario(2)
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(150)
	if testing.Short() {
		seeds = 30
	}
	for seed := range seeds {
		g := &generator{r: rand.New(rand.NewPCG(seed, 2))}
		g.block(0, 3+g.r.IntN(10))
		inputs := g.r.IntN(16)
		var set []string
		for c := range 4 {
			set = append(set, fmt.Sprintf("Global.C%d = %s;", c, map[bool]string{true: "True", false: "False"}[inputs&(1<<c) != 0]))
		}
		// A trailing assignment makes every program observable, and a
		// wait between the inputs and the body keeps the tick structure.
		body := strings.Join(set, "\n") + "\nWait(0.016, Ignore Condition);\n" + strings.Join(g.lines, "\n") + "\nGlobal.E = 1;"
		text := "variables\n{\n\tglobal:\n\t\t0: A\n\t\t1: B\n\t\t2: C\n\t\t3: D\n\t\t4: E\n\t\t5: C0\n\t\t6: C1\n\t\t7: C2\n\t\t8: C3\n}\n\n" + program(body)
		simulateBoth(t, fmt.Sprintf("seed %d", seed), check(t, "generated.ow", text), sc)
	}
}
