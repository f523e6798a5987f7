package flow

// This file computes, for each enabled action, the actions that may run
// next, and groups the actions into basic blocks.

import (
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const exit = -1 // successor: the action list ends

// flatList is the enabled actions of a rule in order; positions are
// indices into it, idx maps them back to the rule's statements.
type flatList struct {
	idx []int
	ids []string // element id of each action ("" for assignments and unknown names)
	// stmts are the rule's statements: position p is stmts[idx[p]].
	stmts []*ast.Statement
	// end is, for an opener (If, While, For), the position of its End, or
	// len(idx) when it has none; for an Else If or Else, the End of its If.
	end []int
	// next is, for an If, Else If or Else, the position of the next Else
	// If or Else of the same If, or its End.
	next []int
	// matched marks Else If and Else that belong to an If.
	matched []bool
	// loop is, for Break and Continue, the position of the innermost
	// enclosing While or For, or -1.
	loop []int
	// opener is, for an End, the position of the block it closes, or -1.
	opener []int
}

// scratch holds the buffers a graph build uses and drops, for the next
// build to reuse.
type scratch struct {
	ints     []int
	bools    []bool
	open     []int
	lastLink []int
	out      [][]edge
	edges    []edge
	group    []int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// intsOf returns buf with length n, reallocated when too short; the
// contents are left to the caller to set.
func intsOf(buf []int, n int) []int {
	if cap(buf) < n {
		return make([]int, n, n+n/4)
	}
	return buf[:n]
}

func newFlatList(stmts []*ast.Statement, sc *scratch) *flatList {
	fl := &flatList{idx: make([]int, 0, len(stmts)), ids: make([]string, 0, len(stmts)), stmts: stmts}
	for i, st := range stmts {
		if st.Disabled || st.Body == nil {
			continue
		}
		fl.idx = append(fl.idx, i)
		id := ""
		if st.Body.Kind == ast.Call && st.Body.Elem != nil {
			id = st.Body.Elem.ID
		}
		fl.ids = append(fl.ids, id)
	}
	n := len(fl.idx)
	sc.ints = intsOf(sc.ints, 4*n) // the four tables share one array
	ints := sc.ints
	fl.end, fl.next, fl.loop, fl.opener = ints[:n:n], ints[n:2*n:2*n], ints[2*n:3*n:3*n], ints[3*n:4*n:4*n]
	for p := range n {
		fl.end[p], fl.next[p], fl.loop[p], fl.opener[p] = n, n, -1, -1
	}
	if cap(sc.bools) < n {
		sc.bools = make([]bool, n, n+n/4)
	}
	fl.matched = sc.bools[:n]
	clear(fl.matched)
	open := sc.open[:0]         // openers
	lastLink := sc.lastLink[:0] // per open If: the last chain element (If, Else If, Else)
	defer func() { sc.open, sc.lastLink = open[:0], lastLink[:0] }()
	for p, id := range fl.ids {
		switch id {
		case "__if__":
			open = append(open, p)
			lastLink = append(lastLink, p)
		case "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			open = append(open, p)
			lastLink = append(lastLink, -1)
		case "__elif__", "__else__":
			if k := len(open) - 1; k >= 0 && fl.ids[open[k]] == "__if__" {
				fl.matched[p] = true
				fl.next[lastLink[k]] = p
				lastLink[k] = p
			}
		case "__end__":
			if k := len(open) - 1; k >= 0 {
				fl.opener[p] = open[k]
				fl.end[open[k]] = p
				if lastLink[k] >= 0 {
					fl.next[lastLink[k]] = p
				}
				open, lastLink = open[:k], lastLink[:k]
			}
		case "break", "continue":
			for k := len(open) - 1; k >= 0; k-- {
				if fl.ids[open[k]] != "__if__" {
					fl.loop[p] = open[k]
					break
				}
			}
		}
	}
	// Else If and Else share their If's End.
	for p := range fl.ids {
		if fl.ids[p] == "__if__" {
			for q := fl.next[p]; q < n && fl.matched[q]; q = fl.next[q] {
				fl.end[q] = fl.end[p]
			}
		}
	}
	return fl
}

// edge is a successor; fall marks falling through to the next action (as
// opposed to jumping).
type edge struct {
	to   int
	fall bool
}

// successors returns each position's successors.
func (fl *flatList) successors(sc *scratch) [][]edge {
	n := len(fl.ids)
	pos := func(p int) int {
		if p >= n {
			return exit
		}
		return p
	}
	after := func(p int) int { // the position after p's End
		if p >= n {
			return exit
		}
		return pos(p + 1)
	}
	if cap(sc.out) < n {
		sc.out = make([][]edge, n, n+n/4)
	}
	out := sc.out[:n]
	clear(out)
	// The edges of all positions share one array: most have one or two.
	buf := sc.edges[:0]
	if cap(buf) < 2*n {
		buf = make([]edge, 0, 2*n+n/2)
	}
	defer func() { sc.edges = buf[:0] }()
	set := func(p int, e ...edge) {
		start := len(buf)
		buf = append(buf, e...)
		out[p] = buf[start:len(buf):len(buf)]
	}
	for p, id := range fl.ids {
		next := edge{pos(p + 1), true}
		switch id {
		case "__if__":
			set(p, next, edge{pos(fl.next[p]), false})
		case "__elif__":
			if fl.matched[p] {
				set(p, next, edge{pos(fl.next[p]), false})
			} else {
				set(p, next)
			}
		case "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			set(p, next, edge{after(fl.end[p]), false})
		case "__end__":
			if o := fl.opener[p]; o >= 0 && fl.ids[o] != "__if__" {
				set(p, edge{o, false})
			} else {
				set(p, next)
			}
		case "break":
			if l := fl.loop[p]; l >= 0 {
				set(p, edge{after(fl.end[l]), false})
			} else {
				set(p, edge{exit, false})
			}
		case "continue":
			if l := fl.loop[p]; l >= 0 {
				set(p, edge{pos(fl.end[l]), false})
			} else {
				set(p, edge{exit, false})
			}
		case "loop":
			set(p, edge{0, false})
		case "__loopIf__", "__loopIfConditionIsTrue__", "__loopIfConditionIsFalse__":
			set(p, next, edge{0, false})
		case "return":
			set(p, edge{exit, false})
		case "__abortIf__", "__abortIfConditionIsTrue__", "__abortIfConditionIsFalse__":
			set(p, next, edge{exit, false})
		case "__skip__", "__skipIf__":
			out[p] = fl.skip(p, next)
		case "wait":
			if st := fl.stmts[fl.idx[p]].Body; len(st.Args) > 1 && st.Args[1].Kind == ast.Member && st.Args[1].Member.ID == "ABORT_WHEN_FALSE" {
				set(p, next, edge{exit, false})
			} else {
				set(p, next)
			}
		default:
			set(p, next)
		}
	}
	// Falling into an Else If or Else ends a branch: execution continues
	// after the If's End.
	for p := range out {
		for i, e := range out[p] {
			if e.fall && e.to >= 0 && fl.matched[e.to] {
				out[p][i] = edge{after(fl.end[e.to]), false}
			}
		}
	}
	return out
}

// skip returns the successors of Skip(n) or Skip If(c, n): the action n
// places on (flat, counting every action), or, when n is not a literal,
// any later action.
func (fl *flatList) skip(p int, next edge) []edge {
	e := fl.stmts[fl.idx[p]].Body
	countArg := 0
	if fl.ids[p] == "__skipIf__" {
		countArg = 1
	}
	var out []edge
	if fl.ids[p] == "__skipIf__" {
		out = append(out, next)
	}
	if countArg < len(e.Args) && e.Args[countArg].Kind == ast.Number {
		n := int(e.Args[countArg].Num)
		if n < 0 {
			n = 0
		}
		to := p + 1 + n
		if to >= len(fl.ids) {
			to = exit
		}
		return append(out, edge{to, false})
	}
	for q := p + 1; q < len(fl.ids); q++ {
		out = append(out, edge{q, false})
	}
	return append(out, edge{exit, false})
}

// group turns per-action successors into basic blocks.
func group(stmts []*ast.Statement, fl *flatList, succ [][]edge, sc *scratch) *Graph {
	n := len(fl.ids)
	g := &Graph{}
	g.Entry, g.Exit = 0, 1
	// The leaders take the array of fl.matched, which successors was the
	// last to read.
	leader := sc.bools[:n]
	clear(leader)
	if n > 0 {
		leader[0] = true
	}
	for p := range succ {
		if kindOf(fl.ids[p]) != Basic {
			leader[p] = true
			if p+1 < n {
				leader[p+1] = true
			}
		}
		if len(succ[p]) != 1 || !succ[p][0].fall {
			if p+1 < n {
				leader[p+1] = true
			}
		}
		for _, e := range succ[p] {
			if e.to >= 0 && !(e.fall && len(succ[p]) == 1) {
				leader[e.to] = true
			}
		}
		if fl.ids[p] == "__skip__" || fl.ids[p] == "__skipIf__" {
			if e := fl.stmts[fl.idx[p]].Body; len(e.Args) == 0 || e.Args[len(e.Args)-1].Kind != ast.Number {
				g.Dynamic = true
			}
		}
	}
	blocks := 2
	for p := range n {
		if leader[p] {
			blocks++
		}
	}
	g.Blocks = make([]Block, 2, blocks)
	g.Blocks[0], g.Blocks[1] = Block{ID: 0, Kind: Entry}, Block{ID: 1, Kind: Exit}
	sc.group = intsOf(sc.group, n+blocks)
	blockOf := sc.group[:n:n]
	lastPos := sc.group[n : n : n+blocks] // per block after Entry and Exit: its last position
	// A block's actions are a run of the positions' statement indices:
	// the blocks share one array, each capped at its end.
	actions := append([]int(nil), fl.idx...)
	for p := 0; p < n; {
		b := Block{ID: len(g.Blocks), Kind: kindOf(fl.ids[p])}
		q := p
		for {
			blockOf[q] = b.ID
			q++
			if q >= n || leader[q] || b.Kind != Basic {
				break
			}
		}
		b.Actions = actions[p:q:q]
		b.Span = source.Span{Start: stmts[fl.idx[p]].Span.Start, End: stmts[fl.idx[q-1]].Span.End}
		g.Blocks = append(g.Blocks, b)
		lastPos = append(lastPos, q-1)
		p = q
	}
	target := func(p int) int {
		if p == exit {
			return g.Exit
		}
		return blockOf[p]
	}
	if n == 0 {
		g.Blocks[g.Entry].Succ = []int{g.Exit}
		return g
	}
	g.Blocks[g.Entry].Succ = []int{blockOf[0]}
	// The successors of all blocks share one array, each capped at its
	// end.
	all := make([]int, 0, 2*len(g.Blocks))
	for i := 2; i < len(g.Blocks); i++ {
		b := &g.Blocks[i]
		start := len(all)
		for _, e := range succ[lastPos[i-2]] {
			t := target(e.to)
			dup := false
			for _, s := range all[start:] {
				dup = dup || s == t
			}
			if !dup {
				all = append(all, t)
			}
		}
		if len(all) > start {
			b.Succ = all[start:len(all):len(all)]
		}
	}
	return g
}

func kindOf(id string) BlockKind {
	switch id {
	case "__if__", "__elif__":
		return If
	case "__while__":
		return While
	case "__forGlobalVariable__", "__forPlayerVariable__":
		return For
	}
	return Basic
}
