package sim

// This file runs an instance's actions (semantics.md §1.5–§1.10): the
// frame loop with the action budget, and the control-flow actions.

import (
	"math"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// An exec is the place values are evaluated at: the instance, the rule
// and action (or condition) that cause what is traced, and the array
// elements Filtered Array and its kin bind.
type exec struct {
	s    *sim
	in   *instance
	r, i int
	cond int
	// elem and idx are the bindings of Current Array Element / Index.
	elem []Value
	idx  []int
	args []Value
}

func (s *sim) exec(in *instance, r, i int) *exec {
	return &exec{s: s, in: in, r: r, i: i}
}

type actionFunc func(x *exec, st *stmt, f *frame)

// run executes in until it suspends, ends or the run halts.
func (s *sim) run(in *instance) {
	// Runs never nest (Call pushes a frame, Start Rule waits for its
	// rule's slot), so one exec serves them all.
	x := &s.runX
	*x = exec{s: s, in: in, elem: x.elem[:0], idx: x.idx[:0], args: x.args[:0]}
	for !s.halted && in.state == running {
		f := &in.frames[len(in.frames)-1]
		acts := s.prog.rules[f.rule].acts
		if f.pc >= len(acts) {
			s.popFrame(in, "done")
			continue
		}
		st := acts[f.pc]
		if st.disabled {
			f.pc++
			continue
		}
		x.r, x.i = f.rule, st.i
		s.acted++
		if s.acted > s.limits.MaxActionsPerTick {
			s.fail(f.rule, in, st.i, "server_overload", "limit", s.limits.MaxActionsPerTick)
			return
		}
		if s.acted&0xffff == 0 && s.expired() {
			// A long tick is checked as it runs, not only between ticks.
			s.halted = true
			return
		}
		st.run(x, st, f)
		s.checkEvents(x.r, in, st.i)
	}
}

// popFrame ends the current frame: the instance's rule ends, or a called
// subroutine returns to its caller, which goes on after its Call.
func (s *sim) popFrame(in *instance, reason string) {
	f := in.frames[len(in.frames)-1]
	in.frames = in.frames[:len(in.frames)-1]
	if len(in.frames) == 0 {
		s.ruleEnd(in, reason)
		return
	}
	s.tr.begin(s.tick, "return")
	s.tr.int("r", f.rule)
	s.tr.str("inst", instName(in))
	s.tr.str("sub", s.prog.rules[f.rule].sub)
	s.tr.str("reason", reason)
	s.tr.end()
}

// evalArgs evaluates st's arguments in order, once each, and writes the
// action line at the actions verbosity.
func (x *exec) evalArgs(st *stmt) []Value {
	x.args = x.args[:0]
	for _, a := range st.args {
		x.args = append(x.args, x.eval(a))
	}
	x.actionLine(st, x.args)
	// A program the parser recovered can leave arguments out: those
	// are Null, as arg gives for values, so that no action reads past
	// what the text wrote.
	if st.el != nil {
		for len(x.args) < len(st.el.Params) {
			x.args = append(x.args, Value{})
		}
	}
	return x.args
}

func (x *exec) actionLine(st *stmt, args []Value) {
	if !x.s.actions {
		return
	}
	for _, a := range args {
		if x.tooLarge(a) {
			return
		}
	}
	t := &x.s.tr
	t.begin(x.s.tick, "action")
	t.int("r", x.r)
	t.str("inst", instName(x.in))
	t.int("i", x.i)
	t.str("name", st.el.English())
	t.vals("args", args)
	t.end()
}

// warn writes a warning at the current place.
func (x *exec) warn(code string, kv ...any) {
	t := &x.s.tr
	t.begin(x.s.tick, "warn")
	x.place()
	t.str("code", code)
	for k := 0; k+1 < len(kv); k += 2 {
		key := kv[k].(string)
		switch v := kv[k+1].(type) {
		case int:
			t.int(key, v)
		case string:
			t.str(key, v)
		case float64:
			t.num(key, v)
		}
	}
	t.end()
}

// place writes r, inst and i (or cond, for a condition).
func (x *exec) place() {
	t := &x.s.tr
	t.int("r", x.r)
	t.str("inst", instName(x.in))
	if x.i < 0 {
		t.int("cond", x.cond)
	} else {
		t.int("i", x.i)
	}
}

// unsimulated reports, once per site, an action or value the simulator
// does not model.
func (x *exec) unsimulated(site int, kind, name string) {
	s := x.s
	if s.reported[site] {
		return
	}
	s.reported[site] = true
	s.unsim[name]++
	t := &s.tr
	t.begin(s.tick, "unsimulated")
	x.place()
	t.str("kind", kind)
	t.str("name", name)
	t.end()
}

func runUnsimulated(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	x.unsimulated(st.site, "action", st.el.English())
	f.pc++
}

func runUnresolved(x *exec, st *stmt, f *frame) {
	x.unsimulated(st.site, "action", st.text)
	f.pc++
}

// runNoop is an action with nothing to simulate (Inspector recording).
func runNoop(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	f.pc++
}

// frameConds is what Abort If Condition Is … and Loop If Condition Is …
// read: the conditions of the frame's rule, all true for a subroutine.
func (x *exec) frameConds(f *frame) bool {
	r := x.s.prog.rules[f.rule]
	if r.kind == evSubroutine {
		return true
	}
	return x.s.conds(r, x.in)
}

func runAbort(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	abort(x, st)
}

func abort(x *exec, st *stmt) {
	x.s.popFrame(x.in, "abort")
}

func runAbortIf(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if truthy(a[0]) {
		abort(x, st)
		return
	}
	f.pc++
}

func runAbortIfConds(want bool) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		x.evalArgs(st)
		if x.frameConds(f) == want {
			abort(x, st)
			return
		}
		f.pc++
	}
}

