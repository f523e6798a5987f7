package ast

import "github.com/wright-lsp/wright-lsp/engine/source"

// Enclosing returns the spans of the nodes around byte offset off,
// innermost first, each holding the one before it and larger than it,
// ending with the whole text: a name, its call, the call holding that,
// the statement, the block, the rule, the file. It is what an editor's
// "expand selection" steps through. A span holds off when off is between
// its start and its end, both included, so that a cursor just after a
// word is in the word.
func (s *Script) Enclosing(off int) []source.Span {
	var path []source.Span // outermost first
	in := func(sp source.Span) bool { return sp.Start <= off && off <= sp.End && sp.End > sp.Start }
	push := func(sp source.Span) bool {
		if !in(sp) {
			return false
		}
		path = append(path, sp)
		return true
	}
	if s.File != nil {
		push(source.Span{Start: 0, End: len(s.File.Text)})
	}
	if st := s.Settings; st != nil && push(st.Span) {
		items := st.Items
		for len(items) > 0 {
			var next []*SettingsItem
			for _, it := range items {
				if push(it.Span) {
					if !push(it.KeySpan) {
						push(it.ValueSpan)
					}
					next = it.Children
					break
				}
			}
			items = next
		}
	}
	decls := func(ds []VarDecl) {
		for _, d := range ds {
			if push(d.Span) {
				if !push(d.NameSpan) {
					push(d.IndexSpan)
				}
				return
			}
		}
	}
	if v := s.Variables; v != nil && push(v.Span) {
		for _, sec := range []*VarSection{v.Global, v.Player} {
			if sec != nil && push(sec.Span) {
				decls(sec.Decls)
			}
		}
	}
	if sub := s.Subroutines; sub != nil && push(sub.Span) {
		decls(sub.Decls)
	}
	for _, r := range s.Rules {
		if !push(r.Span) {
			continue
		}
		if push(r.NameSpan) {
			break
		}
		if ev := r.Event; ev != nil && push(ev.Span) {
			for _, l := range ev.Lines {
				if push(l.Span) {
					break
				}
			}
		}
		for _, b := range []*Block{r.Conditions, r.Actions} {
			b.enclosing(off, push)
		}
		break
	}
	s.Conditions.enclosing(off, push)
	s.Actions.enclosing(off, push)

	// Innermost first, keeping only spans that grow.
	out := make([]source.Span, 0, len(path))
	for i := len(path) - 1; i >= 0; i-- {
		sp := path[i]
		if n := len(out); n > 0 {
			last := out[n-1]
			if sp.Start > last.Start || sp.End < last.End || sp == last {
				continue
			}
		}
		out = append(out, sp)
	}
	return out
}

// enclosing pushes b, the statement holding off and the expressions
// down to the innermost one holding it.
func (b *Block) enclosing(off int, push func(source.Span) bool) {
	if b == nil || !push(b.Span) {
		return
	}
	for _, st := range b.Statements {
		if !push(st.Span) {
			continue
		}
		for _, e := range []*Expr{st.Comment, st.Body} {
			for e != nil && push(st.SpanOf(e)) {
				var inner *Expr
				for _, a := range e.Args {
					if a == nil {
						continue
					}
					if sp := st.SpanOf(a); sp.Start <= off && off <= sp.End && sp.End > sp.Start {
						inner = a
						break
					}
				}
				if inner == nil {
					push(st.NameSpanOf(e))
				}
				e = inner
			}
		}
		break
	}
}
