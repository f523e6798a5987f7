package contract

// This file defines simulate: a deterministic run of the program against
// a scenario (docs/simulate.md; the semantics and formats are
// ../shared/reference/sim/semantics.md).

// SimulateRequest asks for a run of the program.
type SimulateRequest struct {
	Op string `json:"op"`
	// InputIdentity is the SHA-256 (lower-case hex) of the entry text to
	// run: project's inputIdentity, or the identity of the entry's text
	// in sources. Any other value is refused as edit-stale-source.
	InputIdentity string `json:"inputIdentity"`
	// Seconds runs that long with no players: the scenario
	// {"seconds": S}, ceil(S·62.5)+1 ticks. Exactly one of seconds and
	// scenario is given.
	Seconds *float64 `json:"seconds,omitempty"`
	// Scenario is an owsim-scenario/1 document: ticks or seconds, seed,
	// verbosity (effects or actions), limits, players and timeline. A
	// malformed one is refused as scenario-invalid with the JSON pointer
	// of the problem.
	Scenario map[string]any `json:"scenario,omitempty" nullable:"true"`
	// Sources maps the entry to its current text (an editor's unsaved
	// buffer); when absent or null, the entry is read from disk.
	Sources map[string]string `json:"sources,omitempty" nullable:"true"`
}

// SimulateResult is the result of simulate: a wright-result/v1 envelope
// whose verdict fails when the program has errors or the run halted on
// an error (server_overload, call_depth, event_limit, internal).
type SimulateResult struct {
	Envelope
	Output *SimulateOutput `json:"output,omitempty"`
}

// SimulateOutput summarises a run and carries its trace.
type SimulateOutput struct {
	// Simulator is the simulator's release, as capabilities'
	// athena_version names it.
	Simulator string `json:"simulator"`
	// Ticks is the length of the run in ticks of 16 ms; Events counts
	// the trace's events; Halted reports an error ended the run early.
	Ticks  int  `json:"ticks"`
	Events int  `json:"events"`
	Halted bool `json:"halted"`
	// Unsimulated counts, per action or value the simulator does not
	// model, the places in the program that ran one (each also traced as
	// an unsimulated event), by name.
	Unsimulated []SimulateCount `json:"unsimulated"`
	// Trace is the owsim-trace/1 document, unchanged: one event per
	// line, canonical JSON, ending with a line break.
	Trace string `json:"trace"`
}

// SimulateCount is one unsimulated action or value and its count.
type SimulateCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}
