package opy

// This file lowers OverPy's built-in macros: functions OverPy defines as
// compositions of Workshop values (getAllPlayers, getSign, lerp,
// getRealClosestPlayer, timeToString, hudHeader, print, …). Each is built
// here as OverPy's unoptimised output shows it; an argument used several
// times is lowered once and shared.

import "github.com/wright-lsp/wright-lsp/engine/vocab"

// getAllPlayers lowers getAllPlayers(): All Players(All Teams).
func (c *compiler) getAllPlayers(b *builtinCall) *wnode {
	if !c.arity(b.e, b.name, 0, 0) {
		return nil
	}
	return c.call("getPlayers", b.e.Loc, c.enumMember("Team", "ALL", b.e.Loc))
}

// getSign lowers getSign(x): x × ∞ × ∞ ÷ ∞ ÷ 10, which the game clamps
// to -1, 0 or 1.
func (c *compiler) getSign(b *builtinCall) *wnode {
	args := c.args(b, need("number"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	inf := func() *wnode { return num(infinity, at) }
	w := c.call("__multiply__", at, c.call("__multiply__", at, args[0], inf()), inf())
	return c.call("__divide__", at, c.call("__divide__", at, w, inf()), num(10, at))
}

// lerp lowers lerp(start, end, t): start × (1 − t) + end × t.
func (c *compiler) lerp(b *builtinCall) *wnode {
	args := c.args(b, need("start"), need("end"), need("t"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	start, end, t := args[0], args[1], args[2]
	return c.call("__add__", at,
		c.call("__multiply__", at, start, c.call("__subtract__", at, num(1, at), t)),
		c.call("__multiply__", at, end, t))
}

// memberOppositeTeam lowers PLAYER.getOppositeTeam(): the opposite team
// of the player's team. (OverPy 9.7.9 fails on this macro; its meaning
// is plain.)
func (c *compiler) memberOppositeTeam(b *builtinCall) *wnode {
	args := c.args(b, need("player"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	return c.call("getOppositeTeam", at, c.call(".getTeam", at, args[0]))
}

// effectiveHero lowers PLAYER.getEffectiveHero(): the hero the player
// duplicates, or else their hero. It is OverPy's "or" of the two, so it
// is lowered as that expression.
func (c *compiler) effectiveHero(b *builtinCall) *wnode {
	if !c.arity(b.e, b.name, 0, 0) || c.expr(b.recv) == nil {
		return nil
	}
	at := b.e.Loc
	method := func(name string) Expr {
		return &Call{Fn: &Member{X: b.recv, Name: name, NameLoc: at, Loc: at}, Loc: at, ArgLoc: at}
	}
	return c.expr(&Binary{Op: "or", X: method("getHeroOfDuplication"), Y: method("getHero"), OpLoc: at, Loc: at})
}

// livingSpawned is [p for p in getLivingPlayers(TEAM) if COND]: the
// living players of team that have spawned, and pass extra when it is
// not nil.
func (c *compiler) livingSpawned(team, extra *wnode, at Loc) *wnode {
	cond := c.call(".hasSpawned", at, c.element(at))
	if extra != nil {
		cond = c.call("__and__", at, cond, extra)
	}
	return c.call("__mappedArray__", at, c.call("__filteredArray__", at, c.call("getLivingPlayers", at, team), cond), c.element(at))
}

// realNearestPlayers lowers getRealClosestPlayer(center, team=ALL) and
// its kin: the living, spawned players sorted by distance (farthest
// first for the Farthest ones), or the first of them.
func (c *compiler) realNearestPlayers(b *builtinCall) *wnode {
	args := c.args(b, need("center"), c.teamParam())
	if args == nil {
		return nil
	}
	at := b.e.Loc
	rank := c.call("distance", at, c.element(at), args[0])
	if b.name == "getRealFarthestPlayer" || b.name == "getRealFarthestPlayers" {
		rank = c.call("__multiply__", at, num(-1, at), rank)
	}
	w := c.call("__sortedArray__", at, c.livingSpawned(args[1], nil, at), rank)
	if b.name == "getRealClosestPlayer" || b.name == "getRealFarthestPlayer" {
		return c.call("__valueInArray__", at, w, num(0, at))
	}
	return w
}

// realReticlePlayers lowers PLAYER.getRealPlayerClosestToReticle(team=ALL)
// and PLAYER.getRealPlayersClosestToReticle(team=ALL): the other living,
// spawned players sorted by their angle from the player's aim.
func (c *compiler) realReticlePlayers(b *builtinCall) *wnode {
	args := c.args(b, need("self"), c.teamParam())
	if args == nil {
		return nil
	}
	at := b.e.Loc
	self := args[0]
	others := c.livingSpawned(args[1], c.compare(c.element(at), "!=", self, at), at)
	rank := c.call("angleBetweenVectors", at, c.call(".getFacingDirection", at, self),
		c.call("__subtract__", at, c.element(at), c.call(".getEyePosition", at, self)))
	w := c.call("__sortedArray__", at, others, rank)
	if b.name == ".getRealPlayerClosestToReticle" {
		return c.call("__valueInArray__", at, w, num(0, at))
	}
	return w
}

// aliveSpawned is [p for p in PLAYERS if p.isAlive() and p.hasSpawned()].
func (c *compiler) aliveSpawned(players *wnode, at Loc) *wnode {
	cond := c.call("__and__", at, c.call(".isAlive", at, c.element(at)), c.call(".hasSpawned", at, c.element(at)))
	return c.call("__mappedArray__", at, c.call("__filteredArray__", at, players, cond), c.element(at))
}

// realPlayersInRadius lowers getRealPlayersInRadius(center, radius,
// team=ALL, losCheck=OFF): Players Within Radius, less the dead and the
// unspawned.
func (c *compiler) realPlayersInRadius(b *builtinCall) *wnode {
	el := c.names.element("getPlayersInRadius")
	args := c.args(b, el.Params...)
	if args == nil {
		return nil
	}
	return c.aliveSpawned(&wnode{kind: wCall, elem: el, args: args, loc: b.e.Loc}, b.e.Loc)
}

// realPlayersInViewAngle lowers PLAYER.getRealPlayersInViewAngle(team,
// viewAngle): Players In View Angle, less the dead and the unspawned.
func (c *compiler) realPlayersInViewAngle(b *builtinCall) *wnode {
	el := c.names.element(".getPlayersInViewAngle")
	args := c.args(b, el.Params...)
	if args == nil {
		return nil
	}
	return c.aliveSpawned(&wnode{kind: wCall, elem: el, args: args, loc: b.e.Loc}, b.e.Loc)
}

// teamParam is a team parameter that defaults to all teams.
func (c *compiler) teamParam() vocab.Param { return c.catalogParam("getLivingPlayers", "team", "team") }

// lineIntersectsSphere lowers lineIntersectsSphere(lineStart,
// lineDirection, sphereCenter, sphereRadius): whether the angle between
// the line and the centre is within the sphere's apparent radius.
func (c *compiler) lineIntersectsSphere(b *builtinCall) *wnode {
	args := c.args(b, need("lineStart"), need("lineDirection"), need("sphereCenter"), need("sphereRadius"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	start, dir, center, radius := args[0], args[1], args[2], args[3]
	apparent := c.call("asinDeg", at, c.call("__divide__", at, radius, c.call("distance", at, start, center)))
	return c.compare(c.call("angleBetweenVectors", at, start, dir), "<=", apparent, at)
}

// timeToString lowers timeToString(time): "H:MM:SS", the minutes and
// seconds padded by adding 100 and cutting the leading 1.
func (c *compiler) timeToString(b *builtinCall) *wnode {
	args := c.args(b, need("time"))
	if args == nil {
		return nil
	}
	at, t := b.e.Loc, args[0]
	hours := c.call("__round__", at, c.call("__divide__", at, t, num(3600, at)), c.enumMember("__Rounding__", "__roundDown__", at))
	padded := func(x *wnode) *wnode { return c.call("__add__", at, x, num(100, at)) }
	minutes := c.call(".substring", at, padded(c.call("__divide__", at, c.call("__modulo__", at, t, num(3600, at)), num(60, at))), c.call("true", at), num(2, at))
	seconds := c.call(".substring", at, padded(c.call("__modulo__", at, t, num(60, at))), c.call("true", at), num(9999, at))
	return c.customStr("{0}:{1}:{2}", at, hours, minutes, seconds)
}

// buttonToString lowers buttonToString(button): the button's binding,
// in brackets unless it is an icon, with LSHIFT, LCONTROL and LALT
// written SHIFT, CTRL and ALT. The text shapes are OverPy's.
func (c *compiler) buttonToString(b *builtinCall) *wnode {
	args := c.args(b, c.catalogParam("inputBindingString", "button", "button"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	key := c.element(at)
	// The binding in each of its forms, split on "0" (the first digit of
	// Vector.UP); the index picks the form.
	forms := c.call(".split", at,
		c.customStr("{0}(0.00, 1.00, 0.00)[{0}](0.00, 1.00, 0.00)[SHIFT](0.00, 1.00, 0.00)[CTRL](0.00, 1.00, 0.00)[ALT]", at, key),
		c.call("__valueInArray__", at, c.call("Vector.UP", at), num(0, at)))
	// An icon is one character: seven copies after a backslash are
	// 1 modulo 7 long.
	bracketed := c.compare(c.call("__modulo__", at, c.call("strLen", at, c.customStr(`\{0}{0}{0}{0}{0}{0}{0}`, at, key)), num(7, at)), "==", num(1, at), at)
	modifiers := c.call(".split", at, c.customStr("\uec470\uec470LSHIFT0LCONTROL0LALT", at), c.call("__valueInArray__", at, c.call("null", at), num(0, at)))
	which := c.call("__and__", at, bracketed, c.call("abs", at, c.call(".index", at, modifiers, key)))
	return c.call("__mappedArray__", at, c.call("inputBindingString", at, args[0]), c.call("__valueInArray__", at, forms, which))
}

// hudMacro lowers hudHeader, hudSubheader and hudSubtext: Create HUD
// Text with one of its three texts, and that text's colour.
func (c *compiler) hudMacro(b *builtinCall) *wnode {
	hud := c.names.element("hudText")
	slot := map[string]int{"hudHeader": 1, "hudSubheader": 2, "hudSubtext": 3}[b.name]
	text := c.catalogParam("hudText", "text", "text")
	text.HasDefault = false
	args := c.args(b, c.catalogParam("hudText", "visibleTo", "visibleTo"), text,
		c.catalogParam("hudText", "location", "location"), c.catalogParam("hudText", "sortOrder", "sortOrder"),
		c.catalogParam("hudText", "headerColor", "color"), c.catalogParam("hudText", "reevaluation", "reevaluation"),
		c.catalogParam("hudText", "specVisibility", "specVisibility"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	out := make([]*wnode, len(hud.Params))
	for i := range out {
		out[i] = c.call("null", at)
	}
	out[0], out[slot], out[4], out[5], out[5+slot], out[9], out[10] = args[0], args[1], args[2], args[3], args[4], args[5], args[6]
	return &wnode{kind: wCall, elem: hud, args: out, loc: at}
}

// print lowers print(text): orange text at the top left, pushed up out
// of the way by a line of spaces.
func (c *compiler) print(b *builtinCall) *wnode {
	args := c.args(b, need("text"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	en := c.names.enums["Color"]
	return c.call("hudText", at, c.call("getPlayers", at, c.enumMember("Team", "ALL", at)), args[0], c.lotsOfSpaces(at), c.call("null", at),
		c.enumMember("HudPosition", "LEFT", at), num(-9999, at), c.enumValue(en, en.members["ORANGE"], at),
		c.call("null", at), c.call("null", at), c.enumMember("HudReeval", "VISIBILITY_AND_STRING", at),
		c.enumMember("SpecVisibility", "DEFAULT", at))
}
