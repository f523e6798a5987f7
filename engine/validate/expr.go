package validate

// This file checks values: names, argument counts and slots, variables.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// legacyArity lists actions whose argument count changed over the game's
// versions; text with the older count is still pasted (with defaults for
// the new arguments), so it is a warning, not an error.
var legacyArity = map[string][]int{
	"hudText":                    {10}, // spectator visibility added
	"createInWorldText":          {6, 7},
	".startForcingOutlineFor":    {4},
	"createWorkshopSettingBool":  {3},
	"createWorkshopSettingInt":   {5},
	"createWorkshopSettingFloat": {5},
}

// value checks e in a slot described by param (nil: any value).
func (c *checker) value(e *ast.Expr, param *vocab.Param) {
	if e == nil {
		return
	}
	switch e.Kind {
	case ast.Bad:
	case ast.Number:
		c.number(e, param)
	case ast.String:
		c.errorf(diag.UnexpectedString, c.at(e), "a string cannot stand alone as a value: write Custom String(\"…\")")
	case ast.Member:
		c.member(e, param)
	case ast.Name:
		c.unknownName(e)
	case ast.Global:
		c.variable(e, c.globals, "global")
	case ast.PlayerVar:
		c.value(e.Args[0], nil)
		c.variable(e, c.players, "player")
	case ast.Call:
		switch {
		case e.Elem == nil:
			d := c.errorf(diag.UnknownValue, c.nameAt(e), "unknown value %s", diag.Quote(e.Text))
			c.suggest(d, e.Text, kindsValue)
			c.unknownArgs(e)
		case e.Elem.IsAction():
			c.errorf(diag.UnknownValue, c.nameAt(e), "%s is an action, not a value", c.spell(e.Elem))
		default:
			c.call(e)
		}
	default:
		for _, a := range e.Args {
			c.value(a, nil)
		}
	}
}

// unknownArgs checks the arguments of an unknown call. Their slots are
// unknown, so a bare enum member or name is not reported again: the one
// error is the unknown name.
func (c *checker) unknownArgs(e *ast.Expr) {
	for _, a := range e.Args {
		if a.Kind != ast.Member && a.Kind != ast.Name {
			c.value(a, nil)
		}
	}
}

func (c *checker) unknownName(e *ast.Expr) {
	if _, ok := c.globals.lookup(e.Text); ok {
		c.errorf(diag.UnknownValue, c.nameAt(e), "unknown value %s: to read the global variable, write %s.%s", diag.Quote(e.Text), c.spell(c.v.Value("__global__")), e.Text)
		return
	}
	d := c.errorf(diag.UnknownValue, c.nameAt(e), "unknown value %s", diag.Quote(e.Text))
	c.suggest(d, e.Text, kindsValue)
}

// variable checks that the name of a Global.x or P.x is usable.
func (c *checker) variable(e *ast.Expr, table *slotTable, kind string) {
	if _, ok := table.lookup(e.Text); ok {
		return
	}
	d := c.errorf(diag.UndeclaredVariable, c.nameAt(e), "%s variable %s is not declared, and is not the default name of a free slot", kind, e.Text)
	c.suggestSlot(d, e.Text, table)
}

// member checks a bare enum member in a slot.
func (c *checker) member(e *ast.Expr, param *vocab.Param) {
	m := e.Member
	switch {
	case param != nil && param.Enum != nil:
		if m.Enum != param.Enum {
			d := c.errorf(diag.WrongEnumMember, c.nameAt(e), "%s is not one of the choices of this argument (%s): expected one of %s",
				c.spell(m), param.Name, c.memberList(param.Enum))
			c.suggestMember(d, c.spell(m), param.Enum)
		}
	case isLiteralEnum(m.Enum.ID):
		// A bare colour, team, button, hero, map or mode: the legacy (and,
		// for teams, current) way to write the wrapped value.
	default:
		d := c.errorf(diag.UnknownValue, c.nameAt(e), "%s is a choice of a specific argument, not a value", c.spell(m))
		c.suggest(d, c.spell(m), kindsValue)
	}
}

