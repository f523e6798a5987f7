package lint

import (
	"fmt"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// flowRules are the rules about control flow and timing.
var flowRules = []*Rule{
	duplicateConditionRule,
	unreachableActionRule,
	loopWithoutWaitRule,
	waitBelowMinimumRule,
	waitShorterThanGameRule,
	skipPastEndRule,
}

// flowMinimumWait is one server tick, the shortest wait the game performs.
const flowMinimumWait = 0.016

// flowSkipToEnd is the Skip count from which a count past the end is
// read as meaning "to the end" (Skip If(c, 99)).
const flowSkipToEnd = 99

// flowLongestGame is the longest a custom game can last, in seconds.
const flowLongestGame = 16200

var duplicateConditionRule = &Rule{
	ID:       "duplicate-condition",
	Severity: diag.Warning,
	Summary:  "an Else If tests the same condition as an earlier branch of its If, so its actions never run",
	Rationale: "If and its Else If conditions are evaluated one after the other in one pass, at the same instant: " +
		"when an Else If repeats an earlier condition of the chain, the earlier branch took every case where it " +
		"holds, and the Else If branch is dead. It is usually a copy-paste slip where another condition was meant.",
	Limits: "Conditions are compared by structure (ast.DumpExpr, parentheses looked through), not by meaning: " +
		"A && B and B && A differ. A condition holding a value that differs per evaluation (Random Integer, " +
		"Random Real, Random Value In Array, Randomized Array, Server Load) is never reported. Nothing is reported " +
		"when a Skip may land inside the Else If branch (the game then evaluates it on its own); the fix is " +
		"withheld when a Skip jumps over the branch, since deleting actions would change its count, and when the " +
		"If has no End. Skip counts are taken over enabled actions, as the flow package counts them.",
	Tags:  []string{"control-flow", "dead-code", "correctness"},
	Fixes: []string{"remove-dead-branch"},
	Check: checkDuplicateCondition,
}

func checkDuplicateCondition(p *Pass) {
	for _, u := range flowActionUnits(p) {
		l := p.flowList(u)
		n := l.len()
		for q := 0; q < n; q++ {
			if l.ids[q] != "__if__" {
				continue
			}
			// Only a chain of two conditions or more can repeat one.
			links := 0
			for c := q; c < n && (c == q || l.matched[c]) && l.ids[c] != "__else__" && links < 2; c = l.next[c] {
				links++
			}
			if links < 2 {
				continue
			}
			type seenCond struct {
				key string
				pos int
			}
			var seen []seenCond
			for c := q; c < n && (c == q || l.matched[c]); c = l.next[c] {
				if l.ids[c] == "__else__" {
					break
				}
				e := l.body(c)
				if len(e.Args) == 0 {
					continue
				}
				cond := e.Args[0]
				if valHasPerEvaluation(cond) {
					continue
				}
				key := valKey(cond)
				first := -1
				for _, s := range seen {
					if s.key == key {
						first = s.pos
						break
					}
				}
				if first < 0 {
					seen = append(seen, seenCond{key, c})
					continue
				}
				flowReportDuplicateCondition(p, u, l, c, first)
			}
		}
	}
}

func flowReportDuplicateCondition(p *Pass, u flowUnit, l *flowList, c, first int) {
	n := l.len()
	stop := l.next[c] // the next Else If, Else or End
	fixable := stop < n
	for s := 0; s < n; s++ {
		if !l.isSkip(s) || c <= s && s < stop {
			continue
		}
		t, literal := l.skipTarget(s)
		if !literal {
			if s < stop {
				return // the Skip may land in the branch: it may run
			}
			continue
		}
		if c <= t && t < stop {
			return // the Skip lands in the branch: it runs then
		}
		if s < c && t >= stop {
			fixable = false // deleting the branch would change the count
		}
	}
	e := l.body(c)
	earlier := "the " + valSpell(l.body(first).Elem, p.Script.Locale)
	if l.ids[first] == "__elif__" {
		earlier = "an earlier " + valSpell(l.body(first).Elem, p.Script.Locale)
	}
	f := Finding{
		Span: l.stmt(c).SpanOf(e),
		Rule: u.rule,
		Message: fmt.Sprintf("this %s tests the same condition as %s of its chain, so its actions never run: "+
			"remove the branch or test the condition you meant", valSpell(e.Elem, p.Script.Locale), earlier),
	}
	if fixable {
		span := source.Span{Start: l.stmts[l.idx[c]].Span.Start, End: l.stmts[l.idx[stop]-1].Span.End}
		f.Fix = &Fix{
			Kind:    "remove-dead-branch",
			Summary: "delete the unreachable Else If branch",
			Edits:   []source.Edit{flowLineDeletion(p.File.Text, span)},
		}
	}
	p.Report(f)
}

var unreachableActionRule = &Rule{
	ID:       "unreachable-action",
	Severity: diag.Warning,
	Summary:  "an action no path through the rule's actions reaches",
	Rationale: "Actions after Abort, Loop, Break or Continue, or jumped over by an unconditional Skip, never run. " +
		"They cost elements and usually mean the flow is not what the author intended (a Skip count that went " +
		"stale after an edit, a leftover Abort).",
	Limits: "Follows the control-flow graph of the flow package (Skip counts enabled actions). Nothing is " +
		"reported in a rule with a Skip whose count is not a literal: the graph then assumes any landing point. " +
		"Conditions are not evaluated: an If(False) body counts as reachable (constant-condition reports it). " +
		"One finding per run of consecutive unreachable actions, on the run's first action; End actions are " +
		"neither reported nor counted (an End after a branch that always leaves is harmless and cannot go).",
	Tags:  []string{"control-flow", "dead-code"},
	Check: checkUnreachableAction,
}

func checkUnreachableAction(p *Pass) {
	for _, u := range flowActionUnits(p) {
		g := flowUnitGraph(p, u)
		if g.Dynamic {
			continue
		}
		stmts := u.block.Statements
		reach := g.Reachable(len(stmts))
		l := p.flowList(u)
		// counted reports whether a statement is an action a finding
		// counts: enabled, and not an End (an End no path reaches closes
		// a block whose last branch left it; it cannot be removed).
		counted := func(i int) bool {
			return l.pos[i] >= 0 && l.ids[l.pos[i]] != "__end__"
		}
		prev := -1 // the last enabled action seen
		for i := 0; i < len(stmts); i++ {
			if !counted(i) || reach[i] {
				if reach[i] {
					prev = i
				}
				continue
			}
			count, last := 1, i
			for j := i + 1; j < len(stmts); j++ {
				if reach[j] {
					break
				}
				if counted(j) {
					count, last = count+1, j
				}
			}
			cause := ""
			if prev >= 0 {
				if el := stmts[prev].Body.Elem; el != nil && stmts[prev].Body.Kind == ast.Call {
					switch el.ID {
					case "return", "loop", "break", "continue", "__skip__":
						cause = " after " + valSpell(el, p.Script.Locale)
					}
				}
			}
			msg := fmt.Sprintf("this action is never reached%s: no path through the rule's actions gets here; remove it or fix the flow before it", cause)
			if count > 1 {
				msg = fmt.Sprintf("these %d actions are never reached%s: no path through the rule's actions gets to them; remove them or fix the flow before them", count, cause)
			}
			p.Report(Finding{Span: stmts[i].SpanOf(stmts[i].Body), Rule: u.rule, Message: msg})
			i = last
		}
	}
}

var loopWithoutWaitRule = &Rule{
	ID:       "loop-without-wait",
	Severity: diag.Warning,
	Summary:  "a loop that can repeat without executing a Wait, with nothing to stop it within the tick",
	Rationale: "A Loop (or Loop If…) reached from the start of the actions without a Wait, or a While loop with a " +
		"path from its start back to itself without a Wait, repeats within one server tick. The in-game text " +
		"asks for a wait before Loop, and when nothing ends the repetition within the tick the server-load " +
		"protection shuts the rule down (semantics.md §1.6, §1.11).",
	Limits: "Wait and Wait Until count as waiting on every path they are on, whatever their duration; Call " +
		"Subroutine counts as waiting (the subroutine may wait), and so does a For loop with literal bounds whose " +
		"body waits on every path. Conditions are not evaluated otherwise: a path through an If's false branch " +
		"that skips the If's Wait counts. Bounded repetition is not reported: a loop is taken to end when its " +
		"condition or a guard on the way (If, Else If and While conditions before a Loop; the rule's conditions " +
		"for the Condition Is forms) differs per evaluation, reads a variable the repeated actions write, or may " +
		"read game state they may change (any value but literals may: a variable can hold a player), or when " +
		"the way holds Abort, Abort If, Skip, Skip If, Break, Continue or Start Rule. For loops are not reported " +
		"(they are bounded). Nothing is reported in a rule with a Skip whose count is not a literal.",
	Tags:  []string{"control-flow", "performance", "server-load"},
	Check: checkLoopWithoutWait,
}

// flowWaitScan answers which graph blocks wait, for one action list.
type flowWaitScan struct {
	g       *flow.Graph
	l       *flowList
	blockOf []int // statement index → block
	// forWaits memoizes, per For position, whether passing the loop
	// always waits.
	forWaits map[int]bool
}

func newFlowWaitScan(g *flow.Graph, l *flowList) *flowWaitScan {
	return &flowWaitScan{g: g, l: l, blockOf: flowBlockOf(g, len(l.stmts)), forWaits: map[int]bool{}}
}

// waitsAt returns the index in block b's actions of the first action
// that waits, or -1. A For with literal bounds whose body waits on every
// path waits.
func (w *flowWaitScan) waitsAt(b int) int {
	for i, a := range w.g.Blocks[b].Actions {
		id := w.l.ids[w.l.pos[a]]
		if flowMayWait(id) {
			return i
		}
		if (id == "__forGlobalVariable__" || id == "__forPlayerVariable__") && w.forAlwaysWaits(w.l.pos[a]) {
			return i
		}
	}
	return -1
}

// forAlwaysWaits reports whether running the For at position f always
// executes a wait: its literal bounds make at least one pass, and no
// path through its body leaves or goes around without waiting.
func (w *flowWaitScan) forAlwaysWaits(f int) bool {
	if v, ok := w.forWaits[f]; ok {
		return v
	}
	w.forWaits[f] = false // a recursion guard; bodies nest strictly
	n, ok := repForIterations(w.l.body(f))
	v := ok && n >= 1 && w.l.end[f] < w.l.len() && !w.passesWithoutWait(f, true)
	w.forWaits[f] = v
	return v
}

// passesWithoutWait reports whether some path from the body of the loop
// at position h comes back to h (or, with leaving set, leaves the loop)
// without a wait.
func (w *flowWaitScan) passesWithoutWait(h int, leaving bool) bool {
	hb := w.blockOf[w.l.idx[h]]
	if hb < 0 || len(w.g.Blocks[hb].Succ) == 0 {
		return false
	}
	lo, hi := w.l.idx[h], w.l.idx[w.l.end[h]]
	seen := make([]bool, len(w.g.Blocks))
	stack := []int{w.g.Blocks[hb].Succ[0]} // the body, or the End when it is empty
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == hb {
			return true
		}
		blk := w.g.Blocks[b]
		if len(blk.Actions) == 0 || blk.Actions[0] <= lo || blk.Actions[0] > hi {
			if leaving {
				return true
			}
			continue
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		if w.waitsAt(b) < 0 {
			stack = append(stack, blk.Succ...)
		}
	}
	return false
}

func checkLoopWithoutWait(p *Pass) {
	for _, u := range flowActionUnits(p) {
		g := flowUnitGraph(p, u)
		if g.Dynamic {
			continue
		}
		l := p.flowList(u)
		ws := newFlowWaitScan(g, l)
		var ruleConds []*ast.Expr
		if u.rule >= 0 && p.Script.Rules[u.rule].Conditions != nil {
			for _, st := range p.Script.Rules[u.rule].Conditions.Statements {
				if !st.Disabled && st.Body != nil {
					ruleConds = append(ruleConds, st.Body)
				}
			}
		}
		// A Loop reached from the entry without a wait.
		seen := make([]bool, len(g.Blocks))
		stack := []int{g.Entry}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[b] {
				continue
			}
			seen[b] = true
			acts := g.Blocks[b].Actions
			wait := ws.waitsAt(b)
			if wait >= 0 {
				acts = acts[:wait]
			}
			for _, a := range acts {
				if !flowIsLoop(l.ids[l.pos[a]]) || flowLoopMayEnd(l, l.pos[a], ruleConds) {
					continue
				}
				e := l.stmts[a].Body
				p.Report(Finding{Span: l.stmts[a].SpanOf(e), Rule: u.rule, Message: fmt.Sprintf(
					"this %s can run again without a Wait since the actions started, and nothing on the way can end the repetition: "+
						"the rule repeats within one server tick until the game stops it for server load; add a Wait on every path before it",
					valSpell(e.Elem, p.Script.Locale))})
			}
			if wait < 0 {
				stack = append(stack, g.Blocks[b].Succ...)
			}
		}
		// While loops with a waitless path around.
		for w := 0; w < l.len(); w++ {
			if l.ids[w] != "__while__" || l.end[w] >= l.len() {
				continue
			}
			if !ws.passesWithoutWait(w, false) || flowWhileMayEnd(l, w) {
				continue
			}
			e := l.body(w)
			p.Report(Finding{Span: l.stmt(w).SpanOf(e), Rule: u.rule, Message: fmt.Sprintf(
				"this %s loop can go around without a Wait and nothing in it can end it: once its condition holds it repeats "+
					"within one server tick until the game stops the rule for server load; add a Wait to the loop, or a Break",
				valSpell(e.Elem, p.Script.Locale))})
		}
	}
}

