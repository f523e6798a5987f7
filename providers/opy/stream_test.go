package opy

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	wsparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestParsedIsParse: what Compile returns as Parsed (the rules read by
// the writer as it wrote them, then joined after the header) is what
// the engine's parser reads from the whole lowered text, node for node
// and span for span, on every corpus program, the oracle programs and
// the malformed inputs; and the largest game mode, with most programs,
// takes the stream's path, not the fallback (a program whose rules are
// held back and written last, as getCurrentMap() makes them, is read
// again).
func TestParsedIsParse(t *testing.T) {
	inputs := programInputs(t)
	streamed := 0
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			opts := Options{Parse: true}
			if in.path == "m.opy" {
				opts.ReadFile = func(string) (string, error) { return "", fmt.Errorf("no file") }
			}
			res := Compile(in.path, in.text, opts)
			want := wsparser.Parse(source.NewFile(in.path, res.Text), wsparser.Options{Locale: vocab.EnUS, LocaleGiven: true})
			got := res.Parsed
			if got == nil {
				t.Fatal("no Parsed with Options.Parse")
			}
			if got.Script.File.Text != res.Text || got.Script.File.Path != in.path {
				t.Fatalf("Parsed is of file %q, not the lowered text", got.Script.File.Path)
			}
			if !reflect.DeepEqual(got.Script, want.Script) {
				t.Errorf("the streamed tree differs from the parse of the text:\n%s", firstTreeDifference(got, want))
			}
			if !reflect.DeepEqual(got.Diags, want.Diags) || got.Detection != want.Detection {
				t.Errorf("diagnostics differ: streamed %v, parsed %v", got.Diags, want.Diags)
			}
			if res.streamed {
				streamed++
			} else if in.name == "z_heatstreet.opy" {
				t.Errorf("%s was parsed again: the stream's path was not taken", in.name)
			}
		})
	}
	corpusPrograms := 0
	for _, in := range inputs {
		if strings.HasPrefix(in.path, filepath.Join(corpus, "tests")) {
			corpusPrograms++
		}
	}
	if streamed < corpusPrograms/2 {
		t.Errorf("only %d of %d programs were read by the stream", streamed, len(inputs))
	}
}

// firstTreeDifference names the first rule whose tree differs.
func firstTreeDifference(got, want *wsparser.Result) string {
	g, w := got.Script, want.Script
	if len(g.Rules) != len(w.Rules) {
		return fmt.Sprintf("%d rules, want %d", len(g.Rules), len(w.Rules))
	}
	for i := range g.Rules {
		if !reflect.DeepEqual(g.Rules[i], w.Rules[i]) {
			return fmt.Sprintf("rule %d %q: span %v, want %v", i, w.Rules[i].Name, g.Rules[i].Span, w.Rules[i].Span)
		}
	}
	return fmt.Sprintf("outside the rules (comments %v / %v)", g.Comments, w.Comments)
}

// A programInput is a program the equivalence tests read: its name, its
// path (m.opy for one that has no file) and its text.
type programInput struct{ name, path, text string }

// programInputs are every corpus program, the oracle programs and the
// malformed inputs.
func programInputs(t *testing.T) []programInput {
	t.Helper()
	var inputs []programInput
	files, _ := filepath.Glob(filepath.Join(corpus, "tests", "*.opy"))
	more, _ := filepath.Glob(filepath.Join("testdata", "oracle", "*.opy"))
	for _, path := range append(files, more...) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, programInput{filepath.Base(path), path, string(text)})
	}
	if len(files) < 40 {
		t.Fatalf("%d corpus programs: the shared corpus must be present", len(files))
	}
	for _, c := range malformed {
		src, _, _ := markedSpan(t, c.src)
		inputs = append(inputs, programInput{"malformed " + c.name, "m.opy", src})
	}
	return inputs
}
