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
		lx.emit(token{kind: tString, text: lx.src[start:eol], prefix: prefix, str: lx.unescape(raw, open+1), loc: lx.loc(start, eol)})
		return
	}
	lx.pos = i + 1
	raw := lx.src[open+1 : i]
	lx.emit(token{kind: tString, text: lx.src[start:lx.pos], prefix: prefix, str: lx.unescape(raw, open+1), loc: lx.loc(start, lx.pos)})
}

// unescape decodes a string's escapes; at is the offset of raw in the
// text, for the positions of bad escapes. Carriage returns written in
// the text are dropped, as OverPy drops them.
func (lx *lexer) unescape(raw string, at int) string {
	if !strings.ContainsAny(raw, "\\\r") {
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\r' {
			continue
		}
		if c != '\\' || i+1 >= len(raw) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := raw[i]; e {
		case '"', '\'', '\\':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 't':
			b.WriteByte('\t')
		case 'z':
			b.WriteString("\u00ad")
		case 'x', 'u':
			n := 2
			if e == 'u' {
				n = 4
			}
			if i+1+n <= len(raw) {
				if v, err := strconv.ParseUint(raw[i+1:i+1+n], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += n
					continue
				}
			}
			lx.d.errorf(codeUnknownEscape, lx.loc(at+i-1, at+min(i+1+n, len(raw))), "'\\"+string(e)+"' takes exactly "+strconv.Itoa(n)+" hexadecimal digits")
		case '&':
			end := strings.IndexByte(raw[i:], ';')
			if end > 1 {
				name := raw[i+1 : i+end]
				if s, ok := entity(name); ok {
					b.WriteString(s)
					i += end
					continue
				}
				lx.d.errorf(codeUnknownEscape, lx.loc(at+i-1, at+i+end+1), "unknown named character '\\&"+name+";'")
				i += end
				continue
			}
			lx.d.errorf(codeUnknownEscape, lx.loc(at+i-1, at+i+1), "'\\&' starts a named character and needs a closing ';' ('\\&name;')")
		default:
			r, n := utf8.DecodeRuneInString(raw[i:])
			lx.d.errorf(codeUnknownEscape, lx.loc(at+i-1, at+i+n), "unknown escape '\\"+string(r)+"': the escapes are \\\" \\' \\\\ \\n \\r \\b \\f \\t \\z \\xHH \\uHHHH and \\&name;")
			b.WriteString(raw[i-1 : i+n])
			i += n - 1
		}
	}
	return b.String()
}

// entity resolves a named character: an HTML entity name, with OverPy's
// snake_case spelling also accepted (black_square for blacksquare).
func entity(name string) (string, bool) {
	for _, n := range []string{name, strings.ReplaceAll(name, "_", "")} {
		if s := html.UnescapeString("&" + n + ";"); s != "&"+n+";" {
			return s, true
		}
	}
	return "", false
}
