package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestSplitIsSequential: checking the second half of the rules on
// another goroutine (every script of two rules or more split at its
// middle) finds what one checker finds in order: the
// problems, each rule's workshop settings, their total and the look-ups
// asked; on every Workshop file of the corpus and on scripts where the
// halves depend on each other (misspellings met in both halves, more
// than the look-ups answered per script; more workshop settings than a
// mode may have).
func TestSplitIsSequential(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "workshop", "*", "*.txt"))
	if len(files) < 40 {
		t.Fatalf("%d corpus files: the shared corpus must be present", len(files))
	}
	type input struct{ name, text string }
	var inputs []input
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{filepath.Base(path), string(text)})
	}
	var misspelt, settings strings.Builder
	for i := range 12 {
		fmt.Fprintf(&misspelt, "rule(\"r%d\") { event { Ongoing - Global; } actions {\n", i)
		for j := range 10 {
			fmt.Fprintf(&misspelt, "Wiat%c%c(%d, Ignore Condition);\n", 'a'+i, 'a'+j, j)
		}
		misspelt.WriteString("Set Global Variabel(A, 1); } }\n")
		fmt.Fprintf(&settings, "rule(\"s%d\") { event { Ongoing - Global; } actions {\n", i)
		for j := range 12 {
			fmt.Fprintf(&settings, "Set Global Variable(A, Workshop Setting Integer(Custom String(\"s\"), Custom String(\"%d-%d\"), 0, 0, 10, 0));\n", i, j)
		}
		settings.WriteString("} }\n")
	}
	inputs = append(inputs, input{"misspelt", misspelt.String()}, input{"too many settings", settings.String()})
	saved := splitRules
	defer func() { splitRules = saved }()
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			s := parser.Parse(source.NewFile(in.name, in.text), parser.Options{}).Script
			splitRules = 1 << 30
			want := Validate(s, Options{})
			for _, at := range []int{1, 2, 3, 64} {
				splitRules = at
				got := Validate(s, Options{})
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("split from %d rules: the validation differs from one checker's:\n%v\nwant\n%v", at, got.Diags, want.Diags)
				}
			}
		})
	}
}
