package lint

// This file holds the helpers of the value rules: structural keys of
// expressions, what an expression reads, which values differ per
// evaluation, constant folding of conditions, and which argument slots
// the game re-evaluates.

import (
	"math"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// valUnparen returns e without its enclosing parentheses.
func valUnparen(e *ast.Expr) *ast.Expr {
	for e != nil && e.Kind == ast.Paren && len(e.Args) == 1 {
		e = e.Args[0]
	}
	return e
}

// valElemID returns the element id of a call, or "".
func valElemID(e *ast.Expr) string {
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return ""
	}
	return e.Elem.ID
}

// valKey returns the locale-neutral structure of e as ast.DumpExpr
// writes it, except that parentheses are looked through everywhere:
// "(a + b) * c" and "((a + b)) * c" have one key.
func valKey(e *ast.Expr) string {
	return string(valAppendKey(nil, e))
}

// valAppendKey appends valKey(e) to b.
func valAppendKey(b []byte, e *ast.Expr) []byte {
	e = valUnparen(e)
	if e == nil {
		return append(b, "<nil>"...)
	}
	switch e.Kind {
	case ast.Number, ast.String, ast.Member, ast.Name, ast.Global:
		return valAppendLeaf(b, e) // as ast.DumpExpr writes it
	case ast.Call:
		if e.Elem != nil {
			b = append(b, e.Elem.ID...)
		} else {
			b = append(b, "unknown:"...)
			b = strconv.AppendQuote(b, e.Text)
		}
		if !e.Parens {
			return b
		}
	case ast.Binary, ast.Assign:
		b = append(b, e.Op.String()...)
	case ast.PlayerVar:
		b = append(b, "player-var."...)
		b = append(b, e.Text...)
	default:
		b = append(b, e.Kind.String()...)
	}
	b = append(b, '(')
	for i, a := range e.Args {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = valAppendKey(b, a)
	}
	return append(b, ')')
}

// valAppendLeaf appends ast.DumpExpr(e) for a number, a string, an enum
// member, a name or a global variable.
func valAppendLeaf(b []byte, e *ast.Expr) []byte {
	switch e.Kind {
	case ast.Number:
		return repAppendNumber(b, e.Num)
	case ast.String:
		if e.LocStr != nil {
			b = append(b, "locstr:"...)
			return append(b, e.LocStr.ID...)
		}
		return strconv.AppendQuote(b, e.Text)
	case ast.Member:
		if m := e.Member; m != nil {
			b = append(b, m.Enum.ID...)
			b = append(b, '.')
			return append(b, m.ID...)
		}
		return append(b, vocab.QualifiedID(e.Member)...)
	case ast.Name:
		b = append(b, "name:"...)
		return append(b, e.Text...)
	case ast.Global:
		b = append(b, "global."...)
		return append(b, e.Text...)
	}
	return append(b, ast.DumpExpr(e)...)
}

// valSameKey reports whether valKey(a) == valKey(b).
func valSameKey(a, b *ast.Expr) bool {
	var buf [256]byte
	ka := valAppendKey(buf[:0], a)
	n := len(ka)
	kb := valAppendKey(ka, b)
	return string(kb[:n]) == string(kb[n:])
}

// valPerEvaluation are the values that differ from one evaluation to
// the next at the same instant: random draws and the server load.
var valPerEvaluation = map[string]bool{
	"random.choice": true, "random.randint": true, "random.shuffle": true, "random.uniform": true,
	"getServerLoad": true, "getAverageServerLoad": true, "getPeakServerLoad": true,
}

// valHasPerEvaluation reports whether e holds a value that may differ
// each time it is evaluated, even twice in one action (Random Integer,
// Random Real, Random Value In Array, Randomized Array, Server Load…), or
// a name that does not resolve (whose meaning is unknown).
func valHasPerEvaluation(e *ast.Expr) bool {
	found := false
	ast.Inspect(e, func(x *ast.Expr) bool {
		switch {
		case x.Kind == ast.Bad, x.Kind == ast.Call && x.Elem == nil:
			found = true
		case x.Kind == ast.Call && valPerEvaluation[x.Elem.ID]:
			found = true
		}
		return !found
	})
	return found
}

