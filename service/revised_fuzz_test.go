package service

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// FuzzRevisedProgram types two arbitrary edits, one after the other, into
// a text and checks that each version read again from the last
// (RevisedProgram: the rules re-read, counted, indexed, and linted again
// from the last version's, the objects found again) answers as the
// version read whole: diagnostics, element count, index and lint
// findings. The random edits of the property tests stay inside rules of
// the corpus; these go anywhere, cut tokens, strings and rules in two,
// and need not be valid UTF-8.
func FuzzRevisedProgram(f *testing.F) {
	files, err := filepath.Glob("../../shared/corpus/workshop/*/*.txt")
	if err != nil || len(files) == 0 {
		f.Fatalf("the shared corpus must be present: %v", err)
	}
	for i, path := range files {
		if i%4 != 0 {
			continue // a sample: every input is analysed six times
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		chunk := data[:min(len(data), 6<<10)]
		f.Add(chunk, uint16(len(chunk)/2), uint8(0), " ", uint16(len(chunk)/3), uint8(1), "")
		f.Add(chunk, uint16(len(chunk)/4), uint8(3), "Wait(1, Ignore Condition);", uint16(len(chunk)-1), uint8(0), "}")
	}
	cfg := &lint.Config{}
	f.Fuzz(func(t *testing.T, text []byte, at1 uint16, cut1 uint8, ins1 string, at2 uint16, cut2 uint8, ins2 string) {
		prev := NewProgram(source.NewFile("fuzz.ow", string(text)), engine.Options{}, 0)
		prev.Lint(cfg)
		cur := string(text)
		for step, e := range []struct {
			at  uint16
			cut uint8
			ins string
		}{{at1, cut1, ins1}, {at2, cut2, ins2}} {
			start := int(e.at) % (len(cur) + 1)
			end := min(len(cur), start+int(e.cut)%16)
			edit := source.Edit{Span: source.Span{Start: start, End: end}, New: e.ins}
			cur = cur[:start] + e.ins + cur[end:]
			f := source.NewFile("fuzz.ow", cur)
			got, want := RevisedProgram(prev, f, edit, engine.Options{}, 0), NewProgram(f, engine.Options{}, 0)
			switch {
			case !reflect.DeepEqual(got.Checked.Diags, want.Checked.Diags):
				t.Fatalf("edit %d %+v: diagnostics differ:\n got %v\nwant %v", step, edit, got.Checked.Diags, want.Checked.Diags)
			case !reflect.DeepEqual(got.Cost(), want.Cost()):
				t.Fatalf("edit %d %+v: element counts differ", step, edit)
			case !reflect.DeepEqual(got.Index(), want.Index()):
				t.Fatalf("edit %d %+v: indexes differ", step, edit)
			case !reflect.DeepEqual(got.Lint(cfg).Findings, want.Lint(cfg).Findings):
				t.Fatalf("edit %d %+v: lint findings differ:\n got %v\nwant %v", step, edit, got.Lint(cfg).Findings, want.Lint(cfg).Findings)
			}
			prev = got
		}
	})
}
