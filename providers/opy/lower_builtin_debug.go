package opy

// This file lowers debug(value): a HUD line at the top left showing the
// call's own text and the value, an array shown by arrayToString. The
// text is written with look-alike lowercase letters (the c prefix) and,
// when the program compiles tags, in colours. Whether it does is known
// only once the whole program is lowered (a later Texture turns tags
// on), so the text is built then: the rule waits to be written.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A pendingDebug is a debug() HUD whose text is built at the end.
type pendingDebug struct {
	hud   *wnode
	text  string // the call's argument as written
	value *wnode
	at    Loc
}

// debugWidthLimit is the widest text of a debug line, in the game's font
// units; the text is cut, with an ellipsis, to fit.
const debugWidthLimit = 20000

// debug lowers debug(value).
func (c *compiler) debug(b *builtinCall) *wnode {
	args := c.args(b, need("value"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	text := c.callText(b.e.Args[0].Value)
	text = strings.NewReplacer("{", "\U000E007B", "}", "\U000E007D").Replace(text)
	value := args[0]
	if !strings.HasPrefix(text, "arrayToString(") && mayBeArray(value) {
		value = c.arrayToString(value, 6, at)
	}
	if _, ok := cutToWidth(text, debugWidthLimit); !ok {
		c.d.errorf(codeUnsupportedFeature, b.e.Args[0].Value.exprLoc(), "this debug() argument is too long for wright-lsp to know where OverPy cuts its text: it needs OverPy's table of character widths")
		return nil
	}
	en := c.names.enums["Color"]
	hud := c.call("hudText", at, c.call("getPlayers", at, c.enumMember("Team", "ALL", at)), c.call("null", at), nil, c.call("null", at),
		c.enumMember("HudPosition", "LEFT", at), num(-9999, at), c.call("null", at), c.enumValue(en, en.members["WHITE"], at),
		c.call("null", at), c.enumMember("HudReeval", "VISIBILITY_SORT_ORDER_STRING_AND_COLOR", at),
		c.enumMember("SpecVisibility", "DEFAULT", at))
	c.bs.debugs = append(c.bs.debugs, pendingDebug{hud: hud, text: text, value: value, at: at})
	return hud
}

// finishDebugs builds the texts of the debug() lines.
func (c *compiler) finishDebugs() {
	for _, p := range c.bs.debugs {
		text, _ := cutToWidth(p.text, debugWidthLimit)
		if len(text) < len(p.text) {
			if c.tags {
				text += "</FG>"
			}
			text += "…"
		}
		var pieces []strPiece
		if c.tags {
			pieces = []strPiece{{text: "<FGD0FF00FF>" + text + "\u2028<FG99F3FFFF>= <FGFFFF00FF>", arg: -1}, {arg: 0}}
		} else {
			pieces = []strPiece{{text: text + "\u2028= ", arg: -1}, {arg: 0}}
		}
		pieces = append(pieces, strPiece{text: strings.Repeat("\u2003", 170), arg: -1})
		pieces, args := c.markTags(pieces, []*wnode{p.value}, p.at)
		for i := range pieces {
			if pieces[i].arg < 0 && !pieces[i].keep {
				pieces[i].text = cased(pieces[i].text)
			}
		}
		p.hud.args[2] = c.customString(pieces, args, p.at)
	}
}

// mayBeArray reports a value whose OverPy type admits an array: a
// variable (of any type) or a value returning arrays.
func mayBeArray(w *wnode) bool {
	switch w.kind {
	case wGlobalVar, wPlayerVar:
		return true
	case wCall:
		return admitsArray(w.elem.Returns)
	}
	return false
}

// admitsArray reports an OverPy type whose every value may be an array:
// an array type, Array, or Value (any value).
func admitsArray(t vocab.Type) bool {
	if len(t.Union) > 0 {
		for _, u := range t.Union {
			if !admitsArray(u) {
				return false
			}
		}
		return true
	}
	return t.Elem != nil || t.Name == "Array" || t.Name == "Value"
}

// callText writes an argument's tokens as OverPy shows them: spaced,
// except around brackets, dots and commas, and after a sign.
func (c *compiler) callText(e Expr) string {
	loc := e.exprLoc()
	src := c.p.Files[loc.File].Text
	if loc.Start < 0 || loc.End > len(src) || loc.Start > loc.End {
		return ""
	}
	lx := &lexer{file: loc.File, src: src[loc.Start:loc.End], d: &diagnostics{}}
	var words []string
	var strs []bool
	for _, line := range lx.run() {
		for _, t := range line.tokens {
			if t.kind == tString {
				if p := t.prefix(); p != "" {
					words, strs = append(words, p), append(strs, false)
					t.text = t.text[len(p):]
				}
			}
			words, strs = append(words, t.text), append(strs, t.kind == tString)
		}
	}
	var b strings.Builder
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch {
		case w == "(" || w == "[" || w == "{" || w == ".":
			b.WriteString(w)
		case (w == "+" || w == "-") && (i == 0 || words[i-1] == "(" || words[i-1] == "[" || words[i-1] == "{" || words[i-1] == "," || words[i-1] == "else" || displayOperators[words[i-1]]):
			b.WriteString(w)
		case (next == "(" || next == "[" || next == "{") && (w == "else" || w == "," || displayOperators[w]):
			b.WriteString(w + " ")
		case next != "" && !(w == "else" || w == "," || displayOperators[w]) && strs[i+1]:
			b.WriteString(w)
		case strings.Contains("([{)]}.,:", next) && next != "":
			b.WriteString(w)
		default:
			b.WriteString(w + " ")
		}
	}
	return strings.TrimSpace(b.String())
}

// displayOperators are the operators of OverPy's display of tokens.
var displayOperators = map[string]bool{
	"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "**=": true, "min=": true, "max=": true,
	"if": true, "or": true, "and": true, "not": true, "in": true, "==": true, "!=": true, "<=": true, ">=": true,
	">": true, "<": true, "+": true, "-": true, "*": true, "/": true, "%": true, "**": true,
}

// asciiWidths are the widths of the printable ASCII characters in the
// game's font, from the space on.
var asciiWidths = [...]int16{
	142, 142, 182, 285, 285, 455, 342, 98, 170, 170, 199, 299, 142, 170, 142, 142, 285, 285, 285, 285, 285, 285, 285, 285,
	285, 285, 142, 142, 299, 299, 299, 285, 520, 342, 342, 370, 370, 342, 313, 398, 370, 142, 256, 342, 285, 426, 370, 398,
	342, 398, 370, 342, 313, 370, 342, 483, 342, 342, 313, 142, 142, 142, 240, 256, 256, 285, 285, 256, 285, 285, 142, 285,
	285, 114, 114, 256, 114, 426, 285, 285, 285, 285, 170, 256, 142, 285, 256, 370, 256, 256, 256, 171, 133, 171, 256,
}

const (
	// defaultWidth is the width of a character the font does not have.
	defaultWidth = 512
	// widestCharacter is the width of the font's widest character.
	widestCharacter = 682
)

// cutToWidth returns the longest start of text at most limit wide. ok is
// false when that cannot be known: text has characters outside ASCII,
// whose widths wright-lsp does not hold, and may be too wide.
func cutToWidth(text string, limit int) (string, bool) {
	width, unknown := 0, 0
	for i, r := range text {
		switch {
		case r >= ' ' && r < 0x7f:
			width += int(asciiWidths[r-' '])
		case r == '\U000E007B' || r == '\U000E007D':
			width += defaultWidth
		default:
			unknown++
			width += widestCharacter
		}
		if width > limit {
			return text[:i], unknown == 0
		}
	}
	return text, true
}
