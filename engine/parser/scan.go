package parser

// This file holds the lexical level: white space and comments, strings,
// numbers, identifiers and operators, read directly from the text.

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// skip moves past white space and comments. The game never writes comments,
// but OverPy's output has // and /* */ ones and the importer tolerates them.
func (p *parser) skip() {
	// Most calls find a token right away; keep that path small enough to
	// inline.
	if p.pos >= len(p.src) || !skippable[p.src[p.pos]] {
		return
	}
	p.skipSlow()
}

// skippable holds the bytes that may start white space or a comment.
var skippable = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true, '/': true}

func (p *parser) skipSlow() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			p.pos++
		case '/':
			if p.pos+1 >= len(p.src) {
				return
			}
			switch p.src[p.pos+1] {
			case '/':
				start := p.pos
				end := strings.IndexByte(p.src[p.pos:], '\n')
				if end < 0 {
					p.pos = len(p.src)
				} else {
					p.pos += end
				}
				p.comment(source.Span{Start: start, End: p.pos})
			case '*':
				start := p.pos
				end := strings.Index(p.src[p.pos+2:], "*/")
				if end < 0 {
					p.pos = len(p.src)
					p.errorf(diag.UnterminatedComment, source.Span{Start: start, End: start + 2},
						"this /* comment is never closed: expected '*/' before the end of the file")
				} else {
					p.pos += 2 + end + 2
				}
				p.comment(source.Span{Start: start, End: p.pos})
			default:
				return
			}
		default:
			return
		}
	}
}

// comment records a comment once, in order. Looking ahead (does the next
// line start a rule?) reads the comments before what it looks for, and
// reading on from where it looked reads them again.
func (p *parser) comment(c source.Span) {
	n := len(p.comments)
	if n > 0 && p.comments[n-1].Start >= c.Start {
		i := sort.Search(n, func(i int) bool { return p.comments[i].Start >= c.Start })
		if p.comments[i].Start == c.Start {
			return
		}
		p.comments = slices.Insert(p.comments, i, c)
		return
	}
	p.comments = append(p.comments, c)
}

// skipSpaces moves past spaces and tabs only (not line breaks or comments).
func (p *parser) skipSpaces() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// peek returns the next byte after white space and comments, or 0 at the
// end of the text; it moves past the white space.
func (p *parser) peek() byte {
	if p.pos >= len(p.src) {
		return 0
	}
	if c := p.src[p.pos]; !skippable[c] {
		return c
	}
	return p.peekSlow()
}

func (p *parser) peekSlow() byte {
	p.skipSlow()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// eat consumes c if it is the next byte after white space.
func (p *parser) eat(c byte) bool {
	if p.peek() == c {
		p.pos++
		return true
	}
	return false
}

// expect consumes c or reports what was found instead.
func (p *parser) expect(c byte, context string) bool {
	if p.eat(c) {
		return true
	}
	p.errorf(diag.UnexpectedToken, p.here(), "expected '%c' %s, found %s", c, context, p.describe(p.pos))
	return false
}

// here returns an empty-ish span at the current position: the next rune,
// or an empty span at the end of the text.
func (p *parser) here() source.Span {
	if p.pos >= len(p.src) {
		return source.Span{Start: len(p.src), End: len(p.src)}
	}
	_, size := utf8.DecodeRuneInString(p.src[p.pos:])
	return source.Span{Start: p.pos, End: p.pos + size}
}

// readString reads a string literal at p.pos (which holds '"'). Strings are
// read byte for byte up to the closing unescaped quote: raw control
// characters and U+2028 occur inside real exports and are kept.
func (p *parser) readString() *ast.Expr {
	start := p.pos
	i := p.pos + 1
	var b *strings.Builder
	seg := i
	for i < len(p.src) {
		// Jump to the next byte that matters; data strings run to
		// thousands of bytes.
		if k := strings.IndexAny(p.src[i:], "\"\n\\"); k > 0 {
			i += k
		} else if k < 0 {
			i = len(p.src)
			break
		}
		c := p.src[i]
		if c == '"' {
			break
		}
		if c == '\n' {
			// The game never writes a raw line break inside a string (it
			// writes \n), so a line break means the quote was left open;
			// ending the string here keeps the rest of the file readable.
			break
		}
		if c != '\\' {
			i++
			continue
		}
		if b == nil {
			b = &strings.Builder{}
		}
		b.WriteString(p.src[seg:i])
		if i+1 >= len(p.src) {
			i++
			seg = i
			break
		}
		switch e := p.src[i+1]; e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case '"':
			b.WriteByte('"')
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		default:
			// Keep unknown escapes as written; the game's writer never
			// produces them. The escaped character may take several
			// bytes: the span and the text keep it whole.
			r, size := utf8.DecodeRuneInString(p.src[i+1:])
			p.warnf(diag.UnknownEscape, source.Span{Start: i, End: i + 1 + size},
				"unknown escape '\\%c' in a string: the game writes only \\n, \\r, \\\" and \\\\", r)
			b.WriteString(p.src[i : i+1+size])
			i += 1 + size
			seg = i
			continue
		}
		i += 2
		seg = i
	}
	var text string
	if b != nil {
		b.WriteString(p.src[seg:i])
		text = b.String()
	} else {
		text = p.src[seg:i]
	}
	e := p.newExpr(ast.String, source.Span{Start: start})
	e.NameSpan = p.rel(source.Span{Start: start + 1, End: i})
	e.Text = text
	if i < len(p.src) && p.src[i] == '"' {
		p.pos = i + 1
	} else {
		p.pos = i
		where := "end of the line"
		if i >= len(p.src) {
			where = "end of the file"
		}
		p.errorf(diag.UnterminatedString, source.Span{Start: start, End: start + 1},
			"this string is never closed: expected '\"' before the %s", where)
	}
	p.setEnd(e, p.pos)
	return e
}

