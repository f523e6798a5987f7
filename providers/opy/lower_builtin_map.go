package opy

// This file lowers getCurrentMap(). In the game, Current Map is wrong on
// maps that share their name with another (Colosseo, Esperança, Samoa,
// Throne of Anubis), so OverPy works around it as its output shows:
//
//   - getCurrentMap() == Map.X compares the maps' texts when X is
//     Colosseo, Esperança or Samoa, and the maps themselves otherwise;
//   - anywhere else, when the program names one of the four maps,
//     getCurrentMap() is the first of those it names whose text is
//     Current Map's, or else Current Map; a program that names none of
//     them gets Current Map.
//
// Whether the program names them is known once it is all lowered: each
// getCurrentMap() is Current Map until then, and resolveCurrentMaps
// rewrites them.

// sameNameMaps are the maps with a workaround, in OverPy's order; the
// first three are also compared by text.
var sameNameMaps = []string{"colosseo", "esperanca", "samoa", "throneOfAnubis"}

// textComparedMaps are the maps getCurrentMap() == Map.X compares by
// text, by their OverPy names.
var textComparedMaps = map[string]bool{"COLOSSEO": true, "ESPERANCA": true, "SAMOA": true}

// getCurrentMap lowers getCurrentMap(): Current Map, rewritten by
// resolveCurrentMaps when the program needs the workaround.
func (c *compiler) getCurrentMap(b *builtinCall) *wnode {
	if !c.arity(b.e, b.name, 0, 0) {
		return nil
	}
	w := c.call("__getCurrentMap__", b.e.Loc)
	c.bs.currentMaps = append(c.bs.currentMaps, w)
	return w
}

// compareOperands lowers the operands of a comparison, x OP y:
// getCurrentMap() == Map.X is compared as the workaround wants.
func (c *compiler) compareOperands(op string, x, y Expr) (*wnode, *wnode) {
	if op == "==" {
		if current, m, ok := c.currentMapComparison(x, y); ok {
			mapValue := c.expr(m)
			if mapValue == nil {
				return nil, nil
			}
			cur := c.call("__getCurrentMap__", current.exprLoc())
			if !textComparedMaps[m.Name] {
				if current == x {
					return cur, mapValue
				}
				return mapValue, cur
			}
			text := func(w *wnode) *wnode { return c.customStr("{0}", w.loc, w) }
			return text(cur), text(mapValue)
		}
	}
	return c.expr(x), c.expr(y)
}

// currentMapComparison reports whether x and y are getCurrentMap() (or
// its bare name) and Map.MEMBER, in either order.
func (c *compiler) currentMapComparison(x, y Expr) (current Expr, m *Member, ok bool) {
	isCurrent := func(e Expr) bool {
		if n, isName := e.(*Name); isName {
			return n.Name == "getCurrentMap" && !c.isValueName(n.Name)
		}
		call, isCall := e.(*Call)
		name, isName := callName(call)
		return isCall && isName && name == "getCurrentMap" && len(call.Args) == 0
	}
	isMap := func(e Expr) (*Member, bool) {
		m, isMember := e.(*Member)
		if !isMember {
			return nil, false
		}
		n, isName := m.X.(*Name)
		return m, isName && n.Name == "Map"
	}
	if m, ok := isMap(y); ok && isCurrent(x) {
		return x, m, true
	}
	if m, ok := isMap(x); ok && isCurrent(y) {
		return y, m, true
	}
	return nil, nil, false
}

// resolveCurrentMaps rewrites every getCurrentMap() of the program into
// the workaround when the program names a map that needs it.
func (c *compiler) resolveCurrentMaps() {
	if len(c.bs.currentMaps) == 0 {
		return
	}
	named := map[string]bool{}
	var visit func(w *wnode)
	visit = func(w *wnode) {
		if w == nil {
			return
		}
		if w.kind == wEnum && w.member.Enum.ID == "MapLiteral" {
			named[w.member.ID] = true
		}
		for _, a := range w.args {
			visit(a)
		}
	}
	for _, r := range c.rules {
		for _, cond := range r.conditions {
			visit(cond.lhs)
			visit(cond.rhs)
		}
		for _, a := range r.actions {
			visit(a.node)
		}
	}
	var maps []string
	for _, m := range sameNameMaps {
		if named[m] {
			maps = append(maps, m)
		}
	}
	if len(maps) == 0 {
		return
	}
	en := c.names.enums["Map"]
	for _, w := range c.bs.currentMaps {
		at := w.loc
		candidates := make([]*wnode, 0, len(maps)+1)
		for _, m := range maps {
			candidates = append(candidates, c.enumValue(en, en.enum.Member(m), at))
		}
		candidates = append(candidates, c.call("__getCurrentMap__", at))
		sameText := c.compare(c.customStr("{0}", at, c.call("__getCurrentMap__", at)), "==",
			c.call(".split", at, c.element(at), c.call("__emptyArray__", at)), at)
		*w = *c.call("__valueInArray__", at, c.call("__filteredArray__", at, c.call("__array__", at, candidates...), sameText), num(0, at))
	}
}
