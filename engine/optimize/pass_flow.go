package optimize

// This file holds the passes over the control flow of a rule's actions:
// If, Else If, Else, End, While and the jumps.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// id returns the action id of an enabled action, "" otherwise.
func (n *snode) id() string {
	if n.st.Disabled {
		return ""
	}
	return callID(n.st.Body)
}

// A chain is an If (or While) block: the opener, its Else If and Else
// parts, and its End (end is -1 when the rule ends before it).
type chain struct {
	parts []int
	end   int
}

// chainAt returns the block opened at acts[i]; ok is false when acts[i]
// opens nothing.
func (w *work) chainAt(i int) (chain, bool) {
	if w.acts[i].st.Flow() != vocab.FlowOpen {
		return chain{}, false
	}
	c := chain{parts: []int{i}, end: -1}
	depth := 0
	for k := i + 1; k < len(w.acts); k++ {
		switch w.acts[k].st.Flow() {
		case vocab.FlowOpen:
			depth++
		case vocab.FlowMiddle:
			if depth == 0 {
				c.parts = append(c.parts, k)
			}
		case vocab.FlowEnd:
			if depth == 0 {
				c.end = k
				return c, true
			}
			depth--
		}
	}
	return c, true
}

// stop returns the index where the block ends: its End, or the rule's
// end.
func (w *work) stop(c chain) int {
	if c.end < 0 {
		return len(w.acts)
	}
	return c.end
}

// untargeted reports whether no jump lands on acts[i:j].
func (w *work) untargeted(t map[*snode]int, i, j int) bool {
	for k := i; k < j && k < len(w.acts); k++ {
		if t[w.acts[k]] > 0 {
			return false
		}
	}
	return true
}

// conditional rewrites If(c) X End, X being one action, as the one
// action with a condition that does the same: Abort If(c), Loop If(c),
// Skip If(c, n).
func conditional(w *work, inner, outer string) int {
	n := 0
	for i := 0; i+2 < len(w.acts); i++ {
		a, b, c := w.acts[i], w.acts[i+1], w.acts[i+2]
		if a.id() != "__if__" || b.id() != inner || c.id() != "__end__" || len(unparen(a.st.Body).Args) != 1 {
			continue
		}
		if inner == "__skip__" && !b.jump {
			continue
		}
		if !w.free(i, i+3) || !w.untargeted(w.targeted(), i+1, i+3) {
			continue
		}
		cond := unparen(a.st.Body).Args[0]
		args := []*ast.Expr{cond}
		if inner == "__skip__" {
			args = append(args, unparen(b.st.Body).Args[0])
			a.jump, a.target, a.toEnd = true, b.target, b.toEnd
		}
		a.st = withBody(a.st, w.o.actionCall(a.st.Body, outer, args...))
		w.splice(i+1, i+3)
		n++
	}
	return n
}

func abortIf(w *work) int { return conditional(w, "return", "__abortIf__") }
func loopIf(w *work) int  { return conditional(w, "loop", "__loopIf__") }
func skipIf(w *work) int  { return conditional(w, "__skip__", "__skipIf__") }

// trailingEnd removes the End that closes an If chain at the end of a
// rule's actions: the rule ends there anyway. Subroutines keep theirs (as
// OverPy does: the caller's blocks continue after the call), and so do
// loops.
func trailingEnd(w *work) int {
	if w.subroutine {
		return 0
	}
	n := 0
	for len(w.acts) > 0 {
		last := len(w.acts) - 1
		if w.acts[last].id() != "__end__" || !w.free(last, last+1) {
			break
		}
		opener := -1
		depth := 0
		for k := last - 1; k >= 0 && opener < 0; k-- {
			switch w.acts[k].st.Flow() {
			case vocab.FlowEnd:
				depth++
			case vocab.FlowOpen:
				if depth == 0 {
					opener = k
				}
				depth--
			}
		}
		if opener < 0 || w.acts[opener].id() != "__if__" {
			break
		}
		w.splice(last, last+1)
		n++
	}
	return n
}

