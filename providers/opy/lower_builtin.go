package opy

// This file lowers OverPy's own functions: the ones that are not catalog
// elements (floor, sorted, raycast(…).getHitPosition(), chase, …) and the
// built-in macros (getAllPlayers, hudHeader, print, …).

// builtinNames are the OverPy functions this file knows, for
// suggestions.
var builtinNames = []string{"getAllPlayers", "floor", "ceil", "round", "sorted", "any", "all", "raycast", "chase",
	"chaseAtRate", "chaseOverTime", "stopChasingVariable", "async", "getCurrentMap", "hudHeader", "hudSubheader",
	"hudSubtext", "print", "range"}

// builtin lowers a call of an OverPy function; handled is false when name
// is not one. recv is the receiver of a member function (name starts
// with '.').
func (c *compiler) builtin(name string, e *Call, recv Expr, asAction bool) (w *wnode, handled bool) {
	valueOnly := func() bool {
		if asAction {
			c.d.errorf(codeExpectedAction, e.Loc, "'"+name+"' is a value, not an action: assign it or use it in one")
			return false
		}
		return true
	}
	actionOnly := func() bool {
		if !asAction {
			c.d.errorf(codeExpectedValue, e.Loc, "'"+name+"' is an action, not a value")
			return false
		}
		return true
	}
	switch name {
	case "getAllPlayers":
		if !valueOnly() || !c.arity(e, name, 0, 0) {
			return nil, true
		}
		return c.call("getPlayers", e.Loc, c.enumMember("Team", "ALL", e.Loc)), true
	case "getCurrentMap":
		if !valueOnly() || !c.arity(e, name, 0, 0) {
			return nil, true
		}
		return c.call("__getCurrentMap__", e.Loc), true
	case "floor", "ceil", "round":
		if !valueOnly() || !c.arity(e, name, 1, 1) {
			return nil, true
		}
		x := c.expr(e.Args[0].Value)
		if x == nil {
			return nil, true
		}
		mode := map[string]string{"floor": "__roundDown__", "ceil": "__roundUp__", "round": "__roundToNearest__"}[name]
		return c.call("__round__", e.Loc, x, c.enumMember("__Rounding__", mode, e.Loc)), true
	case "sorted":
		if !valueOnly() || !c.arity(e, name, 1, 2) {
			return nil, true
		}
		arr := c.expr(e.Args[0].Value)
		if arr == nil {
			return nil, true
		}
		if len(e.Args) == 1 {
			return c.call("__sortedArray__", e.Loc, arr, c.call("__currentArrayElement__", e.Loc)), true
		}
		if e.Args[1].Name != "" && e.Args[1].Name != "key" {
			c.d.errorf(codeUnknownKeywordArg, e.Args[1].NameLoc, "sorted() takes key=")
			return nil, true
		}
		rank := c.lambdaBody(e.Args[1].Value, name)
		if rank == nil {
			return nil, true
		}
		return c.call("__sortedArray__", e.Loc, arr, rank), true
	case "any", "all":
		if !valueOnly() || !c.arity(e, name, 1, 1) {
			return nil, true
		}
		key := map[string]string{"any": "__any__", "all": "__all__"}[name]
		if comp, ok := e.Args[0].Value.(*Comprehension); ok {
			iter := c.expr(comp.Iter)
			if iter == nil {
				return nil, true
			}
			c.pushAliases(comp.Var, comp.IndexVar, comp.Loc)
			defer c.popAliases()
			if comp.Cond != nil {
				cond := c.expr(comp.Cond)
				if cond == nil {
					return nil, true
				}
				iter = c.call("__filteredArray__", comp.Loc, iter, cond)
			}
			body := c.expr(comp.Elem)
			if body == nil {
				return nil, true
			}
			return c.call(key, e.Loc, iter, body), true
		}
		arr := c.expr(e.Args[0].Value)
		if arr == nil {
			return nil, true
		}
		return c.call(key, e.Loc, arr, c.call("__currentArrayElement__", e.Loc)), true
	case ".map", ".filter", ".any", ".all":
		if !valueOnly() || !c.arity(e, name, 1, 1) {
			return nil, true
		}
		arr := c.expr(recv)
		if arr == nil {
			return nil, true
		}
		body := c.lambdaBody(e.Args[0].Value, name)
		if body == nil {
			return nil, true
		}
		key := map[string]string{".map": "__mappedArray__", ".filter": "__filteredArray__", ".any": "__any__", ".all": "__all__"}[name]
		return c.call(key, e.Loc, arr, body), true
	case ".getHitPosition", ".getPlayerHit", ".getNormal":
		rc, ok := recv.(*Call)
		if n, isName := callName(rc); !ok || !isName || n != "raycast" {
			return nil, false
		}
		if !valueOnly() {
			return nil, true
		}
		if !c.arity(e, name, 0, 0) {
			return nil, true
		}
		key := map[string]string{".getHitPosition": "raycastHitPosition", ".getPlayerHit": "raycastHitPlayer", ".getNormal": "raycastHitNormal"}[name]
		el := c.names.element(key)
		args := c.bindArgs(el.Params, "raycast", rc, nil)
		if args == nil {
			return nil, true
		}
		return &wnode{kind: wCall, elem: el, args: args, loc: e.Loc}, true
	case "raycast":
		c.d.errorf(codeSyntax, e.Loc, "raycast(…) is read with .getHitPosition(), .getPlayerHit() or .getNormal()")
		return nil, true
	case "async":
		el := c.names.element("startRule")
		if !actionOnly() {
			return nil, true
		}
		return c.elementCall(el, "async", e, nil, true), true
	case "chase", "chaseAtRate", "chaseOverTime":
		if !actionOnly() {
			return nil, true
		}
		return c.chase(name, e), true
	case "stopChasingVariable":
		if !actionOnly() || !c.arity(e, name, 1, 1) {
			return nil, true
		}
		switch t := e.Args[0].Value.(type) {
		case *Name:
			if !c.assignableGlobal(t) {
				return nil, true
			}
			return c.call("__stopChasingGlobalVariable__", e.Loc, &wnode{kind: wIdent, text: t.Name, loc: t.Loc}), true
		case *Member:
			p, v, ok := c.playerVarTarget(t)
			if !ok {
				return nil, true
			}
			return c.call("__stopChasingPlayerVariable__", e.Loc, p, v), true
		}
		c.d.errorf(codeNotAssignable, e.Args[0].Value.exprLoc(), "stopChasingVariable takes a variable or a player variable")
		return nil, true
	case "hudHeader", "hudSubheader", "hudSubtext":
		if !actionOnly() {
			return nil, true
		}
		return c.hudMacro(name, e), true
	case "print":
		if !actionOnly() || !c.arity(e, name, 1, 1) {
			return nil, true
		}
		x := c.expr(e.Args[0].Value)
		if x == nil {
			return nil, true
		}
		pad := c.printPadding(e.Loc)
		en := c.names.enums["Color"]
		return c.call("hudText", e.Loc, c.call("getPlayers", e.Loc, c.enumMember("Team", "ALL", e.Loc)), x, pad, c.call("null", e.Loc),
			c.enumMember("HudPosition", "LEFT", e.Loc), num(-9999, e.Loc), c.enumValue(en, en.members["ORANGE"], e.Loc),
			c.call("null", e.Loc), c.call("null", e.Loc), c.enumMember("HudReeval", "VISIBILITY_AND_STRING", e.Loc),
			c.enumMember("SpecVisibility", "DEFAULT", e.Loc)), true
	case "range":
		c.d.errorf(codeSyntax, e.Loc, "range(…) is only the loop of a for: for VARIABLE in range(…):")
		return nil, true
	case ".format":
		s, ok := recv.(*String)
		if !ok {
			c.d.errorf(codeFormatArguments, recv.exprLoc(), ".format() is a method of string literals only")
			return nil, true
		}
		if !valueOnly() {
			return nil, true
		}
		args := make([]Expr, 0, len(e.Args))
		for _, a := range e.Args {
			if a.Name != "" {
				c.d.errorf(codeUnknownKeywordArg, a.NameLoc, ".format() takes no keyword arguments")
				return nil, true
			}
			args = append(args, a.Value)
		}
		w := c.stringValue(s, args)
		if w != nil {
			w.loc = e.Loc
		}
		return w, true
	case ".append", ".remove":
		c.d.errorf(codeExpectedValue, e.Loc, "'"+name+"' changes a variable and has no value: write it as a statement")
		return nil, true
	}
	return nil, false
}

