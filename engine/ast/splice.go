package ast

// This file supports re-reading a script after an edit: the rules the
// edit did not touch are reused, moved by the edit's change of length.
// A script may be shared by several readers (a language server's requests,
// the agent service), so moving makes copies and never changes the rules
// it is given.

import "github.com/wright-lsp/wright-lsp/engine/source"

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
// they are, since nothing would differ.
func ShiftRules(rules []*Rule, d int) []*Rule {
	if d == 0 || len(rules) == 0 {
		return rules
	}
	sh := shifter{d: d}
	out := make([]*Rule, len(rules))
	copies := make([]Rule, len(rules))
	for i, r := range rules {
		c := &copies[i]
		*c = *r
		c.Span = sh.span(r.Span)
		c.DisabledSpan = sh.span(r.DisabledSpan)
		c.KeywordSpan = sh.span(r.KeywordSpan)
		c.NameSpan = sh.span(r.NameSpan)
		if r.Event != nil {
			ev := *r.Event
			ev.Span = sh.span(ev.Span)
			ev.KeywordSpan = sh.span(ev.KeywordSpan)
			if ev.Lines != nil {
				ev.Lines = append([]EventLine(nil), ev.Lines...)
				for j := range ev.Lines {
					ev.Lines[j].Span = sh.span(ev.Lines[j].Span)
				}
			}
			c.Event = &ev
		}
		c.Conditions = sh.block(r.Conditions)
		c.Actions = sh.block(r.Actions)
		out[i] = c
	}
	return out
}

// shifter copies nodes, carving them from slabs: a rule that moves has as
// many nodes as the parser allocated for it.
type shifter struct {
	d     int
	exprs []Expr
	args  []*Expr
	stmts []Statement
}

func (sh *shifter) span(s source.Span) source.Span { return s.Shift(sh.d) }

func (sh *shifter) block(b *Block) *Block {
	if b == nil {
		return nil
	}
	c := *b
	c.Span = sh.span(b.Span)
	c.KeywordSpan = sh.span(b.KeywordSpan)
	if b.Statements != nil {
		c.Statements = make([]*Statement, len(b.Statements))
		for i, st := range b.Statements {
			if len(sh.stmts) == cap(sh.stmts) {
				sh.stmts = make([]Statement, 0, 256)
			}
			sh.stmts = append(sh.stmts, *st)
			n := &sh.stmts[len(sh.stmts)-1]
			n.Span = sh.span(st.Span)
			n.DisabledSpan = sh.span(st.DisabledSpan)
			n.Comment = sh.expr(st.Comment)
			n.Body = sh.expr(st.Body)
			c.Statements[i] = n
		}
	}
	return &c
}

func (sh *shifter) expr(e *Expr) *Expr {
	if e == nil {
		return nil
	}
	if len(sh.exprs) == cap(sh.exprs) {
		sh.exprs = make([]Expr, 0, 1024)
	}
	sh.exprs = append(sh.exprs, *e)
	c := &sh.exprs[len(sh.exprs)-1]
	c.Span = sh.span(e.Span)
	c.NameSpan = sh.span(e.NameSpan)
	if e.Args != nil {
		if cap(sh.args)-len(sh.args) < len(e.Args) {
			sh.args = make([]*Expr, 0, max(1024, len(e.Args)))
		}
		// The list is reserved before the arguments are copied: copying
		// them reserves their own lists, maybe in a new slab.
		start := len(sh.args)
		sh.args = sh.args[:start+len(e.Args)]
		list := sh.args[start:len(sh.args):len(sh.args)]
		for i, a := range e.Args {
			list[i] = sh.expr(a)
		}
		c.Args = list
	}
	return c
}
