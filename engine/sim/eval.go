package sim

// This file evaluates values: the operators, variables and array
// indexing, then the catalog's values the simulator models
// (valueFuncs). Arguments are evaluated left to right, and And, Or and
// If-Then-Else evaluate only what they need (§1.12).

import (
	"math"
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

type valueFunc func(x *exec, n *node) Value

func (x *exec) eval(n *node) Value {
	if n == nil {
		return Value{} // a value the parser's recovery left out is Null
	}
	switch n.op {
	case opConst, opVarRef:
		return n.val
	case opCall:
		return n.fn(x, n)
	case opGlobal:
		if n.slot < len(x.s.globals) {
			return x.s.globals[n.slot]
		}
		return Value{}
	case opPlayerVar:
		p := firstPlayer(x.eval(n.args[0]))
		if p == nil || n.slot >= len(p.vars) {
			return Value{}
		}
		return p.vars[n.slot]
	case opIndex:
		return x.valueInArray(x.eval(n.args[0]), x.eval(n.args[1]))
	case opBinary:
		return x.binary(n.bop, n.args[0], n.args[1])
	case opNot:
		return boolean(!truthy(x.eval(n.args[0])))
	case opTernary:
		if truthy(x.eval(n.args[0])) {
			return x.eval(n.args[1])
		}
		return x.eval(n.args[2])
	case opBad:
		x.unsimulated(n.site, "value", n.text)
	}
	return Value{}
}

// truth is truthy(x.eval(n)) without building the Boolean of a
// comparison or a logical operator: conditions are evaluated for every
// instance on every tick.
func (x *exec) truth(n *node) bool {
	switch n.op {
	case opBinary:
		switch n.bop {
		case ast.OpAnd:
			return x.truth(n.args[0]) && x.truth(n.args[1])
		case ast.OpOr:
			return x.truth(n.args[0]) || x.truth(n.args[1])
		case ast.OpEq, ast.OpNe, ast.OpLt, ast.OpLe, ast.OpGt, ast.OpGe:
			return x.compare(n.bop, x.eval(n.args[0]), x.eval(n.args[1]))
		}
	case opNot:
		return !x.truth(n.args[0])
	}
	return truthy(x.eval(n))
}

// compare applies a comparison operator.
func (x *exec) compare(op ast.Op, a, b Value) bool {
	switch op {
	case ast.OpEq:
		return equal(a, b)
	case ast.OpNe:
		return !equal(a, b)
	case ast.OpLt:
		return less(a, b)
	case ast.OpLe:
		return lessEq(a, b)
	case ast.OpGt:
		return less(b, a)
	}
	return lessEq(b, a)
}

func (x *exec) binary(op ast.Op, l, r *node) Value {
	switch op {
	case ast.OpAnd:
		return boolean(x.truth(l) && x.truth(r))
	case ast.OpOr:
		return boolean(x.truth(l) || x.truth(r))
	}
	a, b := x.eval(l), x.eval(r)
	if op.IsComparison() {
		return boolean(x.compare(op, a, b))
	}
	return arith(x, op, a, b)
}

// valueInArray is a[i] (§2.6): 0 past the end, for a negative index and
// for a non-array.
func (x *exec) valueInArray(a, i Value) Value {
	if a.K != KArray {
		return Value{}
	}
	k := index(i)
	if k < 0 || k >= len(a.A) {
		x.warn("index_out_of_range", "index", k, "len", len(a.A))
		return Value{}
	}
	return a.A[k]
}

func evalUnsimulated(x *exec, n *node) Value {
	for _, a := range n.args {
		x.eval(a)
	}
	x.unsimulated(n.site, "value", n.el.English())
	return Value{}
}

// arg evaluates argument k of n (Null when the text leaves it out).
func (x *exec) arg(n *node, k int) Value {
	if k < len(n.args) {
		return x.eval(n.args[k])
	}
	return Value{}
}

func (x *exec) argNum(n *node, k int) float64 {
	f, _ := toNumber(x.arg(n, k))
	return f
}

func constValue(v Value) valueFunc { return func(*exec, *node) Value { return v } }

func numFunc(f func(float64) float64) valueFunc {
	return func(x *exec, n *node) Value { return x.finite(f(x.argNum(n, 0))) }
}

// maxString bounds the strings Custom String builds. The game's own
// bound is undocumented (OverPy says its 511-byte total was lifted);
// this one only keeps a program that doubles a string every action from
// exhausting memory.
const maxString = 16 << 10

// clampString cuts s to maxString bytes on a character boundary.
func clampString(s string) (string, bool) {
	if len(s) <= maxString {
		return s, false
	}
	cut := maxString
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut], true
}

