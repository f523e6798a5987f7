package opy

// This file compiles the <fg…> and <tx…> tags of strings. The Workshop
// escapes a '<' written in a Custom String, so OverPy's #!setupTags (or
// #!setupTx, or any use of the Texture enum) adds a rule that obtains an
// unescaped '<' at run time into the global variable __holygrail__, and
// each tag's '<' becomes an argument holding it. The letters of a tag
// are kept as written by the b, c and w prefixes.

import (
	"regexp"
	"strings"
	"unicode"
)

// holygrail is the variable that holds the run-time '<'.
const holygrail = "__holygrail__"

// enableTags turns on the compiling of tags from here on, at the
// directive or the use of Texture that asks for it, and declares the
// variable that holds the '<'.
func (c *compiler) enableTags(at Loc) {
	if !c.tags {
		c.tags = true
		c.tagsLoc = at
	}
	if !c.globals.has(holygrail) {
		c.globals.declare(c.d, holygrail, -1, at)
	}
}

// holygrailValue is Global.__holygrail__.
func (c *compiler) holygrailValue(at Loc) *wnode {
	return c.node(wnode{kind: wGlobalVar, text: holygrail, loc: at})
}

// markTags finds the tags of a string's pieces when tags are compiled:
// each tag's '<' becomes an argument holding Global.__holygrail__ (or,
// in the texts of a workshop setting, stays a '<'), and its letters are
// marked so that no prefix changes them. A short texture id in a tag
// (<tx1F70D>) is written in full (<txC00000000001F70D>).
func (c *compiler) markTags(pieces []strPiece, args []*wnode, at Loc) ([]strPiece, []*wnode) {
	if !c.tags {
		return pieces, args
	}
	toks := flattenPieces(pieces)
	out := make([]strPiece, 0, len(pieces)+2)
	text := func(s string, tag bool) {
		if n := len(out); n > 0 && out[n-1].arg < 0 && out[n-1].keep == tag {
			out[n-1].text += s
			return
		}
		out = append(out, strPiece{text: s, arg: -1, keep: tag})
	}
	lessArg := -1
	for i := 0; i < len(toks); {
		t := toks[i]
		n := 0
		if t.arg < 0 && t.r == '<' {
			n = tagLength(toks[i:])
		}
		if n == 0 {
			if t.arg >= 0 {
				out = append(out, strPiece{arg: t.arg})
			} else {
				text(string(t.r), false)
			}
			i++
			continue
		}
		if c.noTags {
			text("<", true)
		} else {
			if lessArg < 0 {
				lessArg = len(args)
				args = append(args[:len(args):len(args)], c.holygrailValue(at))
			}
			out = append(out, strPiece{arg: lessArg})
		}
		body := toks[i+1 : i+n]
		if s, ok := plainTag(body); ok {
			text(c.fullTextureID(s, at), true)
		} else {
			for _, b := range body {
				if b.arg >= 0 {
					out = append(out, strPiece{arg: b.arg})
				} else {
					text(string(b.r), true)
				}
			}
		}
		i += n
	}
	return out, args
}

// flattenPieces lists a string's characters and placeholders.
func flattenPieces(pieces []strPiece) []strToken {
	var toks []strToken
	for _, p := range pieces {
		if p.arg >= 0 {
			toks = append(toks, strToken{arg: p.arg})
			continue
		}
		for _, r := range p.text {
			toks = append(toks, strToken{r: r, arg: -1})
		}
	}
	return toks
}

// tagLength is the length of the tag toks start with, 0 when they do
// not: "</fg>", or '<', "tx" or "fg" (spaces after, and '#' after fg),
// hexadecimal digits and placeholders, '>', letters in any case.
func tagLength(toks []strToken) int {
	is := func(i int, lower rune) bool {
		return i < len(toks) && toks[i].arg < 0 && unicode.ToLower(toks[i].r) == lower
	}
	if is(1, '/') && is(2, 'f') && is(3, 'g') && is(4, '>') {
		return 5
	}
	i := 3
	switch {
	case is(1, 't') && is(2, 'x'):
		for i < len(toks) && toks[i].arg < 0 && unicode.IsSpace(toks[i].r) {
			i++
		}
	case is(1, 'f') && is(2, 'g'):
		for i < len(toks) && toks[i].arg < 0 && unicode.IsSpace(toks[i].r) {
			i++
		}
		if is(i, '#') {
			i++
		}
	default:
		return 0
	}
	start := i
	for i < len(toks) && (toks[i].arg >= 0 || isHexRune(toks[i].r)) {
		i++
	}
	if i == start || !is(i, '>') {
		return 0
	}
	return i + 1
}