// deadBranch removes the branches a literal condition never takes, and
// the If around a branch it always takes: If(False) …, Else If(False) …,
// While(False) … End; If(True) A Else B End is A.
func deadBranch(w *work) int {
	n := 0
	for i := 0; i < len(w.acts); i++ {
		if w.deadBranchAt(i) {
			n++
			i--
		}
	}
	return n
}

// terminators are the actions after which the next action is never
// reached by falling through.
var terminators = map[string]bool{"return": true, "loop": true, "__skip__": true, "break": true, "continue": true}

// unreachable removes the actions no execution reaches: those after an
// Abort, Loop, Break, Continue or Skip up to the next Else, End or block
// (up to the Skip's landing), unless a jump lands on them; and a Skip
// over nothing.
func unreachable(w *work) int {
	n := 0
	for i := 0; i < len(w.acts); i++ {
		a := w.acts[i]
		id := a.id()
		if (id == "__skip__" || id == "__skipIf__") && a.jump && !a.toEnd && i+1 < len(w.acts) && a.target == w.acts[i+1] &&
			pure(unparen(a.st.Body)) && w.free(i, i+1) {
			w.splice(i, i+1)
			n++
			i = max(i-2, -1)
			continue
		}
		if !terminators[id] || id == "__skip__" && !a.jump {
			continue
		}
		t := w.targeted()
		k := i + 1
		for k < len(w.acts) && w.acts[k].st.Flow() == vocab.FlowNone && t[w.acts[k]] == 0 &&
			(id != "__skip__" || a.toEnd || w.acts[k] != a.target) {
			k++
		}
		if k > i+1 && w.free(i+1, k) {
			w.splice(i+1, k)
			n += k - i - 1
		}
	}
	return n
}

// conditionalActions pairs each action with a condition with the same
// action without one.
var conditionalActions = map[string]string{"__abortIf__": "return", "__loopIf__": "loop", "__skipIf__": "__skip__"}

// deadBranchAt simplifies the block opened at acts[i], when its
// condition or one of its parts' is literal, or the action with a
// condition at acts[i] when its condition is literal (Abort If(True) is
// Abort, Skip If(False, n) nothing).
func (w *work) deadBranchAt(i int) bool {
	id := w.acts[i].id()
	if plain, ok := conditionalActions[id]; ok {
		body := unparen(w.acts[i].st.Body)
		truth, lit := truthLiteral(arg(body, 0))
		switch {
		case !lit || !w.free(i, i+1):
			return false
		case truth:
			a := w.acts[i]
			a.st = withBody(a.st, w.o.actionCall(body, plain, body.Args[1:]...))
		default:
			w.splice(i, i+1)
		}
		return true
	}
	if id != "__if__" && id != "__while__" {
		return false
	}
	c, _ := w.chainAt(i)
	stop := w.stop(c)
	endLen := 0
	if c.end >= 0 {
		endLen = 1
	}
	if !w.free(i, stop+endLen) || w.enteredFromOutside(i, stop+endLen) {
		return false
	}
	t := w.targeted()
	cond := arg(unparen(w.acts[i].st.Body), 0)
	truth, lit := truthLiteral(cond)
	if id == "__while__" {
		if !lit || truth || !w.untargeted(t, i+1, stop+endLen) {
			return false
		}
		w.splice(i, stop+endLen)
		return true
	}
	if lit {
		next := stop
		if len(c.parts) > 1 {
			next = c.parts[1]
		}
		if truth {
			// Keep the first branch; a Continue in it would behave
			// differently outside the If (the game aborts a Continue
			// below an If), so leave such a branch alone.
			if !w.untargeted(t, next, stop+endLen) || w.hasContinue(i+1, next) {
				return false
			}
			w.splice(next, stop+endLen)
			w.splice(i, i+1)
			return true
		}
		if !w.untargeted(t, i+1, next+1) {
			return false
		}
		switch {
		case next == stop:
			if !w.untargeted(t, stop, stop+endLen) {
				return false
			}
			w.splice(i, stop+endLen)
		case w.acts[next].id() == "__elif__":
			// If(False) A Else If(c) B … is If(c) B …
			el := w.acts[next]
			el.st = withBody(el.st, w.o.actionCall(el.st.Body, "__if__", unparen(el.st.Body).Args...))
			w.splice(i, next)
		default:
			// If(False) A Else B End is B.
			if w.acts[next].id() != "__else__" || !w.untargeted(t, stop, stop+endLen) {
				return false
			}
			w.splice(stop, stop+endLen)
			w.splice(i, next+1)
		}
		return true
	}
	for k, p := range c.parts[1:] {
		if w.acts[p].id() != "__elif__" {
			continue
		}
		truth, lit := truthLiteral(arg(unparen(w.acts[p].st.Body), 0))
		if !lit {
			continue
		}
		next := stop
		if k+2 < len(c.parts) {
			next = c.parts[k+2]
		}
		if !truth {
			if !w.untargeted(t, p, next) {
				return false
			}
			w.splice(p, next)
			return true
		}
		// Else If(True) B … End is Else B End.
		if next == stop || !w.untargeted(t, next, stop) {
			if next == stop {
				el := w.acts[p]
				el.st = withBody(el.st, w.o.actionCall(el.st.Body, "__else__"))
				w.changed = true
				return true
			}
			return false
		}
		el := w.acts[p]
		el.st = withBody(el.st, w.o.actionCall(el.st.Body, "__else__"))
		w.splice(next, stop)
		return true
	}
	return false
}

