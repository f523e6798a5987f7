package opy

// This file lowers assignments and the control statements that need
// more than one action: for, do/while, switch, break, continue, goto.

import "github.com/wright-lsp/wright-lsp/engine/diag"

// assign lowers TARGET OP VALUE. Unoptimised, A += B is A = A + B.
func (c *compiler) assign(s *AssignStmt) {
	var value *wnode
	switch s.Op {
	case "=":
		value = c.expr(s.Value)
	case "++", "--":
		if exprHasRandom(s.Target) {
			c.modifyRandom(s)
			return
		}
		cur := c.expr(s.Target)
		if cur == nil {
			return
		}
		key := "__add__"
		if s.Op == "--" {
			key = "__subtract__"
		}
		value = c.call(key, s.Loc, cur, num(1, s.OpLoc))
	default:
		if exprHasRandom(s.Target) {
			c.modifyRandom(s)
			return
		}
		cur, v := c.expr(s.Target), c.expr(s.Value)
		if cur == nil || v == nil {
			return
		}
		key := map[string]string{"+=": "__add__", "-=": "__subtract__", "*=": "__multiply__", "/=": "__divide__",
			"%=": "__modulo__", "**=": "__raiseToPower__", "min=": "min", "max=": "max"}[s.Op]
		value = c.call(key, s.Loc, cur, v)
	}
	if value == nil {
		return
	}
	if w := c.setVariable(s.Target, value, s.Loc); w != nil {
		c.emitAction(w, s.Loc, s.Comments)
	}
}

// exprHasRandom reports a random value in an expression: the target of a
// compound assignment that holds one is modified in place (A = A + 1
// would pick two different players).
func exprHasRandom(e Expr) bool {
	found := false
	walkExpr(e, func(x Expr) {
		if m, ok := x.(*Member); ok {
			if n, ok := m.X.(*Name); ok && n.Name == "random" {
				found = true
			}
		}
	})
	return found
}

// modifyRandom lowers a compound assignment of a target holding a random
// value: Modify Global/Player Variable(target, OP, value).
func (c *compiler) modifyRandom(s *AssignStmt) {
	op := map[string]string{"+=": "__add__", "-=": "__subtract__", "*=": "__multiply__", "/=": "__divide__",
		"%=": "__modulo__", "**=": "__raiseToPower__", "min=": "__min__", "max=": "__max__", "++": "__add__", "--": "__subtract__"}[s.Op]
	var v *wnode
	if s.Value == nil {
		v = num(1, s.OpLoc)
	} else if v = c.expr(s.Value); v == nil {
		return
	}
	if w := c.modify(s.Target, c.enumMember("__Operation__", op, s.OpLoc), v, s.Loc); w != nil {
		c.emitAction(w, s.Loc, s.Comments)
	}
}

// setVariable builds the action that stores value in target.
func (c *compiler) setVariable(target Expr, value *wnode, at Loc) *wnode {
	switch t := target.(type) {
	case *Name:
		if !c.assignableGlobal(t) {
			return nil
		}
		return c.call("__setGlobalVariable__", at, c.node(wnode{kind: wIdent, text: t.Name, loc: t.Loc}), value)
	case *Member:
		p, name, ok := c.playerVarTarget(t)
		if !ok {
			return nil
		}
		return c.call("__setPlayerVariable__", at, p, name, value)
	case *Index:
		idx := c.expr(t.Index)
		if idx == nil {
			return nil
		}
		switch x := t.X.(type) {
		case *Name:
			if !c.assignableGlobal(x) {
				return nil
			}
			return c.call("__setGlobalVariableAtIndex__", at, c.node(wnode{kind: wIdent, text: x.Name, loc: x.Loc}), idx, value)
		case *Member:
			p, name, ok := c.playerVarTarget(x)
			if !ok {
				return nil
			}
			return c.call("__setPlayerVariableAtIndex__", at, p, name, idx, value)
		case *Index:
			// A[i][j] = v: the row rebuilt around the new element.
			row := c.expr(x)
			if row == nil {
				return nil
			}
			newRow := c.call(".concat", at,
				c.call(".concat", at, c.call(".slice", at, row, num(0, at), idx), c.call("__array__", at, value)),
				c.call(".slice", at, row, c.call("__add__", at, idx, num(1, at)), num(999999999999, at)))
			return c.setVariable(x, newRow, at)
		}
	}
	if _, bad := target.(*BadExpr); !bad {
		c.d.errorf(codeNotAssignable, target.exprLoc(), "only a variable, a player variable or an element of one can be assigned")
	}
	return nil
}

