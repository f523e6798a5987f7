package opy

// This file lowers OverPy's functions on variables, raycasts and rules:
// chase, chaseAtRate, chaseOverTime, stopChasing,
// raycast(…).getHitPosition() and its kin, and async.

// chase lowers chase(VAR, DEST, rate=R | duration=D, ChaseReeval.X),
// chaseAtRate(VAR, DEST, RATE, reevaluation) and chaseOverTime(VAR,
// DEST, DURATION, reevaluation): Chase Global/Player Variable At
// Rate/Over Time.
func (c *compiler) chase(b *builtinCall) *wnode {
	e := b.e
	var variable, dest, amount Expr
	var reeval *wnode
	rate := b.name == "chaseAtRate"
	if b.name == "chase" {
		// OverPy's chase has a fixed form: four arguments, the third
		// named.
		if len(e.Args) != 4 {
			c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'chase' takes 4 arguments (VARIABLE, DESTINATION, rate=RATE or duration=DURATION, ChaseReeval.MEMBER), got "+itoa(len(e.Args)))
			return nil
		}
		for i, a := range e.Args {
			if a.Name != "" && i != 2 {
				c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "only the 3rd argument of 'chase' is named: rate= or duration=")
				return nil
			}
		}
		switch e.Args[2].Name {
		case "rate":
			rate = true
		case "duration":
		default:
			c.d.errorf(codeMissingArgument, e.Args[2].Value.exprLoc(), "the 3rd argument of 'chase' is rate=RATE or duration=DURATION")
			return nil
		}
		variable, dest, amount = e.Args[0].Value, e.Args[1].Value, e.Args[2].Value
		reeval = c.chaseReeval(e.Args[3].Value, rate)
		if reeval == nil {
			return nil
		}
	} else {
		key, amountName, def := "__chaseGlobalVariableOverTime__", "duration", "DESTINATION_AND_DURATION"
		if rate {
			key, amountName, def = "__chaseGlobalVariableAtRate__", "rate", "DESTINATION_AND_RATE"
		}
		reevalParam := c.catalogParam(key, "reevaluation", "reevaluation")
		reevalParam.HasDefault, reevalParam.Default = true, def
		given, ok := c.bindExprs(b, need("variable"), need("destination"), need(amountName), reevalParam)
		if !ok {
			return nil
		}
		variable, dest, amount = given[0], given[1], given[2]
		if given[3] != nil {
			// The slot's own enum only: OverPy refuses the members of
			// the other chase enum, even those spelled alike.
			if m, ok := given[3].(*Member); ok {
				if n, ok := m.X.(*Name); ok && n.Name != opyEnumName(c.names, reevalParam.Enum) && c.names.enums[n.Name] != nil {
					c.d.errorf(codeExpectedEnum, given[3].exprLoc(), "the 4th argument of '"+b.label()+"' takes a member of "+opyEnumName(c.names, reevalParam.Enum)+", not of "+n.Name)
					return nil
				}
			}
			reeval = c.argument(&reevalParam, b.label(), 3, given[3])
		} else {
			reeval = c.defaultArg(&reevalParam, b.label(), e)
		}
		if reeval == nil {
			return nil
		}
	}
	d, a := c.expr(dest), c.expr(amount)
	if d == nil || a == nil {
		return nil
	}
	switch t := variable.(type) {
	case *Name:
		if !c.assignableGlobal(t) {
			return nil
		}
		key := "__chaseGlobalVariableOverTime__"
		if rate {
			key = "__chaseGlobalVariableAtRate__"
		}
		return c.call(key, e.Loc, &wnode{kind: wIdent, text: t.Name, loc: t.Loc}, d, a, reeval)
	case *Member:
		p, v, ok := c.playerVarTarget(t)
		if !ok {
			return nil
		}
		key := "__chasePlayerVariableOverTime__"
		if rate {
			key = "__chasePlayerVariableAtRate__"
		}
		return c.call(key, e.Loc, p, v, d, a, reeval)
	}
	c.d.errorf(codeNotAssignable, variable.exprLoc(), "'"+b.label()+"' chases a variable or a player variable, not an element of one")
	return nil
}