// flowRepeatMayEnd reports whether a repetition guarded by conds over the
// actions at positions [from, to) may stop within one tick: a guard
// differs per evaluation, reads a variable those actions write, or may
// read game state one of them may change, or one of them leaves (Break,
// Abort…, Skip…, Start Rule). Waits are left out: a path through one is
// not a waitless repetition.
func flowRepeatMayEnd(l *flowList, from, to int, conds []*ast.Expr) bool {
	writes := map[string]bool{}
	changesState := false
	for q := from; q < to; q++ {
		id := l.ids[q]
		if flowMayWait(id) {
			continue // a path through it waits: not the repetition at stake
		}
		switch id {
		case "break", "continue", "return", "__abortIf__", "__abortIfConditionIsTrue__", "__abortIfConditionIsFalse__",
			"__skip__", "__skipIf__", "startRule":
			return true
		}
		for _, v := range valWrites(l.body(q)) {
			writes[v] = true
		}
		changesState = changesState || l.body(q).Kind != ast.Assign && !valStateNeutral[id]
	}
	for _, c := range conds {
		f := valFactsOf(c)
		if f.volatile || f.state && changesState {
			return true
		}
		for v := range f.reads {
			if writes[v] {
				return true
			}
		}
	}
	return false
}

// flowLoopMayEnd reports whether the Loop at position L, with the actions
// before it, may stop repeating within one tick; ruleConds are the
// rule's conditions, which Loop If Condition Is… tests.
func flowLoopMayEnd(l *flowList, L int, ruleConds []*ast.Expr) bool {
	var conds []*ast.Expr
	switch e := l.body(L); l.ids[L] {
	case "__loopIf__":
		if len(e.Args) == 0 {
			return true
		}
		conds = append(conds, e.Args[0])
	case "__loopIfConditionIsTrue__", "__loopIfConditionIsFalse__":
		conds = append(conds, ruleConds...)
	}
	for q := 0; q < L; q++ {
		switch l.ids[q] {
		case "__if__", "__elif__", "__while__":
			if e := l.body(q); len(e.Args) > 0 {
				conds = append(conds, e.Args[0])
			}
		}
	}
	return flowRepeatMayEnd(l, 0, L+1, conds)
}

