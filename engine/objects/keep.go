package objects

// This file finds whether an object's id is kept: a read of its Last …
// ID value on a control-flow path from the creation.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

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
	name := f.s.Rules[rule].Subroutine()
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
	rf := f.flowGraph(rule)
	stmts, g := rf.stmts, rf.g
	type item struct{ block, pos int }
	var queue []item
	seen := make([]bool, len(g.Blocks))
	if from < 0 {
		queue = append(queue, item{g.Entry, 0})
	} else if from < len(rf.blockOf) && rf.blockOf[from] >= 0 {
		// Every action is in one block, once.
		b := rf.blockOf[from]
		for p, a := range g.Blocks[b].Actions {
			if a == from {
				queue = append(queue, item{b, p + 1})
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
			if read := rf.findLastRead(a, spec.LastID); read != nil {
				k := &Keep{Rule: rule, Action: a, Span: st.SpanOf(read)}
				if target, value, ok := assignment(st.Body); ok && contains(st.SpanOf(value), st.SpanOf(read)) {
					k.Variable = &target
				}
				return k, overwritten
			}
			if other := rf.creates[a]; other != nil && other.LastID == spec.LastID {
				overwritten, stopped = true, true
				break
			}
			if deep && rf.ids[a] == "__callSubroutine__" && len(st.Body.Args) > 0 && st.Body.Args[0].Kind == ast.Name {
				name := st.Body.Args[0].Text
				for _, sr := range f.subRules[name] {
					if sr == rule {
						continue
					}
					k, over := f.scanSubroutine(sr, spec)
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

// subScan is the memoized result of scanKeep(rule, -1, spec, false,
// false) for a rule and a Last … ID value.
type subScan struct {
	rule   int
	lastID string
	keep   Keep
	kept   bool
	over   bool
}

// scanSubroutine returns scanKeep(rule, -1, spec, false, false), scanning
// each subroutine rule once per Last … ID value. The result depends on
// spec only through its LastID; the Keep returned is the caller's.
func (f *finder) scanSubroutine(rule int, spec *Spec) (*Keep, bool) {
	for _, m := range f.subScans {
		if m.rule == rule && m.lastID == spec.LastID {
			if !m.kept {
				return nil, m.over
			}
			k := m.keep
			if k.Variable != nil {
				v := *k.Variable
				k.Variable = &v
			}
			return &k, m.over
		}
	}
	k, over := f.scanKeep(rule, -1, spec, false, false)
	m := subScan{rule: rule, lastID: spec.LastID, kept: k != nil, over: over}
	if k != nil {
		m.keep = *k
	}
	f.subScans = append(f.subScans, m)
	return k, over
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

// AssignedVariable returns the variable an action assigns: Global.x = v,
// P.x[i] += v, Set Global Variable(x, v), Modify Player Variable(P, x,
// Append To Array, v), …; ok is false for any other action.
func AssignedVariable(e *ast.Expr) (target Variable, ok bool) {
	if e == nil {
		return Variable{}, false
	}
	if e.Kind == ast.Assign && len(e.Args) == 2 {
		t := e.Args[0]
		if t.Kind == ast.Index && len(t.Args) == 2 {
			t = t.Args[0]
		}
		switch t.Kind {
		case ast.Global:
			return Variable{Name: t.Text}, true
		case ast.PlayerVar:
			return Variable{Player: true, Name: t.Text}, true
		}
		return Variable{}, false
	}
	if e.Kind != ast.Call || e.Elem == nil || !assignIDs[e.Elem.ID] {
		return Variable{}, false
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			return Variable{Name: a.Text}, true
		case vocab.IdentPlayerVariable:
			return Variable{Player: true, Name: a.Text}, true
		}
	}
	return Variable{}, false
}

// assignment returns the variable an action assigns (see
// [AssignedVariable]) and the value it assigns from: the right-hand side,
// or the last argument of the call. A call with fewer than two arguments
// has no value and counts as no assignment.
func assignment(e *ast.Expr) (target Variable, value *ast.Expr, ok bool) {
	target, ok = AssignedVariable(e)
	switch {
	case !ok:
		return Variable{}, nil, false
	case e.Kind == ast.Assign:
		return target, e.Args[1], true
	case len(e.Args) < 2:
		return Variable{}, nil, false
	}
	return target, e.Args[len(e.Args)-1], true
}

// varsIn returns the variables e reads, in order, without repeats.
func varsIn(e *ast.Expr) []Variable {
	var out []Variable
	add := func(v Variable) {
		for _, w := range out {
			if w == v {
				return
			}
		}
		out = append(out, v)
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
