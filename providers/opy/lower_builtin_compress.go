package opy

// This file lowers OverPy's array compression: compress([…]) writes a
// literal array of numbers or vectors as a short string, compressed([…])
// that string with the code that reads it back, and decompressNumbers(s)
// and decompressVectors(s) read back a string compress wrote. Each value
// is written in decimal digits, offset so that none is negative, the
// digits reversed and taken two by two as indexes into an alphabet of
// characters the Workshop keeps in strings; the values are separated by
// "0", which the alphabet lacks.

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// compressionAlphabet is OverPy's: character i stands for the two digits
// of i.
const compressionAlphabet = "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !\"#$%&'()*+,-./2:;<=>?@Q[\\]^_`q|}~\x7f\u0080\u0081\u0082\u0083\u0084\u0085\u0086\u0087\u0088\u0089\u008a\u008b\u008c\u008d\u008e\u008f\u0090\u0091\u0092\u0093\u0094\u0095\u0096\u0097\u0098\u0099\u009a\u009b\u009c\u009d\u009e\u009f\u00a1"

// A compression is how an array is written: its values' digits, the
// powers of ten they run from and to, and the offset added to them.
type compression struct {
	digits       []string // each value's digits, reversed, trailing zeros cut
	minPlace     int      // the power of ten of each value's first digit
	maxPlace     int
	offset       float64
	vectors      bool
	defaultShape bool
}

// The shape decompressNumbers and decompressVectors assume: the one
// compress writes.
var (
	numberShape = compression{minPlace: -3, maxPlace: 5, offset: 50000, defaultShape: true}
	vectorShape = compression{minPlace: -2, maxPlace: 4, offset: 5000, vectors: true, defaultShape: true}
)

// compressCall lowers compress(array): the string alone, in the default
// shape decompressNumbers and decompressVectors read.
func (c *compiler) compressCall(b *builtinCall) *wnode {
	s, _, ok := c.compressArg(b, true)
	if !ok {
		return nil
	}
	return c.customString([]strPiece{{text: s, arg: -1}}, nil, b.e.Loc)
}

// compressedCall lowers compressed(array): the string in the array's own
// shape, read back where it is written.
func (c *compiler) compressedCall(b *builtinCall) *wnode {
	s, shape, ok := c.compressArg(b, false)
	if !ok {
		return nil
	}
	return c.decompression(&String{Value: s, Loc: b.e.Loc, Parts: []*StringPart{{Value: s, Loc: b.e.Loc, RawAt: -1}}}, shape, b.e.Loc)
}

// decompressCall lowers decompressNumbers(s) and decompressVectors(s).
func (c *compiler) decompressCall(b *builtinCall) *wnode {
	if len(b.e.Args) != 1 || b.e.Args[0].Name != "" {
		c.d.errorf(codeWrongArgumentCount, b.e.ArgLoc, "'"+b.name+"' takes the string compress() wrote")
		return nil
	}
	shape := numberShape
	if b.name == "decompressVectors" {
		shape = vectorShape
	}
	return c.decompression(b.e.Args[0].Value, shape, b.e.Loc)
}

// compressArg reads the literal array of compress and compressed and
// writes it.
func (c *compiler) compressArg(b *builtinCall, defaultShape bool) (string, compression, bool) {
	if len(b.e.Args) != 1 || b.e.Args[0].Name != "" {
		c.d.errorf(codeWrongArgumentCount, b.e.ArgLoc, "'"+b.name+"' takes one literal array of numbers or of vectors")
		return "", compression{}, false
	}
	arg := b.e.Args[0].Value
	list, ok := arg.(*List)
	if !ok {
		c.d.errorf(codeExpectedLiteral, arg.exprLoc(), "'"+b.name+"' takes a literal array ([1, 2, 3], [vect(1, 2, 3)])")
		return "", compression{}, false
	}
	if len(list.Elems) == 0 {
		c.d.errorf(codeExpectedLiteral, arg.exprLoc(), "an empty array cannot be compressed")
		return "", compression{}, false
	}
	var values []float64
	numbers, vectors := 0, 0
	for _, e := range list.Elems {
		if n, ok := e.(*Name); ok && n.Name == "null" {
			values = append(values, 0)
			numbers++
			continue
		}
		if v, ok := literalNumber(e); ok {
			values = append(values, v)
			numbers++
			continue
		}
		if call, ok := e.(*Call); ok {
			if name, isName := callName(call); isName && name == "vect" && len(call.Args) == 3 {
				all := true
				for _, a := range call.Args {
					v, ok := literalNumber(a.Value)
					all = all && ok && a.Name == ""
					values = append(values, v)
				}
				if all {
					vectors++
					continue
				}
			}
		}
		c.d.errorf(codeExpectedLiteral, e.exprLoc(), "'"+b.name+"' compresses literal numbers or vectors of literal numbers")
		return "", compression{}, false
	}
	if numbers > 0 && vectors > 0 {
		c.d.errorf(codeExpectedLiteral, arg.exprLoc(), "an array to compress holds numbers or vectors, not both")
		return "", compression{}, false
	}
	shape := compression{vectors: vectors > 0}
	decimals, limit := 3, 49999.0
	if shape.vectors {
		decimals, limit = 2, 4999
	}
	for i, v := range values {
		if math.Abs(v) >= limit {
			elem := i
			if shape.vectors {
				elem = i / 3
			}
			c.d.errorf(codeArgumentRange, list.Elems[elem].exprLoc(), "a compressed "+map[bool]string{false: "number", true: "vector's coordinate"}[shape.vectors]+" is within ±"+strconv.FormatFloat(limit, 'f', -1, 64))
			return "", compression{}, false
		}
	}
	switch {
	case defaultShape && shape.vectors:
		shape = vectorShape
	case defaultShape:
		shape = numberShape
	default:
		if lowest := minOf(values); lowest < 0 {
			shape.offset = -lowest
		}
	}
	for _, v := range values {
		d := jsToFixed(v+shape.offset, decimals)
		d = strings.Replace(d, ".", "", 1)
		shape.digits = append(shape.digits, reverse(d))
	}
	if !defaultShape {
		shape.minPlace = -decimals
		for allStartWithZero(shape.digits) {
			for i := range shape.digits {
				shape.digits[i] = shape.digits[i][1:]
			}
			shape.minPlace++
		}
		longest := 0
		for _, d := range shape.digits {
			longest = max(longest, len(d))
		}
		shape.maxPlace = shape.minPlace + longest
	}
	for i, d := range shape.digits {
		d = strings.TrimRight(d, "0")
		if d == "" {
			d = "0"
		}
		shape.digits[i] = d
	}
	return compressDigits(shape), shape, true
}