// flowWhileMayEnd reports whether the While loop at position w may stop
// repeating within one tick (see flowRepeatMayEnd; the guard is the While's
// condition).
func flowWhileMayEnd(l *flowList, w int) bool {
	e := l.body(w)
	if len(e.Args) == 0 {
		return true
	}
	conds := []*ast.Expr{e.Args[0]}
	return flowRepeatMayEnd(l, w+1, l.end[w], conds)
}

// flowEachAction calls f for every enabled action of the program, with
// its element id (valElemID).
func flowEachAction(p *Pass, f func(u flowUnit, st *ast.Statement, id string)) {
	for _, u := range flowActionUnits(p) {
		l := p.flowList(u)
		for q, i := range l.idx {
			f(u, l.stmts[i], l.ids[q])
		}
	}
}

// flowWaitDuration returns the literal duration of a Wait, or the literal
// timeout of a Wait Until, with what it is called in messages; id is e's
// element id.
func flowWaitDuration(e *ast.Expr, id string) (lit *ast.Expr, what string, ok bool) {
	arg := -1
	switch id {
	case "wait":
		arg, what = 0, "a wait"
	case "waitUntil":
		arg, what = 1, "a Wait Until timeout"
	}
	if arg < 0 || arg >= len(e.Args) {
		return nil, "", false
	}
	lit = valUnparen(e.Args[arg])
	if lit.Kind != ast.Number {
		return nil, "", false
	}
	return lit, what, true
}

