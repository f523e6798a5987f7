package opy

// This file lowers string literals: Custom String with .format()
// arguments and f-string formatters, localized String for l"…", and the
// prefixes that transform text.

import (
	"strconv"
	"strings"
)

// A strPiece is a run of text or a placeholder of a format string.
type strPiece struct {
	text string
	arg  int // index into the arguments, -1 for text
}

// stringValue lowers a string literal with its .format() arguments.
func (c *compiler) stringValue(s *String, fmtArgs []Expr) *wnode {
	prefix := s.Prefix
	for _, r := range prefix {
		if !strings.ContainsRune("fbwctlpFBWCTLP", r) {
			c.d.errorf(codeStringPrefix, s.Parts[0].Loc, "invalid string prefix '"+string(r)+"': the prefixes are f (formatted), l (localized), w (fullwidth), b (big letters), c (case-sensitive) and t (translated)")
			return nil
		}
	}
	prefix = strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(prefix, "p", ""), "P", ""))
	switch {
	case strings.Contains(prefix, "t"):
		c.d.errorf(codeUnsupportedFeature, s.Loc, "translated strings (t\"…\") are not supported by wright-lsp yet")
		return nil
	case strings.Contains(prefix, "b") || strings.Contains(prefix, "c"):
		c.d.errorf(codeUnsupportedFeature, s.Loc, "the b and c string prefixes (look-alike letters) are not supported by wright-lsp")
		return nil
	case strings.Contains(prefix, "l"):
		if len(prefix) > 1 {
			c.d.errorf(codeStringPrefix, s.Loc, "the l prefix (localized string) combines with no other")
			return nil
		}
		return c.localizedString(s, fmtArgs)
	}
	text := s.Value
	if strings.Contains(prefix, "w") {
		text = fullwidth(text)
	}
	var args []*wnode
	var pieces []strPiece
	if strings.Contains(prefix, "f") {
		if fmtArgs != nil {
			c.d.errorf(codeFormatArguments, s.Loc, "an f-string takes no .format() arguments: write the values in its braces")
			return nil
		}
		var ok bool
		pieces, args, ok = c.fstringPieces(s)
		if !ok {
			return nil
		}
	} else {
		var ok bool
		pieces, ok = c.formatPieces(text, len(fmtArgs), s.Loc, fmtArgs != nil)
		if !ok {
			return nil
		}
		for _, a := range fmtArgs {
			w := c.expr(a)
			if w == nil {
				return nil
			}
			args = append(args, w)
		}
	}
	return c.customString(pieces, args, s.Loc)
}

// formatPieces splits a .format() string at its placeholders: "{}"
// numbered in order, or "{N}" as written (the two kinds do not mix).
func (c *compiler) formatPieces(text string, nargs int, at Loc, formatted bool) ([]strPiece, bool) {
	var pieces []strPiece
	next, auto, numbered := 0, false, false
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch == '{' && formatted {
			end := strings.IndexByte(text[i:], '}')
			if end > 0 {
				inner := text[i+1 : i+end]
				n := -1
				if inner == "" {
					auto = true
					n = next
					next++
				} else if v, err := strconv.Atoi(inner); err == nil && v >= 0 {
					numbered = true
					n = v
				}
				if n >= 0 {
					if auto && numbered {
						c.d.errorf(codeFormatArguments, at, "a format string numbers its placeholders ({0}) or leaves them empty ({}), not both")
						return nil, false
					}
					if b.Len() > 0 {
						pieces = append(pieces, strPiece{text: b.String(), arg: -1})
						b.Reset()
					}
					if n >= nargs {
						c.d.errorf(codeFormatArguments, at, "too few arguments in .format(): placeholder "+itoa(n)+" has no argument (got "+itoa(nargs)+")")
						return nil, false
					}
					pieces = append(pieces, strPiece{arg: n})
					i += end
					continue
				}
			}
		}
		b.WriteByte(ch)
	}
	if b.Len() > 0 {
		pieces = append(pieces, strPiece{text: b.String(), arg: -1})
	}
	return pieces, true
}

// fstringPieces reads an f-string's {formatters} as expressions.
func (c *compiler) fstringPieces(s *String) ([]strPiece, []*wnode, bool) {
	var pieces []strPiece
	var args []*wnode
	for _, part := range s.Parts {
		text := part.Value
		var b strings.Builder
		for i := 0; i < len(text); i++ {
			if text[i] != '{' {
				b.WriteByte(text[i])
				continue
			}
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				b.WriteString(text[i:])
				break
			}
			if b.Len() > 0 {
				pieces = append(pieces, strPiece{text: b.String(), arg: -1})
				b.Reset()
			}
			inner := text[i+1 : i+end]
			at := part.Loc
			off := -1
			if part.RawAt >= 0 && part.Raw == part.Value {
				off = part.RawAt + i + 1
			}
			x := c.parseEmbedded(inner, at, off)
			if x == nil {
				return nil, nil, false
			}
			w := c.expr(x)
			if w == nil {
				return nil, nil, false
			}
			pieces = append(pieces, strPiece{arg: len(args)})
			args = append(args, w)
			i += end
		}
		if b.Len() > 0 {
			pieces = append(pieces, strPiece{text: b.String(), arg: -1})
		}
	}
	return pieces, args, true
}

// parseEmbedded reads an expression written inside a string; off is its
// offset in the file, or -1 when it has none (then at stands for it).
func (c *compiler) parseEmbedded(text string, at Loc, off int) Expr {
	lx := &lexer{file: at.File, src: text, d: c.d}
	if off < 0 {
		lx.exp = &expansion{call: at}
	}
	start := len(c.d.list)
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
	if len(lines) != 1 {
		c.d.errorf(codeExpectedExpression, at, "expected one value in the braces of the f-string")
		return nil
	}
	ep := &exprParser{d: c.d, toks: lines[0].tokens, end: at}
	return ep.parseAll()
}

// customString builds Custom String values for pieces and their
// arguments.
func (c *compiler) customString(pieces []strPiece, args []*wnode, at Loc) *wnode {
	var b strings.Builder
	// Placeholders are renumbered in order of first use.
	order := map[int]int{}
	var used []*wnode
	for _, p := range pieces {
		if p.arg < 0 {
			b.WriteString(p.text)
			continue
		}
		n, ok := order[p.arg]
		if !ok {
			n = len(used)
			order[p.arg] = n
			used = append(used, args[p.arg])
		}
		b.WriteString("{" + itoa(n) + "}")
	}
	node := c.call("__customString__", at, &wnode{kind: wString, text: b.String(), loc: at})
	node.args = append(node.args, used...)
	return node
}

// localizedString lowers l"…": one of the game's own strings.
func (c *compiler) localizedString(s *String, fmtArgs []Expr) *wnode {
	// l"" is the game's empty string, which has no entry of its own.
	if ls := c.v.LocalizedStringByText(0, s.Value); ls == nil && s.Value != "" {
		c.d.errorf(codeUnknownName, s.Loc, "l\"…\" takes one of the game's localized strings, and "+strconv.Quote(s.Value)+" is not one")
		return nil
	}
	node := c.call("__localizedString__", s.Loc, &wnode{kind: wString, text: s.Value, loc: s.Loc})
	for _, a := range fmtArgs {
		w := c.expr(a)
		if w == nil {
			return nil
		}
		node.args = append(node.args, w)
	}
	return node
}

// fullwidth maps ASCII to its fullwidth forms (the w prefix); OverPy
// writes a space as an em quad.
func fullwidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteRune('\u2001')
		case r > ' ' && r < 0x7f:
			b.WriteRune(r + 0xFEE0)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