// valFacts is what an expression's value depends on.
type valFacts struct {
	// volatile: the value may differ between two evaluations with nothing
	// in between (random values, server load), is bound by an enclosing
	// array function (Current Array Element), is an id that creating
	// actions change (Last Created Entity…), is frozen or forced by
	// Evaluate Once / Update Every Frame, or is unknown.
	volatile bool
	// state: the value may read game state (positions, health,
	// players…) that actions of the rule may change. A variable or an
	// event value may hold a player, which stands for its position in a
	// vector slot, so anything reading one counts.
	state bool
	// context: the value reads an event value (Event Player…).
	context bool
	// reads are the variables read: "g:NAME" for a global, "p:NAME" for
	// a player variable of any player.
	reads map[string]bool
}

// valIsCreatedID reports whether a value is an id or a count that
// creating actions change (Last Created Entity, Entity Count…).
func valIsCreatedID(id string) bool {
	return strings.HasPrefix(id, "getLast") || strings.HasPrefix(id, "getNumberOf") && strings.HasSuffix(id, "Ids")
}

// valEventValues are the event values and the categories of events that
// provide them (OverPy's categories).
var valEventValues = map[string]string{
	"eventPlayer":         "player",
	"attacker":            "damage",
	"victim":              "damage",
	"eventDamage":         "damage",
	"eventWasEnvironment": "damage",
	"healer":              "healing",
	"healee":              "healing",
	"eventHealing":        "healing",
	"eventWasHealthPack":  "healing",
	"eventWasCriticalHit": "damageOrHealing",
	"eventAbility":        "damageOrHealing",
	"eventDirection":      "damageOrHealing",
}

// valFactsOf returns what e depends on.
func valFactsOf(e *ast.Expr) valFacts {
	f := valFacts{}
	read := func(k string) {
		if f.reads == nil {
			f.reads = map[string]bool{}
		}
		f.reads[k] = true
	}
	ast.Inspect(e, func(x *ast.Expr) bool {
		switch x.Kind {
		case ast.Bad:
			f.volatile = true
		case ast.Global:
			read("g:" + x.Text)
		case ast.PlayerVar:
			read("p:" + x.Text)
		case ast.Call:
			if x.Elem == nil {
				f.volatile = true
				return false
			}
			id := x.Elem.ID
			switch {
			case valPerEvaluation[id], valIsCreatedID(id), id == "evalOnce", id == "updateEveryFrame",
				id == "__currentArrayElement__", id == "__currentArrayIndex__", id == "localPlayer":
				f.volatile = true
			case id == "__globalVar__":
				if len(x.Args) > 0 {
					read("g:" + x.Args[0].Text)
				}
			case id == "__playerVar__":
				if len(x.Args) > 1 {
					read("p:" + x.Args[1].Text)
				}
			case valEventValues[id] != "":
				f.context = true
			case x.Elem.IsAction():
			case !x.Elem.Flags.IsConstant:
				f.state = true
			}
		}
		return true
	})
	f.state = f.state || f.context || len(f.reads) > 0
	return f
}

// valIsTrivial reports whether e is too simple to be worth caching: a
// literal, an enum member, a value without arguments (Event Player), a
// variable read (Global.x, Event Player.x), or such a read indexed by
// another (Global.x[2], Global.x[Event Player.i]).
func valIsTrivial(e *ast.Expr) bool {
	e = valUnparen(e)
	switch e.Kind {
	case ast.Number, ast.String, ast.Member, ast.Name, ast.Global:
		return true
	case ast.Call:
		switch valElemID(e) {
		case "__globalVar__":
			return true
		case "__playerVar__", "__valueInArray__":
			return len(e.Args) == 2 && valIsTrivial(e.Args[0]) && valIsTrivial(e.Args[1])
		}
		return !e.Parens || len(e.Args) == 0
	case ast.PlayerVar:
		return len(e.Args) == 1 && valIsTrivial(e.Args[0]) && valUnparen(e.Args[0]).Kind != ast.PlayerVar
	case ast.Index:
		return len(e.Args) == 2 && valIsTrivial(e.Args[0]) && valIsTrivial(e.Args[1])
	}
	return false
}