func runLoop(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	loop(x, f)
}

func loop(x *exec, f *frame) {
	if !f.waited && !f.warned {
		f.warned = true
		x.warn("loop_without_wait")
	}
	t := &x.s.tr
	t.begin(x.s.tick, "loop")
	t.int("r", x.r)
	t.str("inst", instName(x.in))
	t.int("i", x.i)
	t.end()
	f.pc = 0
	f.blocks = f.blocks[:0]
	f.waited = false
}

func runLoopIf(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if truthy(a[0]) {
		loop(x, f)
		return
	}
	f.pc++
}

func runLoopIfConds(want bool) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		x.evalArgs(st)
		if x.frameConds(f) == want {
			loop(x, f)
			return
		}
		f.pc++
	}
}

func runWait(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	secs, _ := toNumber(a[0])
	ticks := waitTicks(secs)
	kind := waitIgnore
	behavior := "Ignore Condition"
	if len(a) > 1 && a[1].K == KEnum {
		behavior = a[1].S
		switch a[1].C {
		case "ABORT_WHEN_FALSE":
			kind = waitAbort
		case "RESTART_WHEN_TRUE":
			kind = waitRestart
		}
	}
	s := x.s
	t := &s.tr
	t.begin(s.tick, "wait")
	t.int("r", x.r)
	t.str("inst", instName(x.in))
	t.int("i", x.i)
	t.num("secs", secs)
	t.int("ticks", ticks)
	t.str("behavior", behavior)
	t.int("until", s.tick+ticks)
	t.end()
	suspend(x, f, kind, s.tick+ticks)
}

func suspend(x *exec, f *frame, kind waitKind, until int) {
	in := x.in
	for k := range in.frames {
		in.frames[k].waited = true
	}
	in.state = suspended
	in.wait = kind
	in.until = until
	in.waitRule, in.waitAt = x.r, x.i
	f.pc++
}

