package cost

// This file is the walk: the cost of values, actions and conditions, each
// node's own cost recorded under its canonical name as it is met.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// settingOwn is what a Workshop Setting value costs itself. OverPy counts
// "1 + Σ args − 3" for Integer and Real, whose four numbers are raw
// literals (1 each, not a Number's 2), and "1 + Σ args" for Toggle and
// Hero, whose sort order alone is a raw literal: in both cases the setting
// itself is 2 once its raw literals count 1. (Combo differs: see
// Options.ComboSetting.)
const settingOwn = 2

// counter holds the state of one walk. Its scratch space is reused from
// rule to rule; the rules' ByNode entries are copied into chunks that are
// never reallocated, so that counting a program allocates a few large
// arrays and copies nothing twice.
type counter struct {
	p      params
	record bool
	// heroes counts the hero literals met since the current top-level
	// argument (or condition side) began.
	heroes int
	// nodes holds the current rule's ByNode entries; out is the chunk
	// the finished rules' entries are copied to.
	nodes []NodeCost
	out   []NodeCost
	// rule numbers the current rule from 1; a slot whose rule differs
	// has no entry in the current rule yet.
	rule   int32
	kinds  [numKinds]slot
	elems  map[*vocab.Element]int32 // element → its index in states
	states []elemState
	// scratch holds the state of the element at hand when nothing is
	// recorded: finding traits anew is cheaper than a map for one
	// statement.
	scratch elemState
}

// An elemState is what the walk knows of one element: its ByNode slot and
// its counting traits, found once per walk.
type elemState struct {
	slot
	own      int  // own cost as a value
	variadic bool // Array: every argument takes the one slot
	padded   bool // Custom String, String: omitted format arguments count
}

// nodeChunk is how many ByNode entries are allocated at once: rules have
// tens of names, a large mode some thousands in all.
const nodeChunk = 512

// A slot finds a name's entry among the current rule's nodes.
type slot struct {
	rule int32
	at   int32
}

func newCounter(p params, record bool) *counter {
	return &counter{p: p, record: record}
}

func (c *counter) beginRule() {
	c.nodes = c.nodes[:0]
	c.rule++
}

// endRule returns the current rule's ByNode entries, in the order the
// names were first met.
func (c *counter) endRule() []NodeCost {
	if cap(c.out)-len(c.out) < len(c.nodes) {
		// A new chunk; the full one stays where it is, referenced by
		// its rules.
		c.out = make([]NodeCost, 0, max(len(c.nodes), nodeChunk))
	}
	start := len(c.out)
	c.out = append(c.out, c.nodes...)
	return c.out[start:len(c.out):len(c.out)]
}

// kind records a node named by k, of the given own cost, and returns the
// cost.
func (c *counter) kind(k kind, cost int) int {
	if c.record {
		c.bump(&c.kinds[k], kindNames[k], cost)
	}
	return cost
}

// state returns what the walk knows of el. The pointer is valid until the
// next call of state.
func (c *counter) state(el *vocab.Element) *elemState {
	if !c.record {
		c.scratch = c.traits(el)
		return &c.scratch
	}
	i, ok := c.elems[el]
	if !ok {
		if c.elems == nil {
			c.elems = make(map[*vocab.Element]int32, 128)
			c.states = make([]elemState, 0, 128)
		}
		i = int32(len(c.states))
		c.elems[el] = i
		c.states = append(c.states, c.traits(el))
	}
	return &c.states[i]
}

// elem records a node written as the name of the element st describes, of
// the given own cost, and returns the cost.
func (c *counter) elem(st *elemState, name string, cost int) int {
	if c.record {
		c.bump(&st.slot, name, cost)
	}
	return cost
}

// traits returns how el counts.
func (c *counter) traits(el *vocab.Element) elemState {
	st := elemState{own: 1, variadic: el.Variadic()}
	switch el.ID {
	case "__array__", "evalOnce":
		// Both hold one more element than their arguments.
		st.own = 2
	case "createWorkshopSettingInt", "createWorkshopSettingFloat",
		"createWorkshopSettingBool", "createWorkshopSettingHero":
		st.own = settingOwn
	case "createWorkshopSettingEnum":
		st.own = c.p.comboOwn
	case "__customString__", "__localizedString__":
		st.padded = true
	}
	return st
}

