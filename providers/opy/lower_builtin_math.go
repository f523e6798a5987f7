package opy

// This file lowers OverPy's numbers and colours: floor, ceil and round,
// log, hsl, and the Math.* constants.

import (
	"math"
	"sort"
	"strings"
)

// infinity is OverPy's Math.INFINITY: the largest number it writes.
const infinity = 999999999999

// emSpace is the wide space OverPy pads texts with.
const emSpace = "\u2003"

// mathConstants are the numbers of Math.*, as OverPy writes them.
var mathConstants = map[string]float64{
	"PI": math.Pi, "E": math.E, "INFINITY": infinity, "EPSILON": 1.192093e-7,
	// How much smaller than their nominal radius the game draws spheres
	// and rings.
	"SPHERE_HORIZONTAL_RADIUS_MULT": 0.984724, "SPHERE_VERTICAL_RADIUS_MULT": 0.998959,
	"INNER_RING_RADIUS_MULT": 0.9415, "OUTER_RING_RADIUS_MULT": 0.94965, "RING_EXPLOSION_RADIUS_MULT": 0.48,
}

// mathConstant lowers Math.PI and the other compile-time constants.
func (c *compiler) mathConstant(e *Member) *wnode {
	if v, ok := mathConstants[e.Name]; ok {
		return num(v, e.Loc)
	}
	switch e.Name {
	case "FUCKTON_OF_SPACES", "LOTS_OF_SPACES":
		return c.lotsOfSpaces(e.Loc)
	case "FUCKTON_OF_NEWLINES", "LOTS_OF_NEWLINES":
		return c.customStr(strings.Repeat("\n", 125), e.Loc)
	}
	names := []string{"FUCKTON_OF_SPACES", "LOTS_OF_SPACES", "FUCKTON_OF_NEWLINES", "LOTS_OF_NEWLINES"}
	for n := range mathConstants {
		names = append(names, n)
	}
	sort.Strings(names)
	c.d.errorf(codeUnknownEnumMember, e.NameLoc, "'Math' has no member '"+e.Name+"': it has "+strings.Join(names, ", "))
	return nil
}

// lotsOfSpaces is a text of 170 wide spaces, in two Custom Strings (one
// holds 128 characters at most).
func (c *compiler) lotsOfSpaces(at Loc) *wnode {
	return c.customStr(strings.Repeat(emSpace, 125)+"{0}", at, c.customStr(strings.Repeat(emSpace, 45), at))
}

// rounding lowers floor(x), ceil(x) and round(x): Round To Integer.
func (c *compiler) rounding(b *builtinCall) *wnode {
	args := c.args(b, need("value"))
	if args == nil {
		return nil
	}
	mode := map[string]string{"floor": "__roundDown__", "ceil": "__roundUp__", "round": "__roundToNearest__"}[b.name]
	return c.call("__round__", b.e.Loc, args[0], c.enumMember("__Rounding__", mode, b.e.Loc))
}

// log lowers log(x, base=Math.E). The Workshop has no logarithm: ln x is
// approximated as 10000 × (x^0.0001 − 1), and another base divides by
// the same of the base.
func (c *compiler) log(b *builtinCall) *wnode {
	args := c.args(b, need("number"), orDefault("base", "Math.E"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	ln := func(x *wnode) *wnode {
		return c.call("__multiply__", at, num(10000, at),
			c.call("__subtract__", at, c.call("__raiseToPower__", at, x, num(0.0001, at)), num(1, at)))
	}
	if base := args[1]; base.kind == wNumber && base.num == math.E {
		return ln(args[0])
	}
	return c.call("__divide__", at, ln(args[0]), ln(args[1]))
}

// hsl lowers hsl(hue, saturation, lightness, alpha=255) and its alias
// hsla: Custom Color of the RGB channels computed in the Workshop. Every
// argument is used several times, so none may be random.
func (c *compiler) hsl(b *builtinCall) *wnode {
	args := c.args(b, need("hue"), need("saturation"), need("lightness"), orDefault("alpha", "255"))
	if args == nil {
		return nil
	}
	ok := true
	for i, limit := range []struct {
		what     string
		min, max float64
	}{{"the hue", 0, 360}, {"the saturation", 0, 1}, {"the lightness", 0, 1}, {"the alpha", 0, 255}} {
		a := args[i]
		if a.kind == wNumber && (a.num < limit.min || a.num > limit.max) {
			c.d.errorf(codeArgumentRange, a.loc, limit.what+" of '"+b.label()+"' is between "+formatNumber(limit.min)+" and "+formatNumber(limit.max)+", not "+formatNumber(a.num))
			ok = false
		}
		if hasRandom(a) {
			c.d.errorf(codeRandomArgument, a.loc, "an argument of '"+b.label()+"' is computed several times and cannot hold a random value: store it in a variable first")
			ok = false
		}
	}
	if !ok {
		return nil
	}
	at := b.e.Loc
	h, s, l := args[0], args[1], args[2]
	// channel n: l − s × min(l, 1 − l) × clamp(min(k − 3, 9 − k), −1, 1)
	// with k = (n + h/30) mod 12, scaled to 0–255.
	channel := func(n float64) *wnode {
		k := func() *wnode {
			return c.call("__modulo__", at, c.call("__add__", at, num(n, at), c.call("__divide__", at, h, num(30, at))), num(12, at))
		}
		m := c.call("min", at, c.call("__subtract__", at, k(), num(3, at)), c.call("__subtract__", at, num(9, at), k()))
		clamped := c.call("max", at, c.call("min", at, m, num(1, at)), num(-1, at))
		chroma := c.call("__multiply__", at, s, c.call("min", at, l, c.call("__subtract__", at, num(1, at), l)))
		return c.call("__multiply__", at, c.call("__subtract__", at, l, c.call("__multiply__", at, chroma, clamped)), num(255, at))
	}
	return c.call("rgb", at, channel(0), channel(8), channel(4), args[3])
}

// hasRandom reports a value that holds a random.* element.
func hasRandom(w *wnode) bool {
	if w.kind == wCall && strings.HasPrefix(w.elem.ID, "random.") {
		return true
	}
	for _, a := range w.args {
		if hasRandom(a) {
			return true
		}
	}
	return false
}
