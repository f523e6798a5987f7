package cost

// This file counts values: what each written form stands for in the game.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// value returns the cost of e as a value in slot (nil: any slot). adj is
// added to e's own cost: -1 for a top-level argument of an action.
func (c *counter) value(e *ast.Expr, slot *vocab.Param, adj int) int {
	if e == nil {
		return 0
	}
	switch e.Kind {
	case ast.Paren:
		// Parentheses only group; the value inside is the argument.
		return c.value(arg(e, 0), slot, adj)
	case ast.Number:
		if slot != nil && rawNumberSlot(slot.Type.Name) {
			// A workshop setting's numbers are bare literals.
			return c.kind(kNumber, 1+adj)
		}
		// The Number value plus its literal.
		return c.kind(kNumber, 2+adj)
	case ast.String:
		if e.LocStr != nil || slot != nil && slot.Type.Name == "LocalizedStringLiteral" {
			return c.kind(kLocString, c.p.locStrLiteral+adj)
		}
		return c.kind(kString, 1+adj)
	case ast.Member:
		return c.member(e.Member, slot, adj)
	case ast.Name:
		switch {
		case slot != nil && slot.Ident == vocab.IdentSubroutine:
			return c.kind(kSubroutine, 1+adj)
		case slot != nil && slot.Ident != vocab.IdentNone:
			return c.kind(kVariable, 1+adj)
		}
		return c.kind(kWord, 1+adj)
	case ast.Global:
		// Global Variable(x): the value and the variable reference.
		return c.kind(kGlobal, 2+adj)
	case ast.PlayerVar:
		n := c.kind(kPlayerVar, 2+adj)
		return n + c.value(arg(e, 0), nil, 0)
	case ast.Index:
		n := c.kind(kIndex, 1+adj)
		return n + c.value(arg(e, 0), nil, 0) + c.value(arg(e, 1), nil, 0)
	case ast.Binary:
		own := 1
		if e.Op.IsComparison() {
			own = 2 // Compare(a, op, b): the operator is an element
		}
		n := c.kind(opKind(e.Op), own+adj)
		return n + c.value(arg(e, 0), nil, 0) + c.value(arg(e, 1), nil, 0)
	case ast.Not:
		n := c.kind(kNot, 1+adj)
		return n + c.value(arg(e, 0), nil, 0)
	case ast.Ternary:
		n := c.kind(kTernary, 1+adj)
		return n + c.value(arg(e, 0), nil, 0) + c.value(arg(e, 1), nil, 0) + c.value(arg(e, 2), nil, 0)
	case ast.Call:
		return c.call(e, adj)
	case ast.Assign:
		return c.assign(e)
	}
	// Bad: the parser recovered here; nothing known is written.
	return c.kind(kBad, 0)
}

// call returns the cost of a value written as a name with arguments.
func (c *counter) call(e *ast.Expr, adj int) int {
	el := e.Elem
	if el == nil {
		n := c.kind(kUnknown, 1+adj)
		for _, a := range e.Args {
			n += c.value(a, nil, 0)
		}
		return n
	}
	st := c.state(el)
	variadic, padded := st.variadic, st.padded
	n := c.elem(st, el.ID, st.own+adj)
	for i, a := range e.Args {
		n += c.value(a, param(el.Params, i, variadic), 0)
	}
	if padded {
		// Exports omit trailing Null format arguments; the game holds
		// them all the same.
		for i := max(len(e.Args), 1); i < len(el.Params); i++ {
			n += c.kind(kImplicitNull, 1)
		}
	}
	return n
}

// member returns the cost of a bare enum member.
func (c *counter) member(m *vocab.Member, slot *vocab.Param, adj int) int {
	if m == nil {
		return c.kind(kBad, 0)
	}
	lit := literalKind(m.Enum.ID)
	switch {
	case lit == kHero:
		c.heroes++
	case lit == kColor && (m.ID == "TEAM_1" || m.ID == "TEAM_2") && (slot == nil || !slot.Type.Has("Color")):
		// "Team 1" spells both a team and a colour; outside a colour
		// slot it is the team. (Both cost 2: only the name changes.)
		lit = kTeam
	}
	if lit != kEnumMember && (slot == nil || slot.Enum != m.Enum) {
		// A literal written bare where a value belongs stands for its
		// value: "Team 1" is Team(Team 1), and OW1 exports write colours
		// and buttons bare. Other members are 1 wherever they appear.
		return c.kind(lit, 2+adj)
	}
	return c.kind(kEnumMember, 1+adj)
}

func rawNumberSlot(t string) bool {
	switch t {
	case "IntLiteral", "UnsignedIntLiteral", "FloatLiteral":
		return true
	}
	return false
}

// param returns slot i of params, nil past the end; the one slot of a
// variadic element (Array) takes every argument.
func param(params []vocab.Param, i int, variadic bool) *vocab.Param {
	switch {
	case variadic && len(params) > 0:
		return &params[0]
	case i < len(params):
		return &params[i]
	}
	return nil
}

// arg returns e.Args[i], or nil when e has fewer arguments.
func arg(e *ast.Expr, i int) *ast.Expr {
	if e == nil || i >= len(e.Args) {
		return nil
	}
	return e.Args[i]
}

func unparen(e *ast.Expr) *ast.Expr {
	for e != nil && e.Kind == ast.Paren && len(e.Args) == 1 {
		e = e.Args[0]
	}
	return e
}

func actionName(e *ast.Expr) string {
	switch {
	case e == nil || e.Kind == ast.Bad:
		return kindNames[kBad]
	case e.Kind == ast.Assign:
		return "assign"
	case e.Kind == ast.Call && e.Elem != nil:
		return e.Elem.ID
	}
	return kindNames[kUnknown]
}
