package sim

// This file is how values display in strings (semantics.md §2.7) and
// how they are written in the trace (§4.3).

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fixed2 writes |n| to two decimals the way JavaScript's toFixed(2)
// does, which is what the game shows: an exact tie rounds away from
// zero, where Go's formatter would round it to even.
func fixed2(n float64) string {
	neg := n < 0
	a := math.Abs(n)
	// A tie at the third decimal is exactly representable only when
	// 8·|n| is an odd integer (…125, …375, …625, …875).
	if t := a * 8; t == math.Trunc(t) && math.Mod(t, 2) == 1 && a < 1e15 {
		a += 0.001
	}
	s := strconv.FormatFloat(a, 'f', 2, 64)
	if neg && s != "0.00" {
		s = "-" + s
	}
	return s
}

// displayNumber is an integer with no decimals, anything else with two.
func displayNumber(n float64) string {
	s := fixed2(n)
	return strings.TrimSuffix(s, ".00")
}

// display returns the display form of v.
func display(v Value) string {
	switch v.K {
	case KNumber:
		return displayNumber(v.N)
	case KBool:
		if v.N != 0 {
			return "True"
		}
		return "False"
	case KString:
		return v.S
	case KVector:
		return "(" + fixed2(v.N) + ", " + fixed2(v.Y) + ", " + fixed2(v.Z) + ")"
	case KArray:
		if len(v.A) == 0 {
			return ""
		}
		return display(v.A[0])
	case KPlayer:
		return v.P.Name
	}
	return v.S
}

// appendNumber writes n as canonical JSON: integers without a fraction,
// others in the shortest form that reads back, -0 as 0.
func appendNumber(b []byte, n float64) []byte {
	if n == 0 {
		return append(b, '0')
	}
	abs := math.Abs(n)
	format := byte('f')
	if abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	b = strconv.AppendFloat(b, n, format, -1, 64)
	if format == 'e' {
		// 1e-07 → 1e-7, as encoding/json writes it.
		if k := len(b); k >= 4 && b[k-4] == 'e' && b[k-3] == '-' && b[k-2] == '0' {
			b[k-2] = b[k-1]
			b = b[:k-1]
		}
	}
	return b
}

// appendString writes s as a JSON string without HTML escaping.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// appendValue writes v in the trace's value encoding (§4.3).
func appendValue(b []byte, v Value) []byte {
	switch v.K {
	case KNumber:
		return appendNumber(b, v.N)
	case KBool:
		if v.N != 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case KString:
		return appendString(b, v.S)
	case KVector:
		b = append(b, `{"vec":[`...)
		b = appendNumber(b, v.N)
		b = append(b, ',')
		b = appendNumber(b, v.Y)
		b = append(b, ',')
		b = appendNumber(b, v.Z)
		return append(b, "]}"...)
	case KArray:
		b = append(b, '[')
		for i, e := range v.A {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, e)
		}
		return append(b, ']')
	case KPlayer:
		b = append(b, `{"player":`...)
		b = appendString(b, v.P.ID)
		return append(b, '}')
	case KConst:
		return appendTagged(b, v.C, v.S)
	case KVarRef:
		return appendTagged(b, "var", v.S)
	case KEnum:
		return appendTagged(b, "enum", v.S)
	case KSubRef:
		return appendTagged(b, "sub", v.S)
	}
	return append(b, '0')
}

func appendTagged(b []byte, key, s string) []byte {
	b = append(b, '{')
	b = appendString(b, key)
	b = append(b, ':')
	b = appendString(b, s)
	return append(b, '}')
}
