package opy

// This file evaluates the settings dictionary when compiling. OverPy's
// settings are data, not code: strings, numbers, booleans, lists and
// dictionaries, which may be computed from macros, enum members,
// arithmetic, conditionals and f- and w-strings, all known before the
// game runs.

import (
	"math"
	"strings"
)

// A ckind says what a constant is.
type ckind uint8

const (
	cString ckind = iota
	cNumber
	cBool
	cList
	cDict
)

// A cval is a constant of the settings: a value known when compiling,
// with the Loc of the text it was computed from.
type cval struct {
	kind ckind
	str  string
	num  float64
	b    bool
	// elems are a list's elements, or a dictionary's values; keys are a
	// dictionary's keys (strings), in the order written.
	elems []*cval
	keys  []*cval
	loc   Loc
}

// describe names a constant's kind for messages.
func (v *cval) describe() string {
	switch v.kind {
	case cString:
		return "a string"
	case cNumber:
		return "a number"
	case cBool:
		return "a boolean"
	case cList:
		return "a list"
	}
	return "a dictionary"
}

// maxConstDepth bounds macro expansion inside the settings, against a
// macro defined in terms of itself.
const maxConstDepth = 32

// constValue evaluates an expression of the settings; ok is false when
// it is not constant (the error is reported).
func (c *compiler) constValue(e Expr) (*cval, bool) {
	switch e := e.(type) {
	case *BadExpr:
		return nil, false
	case *Number:
		return &cval{kind: cNumber, num: e.Value, loc: e.Loc}, true
	case *String:
		return c.constString(e)
	case *Name:
		return c.constName(e)
	case *Member:
		if x, ok := e.X.(*Name); ok {
			if ue := c.enums[x.Name]; ue != nil {
				v, found := ue.members[e.Name]
				if !found {
					c.d.errorf(codeUnknownEnumMember, e.NameLoc, "'"+x.Name+"' has no member '"+e.Name+"'")
					return nil, false
				}
				return c.constExpansion(v, e.Loc, "enum member '"+x.Name+"."+e.Name+"'", ue.decl.Loc)
			}
		}
	case *Unary:
		return c.constUnary(e)
	case *Binary:
		return c.constBinary(e)
	case *Ternary:
		cond, ok := c.constValue(e.Cond)
		if !ok {
			return nil, false
		}
		if cond.kind != cBool {
			c.d.errorf(codeInvalidSettings, cond.loc, "the condition of 'A if CONDITION else B' must be true or false here, not "+cond.describe())
			return nil, false
		}
		branch := e.Else
		if cond.b {
			branch = e.Then
		}
		v, ok := c.constValue(branch)
		if ok {
			relocateConst(v, e.Loc)
		}
		return v, ok
	case *List:
		out := &cval{kind: cList, loc: e.Loc}
		ok := true
		for _, x := range e.Elems {
			v, good := c.constValue(x)
			if good {
				out.elems = append(out.elems, v)
			}
			ok = ok && good
		}
		return out, ok
	case *Dict:
		return c.constDict(e)
	}
	c.d.errorf(codeNotConstant, e.exprLoc(), "the settings take values known when compiling (literals, macros, enum members), and this is not one")
	return nil, false
}

// constDict evaluates a dictionary; its keys must be strings, each once.
func (c *compiler) constDict(e *Dict) (*cval, bool) {
	out := &cval{kind: cDict, loc: e.Loc}
	ok := true
	seen := map[string]Loc{}
	for i, ke := range e.Keys {
		k, good := c.constValue(ke)
		v, vgood := c.constValue(e.Values[i])
		if !good || !vgood {
			ok = false
			continue
		}
		if k.kind != cString {
			c.d.errorf(codeInvalidSettings, k.loc, "a settings key must be a string, not "+k.describe())
			ok = false
			continue
		}
		if first, dup := seen[k.str]; dup {
			c.d.errorf(codeInvalidSettings, k.loc, "the key \""+k.str+"\" is already in this dictionary").related(first, "the first one")
			ok = false
			continue
		}
		seen[k.str] = k.loc
		out.keys = append(out.keys, k)
		out.elems = append(out.elems, v)
	}
	return out, ok
}

