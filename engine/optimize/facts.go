package optimize

// This file answers what the passes must know of a value before they
// rewrite it: whether it is deterministic (a rewrite may evaluate it fewer
// or more times), whether it is stable (its value cannot change while the
// game re-evaluates it), and what type it has.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// random reports whether el draws a random number.
func random(el *vocab.Element) bool { return strings.HasPrefix(el.ID, "random.") }

// workshopSetting reports whether el is a Workshop Setting value, which
// declares a lobby setting.
func workshopSetting(el *vocab.Element) bool {
	return strings.HasPrefix(el.ID, "createWorkshopSetting")
}

// declares reports whether e holds a Workshop Setting value: each one
// puts a setting in the lobby whether or not the game ever evaluates it,
// so no rewrite may drop one.
func declares(e *ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n *ast.Expr) bool {
		if n.Kind == ast.Call && n.Elem != nil && workshopSetting(n.Elem) {
			found = true
		}
		return !found
	})
	return found
}

// statementsDeclare reports whether any of the statements holds a
// Workshop Setting value.
func statementsDeclare(sts []*ast.Statement) bool {
	for _, st := range sts {
		if declares(st.Body) {
			return true
		}
	}
	return false
}

// pure reports whether evaluating e twice at the same moment gives the
// same value, and evaluating it once less is unobservable: every node is
// known, none draws a random number and none is a Workshop Setting (the
// side effects a Workshop value can have).
func pure(e *ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n *ast.Expr) bool {
		if !ok {
			return false
		}
		switch n.Kind {
		case ast.Bad, ast.Assign:
			ok = false
		case ast.Call:
			if n.Elem == nil || random(n.Elem) || workshopSetting(n.Elem) {
				ok = false
			}
		case ast.Member:
			if n.Member == nil {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// stable reports whether e has the same value whenever and wherever it is
// evaluated: literals and the game's constant operations of them, with no
// variable, player, array element of an enclosing loop or random number.
// Re-evaluating a stable value changes nothing.
func stable(e *ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n *ast.Expr) bool {
		if !ok {
			return false
		}
		switch n.Kind {
		case ast.Number, ast.String, ast.Paren, ast.Binary, ast.Not, ast.Ternary, ast.Index:
		case ast.Member:
			ok = n.Member != nil
		case ast.Call:
			switch {
			case n.Elem == nil, !n.Elem.Flags.IsConstant, random(n.Elem):
				ok = false
			case n.Elem.ID == "__currentArrayElement__", n.Elem.ID == "__currentArrayIndex__",
				n.Elem.ID == "evalOnce", n.Elem.ID == "updateEveryFrame":
				ok = false
			}
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// returns gives the declared type of the value e computes, when e is a
// call of a known element.
func returns(e *ast.Expr) (vocab.Type, bool) {
	e = unparen(e)
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return vocab.Type{}, false
	}
	return e.Elem.Returns, true
}

// isBool reports whether e is always a Boolean.
func isBool(e *ast.Expr) bool {
	e = unparen(e)
	if e == nil {
		return false
	}
	switch e.Kind {
	case ast.Not:
		return true
	case ast.Binary:
		return e.Op.IsComparison() || e.Op == ast.OpAnd || e.Op == ast.OpOr
	}
	t, ok := returns(e)
	return ok && len(t.Union) == 0 && t.Elem == nil && (t.Name == "bool" || t.Name == "BoolLiteral")
}

// isNumber reports whether e is always a number.
func isNumber(e *ast.Expr) bool {
	e = unparen(e)
	if e == nil {
		return false
	}
	if e.Kind == ast.Number {
		return true
	}
	t, ok := returns(e)
	if !ok || len(t.Union) > 0 || t.Elem != nil {
		return false
	}
	switch t.Name {
	case "float", "int", "unsigned float", "unsigned int", "signed float", "signed int":
		return true
	}
	return false
}

// isVector reports whether e is always a vector.
func isVector(e *ast.Expr) bool {
	t, ok := returns(e)
	if !ok || len(t.Union) > 0 || t.Elem != nil {
		return false
	}
	switch t.Name {
	case "Vector", "Position", "Direction", "Velocity":
		return true
	}
	return false
}

// isArray reports whether e is always an array.
func isArray(e *ast.Expr) bool {
	t, ok := returns(e)
	return ok && len(t.Union) == 0 && (t.Elem != nil || t.Name == "Array")
}

// isOnePlayer reports whether e is always one player (or Null), never an
// array of players.
func isOnePlayer(e *ast.Expr) bool {
	t, ok := returns(e)
	return ok && len(t.Union) == 0 && t.Elem == nil && t.Name == "Player"
}

// reevaluates reports whether the game may evaluate the arguments of
// action el again after the action ran: the actions that start something
// lasting (HUDs, effects, chases, forced states, camera…), those with a
// reevaluation argument, Wait Until, whose condition is watched, and
// the conditions of While and Loop If, evaluated again each time round
// the loop.
func reevaluates(el *vocab.Element) bool {
	if el == nil || !el.IsAction() {
		return false
	}
	name := el.English()
	if strings.HasPrefix(name, "Start ") || strings.HasPrefix(name, "Create ") ||
		strings.HasPrefix(name, "Chase ") {
		return true
	}
	switch el.ID {
	case "waitUntil", "__loopIf__", "__while__":
		return true
	}
	for _, p := range el.Params {
		if p.Name == "reevaluation" || p.Enum != nil && strings.HasSuffix(p.Enum.ID, "Reeval") {
			return true
		}
	}
	return false
}

// truthArg reports whether argument i of element el is used only for its
// truthiness: the conditions of If, Else If, While, Skip If, Abort If,
// Loop If, Wait Until and If-Then-Else, the operands of And, Or and Not,
// and the condition of Filtered Array, Is True For All and Is True For
// Any.
func truthArg(el *vocab.Element, i int) bool {
	switch el.ID {
	case "__if__", "__elif__", "__while__", "__skipIf__", "__abortIf__", "__loopIf__", "waitUntil",
		"__ifThenElse__":
		return i == 0
	case "__and__", "__or__", "__not__":
		return true
	case "__filteredArray__", "__all__", "__any__":
		return i == 1
	}
	return false
}
