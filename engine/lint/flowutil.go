package lint

// This file holds the helpers of the control-flow rules: the enabled
// actions of a block with their If/While/For nesting, the action blocks
// of a program (rules and an actions-only payload), and whole-line
// deletion edits.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// flowUnit is one action list of the program: a rule's actions, or an
// actions-only payload (rule -1).
type flowUnit struct {
	rule  int
	block *ast.Block
}

// flowActionUnits returns every action list of the program that has
// actions (computed once per pass; callers must not change the slice).
func flowActionUnits(p *Pass) []flowUnit {
	p.units()
	return p.actionUnits
}

// flowUnitGraph returns the control-flow graph of an action list.
func flowUnitGraph(p *Pass, u flowUnit) *flow.Graph {
	return p.unitGraph(u)
}

// flowConditionUnits returns every conditions block: the rules' and a
// conditions-only payload's (rule -1), computed once per pass; callers
// must not change the slice.
func flowConditionUnits(p *Pass) []flowUnit {
	p.units()
	return p.conditionUnits
}

// flowList is the enabled actions of a block in order, matched as the
// flow package matches them: If with its Else If, Else and End, While and
// For with their End. Positions index the enabled actions; idx maps them
// back to the block's statements.
type flowList struct {
	stmts []*ast.Statement
	idx   []int
	ids   []string
	// pos maps a statement index to its position, or -1 when disabled.
	pos []int
	// end is, for an If, While or For, the position of its End, or n
	// when it has none.
	end []int
	// next is, for an If, Else If or Else, the position of the next Else
	// If or Else of the same If or its End, n when none.
	next []int
	// matched marks Else If and Else that belong to an If.
	matched []bool
}

func newFlowList(b *ast.Block, g *flow.Graph) *flowList {
	var l *flowList
	if g != nil {
		// The graph has the enabled actions and their element ids.
		actions, ids := g.Flat()
		m, n := len(b.Statements), len(actions)
		ints := make([]int, m+2*n) // pos, end and next share one array
		l = &flowList{stmts: b.Statements, idx: actions, ids: ids, pos: ints[:m:m]}
		for i := range l.pos {
			l.pos[i] = -1
		}
		for q, i := range actions {
			l.pos[i] = q
		}
		l.end, l.next = ints[m:m+n:m+n], ints[m+n:]
	} else {
		m := len(b.Statements)
		ints := make([]int, 4*m) // pos, idx, end and next share one array
		l = &flowList{stmts: b.Statements, pos: ints[:m:m], idx: ints[m : m : 2*m], ids: make([]string, 0, m)}
		for i, st := range b.Statements {
			l.pos[i] = -1
			if st.Disabled || st.Body == nil {
				continue
			}
			l.pos[i] = len(l.idx)
			l.idx = append(l.idx, i)
			l.ids = append(l.ids, valElemID(st.Body))
		}
		n := len(l.idx)
		l.end, l.next = ints[2*m:2*m+n:2*m+n], ints[3*m:3*m+n:3*m+n]
	}
	n := len(l.idx)
	l.matched = make([]bool, n)
	for p := range l.end {
		l.end[p], l.next[p] = n, n
	}
	var open, last []int
	for p, id := range l.ids {
		switch id {
		case "__if__":
			open, last = append(open, p), append(last, p)
		case "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			open, last = append(open, p), append(last, -1)
		case "__elif__", "__else__":
			if k := len(open) - 1; k >= 0 && l.ids[open[k]] == "__if__" {
				l.matched[p] = true
				l.next[last[k]] = p
				last[k] = p
			}
		case "__end__":
			if k := len(open) - 1; k >= 0 {
				l.end[open[k]] = p
				if last[k] >= 0 {
					l.next[last[k]] = p
				}
				open, last = open[:k], last[:k]
			}
		}
	}
	return l
}

// len returns the number of enabled actions.
func (l *flowList) len() int { return len(l.idx) }

// stmt returns the statement at position p.
func (l *flowList) stmt(p int) *ast.Statement { return l.stmts[l.idx[p]] }

// body returns the action at position p.
func (l *flowList) body(p int) *ast.Expr { return l.stmt(p).Body }

