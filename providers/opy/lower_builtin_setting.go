package opy

// This file lowers workshop settings: createWorkshopSetting(TYPE,
// category, name, default, sortOrder=0), whose first argument is a type
// in its own syntax (bool, int, unsigned int, float<2.5:19>, Hero,
// enum["a", "b"]), and the catalog's createWorkshopSettingBool, …Int,
// …Float, …Hero and …Enum. Their texts are rewritten as OverPy rewrites
// them: the characters the Workshop cannot hold in a setting's category
// or name are replaced by look-alike tag characters, a blank text gets a
// wide space, and a name already used gets an invisible suffix.

import (
	"math"
	"strings"
	"unicode"
)

// settingUnbounded is the bound OverPy gives int<…> and float<…> when
// the type leaves it out.
const settingUnbounded = 9999999999999

// settingTextLimit is the most bytes a setting's text may take.
const settingTextLimit = 128

// settingLimit is the most workshop settings a program may have.
const settingLimit = 128

// A settingType is the type of a workshop setting, read from TYPE.
type settingType struct {
	// element is the catalog element: createWorkshopSettingBool, …
	element string
	// min and max bound an int or float setting.
	min, max float64
	// options are the choices of an enum setting.
	options []Expr
}

// workshopSetting lowers createWorkshopSetting(TYPE, category, name,
// default, sortOrder=0).
func (c *compiler) workshopSetting(b *builtinCall) *wnode {
	e := b.e
	if len(e.Args) < 4 || len(e.Args) > 5 {
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'createWorkshopSetting' takes 4 or 5 arguments (TYPE, category, name, default, sortOrder), got "+itoa(len(e.Args)))
		return nil
	}
	for _, a := range e.Args {
		if a.Name != "" {
			c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "'createWorkshopSetting' takes no keyword arguments")
			return nil
		}
	}
	te, ok := e.Args[0].Value.(*TypeExpr)
	if !ok {
		if _, bad := e.Args[0].Value.(*BadExpr); !bad {
			c.d.errorf(codeSyntax, e.Args[0].Value.exprLoc(), "the 1st argument of 'createWorkshopSetting' is the setting's type: bool, int, float, Hero, int<MIN:MAX> or enum[…]")
		}
		return nil
	}
	t := c.readSettingType(te)
	if t == nil {
		return nil
	}
	var sortOrder Expr
	if len(e.Args) == 5 {
		sortOrder = e.Args[4].Value
	}
	var bounds []*wnode
	if t.element == "createWorkshopSettingInt" || t.element == "createWorkshopSettingFloat" {
		bounds = []*wnode{num(t.min, te.Loc), num(t.max, te.Loc)}
	}
	return c.buildSetting(b, t.element, e.Args[1].Value, e.Args[2].Value, e.Args[3].Value, bounds, t.options, te.Loc, sortOrder)
}

// workshopSettingElement lowers a call of createWorkshopSettingBool, …
// by its catalog parameters.
func (c *compiler) workshopSettingElement(b *builtinCall) *wnode {
	el := c.names.element(b.name)
	given, ok := c.bindExprs(b, el.Params...)
	if !ok {
		return nil
	}
	var bounds []*wnode
	var options []Expr
	var optionsAt Loc
	switch b.name {
	case "createWorkshopSettingInt", "createWorkshopSettingFloat":
		for i := 3; i <= 4; i++ {
			v, ok := c.settingNumber(given[i], b.name == "createWorkshopSettingInt", "the "+el.Params[i].Name+" of '"+b.label()+"'")
			if !ok {
				return nil
			}
			bounds = append(bounds, num(v, given[i].exprLoc()))
		}
	case "createWorkshopSettingEnum":
		list, ok := given[3].(*List)
		if !ok {
			c.d.errorf(codeExpectedLiteral, given[3].exprLoc(), "the options of '"+b.label()+"' are an array of string literals: [\"A\", \"B\"]")
			return nil
		}
		options, optionsAt = list.Elems, list.Loc
	}
	return c.buildSetting(b, b.name, given[0], given[1], given[2], bounds, options, optionsAt, given[len(given)-1])
}

