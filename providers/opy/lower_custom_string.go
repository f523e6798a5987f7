package opy

// This file builds Custom String values within the Workshop's limits, as
// OverPy builds them: an argument written twice is passed once, a Custom
// String holds at most 128 characters and 3 distinct arguments, and
// what does not fit goes into a Custom String nested as its last
// argument.

import (
	"strings"
)

const (
	// maxStringLength is the most characters of a Custom String's text,
	// a placeholder counting 3.
	maxStringLength = 128
	// maxStringArgs is the most arguments of a Custom String or String.
	maxStringArgs = 3
)

// A strToken is a character of a Custom String's text, or a placeholder.
type strToken struct {
	r   rune
	arg int // index into the arguments, -1 for a character
}

// customString builds the Custom String of pieces and their arguments.
func (c *compiler) customString(pieces []strPiece, args []*wnode, at Loc) *wnode {
	// Each placeholder is an argument of its own, and equal arguments
	// are one: a random value used twice is two draws, as in OverPy.
	var slots []*wnode
	slotOf := map[string]int{}
	// The characters go into a list kept from one string to the next
	// (the Custom Strings built from it do not keep it).
	toks := c.strToks[:0]
	c.strToks = nil
	defer func() { c.strToks = toks[:0] }()
	for _, p := range pieces {
		if p.arg < 0 {
			for _, r := range p.text {
				toks = append(toks, strToken{r: r, arg: -1})
			}
			continue
		}
		a := args[p.arg]
		var b strings.Builder
		if valueKey(&b, a) {
			if n, ok := slotOf[b.String()]; ok {
				toks = append(toks, strToken{arg: n})
				continue
			}
			slotOf[b.String()] = len(slots)
		}
		toks = append(toks, strToken{arg: len(slots)})
		slots = append(slots, a)
	}
	return c.splitCustomString(toks, slots, at)
}

// valueKey writes a key that two values share when they are written the
// same in Workshop text; it reports false for a value holding a random
// one.
func valueKey(b *strings.Builder, n *wnode) bool {
	b.WriteByte(byte('a' + n.kind))
	switch n.kind {
	case wCall:
		if strings.HasPrefix(n.elem.ID, "random.") {
			return false
		}
		b.WriteString(n.elem.ID)
	case wNumber:
		// OverPy writes numbers as they are written: 1 and 1.0 differ.
		if n.text != "" {
			b.WriteString(n.text)
		} else {
			b.WriteString(formatNumber(n.num))
		}
	case wEnum:
		b.WriteString(n.member.Enum.ID + "." + n.member.ID)
	default:
		b.WriteString(n.text)
	}
	b.WriteByte('(')
	for _, a := range n.args {
		if !valueKey(b, a) {
			return false
		}
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return true
}

// splitCustomString builds the Custom String of toks. When it does not
// fit, its first Custom String takes the longest start that leaves room
// for one more placeholder (at most 125 characters and 2 distinct
// arguments), and that placeholder is the Custom String of the rest.
func (c *compiler) splitCustomString(toks []strToken, args []*wnode, at Loc) *wnode {
	if fitsCustomString(toks) {
		return c.customStringNode(toks, args, nil, at)
	}
	length, distinct := 0, map[int]bool{}
	cut := 0
	for ; cut < len(toks); cut++ {
		t := toks[cut]
		cost := 1
		if t.arg >= 0 {
			cost = 3
			if !distinct[t.arg] && len(distinct) == maxStringArgs-1 {
				break
			}
		}
		if length+cost > maxStringLength-3 {
			break
		}
		length += cost
		if t.arg >= 0 {
			distinct[t.arg] = true
		}
	}
	if cut == 0 {
		cut = 1 // cannot happen (a placeholder is 3 characters), but ends the recursion
	}
	rest := c.splitCustomString(toks[cut:], args, at)
	return c.customStringNode(toks[:cut], args, rest, at)
}

// fitsCustomString reports whether toks fit one Custom String.
func fitsCustomString(toks []strToken) bool {
	length, distinct := 0, map[int]bool{}
	for _, t := range toks {
		length++
		if t.arg >= 0 {
			length += 2
			distinct[t.arg] = true
		}
	}
	return length <= maxStringLength && len(distinct) <= maxStringArgs
}

// customStringNode writes one Custom String: its placeholders numbered
// in order of first use, then rest (when not nil) as one more.
func (c *compiler) customStringNode(toks []strToken, args []*wnode, rest *wnode, at Loc) *wnode {
	var b strings.Builder
	index := map[int]int{}
	var used []*wnode
	for _, t := range toks {
		if t.arg < 0 {
			b.WriteRune(t.r)
			continue
		}
		n, ok := index[t.arg]
		if !ok {
			n = len(used)
			index[t.arg] = n
			used = append(used, args[t.arg])
		}
		b.WriteString("{" + itoa(n) + "}")
	}
	if rest != nil {
		b.WriteString("{" + itoa(len(used)) + "}")
		used = append(used, rest)
	}
	node := c.call("__customString__", at, c.node(wnode{kind: wString, text: b.String(), loc: at}))
	node.args = append(node.args, trimNulls(used)...)
	return node
}

// trimNulls drops the Null arguments at the end of a Custom String's or
// String's, which the Workshop fills in itself.
func trimNulls(args []*wnode) []*wnode {
	for len(args) > 0 {
		a := args[len(args)-1]
		if a.kind != wCall || a.elem.ID != "null" {
			break
		}
		args = args[:len(args)-1]
	}
	return args
}
