package opy

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestSplitIsSequential: reading the declarations on two goroutines
// (every program split, however small) gives the tree and diagnostics of
// one parser reading them in order, on every corpus program, the oracle
// programs and the malformed inputs; and the largest mode keeps its
// second half rather than reading it again.
func TestSplitIsSequential(t *testing.T) {
	inputs := programInputs(t)
	// Comment lines above rules, a macro called at the top level, and
	// lines outside any rule, all over a program.
	var b strings.Builder
	b.WriteString("macro twice(v):\n    A = v\n    A = v\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "# rule %d\n# is commented\nrule \"r%d\":\n    A = %d\n\n", i, i, i)
		switch i % 10 {
		case 3:
			b.WriteString("twice(3)\n\n")
		case 7:
			b.WriteString("rule \"empty\":\n\nA = 1\n")
		}
	}
	inputs = append(inputs, programInput{"comments and macros", "m.opy", b.String()})
	saved, share := splitTokens, splitShare
	defer func() { splitTokens, splitShare = saved, share }()
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			var opts Options
			if in.path == "m.opy" {
				opts.ReadFile = func(string) (string, error) { return "", fmt.Errorf("no file") }
			}
			splitTokens = 1 << 62
			want := Parse(in.path, in.text, opts)
			splitTokens = 0
			// The split moved over the program: after each sixteenth of
			// its tokens (the largest modes only at the middle: time).
			shares := []float64{0.5}
			if len(in.text) < 100_000 {
				shares = shares[:0]
				for i := 1; i < 16; i++ {
					shares = append(shares, float64(i)/16)
				}
			}
			for _, share := range shares {
				splitShare = share
				got := Parse(in.path, in.text, opts)
				if !reflect.DeepEqual(got.Decls, want.Decls) {
					t.Fatalf("split after %.2f: the declarations read in two halves differ from those read in order", share)
				}
				if !reflect.DeepEqual(got.Diags, want.Diags) || got.forSizeAggressive != want.forSizeAggressive {
					t.Fatalf("split after %.2f: diagnostics differ: split %v, in order %v", share, got.Diags, want.Diags)
				}
			}
		})
	}
}

// TestSplitKeepsSecondHalf: the largest mode is read in two halves and
// its second half is kept (it reports nothing).
func TestSplitKeepsSecondHalf(t *testing.T) {
	path := filepath.Join(corpus, "tests", "z_heatstreet.opy")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	splitHook = func(ok bool) {
		if ok {
			kept++
		}
	}
	defer func() { splitHook = nil }()
	Parse(path, string(text), Options{})
	if kept != 1 {
		t.Errorf("z_heatstreet.opy: second half kept %d times, want 1", kept)
	}
}