// buildSetting builds the catalog element of a workshop setting from its
// parts, checked: bounds are the min and max of an int or float setting,
// options the choices of an enum setting; sortOrder may be nil (0).
func (c *compiler) buildSetting(b *builtinCall, key string, category, name, def Expr, bounds []*wnode, options []Expr, optionsAt Loc, sortOrder Expr) *wnode {
	at := b.e.Loc
	el := c.names.element(key)
	cat := c.settingText(category, false, b.label())
	title := c.settingText(name, true, b.label())
	value := c.settingDefault(key, def, b.label())
	order := num(0, at)
	if sortOrder != nil {
		v, ok := c.settingNumber(sortOrder, true, "the sort order of '"+b.label()+"'")
		if !ok {
			return nil
		}
		order = num(v, sortOrder.exprLoc())
	}
	if cat == nil || title == nil || value == nil {
		return nil
	}
	args := []*wnode{cat, title, value}
	switch key {
	case "createWorkshopSettingInt", "createWorkshopSettingFloat":
		if bounds[0].num > bounds[1].num {
			c.d.errorf(codeArgumentRange, bounds[0].loc, "the minimum of the setting ("+formatNumber(bounds[0].num)+") is above its maximum ("+formatNumber(bounds[1].num)+")")
			return nil
		}
		args = append(args, bounds...)
	case "createWorkshopSettingEnum":
		if len(options) == 0 {
			c.d.errorf(codeMissingArgument, optionsAt, "an enum setting needs at least one option")
			return nil
		}
		texts := make([]*wnode, 0, len(options))
		for _, o := range options {
			w := c.settingText(o, false, b.label())
			if w == nil {
				return nil
			}
			texts = append(texts, w)
		}
		args = append(args, c.call("__array__", optionsAt, texts...))
	}
	return &wnode{kind: wCall, elem: el, args: append(args, order), loc: at}
}

// readSettingType reads the TYPE of createWorkshopSetting.
func (c *compiler) readSettingType(te *TypeExpr) *settingType {
	toks := te.Toks
	invalid := func() *settingType {
		c.d.errorf(codeSyntax, te.Loc, "'"+te.Text+"' is not a workshop setting type: bool, int, float, unsigned int, signed float, int<MIN:MAX>, float<MIN:MAX>, Hero or enum[\"A\", \"B\"]")
		return nil
	}
	first := toks[0].text
	if len(toks) == 1 {
		switch first {
		case "bool":
			return &settingType{element: "createWorkshopSettingBool"}
		case "int":
			return &settingType{element: "createWorkshopSettingInt", min: -infinity, max: infinity}
		case "float":
			return &settingType{element: "createWorkshopSettingFloat", min: -infinity, max: infinity}
		case "Hero":
			return &settingType{element: "createWorkshopSettingHero"}
		}
		return invalid()
	}
	if first == "unsigned" || first == "signed" {
		if len(toks) != 2 || (toks[1].text != "int" && toks[1].text != "float") {
			return invalid()
		}
		t := &settingType{element: "createWorkshopSettingInt", min: 0, max: infinity}
		if toks[1].text == "float" {
			t.element = "createWorkshopSettingFloat"
		}
		if first == "signed" {
			t.min, t.max = -infinity, 0
		}
		return t
	}
	last := toks[len(toks)-1].text
	switch {
	case (first == "int" || first == "float") && toks[1].text == "<" && last == ">":
		return c.settingBounds(te, first == "int")
	case first == "enum" && toks[1].text == "[" && last == "]":
		d := &diagnostics{}
		ep := &exprParser{d: d, toks: toks[1:], end: te.Loc}
		list, ok := ep.parseAll().(*List)
		c.d.list = append(c.d.list, d.list...)
		if len(d.list) > 0 {
			return nil
		}
		if !ok {
			return invalid()
		}
		if len(list.Elems) == 0 {
			c.d.errorf(codeMissingArgument, te.Loc, "an enum setting needs at least one option: enum[\"A\", \"B\"]")
			return nil
		}
		return &settingType{element: "createWorkshopSettingEnum", options: list.Elems}
	}
	return invalid()
}