// assignableGlobal checks that a name can be assigned as a global
// variable and records its use.
func (c *compiler) assignableGlobal(n *Name) bool {
	if c.globals.has(n.Name) || c.globals.use(n.Name) {
		c.record(GlobalVariable, n.Name, Write, n.Loc)
		return true
	}
	if c.names.bareValues[n.Name] != nil || c.names.element(n.Name) != nil {
		c.d.errorf(codeNotAssignable, n.Loc, "'"+n.Name+"' is a built-in value and cannot be assigned")
		return false
	}
	if c.globals.wasRefused(n.Name) {
		return false
	}
	x := c.d.errorf(codeUnknownName, n.Loc, "unknown variable '"+diag.Excerpt(n.Name)+"': "+howToDeclare("globalvar", n.Name))
	x.suggest()
	return false
}

// howToDeclare says how an unknown variable name can be made known: by
// its declaration, unless the Workshop cannot hold the name.
func howToDeclare(keyword, name string) string {
	if !isWorkshopName(name) {
		return "declare a variable named with ASCII letters, digits and '_' (the Workshop's names) or use a default name (A…DX)"
	}
	return "declare it with '" + keyword + " " + diag.Excerpt(name) + "' or use a default name (A…DX)"
}

// playerVarTarget reads P.NAME as an assignment target.
func (c *compiler) playerVarTarget(m *Member) (*wnode, *wnode, bool) {
	if !c.players.has(m.Name) && !c.players.use(m.Name) {
		if c.players.wasRefused(m.Name) {
			return nil, nil, false
		}
		c.d.errorf(codeUnknownMember, m.NameLoc, "unknown player variable '"+diag.Excerpt(m.Name)+"': "+howToDeclare("playervar", m.Name))
		return nil, nil, false
	}
	c.record(PlayerVariable, m.Name, Write, m.NameLoc)
	p := c.expr(m.X)
	if p == nil {
		return nil, nil, false
	}
	return p, c.node(wnode{kind: wIdent, text: m.Name, loc: m.NameLoc}), true
}

// del lowers del TARGET[INDEX]: Modify … Remove From Array By Index.
func (c *compiler) del(s *DelStmt) {
	ix, ok := s.Target.(*Index)
	if !ok {
		if _, bad := s.Target.(*BadExpr); !bad {
			c.d.errorf(codeNotAssignable, s.Target.exprLoc(), "del takes an element of an array variable: del A[INDEX]")
		}
		return
	}
	i := c.expr(ix.Index)
	if i == nil {
		return
	}
	op := c.enumMember("__Operation__", "__removeFromArrayByIndex__", s.Loc)
	if w := c.modify(ix.X, op, i, s.Loc); w != nil {
		c.emitAction(w, s.Loc, s.Comments)
	}
}

// modify builds Modify Global/Player Variable(target, op, value).
func (c *compiler) modify(target Expr, op, value *wnode, at Loc) *wnode {
	switch t := target.(type) {
	case *Name:
		if !c.assignableGlobal(t) {
			return nil
		}
		return c.call("__modifyGlobalVariable__", at, c.node(wnode{kind: wIdent, text: t.Name, loc: t.Loc}), op, value)
	case *Member:
		p, name, ok := c.playerVarTarget(t)
		if !ok {
			return nil
		}
		return c.call("__modifyPlayerVariable__", at, p, name, op, value)
	case *Index:
		idx := c.expr(t.Index)
		if idx == nil {
			return nil
		}
		switch x := t.X.(type) {
		case *Name:
			if !c.assignableGlobal(x) {
				return nil
			}
			return c.call("__modifyGlobalVariableAtIndex__", at, c.node(wnode{kind: wIdent, text: x.Name, loc: x.Loc}), idx, op, value)
		case *Member:
			p, name, ok := c.playerVarTarget(x)
			if !ok {
				return nil
			}
			return c.call("__modifyPlayerVariableAtIndex__", at, p, name, idx, op, value)
		}
	}
	c.d.errorf(codeNotAssignable, target.exprLoc(), "only a variable, a player variable or an element of one can be modified")
	return nil
}

