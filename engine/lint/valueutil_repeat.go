package lint

// This file finds the repeated values of repeated-value: the occurrences
// of each non-trivial expression along the paths of a rule's actions,
// cut wherever something may change the value, and the loop-invariant
// expressions of For loops with literal bounds.

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
)

// repMinNodes is the size from which a repeated expression is worth
// reporting: Distance Between(Event Player, Global.p) has 3 nodes;
// Position Of(Event Player) has 2. Arithmetic on variables and literals
// alone (Event Player.x / 10) counts from repMinArithmeticNodes: caching it
// costs more than repeating it.
const (
	repMinNodes           = 3
	repMinArithmeticNodes = 6
)

// repOperatorFunctions are the function forms of operators and variable
// reads (Add(a, b), Value In Array(a, i), Global Variable(x)): they count
// as arithmetic, not as values worth caching on their own.
var repOperatorFunctions = map[string]bool{
	"__add__": true, "__subtract__": true, "__multiply__": true, "__divide__": true, "__modulo__": true,
	"__raiseToPower__": true, "__and__": true, "__or__": true, "__not__": true, "__compare__": true,
	"__valueInArray__": true, "__ifThenElse__": true, "__globalVar__": true, "__playerVar__": true,
	"__number__": true,
}

// repInfo is what the analysis knows of one expression node.
type repInfo struct {
	key      string
	nodes    int
	volatile bool // see valFacts
	state    bool // may read game state: anything not built of literals
	literal  bool // literals and constant values only
	calls    bool // holds a value written with arguments (Position Of(…))
	reads    []string
}

func (v *repInfo) readsAny(vars map[string]bool) bool {
	for _, r := range v.reads {
		if vars[r] {
			return true
		}
	}
	return false
}

// repOccurrence is one evaluation site of a candidate expression.
type repOccurrence struct {
	expr *ast.Expr
	info *repInfo
	stmt int // the statement index in its block
	// reevaluated: the engine evaluates this site again on its own (a
	// While, Wait Until or Loop If condition, an argument of an action
	// that keeps re-evaluating, an Update Every Frame subtree, a rule
	// condition), so wrapping it in Evaluate Once would change it.
	reevaluated bool
}

// repWalker computes repInfo bottom-up and collects the candidate
// occurrences of one statement.
type repWalker struct {
	stmt int
	out  []repOccurrence
}