// chaseReeval reads the ChaseReeval.MEMBER of chase(): a member of
// ChaseRateReeval or ChaseTimeReeval, by the 3rd argument's name.
func (c *compiler) chaseReeval(x Expr, rate bool) *wnode {
	enumName := "ChaseTimeReeval"
	if rate {
		enumName = "ChaseRateReeval"
	}
	m, ok := x.(*Member)
	if ok {
		n, isName := m.X.(*Name)
		ok = isName && n.Name == "ChaseReeval"
	}
	if !ok {
		if _, bad := x.(*BadExpr); !bad {
			c.d.errorf(codeExpectedEnum, x.exprLoc(), "the 4th argument of 'chase' is a member of ChaseReeval (ChaseReeval.NONE)")
		}
		return nil
	}
	en := c.names.enums[enumName]
	mem := en.members[m.Name]
	if mem == nil {
		x := c.d.errorf(codeUnknownEnumMember, m.NameLoc, "ChaseReeval has no member '"+m.Name+"' for a chase by "+map[bool]string{true: "rate", false: "duration"}[rate]+": it has "+joinMembers(en))
		x.suggest(keysOf(en.members)...)
		return nil
	}
	return &wnode{kind: wEnum, member: mem, loc: m.Loc}
}

// joinMembers lists an enum's members by their OverPy names, in catalog
// order.
func joinMembers(en *opyEnum) string {
	out := ""
	for i, m := range en.enum.Members {
		if i > 0 {
			out += ", "
		}
		out += upperSnake(m.ID)
	}
	return out
}

// stopChasing lowers stopChasing(VAR) and its old name
// stopChasingVariable.
func (c *compiler) stopChasing(b *builtinCall) *wnode {
	given, ok := c.bindExprs(b, need("variable"))
	if !ok {
		return nil
	}
	switch t := given[0].(type) {
	case *Name:
		if !c.assignableGlobal(t) {
			return nil
		}
		return c.call("__stopChasingGlobalVariable__", b.e.Loc, &wnode{kind: wIdent, text: t.Name, loc: t.Loc})
	case *Member:
		p, v, ok := c.playerVarTarget(t)
		if !ok {
			return nil
		}
		return c.call("__stopChasingPlayerVariable__", b.e.Loc, p, v)
	}
	c.d.errorf(codeNotAssignable, given[0].exprLoc(), "'"+b.label()+"' takes a variable or a player variable")
	return nil
}

// async lowers async(SUBROUTINE, AsyncBehavior.X): Start Rule. OverPy
// takes exactly these two arguments.
func (c *compiler) async(b *builtinCall) *wnode {
	if !c.arity(b.e, b.name, 2, 2) {
		return nil
	}
	return c.elementCall(c.names.element("startRule"), b.label(), b.e, nil, true)
}

// raycastKeywords are the names the last three arguments of raycast may
// be given: OverPy's and the catalog's.
var raycastKeywords = [][]string{2: {"include", "playersToInclude"}, 3: {"exclude", "playersToExclude"},
	4: {"includePlayerObjects", "includePlayerOwnedObjects"}}

// raycastAccessors are the member functions that read raycast(…).
var raycastAccessors = map[string]bool{".getHitPosition": true, ".getPlayerHit": true, ".getNormal": true}

// isRaycast reports a call of raycast(…).
func isRaycast(e Expr) bool {
	call, ok := e.(*Call)
	name, isName := callName(call)
	return ok && isName && name == "raycast"
}

// raycastAccessor lowers raycast(START, END, include, exclude,
// includePlayerObjects).getHitPosition(), .getPlayerHit() and
// .getNormal(): Ray Cast Hit Position, Player or Normal.
func (c *compiler) raycastAccessor(b *builtinCall) *wnode {
	rc := b.recv.(*Call)
	if !c.arity(b.e, b.name, 0, 0) {
		return nil
	}
	if len(rc.Args) != 5 {
		c.d.errorf(codeWrongArgumentCount, rc.ArgLoc, "'raycast' takes 5 arguments (start, end, include, exclude, includePlayerObjects), got "+itoa(len(rc.Args)))
		return nil
	}
	args := make([]*wnode, 5)
	ok := true
	for i, a := range rc.Args {
		if a.Name != "" && (i < 2 || !contains(raycastKeywords[i], a.Name)) {
			want := "is not named"
			if i >= 2 {
				want = "is named " + raycastKeywords[i][0] + "="
			}
			c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "the "+ordinal(i)+" argument of 'raycast' "+want)
			ok = false
			continue
		}
		args[i] = c.expr(a.Value)
		ok = ok && args[i] != nil
	}
	if !ok {
		return nil
	}
	key := map[string]string{".getHitPosition": "raycastHitPosition", ".getPlayerHit": "raycastHitPlayer", ".getNormal": "raycastHitNormal"}[b.name]
	return &wnode{kind: wCall, elem: c.names.element(key), args: args, loc: b.e.Loc}
}

// bareRaycast refuses raycast(…) read without an accessor.
func (c *compiler) bareRaycast(b *builtinCall) *wnode {
	c.d.errorf(codeSyntax, b.e.Loc, "raycast(…) is read with .getHitPosition(), .getPlayerHit() or .getNormal()")
	return nil
}
