package objects

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Find returns the persistent objects s creates: one Object per enabled
// creating action of an enabled rule (or of an actions-only payload), in
// text order. It never fails and never changes the tree.
func Find(s *ast.Script) []Object {
	f := newFinder(s)
	var out []Object
	for _, rule := range f.ruleIndices() {
		for j, st := range f.actions(rule) {
			spec := creates(st)
			if spec == nil {
				continue
			}
			o := Object{Kind: spec.Kind, Element: spec.Create, Rule: rule, Action: j, Span: st.Body.Span}
			o.Repeats = f.siteReasons(rule, j)
			if len(o.Repeats) > 0 {
				if g := f.guard(rule, j); g != nil {
					o.Guard = g
					o.Repeats = nil
					if g.Player {
						o.Repeats = []Reason{{Kind: Guarded, Rule: rule, Action: j, Span: o.Span, PerJoin: true,
							Text: fmt.Sprintf("it runs once per player, guarded by %s", g)}}
					}
				}
			}
			o.Kept = f.kept(rule, j, spec)
			o.Destroys = f.destroys(spec, o.Kept)
			if spec.Duration >= 0 && spec.Duration < len(st.Body.Args) {
				if a := st.Body.Args[spec.Duration]; a.Kind == ast.Number {
					o.Duration, o.HasDuration = a.Num, true
				}
			}
			out = append(out, o)
		}
	}
	return out
}

type finder struct {
	s *ast.Script
	// calls are the enabled Call Subroutine and Start Rule actions.
	calls []flow.CallEdge
	// subRules maps a subroutine's name to its enabled defining rules.
	subRules map[string][]int
	graphs   map[int]*flow.Graph
	// destroySites are the enabled destroying actions.
	destroySites []destroySite
	// flows maps a variable to the variables assigned from values that
	// read it.
	flows map[Variable][]Variable
	// setOnce tells, per variable written, whether every write sets it to
	// a constant true value.
	setOnce map[Variable]bool

	ruleMemo   map[int][]Reason
	inProgress map[int]bool
}

type destroySite struct {
	Destroy
	kind Kind
	id   *ast.Expr // the id argument, for ByID
}

func newFinder(s *ast.Script) *finder {
	f := &finder{s: s, subRules: map[string][]int{}, graphs: map[int]*flow.Graph{},
		flows: map[Variable][]Variable{}, setOnce: map[Variable]bool{}, ruleMemo: map[int][]Reason{}, inProgress: map[int]bool{}}
	for _, e := range flow.CallGraph(s) {
		if !e.Disabled {
			f.calls = append(f.calls, e)
		}
	}
	for name, rules := range flow.SubroutineRules(s) {
		for _, i := range rules {
			if !s.Rules[i].Disabled {
				f.subRules[name] = append(f.subRules[name], i)
			}
		}
	}
	for _, rule := range f.ruleIndices() {
		for j, st := range f.actions(rule) {
			if st == nil {
				continue
			}
			id := elemID(st.Body)
			for _, d := range destroyers[id] {
				site := destroySite{Destroy: Destroy{How: d.how, Element: id, Rule: rule, Action: j, Span: st.Body.Span}, kind: d.kind}
				if d.how == ByID && len(st.Body.Args) > 0 {
					site.id = st.Body.Args[0]
				}
				f.destroySites = append(f.destroySites, site)
			}
			f.noteWrite(st.Body)
			if target, value, ok := assignment(st.Body); ok {
				for _, v := range varsIn(value) {
					if v != target {
						f.flows[v] = append(f.flows[v], target)
					}
				}
			}
		}
	}
	return f
}

// ruleIndices returns the enabled rules' indices, then -1 when the script
// is an actions payload.
func (f *finder) ruleIndices() []int {
	var out []int
	for i, r := range f.s.Rules {
		if !r.Disabled {
			out = append(out, i)
		}
	}
	if f.s.Actions != nil {
		out = append(out, -1)
	}
	return out
}

// actions returns the statements of rule's actions block (the payload's
// for -1), with disabled and empty statements replaced by nil so that
// indices stay those of the block.
func (f *finder) actions(rule int) []*ast.Statement {
	var b *ast.Block
	if rule < 0 {
		b = f.s.Actions
	} else {
		b = f.s.Rules[rule].Actions
	}
	if b == nil {
		return nil
	}
	out := make([]*ast.Statement, len(b.Statements))
	for i, st := range b.Statements {
		if !st.Disabled && st.Body != nil {
			out[i] = st
		}
	}
	return out
}