// forStmt lowers for VAR in range(…): For Global/Player Variable … End.
func (c *compiler) forStmt(s *ForStmt) {
	args := make([]*wnode, 0, 3)
	for _, r := range s.Range {
		w := c.expr(r)
		if w == nil {
			return
		}
		args = append(args, w)
	}
	var start, stop, step *wnode
	switch len(args) {
	case 1:
		start, stop, step = num(0, s.RangeLoc), args[0], num(1, s.RangeLoc)
	case 2:
		start, stop, step = args[0], args[1], num(1, s.RangeLoc)
	default:
		start, stop, step = args[0], args[1], args[2]
	}
	var head *wnode
	switch v := s.Var.(type) {
	case *Name:
		if !c.assignableGlobal(v) {
			return
		}
		head = c.call("__forGlobalVariable__", s.Loc, c.node(wnode{kind: wIdent, text: v.Name, loc: v.Loc}), start, stop, step)
	case *Member:
		p, name, ok := c.playerVarTarget(v)
		if !ok {
			return
		}
		head = c.call("__forPlayerVariable__", s.Loc, p, name, start, stop, step)
	default:
		c.d.errorf(codeInvalidLoop, s.Var.exprLoc(), "a for loop's variable is a global or a player variable")
		return
	}
	h := c.emitAction(head, s.Loc, s.Comments)
	c.loopBody("for", s.Body, s.Loc)
	c.block(h, c.emitAction(c.call("__end__", s.Loc), s.Loc, nil), s.Loc)
}

// doStmt lowers do: … while COND: the body, then Loop If(COND). OverPy
// allows it only as the first statement of a rule, where Loop goes back
// to its start.
func (c *compiler) doStmt(s *DoStmt, atStart bool) {
	st := c.rule
	if !atStart {
		c.d.errorf(codeSyntax, s.Loc, "a do/while loop can only start a rule: its Loop If goes back to the rule's first action")
		return
	}
	c.emitAction(c.call("return", s.Loc), s.Loc, []string{"pass"})
	st.r.actions[len(st.r.actions)-1].disabled = true
	c.loopID++
	l := &loopState{kind: "do", id: c.loopID}
	st.loops = append(st.loops, l)
	st.atStart = true
	c.stmts(s.Body)
	st.atStart = false
	st.loops = st.loops[:len(st.loops)-1]
	if key, ok := ruleConditionTest(s.Cond, "__loopIfConditionIsTrue__", "__loopIfConditionIsFalse__"); ok {
		c.emitAction(c.call(key, s.WhileLoc), s.WhileLoc, nil)
	} else if cond := c.expr(s.Cond); cond != nil {
		c.emitAction(c.call("__loopIf__", s.WhileLoc, cond), s.WhileLoc, nil)
	}
	if len(l.breaks) > 0 {
		c.emitLabel("__label_break_" + itoa(l.id) + "__")
		end := len(st.r.actions)
		for _, i := range l.breaks {
			c.setSkip(i, end)
		}
	}
}

// ruleConditionTest reads "ruleCondition" or "not ruleCondition" as a
// condition, which OverPy lowers to the If Condition Is True/False forms.
func ruleConditionTest(e Expr, ifTrue, ifFalse string) (string, bool) {
	key := ifTrue
	if u, ok := e.(*Unary); ok && u.Op == "not" {
		key, e = ifFalse, u.X
	}
	if n, ok := e.(*Name); ok && (n.Name == "ruleCondition" || n.Name == "RULE_CONDITION") {
		return key, true
	}
	return "", false
}

// switchStmt lowers switch: If(True), a Skip into the case, the cases'
// statements with their labels, End. A break leaves the switch by Else.
func (c *compiler) switchStmt(s *SwitchStmt) {
	st := c.rule
	value := c.expr(s.Value)
	if value == nil {
		return
	}
	c.loopID++
	l := &loopState{kind: "switch", id: c.loopID}
	c.emitAction(c.call("__if__", s.Loc, c.call("true", s.Loc)), s.Loc, s.Comments)
	st.depth++
	skipAt := c.emitAction(c.call("__skip__", s.Loc, num(0, s.Loc)), s.Loc, nil)
	st.depth--
	var keys []*wnode
	var starts []int
	defaultStart := -1
	st.loops = append(st.loops, l)
	for i, x := range s.Body {
		cs, ok := x.(*CaseStmt)
		if !ok {
			c.d.errorf(codeSyntax, x.stmtLoc(), "a switch holds 'case' and 'default' blocks")
			continue
		}
		if cs.Default {
			c.emitLabel("__label_switch_" + itoa(l.id) + "_default__")
			defaultStart = len(st.r.actions)
		} else {
			k := c.expr(cs.Value)
			if k == nil {
				k = num(0, cs.Loc)
			}
			keys = append(keys, k)
			c.emitLabel("__label_switch_" + itoa(l.id) + "_" + itoa(i) + "__")
			starts = append(starts, len(st.r.actions))
		}
		c.stmts(cs.Body)
	}
	st.loops = st.loops[:len(st.loops)-1]
	end := len(st.r.actions)
	c.emitAction(c.call("__end__", s.Loc), s.Loc, nil)
	count := func(from, to int) float64 {
		n := 0
		for _, a := range st.r.actions[from:to] {
			if a.node != nil {
				n++
			}
		}
		return float64(n)
	}
	offsets := make([]*wnode, 0, len(keys)+1)
	if defaultStart < 0 {
		defaultStart = end
	}
	offsets = append(offsets, num(count(skipAt+1, defaultStart), s.Loc))
	for _, from := range starts {
		offsets = append(offsets, num(count(skipAt+1, from), s.Loc))
	}
	index := c.call("__add__", s.Loc, num(1, s.Loc), c.call(".index", s.Loc, c.call("__array__", s.Loc, keys...), value))
	skip := st.r.actions[skipAt].node
	skip.args[0] = c.call("__valueInArray__", s.Loc, c.call("__array__", s.Loc, offsets...), index)
}