// enteredFromOutside reports whether a jump from before acts[i] lands in
// acts[i+1:j]: inside the block acts[i] opens, past its opener. What an
// Else If, Else or End does when reached that way is not documented, so
// a block entered so keeps its shape.
func (w *work) enteredFromOutside(i, j int) bool {
	inside := map[*snode]bool{}
	for k := i + 1; k < j && k < len(w.acts); k++ {
		inside[w.acts[k]] = true
	}
	for _, n := range w.acts[:i] {
		if n.jump && inside[n.target] {
			return true
		}
	}
	return false
}

// hasContinue reports whether acts[i:j] holds a Continue.
func (w *work) hasContinue(i, j int) bool {
	for k := i; k < j; k++ {
		if w.acts[k].id() == "continue" {
			return true
		}
	}
	return false
}

// emptyBlock removes blocks with nothing in them: If(c) End, an Else
// followed by End, and an Else If(c) ending its chain, when c is pure.
func emptyBlock(w *work) int {
	n := 0
	for i := 0; i+1 < len(w.acts); i++ {
		a, b := w.acts[i], w.acts[i+1]
		if b.id() != "__end__" || !w.free(i, i+2) {
			continue
		}
		t := w.targeted()
		switch a.id() {
		case "__if__":
			// A jump onto the If lands after the End, where the If
			// would have taken it.
			if !pure(unparen(a.st.Body)) || !w.untargeted(t, i+1, i+2) {
				continue
			}
			w.splice(i, i+2)
		case "__elif__", "__else__":
			if !pure(unparen(a.st.Body)) || !w.untargeted(t, i, i+1) {
				continue
			}
			w.splice(i, i+1)
		default:
			continue
		}
		n++
		i = max(i-2, -1)
	}
	return n
}

// dropDisabled removes disabled rules, conditions and actions, which the
// game keeps but never runs (and counts).
func dropDisabled(w *work) int {
	if w.src != nil && w.src.Disabled {
		if w.declares() {
			return 0
		}
		w.removed = true
		return 1
	}
	n := 0
	conds := w.conds[:0:0]
	for _, st := range w.conds {
		if st.Disabled && !declares(st.Body) {
			n++
			continue
		}
		conds = append(conds, st)
	}
	if n > 0 {
		w.conds = conds
	}
	for i := 0; i < len(w.acts); i++ {
		if w.acts[i].st.Disabled && w.free(i, i+1) {
			w.splice(i, i+1)
			i--
			n++
		}
	}
	return n
}