func (f *finder) graph(rule int) *flow.Graph {
	if g, ok := f.graphs[rule]; ok {
		return g
	}
	var g *flow.Graph
	if rule < 0 {
		g = flow.BuildActions(f.s.Actions.Statements)
	} else {
		g = flow.Build(f.s.Rules[rule])
	}
	f.graphs[rule] = g
	return g
}

func (f *finder) ruleName(rule int) string {
	if rule < 0 {
		return ""
	}
	return f.s.Rules[rule].Name
}

// elemID returns the element id of a call, or "".
func elemID(e *ast.Expr) string {
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return ""
	}
	return e.Elem.ID
}

// creates returns the spec of the object st creates, or nil (also for nil
// statements).
func creates(st *ast.Statement) *Spec {
	if st == nil {
		return nil
	}
	return byCreate[elemID(st.Body)]
}

// ---- kept ids ----

// kept finds where the id of the object created by action j of rule is
// read: on some control-flow path from the creation, before an action
// creating another object that sets the same Last … value. When the rule
// runs again (its event or conditions repeat), the path goes on from the
// end of the actions to their start.
func (f *finder) kept(rule, j int, spec *Spec) *Keep {
	k, _ := f.scanKeep(rule, j, spec, true, len(f.ruleReasons(rule)) > 0)
	if k != nil || rule < 0 {
		return k
	}
	// An object created in a subroutine: its caller may read the id after
	// the call returns.
	name := subroutineOf(f.s.Rules[rule])
	if name == "" {
		return nil
	}
	for _, e := range f.calls {
		if e.Callee != name || e.Kind != flow.CallSubroutine || e.Caller < 0 || e.Caller == rule {
			continue
		}
		if k, _ := f.scanKeep(e.Caller, e.Action, spec, false, false); k != nil {
			k.Subroutine = name
			return k
		}
	}
	return nil
}

// scanKeep follows the control flow of rule from after action from (from
// the entry when from is -1) and returns the first read of spec's Last …
// ID value found before an action creating another object that sets the
// same value. It looks into subroutines called on the way when deep is
// set; wrap continues from the entry at the exit. overwritten reports
// that some path met such a creation.
func (f *finder) scanKeep(rule, from int, spec *Spec, deep, wrap bool) (k *Keep, overwritten bool) {
	stmts := f.actions(rule)
	g := f.graph(rule)
	type item struct{ block, pos int }
	var queue []item
	seen := make([]bool, len(g.Blocks))
	if from < 0 {
		queue = append(queue, item{g.Entry, 0})
	} else {
		for _, b := range g.Blocks {
			for p, a := range b.Actions {
				if a == from {
					queue = append(queue, item{b.ID, p + 1})
				}
			}
		}
	}
	wrapped := false
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		b := g.Blocks[it.block]
		stopped := false
		for _, a := range b.Actions[min(it.pos, len(b.Actions)):] {
			st := stmts[a]
			if st == nil {
				continue
			}
			if read := findCall(st.Body, spec.LastID); read != nil {
				k := &Keep{Rule: rule, Action: a, Span: read.Span}
				if target, value, ok := assignment(st.Body); ok && contains(value.Span, read.Span) {
					k.Variable = &target
				}
				return k, overwritten
			}
			if other := creates(st); other != nil && other.LastID == spec.LastID {
				overwritten, stopped = true, true
				break
			}
			if deep && elemID(st.Body) == "__callSubroutine__" && len(st.Body.Args) > 0 && st.Body.Args[0].Kind == ast.Name {
				name := st.Body.Args[0].Text
				for _, sr := range f.subRules[name] {
					if sr == rule {
						continue
					}
					k, over := f.scanKeep(sr, -1, spec, false, false)
					if k != nil {
						k.Subroutine = name
						return k, overwritten
					}
					if over {
						overwritten, stopped = true, true
					}
				}
				if stopped {
					break
				}
			}
		}
		if stopped {
			continue
		}
		succ := b.Succ
		if b.ID == g.Exit && wrap && !wrapped {
			wrapped, succ = true, []int{g.Entry}
		}
		for _, s := range succ {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, item{s, 0})
			}
		}
	}
	return nil, overwritten
}

