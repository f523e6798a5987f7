package printer

import (
	"strconv"

	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// A lineBuf is one statement being printed: its text on one line, and the
// places where the game may break it.
type lineBuf struct {
	text   strings.Builder
	breaks []breakPoint
}

// A breakPoint is an offset in lineBuf.text where a line break may go.
// When space is set, the break replaces the space at that offset;
// otherwise it is inserted there.
type breakPoint struct {
	at    int
	space bool
}

func (l *lineBuf) breakHere(space bool) {
	l.breaks = append(l.breaks, breakPoint{at: l.text.Len(), space: space})
}

// precedence of the ternary; binary operators use Op.Precedence.
const (
	precTernary = 1
	precUnary   = 9
	precPostfix = 10
)

func exprPrec(e *ast.Expr) int {
	switch e.Kind {
	case ast.Ternary:
		return precTernary
	case ast.Binary:
		return e.Op.Precedence()
	case ast.Not:
		return precUnary
	}
	return precPostfix
}

// expr prints e, parenthesizing it when its precedence is below min (trees
// read from text carry their parentheses as Paren nodes; this protects
// trees built in memory).
func (pr *printer) expr(l *lineBuf, e *ast.Expr, min int) {
	if e == nil {
		return
	}
	if exprPrec(e) < min {
		l.text.WriteByte('(')
		l.breakHere(false)
		pr.expr(l, e, 0)
		l.text.WriteByte(')')
		return
	}
	switch e.Kind {
	case ast.Bad:
	case ast.Number:
		if e.Text != "" {
			l.text.WriteString(e.Text)
		} else {
			l.text.WriteString(FormatNumber(e.Num))
		}
	case ast.String:
		if e.LocStr != nil {
			l.text.WriteString(quote(pr.name(e.LocStr, e.Span)))
		} else {
			l.text.WriteString(quote(e.Text))
		}
	case ast.Member:
		l.text.WriteString(pr.name(e.Member, e.NameSpan))
	case ast.Name:
		l.text.WriteString(e.Text)
	case ast.Global:
		l.text.WriteString(pr.name(pr.v.Value("__global__"), e.Span))
		l.text.WriteByte('.')
		l.text.WriteString(e.Text)
	case ast.PlayerVar:
		pr.expr(l, e.Args[0], precPostfix)
		l.text.WriteByte('.')
		l.text.WriteString(e.Text)
	case ast.Index:
		pr.expr(l, e.Args[0], precPostfix)
		l.breakHere(false)
		l.text.WriteByte('[')
		pr.expr(l, e.Args[1], 0)
		l.text.WriteByte(']')
	case ast.Call:
		if e.Elem != nil {
			l.text.WriteString(pr.name(e.Elem, e.NameSpan))
		} else {
			l.text.WriteString(e.Text)
		}
		if e.Parens {
			l.text.WriteByte('(')
			l.breakHere(false)
			for i, a := range e.Args {
				if i > 0 {
					l.text.WriteByte(',')
					l.breakHere(true)
					l.text.WriteByte(' ')
				}
				pr.expr(l, a, 0)
			}
			if !removedMapCall(e) {
				l.text.WriteByte(')')
			}
		}
	case ast.Paren:
		l.text.WriteByte('(')
		l.breakHere(false)
		pr.expr(l, e.Args[0], 0)
		l.text.WriteByte(')')
	case ast.Not:
		l.text.WriteByte('!')
		pr.expr(l, e.Args[0], precUnary)
	case ast.Binary:
		p := e.Op.Precedence()
		pr.expr(l, e.Args[0], p)
		l.breakHere(true)
		l.text.WriteByte(' ')
		l.text.WriteString(e.Op.String())
		l.text.WriteByte(' ')
		// Left-associative: an equal-precedence right operand needs
		// parentheses.
		pr.expr(l, e.Args[1], p+1)
	case ast.Ternary:
		pr.expr(l, e.Args[0], precTernary+1)
		l.breakHere(true)
		l.text.WriteString(" ? ")
		pr.expr(l, e.Args[1], precTernary+1)
		l.breakHere(true)
		l.text.WriteString(" : ")
		pr.expr(l, e.Args[2], precTernary+1)
	case ast.Assign:
		pr.expr(l, e.Args[0], precPostfix)
		l.text.WriteByte(' ')
		l.text.WriteString(e.Op.String())
		l.breakHere(true)
		l.text.WriteByte(' ')
		pr.expr(l, e.Args[1], 0)
	}
}

// removedMapCall reports the dangling "Map(" the game exports for a removed
// map or mode: a Map or Game Mode call with parentheses and no argument.
func removedMapCall(e *ast.Expr) bool {
	return e.Elem != nil && (e.Elem.ID == "__map__" || e.Elem.ID == "__gamemode__") && len(e.Args) == 0 &&
		e.Span.End-e.NameSpan.End <= 1
}

// FormatNumber writes a number as the game exports it: integers without a
// decimal point, other values with three decimals, and more only where
// three would change the value.
func FormatNumber(v float64) string {
	if v == float64(int64(v)) && v < 1e15 && v > -1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if back, err := strconv.ParseFloat(s, 64); err == nil && back == v {
		return s
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// wrapped writes a statement at indent. Until the game's wrapping rule is
// implemented the statement stays on one line.
func (pr *printer) wrapped(indent int, l *lineBuf) {
	pr.line(indent, l.text.String())
}
