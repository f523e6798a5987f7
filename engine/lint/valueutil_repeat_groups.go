package lint

// This file groups the occurrences the walker of valueutil_repeat.go
// finds: along the paths of a rule's actions (cut where an effect may
// change a value), within a conditions block, and across the iterations
// of For loops with literal bounds.

import (
	"math"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// repGroup is the occurrences of one expression that evaluate to the
// same value: along a path, with nothing between them that may change it.
type repGroup struct {
	// occ are the occurrences, once there are two or more (see add):
	// first and n hold the first while it is alone.
	occ   []repOccurrence
	first repOccurrence
	n     int
	// count is the most occurrences one path evaluates.
	count int
	// loop is the For loop statement, for an enclosing-loop group, or -1.
	loop     int
	loopSpan [2]int
}

// repLive is a value live along the current path: its key, how many
// times the path evaluated it, and its group.
type repLive struct {
	key  int32
	n    int
	g    *repGroup
	info *repInfo // the facts of the group's expression
}

// repActionGroups returns the groups of repeated values of an action list
// with count ≥ 2, given the occurrences of its statements (see
// actionOccurrences). Occurrences are chained along the extended basic
// blocks of the control-flow graph: a block with one predecessor
// continues its predecessor's state, any other block starts afresh. Wait,
// Wait Until, Call Subroutine and Start Rule clear the state; a variable
// write drops the values reading the variable; an action that may change
// game state drops the values reading game state.
func repActionGroups(w *repWalker, g *flow.Graph, stmts []*ast.Statement, occs [][]repOccurrence, effects []repEffects) []*repGroup {
	w.preds = flowPredCountsInto(w.preds, g)
	preds := w.preds
	w.groups = w.groups[:0]
	groups := w.groups
	if cap(w.visited) < len(g.Blocks) {
		w.visited = make([]bool, len(g.Blocks))
	}
	visited := w.visited[:len(g.Blocks)]
	clear(visited)
	// The live values of a path are few: a slice, searched linearly, that
	// a block owns and hands to its last successor (the others get
	// copies).
	var visit func(b int, live []repLive)
	visit = func(b int, live []repLive) {
		if visited[b] {
			return
		}
		visited[b] = true
		for _, a := range g.Blocks[b].Actions {
			for _, o := range occs[a] {
				k := -1
				for i := range live {
					if live[i].key == o.info.key {
						k = i
						break
					}
				}
				if k < 0 {
					k = len(live)
					if len(w.groupSlab) == 0 {
						w.groupSlab = make([]repGroup, 256)
					}
					gr := &w.groupSlab[0]
					w.groupSlab = w.groupSlab[1:]
					gr.loop = -1
					live = append(live, repLive{key: o.info.key, g: gr, info: o.info})
					groups = append(groups, live[k].g)
				}
				lv := &live[k]
				lv.n++
				lv.g.add(o)
				lv.g.count = max(lv.g.count, lv.n)
			}
			switch {
			case effects != nil:
				// The walk found the effects of every action, without
				// failing.
				if len(live) > 0 {
					live = w.applyEffectsOf(&effects[a], live)
				}
			case len(live) > 0:
				live = w.applyEffects(stmts[a].Body, live)
			default:
				w.checkEffects(stmts[a].Body)
			}
		}
		var nextBuf [4]int
		next := nextBuf[:0]
		for _, s := range g.Blocks[b].Succ {
			if preds[s] == 1 && s != g.Exit {
				next = append(next, s)
			}
		}
		for i, s := range next {
			m := live
			if i < len(next)-1 {
				m = slices.Clone(live)
			}
			visit(s, m)
		}
	}
	w.reach = flowReachableBlocksInto(w.reach, g)
	reach := w.reach
	visit(g.Entry, nil)
	for b := range g.Blocks {
		if preds[b] >= 2 && reach[b] {
			visit(b, nil)
		}
	}
	w.groups = groups
	var out []*repGroup
	for _, gr := range groups {
		if gr.count >= 2 {
			out = append(out, gr)
		}
	}
	return out
}

// add appends an occurrence to the group. The first is kept apart until a
// second comes: most groups have one, and only groups of two or more are
// reported.
func (gr *repGroup) add(o repOccurrence) {
	switch {
	case gr.n == 0:
		gr.first = o
	case gr.n == 1:
		gr.occ = append(make([]repOccurrence, 0, 4), gr.first, o)
	default:
		gr.occ = append(gr.occ, o)
	}
	gr.n++
}

// repEffects is what an action may change (see applyEffects): the
// variables it writes are writeSlab[start:end] of the walker.
type repEffects struct {
	start, end   int32
	suspends     bool
	changesState bool
}

// effectsOf returns what the action e may change.
func (w *repWalker) effectsOf(e *ast.Expr) repEffects {
	var ef repElemFacts
	if e != nil && e.Kind == ast.Call && e.Elem != nil {
		ef = w.elemFacts(e.Elem)
	}
	if ef&repSuspending != 0 {
		return repEffects{suspends: true}
	}
	start := len(w.writeSlab)
	w.writeSlab = valAppendWrites(w.writeSlab, e)
	return repEffects{start: int32(start), end: int32(len(w.writeSlab)), changesState: e.Kind != ast.Assign && ef&repStateNeutral == 0}
}

// applyEffectsOf drops from live the values the action of effects x may
// change, as applyEffects does.
func (w *repWalker) applyEffectsOf(x *repEffects, live []repLive) []repLive {
	if x.suspends {
		return live[:0]
	}
	writes := w.writeSlab[x.start:x.end]
	if len(writes) == 0 && !x.changesState {
		return live
	}
	out := live[:0]
	for _, lv := range live {
		info := lv.info
		if !(info.readsOneOf(writes) || x.changesState && info.state) {
			out = append(out, lv)
		}
	}
	return out
}

// checkEffects fails where applyEffects would on e, for an action met
// with nothing live: nothing can be dropped then, and the action's
// arguments need not be read.
func (w *repWalker) checkEffects(e *ast.Expr) {
	var ef repElemFacts
	if e != nil && e.Kind == ast.Call && e.Elem != nil {
		ef = w.elemFacts(e.Elem)
	}
	if ef&repSuspending == 0 {
		valCheckWrites(e)
	}
}

// applyEffects drops from live the values an action may change and
// returns what is left (in live's array).
func (w *repWalker) applyEffects(e *ast.Expr, live []repLive) []repLive {
	var ef repElemFacts
	if e != nil && e.Kind == ast.Call && e.Elem != nil {
		ef = w.elemFacts(e.Elem)
	}
	if ef&repSuspending != 0 {
		return live[:0]
	}
	writes := valWriteVars(e)
	changesState := e.Kind != ast.Assign && ef&repStateNeutral == 0
	if len(writes) == 0 && !changesState {
		return live // nothing it does can drop a value
	}
	out := live[:0]
	for _, lv := range live {
		info := lv.info
		if !(info.readsOneOf(writes) || changesState && info.state) {
			out = append(out, lv)
		}
	}
	return out
}

// repConditionGroups returns the repeated values of a conditions block:
// the conditions are evaluated together, so every occurrence counts.
func repConditionGroups(w *repWalker, stmts []*ast.Statement) []*repGroup {
	occs := make([][]repOccurrence, len(stmts))
	for i, st := range stmts {
		if !st.Disabled && st.Body != nil {
			occs[i] = w.statement(st, i, true)
		}
	}
	return repConditionGroupsOf(occs)
}

// repConditionGroupsOf returns the repeated values of a conditions block
// given the occurrences of its statements.
func repConditionGroupsOf(occs [][]repOccurrence) []*repGroup {
	var order []*repGroup // few: searched linearly
	for _, stmtOccs := range occs {
		for _, o := range stmtOccs {
			var gr *repGroup
			for _, x := range order {
				if x.occ[0].info.key == o.info.key {
					gr = x
					break
				}
			}
			if gr == nil {
				gr = &repGroup{loop: -1}
				order = append(order, gr)
			}
			gr.occ = append(gr.occ, o)
			gr.count++
		}
	}
	var out []*repGroup
	for _, gr := range order {
		if gr.count >= 2 {
			out = append(out, gr)
		}
	}
	return out
}

// repForIterations returns the number of passes of a For loop with literal
// start, stop and step, and false otherwise.
func repForIterations(e *ast.Expr) (int, bool) {
	first := 1 // For Global Variable(V, start, stop, step)
	if valElemID(e) == "__forPlayerVariable__" {
		first = 2
	}
	if len(e.Args) < first+3 {
		return 0, false
	}
	var v [3]float64
	for i := range v {
		a := valUnparen(e.Args[first+i])
		if a.Kind != ast.Number {
			return 0, false
		}
		v[i] = a.Num
	}
	start, stop, step := v[0], v[1], v[2]
	var n float64
	switch {
	case step > 0 && stop > start:
		n = math.Ceil((stop - start) / step)
	case step < 0 && stop < start:
		n = math.Ceil((start - stop) / -step)
	default:
		return 0, false
	}
	if n > 1e6 {
		return 0, false
	}
	return int(n), true
}

// repLoopGroups returns the loop-invariant values of the For loops with
// literal bounds of an action list: expressions in the loop's body that
// read no variable the loop writes (its own variable included), and no
// game state when the loop holds an action that may change it, in loops
// without Wait, Wait Until, Call Subroutine or Start Rule. Outer loops
// come first.
func repLoopGroups(l *flowList, occs [][]repOccurrence) []*repGroup {
	var out []*repGroup
	for f := 0; f < l.len(); f++ {
		id := l.ids[f]
		if id != "__forGlobalVariable__" && id != "__forPlayerVariable__" || l.end[f] >= l.len() {
			continue
		}
		passes, ok := repForIterations(l.body(f))
		if !ok || passes < 2 {
			continue
		}
		writes := map[valVar]bool{}
		for _, v := range valWriteVars(l.body(f)) {
			writes[v] = true
		}
		changesState, suspends := false, false
		for q := f + 1; q < l.end[f]; q++ {
			e := l.body(q)
			for _, v := range valWriteVars(e) {
				writes[v] = true
			}
			suspends = suspends || valSuspending[l.ids[q]]
			changesState = changesState || e.Kind != ast.Assign && !valStateNeutral[l.ids[q]]
		}
		if suspends {
			continue
		}
		byKey := map[int32]*repGroup{}
		var order []*repGroup
		for q := f + 1; q < l.end[f]; q++ {
			i := l.idx[q]
			for _, o := range occs[i] {
				if o.reevaluated || o.info.readsAny(writes) || changesState && o.info.state {
					continue // a re-evaluated argument stays live: hoisting it would change it
				}
				gr := byKey[o.info.key]
				if gr == nil {
					gr = &repGroup{loop: l.idx[f], loopSpan: [2]int{l.idx[f], l.idx[l.end[f]]}}
					byKey[o.info.key] = gr
					order = append(order, gr)
				}
				gr.occ = append(gr.occ, o)
				gr.count += passes
			}
		}
		out = append(out, order...)
	}
	return out
}

// repKeepMaximal orders groups largest expression first (loop groups
// before the others) and drops a group when at most one of its
// occurrences lies outside the occurrences of the groups kept before it:
// caching the larger expression settles the smaller one.
func repKeepMaximal(groups []*repGroup) []*repGroup {
	slices.SortStableFunc(groups, func(a, b *repGroup) int {
		if (a.loop >= 0) != (b.loop >= 0) {
			if a.loop >= 0 {
				return -1
			}
			return 1
		}
		return b.occ[0].info.nodes - a.occ[0].info.nodes
	})
	var kept []*repGroup
	var covered []source.Span
	for _, gr := range groups {
		outside := 0
		for _, o := range gr.occ {
			in := false
			for _, c := range covered {
				if c.Start <= o.span.Start && o.span.End <= c.End {
					in = true
					break
				}
			}
			if !in {
				outside++
			}
		}
		need := 2 // an expression group must still repeat
		if gr.loop >= 0 {
			need = 1 // a loop repeats a single occurrence
		}
		if outside < need {
			continue
		}
		kept = append(kept, gr)
		for _, o := range gr.occ {
			covered = append(covered, o.span)
		}
	}
	return kept
}
