package ast

import "github.com/wright-lsp/wright-lsp/engine/source"

// A Rel is where an expression lies, measured from the start of the
// statement that holds it (its base: the statement's Span.Start).
//
// Expressions are most of a script's nodes. Measured from their
// statement, they stay true when an edit moves the statement: a script
// read again after an edit moves the statements after the edit and
// shares their expressions with the script before, instead of copying
// every node to move it (see [ShiftRules]).
//
// The zero Rel is no position, as the zero [source.Span] is.
type Rel struct {
	start, end int32
	set        bool
}

// RelTo returns sp measured from base. The zero span stays no position.
func RelTo(base int, sp source.Span) Rel {
	if sp.IsZero() {
		return Rel{}
	}
	return Rel{start: int32(sp.Start - base), end: int32(sp.End - base), set: true}
}

// In returns where r lies in the text of a statement starting at base.
func (r Rel) In(base int) source.Span {
	if !r.set {
		return source.Span{}
	}
	return source.Span{Start: base + int(r.start), End: base + int(r.end)}
}

// IsZero reports whether r is no position.
func (r Rel) IsZero() bool { return !r.set }

// Len returns the number of bytes r covers.
func (r Rel) Len() int { return int(r.end - r.start) }

// Base returns the offset st's expressions are measured from.
func (st *Statement) Base() int { return st.Span.Start }

// SpanOf returns where e, an expression of st, lies in the text.
func (st *Statement) SpanOf(e *Expr) source.Span { return e.Span.In(st.Span.Start) }

// NameSpanOf returns where the name of e, an expression of st, lies.
func (st *Statement) NameSpanOf(e *Expr) source.Span { return e.NameSpan.In(st.Span.Start) }
