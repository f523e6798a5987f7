package service

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestRevisedProgramEqualsNew types into a corpus mode through
// RevisedProgram, each version from the last, and checks every version
// against NewProgram of its text: identity, diagnostics, element count
// (recounted from the last version's), index and lint findings.
func TestRevisedProgramEqualsNew(t *testing.T) {
	data, err := os.ReadFile("../../shared/corpus/workshop/game-exports/mysteryUltimates.txt")
	if err != nil {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	text := string(data)
	cfg := &lint.Config{}
	prev := NewProgram(source.NewFile("m.ow", text), engine.Options{}, 0)
	prev.Lint(cfg)
	// Edits inside rules, from the end of the text back, so that each
	// offset still names the place it was found at.
	var offs []int
	for i, n := 0, 0; n < 8; n++ {
		at := strings.Index(text[i:], "Wait(")
		if at < 0 {
			break
		}
		i += at + len("Wait(")
		offs = append(offs, i)
	}
	recounted := 0
	for k := len(offs) - 1; k >= 0; k-- {
		for _, insert := range []string{"1", "(", ")"} {
			e := source.Edit{Span: source.Span{Start: offs[k], End: offs[k]}, New: insert}
			text = text[:offs[k]] + insert + text[offs[k]:]
			f := source.NewFile("m.ow", text)
			got, want := RevisedProgram(prev, f, e, engine.Options{}, 0), NewProgram(f, engine.Options{}, 0)
			if got.recount != nil {
				recounted++
			}
			switch {
			case got.Identity != want.Identity:
				t.Fatalf("edit at %d: identity differs", offs[k])
			case !reflect.DeepEqual(got.Checked.Diags, want.Checked.Diags):
				t.Fatalf("edit at %d: diagnostics differ", offs[k])
			case !reflect.DeepEqual(got.Cost(), want.Cost()):
				t.Fatalf("edit at %d: element counts differ", offs[k])
			case !reflect.DeepEqual(got.Index(), want.Index()):
				t.Fatalf("edit at %d: indexes differ", offs[k])
			case !reflect.DeepEqual(got.Lint(cfg).Findings, want.Lint(cfg).Findings):
				t.Fatalf("edit at %d: lint findings differ", offs[k])
			}
			prev = got
		}
	}
	if recounted == 0 {
		t.Error("no version's element count was recounted from the last one's")
	}
}
