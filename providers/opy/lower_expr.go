package opy

// This file lowers expressions to Workshop values, as OverPy lowers them
// with its optimiser off: operators to their elements (a + b is Add(a, b),
// a < b is Compare(a, <, b)), names to variables, constants and
// built-ins, calls to the catalog's actions and values with their
// defaults filled in.

import (
	"github.com/wright-lsp/wright-lsp/engine/diag"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// call builds an element node; args must match its parameters.
func (c *compiler) call(key string, at Loc, args ...*wnode) *wnode {
	el := c.names.element(key)
	if el == nil {
		panic("opy: no catalog element " + key)
	}
	n := c.newNode()
	n.kind, n.elem, n.loc = wCall, el, at
	if a := c.carve(args); a != nil {
		n.args = a
	}
	return n
}

// reserve returns a list of n empty arguments from the argument slab.
func (c *compiler) reserve(n int) []*wnode {
	if n == 0 {
		return []*wnode{}
	}
	if cap(c.argSlab)-len(c.argSlab) < n {
		c.argSlab = c.mem.args.get(argChunk, n)
	}
	start := len(c.argSlab)
	c.argSlab = c.argSlab[:start+n]
	return c.argSlab[start : start+n : start+n]
}

// carve copies an argument list into the argument slab, so that the
// callers' lists (most written in place: c.call(k, at, x, y)) stay on
// their stacks. The copy's capacity is its length: appending to it never
// writes into the slab.
func (c *compiler) carve(args []*wnode) []*wnode {
	return carveInto(&c.argSlab, &c.mem.args, argChunk, args)
}

// newNode returns a zeroed node. Nodes come from slabs: a large mode
// lowers to hundreds of thousands of them, and one allocation per node
// kept the garbage collector busier than the lowering. The slabs are
// the compile's scratch memory (scratch.go).
func (c *compiler) newNode() *wnode {
	if len(c.slab) == 0 {
		s := c.mem.nodes.get(nodeChunk, 1)
		c.slab = s[:cap(s)]
	}
	n := &c.slab[0]
	c.slab = c.slab[1:]
	return n
}

// node copies w into a node of the slab. The node is zeroed: copying
// field by field, and only the pointers that are set, spares the write
// barriers a whole-node copy costs while the collector marks.
func (c *compiler) node(w wnode) *wnode {
	n := c.newNode()
	n.kind, n.num, n.loc, n.nameLoc = w.kind, w.num, w.loc, w.nameLoc
	if w.elem != nil {
		n.elem = w.elem
	}
	if w.member != nil {
		n.member = w.member
	}
	if w.args != nil {
		n.args = w.args
	}
	if w.text != "" {
		n.text = w.text
	}
	return n
}

func num(v float64, at Loc) *wnode { return &wnode{kind: wNumber, num: v, loc: at} }

// enumMember builds a bare enum member node.
func (c *compiler) enumMember(enum, member string, at Loc) *wnode {
	if e := c.names.enums[enum]; e != nil && e.members[member] != nil {
		return c.node(wnode{kind: wEnum, member: e.members[member], loc: at})
	}
	if e := c.v.Enum(enum); e != nil && e.Member(member) != nil {
		return c.node(wnode{kind: wEnum, member: e.Member(member), loc: at})
	}
	panic("opy: no catalog enum member " + enum + "." + member)
}

// operatorElements are the elements of the arithmetic operators.
var operatorElements = map[string]string{"+": "__add__", "-": "__subtract__", "*": "__multiply__", "/": "__divide__",
	"%": "__modulo__", "**": "__raiseToPower__", "and": "__and__", "or": "__or__"}

// expr lowers a value expression; nil means an error was reported.
func (c *compiler) expr(e Expr) *wnode {
	switch e := e.(type) {
	case nil, *BadExpr:
		return nil
	case *Number:
		w := c.node(wnode{kind: wNumber, num: e.Value, loc: e.Loc})
		if !(len(e.Text) >= 2 && e.Text[0] == '0' && e.Text[1]|0x20 == 'x') {
			w.text = e.Text // how OverPy writes it, for Custom String's equal arguments
		}
		return w
	case *String:
		return c.stringValue(e, nil)
	case *Name:
		return c.name(e)
	case *Member:
		return c.member(e)
	case *Call:
		return c.callExpr(e, false)
	case *Index:
		if d, ok := e.X.(*Dict); ok {
			return c.dictLookup(d, e)
		}
		x, i := c.expr(e.X), c.expr(e.Index)
		if x == nil || i == nil {
			return nil
		}
		return c.call("__valueInArray__", e.Loc, x, i)
	case *Unary:
		return c.unary(e)
	case *Binary:
		return c.binary(e)
	case *Ternary:
		cond, a, b := c.expr(e.Cond), c.expr(e.Then), c.expr(e.Else)
		if cond == nil || a == nil || b == nil {
			return nil
		}
		return c.call("__ifThenElse__", e.Loc, cond, a, b)
	case *List:
		if len(e.Elems) == 0 {
			return c.call("__emptyArray__", e.Loc)
		}
		args := make([]*wnode, 0, len(e.Elems))
		ok := true
		for _, x := range e.Elems {
			w := c.expr(x)
			ok = ok && w != nil
			args = append(args, w)
		}
		if !ok {
			return nil
		}
		return c.call("__array__", e.Loc, args...)
	case *Comprehension:
		return c.comprehension(e)
	case *Dict:
		c.d.errorf(codeSyntax, e.Loc, "a dictionary must be indexed where it is written: {KEY: VALUE, …}[KEY]")
		return nil
	case *Lambda:
		c.d.errorf(codeSyntax, e.Loc, "a lambda is only an argument of sorted, .map, .filter, .all and .any")
		return nil
	case *TypeExpr:
		c.d.errorf(codeSyntax, e.Loc, "a setting type is only the first argument of createWorkshopSetting")
		return nil
	}
	panic("opy: unknown expression")
}

func (c *compiler) unary(e *Unary) *wnode {
	switch e.Op {
	case "+":
		return c.expr(e.X)
	case "not":
		x := c.expr(e.X)
		if x == nil {
			return nil
		}
		return c.call("__not__", e.Loc, x)
	}
	// OverPy folds the negation of a literal, even unoptimised.
	if v, ok := literalNumber(e.X); ok {
		return c.node(wnode{kind: wNumber, num: -v, loc: e.Loc})
	}
	x := c.expr(e.X)
	if x == nil {
		return nil
	}
	return c.call("__multiply__", e.Loc, num(-1, e.OpLoc), x)
}

// literalNumber reads a number literal, negated any number of times.
func literalNumber(e Expr) (float64, bool) {
	switch e := e.(type) {
	case *Number:
		return e.Value, true
	case *Unary:
		if e.Op == "-" || e.Op == "+" {
			v, ok := literalNumber(e.X)
			if e.Op == "-" {
				v = -v
			}
			return v, ok
		}
	}
	return 0, false
}

func (c *compiler) binary(e *Binary) *wnode {
	x, y := c.compareOperands(e.Op, e.X, e.Y)
	if x == nil || y == nil {
		return nil
	}
	switch e.Op {
	case "==", "!=", "<", "<=", ">", ">=":
		return c.call("__compare__", e.Loc, x, c.node(wnode{kind: wCompare, text: e.Op, loc: e.OpLoc}), y)
	case "in":
		return c.call("__arrayContains__", e.Loc, y, x)
	case "not in":
		return c.call("__not__", e.Loc, c.call("__arrayContains__", e.Loc, y, x))
	}
	return c.call(operatorElements[e.Op], e.Loc, x, y)
}

// dictLookup lowers {K: V, …}[KEY] to Value In Array([V…], Index Of
// Array Value([K…], KEY)).
func (c *compiler) dictLookup(d *Dict, ix *Index) *wnode {
	keys := c.expr(&List{Elems: d.Keys, Loc: d.Loc})
	values := c.expr(&List{Elems: d.Values, Loc: d.Loc})
	key := c.expr(ix.Index)
	if keys == nil || values == nil || key == nil {
		return nil
	}
	return c.call("__valueInArray__", ix.Loc, values, c.call(".index", ix.Loc, keys, key))
}

// comprehension lowers [ELEM for X in ITER if COND]: a filter, then a map.
func (c *compiler) comprehension(e *Comprehension) *wnode {
	iter := c.expr(e.Iter)
	if iter == nil {
		return nil
	}
	c.pushAliases(e.Var, e.IndexVar, e.Loc)
	defer c.popAliases()
	if e.Cond != nil {
		cond := c.expr(e.Cond)
		if cond == nil {
			return nil
		}
		iter = c.call("__filteredArray__", e.Loc, iter, cond)
	}
	elem := c.expr(e.Elem)
	if elem == nil {
		return nil
	}
	return c.call("__mappedArray__", e.Loc, iter, elem)
}

// pushAliases makes lambda or comprehension variables stand for the
// current array element and index.
func (c *compiler) pushAliases(elem, index string, at Loc) {
	scope := map[string]string{}
	if elem != "" {
		scope[elem] = "__currentArrayElement__"
	}
	if index != "" {
		scope[index] = "__currentArrayIndex__"
	}
	c.aliases = append(c.aliases, scope)
}

func (c *compiler) popAliases() { c.aliases = c.aliases[:len(c.aliases)-1] }

// name lowers a name used as a value.
func (c *compiler) name(e *Name) *wnode {
	for i := len(c.aliases) - 1; i >= 0; i-- {
		if key, ok := c.aliases[i][e.Name]; ok {
			return c.call(key, e.Loc)
		}
	}
	if len(c.macroArgs) > 0 {
		if w, ok := c.macroArg(e.Name); ok {
			return w
		}
	}
	switch e.Name {
	case "ruleCondition", "RULE_CONDITION":
		return c.ruleCondition(e.Loc)
	}
	if c.globals.has(e.Name) || c.isDefaultVarUse(e.Name, c.globals) {
		c.globals.use(e.Name)
		c.record(GlobalVariable, e.Name, Read, e.Loc)
		return c.node(wnode{kind: wGlobalVar, text: e.Name, loc: e.Loc})
	}
	if el := c.names.bareValues[e.Name]; el != nil {
		return c.node(wnode{kind: wCall, elem: el, loc: e.Loc})
	}
	if m := c.macros[e.Name]; m != nil && !m.Fn {
		c.record(Macro, e.Name, CallUse, e.Loc)
		return c.expandConstMacro(m, e.Loc)
	}
	if en := c.names.enums[e.Name]; en != nil {
		return c.enumArray(en, e.Loc)
	}
	if ue := c.enums[e.Name]; ue != nil {
		return c.userEnumArray(ue, e.Loc)
	}
	if w, ok := c.bareBuiltin(e); ok {
		return w
	}
	if el := c.names.element(e.Name); el != nil && len(el.Params) == 0 && el.Kind == vocab.KindValue {
		return c.node(wnode{kind: wCall, elem: el, loc: e.Loc})
	}
	if c.globals.wasRefused(e.Name) {
		return nil
	}
	x := c.d.errorf(codeUnknownName, e.Loc, "unknown name '"+diag.Excerpt(e.Name)+"': not a declared variable, a default variable (A…DX) or a built-in value")
	if s := c.d.suggest.NearestIn(e.Name, c.knownNames); len(s) > 0 {
		x.Message += "; did you mean '" + s[0] + "'?"
		x.suggest(s...)
	}
	return nil
}

// isDefaultVarUse reports a default variable name not shadowed by
// anything else.
func (c *compiler) isDefaultVarUse(name string, t *slotTable) bool {
	_, ok := defaultVar(name)
	return ok
}

// knownNames are the names a value may be, for suggestions.
func (c *compiler) knownNames() []string {
	out := append([]string{}, c.globals.names...)
	for k := range c.names.bareValues {
		out = append(out, k)
	}
	for k := range c.macros {
		out = append(out, k)
	}
	return out
}

// member lowers X.NAME used as a value.
func (c *compiler) member(e *Member) *wnode {
	if n, ok := e.X.(*Name); ok && !c.isValueName(n.Name) {
		if w, handled := c.qualifiedName(n, e); handled {
			return w
		}
	}
	switch e.Name {
	case "x", "y", "z":
		x := c.expr(e.X)
		if x == nil {
			return nil
		}
		return c.call("__"+e.Name+"ComponentOf__", e.Loc, x)
	}
	if m := c.macros["Player."+e.Name]; m != nil && !m.Fn {
		c.record(Macro, e.Name, CallUse, e.NameLoc)
		return c.expandMemberConstMacro(m, e)
	}
	if c.players.has(e.Name) || c.isDefaultVarUse(e.Name, c.players) {
		x := c.expr(e.X)
		if x == nil {
			return nil
		}
		c.players.use(e.Name)
		c.record(PlayerVariable, e.Name, Read, e.NameLoc)
		return c.node(wnode{kind: wPlayerVar, text: e.Name, args: c.carve([]*wnode{x}), loc: e.Loc, nameLoc: e.NameLoc})
	}
	if c.players.wasRefused(e.Name) {
		return nil
	}
	x := c.d.errorf(codeUnknownMember, e.NameLoc, "unknown member '"+diag.Excerpt(e.Name)+"': not a declared player variable, a default variable (A…DX) or x, y, z")
	if s := c.d.suggest.NearestIn(e.Name, func() []string { return append(append([]string{}, c.players.names...), "x", "y", "z") }); len(s) > 0 {
		x.Message += "; did you mean '" + s[0] + "'?"
		x.suggest(s...)
	}
	return nil
}

// isValueName reports a name that is a value (a variable, a lambda
// variable), so NAME.MEMBER is a member of that value.
func (c *compiler) isValueName(name string) bool {
	for i := len(c.aliases) - 1; i >= 0; i-- {
		if _, ok := c.aliases[i][name]; ok {
			return true
		}
	}
	if len(c.macroArgs) > 0 {
		if _, ok := c.macroArgs[len(c.macroArgs)-1][name]; ok {
			return true
		}
	}
	return c.globals.has(name) || c.names.bareValues[name] != nil
}

// qualifiedName lowers ENUM.MEMBER and the other dotted constants.
func (c *compiler) qualifiedName(n *Name, e *Member) (*wnode, bool) {
	if el := c.names.element(n.Name + "." + e.Name); el != nil && el.Kind == vocab.KindValue {
		return c.node(wnode{kind: wCall, elem: el, loc: e.Loc}), true
	}
	if n.Name == "Math" {
		return c.mathConstant(e), true
	}
	// A program may extend a built-in enum (enum Team: HUMANS = …): its
	// members come first.
	if ue := c.enums[n.Name]; ue != nil && (ue.members[e.Name] != nil || c.names.enums[n.Name] == nil) {
		return c.userEnumMember(ue, e), true
	}
	if n.Name == "Texture" {
		return c.texture(e), true
	}
	if en := c.names.enums[n.Name]; en != nil {
		m := en.members[e.Name]
		if m == nil {
			x := c.d.errorf(codeUnknownEnumMember, e.NameLoc, "'"+n.Name+"' has no member '"+e.Name+"'")
			if s := c.d.suggest.NearestIn(e.Name, func() []string { return keysOf(en.members) }); len(s) > 0 {
				x.Message += "; did you mean '" + s[0] + "'?"
				x.suggest(s...)
			}
			return nil, true
		}
		return c.enumValue(en, m, e.Loc), true
	}
	if ue := c.enums[n.Name]; ue != nil {
		return c.userEnumMember(ue, e), true
	}
	return nil, false
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// enumValue is an enum member used as a value: wrapped (Hero(Ana)) or
// bare (All Teams), OverPy-only colours as Custom Color.
func (c *compiler) enumValue(en *opyEnum, m *vocab.Member, at Loc) *wnode {
	w := c.node(wnode{kind: wEnum, member: m, loc: at})
	if m.OnlyInOverPy && len(m.RGBA) == 4 {
		return c.call("rgb", at, num(float64(m.RGBA[0]), at), num(float64(m.RGBA[1]), at), num(float64(m.RGBA[2]), at), num(float64(m.RGBA[3]), at))
	}
	if en.wrap == "" {
		return w
	}
	return c.call(en.wrap, at, w)
}

// enumArray is an enum used alone: the array of its members.
func (c *compiler) enumArray(en *opyEnum, at Loc) *wnode {
	var args []*wnode
	for _, m := range en.enum.Members {
		if m.OnlyInOverPy {
			continue
		}
		args = append(args, c.enumValue(en, m, at))
	}
	return c.call("__array__", at, args...)
}

// typeHas reports whether a value's type includes name.
func typeHas(w *wnode, name string) bool {
	return w != nil && w.kind == wCall && w.elem.Returns.Has(name)
}
