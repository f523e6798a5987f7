package ast

// This file supports re-reading a script after an edit: the rules the
// edit did not touch are reused, moved by the edit's change of length.
// A script may be shared by several readers (a language server's requests,
// the agent service), so moving makes copies and never changes the rules
// it is given.

import "slices"

// A Splice says how a script was read again after an edit: the rules
// Rules[First:First+Old] of the previous script were replaced by
// Rules[First:First+New] of the new one, read again from the text
// [Start, NewEnd) that was [Start, OldEnd) before; the rules before are
// the same, and the rules after moved by NewEnd-OldEnd bytes. When the
// text was read again to its end, OldEnd and NewEnd are one past it: an
// empty span at the very end (a problem found there) lies in the part
// read again.
type Splice struct {
	First, Old, New       int
	Start, OldEnd, NewEnd int
}

// Delta is how far the text after the splice moved.
func (s Splice) Delta() int { return s.NewEnd - s.OldEnd }

// ShiftRules returns copies of rules with every span moved by d bytes.
// The rules themselves are not changed; with d == 0 they are returned as
// they are, since nothing would differ. Only the rules, their event
// lines, blocks and statements are copied: expressions are measured from
// their statement ([Rel]), so the copies share them.
func ShiftRules(rules []*Rule, d int) []*Rule {
	if d == 0 || len(rules) == 0 {
		return rules
	}
	var cp copier
	out := make([]*Rule, len(rules))
	copies := make([]Rule, len(rules))
	for i, r := range rules {
		c := &copies[i]
		*c = *r
		if r.Event != nil {
			ev := *r.Event
			ev.Lines = slices.Clone(ev.Lines)
			c.Event = &ev
		}
		c.Conditions = cp.block(r.Conditions)
		c.Actions = cp.block(r.Actions)
		MoveRule(c, d)
		out[i] = c
	}
	return out
}

// MoveRule moves every span of r by d bytes, in place: for a rule no one
// else holds (a copy, or one a parser has just read). Every statement of
// a rule is its own, so none is moved twice; expressions, measured from
// their statement, need no moving.
func MoveRule(r *Rule, d int) {
	r.Span = r.Span.Shift(d)
	r.DisabledSpan = r.DisabledSpan.Shift(d)
	r.KeywordSpan = r.KeywordSpan.Shift(d)
	r.NameSpan = r.NameSpan.Shift(d)
	if ev := r.Event; ev != nil {
		ev.Span = ev.Span.Shift(d)
		ev.KeywordSpan = ev.KeywordSpan.Shift(d)
		for i := range ev.Lines {
			ev.Lines[i].Span = ev.Lines[i].Span.Shift(d)
		}
	}
	for _, b := range []*Block{r.Conditions, r.Actions} {
		if b == nil {
			continue
		}
		b.Span = b.Span.Shift(d)
		b.KeywordSpan = b.KeywordSpan.Shift(d)
		for _, st := range b.Statements {
			st.Span = st.Span.Shift(d)
			st.DisabledSpan = st.DisabledSpan.Shift(d)
		}
	}
}

// copier copies blocks and their statements, carving the statements from
// slabs: a rule that moves has as many statements as the parser
// allocated for it.
type copier struct {
	stmts []Statement
}

func (cp *copier) block(b *Block) *Block {
	if b == nil {
		return nil
	}
	c := *b
	if b.Statements != nil {
		c.Statements = make([]*Statement, len(b.Statements))
		for i, st := range b.Statements {
			if len(cp.stmts) == cap(cp.stmts) {
				cp.stmts = make([]Statement, 0, 256)
			}
			cp.stmts = append(cp.stmts, *st)
			c.Statements[i] = &cp.stmts[len(cp.stmts)-1]
		}
	}
	return &c
}