// valVar is a variable read or written: a global variable, or a player
// variable of any player.
type valVar struct {
	player bool
	name   string
}

// String returns "g:NAME" or "p:NAME".
func (v valVar) String() string {
	if v.player {
		return "p:" + v.name
	}
	return "g:" + v.name
}

// valWrites returns the variables an action writes: "g:NAME" or
// "p:NAME". Assignments, Set/Modify/Chase/For forms and every other
// action taking a variable name count.
func valWrites(e *ast.Expr) []string {
	vars := valWriteVars(e)
	if vars == nil {
		return nil
	}
	out := make([]string, len(vars))
	for i, v := range vars {
		out[i] = v.String()
	}
	return out
}

// valWriteVars returns the variables an action writes (see valWrites).
func valWriteVars(e *ast.Expr) []valVar {
	return valAppendWrites(nil, e)
}

// valAppendWrites appends valWriteVars(e) to buf.
func valAppendWrites(buf []valVar, e *ast.Expr) []valVar {
	if e == nil {
		return buf
	}
	if e.Kind == ast.Assign && len(e.Args) > 0 {
		t := valUnparen(e.Args[0])
		if t.Kind == ast.Index && len(t.Args) > 0 {
			t = valUnparen(t.Args[0])
		}
		switch t.Kind {
		case ast.Global:
			return append(buf, valVar{name: t.Text})
		case ast.PlayerVar:
			return append(buf, valVar{player: true, name: t.Text})
		}
		return buf
	}
	if e.Kind != ast.Call || e.Elem == nil {
		return buf
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			buf = append(buf, valVar{name: a.Text})
		case vocab.IdentPlayerVariable:
			buf = append(buf, valVar{player: true, name: a.Text})
		}
	}
	return buf
}

// valCheckWrites fails where valWriteVars(e) does (on a nil argument, in
// a tree no parser builds), reading no more of e than it must.
func valCheckWrites(e *ast.Expr) {
	if e == nil {
		return
	}
	if e.Kind == ast.Assign && len(e.Args) > 0 {
		t := valUnparen(e.Args[0])
		if t.Kind == ast.Index && len(t.Args) > 0 {
			t = valUnparen(t.Args[0])
		}
		valSink = t.Kind
		return
	}
	if e.Kind != ast.Call || e.Elem == nil {
		return
	}
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) {
			break
		}
		if a == nil {
			valSink = a.Kind // the dereference valWriteVars makes
		}
	}
}

// valSink keeps the reads of valCheckWrites.
var valSink ast.ExprKind

// valStateNeutral are actions that change no game state a value
// reads (besides variables, tracked separately, and the ids of created
// entities, which count as per-evaluation values), and control-flow
// actions, whose effect on what runs the control-flow graph carries.
var valStateNeutral = map[string]bool{
	"smallMessage": true, "bigMessage": true, "logToInspector": true,
	"hudText": true, "progressBarHud": true, "createInWorldText": true, "createProgressBarInWorldText": true,
	"createEffect": true, "createBeam": true, "createIcon": true, "playEffect": true, "setObjectiveDescription": true,
	"destroyEffect": true, "destroyAllEffects": true, "destroyHudText": true, "destroyAllHudTexts": true,
	"destroyIcon": true, "destroyAllIcons": true, "destroyInWorldText": true, "destroyAllInWorldTexts": true,
	"destroyProgressBarHud": true, "destroyAllProgressBarHuds": true, "destroyProgressBarInWorldText": true,
	"destroyAllProgressBarInWorldTexts": true, "enableInspector": true, "disableInspector": true,
	"__setGlobalVariable__": true, "__setPlayerVariable__": true, "__setGlobalVariableAtIndex__": true,
	"__setPlayerVariableAtIndex__": true, "__modifyGlobalVariable__": true, "__modifyPlayerVariable__": true,
	"__modifyGlobalVariableAtIndex__": true, "__modifyPlayerVariableAtIndex__": true,
	"__if__": true, "__elif__": true, "__else__": true, "__end__": true, "__while__": true,
	"__forGlobalVariable__": true, "__forPlayerVariable__": true, "break": true, "continue": true,
	"loop": true, "__loopIf__": true, "__loopIfConditionIsTrue__": true, "__loopIfConditionIsFalse__": true,
	"__skip__": true, "__skipIf__": true, "return": true, "__abortIf__": true,
	"__abortIfConditionIsTrue__": true, "__abortIfConditionIsFalse__": true,
}

