package service

// This file answers simulate: the program run by engine/sim against a
// scenario, its trace carried unchanged in a wright-result/v1 envelope.

import (
	"encoding/json"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Refusal codes of simulate.
const (
	CodeScenarioInvalid   = "scenario-invalid"
	CodeSimulationTimeout = "simulation-timeout"
)

// SimulateOptions are the service-side options of a run, which the CLI
// sets from its flags.
type SimulateOptions struct {
	// Verbosity overrides the scenario's (effects or actions) when set.
	Verbosity string
	// WallClock bounds the run; 0 is the simulator's default.
	WallClock time.Duration
}

// Simulate answers simulate.
func (s *Session) Simulate(req *contract.SimulateRequest) (*contract.SimulateResult, error) {
	return s.SimulateWith(req, SimulateOptions{})
}

// SimulateWith is Simulate with the service-side options.
func (s *Session) SimulateWith(req *contract.SimulateRequest, opts SimulateOptions) (*contract.SimulateResult, error) {
	sc, err := requestScenario(req)
	if err != nil {
		return nil, err
	}
	p, err := s.simulateProgram(req)
	if err != nil {
		return nil, err
	}
	return SimulateProgram(p, sc, opts)
}

// requestScenario reads the scenario the request gives: seconds, or the
// scenario document.
func requestScenario(req *contract.SimulateRequest) (*sim.Scenario, error) {
	switch {
	case req.Seconds != nil && req.Scenario != nil:
		return nil, errorf("malformed-request", "simulate request: give seconds or scenario, not both")
	case req.Seconds != nil:
		sc, err := sim.SecondsScenario(*req.Seconds)
		if err != nil {
			return nil, errorf("malformed-request", "simulate request: %v", err)
		}
		return sc, nil
	case req.Scenario != nil:
		raw, err := json.Marshal(req.Scenario)
		if err != nil {
			return nil, errorf(CodeScenarioInvalid, "scenario: %v", err)
		}
		return ParseScenario(raw, "/scenario")
	}
	return nil, errorf("malformed-request", "simulate request: give seconds or scenario (an owsim-scenario/1 document)")
}

// ParseScenario reads a scenario document, refusing a malformed one as
// scenario-invalid with the problem's JSON pointer under prefix.
func ParseScenario(raw []byte, prefix string) (*sim.Scenario, error) {
	sc, err := sim.ParseScenario(raw)
	if err != nil {
		var se *sim.ScenarioError
		if errors.As(err, &se) {
			ptr := prefix + se.Pointer
			if ptr == "" {
				ptr = "/"
			}
			e := errorf(CodeScenarioInvalid, "scenario: %s: %s", ptr, se.Message)
			return nil, e
		}
		return nil, errorf(CodeScenarioInvalid, "scenario: %v", err)
	}
	return sc, nil
}

// simulateProgram returns the program to run: the entry as sources
// carries it, else as the session loads it. Its identity must be the
// request's inputIdentity.
func (s *Session) simulateProgram(req *contract.SimulateRequest) (*Program, error) {
	if req.Sources == nil {
		p, err := s.Program()
		if err != nil {
			return nil, err
		}
		if req.InputIdentity != p.Identity() {
			return nil, errorf(edits.CodeStaleSource, "%s has changed (its identity is now %s, inputIdentity names %s); read it again",
				p.Origin.Entry, p.Identity(), orNoIdentity(req.InputIdentity))
		}
		return p, nil
	}
	entry, e := s.resolveEntry()
	if e != nil {
		return nil, e
	}
	keys := slices.Sorted(maps.Keys(req.Sources))
	i := slices.IndexFunc(keys, func(k string) bool { return k == entry })
	if i < 0 {
		i = slices.IndexFunc(keys, func(k string) bool { return filepath.Clean(k) == filepath.Clean(entry) || sameFile(k, entry) })
	}
	if i < 0 {
		return nil, errorf(edits.CodeUnknownSource, "sources carries no text for %s, the entry to simulate", entry)
	}
	text := req.Sources[keys[i]]
	if id := edits.Identity(text); req.InputIdentity != id {
		return nil, errorf(edits.CodeStaleSource, "inputIdentity names %s, but the text sources carries for %s has identity %s",
			orNoIdentity(req.InputIdentity), entry, id)
	}
	if len(text) > source.MaxFileSize {
		return nil, errorf("input-io", "%s in sources is %d bytes; the limit is %d bytes (4 MiB)", entry, len(text), source.MaxFileSize)
	}
	kind, e := detectKind(s.opts.Kind, entry, text)
	if e != nil {
		return nil, e
	}
	f := source.NewFile(entry, text)
	var p *Program
	switch kind {
	case KindWorkshop:
		p = NewProgram(f, s.opts.Engine, 0)
	case KindOverPy:
		p = NewOverPyProgram(f, s.opts.Engine, s.readText)
		if n := p.providerErrors(); n > 0 {
			for _, d := range p.providerDiagnostics() {
				if d.Severity == "error" {
					return nil, errorf(d.Code, "%s:%d:%d: %s (%d errors in the text sources carries)", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Message, n)
				}
			}
		}
	default:
		return nil, errorf("source-provider-unavailable", "%s: input kind %s has no provider in this wright-lsp; only Workshop and OverPy input can be simulated", entry, kind)
	}
	p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: kind}
	return p, nil
}

// SimulateProgram runs p against sc. A program whose text does not parse
// is refused; one with validation errors runs, what it does not resolve
// reported as unsimulated, under a failing verdict.
func SimulateProgram(p *Program, sc *sim.Scenario, opts SimulateOptions) (*contract.SimulateResult, error) {
	if n := p.Checked.ParseErrors; n > 0 {
		first := firstError(p.Checked)
		r := p.Range(first.Span)
		return nil, errorf("parse-error", "%s:%d:%d: %s (%d parse errors; only a program that parses can run)",
			r.Path, r.Start.Line, r.Start.Column, first.Message, n)
	}
	res, err := sim.Simulate(p.Checked.Script, sc, sim.Options{Verbosity: opts.Verbosity, WallClock: opts.WallClock})
	if err != nil {
		if errors.Is(err, sim.ErrWallClock) {
			return nil, errorf(CodeSimulationTimeout, "%v; run fewer ticks or players", err)
		}
		return nil, errorf("internal-error", "simulate: %v", err)
	}
	e := p.envelope("simulate", false)
	if res.Halted && e.Exit == 0 {
		e.Verdict, e.Exit = "fail", 1
	}
	out := &contract.SimulateOutput{Simulator: sim.Release, Ticks: sc.Ticks, Events: res.Events, Halted: res.Halted,
		Unsimulated: []contract.SimulateCount{}, Trace: string(res.Trace)}
	names := slices.Collect(maps.Keys(res.Unsimulated))
	sort.Strings(names)
	for _, n := range names {
		out.Unsimulated = append(out.Unsimulated, contract.SimulateCount{Name: n, Count: res.Unsimulated[n]})
	}
	return &contract.SimulateResult{Envelope: e, Output: out}, nil
}