// findCall returns the first call of the element with id inside e.
func findCall(e *ast.Expr, id string) *ast.Expr {
	var found *ast.Expr
	ast.Inspect(e, func(x *ast.Expr) bool {
		if found != nil {
			return false
		}
		if x.Kind == ast.Call && x.Elem != nil && x.Elem.ID == id {
			found = x
			return false
		}
		return true
	})
	return found
}

func contains(outer, inner source.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// assignIDs are the actions that set or modify a variable from a value
// (their last argument).
var assignIDs = map[string]bool{
	"__setGlobalVariable__": true, "__setGlobalVariableAtIndex__": true,
	"__modifyGlobalVariable__": true, "__modifyGlobalVariableAtIndex__": true,
	"__setPlayerVariable__": true, "__setPlayerVariableAtIndex__": true,
	"__modifyPlayerVariable__": true, "__modifyPlayerVariableAtIndex__": true,
}

// assignment returns the variable an action assigns and the value it
// assigns from: Global.x = v, P.x[i] += v, Set Global Variable(x, v),
// Modify Player Variable(P, x, Append To Array, v), ….
func assignment(e *ast.Expr) (target Variable, value *ast.Expr, ok bool) {
	if e == nil {
		return Variable{}, nil, false
	}
	if e.Kind == ast.Assign && len(e.Args) == 2 {
		t := e.Args[0]
		if t.Kind == ast.Index && len(t.Args) == 2 {
			t = t.Args[0]
		}
		switch t.Kind {
		case ast.Global:
			return Variable{Name: t.Text}, e.Args[1], true
		case ast.PlayerVar:
			return Variable{Player: true, Name: t.Text}, e.Args[1], true
		}
		return Variable{}, nil, false
	}
	if e.Kind != ast.Call || e.Elem == nil || !assignIDs[e.Elem.ID] || len(e.Args) < 2 {
		return Variable{}, nil, false
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			return Variable{Name: a.Text}, e.Args[len(e.Args)-1], true
		case vocab.IdentPlayerVariable:
			return Variable{Player: true, Name: a.Text}, e.Args[len(e.Args)-1], true
		}
	}
	return Variable{}, nil, false
}

// varsIn returns the variables e reads, in order, without repeats.
func varsIn(e *ast.Expr) []Variable {
	var out []Variable
	seen := map[Variable]bool{}
	add := func(v Variable) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	ast.Inspect(e, func(x *ast.Expr) bool {
		switch x.Kind {
		case ast.Global:
			add(Variable{Name: x.Text})
		case ast.PlayerVar:
			add(Variable{Player: true, Name: x.Text})
		case ast.Call:
			if x.Elem == nil || len(x.Args) == 0 {
				break
			}
			switch x.Elem.ID {
			case "__globalVar__":
				if x.Args[0].Kind == ast.Name {
					add(Variable{Name: x.Args[0].Text})
				}
			case "__playerVar__":
				if len(x.Args) > 1 && x.Args[1].Kind == ast.Name {
					add(Variable{Player: true, Name: x.Args[1].Text})
				}
			}
		}
		return true
	})
	return out
}

// ---- destroys ----

// destroys returns the actions that may destroy an object of spec's kind
// kept as k.
func (f *finder) destroys(spec *Spec, k *Keep) []Destroy {
	var holders map[Variable]bool
	if k != nil && k.Variable != nil {
		holders = f.holders(*k.Variable)
	}
	var out []Destroy
	for _, site := range f.destroySites {
		if site.kind != spec.Kind {
			continue
		}
		switch site.How {
		case All, BySlot:
			out = append(out, site.Destroy)
		case ByID:
			if k == nil || site.id == nil {
				continue
			}
			if contains(site.Span, k.Span) {
				out = append(out, site.Destroy)
				continue
			}
			for _, v := range varsIn(site.id) {
				if holders[v] {
					d := site.Destroy
					d.Variable = &v
					out = append(out, d)
					break
				}
			}
		}
	}
	return out
}