// arity checks a builtin's argument count and that none is a keyword.
func (c *compiler) arity(e *Call, name string, lo, hi int) bool {
	if len(e.Args) < lo || len(e.Args) > hi {
		want := itoa(lo)
		if hi != lo {
			want += " to " + itoa(hi)
		}
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'"+name+"' takes "+want+" arguments, got "+itoa(len(e.Args)))
		return false
	}
	return true
}

// lambdaBody lowers "lambda x: BODY" with x standing for the current
// array element (and a second parameter for its index).
func (c *compiler) lambdaBody(e Expr, fn string) *wnode {
	l, ok := e.(*Lambda)
	if !ok {
		if _, bad := e.(*BadExpr); !bad {
			c.d.errorf(codeSyntax, e.exprLoc(), fn+" takes a lambda here: lambda x: …")
		}
		return nil
	}
	if len(l.Params) > 2 {
		c.d.errorf(codeSyntax, l.Loc, "a lambda takes the element and, optionally, its index")
		return nil
	}
	idx := ""
	if len(l.Params) == 2 {
		idx = l.Params[1]
	}
	c.pushAliases(l.Params[0], idx, l.Loc)
	defer c.popAliases()
	return c.expr(l.Body)
}

// actionSpecial lowers the statements that are calls with a special
// form: A.append(x), A.remove(x).
func (c *compiler) actionSpecial(call *Call, s *ExprStmt) bool {
	m, ok := call.Fn.(*Member)
	if !ok || (m.Name != "append" && m.Name != "remove") {
		return false
	}
	if _, isRandom := m.X.(*Name); isRandom && m.X.(*Name).Name == "random" {
		return false
	}
	if len(call.Args) != 1 || call.Args[0].Name != "" {
		c.d.errorf(codeWrongArgumentCount, call.ArgLoc, "."+m.Name+"() takes one value")
		return true
	}
	cur := c.expr(m.X)
	v := c.expr(call.Args[0].Value)
	if cur == nil || v == nil {
		return true
	}
	key := "__appendToArray__"
	if m.Name == "remove" {
		key = ".exclude"
	}
	var value *wnode
	if key == "__appendToArray__" {
		value = c.call(".concat", call.Loc, cur, v)
	} else {
		value = c.call(key, call.Loc, cur, v)
	}
	if w := c.setVariable(m.X, value, s.Loc); w != nil {
		c.emitAction(w, s.Loc, s.Comments)
	}
	return true
}