// valSuspending let time pass or other code run: after them any
// value, variables included, may have changed.
var valSuspending = map[string]bool{
	"wait": true, "waitUntil": true, "__callSubroutine__": true, "startRule": true,
}

// valReevaluating reports whether the game keeps re-evaluating some
// arguments of the action after it ran: creators and Start actions with a
// reevaluation parameter, chases, For loops (their bounds are read at
// every End) and the Start actions the game keeps live without saying
// (Start Camera, Start Forcing Throttle…). It is deliberately broad: any
// Create or Start action counts.
func valReevaluating(el *vocab.Element) bool {
	if el == nil || !el.IsAction() {
		return false
	}
	for _, p := range el.Params {
		if strings.HasPrefix(strings.ToLower(p.Name), "reevaluat") {
			return true
		}
		if p.Enum != nil && strings.HasSuffix(p.Enum.ID, "Reeval") {
			return true
		}
	}
	id := strings.TrimPrefix(el.ID, ".")
	return strings.HasPrefix(id, "start") || strings.HasPrefix(id, "create") || strings.HasPrefix(id, "__chase") ||
		el.ID == "__forGlobalVariable__" || el.ID == "__forPlayerVariable__"
}

// valReevaluatedArgs reports whether the arguments of an action are
// evaluated more than once per execution of the action: While's
// condition (at every iteration), Wait Until's condition (until it
// holds), Loop If's condition (at every pass).
func valReevaluatedArgs(id string) bool {
	switch id {
	case "__while__", "waitUntil", "__loopIf__":
		return true
	}
	return false
}

// valTri is a three-state truth value: unknown, true or false.
type valTri uint8

const (
	valTriUnknown valTri = iota
	valTriTrue
	valTriFalse
)

func valTriOf(b bool) valTri {
	if b {
		return valTriTrue
	}
	return valTriFalse
}

// valConstNumber returns the value of a number literal, True (1), False (0)
// or Null (0), looking through parentheses.
func valConstNumber(e *ast.Expr) (float64, bool) {
	e = valUnparen(e)
	switch {
	case e == nil:
		return 0, false
	case e.Kind == ast.Number:
		return e.Num, true
	case valElemID(e) == "true" && !e.Parens:
		return 1, true
	case valElemID(e) == "false" && !e.Parens, valElemID(e) == "null" && !e.Parens:
		return 0, true
	case valElemID(e) == "__number__" && len(e.Args) == 1:
		return valConstNumber(e.Args[0])
	}
	return 0, false
}

// valIsBool reports whether e is True or False.
func valIsBool(e *ast.Expr) bool {
	id := valElemID(valUnparen(e))
	return id == "true" || id == "false"
}

// valEpsilon is the game's tolerance of == between numbers.
const valEpsilon = 1.192093e-7