// constName evaluates true, false and the uses of constant macros.
func (c *compiler) constName(e *Name) (*cval, bool) {
	switch e.Name {
	case "true":
		return &cval{kind: cBool, b: true, loc: e.Loc}, true
	case "false":
		return &cval{kind: cBool, loc: e.Loc}, true
	case "null":
		c.d.errorf(codeInvalidSettings, e.Loc, "null is not a settings value: expected a string, number, boolean, list or dictionary")
		return nil, false
	}
	if m := c.macros[e.Name]; m != nil && !m.Fn && m.Value != nil {
		return c.constExpansion(m.Value, e.Loc, "macro '"+e.Name+"'", m.Loc)
	}
	c.d.errorf(codeNotConstant, e.Loc, "'"+e.Name+"' is not known when compiling: the settings take literals, macros and enum members")
	return nil, false
}

// constExpansion evaluates the definition of a macro or enum member used
// at at; what it computes maps back to the use.
func (c *compiler) constExpansion(def Expr, at Loc, what string, defLoc Loc) (*cval, bool) {
	if c.macroDepth > maxConstDepth {
		c.d.errorf(codeMacroRecursion, at, what+" expands into itself").related(defLoc, "its definition")
		return nil, false
	}
	c.macroDepth++
	defer func() { c.macroDepth-- }()
	v, ok := c.constValue(def)
	if ok {
		relocateConst(v, at)
	}
	return v, ok
}

// relocateConst gives a constant computed from a definition elsewhere the
// Loc of its use, as relocate does for lowered values.
func relocateConst(v *cval, at Loc) {
	if v == nil {
		return
	}
	if v.loc.File != at.File || v.loc.Start < at.Start || v.loc.End > at.End {
		v.loc = at
	}
	for _, k := range v.keys {
		relocateConst(k, at)
	}
	for _, x := range v.elems {
		relocateConst(x, at)
	}
}

func (c *compiler) constUnary(e *Unary) (*cval, bool) {
	x, ok := c.constValue(e.X)
	if !ok {
		return nil, false
	}
	switch {
	case (e.Op == "-" || e.Op == "+") && x.kind == cNumber:
		n := x.num
		if e.Op == "-" {
			n = -n
		}
		return &cval{kind: cNumber, num: n, loc: e.Loc}, true
	case e.Op == "not" && x.kind == cBool:
		return &cval{kind: cBool, b: !x.b, loc: e.Loc}, true
	}
	c.d.errorf(codeInvalidSettings, e.Loc, "'"+e.Op+"' cannot apply to "+x.describe()+" in the settings")
	return nil, false
}

func (c *compiler) constBinary(e *Binary) (*cval, bool) {
	x, okx := c.constValue(e.X)
	y, oky := c.constValue(e.Y)
	if !okx || !oky {
		return nil, false
	}
	out := &cval{loc: e.Loc}
	switch {
	case x.kind == cNumber && y.kind == cNumber:
		a, b := x.num, y.num
		out.kind = cNumber
		switch e.Op {
		case "+":
			out.num = a + b
		case "-":
			out.num = a - b
		case "*":
			out.num = a * b
		case "/", "%":
			if b == 0 {
				c.d.errorf(codeInvalidSettings, e.Y.exprLoc(), "division by zero in the settings")
				return nil, false
			}
			if e.Op == "/" {
				out.num = a / b
			} else {
				out.num = math.Mod(a, b)
			}
		case "**":
			out.num = math.Pow(a, b)
		default:
			return compare(out, e.Op, a < b, a == b)
		}
		return out, true
	case x.kind == cString && y.kind == cString:
		if e.Op == "+" {
			return &cval{kind: cString, str: x.str + y.str, loc: e.Loc}, true
		}
		if _, ok := compare(out, e.Op, x.str < y.str, x.str == y.str); ok {
			return out, true
		}
	case x.kind == cBool && y.kind == cBool:
		switch e.Op {
		case "and":
			return &cval{kind: cBool, b: x.b && y.b, loc: e.Loc}, true
		case "or":
			return &cval{kind: cBool, b: x.b || y.b, loc: e.Loc}, true
		case "==", "!=":
			return &cval{kind: cBool, b: (x.b == y.b) == (e.Op == "=="), loc: e.Loc}, true
		}
	}
	c.d.errorf(codeInvalidSettings, e.OpLoc, "'"+e.Op+"' cannot apply to "+x.describe()+" and "+y.describe()+" in the settings")
	return nil, false
}