// readNumber reads [-]digits[.digits] (also ".5") at p.pos.
func (p *parser) readNumber() *ast.Expr {
	start := p.pos
	i := p.pos
	if i < len(p.src) && p.src[i] == '-' {
		i++
	}
	digits := 0
	for i < len(p.src) && isDigit(p.src[i]) {
		i++
		digits++
	}
	if i+1 < len(p.src) && p.src[i] == '.' && isDigit(p.src[i+1]) {
		i++
		for i < len(p.src) && isDigit(p.src[i]) {
			i++
			digits++
		}
	}
	// The settings copy bug prints huge values as 1e+10; accept exponents.
	if digits > 0 && i+1 < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
		j := i + 1
		if j < len(p.src) && (p.src[j] == '+' || p.src[j] == '-') {
			j++
		}
		if j < len(p.src) && isDigit(p.src[j]) {
			for j < len(p.src) && isDigit(p.src[j]) {
				j++
			}
			i = j
		}
	}
	p.pos = i
	e := p.newExpr(ast.Number, source.Span{Start: start, End: i})
	e.Text = p.src[start:i]
	v, err := strconv.ParseFloat(e.Text, 64)
	if err != nil || digits == 0 {
		p.errorf(diag.InvalidNumber, p.span(e), "cannot read %s as a number", diag.Quote(e.Text))
	}
	e.Num = v
	return e
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// identEnd returns the end of the identifier starting at off: a run of
// letters, digits and '_' (the Workshop allows only ASCII ones; others are
// read so that the validator can say what is wrong).
func identEnd(src string, off int) int {
	i := off
	for i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf {
			if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				i++
				continue
			}
			break
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if !vocab.IsWordRune(r) {
			break
		}
		i += size
	}
	return i
}

// readOperator reads a binary operator at p.pos (after white space). It
// does not consume assignment operators.
func (p *parser) peekBinaryOp() (ast.Op, int) {
	p.skip()
	s := p.src[p.pos:]
	if len(s) == 0 {
		return ast.OpNone, 0
	}
	two := ""
	if len(s) >= 2 {
		two = s[:2]
	}
	switch two {
	case "||":
		return ast.OpOr, 2
	case "&&":
		return ast.OpAnd, 2
	case "==":
		return ast.OpEq, 2
	case "!=":
		return ast.OpNe, 2
	case "<=":
		return ast.OpLe, 2
	case ">=":
		return ast.OpGe, 2
	case "+=", "-=", "*=", "/=", "%=", "^=":
		return ast.OpNone, 0
	}
	switch s[0] {
	case '<':
		return ast.OpLt, 1
	case '>':
		return ast.OpGt, 1
	case '+':
		return ast.OpAdd, 1
	case '-':
		return ast.OpSub, 1
	case '*':
		return ast.OpMul, 1
	case '/':
		return ast.OpDiv, 1
	case '%':
		return ast.OpMod, 1
	case '^':
		return ast.OpPow, 1
	}
	return ast.OpNone, 0
}

// peekAssignOp reads an assignment operator at p.pos.
func (p *parser) peekAssignOp() (ast.Op, int) {
	p.skip()
	s := p.src[p.pos:]
	if len(s) >= 2 && s[1] == '=' {
		switch s[0] {
		case '+':
			return ast.OpAddAssign, 2
		case '-':
			return ast.OpSubAssign, 2
		case '*':
			return ast.OpMulAssign, 2
		case '/':
			return ast.OpDivAssign, 2
		case '%':
			return ast.OpModAssign, 2
		case '^':
			return ast.OpPowAssign, 2
		case '=':
			return ast.OpNone, 0
		}
	}
	if len(s) >= 1 && s[0] == '=' {
		return ast.OpAssign, 1
	}
	return ast.OpNone, 0
}
