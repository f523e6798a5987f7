package objects

// This file finds why a creation may run more than once: loops, rules
// whose event or conditions repeat, each-player rules, repeated calls.

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// siteReasons returns why action j of rule may run more than once.
func (f *finder) siteReasons(rule, j int) []Reason {
	out := f.loopReasons(rule, j)
	return append(out, f.ruleReasons(rule)...)
}

var loopActions = map[string]bool{"loop": true, "__loopIf__": true, "__loopIfConditionIsTrue__": true, "__loopIfConditionIsFalse__": true}

// blockOpen is an If, While or For whose block is open at an action;
// branched says an Else If or Else of it came before the action.
type blockOpen struct {
	at       int
	branched bool
}

// openAt returns the If, While and For actions whose blocks enclose
// action j, outer first. The scan goes on from the last action asked
// (the objects of a rule come in order); the slice is rf's, valid until
// the next call.
func (rf *ruleFlow) openAt(j int) []blockOpen {
	if j < rf.scanned {
		rf.scanned, rf.open = 0, rf.open[:0]
	}
	stack := rf.open
	i := rf.scanned
	for ; i < j && i < len(rf.ids); i++ {
		switch vocab.FlowOf(rf.ids[i]) {
		case vocab.FlowOpen:
			stack = append(stack, blockOpen{at: i})
		case vocab.FlowMiddle:
			if len(stack) > 0 {
				stack[len(stack)-1].branched = true
			}
		case vocab.FlowEnd:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	rf.scanned, rf.open = i, stack
	return stack
}

// loopReasons returns the While and For blocks enclosing action j, outer
// first, and a Loop that may run after it.
func (f *finder) loopReasons(rule, j int) []Reason {
	stmts := f.actions(rule)
	var out []Reason
	for _, o := range f.flowOf(rule).openAt(j) {
		i := o.at
		body := stmts[i].Body
		switch elemID(body) {
		case "__while__":
			r := Reason{Kind: InLoop, Text: "it is inside a While loop", Rule: rule, Action: i, Span: stmts[i].SpanOf(body)}
			if countingWhile(stmts, i) {
				r.Bounded = true
				r.Text = "it is inside a While loop counting up to a literal"
			}
			out = append(out, r)
		case "__forGlobalVariable__", "__forPlayerVariable__":
			// A For loop ends: it repeats the action a number of times per
			// run, fixed when its bounds are literals.
			text := "it is inside a For loop"
			if literalBounds(body) {
				text = "it is inside a For loop with literal bounds"
			}
			out = append(out, Reason{Kind: InLoop, Text: text, Rule: rule, Action: i, Span: stmts[i].SpanOf(body), Bounded: true})
		}
	}
	// A Loop reachable from the action restarts the actions.
	rf := f.flowGraph(rule)
	if j < 0 || j >= len(rf.blockOf) || rf.blockOf[j] < 0 {
		return out
	}
	start := rf.blockOf[j]
	reach := rf.reachFrom(start)
	for _, i := range rf.loops {
		b := rf.blockOf[i]
		if b < 0 || !reach[b] || (b == start && i < j && !rf.selfLoops(b)) {
			continue
		}
		st := stmts[i]
		out = append(out, Reason{Kind: RuleLoops, Rule: rule, Action: i, Span: st.SpanOf(st.Body),
			Text: fmt.Sprintf("the rule loops back to its first action (%s)", st.Body.Elem.English())})
		break
	}
	return out
}

func stmtBody(st *ast.Statement) *ast.Expr {
	if st == nil {
		return nil
	}
	return st.Body
}

// selfLoop reports whether block b can reach itself.
func selfLoop(g *flow.Graph, b int) bool {
	seen := map[int]bool{}
	stack := append([]int(nil), g.Blocks[b].Succ...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, g.Blocks[x].Succ...)
	}
	return false
}

// countingWhile reports whether the While at stmts[i] counts a variable up
// to a literal: While(v < N) (or <=, or N > v) whose body adds a positive
// literal to v (v += 1, Modify … Variable(v, Add, 1)). It runs a bounded
// number of times each time it is reached.
func countingWhile(stmts []*ast.Statement, i int) bool {
	args := stmts[i].Body.Args
	if len(args) == 0 {
		return false
	}
	c := args[0]
	for c.Kind == ast.Paren && len(c.Args) == 1 {
		c = c.Args[0]
	}
	if c.Kind != ast.Binary || len(c.Args) != 2 {
		return false
	}
	var counter *ast.Expr
	switch {
	case (c.Op == ast.OpLt || c.Op == ast.OpLe) && isLiteral(c.Args[1]):
		counter = c.Args[0]
	case (c.Op == ast.OpGt || c.Op == ast.OpGe) && isLiteral(c.Args[0]):
		counter = c.Args[1]
	default:
		return false
	}
	if counter.Kind != ast.Global && counter.Kind != ast.PlayerVar {
		return false
	}
	v, _ := varRef(counter)
	depth := 0
	for k := i + 1; k < len(stmts); k++ {
		e := stmtBody(stmts[k])
		switch vocab.FlowOf(elemID(e)) {
		case vocab.FlowOpen:
			depth++
			continue
		case vocab.FlowEnd:
			if depth == 0 {
				return false
			}
			depth--
			continue
		}
		if target, value, ok := assignment(e); ok && target == v && positiveLiteral(value) {
			if e.Kind == ast.Assign && e.Op == ast.OpAddAssign {
				return true
			}
			if e.Kind == ast.Call && strings.HasPrefix(e.Elem.ID, "__modify") {
				for _, a := range e.Args {
					if a.Kind == ast.Member && a.Member != nil && a.Member.ID == "__add__" {
						return true
					}
				}
			}
		}
	}
	return false
}

func positiveLiteral(e *ast.Expr) bool {
	return (e.Kind == ast.Number && e.Num > 0) || (elemID(e) == "true" && len(e.Args) == 0)
}

// literalBounds reports whether a For action's start, stop and step are
// number literals (its last three arguments).
func literalBounds(e *ast.Expr) bool {
	if len(e.Args) < 3 {
		return false
	}
	for _, a := range e.Args[len(e.Args)-3:] {
		if !isLiteral(a) {
			return false
		}
	}
	return true
}

func isLiteral(e *ast.Expr) bool {
	switch e.Kind {
	case ast.Number:
		return true
	case ast.Paren:
		return len(e.Args) == 1 && isLiteral(e.Args[0])
	case ast.Call:
		// True, False and Null stand for 1, 0 and 0 in OverPy's output.
		switch elemID(e) {
		case "true", "false", "null":
			return len(e.Args) == 0
		}
	}
	return false
}

// ruleReasons returns why rule as a whole may run more than once.
func (f *finder) ruleReasons(rule int) []Reason {
	if rule < 0 {
		return nil
	}
	if rs, ok := f.ruleMemo[rule]; ok {
		return rs
	}
	if f.inProgress[rule] {
		return nil // a recursive subroutine: its callers decide
	}
	f.inProgress[rule] = true
	rs := f.computeRuleReasons(rule)
	delete(f.inProgress, rule)
	f.ruleMemo[rule] = rs
	return rs
}

func (f *finder) computeRuleReasons(rule int) []Reason {
	r := f.s.Rules[rule]
	ev, line := eventOf(r)
	if ev == nil {
		return nil
	}
	var out []Reason
	switch ev.ID {
	case "global":
	case "eachPlayer":
		out = append(out, Reason{Kind: EachPlayer, Rule: rule, Action: -1, Span: line.Span, PerJoin: true,
			Text: "the rule runs once for every player who joins, and again when a player rejoins"})
	case "__subroutine__":
		return f.subroutineReasons(rule, r.Subroutine())
	default:
		return []Reason{{Kind: Event, Rule: rule, Action: -1, Span: line.Span, PerJoin: ev.ID == "playerJoined",
			Text: fmt.Sprintf("the rule runs each time the %s event happens", ev.English())}}
	}
	if c := varyingCondition(r); c != nil {
		reason := Reason{Kind: Conditions, Rule: rule, Action: -1, Span: c.SpanOf(c.Body),
			Text: "the rule's conditions can become true again"}
		if phaseOnly(r) {
			reason.Bounded = true
			reason.Text = "the rule's conditions, which test the game's phase, can become true again in each round"
		}
		out = append(out, reason)
	}
	return out
}

// phaseValues are the values telling the game's phase: they change a
// fixed number of times per round.
var phaseValues = map[string]bool{
	"isAssemblingHeroes": true, "isGameInProgress": true, "isInSetup": true,
	"isMatchBetweenRounds": true, "isMatchComplete": true, "isWaitingForPlayers": true,
}

// phaseOnly reports whether every enabled condition of r is built from
// constants and phase values only.
func phaseOnly(r *ast.Rule) bool {
	for _, st := range r.Conditions.Statements {
		if !st.Disabled && st.Body != nil && !constantOr(st.Body, phaseValues) {
			return false
		}
	}
	return true
}

// subroutineReasons returns why the subroutine rule runs more than once:
// several callers, or callers that repeat.
func (f *finder) subroutineReasons(rule int, name string) []Reason {
	var edges []flow.CallEdge
	for _, e := range f.calls {
		if e.Callee == name && e.Caller >= 0 {
			edges = append(edges, e)
		}
	}
	var out []Reason
	seen := map[string]bool{}
	if len(edges) > 1 {
		out = append(out, Reason{Kind: Calls, Rule: edges[0].Caller, Action: edges[0].Action, Span: edges[0].Span, Bounded: true,
			Text: fmt.Sprintf("subroutine %s is called from %d places", name, len(edges))})
	}
	for _, e := range edges {
		if e.Caller == rule {
			continue // a subroutine calling itself repeats through its callers
		}
		inner := f.siteReasons(e.Caller, e.Action)
		if len(inner) == 0 {
			continue
		}
		// The reason told is the strongest: unbounded before bounded, and
		// not per join before per join.
		first, rank, bounded, perJoin := inner[0], -1, true, true
		for _, x := range inner {
			r := 0
			if !x.Bounded {
				bounded = false
				perJoin = perJoin && x.PerJoin
				r = 1
				if !x.PerJoin {
					r = 2
				}
			}
			if r > rank {
				first, rank = x, r
			}
		}
		verb := "called"
		if e.Kind == flow.StartRule {
			verb = "started"
		}
		text := fmt.Sprintf("subroutine %s is %s from rule %q, where %s", name, verb, f.ruleName(e.Caller), first.Text)
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, Reason{Kind: Calls, Rule: e.Caller, Action: e.Action, Span: e.Span, Bounded: bounded,
			PerJoin: !bounded && perJoin, Text: text})
	}
	return out
}