// isSkip reports whether the action at p is Skip or Skip If.
func (l *flowList) isSkip(p int) bool { return l.ids[p] == "__skip__" || l.ids[p] == "__skipIf__" }

// skipTarget returns the position a Skip or Skip If at p lands on when it
// jumps (n or more: past the last action), and false when its count is
// not a literal.
func (l *flowList) skipTarget(p int) (int, bool) {
	e := l.body(p)
	if len(e.Args) == 0 {
		return 0, false
	}
	c := valUnparen(e.Args[len(e.Args)-1])
	if c.Kind != ast.Number {
		return 0, false
	}
	n := int(c.Num)
	if n < 0 {
		n = 0
	}
	return p + 1 + n, true
}

// flowMayWait reports whether an action may suspend the rule: Wait,
// Wait Until, and Call Subroutine (the subroutine may wait).
func flowMayWait(id string) bool {
	return id == "wait" || id == "waitUntil" || id == "__callSubroutine__"
}

// flowIsLoop reports whether an action restarts the action list.
func flowIsLoop(id string) bool {
	switch id {
	case "loop", "__loopIf__", "__loopIfConditionIsTrue__", "__loopIfConditionIsFalse__":
		return true
	}
	return false
}

// flowBlockOf maps each statement index of g's actions to its graph
// block, -1 for statements outside every block.
func flowBlockOf(g *flow.Graph, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	for _, b := range g.Blocks {
		for _, a := range b.Actions {
			if a < n {
				out[a] = b.ID
			}
		}
	}
	return out
}

// flowPredCounts returns how many edges enter each block of g.
func flowPredCounts(g *flow.Graph) []int {
	return flowPredCountsInto(nil, g)
}

// flowPredCountsInto is flowPredCounts, reusing buf's array.
func flowPredCountsInto(buf []int, g *flow.Graph) []int {
	if cap(buf) < len(g.Blocks) {
		buf = make([]int, len(g.Blocks))
	}
	out := buf[:len(g.Blocks)]
	clear(out)
	for _, b := range g.Blocks {
		for _, s := range b.Succ {
			out[s]++
		}
	}
	return out
}

// flowLineDeletion returns the edit deleting span from text, widened to
// whole lines (indentation, a trailing // comment and the line break)
// when the span starts a line and ends one; otherwise the span alone and
// the blanks after it.
func flowLineDeletion(text string, span source.Span) source.Edit {
	start, end := span.Start, span.End
	ls := start
	for ls > 0 && (text[ls-1] == ' ' || text[ls-1] == '\t') {
		ls--
	}
	le := end
	for le < len(text) && (text[le] == ' ' || text[le] == '\t') {
		le++
	}
	if strings.HasPrefix(text[le:], "//") {
		if k := strings.IndexByte(text[le:], '\n'); k >= 0 {
			le += k
		} else {
			le = len(text)
		}
		if le > 0 && text[le-1] == '\r' {
			le--
		}
	}
	atLineStart := ls == 0 || text[ls-1] == '\n'
	atLineEnd := le == len(text) || text[le] == '\n' || text[le] == '\r'
	if atLineStart && atLineEnd {
		if strings.HasPrefix(text[le:], "\r\n") {
			le += 2
		} else if le < len(text) {
			le++
		}
		return source.Edit{Span: source.Span{Start: ls, End: le}}
	}
	end = span.End
	for end < len(text) && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return source.Edit{Span: source.Span{Start: start, End: end}}
}

// flowReachableBlocks returns, per block of g, whether a path from the entry
// reaches it.
func flowReachableBlocks(g *flow.Graph) []bool {
	return flowReachableBlocksInto(nil, g)
}

// flowReachableBlocksInto is flowReachableBlocks, reusing buf's array.
func flowReachableBlocksInto(buf []bool, g *flow.Graph) []bool {
	if cap(buf) < len(g.Blocks) {
		buf = make([]bool, len(g.Blocks))
	}
	seen := buf[:len(g.Blocks)]
	clear(seen)
	stack := []int{g.Entry}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !seen[b] {
			seen[b] = true
			stack = append(stack, g.Blocks[b].Succ...)
		}
	}
	return seen
}