func isHexRune(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}

// plainTag is the text of a tag's body that holds no placeholder.
func plainTag(body []strToken) (string, bool) {
	var b strings.Builder
	for _, t := range body {
		if t.arg >= 0 {
			return "", false
		}
		b.WriteRune(t.r)
	}
	return b.String(), true
}

var (
	shortTextureID   = regexp.MustCompile(`(?i)^tx\s*0*([0-9a-f]{1,6})>`)
	longTextureID    = regexp.MustCompile(`(?i)^tx\s*0*C[0-9a-f]{6,}>`)
	correctTextureID = regexp.MustCompile(`(?i)^tx\s*0*C[0-9a-f]{14}>`)
)

// fullTextureID writes the short id of a texture tag (the body after
// its '<') as the Workshop reads it, "txC" and 14 digits, and warns of
// a long id of another length.
func (c *compiler) fullTextureID(body string, at Loc) string {
	if m := shortTextureID.FindStringSubmatch(body); m != nil {
		return "txC" + strings.Repeat("0", 14-len(m[1])) + m[1] + body[len(m[0])-1:]
	}
	if longTextureID.MatchString(body) && !correctTextureID.MatchString(body) {
		c.d.warn(codeMalformedTexture, at, "texture tag '<"+body+"' is malformed: write it <txC followed by 14 hexadecimal digits>")
	}
	return body
}

// untaggedTag finds, in a string compiled without tags, text that reads
// as a tag: OverPy warns that it shows as written.
var untaggedTag = regexp.MustCompile(`<(tx\s*|fg\s*#?)([0-9a-fA-F]+>)|(</fg>)`)

// warnUncompiledTags warns of tags in a string when tags are not
// compiled.
func (c *compiler) warnUncompiledTags(pieces []strPiece, at Loc) {
	if c.tags {
		return
	}
	for _, p := range pieces {
		// Every match starts at a '<': most strings have none.
		if p.arg < 0 && strings.IndexByte(p.text, '<') >= 0 && untaggedTag.MatchString(p.text) {
			c.d.warn(codeTagsNeedSetup, at, "this string has a <tx> or <fg> tag, which shows as written unless the program has #!setupTags")
			return
		}
	}
}

// setupTagsRule is the rule OverPy adds to obtain the '<' (by Zezombye,
// https://workshop.codes/wiki/articles/tx-reference-sheet): a dummy bot
// named with a character the game turns into a tag shows the '<' it
// needs, which the rule cuts out of the name.
var setupTagsRule = "rule (\"OverPy <\u00adtx> / <\u00adfg> setup code\") {\n" +
	"    event {\n        Ongoing - Global;\n    }\n    actions {\n" +
	"        \"By Zezombye\"\n" +
	"        Create Dummy Bot(All Heroes, If-Then-Else(Number Of Slots(Team 1), Team 1, If-Then-Else(Number Of Slots(Team 2), Team 2, True)), False, Null, Null);\n" +
	"        \"More info: https://workshop.codes/wiki/articles/tx-reference-sheet\"\n" +
	"        Start Forcing Dummy Bot Name(Last Created Entity, Custom String(\"" + setupTagsPadding + "\u303c\"));\n" +
	"        Set Global Variable(__holygrail__, String Split(First Of(Last Created Entity), Empty Array));\n" +
	"        Start Forcing Dummy Bot Name(Last Created Entity, Custom String(\"" + setupTagsPadding + "\u0840\"));\n" +
	"        Set Global Variable(__holygrail__, String Slice(String Replace(Custom String(\"" + setupTagsPadding + "\u303c\"), Global.__holygrail__, First Of(Last Created Entity)), 126, True));\n" +
	"        Destroy All Dummy Bots;\n" +
	"    }\n}"

// setupTagsPadding fills a bot's name to the character before the last.
var setupTagsPadding = strings.Repeat("_", 126)
