package optimize

// This file holds the pass over Custom String.

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
)

// maxStringRunes is the longest Custom String literal the game keeps, in
// characters. Characters are counted as UTF-16 code units (an emoji is
// two), the larger of the counts the tools use.
const maxStringRunes = 128

// length returns the length of s in UTF-16 code units.
func length(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// A segment is a piece of the text a Custom String shows: literal text,
// or a value shown in its place.
type segment struct {
	text  string
	value *ast.Expr
}

// flatten returns the text e shows as segments, when e is a Custom String
// of a literal whose placeholders each show an argument (more than once
// only when it is pure), and every argument is shown; nested Custom
// Strings of that kind are flattened into it. A literal with another brace is left alone: it could read as
// a placeholder once joined to other text.
func flatten(e *ast.Expr) ([]segment, bool) {
	u := unparen(e)
	if !isCall(u, "__customString__") || len(u.Args) == 0 || len(u.Args) > 4 {
		return nil, false
	}
	lit := unparen(u.Args[0])
	if lit.Kind != ast.String || lit.LocStr != nil {
		return nil, false
	}
	text := lit.Text
	var out []segment
	used := make([]bool, len(u.Args)-1)
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '{' && c != '}' {
			continue
		}
		if c == '}' || i+2 >= len(text) || text[i+2] != '}' || text[i+1] < '0' || text[i+1] > '2' {
			return nil, false
		}
		k := int(text[i+1] - '0')
		if k >= len(used) || used[k] && !pure(u.Args[k+1]) {
			// A value shown twice is evaluated once: it may be
			// evaluated twice only when that changes nothing.
			return nil, false
		}
		used[k] = true
		if i > start {
			out = append(out, segment{text: text[start:i]})
		}
		a := u.Args[k+1]
		if inner, ok := flatten(a); ok {
			out = append(out, inner...)
		} else {
			out = append(out, segment{value: a})
		}
		i += 2
		start = i + 1
	}
	for _, ok := range used {
		if !ok {
			return nil, false
		}
	}
	if start < len(text) {
		out = append(out, segment{text: text[start:]})
	}
	return join(out), true
}

// join merges adjacent text segments.
func join(segs []segment) []segment {
	var out []segment
	for _, s := range segs {
		if s.value == nil && len(out) > 0 && out[len(out)-1].value == nil {
			out[len(out)-1].text += s.text
			continue
		}
		if s.value == nil && s.text == "" {
			continue
		}
		out = append(out, s)
	}
	return out
}

// pack builds the Custom Strings that show segs: each holds as much text
// as its literal keeps and up to three values, the last of which is the
// Custom String showing the rest.
func (o *optimizer) pack(like *ast.Expr, segs []segment) *ast.Expr {
	var text strings.Builder
	runes := 0
	var args []*ast.Expr
	placeholder := func(v *ast.Expr) {
		k := shown(args, v)
		if k < 0 {
			k = len(args)
			args = append(args, v)
		}
		text.WriteString("{" + strconv.Itoa(k) + "}")
		runes += 3
	}
	for i := 0; i < len(segs); i++ {
		if fitsAll(segs[i:], runes, args) {
			for _, s := range segs[i:] {
				if s.value != nil {
					placeholder(s.value)
				} else {
					text.WriteString(s.text)
					runes += length(s.text)
				}
			}
			break
		}
		// The rest needs a continuation: keep room for its placeholder.
		room := maxStringRunes - 3 - runes
		s := segs[i]
		if s.value != nil {
			if (len(args) < 2 || shown(args, s.value) >= 0) && room >= 3 {
				placeholder(s.value)
				continue
			}
		} else if room > 0 {
			n := length(s.text)
			if n <= room {
				text.WriteString(s.text)
				runes += n
				continue
			}
			cut, used := 0, 0
			for cut < len(s.text) {
				r, size := utf8.DecodeRuneInString(s.text[cut:])
				if used+utf16.RuneLen(r) > room {
					break
				}
				used += utf16.RuneLen(r)
				cut += size
			}
			text.WriteString(s.text[:cut])
			runes += used
			rest := append([]segment{{text: s.text[cut:]}}, segs[i+1:]...)
			placeholder(o.pack(like, rest))
			return o.customString(like, text.String(), args)
		}
		placeholder(o.pack(like, segs[i:]))
		return o.customString(like, text.String(), args)
	}
	return o.customString(like, text.String(), args)
}

// shown returns the index in args of a pure value the same as v, which
// one placeholder can show wherever v appears; -1 when there is none.
func shown(args []*ast.Expr, v *ast.Expr) int {
	for k, a := range args {
		if same(a, v) && pure(v) {
			return k
		}
	}
	return -1
}

// fitsAll reports whether segs fit in a Custom String already holding
// runes characters and args.
func fitsAll(segs []segment, runes int, args []*ast.Expr) bool {
	all := args
	for _, s := range segs {
		if s.value != nil {
			if shown(all, s.value) < 0 {
				all = append(all[:len(all):len(all)], s.value)
			}
			runes += 3
		} else {
			runes += length(s.text)
		}
	}
	return len(all) <= 3 && runes <= maxStringRunes
}

func (o *optimizer) customString(like *ast.Expr, text string, args []*ast.Expr) *ast.Expr {
	lit := &ast.Expr{Kind: ast.String, Text: text, Span: like.Span}
	return o.call(like, "__customString__", append([]*ast.Expr{lit}, args...)...)
}

// packStrings rewrites a Custom String holding other Custom Strings as
// the fewest Custom Strings showing the same text: each literal filled up
// to the game's 128 characters, each continued by the next through its
// last placeholder.
func packStrings(w *work, c ctx, e *ast.Expr) *ast.Expr {
	u := unparen(e)
	if !isCall(u, "__customString__") {
		return nil
	}
	nested := false
	for _, a := range u.Args[min(1, len(u.Args)):] {
		if isCall(a, "__customString__") {
			nested = true
		}
	}
	if !nested {
		return nil
	}
	segs, ok := flatten(u)
	if !ok {
		return nil
	}
	for _, s := range segs {
		// Packing may reorder the values, and so the random numbers
		// they draw.
		if s.value != nil && !pure(s.value) {
			return nil
		}
	}
	p := w.o.pack(u, segs)
	if cost.Value(p, w.o.opts.Cost) >= cost.Value(u, w.o.opts.Cost) {
		return nil
	}
	return p
}
