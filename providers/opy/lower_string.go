package opy

// This file lowers string literals: their prefixes and localized String
// for l"…". Reading the placeholders of "…".format(…) and the {values}
// of f-strings is in lower_string_format.go, building Custom String
// values within the Workshop's limits in lower_custom_string.go.

import (
	"strconv"
	"strings"
)

// A strPiece is a run of text or a placeholder of a string.
type strPiece struct {
	text string
	arg  int // index into the arguments, -1 for text
	// keep marks text whose letters no prefix changes: a <fg…> or <tx…>
	// tag's, a value's written in the settings.
	keep bool
}

// stringPrefix holds the letters of a string's prefix.
type stringPrefix struct {
	formatted, localized, fullwidth, big, cased bool
}

// stringValue lowers a string literal; fmtArgs are the arguments of its
// .format() call, nil when it has none.
func (c *compiler) stringValue(s *String, fmtArgs []Expr) *wnode {
	prefix, ok := c.stringPrefix(s)
	if !ok {
		return nil
	}
	if prefix.localized {
		return c.localizedString(s, fmtArgs)
	}
	var pieces []strPiece
	var args []*wnode
	if prefix.formatted {
		if fmtArgs != nil {
			c.d.errorf(codeFormatArguments, c.prefixLoc(s, strings.IndexByte(s.Prefix, 'f'), 1), "an f-string takes no .format() arguments: write the values in its braces, or drop the f prefix")
			return nil
		}
		pieces, args, ok = c.fstringPieces(s)
	} else {
		pieces, ok = c.formatPieces(s, fmtArgs)
		args = make([]*wnode, len(fmtArgs))
		for i, a := range fmtArgs {
			// Every argument is checked, used or not.
			args[i] = c.expr(a)
			ok = ok && args[i] != nil
		}
	}
	if !ok {
		return nil
	}
	pieces, args = c.markTags(pieces, args, s.Loc)
	c.warnUncompiledTags(pieces, s.Loc)
	if !c.lookAlikes(s, prefix, pieces) {
		return nil
	}
	return c.customString(pieces, args, s.Loc)
}

// stringPrefix checks a string's prefix letters and the combinations
// OverPy allows; the ones wright-lsp cannot compile are refused.
func (c *compiler) stringPrefix(s *String) (stringPrefix, bool) {
	var p stringPrefix
	for i, r := range s.Prefix {
		if !strings.ContainsRune("flwbctp", r) {
			c.d.errorf(codeStringPrefix, c.prefixLoc(s, i, len(string(r))), "invalid string prefix '"+string(r)+"': the prefixes are f (formatted), l (localized), w (fullwidth), b (big letters), c (case-sensitive) and t (translated)")
			return p, false
		}
	}
	// p is a prefix of older OverPy versions that does nothing.
	letters := strings.ReplaceAll(s.Prefix, "p", "")
	all := c.prefixLoc(s, 0, len(s.Prefix))
	switch {
	case strings.Contains(s.Prefix, "l"):
		if len(s.Prefix) > 1 {
			c.d.errorf(codeStringPrefix, all, "the l prefix (localized string) combines with no other")
			return p, false
		}
		p.localized = true
		return p, true
	case strings.Contains(letters, "t"):
		if strings.IndexFunc(letters, func(r rune) bool { return r != 't' && r != 'f' }) >= 0 {
			c.d.errorf(codeStringPrefix, all, "the t prefix (translated string) combines only with f")
			return p, false
		}
		c.d.errorf(codeUnsupportedFeature, s.Loc, "translated strings (the t prefix) are not supported by wright-lsp: they need OverPy's #!translations setup")
		return p, false
	}
	p.formatted = strings.Contains(letters, "f")
	p.fullwidth = strings.Contains(letters, "w")
	p.big = strings.Contains(letters, "b")
	p.cased = strings.Contains(letters, "c")
	return p, true
}

// prefixLoc is the Loc of n bytes of a string's prefix from byte i.
func (c *compiler) prefixLoc(s *String, i, n int) Loc {
	first := s.Parts[0]
	if first.RawAt < 0 {
		return first.Loc
	}
	l := first.Loc
	l.End = l.Start + i + n
	l.Start += i
	return l
}

// localizedString lowers l"…": one of the game's own strings, with its
// arguments as given.
func (c *compiler) localizedString(s *String, fmtArgs []Expr) *wnode {
	// The empty string is not in the catalog's list, but OverPy takes
	// it (String("")).
	if s.Value != "" && c.v.LocalizedStringByText(0, s.Value) == nil {
		c.d.errorf(codeUnknownName, s.Loc, "l\"…\" takes one of the game's localized strings, and "+strconv.Quote(s.Value)+" is not one")
		return nil
	}
	if len(fmtArgs) > maxStringArgs {
		c.d.errorf(codeFormatArguments, fmtArgs[maxStringArgs].exprLoc().Cover(fmtArgs[len(fmtArgs)-1].exprLoc()), "a localized string takes at most "+plural(maxStringArgs, "argument"))
		return nil
	}
	node := c.call("__localizedString__", s.Loc, c.node(wnode{kind: wString, text: s.Value, loc: s.Loc}))
	ok := true
	for _, a := range fmtArgs {
		w := c.expr(a)
		ok = ok && w != nil
		node.args = append(node.args, w)
	}
	if !ok {
		return nil
	}
	node.args = trimNulls(node.args)
	return node
}