// simple lowers break, continue, return and pass.
func (c *compiler) simple(s *SimpleStmt) {
	st := c.rule
	switch s.Kind {
	case "return":
		c.emitAction(c.call("return", s.Loc), s.Loc, s.Comments)
	case "pass":
		i := c.emitAction(c.call("return", s.Loc), s.Loc, append(s.Comments, "pass"))
		st.r.actions[i].disabled = true
	case "break":
		if len(st.loops) == 0 {
			c.d.warn(codeBreakOutsideLoop, s.Loc, "'break' is not inside a loop or a switch: it ends the rule (Abort)")
			c.emitAction(c.call("return", s.Loc), s.Loc, s.Comments)
			return
		}
		l := st.loops[len(st.loops)-1]
		switch l.kind {
		case "switch":
			c.emitAction(c.call("__else__", s.Loc), s.Loc, s.Comments)
		case "do":
			i := c.emitAction(c.call("__skip__", s.Loc, num(0, s.Loc)), s.Loc, s.Comments)
			l.breaks = append(l.breaks, i)
		default:
			c.emitAction(c.call("break", s.Loc), s.Loc, s.Comments)
		}
	case "continue":
		var l *loopState
		for i := len(st.loops) - 1; i >= 0; i-- {
			if st.loops[i].kind != "switch" {
				l = st.loops[i]
				break
			}
		}
		if l == nil {
			c.d.errorf(codeSyntax, s.Loc, "'continue' is not inside a loop")
			return
		}
		if l.kind == "do" {
			c.emitAction(c.call("loop", s.Loc), s.Loc, s.Comments)
			return
		}
		// Not the Continue action: OverPy skips to the end of the body
		// instead, because of a Workshop bug with Continue.
		i := c.emitAction(c.call("__skip__", s.Loc, num(0, s.Loc)), s.Loc, s.Comments)
		l.continues = append(l.continues, i)
	}
}

// gotoStmt lowers goto LABEL (a Skip counted when the rule is done),
// goto loc+VALUE (Skip(VALUE)) and goto RULE_START (Loop).
func (c *compiler) gotoStmt(s *GotoStmt) {
	st := c.rule
	if s.Dynamic != nil {
		v := c.expr(s.Dynamic)
		if v != nil {
			c.emitAction(c.call("__skip__", s.Loc, v), s.Loc, s.Comments)
		}
		return
	}
	if s.Label == "RULE_START" {
		c.emitAction(c.call("loop", s.Loc), s.Loc, s.Comments)
		return
	}
	i := c.emitAction(c.call("__skip__", s.Loc, num(0, s.Loc)), s.Loc, s.Comments)
	st.gotos = append(st.gotos, pendingGoto{action: i, label: s.Label, loc: s.LabelLoc})
}

// resolveGotos counts the Skips of a rule's gotos.
func (c *compiler) resolveGotos(st *ruleState) {
	for _, g := range st.gotos {
		target, ok := st.labels[g.label]
		if !ok || target < g.action {
			msg := "no label '" + g.label + "' in this rule"
			if ok {
				msg = "label '" + g.label + "' is before the goto: a goto only jumps forward (use goto RULE_START or a loop)"
			}
			c.d.errorf(codeUnknownLabel, g.loc, msg)
			continue
		}
		c.setSkip(g.action, target)
	}
}
