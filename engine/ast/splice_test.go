package ast_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestShiftRulesEqualsReading checks ShiftRules against the parser: the
// rules of a corpus file moved by d bytes are the rules read from the
// same text after d more bytes of blank lines, node for node; the rules
// given are left as they were; no node holding a span of the text is
// shared with them, and every expression (measured from its statement)
// is.
func TestShiftRulesEqualsReading(t *testing.T) {
	matches, err := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	if err != nil || len(matches) < 60 {
		t.Fatalf("the shared corpus must be present (found %d files): %v", len(matches), err)
	}
	for i, m := range matches {
		if testing.Short() && i%5 != 0 {
			continue
		}
		f, err := source.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		opts := parser.Options{}
		rules := parser.Parse(f, opts).Script.Rules
		again := parser.Parse(f, opts).Script.Rules
		d := 1 + i%7
		want := parser.Parse(source.NewFile(f.Path, strings.Repeat("\n", d)+f.Text), opts).Script.Rules
		got := ast.ShiftRules(rules, d)
		if !reflect.DeepEqual(got, want) {
			for k := range got {
				if !reflect.DeepEqual(got[k], want[k]) {
					t.Fatalf("%s: rule %d moved by %d: got span %v, want %v", m, k, d, got[k].Span, want[k].Span)
				}
			}
			t.Fatalf("%s: the rules moved by %d differ", m, d)
		}
		if !reflect.DeepEqual(rules, again) {
			t.Fatalf("%s: ShiftRules changed the rules it was given", m)
		}
		seen := map[any]bool{}
		var given []*ast.Expr
		for _, r := range rules {
			nodes(r, func(n any) { seen[n] = true }, func(e *ast.Expr) { given = append(given, e) })
		}
		k := 0
		for _, r := range got {
			nodes(r, func(n any) {
				if seen[n] {
					t.Fatalf("%s: a moved rule shares a node (%T) with the rules given", m, n)
				}
			}, func(e *ast.Expr) {
				if k >= len(given) || given[k] != e {
					t.Fatalf("%s: expression %d of the moved rules is a copy, not the one given", m, k)
				}
				k++
			})
		}
		if k != len(given) {
			t.Fatalf("%s: the moved rules have %d expressions, the rules given %d", m, k, len(given))
		}
	}
}

// nodes calls f with every node of r that holds a span of the text, and
// expr with every expression, in order.
func nodes(r *ast.Rule, f func(any), expr func(*ast.Expr)) {
	f(r)
	if r.Event != nil {
		f(r.Event)
		if len(r.Event.Lines) > 0 {
			f(&r.Event.Lines[0])
		}
	}
	var walk func(e *ast.Expr)
	walk = func(e *ast.Expr) {
		if e == nil {
			return
		}
		expr(e)
		for _, a := range e.Args {
			walk(a)
		}
	}
	for _, b := range []*ast.Block{r.Conditions, r.Actions} {
		if b == nil {
			continue
		}
		f(b)
		for _, st := range b.Statements {
			f(st)
			walk(st.Comment)
			walk(st.Body)
		}
	}
}

// BenchmarkShiftRules times moving every rule of z_owware but the first
// (what an edit in the first rule costs).
func BenchmarkShiftRules(b *testing.B) {
	f, err := source.ReadFile("../../../shared/corpus/workshop/game-exports/z_owware.txt")
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	rules := parser.Parse(f, parser.Options{}).Script.Rules[1:]
	b.ReportAllocs()
	for b.Loop() {
		ast.ShiftRules(rules, 1)
	}
}
