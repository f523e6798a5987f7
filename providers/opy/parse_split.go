package opy

// This file reads the top-level declarations of a large program on two
// goroutines: the first half of its top-level blocks on the caller's, the
// second on another, each with a parser of its own. What a parser carries
// from one declaration to the next is the "macro" names declared before
// (isMacroName), the comments above a rule, the last rule (for one
// error's related information) and the diagnostics' order. The split
// falls after a declaration, so no comments are pending; the second half
// is kept only when it reported nothing, which rules out the rest: a
// top-level call isMacroName does not know is an error, and the last
// rule only serves an error. Otherwise the second half is read again
// after the first, as a single parser would have read it.

import "sync"

// splitTokens is the size, in tokens, from which a program's declarations
// are read on two goroutines: below it the second goroutine costs more
// than it saves. A variable so that tests can make every program split.
var splitTokens = 20000

// splitShare is the share of the tokens read before the split: a
// variable so that tests can move the split over the whole program.
var splitShare = 0.5

// splitHook, when set (tests), learns whether a split kept its second
// half.
var splitHook func(kept bool)

// split reads the top-level nodes, in two halves when they are many.
func (ps *parser) split(nodes []*node) {
	total := 0
	for _, n := range nodes {
		total += n.tokens()
	}
	k := splitPoint(nodes, total)
	if total < splitTokens || k <= 0 || k >= len(nodes) {
		ps.decls(nodes)
		return
	}
	second := &parser{p: &Program{}, d: &diagnostics{}}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		second.decls(nodes[k:])
	}()
	ps.decls(nodes[:k])
	wg.Wait()
	kept := len(second.d.list) == 0
	if splitHook != nil {
		splitHook(kept)
	}
	if !kept {
		ps.decls(nodes[k:])
		return
	}
	ps.p.Decls = append(ps.p.Decls, second.p.Decls...)
	ps.p.forSizeAggressive = ps.p.forSizeAggressive || second.p.forSizeAggressive
	ps.comments, ps.lastRule = second.comments, second.lastRule
}

// splitPoint returns the index of the node that starts the second half:
// about splitShare of the tokens before it, and a node before it that is
// not a comment line (whose comments would go to the next rule).
func splitPoint(nodes []*node, total int) int {
	seen, half := 0, int(float64(total)*splitShare)
	for i, n := range nodes {
		if seen >= half && i > 0 && len(nodes[i-1].l.tokens) > 0 {
			return i
		}
		seen += n.tokens()
	}
	return -1
}

// tokens counts the tokens of a node and of its children.
func (n *node) tokens() int {
	c := len(n.l.tokens)
	for _, ch := range n.children {
		c += ch.tokens()
	}
	return c
}