// compare sets out to the result of a comparison operator, given whether
// the left side is less than and equal to the right.
func compare(out *cval, op string, less, equal bool) (*cval, bool) {
	var r bool
	switch op {
	case "==":
		r = equal
	case "!=":
		r = !equal
	case "<":
		r = less
	case "<=":
		r = less || equal
	case ">":
		r = !less && !equal
	case ">=":
		r = !less
	default:
		return nil, false
	}
	out.kind, out.b = cBool, r
	return out, true
}

// constString evaluates a string literal: plain, with look-alike
// letters (w, b, c) or formatted (f) with constant values in its braces.
func (c *compiler) constString(s *String) (*cval, bool) {
	prefix := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(s.Prefix, "p", ""), "P", ""))
	for _, r := range prefix {
		switch r {
		case 'f', 'w', 'b', 'c':
		case 'l', 't':
			c.d.errorf(codeNotConstant, s.Loc, "a "+string(r)+"\"…\" string is chosen when the game runs; the settings take plain, f, w, b and c strings")
			return nil, false
		default:
			c.d.errorf(codeStringPrefix, s.Parts[0].Loc, "invalid string prefix '"+string(r)+"': the prefixes are f (formatted), l (localized), w (fullwidth), b (big letters), c (case-sensitive) and t (translated)")
			return nil, false
		}
	}
	letters := stringPrefix{fullwidth: strings.ContainsRune(prefix, 'w'), big: strings.ContainsRune(prefix, 'b'), cased: strings.ContainsRune(prefix, 'c')}
	var pieces []strPiece
	if !strings.ContainsRune(prefix, 'f') {
		pieces = []strPiece{{text: s.Value, arg: -1}}
	} else {
		var ok bool
		if pieces, ok = c.constFields(s); !ok {
			return nil, false
		}
	}
	if !c.lookAlikes(s, letters, pieces) {
		return nil, false
	}
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(p.text)
	}
	return &cval{kind: cString, str: b.String(), loc: s.Loc}, true
}

// constFields reads an f-string of the settings: its text, and the
// constant values of its braces as text that keeps its letters.
func (c *compiler) constFields(s *String) ([]strPiece, bool) {
	var pieces []strPiece
	var lit strings.Builder
	// flush ends the literal text read since the last placeholder.
	flush := func() {
		if lit.Len() > 0 {
			pieces = append(pieces, strPiece{text: lit.String(), arg: -1})
			lit.Reset()
		}
	}
	for _, part := range s.Parts {
		text := part.Value
		for i := 0; i < len(text); i++ {
			end := -1
			if text[i] == '{' {
				end = strings.IndexByte(text[i:], '}')
			}
			if end < 0 {
				lit.WriteByte(text[i])
				continue
			}
			flush()
			off := -1
			if part.RawAt >= 0 && part.Raw == part.Value {
				off = part.RawAt + i + 1
			}
			x := c.parseEmbedded(text[i+1:i+end], part.Loc, off)
			if x == nil {
				return nil, false
			}
			v, ok := c.constValue(x)
			if !ok {
				return nil, false
			}
			switch {
			case v.kind == cString:
				pieces = append(pieces, strPiece{text: v.str, arg: -1, keep: true})
			case v.kind == cNumber && v.num == math.Trunc(v.num) && math.Abs(v.num) < 1e15:
				pieces = append(pieces, strPiece{text: formatNumber(v.num), arg: -1, keep: true})
			default:
				c.d.errorf(codeInvalidSettings, v.loc, "an f-string of the settings takes strings and whole numbers in its braces, not "+v.describe())
				return nil, false
			}
			i += end
		}
	}
	flush()
	return pieces, true
}