// chase lowers chase(VAR, DEST, rate=R | duration=D, REEVAL),
// chaseAtRate(VAR, DEST, R, REEVAL) and chaseOverTime(VAR, DEST, D,
// REEVAL).
func (c *compiler) chase(name string, e *Call) *wnode {
	if len(e.Args) < 3 || len(e.Args) > 4 {
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, name+" takes a variable, a destination, a rate or duration, and optionally a reevaluation")
		return nil
	}
	rate := name == "chaseAtRate"
	if name == "chase" {
		switch e.Args[2].Name {
		case "rate":
			rate = true
		case "duration":
		default:
			c.d.errorf(codeMissingArgument, e.Args[2].Value.exprLoc(), "chase takes rate=RATE or duration=DURATION as its 3rd argument")
			return nil
		}
	} else if e.Args[2].Name != "" && e.Args[2].Name != "rate" && e.Args[2].Name != "duration" {
		c.d.errorf(codeUnknownKeywordArg, e.Args[2].NameLoc, name+" has no parameter '"+e.Args[2].Name+"'")
		return nil
	}
	dest := c.expr(e.Args[1].Value)
	amount := c.expr(e.Args[2].Value)
	if dest == nil || amount == nil {
		return nil
	}
	enumName, def := "ChaseTimeReeval", "DESTINATION_AND_DURATION"
	if rate {
		enumName, def = "ChaseRateReeval", "DESTINATION_AND_RATE"
	}
	reeval := c.enumMember(enumName, def, e.Loc)
	if len(e.Args) == 4 {
		m, ok := e.Args[3].Value.(*Member)
		n, isName := Expr(nil), false
		if ok {
			n, isName = m.X.(*Name)
		}
		if !ok || !isName || (n.(*Name).Name != "ChaseReeval" && n.(*Name).Name != enumName) {
			c.d.errorf(codeExpectedEnum, e.Args[3].Value.exprLoc(), "the 4th argument of "+name+" takes a member of "+enumName)
			return nil
		}
		en := c.names.enums[enumName]
		mem := en.members[m.Name]
		if mem == nil {
			c.d.errorf(codeUnknownEnumMember, m.NameLoc, enumName+" has no member '"+m.Name+"'")
			return nil
		}
		reeval = &wnode{kind: wEnum, member: mem, loc: m.Loc}
	}
	switch t := e.Args[0].Value.(type) {
	case *Name:
		if !c.assignableGlobal(t) {
			return nil
		}
		key := "__chaseGlobalVariableOverTime__"
		if rate {
			key = "__chaseGlobalVariableAtRate__"
		}
		return c.call(key, e.Loc, &wnode{kind: wIdent, text: t.Name, loc: t.Loc}, dest, amount, reeval)
	case *Member:
		p, v, ok := c.playerVarTarget(t)
		if !ok {
			return nil
		}
		key := "__chasePlayerVariableOverTime__"
		if rate {
			key = "__chasePlayerVariableAtRate__"
		}
		return c.call(key, e.Loc, p, v, dest, amount, reeval)
	}
	c.d.errorf(codeNotAssignable, e.Args[0].Value.exprLoc(), name+" chases a variable or a player variable")
	return nil
}

