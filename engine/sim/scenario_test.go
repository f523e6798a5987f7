package sim_test

import (
	"errors"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/sim"
)

// TestScenarioErrors refuses each malformed scenario with the JSON
// pointer of its problem.
func TestScenarioErrors(t *testing.T) {
	for _, c := range []struct{ doc, pointer string }{
		{`{"ticks":1`, ""},
		{`[]`, ""},
		{`{}`, ""},
		{`{"ticks":1} {}`, ""},
		{`{"format":"owsim-scenario/2","ticks":1}`, "/format"},
		{`{"ticks":1,"seconds":1}`, "/seconds"},
		{`{"ticks":-1}`, "/ticks"},
		{`{"ticks":1.5}`, "/ticks"},
		{`{"ticks":2000000}`, "/ticks"},
		{`{"seconds":"1"}`, "/seconds"},
		{`{"ticks":1,"verbosity":"all"}`, "/verbosity"},
		{`{"ticks":1,"colour":1}`, "/colour"},
		{`{"ticks":1,"limits":{"maxActionsPerTick":0}}`, "/limits/maxActionsPerTick"},
		{`{"ticks":1,"limits":{"budget":5}}`, "/limits/budget"},
		{`{"ticks":1,"players":[{"id":"a"},{"id":"a"}]}`, "/players/1/id"},
		{`{"ticks":1,"players":[{"id":"a","team":3}]}`, "/players/0/team"},
		{`{"ticks":1,"players":[{"id":"a","hero":"Nobody"}]}`, "/players/0/hero"},
		{`{"ticks":1,"players":[{"id":"a","position":[1,2]}]}`, "/players/0/position"},
		{`{"ticks":1,"timeline":[{"tick":0,"do":"dance","player":"a"}]}`, "/timeline/0/do"},
		{`{"ticks":1,"timeline":[{"do":"join","player":"a"}]}`, "/timeline/0"},
		{`{"ticks":1,"players":[{"id":"a"}],"timeline":[{"tick":0,"do":"join","player":"b"}]}`, "/timeline/0/player"},
		{`{"ticks":1,"players":[{"id":"a"}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":0,"do":"join","player":"a"}]}`, "/timeline/1/player"},
		{`{"ticks":1,"players":[{"id":"a"}],"timeline":[{"tick":0,"do":"press","player":"a","button":"Sneeze"}]}`, "/timeline/0/button"},
		{`{"ticks":1,"players":[{"id":"a"},{"id":"b"}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":0,"do":"damage","attacker":"a","victim":"b","amount":1}]}`, "/timeline/1"},
		{`{"ticks":1,"players":[{"id":"a"}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":0,"do":"damage","attacker":"a","victim":"a"}]}`, "/timeline/1"},
		{`{"ticks":1,"timeline":[{"tick":0,"do":"set","owner":"global","var":"A","value":{"x":1}}]}`, "/timeline/0/value"},
		{`{"ticks":1,"timeline":[{"tick":0,"at":0,"do":"set","owner":"global","var":"A","value":1}]}`, "/timeline/0/at"},
	} {
		_, err := sim.ParseScenario([]byte(c.doc))
		var se *sim.ScenarioError
		if !errors.As(err, &se) {
			t.Errorf("%s: got %v, want a scenario error at %q", c.doc, err, c.pointer)
			continue
		}
		if se.Pointer != c.pointer {
			t.Errorf("%s: refused at %q (%s), want %q", c.doc, se.Pointer, se.Message, c.pointer)
		}
	}
}

// TestSecondsScenario converts seconds to ticks so that a Wait of that
// length started at tick 0 resumes inside the run.
func TestSecondsScenario(t *testing.T) {
	for _, c := range []struct {
		seconds float64
		ticks   int
	}{{0, 1}, {0.016, 2}, {1, 64}, {60, 3751}} {
		sc, err := sim.SecondsScenario(c.seconds)
		if err != nil || sc.Ticks != c.ticks {
			t.Errorf("%v s: got %v ticks (%v), want %d", c.seconds, sc, err, c.ticks)
		}
	}
}