// walk returns e's info and records e and its subexpressions as
// occurrences when they qualify. Evaluate Once subtrees are left alone:
// wrapping is how a repetition is acknowledged.
func (w *repWalker) walk(e *ast.Expr, reeval bool) *repInfo {
	e = valUnparen(e)
	if e == nil {
		return &repInfo{key: "<nil>", volatile: true}
	}
	v := &repInfo{nodes: 1}
	var prefix string
	switch e.Kind {
	case ast.Number, ast.String, ast.Member:
		v.key, v.literal = ast.DumpExpr(e), true
		return v
	case ast.Name:
		v.key = ast.DumpExpr(e)
		return v
	case ast.Global:
		v.key, v.reads = ast.DumpExpr(e), []string{"g:" + e.Text}
		return v
	case ast.Bad:
		v.key, v.volatile = "bad", true
		return v
	case ast.Call:
		if e.Elem == nil {
			v.key, v.volatile = "unknown:"+strconv.Quote(e.Text), true
			return v
		}
		id := e.Elem.ID
		prefix = id
		switch {
		case id == "evalOnce":
			v.key, v.volatile = id, true
			return v
		case id == "updateEveryFrame":
			reeval = true
			v.volatile = true
		case valPerEvaluation[id], valIsCreatedID(id), id == "__currentArrayElement__",
			id == "__currentArrayIndex__", id == "localPlayer":
			v.volatile = true
		case id == "__globalVar__" && len(e.Args) > 0:
			v.reads = append(v.reads, "g:"+e.Args[0].Text)
		case id == "__playerVar__" && len(e.Args) > 1:
			v.reads = append(v.reads, "p:"+e.Args[1].Text)
		case valEventValues[id] != "", e.Elem.IsAction():
		case !e.Elem.Flags.IsConstant:
			v.state = true
		}
		v.literal = e.Elem.Flags.IsConstant && !v.volatile && !e.Elem.IsAction() && valEventValues[id] == ""
		v.calls = e.Parens && len(e.Args) > 0 && !repOperatorFunctions[id]
		if !e.Parens {
			v.key = prefix
			return v
		}
	case ast.Binary, ast.Assign:
		prefix, v.literal = e.Op.String(), true
	case ast.PlayerVar:
		prefix = "player-var." + e.Text
		v.reads = append(v.reads, "p:"+e.Text)
	case ast.Not, ast.Ternary, ast.Index:
		prefix, v.literal = e.Kind.String(), true
	default:
		prefix = e.Kind.String()
	}
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteByte('(')
	for i, a := range e.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		c := w.walk(a, reeval)
		b.WriteString(c.key)
		v.nodes += c.nodes
		v.volatile = v.volatile || c.volatile
		v.state = v.state || c.state
		v.literal = v.literal && c.literal
		v.calls = v.calls || c.calls
		v.reads = append(v.reads, c.reads...)
	}
	b.WriteByte(')')
	v.key = b.String()
	// A variable or an event value may hold a player, and a player
	// stands for its position in a vector slot (Distance Between(Event
	// Player, …), Event Player + Vector(…)): every value that is not built
	// of literals may read game state.
	v.state = v.state || !v.literal
	big := v.nodes >= repMinNodes && v.calls || v.nodes >= repMinArithmeticNodes
	if !v.volatile && !v.literal && big && !valIsTrivial(e) {
		w.out = append(w.out, repOccurrence{expr: e, info: v, stmt: w.stmt, reevaluated: reeval})
	}
	return v
}

// repStatementOccurrences returns the candidate occurrences of an action or
// condition. An assignment's target is not a read: only the player and
// index it names are evaluated.
func repStatementOccurrences(st *ast.Statement, stmt int, condition bool) []repOccurrence {
	w := &repWalker{stmt: stmt}
	e := st.Body
	switch {
	case condition:
		w.walk(e, true)
	case e.Kind == ast.Assign && len(e.Args) == 2:
		t := valUnparen(e.Args[0])
		if t.Kind == ast.Index && len(t.Args) == 2 {
			w.walk(t.Args[1], false)
			t = valUnparen(t.Args[0])
		}
		if t.Kind == ast.PlayerVar && len(t.Args) == 1 {
			w.walk(t.Args[0], false)
		}
		w.walk(e.Args[1], false)
	case e.Kind == ast.Call && e.Elem != nil:
		reeval := valReevaluating(e.Elem) || valReevaluatedArgs(e.Elem.ID)
		for _, a := range e.Args {
			w.walk(a, reeval)
		}
	}
	return w.out
}

// repGroup is the occurrences of one expression that evaluate to the
// same value: along a path, with nothing between them that may change it.
type repGroup struct {
	occ []repOccurrence
	// count is the most occurrences one path evaluates.
	count int
	// loop is the For loop statement, for an enclosing-loop group, or -1.
	loop     int
	loopSpan [2]int
}

type repLive struct {
	g *repGroup
	n int
}

