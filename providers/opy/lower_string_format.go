package opy

// This file reads the placeholders of "…".format(…) strings and the
// {values} of f-strings, as OverPy reads them, with the positions of what
// they hold in the file.

import (
	"strconv"
	"strings"
)

// formatPieces splits a string at its placeholders, "{}" numbered in
// order or "{N}" as written (the two kinds do not mix), and checks them
// against the .format() arguments. A string without .format() is read
// the same way, with no arguments, as OverPy reads it.
func (c *compiler) formatPieces(s *String, fmtArgs []Expr) ([]strPiece, bool) {
	text := s.Value
	fields := placeholders(text)
	var pieces []strPiece
	last, auto, numbered := 0, 0, -1
	for _, f := range fields {
		if f.start > last {
			pieces = append(pieces, strPiece{text: text[last:f.start], arg: -1})
		}
		last = f.end
		n := 0
		if inner := text[f.start+1 : f.end-1]; inner == "" {
			n = auto
			auto++
		} else {
			v, err := strconv.Atoi(inner)
			if err != nil {
				v = int(^uint(0) >> 1) // too many digits: more than any call has
			}
			n = v
			numbered = max(numbered, v)
		}
		if auto > 0 && numbered >= 0 {
			c.d.errorf(codeFormatArguments, c.valueLoc(s, f.start, f.end), "a string numbers its placeholders ({0}, {1}…) or leaves them all empty ({}), not both")
			return nil, false
		}
		if n >= len(fmtArgs) {
			c.d.errorf(codeFormatArguments, c.valueLoc(s, f.start, f.end), missingArgument(text[f.start:f.end], auto, numbered, fmtArgs))
			return nil, false
		}
		pieces = append(pieces, strPiece{arg: n})
	}
	if last < len(text) {
		pieces = append(pieces, strPiece{text: text[last:], arg: -1})
	}
	// OverPy takes extra arguments for numbered placeholders but not
	// for empty ones.
	if auto > 0 && len(fmtArgs) > auto {
		at := fmtArgs[auto].exprLoc().Cover(fmtArgs[len(fmtArgs)-1].exprLoc())
		c.d.errorf(codeFormatArguments, at, "too many arguments in .format(): the string has "+itoa(auto)+" {} and .format() "+plural(len(fmtArgs), "argument"))
		return nil, false
	}
	return pieces, true
}

// missingArgument says that a placeholder has no argument; auto counts
// the {} placeholders up to it, numbered is the highest {N} so far.
func missingArgument(placeholder string, auto, numbered int, fmtArgs []Expr) string {
	if fmtArgs == nil {
		return "placeholder " + placeholder + " in a string without .format(): add .format(…) with its value, or double the braces ({{}}) to write them as text"
	}
	if auto > 0 {
		return "too few arguments in .format(): this {} is the " + ordinal(auto-1) + " and .format() has " + plural(len(fmtArgs), "argument")
	}
	return "too few arguments in .format(): " + placeholder + " needs " + plural(numbered+1, "argument") + " and .format() has " + itoa(len(fmtArgs))
}

// A braceField is a {…} of a string's text: text[start:end].
type braceField struct{ start, end int }

// placeholders finds the placeholders of a format string: "{}" or
// "{N}". As OverPy reads them, one written between another pair of
// braces ("{{}}", "{{0}}") is text.
func placeholders(text string) []braceField {
	var out []braceField
	for i := 0; i < len(text); i++ {
		if text[i] != '{' {
			continue
		}
		j := i + 1
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j >= len(text) || text[j] != '}' {
			continue
		}
		if i > 0 && text[i-1] == '{' && j+1 < len(text) && text[j+1] == '}' {
			continue
		}
		out = append(out, braceField{i, j + 1})
		i = j
	}
	return out
}

// fstringFields finds the {values} of an f-string: from a '{' to the
// next '}'. As OverPy reads them, a field that starts with another '{'
// and is followed by another '}' is text ("{{A}}").
func fstringFields(text string) []braceField {
	var out []braceField
	for i := 0; i < len(text); {
		if text[i] != '{' {
			i++
			continue
		}
		j := strings.IndexByte(text[i+1:], '}')
		if j < 0 {
			break
		}
		end := i + 1 + j + 1
		if text[i+1] == '{' && end < len(text) && text[end] == '}' {
			i = end + 1
			continue
		}
		out = append(out, braceField{i, end})
		i = end
	}
	return out
}

