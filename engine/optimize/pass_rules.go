package optimize

// This file holds the passes over a rule's conditions and the rule as a
// whole.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// conditionValue reads a condition as the value whose truth it tests:
// a == True, a != False and a bare a test a; a == False and a != True
// test Not(a). ok is false for another comparison, which the condition
// makes itself.
func conditionValue(body *ast.Expr) (v *ast.Expr, negate, ok bool) {
	b := unparen(body)
	if b == nil {
		return nil, false, false
	}
	op, l, r, isCmp := compare(b)
	if !isCmp || b.Kind != ast.Binary {
		return b, false, true
	}
	if op != ast.OpEq && op != ast.OpNe {
		return nil, false, false
	}
	t, lit := boolLiteral(r)
	if !lit {
		return nil, false, false
	}
	return l, t != (op == ast.OpEq), true
}

// condition builds a condition testing the truth of v (or its negation).
func (w *work) newCondition(like *ast.Statement, v *ast.Expr, negate bool) *ast.Statement {
	o := w.o
	var body *ast.Expr
	if op, l, r, ok := compare(v); ok {
		if negate {
			op = negated(op)
		}
		body = fitOperands(&ast.Expr{Kind: ast.Binary, Op: op, Args: []*ast.Expr{l, r}, Span: v.Span})
	} else {
		if x, ok := not(v); ok {
			v, negate = x, !negate
		}
		body = fitOperands(&ast.Expr{Kind: ast.Binary, Op: ast.OpEq, Args: []*ast.Expr{v, o.boolean(v, !negate)}, Span: v.Span})
	}
	return &ast.Statement{Span: like.Span, Body: body, HasSemicolon: true}
}

// splitConditions writes a condition testing And(a, b) as two conditions
// testing a and b (a rule's conditions must all hold), and a condition
// testing a comparison (Compare(a, ==, b) == True) as that comparison.
func splitConditions(w *work) int {
	n := 0
	var out []*ast.Statement
	for _, st := range w.conds {
		parts := w.splitCondition(st)
		sum := 0
		for _, p := range parts {
			sum += w.statementCost(p, true)
		}
		if parts == nil || sum >= w.statementCost(st, true) {
			// (Under OSTW's model a condition is a Compare element,
			// and two can cost more than one.)
			out = append(out, st)
			continue
		}
		if st.Comment != nil {
			c := *parts[0]
			c.Comment = st.Comment
			parts[0] = &c
		}
		out = append(out, parts...)
		n++
	}
	if n > 0 {
		w.conds = out
	}
	return n
}

func (w *work) splitCondition(st *ast.Statement) []*ast.Statement {
	if st.Disabled {
		return nil
	}
	v, negate, ok := conditionValue(st.Body)
	if !ok {
		return nil
	}
	if !negate {
		// Conditions may all be evaluated where And stops at a false
		// left operand: the right one must draw no random number.
		if id, a, b, ok := binary(v); ok && id == "__and__" && pure(b) {
			var out []*ast.Statement
			for _, x := range []*ast.Expr{a, b} {
				if sub := w.splitCondition(w.newCondition(st, x, false)); sub != nil {
					out = append(out, sub...)
				} else {
					out = append(out, w.newCondition(st, x, false))
				}
			}
			return out
		}
	}
	if _, _, _, ok := compare(v); ok || negate && isCallNot(v) {
		nst := w.newCondition(st, v, negate)
		if w.lower(st, nst, true) {
			return []*ast.Statement{nst}
		}
	}
	return nil
}

func isCallNot(e *ast.Expr) bool {
	_, ok := not(e)
	return ok
}

// constantConditions drops a condition that always holds, and removes a
// rule with a condition that never does.
func constantConditions(w *work) int {
	n := 0
	var out []*ast.Statement
	for _, st := range w.conds {
		truth, ok := w.conditionTruth(st)
		switch {
		case !ok || st.Disabled:
			out = append(out, st)
		case truth:
			n++
		case w.declares():
			out = append(out, st)
		default:
			w.removed = true
			return n + 1
		}
	}
	if n > 0 {
		w.conds = out
	}
	return n
}

// conditionTruth returns the truth of a condition of literals.
func (w *work) conditionTruth(st *ast.Statement) (bool, bool) {
	b := unparen(st.Body)
	op, l, r, ok := compare(b)
	if !ok || b.Kind != ast.Binary {
		return truthLiteral(b)
	}
	if x, ok := numberLit(l); ok {
		if y, ok := numberLit(r); ok {
			return compareNumbers(op.String(), float32(x), float32(y))
		}
	}
	tl, okl := truthLiteral(l)
	tr, okr := truthLiteral(r)
	_, bl := boolLiteral(l)
	_, br := boolLiteral(r)
	if okl && okr && (bl || br) && (op == ast.OpEq || op == ast.OpNe) {
		// A comparison with a Boolean compares truthiness.
		return (tl == tr) == (op == ast.OpEq), true
	}
	return false, false
}

// inert lists the actions that do nothing outside their own rule: waits,
// jumps and blocks.
var inert = map[string]bool{
	"wait": true, "waitUntil": true, "return": true, "__abortIf__": true,
	"__abortIfConditionIsFalse__": true, "__abortIfConditionIsTrue__": true,
	"__skip__": true, "__skipIf__": true, "__if__": true, "__elif__": true, "__else__": true,
	"__end__": true, "__while__": true, "break": true, "continue": true,
	"loop": true, "__loopIf__": true, "__loopIfConditionIsFalse__": true, "__loopIfConditionIsTrue__": true,
}

// emptyRule removes a rule whose actions do nothing but wait, jump and
// open blocks (a rule without actions included). A subroutine's rule is
// kept: its waits hold up its caller.
func emptyRule(w *work) int {
	if w.src == nil || w.subroutine || w.declares() {
		return 0
	}
	for _, a := range w.acts {
		if a.st.Disabled {
			continue
		}
		if !inert[a.id()] || !pure(unparen(a.st.Body)) {
			return 0
		}
	}
	w.removed = true
	return 1
}