// repActionGroups returns the groups of repeated values of an action list
// with count ≥ 2. Occurrences are chained along the extended basic blocks
// of the control-flow graph: a block with one predecessor continues its
// predecessor's state, any other block starts afresh. Wait, Wait Until,
// Call Subroutine and Start Rule clear the state; a variable write drops
// the values reading the variable; an action that may change game state
// drops the values reading game state.
func repActionGroups(g *flow.Graph, stmts []*ast.Statement) []*repGroup {
	preds := flowPredCounts(g)
	occs := make([][]repOccurrence, len(stmts))
	for i, st := range stmts {
		if !st.Disabled && st.Body != nil {
			occs[i] = repStatementOccurrences(st, i, false)
		}
	}
	var groups []*repGroup
	visited := make([]bool, len(g.Blocks))
	var visit func(b int, live map[string]repLive)
	visit = func(b int, live map[string]repLive) {
		if visited[b] {
			return
		}
		visited[b] = true
		for _, a := range g.Blocks[b].Actions {
			for _, o := range occs[a] {
				lv, ok := live[o.info.key]
				if !ok {
					lv = repLive{g: &repGroup{loop: -1}}
					groups = append(groups, lv.g)
				}
				lv.n++
				lv.g.occ = append(lv.g.occ, o)
				lv.g.count = max(lv.g.count, lv.n)
				live[o.info.key] = lv
			}
			repApplyEffects(stmts[a].Body, live)
		}
		var next []int
		for _, s := range g.Blocks[b].Succ {
			if preds[s] == 1 && s != g.Exit {
				next = append(next, s)
			}
		}
		for i, s := range next {
			m := live
			if i < len(next)-1 {
				m = make(map[string]repLive, len(live))
				for k, v := range live {
					m[k] = v
				}
			}
			visit(s, m)
		}
	}
	reach := flowReachableBlocks(g)
	visit(g.Entry, map[string]repLive{})
	for b := range g.Blocks {
		if preds[b] >= 2 && reach[b] {
			visit(b, map[string]repLive{})
		}
	}
	var out []*repGroup
	for _, gr := range groups {
		if gr.count >= 2 {
			out = append(out, gr)
		}
	}
	return out
}

// repApplyEffects drops from live the values an action may change.
func repApplyEffects(e *ast.Expr, live map[string]repLive) {
	id := valElemID(e)
	if valSuspending[id] {
		clear(live)
		return
	}
	writes := map[string]bool{}
	for _, v := range valWrites(e) {
		writes[v] = true
	}
	changesState := e.Kind != ast.Assign && !valStateNeutral[id]
	for k, lv := range live {
		info := lv.g.occ[0].info
		if info.readsAny(writes) || changesState && info.state {
			delete(live, k)
		}
	}
}

// repConditionGroups returns the repeated values of a conditions block:
// the conditions are evaluated together, so every occurrence counts.
func repConditionGroups(stmts []*ast.Statement) []*repGroup {
	byKey := map[string]*repGroup{}
	var order []*repGroup
	for i, st := range stmts {
		if st.Disabled || st.Body == nil {
			continue
		}
		for _, o := range repStatementOccurrences(st, i, true) {
			gr := byKey[o.info.key]
			if gr == nil {
				gr = &repGroup{loop: -1}
				byKey[o.info.key] = gr
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
func repLoopGroups(l *flowList) []*repGroup {
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
		writes := map[string]bool{}
		for _, v := range valWrites(l.body(f)) {
			writes[v] = true
		}
		changesState, suspends := false, false
		for q := f + 1; q < l.end[f]; q++ {
			e := l.body(q)
			for _, v := range valWrites(e) {
				writes[v] = true
			}
			suspends = suspends || valSuspending[l.ids[q]]
			changesState = changesState || e.Kind != ast.Assign && !valStateNeutral[l.ids[q]]
		}
		if suspends {
			continue
		}
		byKey := map[string]*repGroup{}
		var order []*repGroup
		for q := f + 1; q < l.end[f]; q++ {
			i := l.idx[q]
			for _, o := range repStatementOccurrences(l.stmts[i], i, false) {
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
	var covered []*ast.Expr
	for _, gr := range groups {
		outside := 0
		for _, o := range gr.occ {
			in := false
			for _, c := range covered {
				if c.Span.Start <= o.expr.Span.Start && o.expr.Span.End <= c.Span.End {
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
			covered = append(covered, o.expr)
		}
	}
	return kept
}