func runWaitUntil(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if a[0].K == KBool && a[0].N != 0 {
		for k := range x.in.frames {
			x.in.frames[k].waited = true
		}
		f.pc++
		return
	}
	timeout, _ := toNumber(a[1])
	until := x.s.tick + waitTicks(timeout)
	t := &x.s.tr
	t.begin(x.s.tick, "wait_until")
	t.int("r", x.r)
	t.str("inst", instName(x.in))
	t.int("i", x.i)
	t.num("timeout", timeout)
	t.int("until", until)
	t.end()
	x.in.waitCond = nil // no condition written (a recovered parse): Null, false until the timeout
	if len(st.args) > 0 {
		x.in.waitCond = st.args[0]
	}
	suspend(x, f, waitUntil, until)
}

// skip is §1.8: the skipped actions keep the block stack balanced.
func skip(x *exec, f *frame, n float64) {
	count := 0
	if n > 0 {
		count = int(math.Min(math.Trunc(n), 1e6))
	}
	acts := x.s.prog.rules[f.rule].acts
	for k := f.pc + 1; k <= f.pc+count && k < len(acts); k++ {
		switch acts[k].flow {
		case vocab.FlowOpen:
			f.blocks = append(f.blocks, block{kind: blockSkipped, at: k})
		case vocab.FlowEnd:
			if len(f.blocks) > 0 {
				f.blocks = f.blocks[:len(f.blocks)-1]
			}
		}
	}
	f.pc += 1 + count
}

func runSkip(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	n, _ := toNumber(a[0])
	skip(x, f, n)
}

func runSkipIf(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if truthy(a[0]) {
		n, _ := toNumber(a[1])
		skip(x, f, n)
		return
	}
	f.pc++
}

func (f *frame) top() *block {
	if len(f.blocks) == 0 {
		return nil
	}
	return &f.blocks[len(f.blocks)-1]
}

func runIf(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if truthy(a[0]) {
		f.blocks = append(f.blocks, block{kind: blockIf, at: st.i, done: true})
		f.pc++
		return
	}
	f.blocks = append(f.blocks, block{kind: blockIf, at: st.i})
	f.pc = st.next
}

// branchTaken reports that the top block is an If whose branch ran (or
// a block entered by skipping, whose body was being run).
func branchTaken(f *frame) bool {
	b := f.top()
	return b != nil && (b.kind == blockIf && b.done || b.kind == blockSkipped)
}

func runElseIf(x *exec, st *stmt, f *frame) {
	if branchTaken(f) {
		// The condition is not evaluated: the chain is done.
		x.actionLine(st, nil)
		f.blocks = f.blocks[:len(f.blocks)-1]
		f.pc = st.end + 1
		return
	}
	a := x.evalArgs(st)
	if truthy(a[0]) {
		if b := f.top(); b != nil {
			b.done = true
		}
		f.pc++
		return
	}
	f.pc = st.next
}

func runElse(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	if branchTaken(f) {
		f.blocks = f.blocks[:len(f.blocks)-1]
		f.pc = st.end + 1
		return
	}
	if b := f.top(); b != nil {
		b.done = true
	}
	f.pc++
}

func runWhile(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	if truthy(a[0]) {
		f.blocks = append(f.blocks, block{kind: blockWhile, at: st.i})
		f.pc++
		return
	}
	f.pc = st.end + 1
}

// forContinues reports whether a For loop at v goes on towards stop:
// the step's sign decides what "passed" means; 0 counts as positive.
func forContinues(v, stop, step Value) bool {
	d, _ := toNumber(step)
	if d < 0 {
		return less(stop, v)
	}
	return less(v, stop)
}

func runFor(player bool) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		a := x.evalArgs(st)
		var p *Player
		if player {
			p = firstPlayer(a[0])
			a = a[1:]
		}
		// The control variable's slot: a program the parser recovered
		// can leave it out, and then the loop has nothing to count with.
		at := 0
		if player {
			at = 1
		}
		if at >= len(st.args) || len(a) < 4 || player && p == nil {
			f.pc = st.end + 1
			return
		}
		ref := st.args[at]
		x.setVar(p, ref, "for", -1, a[1])
		if !forContinues(a[1], a[2], a[3]) {
			f.pc = st.end + 1
			return
		}
		f.blocks = append(f.blocks, block{kind: blockFor, at: st.i, forPlayer: p})
		f.pc++
	}
}

