package flow

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// CondKind is the kind of a condition tree node.
type CondKind uint8

// The condition tree node kinds.
const (
	CondAll  CondKind = iota + 1 // the rule's conditions: all must hold
	CondAnd                      // a && b, And(a, b)
	CondOr                       // a || b, Or(a, b)
	CondNot                      // !a, Not(a)
	CondLeaf                     // anything else: a comparison, a value
)

var condKindNames = [...]string{CondAll: "all", CondAnd: "and", CondOr: "or", CondNot: "not", CondLeaf: "leaf"}

// String returns the kind's name.
func (k CondKind) String() string {
	if int(k) < len(condKindNames) && condKindNames[k] != "" {
		return condKindNames[k]
	}
	return "unknown"
}

// A CondNode is a node of a rule's condition tree.
type CondNode struct {
	Kind     CondKind
	Expr     *ast.Expr // the node's expression (nil for CondAll)
	Span     source.Span
	Children []*CondNode
}

// Depth returns the height of the tree (a leaf is 1).
func (n *CondNode) Depth() int {
	d := 0
	for _, c := range n.Children {
		d = max(d, c.Depth())
	}
	return d + 1
}

// Leaves returns the number of leaves.
func (n *CondNode) Leaves() int {
	if n.Kind == CondLeaf {
		return 1
	}
	c := 0
	for _, ch := range n.Children {
		c += ch.Leaves()
	}
	return c
}

// Conditions returns the condition tree of r: its enabled conditions
// under an "all" node, each split on &&, || and ! (and their function
// forms) down to comparisons and other values. Parentheses are looked
// through. It returns nil for a rule without conditions.
func Conditions(r *ast.Rule) *CondNode {
	if r.Conditions == nil {
		return nil
	}
	root := &CondNode{Kind: CondAll, Span: r.Conditions.Span}
	for _, st := range r.Conditions.Statements {
		if st.Disabled || st.Body == nil {
			continue
		}
		root.Children = append(root.Children, condTree(st.Body, st.Base()))
	}
	if len(root.Children) == 0 {
		return nil
	}
	return root
}

// condTree returns the tree of e, an expression of a statement starting
// at base.
func condTree(e *ast.Expr, base int) *CondNode {
	for e.Kind == ast.Paren && len(e.Args) == 1 {
		e = e.Args[0]
	}
	n := &CondNode{Kind: CondLeaf, Expr: e, Span: e.Span.In(base)}
	switch {
	case e.Kind == ast.Binary && e.Op == ast.OpAnd, isCall(e, "__and__"):
		n.Kind = CondAnd
	case e.Kind == ast.Binary && e.Op == ast.OpOr, isCall(e, "__or__"):
		n.Kind = CondOr
	case e.Kind == ast.Not, isCall(e, "__not__"):
		n.Kind = CondNot
	default:
		return n
	}
	for _, a := range e.Args {
		n.Children = append(n.Children, condTree(a, base))
	}
	return n
}

func isCall(e *ast.Expr, id string) bool {
	return e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == id && e.Parens
}
