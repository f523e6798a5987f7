package opy

// This file reads string literals: "…" or '…' with an optional prefix,
// spanning lines when they contain newlines, with OverPy's escapes.

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lexString reads a string whose prefix (possibly empty) starts at start
// and whose opening quote is at lx.pos.
func (lx *lexer) lexString(prefix string, start int) {
	quote := lx.src[lx.pos]
	open := lx.pos
	i := open + 1
	for i < len(lx.src) && lx.src[i] != quote {
		if lx.src[i] == '\\' && i+1 < len(lx.src) {
			i++
		}
		i++
	}
	if i >= len(lx.src) {
		// Strings may span lines, so the real end is the end of the
		// file; reading on to the end of the line instead lets the rest
		// of the file be checked.
		eol := strings.IndexByte(lx.src[open:], '\n')
		if eol < 0 {
			eol = len(lx.src)
		} else {
			eol += open
		}
		lx.d.errorf(codeUnterminatedString, lx.loc(start, eol), "string is never closed: add "+string(quote)+" where it ends")
		lx.pos = eol
		raw := lx.src[open+1 : eol]
		lx.emit(token{kind: tString, text: lx.src[start:eol], str: lx.unescape(raw, open+1), loc: lx.loc(start, eol)})
		return
	}
	lx.pos = i + 1
	raw := lx.src[open+1 : i]
	lx.emit(token{kind: tString, text: lx.src[start:lx.pos], str: lx.unescape(raw, open+1), loc: lx.loc(start, lx.pos)})
}

// unescape decodes a string's text and reports its bad escapes; at is
// the offset of raw in the file.
func (lx *lexer) unescape(raw string, at int) string {
	value, _, errs := decodeString(raw, false)
	for _, e := range errs {
		lx.d.errorf(codeUnknownEscape, lx.loc(at+e.start, at+e.end), e.msg)
	}
	return value
}

// An escapeError is a bad escape: its byte range in the raw text and
// what is wrong with it.
type escapeError struct {
	start, end int
	msg        string
}

// decodeString decodes the text between a string's quotes: its escapes,
// and carriage returns written in the text, which OverPy drops. A bad
// escape is kept as written. With offsets, offs[k] is the offset in raw
// of the text that gave byte k of the value, and offs[len(value)] is
// len(raw): a byte range [a, b) of the value came from raw[offs[a]:offs[b]].
func decodeString(raw string, offsets bool) (value string, offs []int, errs []escapeError) {
	if !offsets && !strings.ContainsAny(raw, "\\\r") {
		return raw, nil, nil
	}
	var b strings.Builder
	// put writes s, produced by raw[from:].
	put := func(s string, from int) {
		b.WriteString(s)
		if offsets {
			for range len(s) {
				offs = append(offs, from)
			}
		}
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\r' {
			i++
			continue
		}
		if c != '\\' || i+1 >= len(raw) {
			put(raw[i:i+1], i)
			i++
			continue
		}
		s, n, err := escape(raw, i)
		if err != "" {
			errs = append(errs, escapeError{start: i, end: i + n, msg: err})
			s = raw[i : i+n]
		}
		put(s, i)
		i += n
	}
	if offsets {
		offs = append(offs, len(raw))
	}
	return b.String(), offs, errs
}

// escape decodes the escape starting with the backslash at raw[i]: the
// text it stands for and its length in raw, or what is wrong with it.
func escape(raw string, i int) (string, int, string) {
	switch e := raw[i+1]; e {
	case '"', '\'', '\\':
		return raw[i+1 : i+2], 2, ""
	case 'n':
		return "\n", 2, ""
	case 'r':
		return "\r", 2, ""
	case 'b':
		return "\b", 2, ""
	case 'f':
		return "\f", 2, ""
	case 't':
		return "\t", 2, ""
	case 'z':
		// OverPy's "zero-width space" is the soft hyphen.
		return "\u00ad", 2, ""
	case 'x', 'u':
		v, n, ok := hexEscape(raw, i)
		if !ok {
			digits := "2"
			if e == 'u' {
				digits = "4"
			}
			return "", n, "'\\" + string(e) + "' takes exactly " + digits + " hexadecimal digits"
		}
		if e == 'u' && v >= 0xD800 && v < 0xDC00 {
			// A UTF-16 surrogate pair written as two escapes is one
			// character, as in JavaScript, where OverPy runs.
			if lo, m, ok := hexEscape(raw, i+n); ok && raw[i+n+1] == 'u' && lo >= 0xDC00 && lo < 0xE000 {
				return string(rune(0x10000 + (v-0xD800)<<10 + (lo - 0xDC00))), n + m, ""
			}
		}
		// A lone surrogate becomes U+FFFD, as OverPy writes it.
		return string(rune(v)), n, ""
	case '&':
		end := strings.IndexByte(raw[i+2:], ';')
		if end < 0 {
			return "", 2, "'\\&' starts a named character and needs a closing ';' ('\\&name;')"
		}
		name := raw[i+2 : i+2+end]
		if s, ok := entity(name); ok {
			return s, end + 3, ""
		}
		return "", end + 3, "unknown named character '\\&" + name + ";': the names are HTML's (amp, nbsp…) and OverPy's black_square, fullwidth_space and zero_width_space"
	}
	_, n := utf8.DecodeRuneInString(raw[i+1:])
	return "", 1 + n, "unknown escape '" + raw[i:i+1+n] + "': the escapes are \\\" \\' \\\\ \\n \\r \\b \\f \\t \\z \\xHH \\uHHHH and \\&name;"
}

// hexEscape reads \xHH or \uHHHH at raw[i] (when it is one): its value
// and length; when its digits are bad, the length covers what was read.
func hexEscape(raw string, i int) (rune, int, bool) {
	if i+1 >= len(raw) || raw[i] != '\\' || (raw[i+1] != 'x' && raw[i+1] != 'u') {
		return 0, 0, false
	}
	digits := 2
	if raw[i+1] == 'u' {
		digits = 4
	}
	n := 2
	for n < 2+digits && i+n < len(raw) && isHexDigit(raw[i+n]) {
		n++
	}
	if n < 2+digits {
		return 0, min(2+digits, len(raw)-i), false
	}
	v, _ := strconv.ParseUint(raw[i+2:i+n], 16, 32)
	return rune(v), n, true
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// overpyEntities are OverPy's own names for characters that wright-lsp
// knows (observed from OverPy's output); they come before HTML's names.
var overpyEntities = map[string]string{
	"black_square":     "\u25a0",
	"fullwidth_space":  "\u3000",
	"zero_width_space": "\u00ad",
}

// entity resolves a named character: one of OverPy's names, or an HTML
// entity name (written without its '&' and ';').
func entity(name string) (string, bool) {
	if s, ok := overpyEntities[name]; ok {
		return s, true
	}
	if name == "" {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	ref := "&" + name + ";"
	s := html.UnescapeString(ref)
	// The html package also reads a reference that only starts with an
	// entity's name ("&ampfoo;" is "&foo;"): then the rest of the name
	// is left behind.
	if s == ref || strings.HasSuffix(s, name[len(name)-1:]+";") {
		return "", false
	}
	return s, true
}
