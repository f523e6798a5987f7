package opy

// This file dispatches the calls of OverPy's own functions: the ones that
// are not catalog elements (floor, sorted, raycast(…).getHitPosition(),
// chase, createWorkshopSetting, …), the built-in macros (getAllPlayers,
// hudHeader, print, lerp, …) and the old names OverPy still accepts. The
// functions themselves are lowered in the lower_builtin_*.go files, by
// theme.

import (
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A builtinCall is a call of an OverPy function.
type builtinCall struct {
	// name is the function as the user wrote it: "lerp", or ".reverse"
	// for a member function.
	name string
	e    *Call
	// recv is the receiver of a member function.
	recv Expr
}

// label is the function's name for messages.
func (b *builtinCall) label() string { return b.name }

// builtinState is what OverPy's functions keep across a program.
type builtinState struct {
	// settingNames are the workshop setting names given so far, as
	// written; settingCount counts them.
	settingNames map[string]bool
	settingCount int
	// currentMaps are the getCurrentMap() values, rewritten once the
	// program is lowered (lower_builtin_map.go).
	currentMaps []*wnode
	// debugs are the debug() lines, whose texts are built once the
	// program is lowered (lower_builtin_debug.go).
	debugs []pendingDebug
}

// pending counts the values rewritten once the program is lowered: a
// rule holding one is written last.
func (s *builtinState) pending() int { return len(s.currentMaps) + len(s.debugs) }

// A builtinFunc is one OverPy function.
type builtinFunc struct {
	use   builtinUse
	lower func(c *compiler, b *builtinCall) *wnode
}

// A builtinUse says where a function may be called.
type builtinUse uint8

const (
	asValue  builtinUse = iota // in a value
	asAction                   // as a statement
	asEither                   // anywhere: it reports its own errors
)

// builtinFuncs are OverPy's functions by name; member functions start
// with '.'. It is filled by init to break the cycle between the table
// and the functions that read it.
var builtinFuncs map[string]builtinFunc

func init() {
	value := func(f func(c *compiler, b *builtinCall) *wnode) builtinFunc { return builtinFunc{asValue, f} }
	action := func(f func(c *compiler, b *builtinCall) *wnode) builtinFunc { return builtinFunc{asAction, f} }
	either := func(f func(c *compiler, b *builtinCall) *wnode) builtinFunc { return builtinFunc{asEither, f} }
	builtinFuncs = map[string]builtinFunc{
		// Arrays (lower_builtin_array.go, lower_builtin_table.go).
		"sorted":         value((*compiler).sorted),
		"any":            value((*compiler).anyAll),
		"all":            value((*compiler).anyAll),
		".map":           value((*compiler).lambdaMember),
		".filter":        value((*compiler).lambdaMember),
		".any":           value((*compiler).lambdaMember),
		".all":           value((*compiler).lambdaMember),
		".reverse":       value((*compiler).reverse),
		".unique":        value((*compiler).unique),
		"arrayToString":  value((*compiler).arrayToStringCall),
		".toArray":       value((*compiler).enumToArray),
		"splitDictArray": action((*compiler).splitTableCall),
		"tabular":        action((*compiler).splitTableCall),

		// Built-in macros (lower_builtin_macro.go).
		"getAllPlayers":                   value((*compiler).getAllPlayers),
		"getSign":                         value((*compiler).getSign),
		"lerp":                            value((*compiler).lerp),
		".getOppositeTeam":                value((*compiler).memberOppositeTeam),
		".getEffectiveHero":               value((*compiler).effectiveHero),
		"getRealClosestPlayer":            value((*compiler).realNearestPlayers),
		"getRealClosestPlayers":           value((*compiler).realNearestPlayers),
		"getRealFarthestPlayer":           value((*compiler).realNearestPlayers),
		"getRealFarthestPlayers":          value((*compiler).realNearestPlayers),
		".getRealPlayerClosestToReticle":  value((*compiler).realReticlePlayers),
		".getRealPlayersClosestToReticle": value((*compiler).realReticlePlayers),
		"getRealPlayersInRadius":          value((*compiler).realPlayersInRadius),
		".getRealPlayersInViewAngle":      value((*compiler).realPlayersInViewAngle),
		"lineIntersectsSphere":            value((*compiler).lineIntersectsSphere),
		"timeToString":                    value((*compiler).timeToString),
		"buttonToString":                  value((*compiler).buttonToString),
		"hudHeader":                       action((*compiler).hudMacro),
		"hudSubheader":                    action((*compiler).hudMacro),
		"hudSubtext":                      action((*compiler).hudMacro),
		"print":                           action((*compiler).print),
		"debug":                           action((*compiler).debug),
		"compress":                        value((*compiler).compressCall),
		"compressed":                      value((*compiler).compressedCall),
		"decompressNumbers":               value((*compiler).decompressCall),
		"decompressVectors":               value((*compiler).decompressCall),

		// Numbers and colours (lower_builtin_math.go).
		"floor": value((*compiler).rounding),
		"ceil":  value((*compiler).rounding),
		"round": value((*compiler).rounding),
		"log":   value((*compiler).log),
		"hsl":   value((*compiler).hsl),

		// Variables, raycasts and rules (lower_builtin_chase.go).
		"chase":           action((*compiler).chase),
		"chaseAtRate":     action((*compiler).chase),
		"chaseOverTime":   action((*compiler).chase),
		"stopChasing":     action((*compiler).stopChasing),
		"async":           action((*compiler).async),
		"raycast":         value((*compiler).bareRaycast),
		".getHitPosition": value((*compiler).raycastAccessor),
		".getPlayerHit":   value((*compiler).raycastAccessor),
		".getNormal":      value((*compiler).raycastAccessor),

		// Workshop settings (lower_builtin_setting.go).
		"createWorkshopSetting":      value((*compiler).workshopSetting),
		"createWorkshopSettingBool":  value((*compiler).workshopSettingElement),
		"createWorkshopSettingInt":   value((*compiler).workshopSettingElement),
		"createWorkshopSettingFloat": value((*compiler).workshopSettingElement),
		"createWorkshopSettingHero":  value((*compiler).workshopSettingElement),
		"createWorkshopSettingEnum":  value((*compiler).workshopSettingElement),

		// The current map (lower_builtin_map.go).
		"getCurrentMap": value((*compiler).getCurrentMap),

		// Strings (lower_builtin_string.go).
		".format": value((*compiler).format),

		// Forms that are not calls of their own.
		"range": either(func(c *compiler, b *builtinCall) *wnode {
			c.d.errorf(codeSyntax, b.e.Loc, "range(…) is only the loop of a for: for VARIABLE in range(…):")
			return nil
		}),
		".append": value((*compiler).statementOnly),
		".remove": value((*compiler).statementOnly),
	}
	for name, why := range unsupportedBuiltins {
		builtinFuncs[name] = either(func(c *compiler, b *builtinCall) *wnode {
			c.d.errorf(codeUnsupportedFeature, b.e.Loc, "'"+name+"' is not supported by wright-lsp: "+why)
			return nil
		})
	}
	builtinNames = freeBuiltinNames()
}

// unsupportedBuiltins are OverPy functions wright-lsp does not compile,
// with the reason.
var unsupportedBuiltins = map[string]string{
	"strVisualLength":           "it needs OverPy's table of character widths",
	"spacesForString":           "it needs OverPy's table of character widths",
	"spacesForLength":           "it needs OverPy's table of character widths",
	"createCasedProgressBarIwt": "it builds its texts with OverPy's string transformations",
	"_":                         "translations are not supported yet",
	"__":                        "translations are not supported yet",
	"___":                       "translations are not supported yet",
}

// functionAliases are the old names OverPy still accepts, with the
// catalog element or OverPy function each stands for. A free name may
// stand for a member function: removeFromGame(p) is p.removeFromGame().
var functionAliases = map[string]string{
	"destroyAllInWorldText": "destroyAllInWorldTexts", "disableEnvironmentCollision": ".disableEnvironmentCollision",
	"enableEnvironmentCollision": ".enableEnvironmentCollision", "enablePlayerCollision": ".enablePlayerCollision",
	"horizontalAngleFromDirection": "horizontalAngleOfDirection", "getLastAssistID": "getLastAssistId",
	"getLastDoT": "getLastDamageOverTimeId", "getLastHoT": "getLastHealingOverTimeId",
	"getNumberOfDoTIds": "getNumberOfDamageOverTimeIds", "getNumberOfHoTIds": "getNumberOfHealingOverTimeIds",
	"moveToTeam": ".moveToTeam", "printLog": "logToInspector", "rgba": "rgb", "hsla": "hsl",
	"updateEveryTick": "updateEveryFrame", "angleToDirection": "directionFromAngles", "buttonString": "inputBindingString",
	"teamHasHero": "isHeroBeingPlayed", "removeFromGame": ".removeFromGame", "stopChasingVariable": "stopChasing",
	"stopDoT": "stopDamageOverTime", "stopHoT": "stopHealingOverTime",

	".setCamera": ".startCamera", ".disableHeroHUD": ".disableHeroHud", ".startDoT": ".startDamageOverTime",
	".startHoT": ".startHealingOverTime", ".getCurrentHero": ".getHero", ".hasStatusEffect": ".hasStatus",
	".stopAllDoT": ".stopAllDamageOverTime", ".stopAllHoT": ".stopAllHealingOverTime",
}

// builtinNames are the OverPy functions that are not member functions,
// for suggestions; set by init.
var builtinNames []string

func freeBuiltinNames() []string {
	var out []string
	for n := range builtinFuncs {
		if !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") {
			out = append(out, n)
		}
	}
	for n := range functionAliases {
		if !strings.HasPrefix(n, ".") {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// builtin lowers a call of an OverPy function; handled is false when name
// is not one. recv is the receiver of a member function (name starts
// with '.').
func (c *compiler) builtin(name string, e *Call, recv Expr, action bool) (w *wnode, handled bool) {
	if target, ok := functionAliases[name]; ok {
		if f, isBuiltin := builtinFuncs[target]; isBuiltin {
			return c.lowerBuiltin(f, &builtinCall{name: name, e: e, recv: recv}, action), true
		}
		el := c.names.element(target)
		if el == nil {
			panic("opy: alias " + name + " of no catalog element " + target)
		}
		return c.elementCall(el, strings.TrimPrefix(name, "."), e, recv, action), true
	}
	f, ok := builtinFuncs[name]
	if !ok {
		return nil, false
	}
	if raycastAccessors[name] && !isRaycast(recv) {
		// Not OverPy's accessor: a macro or an unknown member.
		return nil, false
	}
	return c.lowerBuiltin(f, &builtinCall{name: name, e: e, recv: recv}, action), true
}

// bareBuiltins are the OverPy functions without arguments that a bare
// name calls: getAllPlayers is getAllPlayers().
var bareBuiltins = map[string]bool{"getAllPlayers": true, "getCurrentMap": true}

// bareBuiltin lowers the bare name of an OverPy function without
// arguments; ok is false when the name is not one.
func (c *compiler) bareBuiltin(n *Name) (w *wnode, ok bool) {
	if !bareBuiltins[n.Name] {
		return nil, false
	}
	return c.builtin(n.Name, &Call{Fn: n, Loc: n.Loc, ArgLoc: n.Loc}, nil, false)
}

// lowerBuiltin checks that an OverPy function is used as what it is (an
// action or a value) and lowers it.
func (c *compiler) lowerBuiltin(f builtinFunc, b *builtinCall, action bool) *wnode {
	switch {
	case action && f.use == asValue:
		c.d.errorf(codeExpectedAction, b.e.Loc, "'"+b.label()+"' is a value, not an action: assign it or use it in one")
		return nil
	case !action && f.use == asAction:
		c.d.errorf(codeExpectedValue, b.e.Loc, "'"+b.label()+"' is an action, not a value")
		return nil
	}
	return f.lower(c, b)
}

// statementOnly refuses A.append(x) and A.remove(x) used as values.
func (c *compiler) statementOnly(b *builtinCall) *wnode {
	c.d.errorf(codeExpectedValue, b.e.Loc, "'"+b.label()+"' changes a variable and has no value: write it as a statement")
	return nil
}

// arity checks a builtin's argument count and that none is a keyword.
func (c *compiler) arity(e *Call, name string, lo, hi int) bool {
	if len(e.Args) < lo || len(e.Args) > hi {
		want := plural(lo, "argument")
		if hi != lo {
			want = itoa(lo) + " to " + itoa(hi) + " arguments"
		}
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'"+name+"' takes "+want+", got "+itoa(len(e.Args)))
		return false
	}
	for _, a := range e.Args {
		if a.Name != "" {
			c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "'"+name+"' takes no keyword arguments")
			return false
		}
	}
	return true
}

// args binds a builtin's arguments (and receiver) to its parameters and
// lowers them, defaults filled in; nil when something is wrong (and
// reported).
func (c *compiler) args(b *builtinCall, params ...vocab.Param) []*wnode {
	return c.bindArgs(params, b.label(), b.e, b.recv)
}

// bindExprs binds a builtin's arguments (and receiver) to its
// parameters without lowering them, for the builtins that read their
// arguments as written; a parameter left out is nil. ok is false when
// something is wrong (and reported).
func (c *compiler) bindExprs(b *builtinCall, params ...vocab.Param) (given []Expr, ok bool) {
	e := b.e
	given = make([]Expr, len(params))
	pos := 0
	if b.recv != nil {
		given[0], pos = b.recv, 1
	}
	ok = true
	seenKeyword := false
	for _, a := range e.Args {
		if a.Name != "" {
			seenKeyword = true
			i := paramIndex(params, a.Name)
			switch {
			case i < 0 || i < boolInt(b.recv != nil):
				c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "'"+b.label()+"' has no parameter '"+a.Name+"'")
				ok = false
			case given[i] != nil:
				c.d.errorf(codeDuplicateArgument, a.NameLoc, "'"+a.Name+"' is given twice")
				ok = false
			default:
				given[i] = a.Value
			}
			continue
		}
		switch {
		case seenKeyword:
			c.d.errorf(codePositionalAfterKw, a.Value.exprLoc(), "a positional argument cannot follow keyword arguments")
			ok = false
		case pos >= len(params):
			c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), "'"+b.label()+"' takes "+plural(len(params)-boolInt(b.recv != nil), "argument")+": this one is extra")
			ok = false
		default:
			given[pos] = a.Value
		}
		pos++
	}
	if !ok {
		return nil, false
	}
	for i, p := range params {
		if given[i] == nil && !p.HasDefault {
			c.d.errorf(codeMissingArgument, e.Loc, "'"+b.label()+"' needs its argument '"+p.Name+"'")
			ok = false
		}
	}
	return given, ok
}

