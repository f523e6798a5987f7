package sim

// This file is the value model of semantics.md §2: types, truthiness,
// comparison and the number helpers every operation shares.

import (
	"math"
)

// A Kind is the type of a value. The zero Value is the number 0, which
// is also Null (§2.1).
type Kind uint8

// The value kinds. The last three appear only as evaluated action
// arguments (the trace's {"var":…}, {"enum":…} and {"sub":…}).
const (
	KNumber Kind = iota
	KBool
	KString
	KVector
	KArray
	KPlayer
	KConst
	KVarRef
	KEnum
	KSubRef
)

// A Value is one Workshop value. Values are immutable: operations build
// new arrays, so assignment never aliases.
type Value struct {
	K Kind
	// N is a number, a Boolean (0 or 1) or a vector's x.
	N    float64
	Y, Z float64
	// S is a string, a constant's en-US name, or a variable, enum member
	// or subroutine name.
	S string
	// C is a constant's kind as the trace names it: hero, team, button,
	// color, map, gamemode, …
	C string
	A []Value
	P *Player
}

// eps is the equality tolerance of §2.2: float32's machine epsilon.
const eps = 1.192093e-7

func num(n float64) Value { return Value{N: n} }

func boolean(b bool) Value {
	if b {
		return Value{K: KBool, N: 1}
	}
	return Value{K: KBool}
}

func str(s string) Value { return Value{K: KString, S: s} }

func vec(x, y, z float64) Value { return Value{K: KVector, N: x, Y: y, Z: z} }

func array(a []Value) Value {
	if a == nil {
		a = []Value{}
	}
	return Value{K: KArray, A: a}
}

func playerValue(p *Player) Value {
	if p == nil {
		return Value{}
	}
	return Value{K: KPlayer, P: p}
}

func constant(kind, name string) Value { return Value{K: KConst, C: kind, S: name} }

func approxZero(n float64) bool { return math.Abs(n) < eps }

// truthy is §2.3.
func truthy(v Value) bool {
	switch v.K {
	case KNumber:
		return !approxZero(v.N)
	case KBool:
		return v.N != 0
	case KString:
		return v.S != ""
	case KVector:
		return !approxZero(v.N) || !approxZero(v.Y) || !approxZero(v.Z)
	case KArray:
		return len(v.A) > 0 && truthy(v.A[0])
	}
	return true
}

// toNumber converts for ordering and arithmetic (§2.4): a Boolean is 0
// or 1, an array its first element; ok is false for the types that have
// no number (strings, vectors, players, constants).
func toNumber(v Value) (float64, bool) {
	switch v.K {
	case KNumber, KBool:
		return v.N, true
	case KArray:
		if len(v.A) == 0 {
			return 0, true
		}
		return toNumber(v.A[0])
	}
	return 0, false
}

// equal is == of §2.4, which depends on the side each value is on.
func equal(a, b Value) bool {
	if a.K == KBool || b.K == KBool {
		return truthy(a) == truthy(b)
	}
	if a.K != b.K {
		switch {
		case a.K != KArray && b.K == KArray:
			if len(b.A) == 0 {
				return equal(a, Value{})
			}
			return equal(a, b.A[0])
		case a.K == KVector && b.K == KNumber:
			return approxZero(b.N) && approxZero(a.N) && approxZero(a.Y) && approxZero(a.Z)
		}
		return false
	}
	switch a.K {
	case KNumber:
		return math.Abs(a.N-b.N) < eps
	case KVector:
		return math.Abs(a.N-b.N) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.Z-b.Z) < eps
	case KString:
		return a.S == b.S
	case KArray:
		if len(a.A) != len(b.A) {
			return false
		}
		for i := range a.A {
			if !equal(a.A[i], b.A[i]) {
				return false
			}
		}
		return true
	case KPlayer:
		return a.P == b.P
	case KConst, KEnum:
		return a.C == b.C && a.S == b.S
	}
	return false
}

// less reports a < b (strict, false within the tolerance) and lessEq
// a <= b (true within it), both over numbers (§2.2).
func less(a, b Value) bool {
	x, _ := toNumber(a)
	y, _ := toNumber(b)
	return x < y && math.Abs(x-y) >= eps
}

func lessEq(a, b Value) bool {
	x, _ := toNumber(a)
	y, _ := toNumber(b)
	return x < y || math.Abs(x-y) < eps
}

// index rounds an array index half up (§2.6).
func index(v Value) int {
	n, _ := toNumber(v)
	f := math.Floor(n + 0.5)
	if f > 1e9 {
		return 1e9
	}
	if f < -1e9 {
		return -1e9
	}
	return int(f)
}

// asArray returns v's elements when it is an array.
func asArray(v Value) ([]Value, bool) {
	if v.K == KArray {
		return v.A, true
	}
	return nil, false
}

// players returns the players v holds: itself, or the players of an
// array, in order.
func players(v Value) []*Player {
	switch v.K {
	case KPlayer:
		return []*Player{v.P}
	case KArray:
		var out []*Player
		for _, e := range v.A {
			if e.K == KPlayer {
				out = append(out, e.P)
			}
		}
		return out
	}
	return nil
}

// firstPlayer is the player a single-player slot reads: v, or the first
// player of an array ("If multiple players are specified, the first
// player is used").
func firstPlayer(v Value) *Player {
	switch v.K {
	case KPlayer:
		return v.P
	case KArray:
		for _, e := range v.A {
			if e.K == KPlayer {
				return e.P
			}
		}
	}
	return nil
}

func vecOf(v Value) (x, y, z float64) {
	if v.K == KVector {
		return v.N, v.Y, v.Z
	}
	if v.K == KArray && len(v.A) > 0 {
		return vecOf(v.A[0])
	}
	return 0, 0, 0
}
