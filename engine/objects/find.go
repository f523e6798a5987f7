package objects

import (
	"fmt"
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Find returns the persistent objects s creates: one Object per enabled
// creating action of an enabled rule (or of an actions-only payload), in
// text order. It never fails and never changes the tree.
func Find(s *ast.Script) []Object {
	return FindWith(s, Analyses{})
}

// Analyses are analyses of a script that a caller of FindWith already
// has. They are only read; a missing one is computed.
type Analyses struct {
	// Graph returns what flow.Build(s.Rules[i]) returns for i ≥ 0, and
	// what flow.BuildActions returns for the actions-only payload for -1.
	Graph func(rule int) *flow.Graph
	// Calls is what flow.CallGraph(s) returns; nil computes it.
	Calls []flow.CallEdge
}

// FindWith is Find reusing the analyses a caller already has.
func FindWith(s *ast.Script, a Analyses) []Object {
	return FindAll(s, a).Objects
}

// FindAll is FindWith, returning with the objects what [Refind] needs to
// find the objects of the script again after an edit.
func FindAll(s *ast.Script, a Analyses) *Found {
	f := newFinder(s, a.Calls, a.Graph, nil, nil)
	f.vars.fresh = len(f.vars.list)
	found := &Found{vars: f.vars, facts: f.facts[1:], moved: make([]int, len(s.Rules)), start: make([]int, len(s.Rules)+1),
		payload: s.Actions != nil, cyclic: subroutineCycle(f.allSubRules, f.facts[1:]), reread: -1}
	found.Objects = make([]Object, 0, len(f.creations))
	found.local = make([]localFacts, 0, len(f.creations))
	for _, c := range f.creations {
		o, lf := f.localObject(c)
		found.Objects = append(found.Objects, f.finish(o, lf))
		found.local = append(found.local, lf)
		if c.rule >= 0 {
			found.start[c.rule+1]++
		}
	}
	for i := range s.Rules {
		found.start[i+1] += found.start[i]
	}
	return found
}

// localObject returns what Find tells of the object c creates from the
// rules it reads other than through the program's variables and destroying
// actions: all of the Object but its Guard and Destroys, with the Repeats
// before a once-guard replaces them, and the variables that may guard it.
func (f *finder) localObject(c creation) (Object, localFacts) {
	rule, j, spec := c.rule, c.action, c.spec
	st := f.actions(rule)[j]
	o := Object{Kind: spec.Kind, Element: spec.Create, Rule: rule, Action: j, Span: st.SpanOf(st.Body)}
	o.Repeats = f.siteReasons(rule, j)
	lf := localFacts{spec: spec, repeats: o.Repeats}
	if len(o.Repeats) > 0 {
		lf.guards = f.guardCandidates(rule, j)
	}
	o.Kept = f.kept(rule, j, spec)
	if spec.Duration >= 0 && spec.Duration < len(st.Body.Args) {
		if a := st.Body.Args[spec.Duration]; a.Kind == ast.Number {
			o.Duration, o.HasDuration = a.Num, true
		}
	}
	return o, lf
}

// finish completes an object localObject returned with what the whole
// program's variables and destroying actions tell: its once-guard and the
// actions that may destroy it.
func (f *finder) finish(o Object, lf localFacts) Object {
	o.Repeats = lf.repeats
	if len(o.Repeats) > 0 {
		if g := f.guard(lf.guards); g != nil {
			o.Guard = g
			o.Repeats = nil
			if g.Player {
				o.Repeats = []Reason{{Kind: Guarded, Rule: o.Rule, Action: o.Action, Span: o.Span, PerJoin: true,
					Text: fmt.Sprintf("it runs once per player, guarded by %s", g)}}
			}
		}
	}
	o.Destroys = f.destroys(lf.spec, o.Kept)
	return o
}

type finder struct {
	s *ast.Script
	// calls are the enabled Call Subroutine and Start Rule actions.
	calls []flow.CallEdge
	// subRules maps a subroutine's name to its enabled defining rules,
	// allSubRules to all of them (what flow.SubroutineRules returns).
	subRules, allSubRules map[string][]int
	// graphOf supplies the graphs when the caller has them.
	graphOf func(rule int) *flow.Graph
	// facts are, per rule (index rule+1), what the finder read of its
	// actions, each alone (see ruleFacts).
	facts []*ruleFacts
	// ruleFlows holds, per rule (index rule+1), its actions and control
	// flow, computed on first use; assigns, per enabled rule, its
	// assignments.
	ruleFlows []*ruleFlow
	assigns   [][]assignSite
	// destroySites are the enabled destroying actions, per kind;
	// kindSites sorts them out for destroys.
	destroySites map[Kind][]destroySite
	kindSites    map[Kind]*kindSites
	// destroysOf memoizes destroys for the objects kept in a variable.
	destroysOf map[kindVariable][]Destroy
	// creations are the enabled creating actions, in text order.
	creations []creation
	// vars numbers the variables; varsOwned says the finder made it (or
	// copied it), and may number more in it.
	vars      *varTable
	varsOwned bool
	// flowTo[flowStart[x]:flowStart[x+1]] are the variables assigned from
	// values that read variable x.
	flowStart, flowTo []int32
	// setOnce tells, per variable, whether it is written (not 0) and
	// whether every write sets it to a constant true value (2).
	setOnce []int8

	ruleMemo   map[int][]Reason
	inProgress map[int]bool
	// varParams memoizes namesVariables; recentFacts caches actionFacts.
	varParams   map[*vocab.Element]bool
	recentFacts [64]struct {
		id    string
		facts actionFacts
		set   bool
	}
	// subScans memoizes scanSubroutine, holderSets holders, conds a
	// rule's enabled conditions and tests the variables each tests false.
	subScans   []subScan
	holderSets map[Variable]map[Variable]bool
	conds      map[int][]*ast.Expr
	tests      map[[2]int][]Variable
}

type destroySite struct {
	Destroy
	kind Kind
	// hasID says the action has an id argument (for ByID); vars are the
	// variables it reads (varsIn).
	hasID bool
	vars  []Variable
}

// creation is an enabled action creating an object.
type creation struct {
	rule, action int
	spec         *Spec
}

// ruleFacts are what the finder reads of the actions of one rule (or of
// the payload), each action alone: they depend on that rule's tree only,
// so Refind keeps them for the rules an edit did not touch. The rule
// indices and spans in them are those of the rule when it was read.
type ruleFacts struct {
	// assigns are the enabled statements assigning a variable, in order.
	assigns []assignSite
	// creations are the enabled creating actions; destroys the enabled
	// destroying actions.
	creations []creation
	destroys  []destroySite
	// writes are the enabled writes of variables, in order; flows the
	// pairs of a variable read in an assigned value and the variable
	// assigned.
	writes []varWrite
	flows  [][2]int32
	// calls are the rule's Call Subroutine and Start Rule actions,
	// enabled or not, as flow.CallGraph has them; defines says its event
	// is a subroutine, names are the subroutines it defines (as
	// flow.SubroutineRules reads them), disabled that the rule is (see
	// Refind).
	calls    []flow.CallEdge
	defines  bool
	names    []string
	disabled bool
}

// varWrite is a write of a variable (its number); once says it sets it
// to a constant true value.
type varWrite struct {
	v    int32
	once bool
}

// varTable numbers variables: ids by kind (global, player) and name, list
// the variable of each number. The facts of rules hold numbers, so a
// table is shared by the finders of successive versions of a program,
// which only add to it: a finder meeting a new variable copies the table
// first (see varID). A variable keeps its number while the table lives,
// used or not: fresh is how many variables FindAll numbered, and Refind
// starts a new table once the table has grown well past it.
type varTable struct {
	ids   [2]map[string]int32
	list  []Variable
	fresh int
}

// newFinder returns a finder of s's objects, given what flow.CallGraph
// returns for s (nil: the finder finds it) and the caller's graphs. known,
// when not nil, returns the facts of the rules whose facts are known, and
// how far their spans have moved since they were read; the others are
// read. vars, when not nil, is the table numbering the variables of the
// known facts.
func newFinder(s *ast.Script, calls []flow.CallEdge, graph func(rule int) *flow.Graph, known func(rule int) (*ruleFacts, int, bool), vars *varTable) *finder {
	f := &finder{s: s, graphOf: graph, subRules: map[string][]int{}, allSubRules: map[string][]int{},
		ruleFlows: make([]*ruleFlow, len(s.Rules)+1), vars: vars,
		ruleMemo: map[int][]Reason{}, inProgress: map[int]bool{}}
	if vars == nil {
		f.vars, f.varsOwned = &varTable{ids: [2]map[string]int32{{}, {}}}, true
	}
	f.assigns = make([][]assignSite, len(s.Rules)+1)
	f.facts = make([]*ruleFacts, len(s.Rules)+1)
	movedBy := make([]int, len(s.Rules)+1)
	// The facts of each rule, then the program's, made of them.
	nCreations, nCalls, nFlows := 0, 0, 0
	nSites := map[Kind]int{}
	for rule := -1; rule < len(s.Rules); rule++ {
		if rule < 0 && s.Actions == nil {
			continue
		}
		facts, moved, ok := (*ruleFacts)(nil), 0, false
		if known != nil && rule >= 0 {
			facts, moved, ok = known(rule)
		}
		if !ok {
			facts = f.readRule(rule)
		}
		f.facts[rule+1], movedBy[rule+1] = facts, moved
		f.assigns[rule+1] = facts.assigns
		nCreations += len(facts.creations)
		nCalls += len(facts.calls)
		nFlows += len(facts.flows)
		for _, site := range facts.destroys {
			nSites[site.kind]++
		}
		for _, name := range facts.names {
			f.allSubRules[name] = append(f.allSubRules[name], rule)
			if !facts.disabled {
				f.subRules[name] = append(f.subRules[name], rule)
			}
		}
	}
	f.creations = make([]creation, 0, nCreations)
	n := len(f.vars.list)
	f.setOnce = make([]int8, n)
	// flowStart[x+1] counts the flows from variable x; summed, flowStart[x]
	// is where they start in flowTo, and is moved on as they are filled in
	// (below).
	f.flowStart, f.flowTo = make([]int32, n+1), make([]int32, nFlows)
	for _, facts := range f.facts {
		if facts != nil {
			for _, e := range facts.flows {
				f.flowStart[e[0]+1]++
			}
		}
	}
	for x := 1; x <= n; x++ {
		f.flowStart[x] += f.flowStart[x-1]
	}
	if len(nSites) > 0 {
		f.destroySites = make(map[Kind][]destroySite, len(nSites))
		for k, n := range nSites {
			f.destroySites[k] = make([]destroySite, 0, n)
		}
	}
	if calls == nil {
		f.calls = make([]flow.CallEdge, 0, nCalls)
	}
	// In the order of the text: the rules, then the payload (index 0).
	for x := 1; x <= len(s.Rules)+1; x++ {
		k := x % (len(s.Rules) + 1)
		facts, moved, rule := f.facts[k], movedBy[k], k-1
		if facts == nil {
			continue
		}
		for _, c := range facts.creations {
			c.rule = rule
			f.creations = append(f.creations, c)
		}
		for _, site := range facts.destroys {
			site.Rule, site.Span = rule, site.Span.Shift(moved)
			f.destroySites[site.kind] = append(f.destroySites[site.kind], site)
		}
		for _, w := range facts.writes {
			f.noteSet(w.v, w.once)
		}
		for _, e := range facts.flows {
			f.flowTo[f.flowStart[e[0]]] = e[1]
			f.flowStart[e[0]]++
		}
		if calls == nil {
			for _, e := range facts.calls {
				if !e.Disabled {
					e.Caller, e.Span = rule, e.Span.Shift(moved)
					f.calls = append(f.calls, e)
				}
			}
		}
	}
	// Each flowStart[x] is now where the flows from x end: one place up,
	// where those from x+1 start.
	copy(f.flowStart[1:], f.flowStart[:n])
	f.flowStart[0] = 0
	for _, e := range calls {
		if !e.Disabled {
			f.calls = append(f.calls, e)
		}
	}
	return f
}

// readRule reads the facts of rule (-1: the payload). A disabled rule
// has only its calls and what subroutines it defines.
func (f *finder) readRule(rule int) *ruleFacts {
	rf := &ruleFacts{}
	disabled := false
	if rule >= 0 {
		r := f.s.Rules[rule]
		rf.defines, disabled = definesSubroutine(r), r.Disabled
		rf.disabled = disabled
		if r.Event != nil {
			for _, l := range r.Event.Lines {
				if l.Kind == ast.EventLineSubroutine {
					rf.names = append(rf.names, l.Text)
				}
			}
		}
	}
	rf.calls = flow.AppendCalls(nil, rule, disabled, f.actionsBlock(rule))
	if disabled {
		return rf
	}
	f.eachAction(rule, func(j int, st *ast.Statement, id string) {
		var target Variable
		var value *ast.Expr
		ok := false
		var facts actionFacts
		if id != "" {
			facts = f.actionFacts(id)
		}
		// Only an assignment or one of assignIDs assigns.
		if id == "" || facts.assigns {
			if target, value, ok = assignment(st.Body); ok {
				rf.assigns = append(rf.assigns, assignSite{stmt: j, target: target})
			}
		}
		if id != "" {
			if spec := facts.create; spec != nil {
				rf.creations = append(rf.creations, creation{rule: rule, action: j, spec: spec})
			}
			for _, d := range facts.destroyers {
				site := destroySite{Destroy: Destroy{How: d.how, Element: id, Rule: rule, Action: j, Span: st.SpanOf(st.Body)}, kind: d.kind}
				if d.how == ByID && len(st.Body.Args) > 0 {
					site.hasID, site.vars = true, varsIn(st.Body.Args[0])
				}
				rf.destroys = append(rf.destroys, site)
			}
		}
		f.noteWriteOf(rf, st.Body, target, value, ok)
		if ok {
			for _, v := range varsIn(value) {
				if v != target {
					rf.flows = append(rf.flows, [2]int32{f.varID(v), f.varID(target)})
				}
			}
		}
	})
	return rf
}

// definesSubroutine reports whether r's event is a subroutine.
func definesSubroutine(r *ast.Rule) bool {
	if ev, _ := eventOf(r); ev != nil && ev.ID == "__subroutine__" {
		return true
	}
	return r.Subroutine() != ""
}

// actionFacts are what the finder asks of an action id, in one look-up:
// the spec of what it creates (byCreate), what it destroys (destroyers),
// and whether it assigns (assignIDs).
type actionFacts struct {
	create     *Spec
	destroyers []destroyer
	assigns    bool
}

var actionFactsByID = sync.OnceValue(func() map[string]actionFacts {
	out := map[string]actionFacts{}
	for id, spec := range byCreate {
		a := out[id]
		a.create = spec
		out[id] = a
	}
	for id, ds := range destroyers {
		a := out[id]
		a.destroyers = ds
		out[id] = a
	}
	for id, ok := range assignIDs {
		a := out[id]
		a.assigns = ok
		out[id] = a
	}
	return out
})

// actionFacts returns actionFactsByID()[id], through a small cache: a
// few actions make most of a program.
func (f *finder) actionFacts(id string) actionFacts {
	slot := &f.recentFacts[(len(id)*7+int(id[len(id)-1]))&(len(f.recentFacts)-1)]
	if slot.set && slot.id == id {
		return slot.facts
	}
	facts := actionFactsByID()[id]
	slot.id, slot.facts, slot.set = id, facts, true
	return facts
}

// actionsBlock returns rule's actions block (the payload's for -1), or
// nil.
func (f *finder) actionsBlock(rule int) *ast.Block {
	if rule < 0 {
		return f.s.Actions
	}
	return f.s.Rules[rule].Actions
}

// flat returns the enabled actions of rule and their element ids from the
// caller's graph (see flow.Graph.Flat); ok is false without one, or when
// building it fails (on a tree no parser builds: the rules whose graph
// the analysis reads fail then, as they did).
func (f *finder) flat(rule int) (actions []int, ids []string, ok bool) {
	if f.graphOf == nil {
		return nil, nil, false
	}
	defer func() {
		if recover() != nil {
			actions, ids, ok = nil, nil, false
		}
	}()
	actions, ids = f.graphOf(rule).Flat()
	return actions, ids, true
}

// eachAction calls fn with each enabled statement of rule's actions, its
// index and its element id (elemID), in order. The caller's graph, when
// there is one, has them.
func (f *finder) eachAction(rule int, fn func(j int, st *ast.Statement, id string)) {
	b := f.actionsBlock(rule)
	if b == nil {
		return
	}
	if actions, ids, ok := f.flat(rule); ok {
		for q, i := range actions {
			fn(i, b.Statements[i], ids[q])
		}
		return
	}
	for i, st := range b.Statements {
		if !st.Disabled && st.Body != nil {
			fn(i, st, elemID(st.Body))
		}
	}
}

// ruleFlow is what the finder knows of the actions of one rule (or of
// the payload): computed once, shared by every object of the rule.
type ruleFlow struct {
	// stmts are the statements of the actions block, with disabled and
	// empty statements replaced by nil.
	stmts []*ast.Statement
	// ids are the element ids of the statements ("" for nil statements
	// and statements that are not calls); creates the specs of the
	// objects they create (see creates).
	ids     []string
	creates []*Spec
	// assigns are the statements assigning a variable, in order.
	assigns []assignSite
	g       *flow.Graph
	// blockOf maps a statement index to its graph block, or -1.
	blockOf []int
	// loops are the indices of the enabled Loop actions (loopActions).
	loops []int
	// reach memoizes, per start block, the blocks reachable from it (the
	// start included); selfLoop memoizes selfLoop per block (0 unknown, 1
	// no, 2 yes).
	reach    map[int][]bool
	selfLoop []int8
	// open and scanned are openAt's scan: the blocks open before action
	// scanned.
	open    []blockOpen
	scanned int
	// lastReads memoizes, per statement, the first call of each Last … ID
	// value in it (see findLastRead); nil until the statement is first
	// read.
	lastReads [][]lastRead
}

// assignSite is a statement assigning a variable: its index and the
// target assignment returns for it.
type assignSite struct {
	stmt   int
	target Variable
}

// lastRead is the first call of a Last … ID value in a statement.
type lastRead struct {
	id   string
	expr *ast.Expr
}

// flowOf returns the ruleFlow of rule (-1: the payload), without its
// graph.
func (f *finder) flowOf(rule int) *ruleFlow {
	rf := f.ruleFlows[rule+1]
	if rf != nil {
		return rf
	}
	rf = &ruleFlow{assigns: f.assigns[rule+1]}
	if b := f.actionsBlock(rule); b != nil {
		n := len(b.Statements)
		rf.stmts, rf.ids, rf.creates = make([]*ast.Statement, n), make([]string, n), make([]*Spec, n)
		f.eachAction(rule, func(i int, st *ast.Statement, id string) {
			rf.stmts[i] = st
			rf.ids[i] = id
			if id != "" {
				rf.creates[i] = byCreate[id]
			}
		})
	}
	f.ruleFlows[rule+1] = rf
	return rf
}

// actions returns the statements of rule's actions block (the payload's
// for -1), with disabled and empty statements replaced by nil so that
// indices stay those of the block. The slice is shared: never change it.
func (f *finder) actions(rule int) []*ast.Statement {
	return f.flowOf(rule).stmts
}

// flowGraph returns the ruleFlow of rule with its graph and block map.
func (f *finder) flowGraph(rule int) *ruleFlow {
	rf := f.flowOf(rule)
	if rf.blockOf != nil {
		return rf
	}
	g := rf.g
	switch {
	case g != nil:
	case f.graphOf != nil:
		g = f.graphOf(rule)
	case rule < 0:
		g = flow.BuildActions(f.s.Actions.Statements)
	default:
		g = flow.Build(f.s.Rules[rule])
	}
	rf.blockOf = make([]int, len(rf.stmts))
	for i := range rf.blockOf {
		rf.blockOf[i] = -1
	}
	for _, b := range g.Blocks {
		for _, a := range b.Actions {
			if a >= 0 && a < len(rf.blockOf) {
				rf.blockOf[a] = b.ID
			}
		}
	}
	for i, st := range rf.stmts {
		if st != nil && loopActions[rf.ids[i]] {
			rf.loops = append(rf.loops, i)
		}
	}
	rf.selfLoop = make([]int8, len(g.Blocks))
	rf.g = g
	return rf
}

func (f *finder) graph(rule int) *flow.Graph {
	return f.flowGraph(rule).g
}

// reachFrom returns the blocks reachable from block start, start included.
func (rf *ruleFlow) reachFrom(start int) []bool {
	if r, ok := rf.reach[start]; ok {
		return r
	}
	g := rf.g
	reach := make([]bool, len(g.Blocks))
	reach[start] = true
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
	if rf.reach == nil {
		rf.reach = map[int][]bool{}
	}
	rf.reach[start] = reach
	return reach
}

// selfLoops reports whether block b can reach itself (selfLoop, memoized).
func (rf *ruleFlow) selfLoops(b int) bool {
	if rf.selfLoop[b] == 0 {
		rf.selfLoop[b] = 1
		if selfLoop(rf.g, b) {
			rf.selfLoop[b] = 2
		}
	}
	return rf.selfLoop[b] == 2
}

// findLastRead returns the first call (depth first) of the Last … ID
// value id in the enabled statement a, or nil. What a statement reads is
// found once.
func (rf *ruleFlow) findLastRead(a int, id string) *ast.Expr {
	if rf.lastReads == nil {
		rf.lastReads = make([][]lastRead, len(rf.stmts))
	}
	reads := rf.lastReads[a]
	if reads == nil {
		reads = []lastRead{} // not nil: the statement has been read
		ast.Inspect(rf.stmts[a].Body, func(x *ast.Expr) bool {
			if x.Kind == ast.Call && x.Elem != nil && IsLastID(x.Elem.ID) {
				for _, r := range reads {
					if r.id == x.Elem.ID {
						return true
					}
				}
				reads = append(reads, lastRead{id: x.Elem.ID, expr: x})
			}
			return true
		})
		rf.lastReads[a] = reads
	}
	for _, r := range reads {
		if r.id == id {
			return r.expr
		}
	}
	return nil
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