// need is a parameter without a default.
func need(name string) vocab.Param { return vocab.Param{Name: name} }

// orDefault is a parameter with a default written in OverPy.
func orDefault(name, def string) vocab.Param {
	return vocab.Param{Name: name, Default: def, HasDefault: true}
}

// catalogParam is a copy of a parameter of a catalog element, renamed
// name: the same enum, type and default.
func (c *compiler) catalogParam(key, param, name string) vocab.Param {
	el := c.names.element(key)
	if el == nil {
		panic("opy: no catalog element " + key)
	}
	i := paramIndex(el.Params, param)
	if i < 0 {
		panic("opy: catalog element " + key + " has no parameter " + param)
	}
	p := el.Params[i]
	p.Name = name
	return p
}

// lambdaBody lowers "lambda x: BODY" with x standing for the current
// array element (and a second parameter for its index).
func (c *compiler) lambdaBody(e Expr, fn string) *wnode {
	l, ok := e.(*Lambda)
	if !ok {
		if _, bad := e.(*BadExpr); !bad {
			c.d.errorf(codeSyntax, e.exprLoc(), "'"+fn+"' takes a lambda here: lambda x: …")
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
// form: A.append(x), A.remove(x), and splitDictArray and tabular, which
// write several actions.
func (c *compiler) actionSpecial(call *Call, s *ExprStmt) bool {
	if name, ok := callName(call); ok && (name == "splitDictArray" || name == "tabular") {
		c.splitTable(&builtinCall{name: name, e: call}, s.Loc, s.Comments)
		return true
	}
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
	// OverPy drops the comments of .append and .remove statements inside
	// a block (it keeps them at a rule's top level).
	comments := s.Comments
	if c.rule.depth > 0 {
		comments = nil
	}
	if w := c.setVariable(m.X, value, s.Loc); w != nil {
		c.emitAction(w, s.Loc, comments)
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
