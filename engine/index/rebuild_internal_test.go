package index

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

var (
	rebuildSteps = flag.Int("rebuild.steps", 0, "edits per corpus file in TestRebuildEqualsBuild (0: a few)")
	rebuildSeed  = flag.Uint64("rebuild.seed", 18, "seed of TestRebuildEqualsBuild's edits")
)

// TestRebuildEqualsBuild edits every Workshop file of the shared corpus at
// random, each edit after the last, reads the text again incrementally
// (parser.Reparse) and checks that Rebuild from the last version's index,
// itself rebuilt, is the index Build makes of the new tree: every symbol,
// reference, statement and lookup table. The previous index must be left
// as it was.
func TestRebuildEqualsBuild(t *testing.T) {
	steps := 12
	if testing.Short() {
		steps = 4
	}
	if *rebuildSteps > 0 {
		steps = *rebuildSteps
	}
	rebuilt, spliced := 0, 0
	for fi, f := range edittest.WorkshopCorpus(t, "../../../shared") {
		rng := rand.New(rand.NewPCG(*rebuildSeed, uint64(fi)))
		res := parser.Parse(f, parser.Options{})
		ix := Build(res.Script)
		text := f.Text
		for step := range steps {
			e := indexEdit(rng, text, res.Script)
			text = text[:e.Span.Start] + e.New + text[e.Span.End:]
			next, sp, ok := parser.Reparse(res, source.NewFile(f.Path, text), e)
			want := Build(next.Script)
			got := want
			if ok {
				spliced++
				if got = rebuild(ix, next.Script, sp); got != nil {
					rebuilt++
				} else {
					got = Rebuild(ix, next.Script, sp)
				}
			}
			if diff := indexDifference(got, want); diff != "" {
				t.Fatalf("%s, edit %d (%v → %q, splice %+v): %s", f.Path, step, e.Span, e.New, sp, diff)
			}
			if diff := indexDifference(ix, Build(res.Script)); diff != "" {
				t.Fatalf("%s, edit %d: the previous index changed: %s", f.Path, step, diff)
			}
			res, ix = next, got
		}
	}
	// Most of these edits keep every name: if few are rebuilt, Rebuild
	// is Build under another name.
	if rebuilt*2 < spliced {
		t.Errorf("only %d of %d edits read incrementally were indexed incrementally", rebuilt, spliced)
	}
	t.Logf("%d of %d edits read incrementally were indexed incrementally", rebuilt, spliced)
}

// indexDifference reports how got differs from want: "" when it does
// not. Besides deep equality, the references must point at the very
// statements of want's tree.
func indexDifference(got, want *Index) string {
	if got.Script != want.Script {
		return "the indexes are of different scripts"
	}
	if len(got.Refs) != len(want.Refs) {
		return fmt.Sprintf("%d references, want %d", len(got.Refs), len(want.Refs))
	}
	for i := range got.Refs {
		g, w := got.Refs[i], want.Refs[i]
		if g.Statement != w.Statement {
			return fmt.Sprintf("reference %d (%+v) is of another statement than %+v", i, g, w)
		}
		if g != w {
			return fmt.Sprintf("reference %d: got %+v, want %+v", i, g, w)
		}
	}
	if !reflect.DeepEqual(got.Symbols, want.Symbols) {
		for i := range min(len(got.Symbols), len(want.Symbols)) {
			if got.Symbols[i] != want.Symbols[i] {
				return fmt.Sprintf("symbol %d: got %+v, want %+v", i, got.Symbols[i], want.Symbols[i])
			}
		}
		return fmt.Sprintf("%d symbols, want %d", len(got.Symbols), len(want.Symbols))
	}
	switch {
	case !reflect.DeepEqual(got.byName, want.byName):
		return fmt.Sprintf("names: got %v, want %v", got.byName, want.byName)
	case !reflect.DeepEqual(got.bySymbol, want.bySymbol):
		return "the references per symbol differ"
	case !reflect.DeepEqual(got.rules, want.rules):
		return fmt.Sprintf("rule names: got %v, want %v", got.rules, want.rules)
	case !reflect.DeepEqual(got, want):
		return "the indexes differ"
	}
	return ""
}

// indexEdits are what indexEdit types: mostly text that keeps every
// name, some that uses or drops one, some that breaks the rule.
var indexEdits = []string{
	" ", "1", "0.5", "\n\t\t", ";", "(", ")", ",", "Wait(1, Ignore Condition);", "Event Player", "Global.", ".",
	"Global.A = 1;", "Event Player.B += 1;", "Set Global Variable(C, 2);", "Call Subroutine(Sub0);",
	"Modify Player Variable(Event Player, A, Add, 1);", "x", "\"", "}", "rule(\"r\") {", "//", "/*", "é",
}

// indexEdit returns an edit of text, most often inside a rule: an
// insertion of a declared name or one of indexEdits, a deletion, a
// replacement, or a character typed in a rule's name.
func indexEdit(rng *rand.Rand, text string, s *ast.Script) source.Edit {
	at := rng.IntN(len(text) + 1)
	if len(s.Rules) > 0 && rng.IntN(8) > 0 {
		r := s.Rules[rng.IntN(len(s.Rules))]
		at = r.Span.Start + rng.IntN(r.Span.Len()+1)
		if rng.IntN(6) == 0 && r.NameSpan.Len() >= 2 {
			at = r.NameSpan.Start + 1 + rng.IntN(r.NameSpan.Len()-1)
		}
	}
	at = edittest.RuneStart(text, at) // an editor never splits a character
	end := at
	if rng.IntN(3) == 0 {
		end = edittest.RuneEnd(text, min(at+1+rng.IntN(6), len(text)))
		if rng.IntN(2) == 0 {
			return source.Edit{Span: source.Span{Start: at, End: end}}
		}
	}
	insert := indexEdits[rng.IntN(len(indexEdits))]
	if v := s.Variables; v != nil && v.Global != nil && len(v.Global.Decls) > 0 && rng.IntN(4) == 0 {
		insert = "Global." + v.Global.Decls[rng.IntN(len(v.Global.Decls))].Name + " = 1;"
	}
	return source.Edit{Span: source.Span{Start: at, End: end}, New: insert}
}

// BenchmarkIndexOfAKeystroke times the index of z_owware after a space
// typed in its middle rule or its second (edittest.Keystrokes): built
// whole, or rebuilt from the index before.
func BenchmarkIndexOfAKeystroke(b *testing.B) {
	f, err := source.ReadFile("../../../shared/corpus/workshop/game-exports/z_owware.txt")
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	res := parser.Parse(f, parser.Options{})
	prev := Build(res.Script)
	for _, k := range edittest.Keystrokes(b, f.Text, res.Script.Rules) {
		e := k.Edit
		next, sp, ok := parser.Reparse(res, source.NewFile(f.Path, k.Text), e)
		if !ok {
			b.Fatal("the edit was not read incrementally")
		}
		b.Run(k.Name+"/whole", func(b *testing.B) {
			for b.Loop() {
				Build(next.Script)
			}
		})
		b.Run(k.Name+"/incremental", func(b *testing.B) {
			if rebuild(prev, next.Script, sp) == nil {
				b.Fatal("the edit was not indexed incrementally")
			}
			for b.Loop() {
				Rebuild(prev, next.Script, sp)
			}
		})
	}
}