// valTruth folds a condition written with literals: True, False,
// numbers, Not, And, Or (with a decided side), comparisons of two
// literals, and comparisons of a value with itself. It returns
// valTriUnknown for anything that reads a variable, an event value or game
// state.
func valTruth(e *ast.Expr) valTri {
	e = valUnparen(e)
	if e == nil {
		return valTriUnknown
	}
	if n, ok := valConstNumber(e); ok {
		return valTriOf(math.Abs(n) >= valEpsilon)
	}
	switch {
	case e.Kind == ast.Not && len(e.Args) == 1, valElemID(e) == "__not__" && len(e.Args) == 1:
		switch valTruth(e.Args[0]) {
		case valTriTrue:
			return valTriFalse
		case valTriFalse:
			return valTriTrue
		}
		return valTriUnknown
	case e.Kind == ast.Binary && (e.Op == ast.OpAnd || e.Op == ast.OpOr) && len(e.Args) == 2,
		(valElemID(e) == "__and__" || valElemID(e) == "__or__") && len(e.Args) == 2:
		and := e.Op == ast.OpAnd || valElemID(e) == "__and__"
		a, b := valTruth(e.Args[0]), valTruth(e.Args[1])
		switch {
		case and && (a == valTriFalse || b == valTriFalse):
			return valTriFalse
		case !and && (a == valTriTrue || b == valTriTrue):
			return valTriTrue
		case a == valTriTrue && b == valTriTrue:
			return valTriTrue
		case a == valTriFalse && b == valTriFalse:
			return valTriFalse
		}
		return valTriUnknown
	case e.Kind == ast.Binary && e.Op.IsComparison() && len(e.Args) == 2:
		return valCompare(e.Args[0], e.Op, e.Args[1])
	case valElemID(e) == "__compare__" && len(e.Args) == 3 && valUnparen(e.Args[1]).Kind == ast.Member:
		op := valCompareOp(valUnparen(e.Args[1]).Member)
		if op == ast.OpNone {
			return valTriUnknown
		}
		return valCompare(e.Args[0], op, e.Args[2])
	}
	return valTriUnknown
}

// valCompareOp maps a member of the Compare operator enum to its
// operator.
func valCompareOp(m *vocab.Member) ast.Op {
	if m == nil {
		return ast.OpNone
	}
	switch m.ID {
	case "==":
		return ast.OpEq
	case "!=":
		return ast.OpNe
	case "<":
		return ast.OpLt
	case "<=":
		return ast.OpLe
	case ">":
		return ast.OpGt
	case ">=":
		return ast.OpGe
	}
	return ast.OpNone
}

// valCompare folds a comparison of two literals (numbers, True, False,
// Null) or of a value with itself.
func valCompare(l *ast.Expr, op ast.Op, r *ast.Expr) valTri {
	ln, lok := valConstNumber(l)
	rn, rok := valConstNumber(r)
	if lok && rok {
		// A Boolean on either side compares truthiness (semantics.md §2.4).
		if (valIsBool(l) || valIsBool(r)) && (op == ast.OpEq || op == ast.OpNe) {
			lb, rb := math.Abs(ln) >= valEpsilon, math.Abs(rn) >= valEpsilon
			return valTriOf((lb == rb) == (op == ast.OpEq))
		}
		eq := math.Abs(ln-rn) < valEpsilon
		switch op {
		case ast.OpEq:
			return valTriOf(eq)
		case ast.OpNe:
			return valTriOf(!eq)
		case ast.OpLt:
			return valTriOf(ln < rn && !eq)
		case ast.OpGt:
			return valTriOf(ln > rn && !eq)
		case ast.OpLe:
			return valTriOf(ln < rn || eq)
		case ast.OpGe:
			return valTriOf(ln > rn || eq)
		}
		return valTriUnknown
	}
	if lok != rok {
		// One side is a literal: a Boolean literal against a condition
		// with a decided truth value (True == (1 > 2)).
		lit, other := l, r
		if rok {
			lit, other = r, l
		}
		if !valIsBool(lit) || op != ast.OpEq && op != ast.OpNe {
			return valTriUnknown
		}
		t := valTruth(other)
		if t == valTriUnknown {
			return valTriUnknown
		}
		n, _ := valConstNumber(lit)
		return valTriOf(((t == valTriTrue) == (n != 0)) == (op == ast.OpEq))
	}
	if !lok && valSameKey(l, r) && !valHasPerEvaluation(l) {
		switch op {
		case ast.OpEq, ast.OpLe, ast.OpGe:
			return valTriTrue
		case ast.OpNe, ast.OpLt, ast.OpGt:
			return valTriFalse
		}
	}
	return valTriUnknown
}

// valSpell returns n's name in locale l, or its en-US name when l has none.
func valSpell(n vocab.Named, l vocab.Locale) string {
	e := vocab.EntryOf(n)
	if s, ok := e.Name(l); ok {
		return s
	}
	return e.English()
}