func (c *counter) bump(s *slot, name string, cost int) {
	if s.rule == c.rule {
		n := &c.nodes[s.at]
		n.Count += cost
		n.Nodes++
		return
	}
	*s = slot{rule: c.rule, at: int32(len(c.nodes))}
	c.nodes = append(c.nodes, NodeCost{Name: name, Count: cost, Nodes: 1})
}

// top counts a top-level argument of an action, or a side of a condition:
// one less than as a nested value (adj), plus the hero pairs inside it.
func (c *counter) top(e *ast.Expr, slot *vocab.Param, adj int) int {
	c.heroes = 0
	n := c.value(e, slot, adj)
	if c.p.heroPairs && c.heroes >= 2 {
		n += c.kind(kHeroPairs, c.heroes/2)
	}
	return n
}

// action returns the cost of an action statement's body.
func (c *counter) action(e *ast.Expr) int {
	switch {
	case e == nil:
		return 0
	case e.Kind == ast.Assign:
		return c.assign(e)
	case e.Kind == ast.Call && (e.Elem == nil || e.Elem.IsAction()):
		n := 1
		var params []vocab.Param
		if e.Elem != nil {
			c.elem(c.state(e.Elem), e.Elem.ID, 1)
			params = e.Elem.Params
		} else {
			c.kind(kUnknown, 1)
		}
		for i, a := range e.Args {
			n += c.top(a, param(params, i, false), -1)
		}
		return n
	}
	// A value, or nothing readable, where an action belongs: count what
	// is written.
	return c.value(e, nil, 0)
}

// assign returns the cost of assignment syntax, counted as the action it
// stands for: Global.x = v is Set Global Variable(x, v), P.x[i] += v is
// Modify Player Variable At Index(P, x, i, Add, v), and so on. The
// variable name and the operation are top-level arguments, 1 − 1 = 0 each.
func (c *counter) assign(e *ast.Expr) int {
	if len(e.Args) < 2 {
		return c.kind(kBad, 0)
	}
	target, val := unparen(e.Args[0]), e.Args[1]
	var player, index *ast.Expr
	ok := false
	switch target.Kind {
	case ast.Global:
		ok = true
	case ast.PlayerVar:
		ok, player = true, arg(target, 0)
	case ast.Index:
		index = arg(target, 1)
		switch inner := unparen(arg(target, 0)); {
		case inner == nil:
		case inner.Kind == ast.Global:
			ok = true
		case inner.Kind == ast.PlayerVar:
			ok, player = true, arg(inner, 0)
		}
	}
	n := c.kind(opKind(e.Op), 1)
	if !ok {
		// Not a variable: the game would not take it; count the written
		// target as one more argument.
		return n + c.top(target, nil, -1) + c.top(val, nil, -1)
	}
	if player != nil {
		n += c.top(player, nil, -1)
	}
	n += c.kind(kVariable, 0)
	if index != nil {
		n += c.top(index, nil, -1)
	}
	if e.Op != ast.OpAssign {
		n += c.kind(kEnumMember, 0) // Add, Subtract, …
	}
	return n + c.top(val, nil, -1)
}

// condition returns the cost of a condition statement's body. OverPy: the
// condition is 1 and each side of its comparison one less than as a value;
// a bare value x stands for x == True, whose True is then free. OSTW: the
// condition is its Compare element, 1 + left + 1 (the operator) + right.
func (c *counter) condition(e *ast.Expr) int {
	if e == nil || e.Kind == ast.Bad {
		return c.kind(kBad, 0)
	}
	own, adj := 1, -1
	if c.p.ostwCondition {
		own, adj = 2, 0
	}
	if e.Kind == ast.Binary && e.Op.IsComparison() && len(e.Args) == 2 {
		n := c.kind(kCondition, own)
		return n + c.top(e.Args[0], nil, adj) + c.top(e.Args[1], nil, adj)
	}
	if c.p.ostwCondition {
		own++ // the True of Compare(x, ==, True)
	}
	n := c.kind(kCondition, own)
	return n + c.top(e, nil, adj)
}
