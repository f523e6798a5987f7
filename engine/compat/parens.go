package compat

// This file places the parentheses of rewritten operands: those the
// printer needs to read the text back as the same tree, and those the
// game's exporter adds where precedence alone would not need them.

import "github.com/wright-lsp/wright-lsp/engine/ast"

// Binding strengths, as the printer uses them: binary operators use
// Op.Precedence (|| 2 … ^ 8).
const (
	precTernary = 1
	precUnary   = 9
	precPostfix = 10
)

func prec(e *ast.Expr) int {
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

// minPrec returns the binding strength operand i of parent needs to be
// printed without parentheses (the printer's rule): a left operand at
// least its operator's, a right one more (operators are read left to
// right), the three parts of c ? a : b more than a conditional, the
// operand of !, the player of P.x and the array of a[i] at least theirs.
func minPrec(parent *ast.Expr, i int) int {
	switch parent.Kind {
	case ast.Binary:
		if i == 0 {
			return parent.Op.Precedence()
		}
		return parent.Op.Precedence() + 1
	case ast.Not:
		return precUnary
	case ast.Ternary:
		return precTernary + 1
	case ast.PlayerVar, ast.Index, ast.Assign:
		if i == 0 {
			return precPostfix
		}
	}
	return 0
}

// exportParens reports whether the game's exporter parenthesizes child as
// operand of parent where precedence does not ask for it. Real exports
// write "(Event Ability == Button(Ability 1)) == False" and "(a && b) ||
// c", never "a == b == c" nor "a && b || c" (z_*.txt, mysteryUltimates).
// A ^ inside a ^ is parenthesized too: how the game groups a ^ b ^ c is
// not attested, so the grouping is written out.
func exportParens(parent, child *ast.Expr) bool {
	if parent.Kind != ast.Binary || child.Kind != ast.Binary {
		return false
	}
	switch {
	case parent.Op.IsComparison():
		return child.Op.IsComparison()
	case parent.Op == ast.OpOr:
		return child.Op == ast.OpAnd
	case parent.Op == ast.OpPow:
		return child.Op == ast.OpPow
	}
	return false
}

// operand returns child as operand i of parent: child itself, or child in
// parentheses.
func operand(parent *ast.Expr, i int, child *ast.Expr) *ast.Expr {
	if child == nil || prec(child) >= minPrec(parent, i) && !exportParens(parent, child) {
		return child
	}
	return &ast.Expr{Kind: ast.Paren, Span: child.Span, Args: []*ast.Expr{child}}
}

// binary returns "a op b" standing for the legacy call from.
func binary(op ast.Op, a, b, from *ast.Expr) *ast.Expr {
	e := &ast.Expr{Kind: ast.Binary, Op: op, Span: from.Span, NameSpan: from.NameSpan}
	e.Args = []*ast.Expr{operand(e, 0, a), operand(e, 1, b)}
	return e
}