// format substitutes the display forms of {0}, {1} and {2}.
func format(text string, args []Value) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] == '{' && i+2 < len(text) && text[i+2] == '}' && text[i+1] >= '0' && text[i+1] <= '2' {
			k := int(text[i+1] - '0')
			if k < len(args) {
				b.WriteString(display(args[k]))
				if b.Len() > maxString {
					return b.String()
				}
			} else {
				b.WriteString("0")
			}
			i += 2
			continue
		}
		b.WriteByte(text[i])
	}
	return b.String()
}

func evalCustomString(x *exec, n *node) Value {
	text := x.arg(n, 0)
	args := make([]Value, 0, 3)
	for k := 1; k < len(n.args); k++ {
		args = append(args, x.eval(n.args[k]))
	}
	out, cut := clampString(format(text.S, args))
	if cut {
		x.warn("string_too_long", "limit", maxString)
	}
	return str(out)
}

// teamFilter reports whether p is on the team value t names (All Teams
// matches everyone).
func teamFilter(p *Player, t Value) bool {
	if t.K != KConst || t.C != "team" {
		return true
	}
	switch t.S {
	case "Team 1":
		return p.Team == 1
	case "Team 2":
		return p.Team == 2
	}
	return true
}

func (x *exec) playersWhere(keep func(*Player) bool) Value {
	out := []Value{}
	for _, p := range x.s.all {
		if p.present && keep(p) {
			out = append(out, playerValue(p))
		}
	}
	return array(out)
}

func playerFunc(f func(x *exec, p *Player, n *node) Value) valueFunc {
	return func(x *exec, n *node) Value {
		p := firstPlayer(x.arg(n, 0))
		if p == nil {
			for k := 1; k < len(n.args); k++ {
				x.eval(n.args[k])
			}
			return Value{}
		}
		return f(x, p, n)
	}
}

func heroConst(p *Player) Value {
	if p.Hero == "" {
		return Value{}
	}
	return constant("hero", p.Hero)
}

// bindArray runs f over a's elements with Current Array Element and
// Index bound.
func (x *exec) each(a Value, f func(k int, e Value) bool) {
	arr, _ := asArray(a)
	for k, e := range arr {
		x.elem = append(x.elem, e)
		x.idx = append(x.idx, k)
		goOn := f(k, e)
		x.elem = x.elem[:len(x.elem)-1]
		x.idx = x.idx[:len(x.idx)-1]
		if !goOn {
			return
		}
	}
}

func vlen(x, y, z float64) float64 { return math.Sqrt(x*x + y*y + z*z) }

func twoVecs(x *exec, n *node) (ax, ay, az, bx, by, bz float64) {
	ax, ay, az = vecOf(x.arg(n, 0))
	bx, by, bz = vecOf(x.arg(n, 1))
	return
}

func deg(r float64) float64 { return r * 180 / math.Pi }
func rad(d float64) float64 { return d * math.Pi / 180 }

// horizontalAngle is the game's yaw of a direction in degrees (0 along
// +Z, 90 along +X).
func horizontalAngle(x, z float64) float64 {
	if x == 0 && z == 0 {
		return 0
	}
	return deg(math.Atan2(x, z))
}

func verticalAngle(x, y, z float64) float64 {
	l := vlen(x, y, z)
	if l == 0 {
		return 0
	}
	return -deg(math.Asin(y / l))
}

func heroes(kind string) valueFunc {
	return func(x *exec, n *node) Value {
		out := []Value{}
		for _, m := range heroList(kind) {
			out = append(out, constant("hero", m))
		}
		return array(out)
	}
}

// sortStable is Sorted Array: a stable ascending sort by rank.
func evalSorted(x *exec, n *node) Value {
	a := x.arg(n, 0)
	arr, _ := asArray(a)
	ranks := make([]float64, len(arr))
	x.each(a, func(k int, e Value) bool {
		ranks[k], _ = toNumber(x.arg(n, 1))
		return !x.s.halted
	})
	idx := make([]int, len(arr))
	for k := range idx {
		idx[k] = k
	}
	sort.SliceStable(idx, func(i, j int) bool { return ranks[idx[i]] < ranks[idx[j]] })
	out := make([]Value, len(arr))
	for k, j := range idx {
		out[k] = arr[j]
	}
	return array(out)
}
