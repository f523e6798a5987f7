package service

// This file runs the editor's "Simulate" code lenses: the program, or one
// rule of it, for a few seconds of the editor scenario, answered as a
// readable trace document (docs/simulate.md, "In the editor").

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wright-lsp/wright-lsp/engine/sim"
)

// The editor scenario's bounds: a few simulated seconds, at most
// EditorMaxEvents trace events (a longer trace is no document to read),
// at most EditorWallClock of the machine's time.
const (
	EditorSeconds   = 5
	EditorMaxEvents = 20000
	EditorWallClock = 10 * time.Second
)

// EditorScenario is the scenario of the Simulate lenses: EditorSeconds
// seconds with two players who join at tick 0, one a team, so that
// each-player rules and player events run too (the plain "seconds"
// scenario has nobody). The players are semantics.md §4.1's example.
func EditorScenario() *sim.Scenario {
	sc, err := sim.SecondsScenario(EditorSeconds)
	if err != nil {
		panic(err) // a constant number of seconds
	}
	sc.Limits.MaxEvents = EditorMaxEvents
	sc.Players = []sim.PlayerDecl{
		{ID: "p1", Name: "Alice", Team: 1, Slot: 0, Hero: "Ana"},
		{ID: "p2", Name: "Bob", Team: 2, Slot: 0, Hero: "Reinhardt"},
	}
	sc.Timeline = []sim.Entry{{Tick: 0, Do: "join", Player: "p1"}, {Tick: 0, Do: "join", Player: "p2"}}
	return sc
}

// A TraceDocument is one Simulate lens's answer.
type TraceDocument struct {
	// Title names what ran: "Simulation of rule 2 "Tick" (arena.ow)".
	Title string
	// Text is the document: a header (scenario, events, what was not
	// simulated), then the timeline (Timeline's text) of the events shown.
	Text string
	// Events counts the run's events; Shown those in Text.
	Events, Shown int
	Halted        bool
}

// SimulateDocument runs p in the editor scenario and writes the trace as
// a document. rule < 0 shows the whole program at the effects verbosity;
// rule ≥ 0 runs the whole program (rules share variables) at the actions
// verbosity and shows that rule's events: those it caused, the calls and
// Start Rules of it when it is a subroutine, the scenario's inputs and
// the errors that halt the run. Closing stop ends the run early
// (ErrStopped is refused "simulation-stopped").
func SimulateDocument(p *Program, rule int, stop <-chan struct{}) (*TraceDocument, error) {
	rules := p.Checked.Script.Rules
	if rule >= len(rules) {
		return nil, errorf("unknown-rule", "the program has %d rules; there is no rule %d", len(rules), rule)
	}
	if n := p.providerErrors(); n > 0 {
		for _, d := range p.providerDiagnostics() {
			if d.Severity == "error" {
				return nil, errorf(d.Code, "%s:%d:%d: %s (%d errors; only a program that compiles can run)", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Message, n)
			}
		}
	}
	sc := EditorScenario()
	opts := SimulateOptions{WallClock: EditorWallClock}
	if rule >= 0 {
		opts.Verbosity = sim.VerbosityActions
	}
	if p.Checked.ParseErrors > 0 {
		_, err := SimulateProgram(p, sc, opts) // refused: its message names the first parse error
		return nil, err
	}
	res, err := sim.Simulate(p.Checked.Script, sc, sim.Options{Verbosity: opts.Verbosity, WallClock: opts.WallClock, Stop: stop})
	switch {
	case errors.Is(err, sim.ErrStopped):
		return nil, errorf("simulation-stopped", "%v", err)
	case errors.Is(err, sim.ErrWallClock):
		return nil, errorf(CodeSimulationTimeout, "%v", err)
	case err != nil:
		return nil, errorf("internal-error", "simulate: %v", err)
	}
	keep := func(traceLine) bool { return true }
	name := filepath.Base(p.Origin.Entry)
	title := fmt.Sprintf("Simulation of %s", name)
	if rule >= 0 {
		r := rules[rule]
		sub, at := r.Subroutine(), strconv.Itoa(rule)
		keep = func(e traceLine) bool {
			switch {
			case e.R != nil:
				return *e.R == rule || e.Ev == "error" ||
					e.Ev == "call" && string(e.To) == at || e.Ev == "start_rule" && sub != "" && e.Sub == sub
			default:
				return true // the scenario's inputs and the end
			}
		}
		title = fmt.Sprintf("Simulation of rule %d %s (%s)", rule, strconv.Quote(r.Name), name)
	}
	kept, unsim := filterTrace(string(res.Trace), keep)
	doc := &TraceDocument{Title: title, Events: res.Events, Shown: len(kept), Halted: res.Halted}

	var b strings.Builder
	b.WriteString(title + "\n")
	b.WriteString("Scenario: the editor's (docs/simulate.md): " + strconv.Itoa(EditorSeconds) +
		" s; p1 (Alice, team 1, Ana) and p2 (Bob, team 2, Reinhardt) join at tick 0\n")
	fmt.Fprintf(&b, "Simulator: %s; %d events", sim.Release, res.Events)
	if rule >= 0 {
		fmt.Fprintf(&b, ", %d of them shown: this rule's, the scenario's inputs, the errors that halt the run and the end", len(kept))
	}
	b.WriteString("\n")
	if res.Halted {
		b.WriteString("The run halted on an error: see its last lines.\n")
	}
	if rule >= 0 && len(kept) <= 1+len(sc.Timeline) {
		b.WriteString("This rule did nothing in the run.\n")
	}
	if len(unsim) > 0 {
		names := slices.Sorted(maps.Keys(unsim))
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s (%d)", n, unsim[n])
		}
		b.WriteString("Not simulated (places run): " + strings.Join(parts, ", ") + "\n")
	}
	b.WriteString("\n")
	lines := strings.SplitN(string(res.Trace), "\n", 2)
	filtered := lines[0] + "\n" + strings.Join(kept, ",\n") + "\n" + finalLine(string(res.Trace)) + "\n"
	b.WriteString(Timeline(filtered))
	doc.Text = b.String()
	return doc, nil
}

// filterTrace returns the event lines of trace that keep takes (without
// their commas), and the unsimulated names among them with their counts.
func filterTrace(trace string, keep func(traceLine) bool) (kept []string, unsim map[string]int) {
	unsim = map[string]int{}
	for line := range strings.Lines(trace) {
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), ",")
		if !strings.HasPrefix(line, `{"tick":`) {
			continue
		}
		var e traceLine
		if json.Unmarshal([]byte(line), &e) != nil || !keep(e) {
			continue
		}
		kept = append(kept, line)
		if e.Ev == "unsimulated" {
			unsim[e.Kind+" "+e.Name]++
		}
	}
	return kept, unsim
}

// finalLine returns the trace's closing line, with the final values.
func finalLine(trace string) string {
	trace = strings.TrimSuffix(trace, "\n")
	return trace[strings.LastIndexByte(trace, '\n')+1:]
}
