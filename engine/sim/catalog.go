package sim

// This file binds catalog ids to what the simulator does with them. An
// action or value not bound here is unsimulated: it is listed by
// Unsimulated and reported when it runs.

import (
	"math"
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

var (
	actionFuncs map[string]actionFunc
	valueFuncs  map[string]valueFunc
)

func init() {
	actionFuncs = map[string]actionFunc{
		"__setGlobalVariable__":           runSetVar(true, false),
		"__setPlayerVariable__":           runSetVar(false, false),
		"__setGlobalVariableAtIndex__":    runSetVar(true, true),
		"__setPlayerVariableAtIndex__":    runSetVar(false, true),
		"__modifyGlobalVariable__":        runModifyVar(true, false),
		"__modifyPlayerVariable__":        runModifyVar(false, false),
		"__modifyGlobalVariableAtIndex__": runModifyVar(true, true),
		"__modifyPlayerVariableAtIndex__": runModifyVar(false, true),
		"__if__":                          runIf,
		"__elif__":                        runElseIf,
		"__else__":                        runElse,
		"__end__":                         runEnd,
		"__while__":                       runWhile,
		"__forGlobalVariable__":           runFor(false),
		"__forPlayerVariable__":           runFor(true),
		"break":                           runBreak,
		"continue":                        runContinue,
		"wait":                            runWait,
		"waitUntil":                       runWaitUntil,
		"loop":                            runLoop,
		"__loopIf__":                      runLoopIf,
		"__loopIfConditionIsTrue__":       runLoopIfConds(true),
		"__loopIfConditionIsFalse__":      runLoopIfConds(false),
		"return":                          runAbort,
		"__abortIf__":                     runAbortIf,
		"__abortIfConditionIsTrue__":      runAbortIfConds(true),
		"__abortIfConditionIsFalse__":     runAbortIfConds(false),
		"__skip__":                        runSkip,
		"__skipIf__":                      runSkipIf,
		"__callSubroutine__":              runCall,
		"startRule":                       runStartRule,
		"smallMessage":                    runMessage("small"),
		"bigMessage":                      runMessage("big"),
		"logToInspector":                  runMessage("log"),
		"enableInspector":                 runNoop,
		"disableInspector":                runNoop,
		".teleport":                       runTeleport,
	}
	valueFuncs = map[string]valueFunc{
		"true":             constValue(boolean(true)),
		"false":            constValue(boolean(false)),
		"null":             constValue(Value{}),
		"__number__":       func(x *exec, n *node) Value { return num(x.argNum(n, 0)) },
		"vect":             func(x *exec, n *node) Value { return vec(x.argNum(n, 0), x.argNum(n, 1), x.argNum(n, 2)) },
		"Vector.UP":        constValue(vec(0, 1, 0)),
		"Vector.DOWN":      constValue(vec(0, -1, 0)),
		"Vector.LEFT":      constValue(vec(1, 0, 0)),
		"Vector.RIGHT":     constValue(vec(-1, 0, 0)),
		"Vector.FORWARD":   constValue(vec(0, 0, 1)),
		"Vector.BACKWARD":  constValue(vec(0, 0, -1)),
		"__emptyArray__":   func(*exec, *node) Value { return array(nil) },
		"__array__":        evalArray,
		"__team__":         passConst,
		"__hero__":         passConst,
		"__button__":       passConst,
		"__color__":        passConst,
		"__map__":          passConst,
		"__gamemode__":     passConst,
		"__globalVar__":    evalGlobalVar,
		"__playerVar__":    evalPlayerVar,
		"__valueInArray__": func(x *exec, n *node) Value { return x.valueInArray(x.arg(n, 0), x.arg(n, 1)) },
		"__compare__":      evalCompare,
		"__and__":          func(x *exec, n *node) Value { return boolean(truthy(x.arg(n, 0)) && truthy(x.arg(n, 1))) },
		"__or__":           func(x *exec, n *node) Value { return boolean(truthy(x.arg(n, 0)) || truthy(x.arg(n, 1))) },
		"__not__":          func(x *exec, n *node) Value { return boolean(!truthy(x.arg(n, 0))) },
		"__ifThenElse__":   evalIfThenElse,
		"__add__":          arithFunc(ast.OpAdd),
		"__subtract__":     arithFunc(ast.OpSub),
		"__multiply__":     arithFunc(ast.OpMul),
		"__divide__":       arithFunc(ast.OpDiv),
		"__modulo__":       arithFunc(ast.OpMod),
		"__raiseToPower__": arithFunc(ast.OpPow),
		"abs":              numFunc(math.Abs),
		"sqrt":             numFunc(func(f float64) float64 { return math.Sqrt(math.Max(f, 0)) }),
		"sin":              numFunc(math.Sin),
		"cos":              numFunc(math.Cos),
		"tan":              numFunc(math.Tan),
		"sinDeg":           numFunc(func(f float64) float64 { return math.Sin(rad(f)) }),
		"cosDeg":           numFunc(func(f float64) float64 { return math.Cos(rad(f)) }),
		"tanDeg":           numFunc(func(f float64) float64 { return math.Tan(rad(f)) }),
		"asin":             numFunc(func(f float64) float64 { return math.Asin(clamp1(f)) }),
		"acos":             numFunc(func(f float64) float64 { return math.Acos(clamp1(f)) }),
		"asinDeg":          numFunc(func(f float64) float64 { return deg(math.Asin(clamp1(f))) }),
		"acosDeg":          numFunc(func(f float64) float64 { return deg(math.Acos(clamp1(f))) }),
		"atan2":            func(x *exec, n *node) Value { return num(math.Atan2(x.argNum(n, 0), x.argNum(n, 1))) },
		"atan2Deg":         func(x *exec, n *node) Value { return num(deg(math.Atan2(x.argNum(n, 0), x.argNum(n, 1)))) },
		"min":              func(x *exec, n *node) Value { return num(math.Min(x.argNum(n, 0), x.argNum(n, 1))) },
		"max":              func(x *exec, n *node) Value { return num(math.Max(x.argNum(n, 0), x.argNum(n, 1))) },
		"__round__":        evalRound,
		"angleDifference":  evalAngleDifference,
		"__xComponentOf__": func(x *exec, n *node) Value { a, _, _ := vecOf(x.arg(n, 0)); return num(a) },
		"__yComponentOf__": func(x *exec, n *node) Value { _, b, _ := vecOf(x.arg(n, 0)); return num(b) },
		"__zComponentOf__": func(x *exec, n *node) Value { _, _, c := vecOf(x.arg(n, 0)); return num(c) },
		"distance":         evalDistance,
		"magnitude":        func(x *exec, n *node) Value { return num(vlen(vecOf(x.arg(n, 0)))) },
		"normalize":        evalNormalize,
		"directionTowards": evalDirectionTowards,
		"vectorTowards":    func(x *exec, n *node) Value { ax, ay, az, bx, by, bz := twoVecs(x, n); return vec(bx-ax, by-ay, bz-az) },
		"dotProduct": func(x *exec, n *node) Value {
			ax, ay, az, bx, by, bz := twoVecs(x, n)
			return num(ax*bx + ay*by + az*bz)
		},
		"crossProduct":        evalCross,
		"angleBetweenVectors": evalAngleBetween,
		"directionFromAngles": evalDirectionFromAngles,
		"horizontalAngleOfDirection": func(x *exec, n *node) Value {
			a, _, c := vecOf(x.arg(n, 0))
			return num(horizontalAngle(a, c))
		},
		"verticalAngleOfDirection":   func(x *exec, n *node) Value { return num(verticalAngle(vecOf(x.arg(n, 0)))) },
		"len":                        evalCount,
		"__firstOf__":                func(x *exec, n *node) Value { return firstOf(x.arg(n, 0)) },
		".last":                      evalLast,
		".index":                     evalIndexOf,
		"__arrayContains__":          evalContains,
		".concat":                    func(x *exec, n *node) Value { return x.capArray(appendValues(x.arg(n, 0), x.arg(n, 1))) },
		".exclude":                   func(x *exec, n *node) Value { return removeValues(x.arg(n, 0), x.arg(n, 1)) },
		".slice":                     evalSlice,
		"__filteredArray__":          evalFiltered,
		"__sortedArray__":            evalSorted,
		"__mappedArray__":            evalMapped,
		"__all__":                    evalAll(true),
		"__any__":                    evalAll(false),
		"__currentArrayElement__":    evalCurrentElement,
		"__currentArrayIndex__":      evalCurrentIndex,
		"random.randint":             evalRandomInt,
		"random.uniform":             evalRandomReal,
		"random.choice":              evalRandomChoice,
		"random.shuffle":             evalShuffle,
		"__customString__":           evalCustomString,
		"__localizedString__":        evalCustomString,
		"strLen":                     evalStrLen,
		"strContains":                evalStrContains,
		".split":                     evalSplit,
		".substring":                 evalSubstring,
		".charAt":                    evalCharAt,
		".strIndex":                  evalStrIndex,
		".replace":                   evalReplace,
		"evalOnce":                   func(x *exec, n *node) Value { return x.arg(n, 0) },
		"updateEveryFrame":           func(x *exec, n *node) Value { return x.arg(n, 0) },
		"createWorkshopSettingBool":  settingDefault,
		"createWorkshopSettingInt":   settingDefault,
		"createWorkshopSettingFloat": settingDefault,
		"createWorkshopSettingEnum":  settingDefault,
		"createWorkshopSettingHero":  settingDefault,
		"getTotalTimeElapsed":        func(x *exec, n *node) Value { return num(float64(x.s.tick) * 0.016) },
		"getServerLoad":              evalServerLoad,
		"getAverageServerLoad":       evalServerLoad,
		"getPeakServerLoad":          evalServerLoad,
		"isGameInProgress":           constValue(boolean(true)),
		"isInSetup":                  constValue(boolean(false)),
		"isAssemblingHeroes":         constValue(boolean(false)),
		"isWaitingForPlayers":        constValue(boolean(false)),
		"isMatchComplete":            constValue(boolean(false)),
		"isMatchBetweenRounds":       constValue(boolean(false)),
		"getAllHeroes":               heroes(""),
		"eventPlayer":                func(x *exec, n *node) Value { return playerValue(x.in.ctx.eventPlayer) },
		"attacker":                   func(x *exec, n *node) Value { return playerValue(x.in.ctx.attacker) },
		"victim":                     func(x *exec, n *node) Value { return playerValue(x.in.ctx.victim) },
		"healer":                     func(x *exec, n *node) Value { return playerValue(x.in.ctx.attacker) },
		"healee":                     func(x *exec, n *node) Value { return playerValue(x.in.ctx.victim) },
		"eventDamage":                func(x *exec, n *node) Value { return num(x.in.ctx.amount) },
		"eventHealing":               func(x *exec, n *node) Value { return num(x.in.ctx.amount) },
		"eventWasCriticalHit":        func(x *exec, n *node) Value { return boolean(x.in.ctx.crit) },
		"eventAbility":               evalEventAbility,
		"eventDirection":             constValue(vec(0, 0, 0)),
		"eventWasEnvironment":        constValue(boolean(false)),
		"eventWasHealthPack":         constValue(boolean(false)),
		"hostPlayer":                 evalHost,
		"getPlayers": func(x *exec, n *node) Value {
			t := x.arg(n, 0)
			return x.playersWhere(func(p *Player) bool { return teamFilter(p, t) })
		},
		"getLivingPlayers": func(x *exec, n *node) Value {
			t := x.arg(n, 0)
			return x.playersWhere(func(p *Player) bool { return teamFilter(p, t) })
		},
		"getDeadPlayers":           func(x *exec, n *node) Value { x.arg(n, 0); return array(nil) },
		"getNumberOfPlayers":       countOf("getPlayers"),
		"getNumberOfLivingPlayers": countOf("getPlayers"),
		"getNumberOfDeadPlayers":   func(x *exec, n *node) Value { x.arg(n, 0); return num(0) },
		"getNumberOfSlots":         evalSlots,
		"getPlayersInSlot":         evalPlayersInSlot,
		"getPlayersOnHero":         evalPlayersOnHero,
		"getNumberOfHeroes":        func(x *exec, n *node) Value { return num(float64(len(evalPlayersOnHero(x, n).A))) },
		"isHeroBeingPlayed":        func(x *exec, n *node) Value { return boolean(len(evalPlayersOnHero(x, n).A) > 0) },
		"getOppositeTeam":          evalOppositeTeam,
		"entityExists":             func(x *exec, n *node) Value { p := firstPlayer(x.arg(n, 0)); return boolean(p != nil && p.present) },
		"getClosestPlayer":         evalClosest(false),
		"getFarthestPlayer":        evalClosest(true),
		"getPlayersInRadius":       evalInRadius,
		".getTeam":                 playerFunc(func(x *exec, p *Player, n *node) Value { return teamConst(p.Team) }),
		".getSlot":                 playerFunc(func(x *exec, p *Player, n *node) Value { return num(float64(p.Slot)) }),
		".getHero":                 playerFunc(func(x *exec, p *Player, n *node) Value { return heroConst(p) }),
		".getPosition":             playerFunc(func(x *exec, p *Player, n *node) Value { return vec(p.Position[0], p.Position[1], p.Position[2]) }),
		".getEyePosition":          playerFunc(func(x *exec, p *Player, n *node) Value { return vec(p.Position[0], p.Position[1]+1.6, p.Position[2]) }),
		".isAlive":                 playerFunc(func(x *exec, p *Player, n *node) Value { return boolean(true) }),
		".isDead":                  playerFunc(func(x *exec, p *Player, n *node) Value { return boolean(false) }),
		".hasSpawned":              playerFunc(func(x *exec, p *Player, n *node) Value { return boolean(true) }),
		".isDummy":                 playerFunc(func(x *exec, p *Player, n *node) Value { return boolean(false) }),
		".isHoldingButton":         playerFunc(evalButtonHeld),
	}
}

func clamp1(f float64) float64 { return math.Max(-1, math.Min(1, f)) }

// passConst is Team(…), Hero(…), Button(…) and their kin: the member
// written inside becomes the constant it names.
func passConst(x *exec, n *node) Value {
	v := x.arg(n, 0)
	if v.K == KEnum {
		return constant(constKinds[n.el.ID], v.S)
	}
	return v
}

var constKinds = map[string]string{
	"__team__": "team", "__hero__": "hero", "__button__": "button", "__color__": "color",
	"__map__": "map", "__gamemode__": "gamemode",
}

func evalArray(x *exec, n *node) Value {
	out := make([]Value, 0, len(n.args))
	for _, a := range n.args {
		out = append(out, x.eval(a))
	}
	return x.capArray(array(out))
}

func evalGlobalVar(x *exec, n *node) Value {
	if len(n.args) < 1 || n.args[0].op != opVarRef {
		return Value{}
	}
	return x.readVar(nil, n.args[0])
}

func evalPlayerVar(x *exec, n *node) Value {
	p := firstPlayer(x.arg(n, 0))
	if len(n.args) < 2 || n.args[1].op != opVarRef {
		return Value{}
	}
	return x.readVar(p, n.args[1])
}

var compareOps = map[string]ast.Op{"==": ast.OpEq, "!=": ast.OpNe, "<": ast.OpLt, "<=": ast.OpLe, ">": ast.OpGt, ">=": ast.OpGe}

func evalCompare(x *exec, n *node) Value {
	if len(n.args) < 3 {
		return Value{}
	}
	op := compareOps[n.args[1].val.C]
	if op == ast.OpNone {
		op = ast.OpEq
	}
	return x.binary(op, n.args[0], n.args[2])
}

func evalIfThenElse(x *exec, n *node) Value {
	if truthy(x.arg(n, 0)) {
		return x.arg(n, 1)
	}
	return x.arg(n, 2)
}

func arithFunc(op ast.Op) valueFunc {
	return func(x *exec, n *node) Value { return arith(x, op, x.arg(n, 0), x.arg(n, 1)) }
}

func evalRound(x *exec, n *node) Value {
	f := x.argNum(n, 0)
	mode := x.arg(n, 1)
	switch mode.C {
	case "__roundUp__":
		return num(math.Ceil(f))
	case "__roundDown__":
		return num(math.Floor(f))
	}
	return x.finite(math.Floor(f + 0.5))
}

func evalAngleDifference(x *exec, n *node) Value {
	d := math.Mod(x.argNum(n, 1)-x.argNum(n, 0), 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	return num(d)
}

func evalDistance(x *exec, n *node) Value {
	ax, ay, az, bx, by, bz := twoVecs(x, n)
	return num(vlen(bx-ax, by-ay, bz-az))
}

func evalNormalize(x *exec, n *node) Value {
	a, b, c := vecOf(x.arg(n, 0))
	l := vlen(a, b, c)
	if l == 0 {
		return vec(0, 0, 0)
	}
	return vec(a/l, b/l, c/l)
}

func evalDirectionTowards(x *exec, n *node) Value {
	ax, ay, az, bx, by, bz := twoVecs(x, n)
	dx, dy, dz := bx-ax, by-ay, bz-az
	l := vlen(dx, dy, dz)
	if l == 0 {
		return vec(0, 0, 0)
	}
	return vec(dx/l, dy/l, dz/l)
}

func evalCross(x *exec, n *node) Value {
	ax, ay, az, bx, by, bz := twoVecs(x, n)
	return vec(ay*bz-az*by, az*bx-ax*bz, ax*by-ay*bx)
}

func evalAngleBetween(x *exec, n *node) Value {
	ax, ay, az, bx, by, bz := twoVecs(x, n)
	la, lb := vlen(ax, ay, az), vlen(bx, by, bz)
	if la == 0 || lb == 0 {
		return num(0)
	}
	return num(deg(math.Acos(clamp1((ax*bx + ay*by + az*bz) / (la * lb)))))
}

func evalDirectionFromAngles(x *exec, n *node) Value {
	h, v := rad(x.argNum(n, 0)), rad(x.argNum(n, 1))
	return vec(math.Sin(h)*math.Cos(v), -math.Sin(v), math.Cos(h)*math.Cos(v))
}

func evalCount(x *exec, n *node) Value {
	a := x.arg(n, 0)
	if a.K != KArray {
		return num(0)
	}
	return num(float64(len(a.A)))
}

func firstOf(a Value) Value {
	if a.K != KArray || len(a.A) == 0 {
		return Value{}
	}
	return a.A[0]
}

func evalLast(x *exec, n *node) Value {
	a := x.arg(n, 0)
	if a.K != KArray || len(a.A) == 0 {
		return Value{}
	}
	return a.A[len(a.A)-1]
}

func evalIndexOf(x *exec, n *node) Value {
	a, v := x.arg(n, 0), x.arg(n, 1)
	for k, e := range a.A {
		if equal(v, e) {
			return num(float64(k))
		}
	}
	return num(-1)
}

func evalContains(x *exec, n *node) Value {
	a, v := x.arg(n, 0), x.arg(n, 1)
	for _, e := range a.A {
		if equal(v, e) {
			return boolean(true)
		}
	}
	return boolean(false)
}

func evalSlice(x *exec, n *node) Value {
	a := x.arg(n, 0)
	start := index(x.arg(n, 1))
	count := index(x.arg(n, 2))
	if a.K != KArray {
		return array(nil)
	}
	if start < 0 {
		count += start
		start = 0
	}
	if count <= 0 || start >= len(a.A) {
		return array(nil)
	}
	end := min(start+count, len(a.A))
	out := make([]Value, end-start)
	copy(out, a.A[start:end])
	return array(out)
}

func evalFiltered(x *exec, n *node) Value {
	a := x.arg(n, 0)
	out := []Value{}
	x.each(a, func(k int, e Value) bool {
		if truthy(x.arg(n, 1)) {
			out = append(out, e)
		}
		return !x.s.halted
	})
	return array(out)
}

func evalMapped(x *exec, n *node) Value {
	a := x.arg(n, 0)
	out := []Value{}
	x.each(a, func(k int, e Value) bool {
		out = append(out, x.arg(n, 1))
		return !x.s.halted
	})
	return array(out)
}

// evalAll is Is True For All (all) and Is True For Any (!all).
func evalAll(all bool) valueFunc {
	return func(x *exec, n *node) Value {
		a := x.arg(n, 0)
		result := all
		x.each(a, func(k int, e Value) bool {
			if truthy(x.arg(n, 1)) != all {
				result = !all
				return false
			}
			return !x.s.halted
		})
		return boolean(result)
	}
}

func evalCurrentElement(x *exec, n *node) Value {
	if len(x.elem) == 0 {
		return Value{}
	}
	return x.elem[len(x.elem)-1]
}

func evalCurrentIndex(x *exec, n *node) Value {
	if len(x.idx) == 0 {
		return Value{}
	}
	return num(float64(x.idx[len(x.idx)-1]))
}

func evalRandomInt(x *exec, n *node) Value {
	lo := math.Floor(x.argNum(n, 0) + 0.5)
	hi := math.Floor(x.argNum(n, 1) + 0.5)
	if hi < lo {
		lo, hi = hi, lo
	}
	span := hi - lo + 1
	if span > 1<<40 {
		span = 1 << 40
	}
	return num(lo + float64(x.s.rng.Int64N(int64(span))))
}

func evalRandomReal(x *exec, n *node) Value {
	lo, hi := x.argNum(n, 0), x.argNum(n, 1)
	return x.finite(lo + x.s.rng.Float64()*(hi-lo))
}

func evalRandomChoice(x *exec, n *node) Value {
	a := x.arg(n, 0)
	if a.K != KArray || len(a.A) == 0 {
		return Value{}
	}
	return a.A[x.s.rng.IntN(len(a.A))]
}

func evalShuffle(x *exec, n *node) Value {
	a := x.arg(n, 0)
	if a.K != KArray {
		return array(nil)
	}
	out := append([]Value(nil), a.A...)
	x.s.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return array(out)
}

func evalStrLen(x *exec, n *node) Value {
	a := x.arg(n, 0)
	if a.K != KString {
		return num(0)
	}
	return num(float64(len([]rune(a.S))))
}

func evalStrContains(x *exec, n *node) Value {
	a, b := x.arg(n, 0), x.arg(n, 1)
	return boolean(strings.Contains(display(a), display(b)))
}

func evalSplit(x *exec, n *node) Value {
	a, sep := display(x.arg(n, 0)), display(x.arg(n, 1))
	var parts []string
	if sep == "" {
		for _, r := range a {
			parts = append(parts, string(r))
		}
	} else {
		parts = strings.Split(a, sep)
	}
	out := make([]Value, len(parts))
	for k, p := range parts {
		out[k] = str(p)
	}
	return x.capArray(array(out))
}

func evalSubstring(x *exec, n *node) Value {
	rs := []rune(display(x.arg(n, 0)))
	start, count := index(x.arg(n, 1)), index(x.arg(n, 2))
	if start < 0 {
		count += start
		start = 0
	}
	if count <= 0 || start >= len(rs) {
		return str("")
	}
	return str(string(rs[start:min(start+count, len(rs))]))
}

func evalCharAt(x *exec, n *node) Value {
	rs := []rune(display(x.arg(n, 0)))
	k := index(x.arg(n, 1))
	if k < 0 || k >= len(rs) {
		return str("")
	}
	return str(string(rs[k]))
}

func evalStrIndex(x *exec, n *node) Value {
	s, c := display(x.arg(n, 0)), display(x.arg(n, 1))
	k := strings.Index(s, c)
	if k < 0 || c == "" {
		return num(-1)
	}
	return num(float64(len([]rune(s[:k]))))
}

// evalReplace is String Replace, whose result the game clamps to 511
// bytes of UTF-8.
func evalReplace(x *exec, n *node) Value {
	s := display(x.arg(n, 0))
	p, r := display(x.arg(n, 1)), display(x.arg(n, 2))
	if p != "" {
		s = strings.ReplaceAll(s, p, r)
	}
	if len(s) > 511 {
		cut := 511
		for cut > 0 && (s[cut]&0xC0) == 0x80 {
			cut--
		}
		s = s[:cut]
	}
	return str(s)
}

// settingDefault is a Workshop Setting's value: its default, as in a
// lobby whose settings were never changed.
func settingDefault(x *exec, n *node) Value {
	return x.arg(n, 2)
}

func evalServerLoad(x *exec, n *node) Value {
	s := x.s
	switch n.el.ID {
	case "getAverageServerLoad", "getPeakServerLoad":
		sum, peak := 0, 0
		for _, a := range s.loadHist {
			sum += a
			peak = max(peak, a)
		}
		v := peak
		if n.el.ID == "getAverageServerLoad" {
			if len(s.loadHist) == 0 {
				return num(0)
			}
			return num(100 * float64(sum) / float64(len(s.loadHist)) / float64(s.limits.MaxActionsPerTick))
		}
		return num(100 * float64(v) / float64(s.limits.MaxActionsPerTick))
	}
	return num(100 * float64(s.acted) / float64(s.limits.MaxActionsPerTick))
}

func evalEventAbility(x *exec, n *node) Value {
	if x.in.ctx.ability == "" {
		return Value{}
	}
	if b := buttonName(x.in.ctx.ability); b != "" {
		return constant("button", b)
	}
	return str(x.in.ctx.ability)
}

func evalHost(x *exec, n *node) Value {
	for _, p := range x.s.all {
		if p.present {
			return playerValue(p)
		}
	}
	return Value{}
}

func countOf(id string) valueFunc {
	return func(x *exec, n *node) Value {
		return num(float64(len(valueFuncs[id](x, n).A)))
	}
}

// evalAllPlayers is All Players (and All Living Players, as nobody dies).
func evalAllPlayers(x *exec, n *node) Value {
	return x.s.playersOn(teamNumber(x.arg(n, 0)))
}

func evalSlots(x *exec, n *node) Value {
	t := x.arg(n, 0)
	if t.K == KConst && t.C == "team" && t.S != "All Teams" {
		return num(6)
	}
	return num(12)
}

func evalPlayersInSlot(x *exec, n *node) Value {
	slot := index(x.arg(n, 0))
	team := teamNumber(x.arg(n, 1))
	if slot < 0 || slot > 11 {
		return array(nil)
	}
	return x.s.playersInSlot(slot, team)
}

// teamNumber is 1 or 2 for Team 1 or Team 2, else 0 (All Teams).
func teamNumber(t Value) int {
	if t.K == KConst && t.C == "team" {
		switch t.S {
		case "Team 1":
			return 1
		case "Team 2":
			return 2
		}
	}
	return 0
}

func evalPlayersOnHero(x *exec, n *node) Value {
	h := x.arg(n, 0)
	t := x.arg(n, 1)
	return x.playersWhere(func(p *Player) bool { return h.K == KConst && p.Hero == h.S && teamFilter(p, t) })
}

func teamConst(t int) Value {
	switch t {
	case 1:
		return constant("team", "Team 1")
	case 2:
		return constant("team", "Team 2")
	}
	return constant("team", "All Teams")
}

func evalOppositeTeam(x *exec, n *node) Value {
	t := x.arg(n, 0)
	switch t.S {
	case "Team 1":
		return teamConst(2)
	case "Team 2":
		return teamConst(1)
	}
	return teamConst(0)
}

func evalClosest(farthest bool) valueFunc {
	return func(x *exec, n *node) Value {
		cx, cy, cz := vecOf(x.arg(n, 0))
		t := x.arg(n, 1)
		var best *Player
		bestD := 0.0
		for _, p := range x.s.all {
			if !p.present || !teamFilter(p, t) {
				continue
			}
			d := vlen(p.Position[0]-cx, p.Position[1]-cy, p.Position[2]-cz)
			if best == nil || (!farthest && d < bestD) || (farthest && d > bestD) {
				best, bestD = p, d
			}
		}
		return playerValue(best)
	}
}

func evalInRadius(x *exec, n *node) Value {
	cx, cy, cz := vecOf(x.arg(n, 0))
	r := x.argNum(n, 1)
	t := x.arg(n, 2)
	x.arg(n, 3)
	return x.playersWhere(func(p *Player) bool {
		return teamFilter(p, t) && vlen(p.Position[0]-cx, p.Position[1]-cy, p.Position[2]-cz) <= r
	})
}

func evalButtonHeld(x *exec, p *Player, n *node) Value {
	b := x.arg(n, 1)
	return boolean(b.K == KConst && p.buttons[b.S])
}

// runTeleport moves players, which Position Of then reads.
func runTeleport(x *exec, st *stmt, f *frame) {
	a := x.evalArgs(st)
	px, py, pz := vecOf(a[1])
	if a[1].K == KPlayer {
		px, py, pz = a[1].P.Position[0], a[1].P.Position[1], a[1].P.Position[2]
	}
	for _, p := range players(a[0]) {
		p.Position = [3]float64{px, py, pz}
	}
	f.pc++
}

// heroList returns the heroes' en-US names in catalog order.
func heroList(string) []string {
	var out []string
	for _, m := range vocab.Default().Enum("HeroLiteral").Members {
		if !m.OnlyInOverPy {
			out = append(out, m.English())
		}
	}
	return out
}

// Unsimulated lists, by en-US name, the catalog's actions and values the
// simulator does not model, sorted.
func Unsimulated() (actions, values []string) {
	for _, el := range vocab.Default().Elements {
		if el.IsAction() {
			if actionFuncs[el.ID] == nil {
				actions = append(actions, el.English())
			}
		} else if valueFuncs[el.ID] == nil {
			values = append(values, el.English())
		}
	}
	sort.Strings(actions)
	sort.Strings(values)
	return actions, values
}
