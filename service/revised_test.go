package service

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

// TestRevisedProgramEqualsNew types into a corpus mode through
// RevisedProgram, each version from the last, and checks every version
// against NewProgram of its text: identity, diagnostics, element count
// (recounted from the last version's), index (rebuilt from the last
// version's) and lint findings.
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
	recounted, reindexed := 0, 0
	for k := len(offs) - 1; k >= 0; k-- {
		for _, insert := range []string{"1", "(", ")"} {
			e := source.Edit{Span: source.Span{Start: offs[k], End: offs[k]}, New: insert}
			text = text[:offs[k]] + insert + text[offs[k]:]
			f := source.NewFile("m.ow", text)
			got, want := RevisedProgram(prev, f, e, engine.Options{}, 0), NewProgram(f, engine.Options{}, 0)
			if got.recount != nil {
				recounted++
			}
			if got.reindex != nil {
				reindexed++
			}
			switch {
			case got.Identity() != want.Identity():
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
	if reindexed == 0 {
		t.Error("no version's index was rebuilt from the last one's")
	}
}

// BenchmarkAnalysisOfAKeystroke times what a language server computes for
// one keystroke in z_owware before it publishes: the program (checked
// again, whole or incrementally) and its lint findings with the index and
// element count they need. The keystroke is a space typed after a
// statement of the middle rule or of the second rule; "whole" is
// NewProgram, "incremental" RevisedProgram from the counted previous
// version. It reports the median and the 99th percentile.
func BenchmarkAnalysisOfAKeystroke(b *testing.B) {
	data, err := os.ReadFile("../../shared/corpus/workshop/game-exports/z_owware.txt")
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	text := string(data)
	cfg := &lint.Config{}
	prev := NewProgram(source.NewFile("z_owware.txt", text), engine.Options{}, 0)
	prev.Lint(cfg)
	for _, k := range edittest.Keystrokes(b, text, prev.Checked.Script.Rules) {
		e, f := k.Edit, source.NewFile("z_owware.txt", k.Text)
		for _, how := range []string{"whole", "incremental"} {
			b.Run(k.Name+"/"+how, func(b *testing.B) {
				var times []time.Duration
				for b.Loop() {
					start := time.Now()
					var p *Program
					if how == "whole" {
						p = NewProgram(f, engine.Options{}, 0)
					} else {
						p = RevisedProgram(prev, f, e, engine.Options{}, 0)
					}
					p.Lint(cfg)
					times = append(times, time.Since(start))
				}
				edittest.ReportPercentiles(b, times)
			})
		}
	}
}