// settingBounds reads int<MIN:MAX> or float<MIN:MAX>; either bound may
// be left out.
func (c *compiler) settingBounds(te *TypeExpr, isInt bool) *settingType {
	inner := te.Toks[2 : len(te.Toks)-1]
	colon := -1
	for i, t := range inner {
		if t.kind == tOp && t.text == ":" {
			if colon >= 0 {
				colon = -2
				break
			}
			colon = i
		}
	}
	if colon < 0 {
		c.d.errorf(codeSyntax, te.Loc, "the bounds of '"+te.Toks[0].text+"' are written <MIN:MAX>, with one ':'")
		return nil
	}
	bound := func(toks []token, unbounded float64) (float64, bool) {
		if len(toks) == 0 {
			return unbounded, true
		}
		sign, rest := 1.0, toks
		if rest[0].kind == tOp && (rest[0].text == "-" || rest[0].text == "+") {
			if rest[0].text == "-" {
				sign = -1
			}
			rest = rest[1:]
		}
		if len(rest) != 1 || rest[0].kind != tNumber {
			c.d.errorf(codeExpectedLiteral, toks[0].loc.Cover(toks[len(toks)-1].loc), "a bound of a setting type is a number written as is")
			return 0, false
		}
		v := sign * rest[0].num
		if isInt {
			// As OverPy reads it: the whole part.
			v = math.Trunc(v)
		}
		return v, true
	}
	min, okMin := bound(inner[:colon], -settingUnbounded)
	max, okMax := bound(inner[colon+1:], settingUnbounded)
	if !okMin || !okMax {
		return nil
	}
	t := &settingType{element: "createWorkshopSettingFloat", min: min, max: max}
	if isInt {
		t.element = "createWorkshopSettingInt"
	}
	return t
}

// settingNumber reads a number literal of a setting; whole says it must
// be a whole number.
func (c *compiler) settingNumber(e Expr, whole bool, what string) (float64, bool) {
	v, ok := literalNumber(e)
	if ok && (!whole || v == math.Trunc(v)) {
		return v, true
	}
	if _, bad := e.(*BadExpr); !bad {
		kind := "a number"
		if whole {
			kind = "a whole number"
		}
		c.d.errorf(codeExpectedLiteral, e.exprLoc(), what+" is "+kind+" written as is")
	}
	return 0, false
}

// settingDefault lowers the default of a setting, a literal of its
// type.
func (c *compiler) settingDefault(key string, e Expr, fn string) *wnode {
	at := e.exprLoc()
	switch key {
	case "createWorkshopSettingBool":
		if n, ok := e.(*Name); ok && (n.Name == "true" || n.Name == "false") {
			return c.call(n.Name, at)
		}
		c.d.errorf(codeExpectedLiteral, at, "the default of a bool setting of '"+fn+"' is true or false")
	case "createWorkshopSettingInt", "createWorkshopSettingFloat":
		v, ok := c.settingNumber(e, key == "createWorkshopSettingInt", "the default of this setting of '"+fn+"'")
		if ok {
			return num(v, at)
		}
	case "createWorkshopSettingEnum":
		v, ok := literalNumber(e)
		if !ok || v < 0 || v != math.Trunc(v) {
			c.d.errorf(codeExpectedLiteral, at, "the default of an enum setting of '"+fn+"' is the index of an option: 0, 1, …")
			return nil
		}
		if v != 0 {
			c.d.warn(codeSettingEnumDefault, at, "the default of an enum setting should be 0: the first option cannot be chosen in the settings otherwise")
		}
		return num(v, at)
	case "createWorkshopSettingHero":
		p := c.catalogParam(key, "default", "default")
		if m, ok := e.(*Member); ok {
			if n, ok := m.X.(*Name); ok && n.Name == "Hero" {
				return c.enumArgument(&p, fn, 3, e)
			}
		}
		if _, bad := e.(*BadExpr); !bad {
			c.d.errorf(codeExpectedLiteral, at, "the default of a Hero setting of '"+fn+"' is a hero: Hero.ANA")
		}
	}
	return nil
}

