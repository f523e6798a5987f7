package objects

// This file recognizes once-guards: a variable tested false before a
// creation and set true after it, so the creation runs at most once.

import (
	"maps"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// guardCandidates returns the variables that may be the once-guard of
// action j of rule, in the order they are tested: a test that the variable
// is false (a rule condition, or the If whose first branch holds the
// action), where the rule sets the variable after the action. The guard
// is the first of them that every write in the program sets to a constant
// true value (see guard).
func (f *finder) guardCandidates(rule, j int) []Variable {
	if rule < 0 {
		return nil
	}
	// The tests, in order: the rule's conditions (what each tests false
	// is the same for every action), then the Ifs.
	conds := f.ruleConds(rule)
	rf := f.flowOf(rule)
	var out []Variable
	add := func(vars []Variable) {
		for _, v := range vars {
			for _, a := range rf.assigns {
				if a.stmt > j && a.target == v {
					out = append(out, v)
					break
				}
			}
		}
	}
	for k := range conds {
		add(f.condTests(rule, k))
	}
	for _, i := range rf.firstBranchIfs(j) {
		if args := rf.stmts[i].Body.Args; len(args) > 0 {
			add(falseTests(args[0]))
		}
	}
	return out
}

// guard returns the once-guard among candidates (see guardCandidates):
// the first variable every enabled write in the program sets to a
// constant true value. Once set, the test fails for good, so the action
// runs at most once (per player, for a player variable).
func (f *finder) guard(candidates []Variable) *Variable {
	for _, v := range candidates {
		if f.isSetOnce(v) {
			return &v
		}
	}
	return nil
}

// ruleConds returns the enabled conditions of rule.
func (f *finder) ruleConds(rule int) []*ast.Expr {
	if conds, ok := f.conds[rule]; ok {
		return conds
	}
	var conds []*ast.Expr
	if c := f.s.Rules[rule].Conditions; c != nil {
		for _, st := range c.Statements {
			if !st.Disabled && st.Body != nil {
				conds = append(conds, st.Body)
			}
		}
	}
	if f.conds == nil {
		f.conds = map[int][]*ast.Expr{}
	}
	f.conds[rule] = conds
	return conds
}

// condTests returns falseTests of condition k of rule, computed once.
func (f *finder) condTests(rule, k int) []Variable {
	key := [2]int{rule, k}
	if vars, ok := f.tests[key]; ok {
		return vars
	}
	vars := falseTests(f.ruleConds(rule)[k])
	if f.tests == nil {
		f.tests = map[[2]int][]Variable{}
	}
	f.tests[key] = vars
	return vars
}

// firstBranchIfs returns the If actions enclosing action j whose first
// branch (before any Else If or Else) holds it.
func (rf *ruleFlow) firstBranchIfs(j int) []int {
	var out []int
	for _, o := range rf.openAt(j) {
		if !o.branched && rf.ids[o.at] == "__if__" {
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

// noteWriteOf adds to rf.writes the variables action e writes, given
// what assignment returns for e, and whether it sets each to a constant
// true value.
func (f *finder) noteWriteOf(rf *ruleFacts, e *ast.Expr, target Variable, value *ast.Expr, ok bool) {
	if ok {
		plain := (e.Kind == ast.Assign && e.Op == ast.OpAssign) ||
			(e.Kind == ast.Call && strings.HasPrefix(e.Elem.ID, "__set"))
		rf.writes = append(rf.writes, varWrite{f.varID(target), plain && isTrueLiteral(value)})
		return
	}
	// Any other action naming a variable (Modify through assignment
	// above, For, Chase, Stop Chasing) changes it otherwise.
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return
	}
	if !f.namesVariables(e.Elem) {
		// No argument can name one: only fail as the loop below does
		// on a nil argument.
		for i, a := range e.Args {
			if i >= len(e.Elem.Params) {
				break
			}
			if a == nil {
				sink = a.Kind
			}
		}
		return
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			rf.writes = append(rf.writes, varWrite{f.varID(Variable{Name: a.Text}), false})
		case vocab.IdentPlayerVariable:
			rf.writes = append(rf.writes, varWrite{f.varID(Variable{Player: true, Name: a.Text}), false})
		}
	}
}

// namesVariables reports whether an element has a global or player
// variable parameter (memoized per element).
func (f *finder) namesVariables(el *vocab.Element) bool {
	if v, ok := f.varParams[el]; ok {
		return v
	}
	v := false
	for _, p := range el.Params {
		v = v || p.Ident == vocab.IdentGlobalVariable || p.Ident == vocab.IdentPlayerVariable
	}
	if f.varParams == nil {
		f.varParams = map[*vocab.Element]bool{}
	}
	f.varParams[el] = v
	return v
}

// sink keeps the reads made only to fail where the finder did.
var sink ast.ExprKind

// noteSet records in f.setOnce a write of variable id; once says it sets
// it to a constant true value.
func (f *finder) noteSet(id int32, once bool) {
	prev := f.setOnce[id]
	if once && (prev == 0 || prev == 2) {
		f.setOnce[id] = 2
	} else {
		f.setOnce[id] = 1
	}
}

// isSetOnce reports whether v is written and every write sets it to a
// constant true value.
func (f *finder) isSetOnce(v Variable) bool {
	id, ok := f.lookupVar(v)
	return ok && f.setOnce[id] == 2
}

// varID returns the number of v, numbering it when new (in a copy of the
// table when the finder shares it).
func (f *finder) varID(v Variable) int32 {
	if id, ok := f.vars.ids[b2i(v.Player)][v.Name]; ok {
		return id
	}
	if !f.varsOwned {
		t := &varTable{ids: [2]map[string]int32{maps.Clone(f.vars.ids[0]), maps.Clone(f.vars.ids[1])},
			list: slices.Clip(f.vars.list), fresh: f.vars.fresh}
		f.vars, f.varsOwned = t, true
	}
	id := int32(len(f.vars.list))
	f.vars.ids[b2i(v.Player)][v.Name] = id
	f.vars.list = append(f.vars.list, v)
	return id
}

// lookupVar returns the number of v, if it has one.
func (f *finder) lookupVar(v Variable) (int32, bool) {
	id, ok := f.vars.ids[b2i(v.Player)][v.Name]
	return id, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