// hudMacro lowers hudHeader, hudSubheader and hudSubtext: Create HUD Text
// with one of its three texts.
func (c *compiler) hudMacro(name string, e *Call) *wnode {
	slot := map[string]string{"hudHeader": "header", "hudSubheader": "subheader", "hudSubtext": "text"}[name]
	hud := c.names.element("hudText")
	// The macro's parameters, by name, with hudText's defaults.
	params := []string{"visibleTo", slot, "location", "sortOrder", "color", "reevaluation", "specVisibility"}
	colorSlot := map[string]string{"header": "headerColor", "subheader": "subheaderColor", "text": "textColor"}[slot]
	given := map[string]Expr{}
	pos := 0
	for _, a := range e.Args {
		key := a.Name
		if key == "" {
			if pos >= len(params) {
				c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), name+" takes at most 7 arguments")
				return nil
			}
			key = params[pos]
			pos++
		} else if !contains(params, key) {
			c.d.errorf(codeUnknownKeywordArg, a.NameLoc, name+" has no parameter '"+a.Name+"'")
			return nil
		}
		given[key] = a.Value
	}
	args := make([]*wnode, len(hud.Params))
	for i := range hud.Params {
		p := &hud.Params[i]
		key := p.Name
		if key == colorSlot {
			key = "color"
		}
		var w *wnode
		switch {
		case given[key] != nil && (key == p.Name || key == "color"):
			w = c.argument(p, name, i, given[key])
		case key == "header" || key == "subheader" || key == "text" || key == "headerColor" || key == "subheaderColor" || key == "textColor":
			if key == slot {
				c.d.errorf(codeMissingArgument, e.Loc, name+" needs its argument '"+slot+"'")
				return nil
			}
			w = c.call("null", e.Loc)
		default:
			w = c.defaultArg(p, name, e)
		}
		if w == nil {
			return nil
		}
		args[i] = w
	}
	return &wnode{kind: wCall, elem: hud, args: args, loc: e.Loc}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