// settingText lowers a category, name or option of a setting: a string
// literal, rewritten as OverPy rewrites it (see the file comment). A
// name is also made unique.
func (c *compiler) settingText(e Expr, isName bool, fn string) *wnode {
	at := e.exprLoc()
	s, ok := e.(*String)
	if !ok {
		if _, bad := e.(*BadExpr); !bad {
			c.d.errorf(codeExpectedLiteral, at, "the texts of a workshop setting of '"+fn+"' are string literals")
		}
		return nil
	}
	if s.Prefix == "" && len(s.Value) > settingTextLimit {
		c.d.errorf(codeStringTooLong, at, "a text of a workshop setting takes "+itoa(settingTextLimit)+" bytes at most, this one "+itoa(len(s.Value)))
		return nil
	}
	w := c.expr(s)
	if w == nil {
		return nil
	}
	if w.elem.ID != "__customString__" || len(w.args) != 1 {
		c.d.errorf(codeExpectedLiteral, at, "the texts of a workshop setting of '"+fn+"' are plain strings, without formatting or localization")
		return nil
	}
	text := w.args[0].text
	if len(text) > settingTextLimit {
		c.d.errorf(codeStringTooLong, at, "a text of a workshop setting takes "+itoa(settingTextLimit)+" bytes at most, this one "+itoa(len(text)))
		return nil
	}
	if strings.IndexFunc(text, func(r rune) bool { return !jsSpace(r) }) < 0 {
		text += "\u3000"
	}
	hidden := ":{}"
	if isName {
		hidden += "\"(),/;\\|"
	}
	text = strings.Map(func(r rune) rune {
		if strings.ContainsRune(hidden, r) {
			return tagCharacter(r)
		}
		return r
	}, text)
	if isName {
		text = c.uniqueSettingName(text)
		if c.bs.settingCount++; c.bs.settingCount == settingLimit+1 {
			c.d.errorf(codeTooManySettings, at, "a program has "+itoa(settingLimit)+" workshop settings at most")
		}
	}
	if len(text) > settingTextLimit {
		c.d.errorf(codeStringTooLong, at, "a text of a workshop setting takes "+itoa(settingTextLimit)+" bytes at most, and this one takes "+itoa(len(text))+" once its special characters are replaced")
		return nil
	}
	return c.customStr(text, at)
}

// tagCharacter is the invisible tag character (U+E0000 block) that
// looks like an ASCII character.
func tagCharacter(r rune) rune { return 0xE0000 + r }

// jsSpace reports white space as JavaScript's \s reads it, which OverPy
// uses to find a blank text.
func jsSpace(r rune) bool { return unicode.IsSpace(r) && r != 0x85 || r == 0xFEFF }

// uniqueSettingName returns name, or name with the first invisible
// suffix that makes it unique among the program's setting names.
func (c *compiler) uniqueSettingName(name string) string {
	if c.bs.settingNames == nil {
		c.bs.settingNames = map[string]bool{}
	}
	out := name
	for _, suffix := range settingNameSuffixes {
		if !c.bs.settingNames[out] {
			break
		}
		out = name + suffix
	}
	c.bs.settingNames[out] = true
	return out
}

// settingNameSuffixes are the suffixes OverPy tries, in order, to tell
// apart settings of the same name: control characters the Workshop
// shows as nothing, alone, then after U+001E, then after U+001F.
var settingNameSuffixes = func() []string {
	var controls []rune
	for r := rune(1); r <= 29; r++ {
		// Tab to carriage return are white space the Workshop shows.
		if r < 9 || r > 13 {
			controls = append(controls, r)
		}
	}
	var out []string
	for _, prefix := range []string{"", "\x1e", "\x1f"} {
		for _, r := range controls {
			out = append(out, prefix+string(r))
		}
	}
	return out
}()