// holders returns v and the variables assigned, directly or through
// others, from values that read v: the variables that may hold the ids v
// holds.
func (f *finder) holders(v Variable) map[Variable]bool {
	seen := map[Variable]bool{v: true}
	queue := []Variable{v}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range f.flows[x] {
			if !seen[y] {
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	return seen
}

// ---- repetition ----

// siteReasons returns why action j of rule may run more than once.
func (f *finder) siteReasons(rule, j int) []Reason {
	out := f.loopReasons(rule, j)
	return append(out, f.ruleReasons(rule)...)
}

var loopActions = map[string]bool{"loop": true, "__loopIf__": true, "__loopIfConditionIsTrue__": true, "__loopIfConditionIsFalse__": true}

// openers returns the If, While and For actions whose blocks enclose
// action j, outer first.
func openers(stmts []*ast.Statement, j int) []int {
	var open []int
	for i := 0; i < j && i < len(stmts); i++ {
		switch elemID(stmtBody(stmts[i])) {
		case "__if__", "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			open = append(open, i)
		case "__end__":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	return open
}

// loopReasons returns the While and For blocks enclosing action j, outer
// first, and a Loop that may run after it.
func (f *finder) loopReasons(rule, j int) []Reason {
	stmts := f.actions(rule)
	open := openers(stmts, j)
	var out []Reason
	for _, i := range open {
		body := stmts[i].Body
		switch elemID(body) {
		case "__while__":
			r := Reason{Kind: InLoop, Text: "it is inside a While loop", Rule: rule, Action: i, Span: body.Span}
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
			out = append(out, Reason{Kind: InLoop, Text: text, Rule: rule, Action: i, Span: body.Span, Bounded: true})
		}
	}
	// A Loop reachable from the action restarts the actions.
	g := f.graph(rule)
	blockOf := map[int]int{}
	for _, b := range g.Blocks {
		for _, a := range b.Actions {
			blockOf[a] = b.ID
		}
	}
	start, ok := blockOf[j]
	if !ok {
		return out
	}
	reach := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.Blocks[b].Succ {
			if !reach[s] {
				reach[s] = true
				stack = append(stack, s)
			}
		}
	}
	for i, st := range stmts {
		if st == nil || !loopActions[elemID(st.Body)] {
			continue
		}
		b, ok := blockOf[i]
		if !ok || !reach[b] || (b == start && i < j && !selfLoop(g, b)) {
			continue
		}
		out = append(out, Reason{Kind: RuleLoops, Rule: rule, Action: i, Span: st.Body.Span,
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
		switch elemID(e) {
		case "__if__", "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			depth++
			continue
		case "__end__":
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
		return f.subroutineReasons(rule, subroutineOf(r))
	default:
		return []Reason{{Kind: Event, Rule: rule, Action: -1, Span: line.Span, PerJoin: ev.ID == "playerJoined",
			Text: fmt.Sprintf("the rule runs each time the %s event happens", ev.English())}}
	}
	if c := varyingCondition(r); c != nil {
		reason := Reason{Kind: Conditions, Rule: rule, Action: -1, Span: c.Body.Span,
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

// subroutineOf returns the name of the subroutine a rule defines, or "".
func subroutineOf(r *ast.Rule) string {
	if r.Event == nil {
		return ""
	}
	for _, l := range r.Event.Lines {
		if l.Kind == ast.EventLineSubroutine {
			return l.Text
		}
	}
	return ""
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

// ---- once guards ----

// guard returns the variable of a once-guard of action j of rule: a test
// that the variable is false (a rule condition, or the If whose first
// branch holds the action), where the rule sets the variable after the
// action and every write of it in the program sets it to a constant true
// value. Once set, the test fails for good, so the action runs at most
// once (per player, for a player variable).
func (f *finder) guard(rule, j int) *Variable {
	if rule < 0 {
		return nil
	}
	var tests []*ast.Expr
	if c := f.s.Rules[rule].Conditions; c != nil {
		for _, st := range c.Statements {
			if !st.Disabled && st.Body != nil {
				tests = append(tests, st.Body)
			}
		}
	}
	stmts := f.actions(rule)
	for _, i := range firstBranchIfs(stmts, j) {
		if args := stmts[i].Body.Args; len(args) > 0 {
			tests = append(tests, args[0])
		}
	}
	for _, t := range tests {
		for _, v := range falseTests(t) {
			if !f.setOnce[v] {
				continue
			}
			for k := j + 1; k < len(stmts); k++ {
				if target, _, ok := assignment(stmtBody(stmts[k])); ok && target == v {
					return &v
				}
			}
		}
	}
	return nil
}

// firstBranchIfs returns the If actions enclosing action j whose first
// branch (before any Else If or Else) holds it.
func firstBranchIfs(stmts []*ast.Statement, j int) []int {
	type open struct {
		at       int
		branched bool
	}
	var stack []open
	for i := 0; i < j && i < len(stmts); i++ {
		switch elemID(stmtBody(stmts[i])) {
		case "__if__", "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			stack = append(stack, open{at: i})
		case "__elif__", "__else__":
			if len(stack) > 0 {
				stack[len(stack)-1].branched = true
			}
		case "__end__":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	var out []int
	for _, o := range stack {
		if !o.branched && elemID(stmts[o.at].Body) == "__if__" {
			out = append(out, o.at)
		}
	}
	return out
}

// falseTests returns the variables e tests to be false: !v, v == False
// (or 0, Null), v != True, and their conjunctions; v may be indexed or
// under First Of.
func falseTests(e *ast.Expr) []Variable {
	for e.Kind == ast.Paren && len(e.Args) == 1 {
		e = e.Args[0]
	}
	switch {
	case e.Kind == ast.Binary && e.Op == ast.OpAnd, elemID(e) == "__and__":
		var out []Variable
		for _, a := range e.Args {
			out = append(out, falseTests(a)...)
		}
		return out
	case e.Kind == ast.Not, elemID(e) == "__not__":
		if len(e.Args) == 1 {
			if v, ok := varRef(e.Args[0]); ok {
				return []Variable{v}
			}
		}
	case e.Kind == ast.Binary && (e.Op == ast.OpEq || e.Op == ast.OpNe) && len(e.Args) == 2:
		want := falsy
		if e.Op == ast.OpNe {
			want = isTrueLiteral
		}
		for i := range 2 {
			if want(e.Args[1-i]) {
				if v, ok := varRef(e.Args[i]); ok {
					return []Variable{v}
				}
			}
		}
	}
	return nil
}

// varRef returns the variable e reads as a whole value: v, v[i], First
// Of(v), in parentheses.
func varRef(e *ast.Expr) (Variable, bool) {
	for {
		switch {
		case e.Kind == ast.Paren && len(e.Args) == 1, e.Kind == ast.Index && len(e.Args) == 2,
			elemID(e) == "__firstOf__" && len(e.Args) == 1:
			e = e.Args[0]
			continue
		case e.Kind == ast.Global:
			return Variable{Name: e.Text}, true
		case e.Kind == ast.PlayerVar:
			return Variable{Player: true, Name: e.Text}, true
		}
		return Variable{}, false
	}
}

func falsy(e *ast.Expr) bool {
	switch {
	case e.Kind == ast.Number:
		return e.Num == 0
	case e.Kind == ast.Call:
		id := elemID(e)
		return (id == "false" || id == "null") && len(e.Args) == 0
	}
	return false
}

func isTrueLiteral(e *ast.Expr) bool {
	switch {
	case e.Kind == ast.Number:
		return e.Num != 0
	case e.Kind == ast.Call:
		return elemID(e) == "true" && len(e.Args) == 0
	}
	return false
}

// noteWrite records in f.setOnce whether every write of a variable seen so
// far sets it to a constant true value.
func (f *finder) noteWrite(e *ast.Expr) {
	if target, value, ok := assignment(e); ok {
		plain := (e.Kind == ast.Assign && e.Op == ast.OpAssign) ||
			(e.Kind == ast.Call && strings.HasPrefix(e.Elem.ID, "__set"))
		f.noteSet(target, plain && isTrueLiteral(value))
		return
	}
	// Any other action naming a variable (Modify through assignment
	// above, For, Chase, Stop Chasing) changes it otherwise.
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			f.noteSet(Variable{Name: a.Text}, false)
		case vocab.IdentPlayerVariable:
			f.noteSet(Variable{Player: true, Name: a.Text}, false)
		}
	}
}

func (f *finder) noteSet(v Variable, once bool) {
	prev, seen := f.setOnce[v]
	f.setOnce[v] = once && (!seen || prev)
}