func runEnd(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	b := f.top()
	if b == nil {
		f.pc++
		return
	}
	f.blocks = f.blocks[:len(f.blocks)-1]
	acts := x.s.prog.rules[f.rule].acts
	switch b.kind {
	case blockWhile:
		f.pc = b.at
	case blockFor:
		opener := acts[b.at]
		n := len(opener.args)
		ref := opener.args[n-4]
		stop, step := x.eval(opener.args[n-2]), x.eval(opener.args[n-1])
		cur := x.readVar(b.forPlayer, ref)
		next := arith(x, ast_add, cur, step)
		x.setVar(b.forPlayer, ref, "for", -1, next)
		if forContinues(next, stop, step) {
			f.blocks = append(f.blocks, *b)
			f.pc = b.at + 1
			return
		}
		f.pc++
	default:
		f.pc++
	}
}

// breakLoop pops blocks up to the innermost loop and goes past its End;
// with no loop it aborts.
func runBreak(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	acts := x.s.prog.rules[f.rule].acts
	for len(f.blocks) > 0 {
		b := f.blocks[len(f.blocks)-1]
		f.blocks = f.blocks[:len(f.blocks)-1]
		if b.kind == blockWhile || b.kind == blockFor {
			f.pc = acts[b.at].end + 1
			return
		}
	}
	abort(x, st)
}

// runContinue goes to the innermost loop's End, unless an If is on top
// of it, where the game aborts the rule (OverPy's continue.ts).
func runContinue(x *exec, st *stmt, f *frame) {
	x.evalArgs(st)
	b := f.top()
	if b != nil && (b.kind == blockWhile || b.kind == blockFor) {
		f.pc = x.s.prog.rules[f.rule].acts[b.at].end
		return
	}
	x.warn("continue_quirk")
	abort(x, st)
}

func runCall(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	name := a[0].S
	to, ok := x.s.prog.subs[name]
	if !ok {
		x.warn("unknown_subroutine", "sub", name)
		f.pc++
		return
	}
	if len(x.in.frames) >= x.s.limits.MaxCallDepth {
		x.s.fail(x.r, x.in, x.i, "call_depth", "limit", x.s.limits.MaxCallDepth)
		return
	}
	t := &x.s.tr
	t.begin(x.s.tick, "call")
	x.place()
	t.str("sub", name)
	t.int("to", to)
	t.end()
	f.pc++
	x.in.frames = append(x.in.frames, frame{rule: to})
}

func runStartRule(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	f.pc++
	name := a[0].S
	to, ok := x.s.prog.subs[name]
	if !ok {
		x.warn("unknown_subroutine", "sub", name)
		return
	}
	mode := "Restart Rule"
	if len(a) > 1 && a[1].K == KEnum {
		mode = a[1].S
	}
	owner := x.in.owner
	var slot **instance
	if owner == nil {
		slot = &x.s.globalIn[to]
	} else {
		slot = &owner.inst[to]
	}
	if *slot == nil {
		*slot = &instance{r: to, owner: owner}
	}
	target := *slot
	result := "started"
	switch {
	case target.state == idle && target.pending == 0:
		target.pending = 1
		target.pendCtx = x.in.ctx
	case mode == "Do Nothing":
		result = "ignored"
	default:
		result = "restarted"
		target.pending = 2
		target.pendCtx = x.in.ctx
	}
	t := &x.s.tr
	t.begin(x.s.tick, "start_rule")
	x.place()
	t.str("sub", name)
	t.str("mode", mode)
	t.str("result", result)
	t.end()
}

func runMessage(kind string) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		a := x.evalArgs(st)
		t := &x.s.tr
		t.begin(x.s.tick, "msg")
		x.place()
		t.str("kind", kind)
		var text Value
		if kind == "log" {
			text = a[0]
		} else {
			to := []string{}
			for _, p := range players(a[0]) {
				to = append(to, p.ID)
			}
			t.strs("to", to)
			text = a[1]
		}
		t.str("text", display(text))
		t.end()
		f.pc++
	}
}
