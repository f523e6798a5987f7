package opy

// This file holds what #!optimizeForSize with #!optimizeForSizeAggressive
// changes in OverPy's lowering even with its optimiser off: a lone if
// becomes a Skip If, and arrays of strings or of one value repeated are
// built from a split string.
//
// #!optimizeForSizeAggressive holds for the whole program wherever it is
// written; #!optimizeForSize and #!disableOptimizeForSize turn the mode
// on and off from where they are: inside a block, to the block's end;
// at the top level, for the rules after (topForSize).

import (
	"strings"
	"unicode/utf8"
)

// sizeMode is the state of #!optimizeForSize.
type sizeMode struct {
	aggressive          bool
	topForSize, forSize bool
}

// sizeDirective applies #!optimizeForSize or #!disableOptimizeForSize;
// top is set for a top-level one.
func (m *sizeMode) sizeDirective(name string, top bool) {
	on := name == "optimizeForSize"
	if !on && name != "disableOptimizeForSize" {
		return
	}
	if top {
		m.topForSize = on
	}
	m.forSize = on
}

// startRule resets the mode at the start of a rule.
func (m *sizeMode) startRule() { m.forSize = m.topForSize }

// skipComparisons are the operators that make a one-statement if a Skip If.
var skipComparisons = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

// skipIf lowers a lone if as Skip If when OverPy's aggressive size mode
// does: its condition is a not, or a comparison with one statement under
// it. The Skip If jumps past the body, to a disabled Abort standing where
// the End would be. It reports false when the if is not one.
func (c *compiler) skipIf(iff *IfStmt, cond *wnode) bool {
	if !c.size.aggressive || !c.size.forSize || cond == nil || cond.kind != wCall {
		return false
	}
	var skip *wnode
	switch {
	case cond.elem.ID == "__not__":
		skip = cond.args[0]
	case cond.elem.ID == "__compare__" && len(iff.Body) == 1 && skipComparisons[cond.args[1].text]:
		skip = c.call("__not__", cond.loc, cond)
	default:
		return false
	}
	st := c.rule
	i := c.emitAction(c.call("__skipIf__", iff.Loc, skip, num(0, iff.Loc)), iff.Loc, iff.Comments)
	c.stmts(iff.Body)
	c.loopID++
	c.emitLabel("__label_if_" + itoa(c.loopID) + "__")
	c.setSkip(i, len(st.r.actions))
	pass := c.emitAction(c.call("return", iff.Loc), iff.Loc, []string{"pass"})
	st.r.actions[pass].disabled = true
	return true
}

// compressArrays rewrites the arrays of a value written while the
// aggressive size mode is on, as OverPy writes them: an array of plain
// strings is one string split, an array of one value repeated is that
// value mapped over a split string.
func (c *compiler) compressArrays(n *wnode) *wnode {
	if !c.size.aggressive || !c.size.forSize {
		return n
	}
	return c.compressIn(n, false)
}

func (c *compiler) compressIn(n *wnode, inLambda bool) *wnode {
	if n == nil {
		return nil
	}
	if n.kind == wCall && n.elem.ID == "__array__" && len(n.args) > 0 {
		n = c.compressArray(n, inLambda)
	}
	for i, a := range n.args {
		if n.kind == wCall && n.elem.ID == "createWorkshopSettingEnum" {
			continue
		}
		lambda := inLambda || n.kind == wCall && i == 1 && (n.elem.ID == "__mappedArray__" || n.elem.ID == "__filteredArray__")
		n.args[i] = c.compressIn(a, lambda)
	}
	return n
}

// stringSeparator is OverPy's separator of strings that hold a 0 and
// the text of Vector.LEFT.
const stringSeparator = "\uec51"

// vectorLeftText is how a string shows Left: its first element split
// on it reads the strings back.
const vectorLeftText = "(1.00, 0.00, 0.00)"

// compressArray rewrites one array.
func (c *compiler) compressArray(n *wnode, inLambda bool) *wnode {
	at := n.loc
	texts := make([]string, 0, len(n.args))
	for _, a := range n.args {
		if a == nil || a.kind != wCall || a.elem.ID != "__customString__" || len(a.args) != 1 {
			texts = nil
			break
		}
		texts = append(texts, a.args[0].text)
	}
	if texts != nil {
		joined := strings.Join(texts, stringSeparator)
		sep := stringSeparator
		var split *wnode
		switch {
		case !strings.Contains(joined, "0"):
			sep = "0"
			split = c.call("__firstOf__", at, c.call("null", at))
		case !strings.Contains(joined, vectorLeftText) &&
			len(joined)%(maxStringLength-len("{0}"))+len(texts)*(len(vectorLeftText)-utf8.RuneCountInString(stringSeparator)) <= maxStringLength:
			sep = vectorLeftText
			split = c.call("__firstOf__", at, c.call("Vector.LEFT", at))
		default:
			split = c.customString([]strPiece{{text: stringSeparator, arg: -1}}, nil, at)
		}
		joined = strings.ReplaceAll(joined, stringSeparator, sep)
		return c.call(".split", at, c.customString([]strPiece{{text: joined, arg: -1}}, nil, at), split)
	}
	if inLambda || len(n.args) < 3 {
		return n
	}
	var first, other strings.Builder
	if !valueKey(&first, n.args[0]) {
		return n
	}
	for _, a := range n.args[1:] {
		other.Reset()
		if !valueKey(&other, a) || other.String() != first.String() {
			return n
		}
	}
	count, elements := len(n.args), estimatedElements(n.args[0])
	if elements == 1 && count >= 11 || elements == 2 && count >= 5 || elements == 3 && count >= 4 || elements >= 4 {
		zeros := c.customString([]strPiece{{text: strings.Repeat("0", count-1), arg: -1}}, nil, at)
		return c.call("__mappedArray__", at, c.call(".split", at, zeros, c.call("__firstOf__", at, c.call("null", at))), n.args[0])
	}
	return n
}

// estimatedElements is OverPy's guess at the elements a value costs:
// one, and one per argument of its OverPy form (a string counts 4).
func estimatedElements(n *wnode) int {
	switch n.kind {
	case wNumber, wGlobalVar:
		return 2 // __number__(N), __globalVar__(NAME)
	case wPlayerVar:
		return 3 // __playerVar__(PLAYER, NAME)
	case wCall:
		if n.elem.ID == "__customString__" {
			return 5
		}
		return 1 + len(n.args)
	}
	return 1
}
