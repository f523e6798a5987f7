// Package sim is a deterministic tick-by-tick simulator of Workshop
// programs: it runs a checked program (the engine's tree, whatever the
// language or locale it was read from) against a scenario of players and
// their inputs and writes what happened as a trace.
//
// The semantics are those of ../shared/reference/sim/semantics.md: §1
// the execution model (62.5 ticks a second, one rule pass per tick in
// program order, rule instances per event type and owner, edge-triggered
// conditions, waits and their behaviours, Loop, the Abort and Skip
// families, structured blocks, Call Subroutine and Start Rule, guards)
// and §2 the values (numbers, truthiness, comparison, vectors, arrays
// capped at 1,000 elements, strings and their display, variables). The
// scenario (owsim-scenario/1) and trace (owsim-trace/1) formats are §4;
// the trace is canonical JSON, one event per line, so the same program
// and scenario always give the same bytes.
//
// Numbers are float64 compared with float32's machine epsilon, as the
// semantics recommend; the game may differ for very large or tiny values.
//
// Actions and values the simulator does not model are listed by
// [Unsimulated]; executing one writes an "unsimulated" event naming it
// (once per site, so a HUD refreshed every tick does not flood the
// trace) and yields Null where a value is needed. Nothing is skipped
// silently.
//
// A run never hangs: the per-tick action budget halts a runaway program
// (server_overload), an event-count limit halts a run whose trace grows
// past it, and a wall-clock limit refuses a run that takes too long.
package sim
