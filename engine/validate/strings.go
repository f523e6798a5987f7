package validate

// This file checks Custom String and String: placeholders against
// arguments, localized string keys, literal lengths.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// MaxCustomStringLength is the longest Custom String literal the game keeps,
// in characters.
const MaxCustomStringLength = 128

// placeholders returns which of {0}, {1}, {2} occur in s, as a bit set.
func placeholders(s string) (set uint8) {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '{' && s[i+2] == '}' && '0' <= s[i+1] && s[i+1] <= '2' {
			set |= 1 << (s[i+1] - '0')
		}
	}
	return set
}

func isNull(e *ast.Expr) bool {
	return e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "null"
}

// formatArgs checks the placeholders of a format text against the format
// arguments that follow it (args[1:] of the call).
//
// The placeholders without an argument are one diagnostic on the text:
// one problem (arguments left off), one place.
func (c *checker) formatArgs(call *ast.Expr, text string) {
	used := placeholders(text)
	var missing []string
	for n := range 3 {
		written := n+1 < len(call.Args)
		switch {
		case used&(1<<n) != 0 && !written:
			missing = append(missing, fmt.Sprintf("{%d}", n))
		case used&(1<<n) == 0 && written && !isNull(call.Args[n+1]):
			c.warnf(diag.UnusedFormatArgument, c.at(call.Args[n+1]), "argument {%d} is never shown: the text has no {%d} placeholder", n, n)
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		c.warnf(diag.FormatPlaceholder, c.at(call.Args[0]), "placeholder %s has no argument: the game fills it with Null", missing[0])
	default:
		list := strings.Join(missing[:len(missing)-1], ", ") + " and " + missing[len(missing)-1]
		c.warnf(diag.FormatPlaceholder, c.at(call.Args[0]), "placeholders %s have no argument: the game fills them with Null", list)
	}
}

func (c *checker) customString(e *ast.Expr) {
	if len(e.Args) == 0 || e.Args[0].Kind != ast.String {
		return
	}
	lit := e.Args[0]
	c.formatArgs(e, lit.Text)
	if n := utf8.RuneCountInString(lit.Text); n > MaxCustomStringLength {
		c.warnf(diag.StringTooLong, c.at(lit), "this Custom String literal has %d characters: the game keeps at most %d per literal", n, MaxCustomStringLength)
	}
}

func (c *checker) localizedString(e *ast.Expr) {
	if len(e.Args) == 0 || e.Args[0].Kind != ast.String {
		return
	}
	lit := e.Args[0]
	if lit.LocStr == nil && lit.Text == "" {
		// Real exports hold String(""), an empty localized string the
		// catalog does not list; it is the same text in every locale.
		return
	}
	if lit.LocStr == nil {
		d := c.errorf(diag.UnknownLocalizedString, c.at(lit), "%s is not one of the game's localized strings: String(…) takes only those; use Custom String(…) for free text", diag.Quote(lit.Text))
		c.attach(d, c.nearest(lit.Text, kindsLocalizedString, func() []string {
			var list []string
			for _, s := range c.v.LocalizedStrings {
				list = append(list, c.spell(s))
			}
			return list
		}))
		return
	}
	c.formatArgs(e, c.spell(lit.LocStr))
}
