package sim

// This file is variables and arithmetic: Set and Modify (semantics.md
// §2.8, §2.6) and the operators of §2.2 and §2.5.

import (
	"math"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

const (
	ast_add = ast.OpAdd
)

// modifyOps maps each __Operation__ member to the trace's op.
var modifyOps = map[string]string{
	"__add__": "+=", "__subtract__": "-=", "__multiply__": "*=", "__divide__": "/=", "__modulo__": "%=",
	"__raiseToPower__": "^=", "__min__": "min=", "__max__": "max=", "__appendToArray__": "append",
	"__removeFromArrayByValue__": "remove_value", "__removeFromArrayByIndex__": "remove_index",
}

var arithOps = map[string]ast.Op{
	"__add__": ast.OpAdd, "__subtract__": ast.OpSub, "__multiply__": ast.OpMul, "__divide__": ast.OpDiv,
	"__modulo__": ast.OpMod, "__raiseToPower__": ast.OpPow,
}

// readVar reads the variable ref names, of p (a player variable) or the
// global one.
func (x *exec) readVar(p *Player, ref *node) Value {
	if ref.global {
		return x.s.globals[ref.slot]
	}
	if p == nil || ref.slot >= len(p.vars) {
		return Value{}
	}
	return p.vars[ref.slot]
}

// setVar writes v and traces the write with its whole new value.
func (x *exec) setVar(p *Player, ref *node, op string, at int, v Value) {
	if !ref.global && p == nil {
		return
	}
	v = x.capArray(v)
	if x.tooLarge(v) {
		return
	}
	owner := "global"
	if ref.global {
		x.s.globals[ref.slot] = v
	} else {
		p.vars[ref.slot] = v
		owner = p.ID
	}
	t := &x.s.tr
	t.begin(x.s.tick, "set")
	x.place()
	t.str("owner", owner)
	t.str("var", ref.val.S)
	t.str("op", op)
	if at >= 0 {
		t.int("index", at)
	}
	t.val("value", v)
	t.end()
}

// maxValueNodes bounds the elements of one value, nested arrays
// counted in full: arrays that hold themselves grow exponentially, and
// the trace writes every value whole.
const maxValueNodes = 100000

// tooLarge halts the run (value_limit) when v has more than
// maxValueNodes elements. Counting stops at the limit, so it is cheap
// even for a value whose nesting shares one array many times.
func (x *exec) tooLarge(v Value) bool {
	budget := maxValueNodes
	var count func(Value) bool
	count = func(v Value) bool {
		budget--
		if budget < 0 {
			return false
		}
		for _, e := range v.A {
			if !count(e) {
				return false
			}
		}
		return true
	}
	if v.K != KArray || count(v) {
		return false
	}
	if !x.s.halted {
		x.s.fail(x.r, x.in, x.i, "value_limit", "limit", maxValueNodes)
	}
	return true
}

// capArray truncates an array past the length limit (§1.11).
func (x *exec) capArray(v Value) Value {
	if v.K == KArray && len(v.A) > x.s.limits.MaxArrayLength {
		x.warn("array_too_long", "len", len(v.A), "limit", x.s.limits.MaxArrayLength)
		v.A = v.A[:x.s.limits.MaxArrayLength:x.s.limits.MaxArrayLength]
	}
	return v
}

// targets returns the owners a Set or Modify writes: the global one, or
// each player of the player argument in order.
func targets(global bool, a []Value) ([]*Player, int) {
	if global {
		return []*Player{nil}, 0
	}
	return players(a[0]), 1
}

func runSetVar(global, atIndex bool) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		a := x.evalArgs(st)
		ps, k := targets(global, a)
		if k >= len(st.args) {
			// The parser's recovery left the variable out: nothing to write.
			f.pc++
			return
		}
		ref := st.args[k]
		val := a[len(a)-1]
		for _, p := range ps {
			if atIndex {
				x.setAtIndex(p, ref, "=", index(a[k+1]), func(Value) Value { return val })
			} else {
				x.setVar(p, ref, "=", -1, val)
			}
		}
		f.pc++
	}
}

func runModifyVar(global, atIndex bool) actionFunc {
	return func(x *exec, st *stmt, f *frame) {
		a := x.evalArgs(st)
		ps, k := targets(global, a)
		if k >= len(st.args) {
			// The parser's recovery left the variable out: nothing to write.
			f.pc++
			return
		}
		ref := st.args[k]
		val := a[len(a)-1]
		opv := a[len(a)-2]
		op := modifyOps[opv.C]
		for _, p := range ps {
			if atIndex {
				x.setAtIndex(p, ref, op, index(a[k+1]), func(cur Value) Value { return x.modify(cur, opv.C, val) })
				continue
			}
			cur := x.readVar(p, ref)
			if opv.C == "__removeFromArrayByIndex__" {
				i := index(val)
				if cur.K != KArray || i < 0 || i >= len(cur.A) {
					x.warn("index_out_of_range", "index", i, "len", len(cur.A))
					continue
				}
			}
			x.setVar(p, ref, op, -1, x.modify(cur, opv.C, val))
		}
		f.pc++
	}
}