func isLiteralEnum(id string) bool {
	switch id {
	case "TeamLiteral", "ColorLiteral", "ButtonLiteral", "HeroLiteral", "MapLiteral", "GamemodeLiteral":
		return true
	}
	return false
}

func (c *checker) memberList(en *vocab.Enum) string {
	s := ""
	n := 0
	for _, m := range en.Members {
		if m.OnlyInOverPy {
			continue
		}
		if n == 6 {
			return s + ", …"
		}
		if n > 0 {
			s += ", "
		}
		s += c.spell(m)
		n++
	}
	return s
}

// call checks an action or value call: argument count and each slot.
func (c *checker) call(e *ast.Expr) {
	el := e.Elem
	name := c.spell(el)
	switch {
	case el.Bare && len(e.Args) > 0:
		c.errorf(diag.WrongArgumentCount, c.at(e), "%s takes no arguments, found %d", name, len(e.Args))
	case !el.Bare && !e.Parens:
		c.errorf(diag.WrongArgumentCount, c.nameAt(e), "%s takes %d arguments: expected %s(…)", name, len(el.Params), name)
	case !el.Bare && e.Parens && len(e.Args) == 0 && (el.ID == "__map__" || el.ID == "__gamemode__"):
		// The removed-map form; the parser reported it.
	case !el.Bare && (len(e.Args) < el.MinArgs() || el.MaxArgs() >= 0 && len(e.Args) > el.MaxArgs()):
		sev := diag.Error
		code := diag.WrongArgumentCount
		for _, n := range legacyArity[el.ID] {
			if n == len(e.Args) {
				sev, code = diag.Warning, diag.LegacyArity
			}
		}
		want := itoa(el.MaxArgs())
		switch {
		case el.MaxArgs() < 0:
			want = "at least " + itoa(el.MinArgs())
		case el.MinArgs() != el.MaxArgs():
			want = itoa(el.MinArgs()) + " to " + want
		}
		msg := "%s takes %s arguments, found %d"
		if code == diag.LegacyArity {
			msg += " (the count of an older game version; the game fills in the rest)"
		}
		c.report(sev, code, c.at(e), msg, name, want, len(e.Args))
	}
	for i, a := range e.Args {
		c.arg(e, i, a, el.ParamAt(i))
	}
	if isWorkshopSetting(el.ID) {
		c.workshopSetting(e)
	}
	switch el.ID {
	case "__customString__":
		c.customString(e)
	case "__localizedString__":
		c.localizedString(e)
	case "wait":
		c.wait(e)
	}
}

