package objects

// This file finds the objects of a program again after an edit inside
// its rules, reading again only the rules the edit touched and the
// subroutines whose callers it may have changed.

import (
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// Found is what [FindAll] found in a script: its objects, with what
// [Refind] needs to find them again after an edit. It is never changed
// once returned.
type Found struct {
	// Objects are what FindWith returns.
	Objects []Object
	// local are the facts of each object of Objects that its rule, the
	// subroutines it calls and, for a subroutine, its callers tell (see
	// localObject).
	local []localFacts
	// start[i] is the index in Objects of the first object of rule i;
	// start[len(rules)] is the end of the rules' objects.
	start []int
	// facts are, per rule, what the finder read of its actions, and moved
	// how far the rule's spans moved since.
	facts []*ruleFacts
	moved []int
	// payload says the script is an actions payload; cyclic that
	// subroutines call each other in a cycle.
	payload, cyclic bool
	// vars numbers the variables of facts.
	vars *varTable
	// reread is how many rules Refind found the objects of again; -1 for
	// FindAll (tests read it).
	reread int
}

// localFacts are the facts of an object that depend only on its rule,
// the subroutines it calls and, for an object created in a subroutine,
// the rules calling it: its spec, its reasons to repeat before a
// once-guard replaces them, and the variables that may guard it (see
// guardCandidates).
type localFacts struct {
	spec    *Spec
	repeats []Reason
	guards  []Variable
}

// Refind returns what FindAll(s, a) returns, where s is the script prev
// was found in, read again after an edit as sp says (see [ast.Splice]):
// the rules s.Rules[sp.First:sp.First+sp.New] were read again, the
// others are the previous script's, those after moved by sp.Delta(). What
// the objects of the rules the edit did not touch owe to those rules
// alone is kept, moved with them; it is found again for the rules read
// again, for the subroutines they call (and the subroutines those call),
// whose reasons to repeat and kept ids depend on their callers, and, for
// an edit inside subroutines, for the rules calling them, whose kept ids
// may be read there. The program's variables and destroying actions are
// gathered again from the facts each rule keeps, for every object's
// once-guard and destroying actions. When the edit changes which rules
// define a subroutine (or which are enabled), or subroutines call each
// other in a cycle, or prev is nil or a payload's (or its numbering of
// variables has grown well past the program's), Refind is FindAll.
// prev is not changed.
func Refind(prev *Found, s *ast.Script, sp ast.Splice, a Analyses) *Found {
	if prev == nil || prev.payload || prev.cyclic || s.Actions != nil || sp.First < 0 || sp.Old < 0 || sp.New < 0 ||
		sp.First+sp.New > len(s.Rules) || len(prev.facts) != len(s.Rules)-sp.New+sp.Old ||
		len(prev.vars.list) > 2*prev.vars.fresh+256 {
		// (Names typed on the way to another, each numbered, have
		// outgrown the table: a new one numbers the program's only.)
		return FindAll(s, a)
	}
	oldEnd, shift, delta := sp.First+sp.Old, sp.New-sp.Old, sp.Delta()
	// An edit of subroutine rules: they must define what they did.
	subEdit := false
	for _, rf := range prev.facts[sp.First:oldEnd] {
		subEdit = subEdit || rf.defines
	}
	for _, r := range s.Rules[sp.First : sp.First+sp.New] {
		subEdit = subEdit || definesSubroutine(r)
	}
	if subEdit && sp.Old != sp.New {
		return FindAll(s, a)
	}
	// oldRule returns the index in prev of an untouched rule.
	oldRule := func(i int) int {
		if i < sp.First {
			return i
		}
		return i - shift
	}
	edited := func(i int) bool { return i >= sp.First && i < sp.First+sp.New }
	f := newFinder(s, a.Calls, a.Graph, func(i int) (*ruleFacts, int, bool) {
		if edited(i) {
			return nil, 0, false
		}
		o := oldRule(i)
		moved := prev.moved[o]
		if i >= sp.First+sp.New {
			moved += delta
		}
		return prev.facts[o], moved, true
	}, prev.vars)
	facts := f.facts[1:]
	if subEdit {
		for i := sp.First; i < sp.First+sp.New; i++ {
			was, is := prev.facts[i], facts[i]
			if was.defines != is.defines || was.disabled != is.disabled || !slices.Equal(was.names, is.names) {
				return FindAll(s, a)
			}
		}
		if subroutineCycle(f.allSubRules, facts) {
			return FindAll(s, a)
		}
	}
	// The rules whose objects are found again: the rules read again, and
	// the subroutines they called or call, then those these call.
	again := make([]bool, len(s.Rules))
	if subEdit {
		// And the callers of the subroutines read again: they may keep
		// the id of an object they create by reading it in the
		// subroutine.
		defined := map[string]bool{}
		for i := sp.First; i < sp.First+sp.New; i++ {
			for _, name := range facts[i].names {
				defined[name] = true
			}
		}
		for i, rf := range facts {
			for _, e := range rf.calls {
				if defined[e.Callee] {
					again[i] = true
					break
				}
			}
		}
	}
	var names []string
	for i := sp.First; i < sp.First+sp.New; i++ {
		again[i] = true
		names = facts[i].callees(names)
	}
	for _, rf := range prev.facts[sp.First:oldEnd] {
		names = rf.callees(names)
	}
	if len(names) > 0 {
		subs := f.allSubRules
		seen := map[string]bool{}
		for len(names) > 0 {
			name := names[len(names)-1]
			names = names[:len(names)-1]
			if seen[name] {
				continue
			}
			seen[name] = true
			for _, i := range subs[name] {
				if !again[i] {
					again[i] = true
					names = facts[i].callees(names)
				}
			}
		}
	}

	found := &Found{vars: f.vars, facts: facts, moved: make([]int, len(s.Rules)), start: make([]int, len(s.Rules)+1)}
	for _, a := range again {
		if a {
			found.reread++
		}
	}
	found.Objects = make([]Object, 0, len(f.creations))
	found.local = make([]localFacts, 0, len(f.creations))
	moves := &ruleMoves{first: sp.First, oldEnd: oldEnd, shift: shift, delta: delta}
	c := f.creations
	for i := range s.Rules {
		if !edited(i) {
			o := oldRule(i)
			found.moved[i] = prev.moved[o]
			if i >= sp.First+sp.New {
				found.moved[i] += delta
			}
		}
		n := 0
		for n < len(c) && c[n].rule == i {
			n++
		}
		kept := false
		if !again[i] {
			o := oldRule(i)
			from, to := prev.start[o], prev.start[o+1]
			if to-from == n {
				kept = true
				for k := from; k < to && kept; k++ {
					obj, lf, ok := moves.object(prev.Objects[k], prev.local[k])
					if !ok {
						kept = false
						found.Objects, found.local = found.Objects[:found.start[i]], found.local[:found.start[i]]
						break
					}
					found.Objects = append(found.Objects, f.finish(obj, lf))
					found.local = append(found.local, lf)
				}
			}
		}
		if !kept {
			for _, cr := range c[:n] {
				obj, lf := f.localObject(cr)
				found.Objects = append(found.Objects, f.finish(obj, lf))
				found.local = append(found.local, lf)
			}
		}
		c = c[n:]
		found.start[i+1] = len(found.Objects)
	}
	return found
}

// callees appends to names the subroutines the rule calls or starts.
func (rf *ruleFacts) callees(names []string) []string {
	for _, e := range rf.calls {
		names = append(names, e.Callee)
	}
	return names
}

// ruleMoves maps the rule indices and spans of the previous script to
// the edited one: the rules before first stay, those from oldEnd move
// shift places and delta bytes, those between were read again. The
// facts it moves are copied into keeps and reasons, allocated a chunk at
// a time.
type ruleMoves struct {
	first, oldEnd, shift, delta int
	keeps                       []Keep
	reasons                     []Reason
}

// keep returns a copy of k in m.keeps.
func (m *ruleMoves) keep(k Keep) *Keep {
	if len(m.keeps) == cap(m.keeps) {
		m.keeps = make([]Keep, 0, 64)
	}
	m.keeps = append(m.keeps, k)
	return &m.keeps[len(m.keeps)-1]
}

// copyReasons returns a copy of rs in m.reasons, with no room to append.
func (m *ruleMoves) copyReasons(rs []Reason) []Reason {
	if cap(m.reasons)-len(m.reasons) < len(rs) {
		m.reasons = make([]Reason, 0, max(256, len(rs)))
	}
	from := len(m.reasons)
	m.reasons = append(m.reasons, rs...)
	return m.reasons[from:len(m.reasons):len(m.reasons)]
}

// rule returns where rule i of the previous script is, and how far its
// spans moved; ok is false for a rule read again.
func (m *ruleMoves) rule(i int) (to, delta int, ok bool) {
	switch {
	case i < m.first:
		return i, 0, true
	case i >= m.oldEnd:
		return i + m.shift, m.delta, true
	}
	return 0, 0, false
}

// object returns the local part of an object of the previous script (o
// without its guard and destroying actions, and lf) moved to where its
// rules are now; ok is false when a fact names a rule read again. o's
// slices are shared when nothing of them moves, else copied.
func (m *ruleMoves) object(o Object, lf localFacts) (Object, localFacts, bool) {
	o.Guard, o.Destroys = nil, nil
	to, d, ok := m.rule(o.Rule)
	if !ok {
		return o, lf, false
	}
	o.Rule, o.Span = to, o.Span.Shift(d)
	if k := o.Kept; k != nil {
		to, d, ok := m.rule(k.Rule)
		if !ok {
			return o, lf, false
		}
		if to != k.Rule || d != 0 {
			moved := *k
			moved.Rule, moved.Span = to, k.Span.Shift(d)
			o.Kept = m.keep(moved)
		}
	}
	copied := false
	for x, r := range lf.repeats {
		to, d, ok := m.rule(r.Rule)
		if !ok {
			return o, lf, false
		}
		if to == r.Rule && d == 0 {
			continue
		}
		if !copied {
			lf.repeats = m.copyReasons(lf.repeats)
			copied = true
		}
		lf.repeats[x].Rule, lf.repeats[x].Span = to, r.Span.Shift(d)
	}
	return o, lf, true
}

// subroutineCycle reports whether subroutines call each other in a cycle
// (a subroutine calling itself is not one: its reasons come from its
// other callers), given the rules defining each subroutine and each
// rule's facts. The reasons of one then depend on the order they are
// found in, and Refind finds them all again.
func subroutineCycle(subs map[string][]int, facts []*ruleFacts) bool {
	// state: 0 not visited, 1 on the path, 2 done.
	state := make([]int8, len(facts))
	var visit func(i int) bool
	visit = func(i int) bool {
		state[i] = 1
		for _, e := range facts[i].calls {
			for _, j := range subs[e.Callee] {
				if j == i {
					continue
				}
				if state[j] == 1 || state[j] == 0 && visit(j) {
					return true
				}
			}
		}
		state[i] = 2
		return false
	}
	for _, rules := range subs {
		for _, i := range rules {
			if state[i] == 0 && visit(i) {
				return true
			}
		}
	}
	return false
}