var waitBelowMinimumRule = &Rule{
	ID:       "wait-below-minimum",
	Severity: diag.Info,
	Summary:  "a Wait Until timeout shorter than one server tick (0.016 seconds), or a negative wait",
	Rationale: "The server runs at 62.5 ticks per second: a wait lasts at least one tick, so the game raises " +
		"shorter durations to 0.016 seconds (semantics.md §1.5, limits.md §1). A duration such as 0.001 suggests " +
		"a timing the game does not perform; write 0.016, or 0 for the idiomatic shortest wait. The validator " +
		"owns a Wait of a literal duration between 0 and one tick (wait-too-short, reported by check too); this " +
		"rule reports what it leaves: Wait Until timeouts, negative durations and parenthesised literals.",
	Limits: "Only literal durations are checked; negative literals count (the game treats them as 0).",
	Tags:   []string{"timing"},
	Check: func(p *Pass) {
		flowEachAction(p, func(u flowUnit, st *ast.Statement, id string) {
			lit, what, ok := flowWaitDuration(st.Body, id)
			if !ok || lit.Num == 0 || lit.Num >= flowMinimumWait || validatorWaitTooShort(st.Body, id) {
				return
			}
			p.Report(Finding{Span: st.SpanOf(lit), Rule: u.rule, Message: fmt.Sprintf(
				"%s of %s seconds lasts one server tick (0.016 seconds): the game raises shorter durations; write 0.016, or 0 for the shortest wait",
				what, lit.Text)})
		})
	},
}

