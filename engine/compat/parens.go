package compat

// This file places the parentheses of rewritten operands: those the
// printer needs to read the text back as the same tree, and those the
// game's exporter adds where precedence alone would not need them.

import "github.com/wright-lsp/wright-lsp/engine/ast"

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
// parentheses where the printer needs them to read the text back as the
// same tree ([ast.Expr.OperandPrecedence]) or the exporter writes them.
func operand(parent *ast.Expr, i int, child *ast.Expr) *ast.Expr {
	if child == nil || child.Precedence() >= parent.OperandPrecedence(i) && !exportParens(parent, child) {
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
