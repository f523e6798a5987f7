package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

// TestCallGraphAgainEqualsCallGraph edits every corpus file at random
// (lintEdit: calls inserted and deleted, events changed, random bytes),
// each edit after the last, and checks flow.CallGraphAgain, from the call
// graph of the version before, against flow.CallGraph of the edited
// script, and that it leaves the graph it starts from as it was.
func TestCallGraphAgainEqualsCallGraph(t *testing.T) {
	steps := 10
	if testing.Short() {
		steps = 3
	}
	again, total := 0, 0
	for fi, f := range edittest.WorkshopCorpus(t, "../../shared") {
		rng := rand.New(rand.NewPCG(*recheckSeed, 5000+uint64(fi)))
		prev := Check(f, Options{})
		calls := flow.CallGraph(prev.Script)
		text := f.Text
		for step := range steps {
			e := lintEdit(rng, text, prev.Script)
			next := text[:e.Span.Start] + e.New + text[e.Span.End:]
			got := Recheck(prev, source.NewFile(f.Path, next), e, Options{})
			want := flow.CallGraph(got.Script)
			total++
			if sp, ok := got.Splice(); ok {
				again++
				kept := append([]flow.CallEdge(nil), calls...)
				if found := flow.CallGraphAgain(calls, got.Script, sp); !reflect.DeepEqual(found, want) {
					t.Fatalf("%s, edit %d (%v → %q, splice %+v): CallGraphAgain differs from CallGraph:\n got %v\nwant %v", f.Path, step, e.Span, e.New, sp, found, want)
				}
				if !reflect.DeepEqual(calls, kept) {
					t.Fatalf("%s, edit %d: CallGraphAgain changed the graph it started from", f.Path, step)
				}
			}
			prev, calls, text = got, want, next
		}
	}
	if again*2 < total {
		t.Errorf("only %d of %d edits were read again incrementally", again, total)
	}
}