// arg checks argument i of call e against its slot.
func (c *checker) arg(call *ast.Expr, i int, a *ast.Expr, param *vocab.Param) {
	if param == nil {
		c.value(a, nil)
		return
	}
	switch {
	case param.Ident != vocab.IdentNone:
		c.identArg(a, param)
	case param.Type.Name == "CustomStringLiteral" && call.Elem.ID == "__customString__" && i == 0,
		param.Type.Name == "LocalizedStringLiteral":
		if a.Kind != ast.String {
			c.errorf(diag.ExpectedString, c.at(a), "%s takes a string literal here (argument %s)", c.spell(call.Elem), param.Name)
			c.value(a, nil)
		}
	case param.Type.Name == "CustomStringLiteral":
		if a.Kind != ast.Call || a.Elem == nil || a.Elem.ID != "__customString__" || len(a.Args) > 1 {
			c.errorf(diag.ExpectedLiteral, c.at(a), "argument %s of %s takes a Custom String without format arguments", param.Name, c.spell(call.Elem))
		}
		c.value(a, nil)
	case param.Type.Name == "IntLiteral" || param.Type.Name == "UnsignedIntLiteral" || param.Type.Name == "FloatLiteral":
		if a.Kind != ast.Number {
			c.errorf(diag.ExpectedLiteral, c.at(a), "argument %s of %s takes a number literal, not a computed value", param.Name, c.spell(call.Elem))
		}
		c.value(a, param)
	case param.Type.Name == "BoolLiteral":
		if a.Kind != ast.Call || a.Elem == nil || (a.Elem.ID != "true" && a.Elem.ID != "false") {
			c.errorf(diag.ExpectedLiteral, c.at(a), "argument %s of %s takes True or False, not a computed value", param.Name, c.spell(call.Elem))
		}
		c.value(a, param)
	case param.Enum != nil && a.Kind != ast.Member:
		if a.Kind == ast.Name {
			d := c.errorf(diag.UnknownEnumMember, c.nameAt(a), "%s is not a choice of argument %s of %s: expected one of %s",
				diag.Quote(a.Text), param.Name, c.spell(call.Elem), c.memberList(param.Enum))
			c.suggestMember(d, a.Text, param.Enum)
			return
		}
		if a.Kind == ast.Call && a.Elem == nil {
			d := c.errorf(diag.UnknownEnumMember, c.nameAt(a), "%s is not a choice of argument %s of %s", diag.Quote(a.Text), param.Name, c.spell(call.Elem))
			c.suggestMember(d, a.Text, param.Enum)
			return
		}
		c.errorf(diag.ExpectedEnumMember, c.at(a), "argument %s of %s takes one of %s, not a computed value",
			param.Name, c.spell(call.Elem), c.memberList(param.Enum))
		c.value(a, nil)
	default:
		c.value(a, param)
	}
}

// identArg checks a bare variable or subroutine name argument.
func (c *checker) identArg(a *ast.Expr, param *vocab.Param) {
	if a.Kind != ast.Name {
		if param.Ident == vocab.IdentSubroutine {
			c.errorf(diag.ExpectedSubroutine, c.at(a), "argument %s takes a bare subroutine name", param.Name)
		} else {
			c.errorf(diag.ExpectedVariable, c.at(a), "argument %s takes a bare variable name, such as A or Score", param.Name)
		}
		c.value(a, nil)
		return
	}
	switch param.Ident {
	case vocab.IdentGlobalVariable:
		c.variable(a, c.globals, "global")
	case vocab.IdentPlayerVariable:
		c.variable(a, c.players, "player")
	case vocab.IdentSubroutine:
		if _, ok := c.subs.lookup(a.Text); !ok {
			d := c.errorf(diag.UndeclaredSubroutine, c.nameAt(a), "subroutine %s is not declared, and is not the default name of a free slot", a.Text)
			c.suggestSlot(d, a.Text, c.subs)
		}
	}
}

// number checks a number literal against its slot's range and literal cap.
func (c *checker) number(e *ast.Expr, param *vocab.Param) {
	if param == nil {
		return
	}
	if param.Min != nil && e.Num < *param.Min || param.Max != nil && e.Num > *param.Max {
		lo, hi := "-∞", "∞"
		if param.Min != nil {
			lo = ftoa(*param.Min)
		}
		if param.Max != nil {
			hi = ftoa(*param.Max)
		}
		c.warnf(diag.ArgumentOutOfRange, c.at(e), "%s is outside the range of argument %s (%s to %s); the game clamps it", e.Text, param.Name, lo, hi)
	}
	if param.LiteralMax != nil && e.Num > *param.LiteralMax {
		c.warnf(diag.LiteralLimit, c.at(e), "the game does not keep number literals above %s in argument %s; wrap the number in Absolute Value(…) to pass %s",
			ftoa(*param.LiteralMax), param.Name, e.Text)
	}
}

// wait notes waits shorter than one server tick.
func (c *checker) wait(e *ast.Expr) {
	if len(e.Args) == 0 || e.Args[0].Kind != ast.Number {
		return
	}
	if t := e.Args[0].Num; t > 0 && t < 0.016 {
		c.report(diag.Info, diag.WaitTooShort, c.at(e.Args[0]), "a wait of %s seconds lasts one server tick (0.016 seconds)", e.Args[0].Text)
	}
}