// validatorWaitTooShort reports whether the validator reports e as
// wait-too-short (a Wait whose first argument is a number literal between
// 0 and 0.016): that diagnostic owns the problem, so the rule stays silent.
func validatorWaitTooShort(e *ast.Expr, id string) bool {
	return id == "wait" && len(e.Args) > 0 && e.Args[0].Kind == ast.Number && e.Args[0].Num > 0 && e.Args[0].Num < flowMinimumWait
}

var waitShorterThanGameRule = &Rule{
	ID:       "wait-shorter-than-game",
	Severity: diag.Info,
	Summary:  "a Wait or Wait Until timeout of 9999 seconds or more that still ends before a long game does",
	Rationale: "9999 is the usual way to write \"wait for the rest of the game\", but a custom game can last " +
		"16200 seconds (OverPy warning w_wait_9999, limits.md §5): in a long game the wait ends, or the Wait " +
		"Until times out, and the actions after it run unexpectedly. 99999 lasts the whole game.",
	Limits: "Only literal durations from 9999 up to 16200 seconds are reported: shorter ones are taken as meant.",
	Tags:   []string{"timing"},
	Check: func(p *Pass) {
		flowEachAction(p, func(u flowUnit, st *ast.Statement, id string) {
			lit, what, ok := flowWaitDuration(st.Body, id)
			if !ok || lit.Num < 9999 || lit.Num >= flowLongestGame {
				return
			}
			p.Report(Finding{Span: st.SpanOf(lit), Rule: u.rule, Message: fmt.Sprintf(
				"%s of %s seconds ends before a long game does (a custom game can last %d seconds): write 99999 to wait for the rest of the game",
				what, lit.Text, flowLongestGame)})
		})
	},
}

var skipPastEndRule = &Rule{
	ID:       "skip-past-end",
	Severity: diag.Warning,
	Summary:  "a Skip or Skip If whose literal count jumps past the last action",
	Rationale: "Skip counts actions, so inserting or removing actions silently moves its landing point " +
		"(limits.md §5). A count larger than the number of actions that follow it lands nowhere: the jump ends " +
		"the actions as Abort would, which is seldom what the count was written for, and usually means actions " +
		"were removed after the count was chosen.",
	Limits: "Only literal counts are checked. Actions are counted as the flow package counts them: enabled " +
		"actions only. A count landing exactly after the last action is not reported, nor a count of 99 or more, " +
		"the idiom of skipping to the end (Skip If(c, 99) for Abort If(c)).",
	Tags:  []string{"control-flow", "correctness"},
	Check: checkSkipPastEnd,
}

func checkSkipPastEnd(p *Pass) {
	for _, u := range flowActionUnits(p) {
		l := p.flowList(u)
		for s := 0; s < l.len(); s++ {
			if !l.isSkip(s) {
				continue
			}
			t, ok := l.skipTarget(s)
			if !ok || t <= l.len() {
				continue
			}
			e := l.body(s)
			count := valUnparen(e.Args[len(e.Args)-1])
			if count.Num >= flowSkipToEnd {
				continue
			}
			left := l.len() - s - 1
			p.Report(Finding{Span: l.stmt(s).SpanOf(count), Rule: u.rule, Message: fmt.Sprintf(
				"this %s skips %s actions but only %d follow it: the jump ends the actions; fix the count, or write %s if ending is meant",
				valSpell(e.Elem, p.Script.Locale), count.Text, left, flowAbortName(p, e.Elem.ID == "__skipIf__"))})
		}
	}
}

// flowAbortName names Abort, or Abort If, in the script's locale.
func flowAbortName(p *Pass, conditional bool) string {
	id := "return"
	if conditional {
		id = "__abortIf__"
	}
	if el := p.Vocab.Action(id); el != nil {
		return valSpell(el, p.Script.Locale)
	}
	return "Abort"
}