// compressDigits writes the values' digits with the alphabet: a vector's
// coordinates x, z, y one after the other, each padded to its width.
func compressDigits(shape compression) string {
	alphabet := []rune(compressionAlphabet)
	words := shape.digits
	if shape.vectors {
		width := (shape.maxPlace - shape.minPlace + 1) / 2 * 2
		words = nil
		for i := 0; i+2 < len(shape.digits); i += 3 {
			x := padRight(shape.digits[i], width)
			y := strings.TrimRight(padRight(shape.digits[i+1], width), "0")
			if y == "" {
				y = "0"
			}
			z := padRight(shape.digits[i+2], width)
			words = append(words, x+z+y)
		}
	}
	var b strings.Builder
	for w, word := range words {
		if w > 0 {
			b.WriteByte('0')
		}
		for i := 0; i < len(word); i += 2 {
			pair := word[i:min(i+2, len(word))]
			// Two digits index the alphabet's 100 characters.
			n, _ := strconv.Atoi(reverse(pair))
			b.WriteRune(alphabet[n])
		}
	}
	return b.String()
}

// decompression lowers the code that reads a compressed string back:
// for each value, the alphabet index of each character, scaled by its
// power of ten, summed, less the offset.
func (c *compiler) decompression(str Expr, shape compression, at Loc) *wnode {
	chars := (shape.maxPlace - shape.minPlace + 1) / 2
	formula := func(first int) string {
		terms := make([]string, chars)
		for i := range chars {
			scale := strconv.FormatFloat(math.Pow10(2*i+shape.minPlace), 'f', -1, 64)
			terms[i] = scale + "*x.last().strIndex(x.charAt(" + itoa(first+i) + "))"
		}
		return strings.Join(terms, " + ")
	}
	offset := strconv.FormatFloat(shape.offset, 'f', -1, 64)
	values := "[e.concat(__alphabet__) for e in __compressed__.split(null[0])]"
	var text string
	if shape.vectors {
		text = "[vect(" + formula(0) + "," + formula(2*chars) + "," + formula(chars) + ") - vect(1,1,1)*" + offset + " for x in " + values + "]"
	} else {
		text = "[" + formula(0) + " - " + offset + " for x in " + values + "]"
	}
	x := c.parseEmbedded(text, at, -1)
	if x == nil {
		return nil
	}
	alphabet := &String{Value: compressionAlphabet, Loc: at, Parts: []*StringPart{{Value: compressionAlphabet, Loc: at, RawAt: -1}}}
	c.macroArgs = append(c.macroArgs, macroScope{"__alphabet__": alphabet, "__compressed__": str})
	defer func() { c.macroArgs = c.macroArgs[:len(c.macroArgs)-1] }()
	return c.expr(x)
}

// jsToFixed writes v with n decimals as JavaScript's toFixed does: from
// v's exact binary value, a tie rounded up.
func jsToFixed(v float64, n int) string {
	exact := new(big.Float).SetPrec(0).SetFloat64(v).Text('f', 1100)
	neg := strings.HasPrefix(exact, "-")
	exact = strings.TrimPrefix(exact, "-")
	dot := strings.IndexByte(exact, '.')
	if dot < 0 {
		exact, dot = exact+".", len(exact)
	}
	exact += strings.Repeat("0", n+1)
	kept := exact[:dot] + exact[dot+1:dot+1+n]
	digits := []byte(kept)
	if exact[dot+1+n] >= '5' {
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	s := string(digits)
	intLen := len(s) - n
	out := s[:intLen]
	if n > 0 {
		out += "." + s[intLen:]
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat("0", n-len(s))
}

func allStartWithZero(ds []string) bool {
	for _, d := range ds {
		if !strings.HasPrefix(d, "0") {
			return false
		}
	}
	return len(ds) > 0
}

func minOf(vs []float64) float64 {
	m := vs[0]
	for _, v := range vs[1:] {
		m = min(m, v)
	}
	return m
}
