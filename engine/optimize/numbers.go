package optimize

// This file is the game's number semantics as constant folding needs
// them (../shared/reference/sim/semantics.md §2.2): numbers are single
// precision (the game's equality tolerance is float32's epsilon), % takes
// the dividend's sign, a negative base raised to any power is 0, the
// square root of a negative is 0. (a / 0 and a % 0 are 0 too, but are not
// folded: the simulator reports them.)

import (
	"math"
	"strconv"
	"strings"
)

// maxLiteral is the largest magnitude a number literal keeps: the editor
// clamps larger literals to ten million, while computed values go beyond.
const maxLiteral = 1e7

// maxDecimals is how many decimals a folded literal may have: the game
// exports literals with three, so a folded value with more would not
// survive a round trip through the game's editor.
const maxDecimals = 3

// literal reports whether v can be written as a literal that means
// exactly v in the game: finite, not negative zero, within the literal
// limit, and exactly the float32 nearest a decimal of at most three
// places.
func literal(v float32) bool {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxLiteral {
		return false
	}
	if v == 0 && math.Signbit(f) {
		return false
	}
	return float32(math.Round(f*1000)/1000) == v
}

// formatNumber writes v as its shortest decimal, without an exponent.
func formatNumber(v float32) string {
	s := strconv.FormatFloat(float64(v), 'f', -1, 32)
	if strings.HasPrefix(s, "-0") && strings.Trim(s, "-0.") == "" {
		return "0"
	}
	return s
}

// arith computes a op b as the game does, in single precision; ok is false
// when the result cannot be written as a literal.
func arith(id string, a, b float32) (float32, bool) {
	var r float32
	switch id {
	case "__add__":
		r = a + b
	case "__subtract__":
		r = a - b
	case "__multiply__":
		r = a * b
	case "__divide__", "__modulo__":
		if b == 0 {
			// The game gives 0, but a division by zero is a defect the
			// simulator reports (semantics.md §1.11): left as written.
			return 0, false
		}
		if id == "__divide__" {
			r = a / b
		} else {
			r = float32(math.Mod(float64(a), math.Abs(float64(b))))
		}
	case "__raiseToPower__":
		switch {
		case a < 0:
			r = 0
		case a == 0 && b <= 0:
			// 0 to a non-positive power: left to the game.
			return 0, false
		default:
			r = float32(math.Pow(float64(a), float64(b)))
		}
	case "min":
		r = min(a, b)
	case "max":
		r = max(a, b)
	default:
		return 0, false
	}
	return r, literal(r)
}

// equalTolerance is the game's: numbers closer than float32's epsilon are
// equal.
const equalTolerance = 1.192093e-7

// decisive is how far apart two literals must be for a comparison to be
// folded: far from the tolerance, so that no rounding question arises.
const decisive = 1e-3

// compareNumbers folds a comparison of two number literals; ok is false
// when the numbers are too close to decide safely.
func compareNumbers(op string, a, b float32) (result, ok bool) {
	d := float64(a) - float64(b)
	eq := a == b
	if !eq && math.Abs(d) < decisive {
		return false, false
	}
	switch op {
	case "==":
		return eq, true
	case "!=":
		return !eq, true
	case "<":
		return !eq && d < 0, true
	case "<=":
		return eq || d < 0, true
	case ">":
		return !eq && d > 0, true
	case ">=":
		return eq || d > 0, true
	}
	return false, false
}
