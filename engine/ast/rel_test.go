package ast_test

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func TestRel(t *testing.T) {
	tests := []struct {
		name      string
		base      int
		sp        source.Span
		zero      bool
		len       int
		movedTo   int // another base the statement moves to
		wantMoved source.Span
	}{
		{"inside", 100, source.Span{Start: 104, End: 110}, false, 6, 90, source.Span{Start: 94, End: 100}},
		{"at the base", 100, source.Span{Start: 100, End: 103}, false, 3, 200, source.Span{Start: 200, End: 203}},
		// An empty span where the statement starts is a position (a
		// missing body), not the zero Rel.
		{"empty at the base", 100, source.Span{Start: 100, End: 100}, false, 0, 7, source.Span{Start: 7, End: 7}},
		{"no position", 100, source.Span{}, true, 0, 50, source.Span{}},
		{"from the file's start", 0, source.Span{Start: 0, End: 4}, false, 4, 10, source.Span{Start: 10, End: 14}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ast.RelTo(tt.base, tt.sp)
			if got := r.In(tt.base); got != tt.sp {
				t.Errorf("In(%d) = %v, want %v", tt.base, got, tt.sp)
			}
			if r.IsZero() != tt.zero {
				t.Errorf("IsZero() = %v, want %v", r.IsZero(), tt.zero)
			}
			if r.Len() != tt.len {
				t.Errorf("Len() = %d, want %d", r.Len(), tt.len)
			}
			if got := r.In(tt.movedTo); got != tt.wantMoved {
				t.Errorf("In(%d) = %v, want %v", tt.movedTo, got, tt.wantMoved)
			}
		})
	}
}