// setAtIndex is Set/Modify … At Index: a non-array becomes [] first, a
// short array is padded with zeros; a negative index or one past the
// length limit changes nothing.
func (x *exec) setAtIndex(p *Player, ref *node, op string, i int, f func(Value) Value) {
	if !ref.global && p == nil {
		return
	}
	if i < 0 {
		x.warn("negative_index", "index", i)
		return
	}
	if i >= x.s.limits.MaxArrayLength {
		x.warn("array_too_long", "index", i, "limit", x.s.limits.MaxArrayLength)
		return
	}
	cur := x.readVar(p, ref)
	var arr []Value
	if cur.K == KArray {
		arr = cur.A
	}
	n := len(arr)
	if i >= n {
		n = i + 1
	}
	out := make([]Value, n)
	copy(out, arr)
	out[i] = f(out[i])
	x.setVar(p, ref, op, i, array(out))
}

// modify applies an __Operation__ to cur.
func (x *exec) modify(cur Value, op string, v Value) Value {
	if a, ok := arithOps[op]; ok {
		return arith(x, a, cur, v)
	}
	switch op {
	case "__min__", "__max__":
		p, _ := toNumber(cur)
		q, _ := toNumber(v)
		if op == "__min__" {
			return num(math.Min(p, q))
		}
		return num(math.Max(p, q))
	case "__appendToArray__":
		return appendValues(cur, v)
	case "__removeFromArrayByValue__":
		return removeValues(cur, v)
	case "__removeFromArrayByIndex__":
		i := index(v)
		if cur.K != KArray || i < 0 || i >= len(cur.A) {
			return cur
		}
		out := make([]Value, 0, len(cur.A)-1)
		out = append(out, cur.A[:i]...)
		return array(append(out, cur.A[i+1:]...))
	}
	return cur
}

// appendValues is Append To Array: a non-array a counts as [a]; an array
// v is appended element by element.
func appendValues(a, v Value) Value {
	var out []Value
	if a.K == KArray {
		out = make([]Value, 0, len(a.A)+1)
		out = append(out, a.A...)
	} else {
		out = []Value{a}
	}
	if v.K == KArray {
		out = append(out, v.A...)
	} else {
		out = append(out, v)
	}
	return array(out)
}

// removeValues is Remove From Array: every element equal to v, or to an
// element of v when v is an array, goes.
func removeValues(a, v Value) Value {
	if a.K != KArray {
		a = array([]Value{a})
	}
	out := make([]Value, 0, len(a.A))
	for _, e := range a.A {
		drop := false
		if v.K == KArray {
			for _, w := range v.A {
				if equal(w, e) {
					drop = true
					break
				}
			}
		} else {
			drop = equal(v, e)
		}
		if !drop {
			out = append(out, e)
		}
	}
	return array(out)
}

// arith is + - * / % ^ over numbers and vectors (§2.2, §2.5).
func arith(x *exec, op ast.Op, a, b Value) Value {
	if a.K == KVector || b.K == KVector {
		return vecArith(x, op, a, b)
	}
	p, ok1 := toNumber(a)
	q, ok2 := toNumber(b)
	if !ok1 || !ok2 {
		x.warn("type_mismatch", "op", op.String())
		return Value{}
	}
	var r float64
	switch op {
	case ast.OpAdd:
		r = p + q
	case ast.OpSub:
		r = p - q
	case ast.OpMul:
		r = p * q
	case ast.OpDiv:
		if q == 0 {
			x.warn("division_by_zero")
			return num(0)
		}
		r = p / q
	case ast.OpMod:
		if q == 0 {
			x.warn("modulo_by_zero")
			return num(0)
		}
		r = math.Mod(p, math.Abs(q))
	case ast.OpPow:
		if p < 0 {
			return num(0)
		}
		if p == 0 && q < 0 {
			x.warn("division_by_zero")
			return num(0)
		}
		r = math.Pow(p, q)
	}
	return x.finite(r)
}

// finite guards against NaN and infinities, which no operation may
// produce (§4.3): one that does halts the run as an internal error.
func (x *exec) finite(r float64) Value {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		if !x.s.halted {
			x.s.fail(x.r, x.in, x.i, "internal", "", 0)
		}
		return num(0)
	}
	if r == 0 {
		r = 0 // -0 is 0
	}
	return num(r)
}

func vecArith(x *exec, op ast.Op, a, b Value) Value {
	switch {
	case a.K == KVector && b.K == KVector:
		ax, ay, az := vecOf(a)
		bx, by, bz := vecOf(b)
		switch op {
		case ast.OpAdd:
			return vec(ax+bx, ay+by, az+bz)
		case ast.OpSub:
			return vec(ax-bx, ay-by, az-bz)
		case ast.OpMul:
			return vec(ax*bx, ay*by, az*bz)
		case ast.OpDiv:
			d := func(p, q float64) float64 {
				if q == 0 {
					return 0
				}
				return p / q
			}
			if bx == 0 || by == 0 || bz == 0 {
				x.warn("division_by_zero")
			}
			return vec(d(ax, bx), d(ay, by), d(az, bz))
		}
	case a.K == KVector && (op == ast.OpMul || op == ast.OpDiv):
		q, ok := toNumber(b)
		if ok {
			if op == ast.OpDiv {
				if q == 0 {
					x.warn("division_by_zero")
					return vec(0, 0, 0)
				}
				return vec(a.N/q, a.Y/q, a.Z/q)
			}
			return vec(a.N*q, a.Y*q, a.Z*q)
		}
	case b.K == KVector && op == ast.OpMul:
		p, ok := toNumber(a)
		if ok {
			return vec(b.N*p, b.Y*p, b.Z*p)
		}
	}
	x.warn("type_mismatch", "op", op.String())
	return Value{}
}
