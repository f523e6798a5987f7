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
			res := compileParsedIsParse(t, in)
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

// TestFinishWritesTheLastRules: when the background writer has written
// nothing by the end of the lowering, finish writes and reads the last
// half of the rules itself, then a quarter (the writer the first
// quarter), and the program is the same: its text, source map,
// diagnostics and symbols, and a Parsed that is the parse of the text,
// read by the three streams on the largest mode.
func TestFinishWritesTheLastRules(t *testing.T) {
	defer func() { finishRounds, finishHook = 0, nil }()
	for _, in := range programInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			finishRounds, finishHook = 0, nil
			want := Compile(in.path, in.text, optionsFor(in, true))
			finishRounds = 2
			stolen := 0
			finishHook = func(n int) { stolen = n }
			got := compileParsedIsParse(t, in)
			if got.Text != want.Text || !reflect.DeepEqual(got.Map, want.Map) {
				t.Errorf("the text or its source map differs when finish writes rules")
			}
			if !reflect.DeepEqual(got.Diags, want.Diags) || !reflect.DeepEqual(got.Symbols, want.Symbols) {
				t.Errorf("the diagnostics or symbols differ when finish writes rules")
			}
			if in.name == "z_heatstreet.opy" && (stolen < 150 || !got.streamed) {
				t.Errorf("finish wrote %d rules, streamed %v: want more than 150, streamed", stolen, got.streamed)
			}
		})
	}
}

// optionsFor returns the options a test compiles in with: no file to
// include for a program that has none.
func optionsFor(in programInput, parse bool) Options {
	opts := Options{Parse: parse}
	if in.path == "m.opy" {
		opts.ReadFile = func(string) (string, error) { return "", fmt.Errorf("no file") }
	}
	return opts
}

// compileParsedIsParse compiles in and checks that its Parsed is what
// the engine's parser reads from the lowered text, node for node and
// span for span, with the same diagnostics.
func compileParsedIsParse(t *testing.T, in programInput) *Result {
	t.Helper()
	res := Compile(in.path, in.text, optionsFor(in, true))
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
	return res
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