// fstringPieces reads an f-string's {values} as expressions. The strings
// written side by side are one text: a value may even run from one into
// the next.
func (c *compiler) fstringPieces(s *String) ([]strPiece, []*wnode, bool) {
	text := s.Value
	var pieces []strPiece
	var args []*wnode
	last := 0
	ok := true
	for _, f := range fstringFields(text) {
		if f.start > last {
			pieces = append(pieces, strPiece{text: text[last:f.start], arg: -1})
		}
		last = f.end
		inner := text[f.start+1 : f.end-1]
		if strings.TrimSpace(inner) == "" {
			c.d.errorf(codeExpectedExpression, c.valueLoc(s, f.start, f.end), "empty braces in an f-string: write a value between them, or double them ({{}}) to write them as text")
			ok = false
			continue
		}
		x := c.parseEmbedded(inner, c.valueLoc(s, f.start+1, f.end-1), c.rawOffset(s, f.start+1, f.end-1))
		var w *wnode
		if x != nil {
			w = c.expr(x)
		}
		if w == nil {
			ok = false
			continue
		}
		pieces = append(pieces, strPiece{arg: len(args)})
		args = append(args, w)
	}
	if last < len(text) {
		pieces = append(pieces, strPiece{text: text[last:], arg: -1})
	}
	return pieces, args, ok
}

// stringPart finds the part of a string holding the value's bytes
// [a, b): its index and the offset of its value in the string's, or -1
// when the range runs over several parts.
func stringPart(s *String, a, b int) (int, int) {
	at := 0
	for i, p := range s.Parts {
		end := at + len(p.Value)
		if a >= at && (b <= end && a < end || a == b && a == end) {
			return i, at
		}
		at = end
	}
	return -1, 0
}

// valueLoc is the Loc of the bytes [a, b) of a string's value: exact
// when they come from one literal of the file, else the literals they
// come from.
func (c *compiler) valueLoc(s *String, a, b int) Loc {
	i, at := stringPart(s, a, b)
	if i < 0 {
		return s.Loc
	}
	p := s.Parts[i]
	if p.RawAt < 0 {
		return p.Loc
	}
	_, offs, _ := decodeString(p.Raw, true)
	l := p.Loc
	l.Start, l.End = p.RawAt+offs[a-at], p.RawAt+offs[b-at]
	return l
}

// rawOffset is the file offset of the bytes [a, b) of a string's value
// when they are written in the file as they read (no escapes, one
// literal), so that what is parsed from them has exact positions; -1
// otherwise.
func (c *compiler) rawOffset(s *String, a, b int) int {
	i, at := stringPart(s, a, b)
	if i < 0 || s.Parts[i].RawAt < 0 {
		return -1
	}
	p := s.Parts[i]
	_, offs, _ := decodeString(p.Raw, true)
	if p.Raw[offs[a-at]:offs[b-at]] != s.Value[a:b] {
		return -1
	}
	return p.RawAt + offs[a-at]
}

// parseEmbedded reads an expression written inside a string; off is its
// offset in the file, or -1 when it has none (then at stands for it).
// Only its first error is reported: the rest follow from it.
func (c *compiler) parseEmbedded(text string, at Loc, off int) Expr {
	lx := &lexer{file: at.File, src: text, d: c.d}
	end := at
	if off < 0 {
		lx.exp = &expansion{call: at}
	} else {
		// What is missing at the end is missing before the '}'.
		end.Start, end.End = off+len(text), off+len(text)+1
	}
	start := len(c.d.list)
	defer func() {
		if len(c.d.list) > start+1 {
			c.d.list = c.d.list[:start+1]
		}
	}()
	lines := lx.run()
	if off >= 0 {
		for i := range lines {
			for j := range lines[i].tokens {
				lines[i].tokens[j].loc.Start += off
				lines[i].tokens[j].loc.End += off
			}
		}
		for i := start; i < len(c.d.list); i++ {
			c.d.list[i].Span.Start += off
			c.d.list[i].Span.End += off
		}
	}
	if len(c.d.list) > start {
		return nil
	}
	if len(lines) != 1 {
		c.d.errorf(codeExpectedExpression, at, "expected one value in the braces of the f-string")
		return nil
	}
	ep := &exprParser{d: c.d, toks: lines[0].tokens, end: end}
	x := ep.parseAll()
	if len(c.d.list) > start {
		return nil
	}
	return x
}