// eventOf returns a rule's event and its line, or nil.
func eventOf(r *ast.Rule) (*vocab.Event, ast.EventLine) {
	if r.Event == nil {
		return nil, ast.EventLine{}
	}
	for _, l := range r.Event.Lines {
		if l.Kind == ast.EventLineEvent {
			if ev, ok := l.Ref.(*vocab.Event); ok {
				return ev, l
			}
		}
	}
	return nil, ast.EventLine{}
}

// varyingCondition returns the rule's first enabled condition that is not
// constant, or nil.
func varyingCondition(r *ast.Rule) *ast.Statement {
	if r.Conditions == nil {
		return nil
	}
	for _, st := range r.Conditions.Statements {
		if !st.Disabled && st.Body != nil && !constant(st.Body) {
			return st
		}
	}
	return nil
}

// constant reports whether e has the same value during a whole game:
// literals, and values the catalog marks constant applied to constants.
func constant(e *ast.Expr) bool { return constantOr(e, nil) }

// constantOr is constant, also accepting the values whose ids are in also.
func constantOr(e *ast.Expr, also map[string]bool) bool {
	switch e.Kind {
	case ast.Number, ast.String, ast.Member:
	case ast.Call:
		if e.Elem == nil || !(e.Elem.Flags.IsConstant || also[e.Elem.ID]) {
			return false
		}
	case ast.Binary, ast.Not, ast.Ternary, ast.Paren, ast.Index:
	default:
		return false
	}
	for _, a := range e.Args {
		if !constantOr(a, also) {
			return false
		}
	}
	return true
}
