package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestStreamInPartsIsParse: a game export's head read apart (ReadHead)
// and its rules fed one at a time to streams of a few rules each, joined
// (Then, Join), give what Parse gives for the whole text, for every way
// of cutting the rules into two or three parts; and a text that is not
// the head plus the parts' texts is refused.
func TestStreamInPartsIsParse(t *testing.T) {
	for _, name := range []string{"z_owware.txt", "z_uno.txt", "z_1v1arena.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "workshop", "game-exports", name))
		if err != nil {
			t.Fatal(err)
		}
		f := source.NewFile(name, string(data))
		opts := Options{Locale: vocab.EnUS, LocaleGiven: true}
		want := Parse(f, opts)
		if want.Diags.HasErrors() || len(want.Script.Rules) < 3 {
			t.Fatalf("%s: %d rules, errors %v: want an export without errors", name, len(want.Script.Rules), want.Diags.HasErrors())
		}
		var starts []int
		for _, r := range want.Script.Rules {
			starts = append(starts, r.Span.Start)
		}
		starts = append(starts, len(f.Text))
		n := len(want.Script.Rules)
		cuts := [][]int{{0, n / 2, n}, {0, 1, n}, {0, n - 1, n}, {0, n / 3, 2 * n / 3, n}, {0, n}}
		for _, cut := range cuts {
			join := func(text string) (*Result, bool) {
				var first *Stream
				for k := 0; k+1 < len(cut); k++ {
					st := NewStream(opts)
					base := starts[cut[k]]
					for j := cut[k] + 1; j <= cut[k+1]; j++ {
						st.Feed(text[base:starts[j]])
					}
					if first == nil {
						first = st
					} else {
						first.Then(st)
					}
				}
				return first.Join(source.NewFile(name, text), ReadHead(text[:starts[0]], opts))
			}
			got, ok := join(f.Text)
			if !ok {
				t.Fatalf("%s cut at %v: the join was refused", name, cut)
			}
			got.Script.File = want.Script.File
			if !reflect.DeepEqual(got.Script, want.Script) || !reflect.DeepEqual(got.Diags, want.Diags) {
				t.Fatalf("%s cut at %v: the joined parts differ from the parse of the whole text", name, cut)
			}
			if _, ok := join(f.Text + "rule"); ok {
				t.Fatalf("%s cut at %v: a text longer than the parts was joined", name, cut)
			}
		}
	}
}
