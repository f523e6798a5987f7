package optimize

// This file holds the passes that rewrite values.

import (
	"math"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// foldConstants computes operations of literals: arithmetic on numbers
// and on vectors, comparisons of numbers, And, Or, Not and If-Then-Else
// of literal conditions, Absolute Value, Square Root, Round To Integer,
// Min, Max, the components of a literal vector and the length of a
// literal array.
func foldConstants(w *work, c ctx, e *ast.Expr) *ast.Expr {
	o := w.o
	u := unparen(e)
	if id, a, b, ok := binary(u); ok {
		switch id {
		case "__and__", "__or__":
			return foldLogic(w, c, u, id, a, b)
		}
		x, okx := numberLit(a)
		y, oky := numberLit(b)
		if okx && oky {
			if r, ok := arith(id, float32(x), float32(y)); ok && fits(c, r) {
				return o.number(u, r)
			}
			return nil
		}
		return foldVectors(w, u, id, a, b)
	}
	if op, a, b, ok := compare(u); ok {
		x, okx := numberLit(a)
		y, oky := numberLit(b)
		if okx && oky {
			if r, ok := compareNumbers(op.String(), float32(x), float32(y)); ok {
				return o.boolean(u, r)
			}
		}
		return nil
	}
	if x, ok := not(u); ok {
		if t, ok := truthLiteral(x); ok {
			return o.boolean(u, !t)
		}
		return nil
	}
	if cond, a, b, ok := ternary(u); ok {
		// Only the branch taken is evaluated.
		if t, ok := truthLiteral(cond); ok {
			if t && !declares(b) {
				return a
			}
			if !t && !declares(a) {
				return b
			}
		}
		return nil
	}
	switch callID(u) {
	case "abs", "sqrt":
		x, ok := numberLit(arg(u, 0))
		if !ok {
			return nil
		}
		r := float32(math.Abs(x))
		if u.Elem.ID == "sqrt" {
			r = 0
			if x > 0 {
				r = float32(math.Sqrt(float64(float32(x))))
			}
		}
		if literal(r) && fits(c, r) {
			return o.number(u, r)
		}
	case "__round__":
		x, ok := numberLit(arg(u, 0))
		m := arg(u, 1)
		if !ok || m == nil || m.Kind != ast.Member || m.Member == nil {
			return nil
		}
		f := float64(float32(x))
		var r float64
		switch m.Member.ID {
		case "__roundUp__":
			r = math.Ceil(f)
		case "__roundDown__":
			r = math.Floor(f)
		case "__roundToNearest__":
			if f-math.Floor(f) == 0.5 {
				return nil // halves: the game's direction is not documented
			}
			r = math.Round(f)
		default:
			return nil
		}
		if literal(float32(r)) && fits(c, float32(r)) {
			return o.number(u, float32(r))
		}
	case "__xComponentOf__", "__yComponentOf__", "__zComponentOf__":
		v, ok := vectorLit(arg(u, 0))
		if !ok {
			return nil
		}
		k := map[string]int{"__xComponentOf__": 0, "__yComponentOf__": 1, "__zComponentOf__": 2}[u.Elem.ID]
		if literal(v[k]) && fits(c, v[k]) {
			return o.number(u, v[k])
		}
	case "len":
		a := arg(u, 0)
		switch callID(a) {
		case "__emptyArray__":
			return o.number(u, 0)
		case "__array__":
			for _, x := range a.Args {
				if !pure(x) || isArrayLiteral(x) {
					// An array argument would be flattened or nested:
					// left to the game.
					return nil
				}
			}
			return o.number(u, float32(len(a.Args)))
		}
	}
	return nil
}

// isArrayLiteral reports whether e may be an array.
func isArrayLiteral(e *ast.Expr) bool {
	switch callID(e) {
	case "__array__", "__emptyArray__":
		return true
	}
	return false
}

// fits reports whether literal r may stand in slot: below the literal
// limit some slots have.
func fits(c ctx, r float32) bool {
	return c.slot == nil || c.slot.LiteralMax == nil || float64(r) <= *c.slot.LiteralMax
}

// foldLogic folds And and Or with a literal operand. The left operand is
// evaluated first and the right one only when needed, so a decisive left
// literal drops the right operand whatever it is; a decisive right
// literal drops the left only when it is pure. A neutral literal leaves
// the other operand, where only its truthiness counts (or it is a
// Boolean already).
func foldLogic(w *work, c ctx, u *ast.Expr, id string, a, b *ast.Expr) *ast.Expr {
	decisive := id == "__or__" // Or(True, x) is True; And(False, x) is False
	keep := func(x *ast.Expr) *ast.Expr {
		if c.truth || isBool(x) {
			return x
		}
		return nil
	}
	if t, ok := truthLiteral(a); ok {
		if t == decisive {
			if declares(b) {
				return nil
			}
			return w.o.boolean(u, t)
		}
		return keep(b)
	}
	if t, ok := truthLiteral(b); ok {
		if t == decisive {
			if pure(a) {
				return w.o.boolean(u, t)
			}
			return nil
		}
		return keep(a)
	}
	return nil
}

// vectorLit returns the components of Vector(x, y, z) written with
// literals (the components read True as 1 and False as 0, as the
// catalog's canReplace hints of Vector say).
func vectorLit(e *ast.Expr) ([3]float32, bool) {
	var v [3]float32
	if !isCall(e, "vect") || len(unparen(e).Args) != 3 {
		return v, false
	}
	for i := range 3 {
		a := arg(unparen(e), i)
		x, ok := literalNumber(a)
		if !ok || isCall(a, "null") {
			return v, false
		}
		v[i] = float32(x)
	}
	return v, true
}

// foldVectors computes the sum and difference of literal vectors, and a
// literal vector times or divided by a number literal.
func foldVectors(w *work, u *ast.Expr, id string, a, b *ast.Expr) *ast.Expr {
	va, oka := vectorLit(a)
	vb, okb := vectorLit(b)
	var r [3]float32
	switch {
	case oka && okb && (id == "__add__" || id == "__subtract__" || id == "__multiply__" || id == "__divide__"):
		for i := range 3 {
			x, ok := arith(id, va[i], vb[i])
			if !ok {
				return nil
			}
			r[i] = x
		}
	case oka && (id == "__multiply__" || id == "__divide__"):
		y, ok := numberLit(b)
		if !ok {
			return nil
		}
		for i := range 3 {
			x, ok := arith(id, va[i], float32(y))
			if !ok {
				return nil
			}
			r[i] = x
		}
	case okb && id == "__multiply__":
		y, ok := numberLit(a)
		if !ok {
			return nil
		}
		for i := range 3 {
			x, ok := arith(id, float32(y), vb[i])
			if !ok {
				return nil
			}
			r[i] = x
		}
	default:
		return nil
	}
	o := w.o
	return o.call(u, "vect", o.number(u, r[0]), o.number(u, r[1]), o.number(u, r[2]))
}

// firstLastOf writes a[0] as First Of(a), and a[Count Of(a) - 1] as
// Last Of(a) when a is pure (it was evaluated twice).
func firstLastOf(w *work, c ctx, e *ast.Expr) *ast.Expr {
	a, i, ok := index(e)
	if !ok {
		return nil
	}
	if v, ok := numberLit(i); ok && v == 0 || isCall(i, "false") {
		return w.o.call(e, "__firstOf__", a)
	}
	if id, l, r, ok := binary(i); ok && id == "__subtract__" && isCall(l, "len") {
		if v, ok := numberLit(r); ok && v == 1 && same(arg(unparen(l), 0), a) && pure(a) {
			return w.o.call(e, ".last", a)
		}
	}
	return nil
}

// The unit vectors the game names.
var unitVectors = []struct {
	id string
	v  [3]float32
}{
	{"Vector.LEFT", [3]float32{1, 0, 0}}, {"Vector.RIGHT", [3]float32{-1, 0, 0}},
	{"Vector.UP", [3]float32{0, 1, 0}}, {"Vector.DOWN", [3]float32{0, -1, 0}},
	{"Vector.FORWARD", [3]float32{0, 0, 1}}, {"Vector.BACKWARD", [3]float32{0, 0, -1}},
}

// vectorConstants writes a literal vector along one axis with the game's
// unit vectors: Vector(0, 1, 0) is Up, Vector(0, 2.5, 0) Up * 2.5 (a
// positive factor, so that no component becomes -0), and Vector(0, 0, 0)
// Left + Right.
func vectorConstants(w *work, c ctx, e *ast.Expr) *ast.Expr {
	v, ok := vectorLit(e)
	if !ok {
		return nil
	}
	o := w.o
	if v == [3]float32{} {
		return o.binaryOf(e, "__add__", o.call(e, "Vector.LEFT"), o.call(e, "Vector.RIGHT"))
	}
	for _, u := range unitVectors {
		// v = k·u with k > 0?
		k := float32(0)
		for i := range 3 {
			if u.v[i] != 0 {
				k = v[i] * u.v[i]
			}
		}
		if k <= 0 {
			continue
		}
		match := true
		for i := range 3 {
			if u.v[i] == 0 && v[i] != 0 || u.v[i] != 0 && v[i] != k*u.v[i] {
				match = false
			}
		}
		if !match {
			continue
		}
		if k == 1 {
			return o.call(e, u.id)
		}
		return o.binaryOf(e, "__multiply__", o.call(e, u.id), o.number(e, k))
	}
	return nil
}

// truthiness drops what a truth context does not need. A comparison with
// a Boolean compares truthiness (semantics.md §2.4), so where only the
// truthiness of a value counts, x == True and x != False are x, and
// x == False and x != True are Not(x); the same holds anywhere when x is
// a Boolean. A number compared with 0 is its own truthiness too.
// If-Then-Else(c, True, False) is c.
func truthiness(w *work, c ctx, e *ast.Expr) *ast.Expr {
	if op, a, b, ok := compare(e); ok && (op == ast.OpEq || op == ast.OpNe) {
		x, lit := a, b
		if _, ok := boolLiteral(lit); !ok {
			x, lit = b, a
		}
		t, ok := boolLiteral(lit)
		if !ok {
			if v, ok := numberLit(b); ok && v == 0 && isNumber(a) && (c.truth || isBool(a)) {
				// x == 0 is !x for a number x.
				x, t, ok = a, false, true
			} else {
				return nil
			}
		}
		if !c.truth && !isBool(x) {
			return nil
		}
		if t == (op == ast.OpEq) {
			return x
		}
		return w.o.notOf(e, x)
	}
	if cond, a, b, ok := ternary(e); ok && (c.truth || isBool(cond)) {
		ta, oka := boolLiteral(a)
		tb, okb := boolLiteral(b)
		if oka && okb && ta && !tb {
			return cond
		}
	}
	return nil
}

// boolLiteral returns the value of True or False.
func boolLiteral(e *ast.Expr) (bool, bool) {
	switch callID(e) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// negation folds Not: Not(a == b) is a != b (and each comparison its
// complement), Not(Not(x)) is x where only truthiness counts or x is a
// Boolean, and Not(Is Dead(p)) is Is Alive(p) and the reverse.
func negation(w *work, c ctx, e *ast.Expr) *ast.Expr {
	x, ok := not(e)
	if !ok {
		return nil
	}
	o := w.o
	if op, a, b, ok := compare(x); ok {
		return o.compareOf(x, negated(op), a, b)
	}
	if y, ok := not(x); ok && (c.truth || isBool(y)) {
		return y
	}
	if id, a, b, ok := binary(x); ok && (id == "__and__" || id == "__or__") {
		// Not(Not(a) && Not(b)) is a || b: drop the three Nots.
		if na, ok := not(a); ok {
			if nb, ok := not(b); ok {
				return o.binaryOf(x, dual(id), na, nb)
			}
		}
	}
	switch callID(x) {
	case ".isDead":
		return o.call(x, ".isAlive", x.Args...)
	case ".isAlive":
		return o.call(x, ".isDead", x.Args...)
	}
	return nil
}

// dual returns Or for And and And for Or.
func dual(id string) string {
	if id == "__and__" {
		return "__or__"
	}
	return "__and__"
}

// deMorgan writes And(Not(a), Not(b)) as Not(Or(a, b)) and Or(Not(a),
// Not(b)) as Not(And(a, b)): one Not instead of two. Both evaluate a
// first and b only when a does not decide.
func deMorgan(w *work, c ctx, e *ast.Expr) *ast.Expr {
	id, a, b, ok := binary(e)
	if !ok || id != "__and__" && id != "__or__" {
		return nil
	}
	na, oka := not(a)
	nb, okb := not(b)
	if !oka || !okb {
		return nil
	}
	o := w.o
	return o.notOf(e, o.binaryOf(e, dual(id), na, nb))
}

// identities drops operations that give back their operand: x * 1,
// 1 * x, x / 1, x + 0, 0 + x and x - 0, for a number x, and for a
// Boolean used as a number; x * 1 and 1 * x for a vector too.
func identities(w *work, c ctx, e *ast.Expr) *ast.Expr {
	id, a, b, ok := binary(e)
	if !ok {
		return nil
	}
	keep := func(x *ast.Expr, vectorOK bool) *ast.Expr {
		if isNumber(x) || c.numeric && isBool(x) || vectorOK && isVector(x) {
			return x
		}
		return nil
	}
	is := func(x *ast.Expr, v float64) bool {
		f, ok := numberLit(x)
		return ok && f == v
	}
	switch id {
	case "__multiply__":
		if is(b, 1) {
			return keep(a, true)
		}
		if is(a, 1) {
			return keep(b, true)
		}
	case "__divide__":
		if is(b, 1) {
			return keep(a, true)
		}
	case "__add__":
		if is(b, 0) {
			return keep(a, false)
		}
		if is(a, 0) {
			return keep(b, false)
		}
	case "__subtract__":
		if is(b, 0) {
			return keep(a, false)
		}
	}
	return nil
}

// arrayIdentity drops Mapped Array(a, Current Array Element) over an
// array a: mapping each element to itself copies the array.
func arrayIdentity(w *work, c ctx, e *ast.Expr) *ast.Expr {
	if !isCall(e, "__mappedArray__") {
		return nil
	}
	u := unparen(e)
	if a := arg(u, 0); isArray(a) && isCall(arg(u, 1), "__currentArrayElement__") {
		return a
	}
	return nil
}

// counts holds the values that count what an array value lists.
var counts = map[string]string{
	"getPlayers":            "getNumberOfPlayers",
	"getLivingPlayers":      "getNumberOfLivingPlayers",
	"getDeadPlayers":        "getNumberOfDeadPlayers",
	"getPlayersOnObjective": "getNumberOfPlayersOnObjective",
}

// countOf writes Count Of(All Players(t)) as Number Of Players(t), and
// the same for living and dead players and players on the objective.
func countOf(w *work, c ctx, e *ast.Expr) *ast.Expr {
	if !isCall(e, "len") {
		return nil
	}
	a := arg(unparen(e), 0)
	if id := counts[callID(a)]; id != "" {
		return w.o.call(e, id, a.Args...)
	}
	return nil
}

// evaluateOnce drops Evaluate Once and Update Every Frame where the game
// evaluates the value only once anyway, and around a stable value, which
// no re-evaluation changes.
func evaluateOnce(w *work, c ctx, e *ast.Expr) *ast.Expr {
	switch callID(e) {
	case "evalOnce", "updateEveryFrame":
		x := arg(unparen(e), 0)
		if x != nil && (!c.reeval || stable(x)) {
			return x
		}
	}
	return nil
}

// forSizeLiterals replaces a literal by a cheaper one its slot reads the
// same, as the catalog allows slot by slot: 0 by False or Null, 1 by
// True, Vector(0, 0, 0) by Null.
func forSizeLiterals(w *work, c ctx, e *ast.Expr) *ast.Expr {
	if c.slot == nil || len(c.slot.Hints) == 0 {
		return nil
	}
	has := func(h string) bool {
		for _, x := range c.slot.Hints {
			if x == h {
				return true
			}
		}
		return false
	}
	o := w.o
	if v, ok := numberLit(e); ok {
		switch {
		case v == 0 && has("canReplace0ByNull"):
			return o.call(e, "null")
		case v == 0 && has("canReplace0ByFalse"):
			return o.call(e, "false")
		case v == 1 && has("canReplace1ByTrue"):
			return o.call(e, "true")
		}
		return nil
	}
	if v, ok := vectorLit(e); ok && v == [3]float32{} && has("canReplaceNullVectorByNull") {
		return o.call(e, "null")
	}
	return nil
}
