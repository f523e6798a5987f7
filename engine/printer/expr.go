package printer

import (
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// expr prints e, parenthesizing it when its precedence is below min (trees
// read from text carry their parentheses as Paren nodes; this protects
// trees built in memory). Operands are printed with the minimum
// [ast.Expr.OperandPrecedence] gives them.
func (pr *printer) expr(l *strings.Builder, e *ast.Expr, min int) {
	if e == nil {
		return
	}
	if e.Precedence() < min {
		l.WriteByte('(')
		pr.expr(l, e, 0)
		l.WriteByte(')')
		return
	}
	switch e.Kind {
	case ast.Bad:
	case ast.Number:
		if e.Text != "" {
			l.WriteString(e.Text)
		} else {
			l.WriteString(FormatNumber(e.Num))
		}
	case ast.String:
		if e.LocStr != nil {
			l.WriteString(Quote(pr.name(e.LocStr, e.Span.In(pr.at))))
		} else {
			l.WriteString(Quote(e.Text))
		}
	case ast.Member:
		l.WriteString(pr.name(e.Member, e.NameSpan.In(pr.at)))
	case ast.Name:
		l.WriteString(e.Text)
	case ast.Global:
		l.WriteString(pr.name(pr.v.Value("__global__"), e.Span.In(pr.at)))
		l.WriteByte('.')
		l.WriteString(e.Text)
	case ast.PlayerVar:
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
		l.WriteByte('.')
		l.WriteString(e.Text)
	case ast.Index:
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
		l.WriteByte('[')
		pr.expr(l, e.Args[1], e.OperandPrecedence(1))
		l.WriteByte(']')
	case ast.Call:
		if e.Elem != nil {
			l.WriteString(pr.name(e.Elem, e.NameSpan.In(pr.at)))
		} else {
			l.WriteString(e.Text)
		}
		if e.Parens {
			l.WriteByte('(')
			for i, a := range e.Args {
				if i > 0 {
					l.WriteByte(',')
					l.WriteByte(' ')
				}
				pr.expr(l, a, 0)
			}
			if !removedMapCall(e) {
				l.WriteByte(')')
			}
		}
	case ast.Paren:
		l.WriteByte('(')
		pr.expr(l, e.Args[0], 0)
		l.WriteByte(')')
	case ast.Not:
		l.WriteByte('!')
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
	case ast.Binary:
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
		l.WriteByte(' ')
		l.WriteString(e.Op.String())
		l.WriteByte(' ')
		// Left-associative: an equal-precedence right operand needs
		// parentheses.
		pr.expr(l, e.Args[1], e.OperandPrecedence(1))
	case ast.Ternary:
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
		l.WriteString(" ? ")
		pr.expr(l, e.Args[1], e.OperandPrecedence(1))
		l.WriteString(" : ")
		pr.expr(l, e.Args[2], e.OperandPrecedence(2))
	case ast.Assign:
		pr.expr(l, e.Args[0], e.OperandPrecedence(0))
		l.WriteByte(' ')
		l.WriteString(e.Op.String())
		l.WriteByte(' ')
		pr.expr(l, e.Args[1], e.OperandPrecedence(1))
	}
}

// removedMapCall reports the dangling "Map(" the game exports for a removed
// map or mode: a Map or Game Mode call with parentheses and no argument
// (its spans, measured from one base, end a byte apart at most).
func removedMapCall(e *ast.Expr) bool {
	return e.Elem != nil && (e.Elem.ID == "__map__" || e.Elem.ID == "__gamemode__") && len(e.Args) == 0 &&
		!e.NameSpan.IsZero() && e.Span.In(0).End-e.NameSpan.In(0).End <= 1
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
