package opy

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// lexEntry reads a program's entry file into logical lines as Parse does,
// and returns them with the diagnostics of the read.
func lexEntry(in programInput) ([]line, []Diagnostic) {
	opts := optionsFor(in, false)
	p := &Program{opts: opts, fileIndex: map[string]int{}}
	entry := p.addFile(in.path, in.text)
	d := &diagnostics{}
	pp := &preprocessor{p: p, d: d, macros: map[string]*macro{}, included: map[string]bool{filepath.Clean(in.path): true}, mem: &scratch{}}
	return pp.lexSplit(entry), d.list
}

// TestLexSplitIsSequential: reading a file in two halves (every file
// split, however small, the split moved over the whole text) gives the
// lines, tokens and diagnostics of one lexer reading it in order, on
// every corpus program, the oracle programs, the malformed inputs and
// programs whose first half changes how the second reads (a macro
// defined, a string, a comment or brackets across the split); the
// largest mode keeps its second half, and a macro defined before the
// split makes the second half read again.
func TestLexSplitIsSequential(t *testing.T) {
	inputs := programInputs(t)
	var defined, across strings.Builder
	defined.WriteString("#!define TWICE(v) A = v\n\n")
	across.WriteString("rule \"open\":\n    A = [1,\n")
	for i := range 40 {
		fmt.Fprintf(&defined, "rule \"r%d\":\n    TWICE(%d)\n\n", i, i)
		fmt.Fprintf(&across, "rule \"r%d\":\n    A = %d\n", i, i)
		switch i % 8 {
		case 1:
			across.WriteString("/* a comment\nrule \"in a comment\":\n*/\n")
		case 3:
			across.WriteString("    B = \"unclosed\n")
		case 5:
			across.WriteString("    C = 1 + \\\n")
		case 6:
			across.WriteString("\n  \t\n\n")
		}
	}
	inputs = append(inputs, programInput{"a macro defined", "m.opy", defined.String()},
		programInput{"open across lines", "m.opy", across.String()})
	saved, share, hook := lexSplitBytes, lexShare, lexSplitHook
	defer func() { lexSplitBytes, lexShare, lexSplitHook = saved, share, hook }()
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			lexSplitBytes = 1 << 62
			want, wantDiags := lexEntry(in)
			lexSplitBytes = 0
			shares := []float64{0.25, 0.5, 0.75}
			if len(in.text) < 100_000 {
				shares = shares[:0]
				for i := 1; i < 16; i++ {
					shares = append(shares, float64(i)/16)
				}
			}
			keptAny := false
			lexSplitHook = func(kept bool) { keptAny = keptAny || kept }
			for _, share := range shares {
				lexShare = share
				got, diags := lexEntry(in)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("split after %.2f: the lines read in two halves differ from those read in order", share)
				}
				if !reflect.DeepEqual(diags, wantDiags) {
					t.Fatalf("split after %.2f: diagnostics differ: split %v, in order %v", share, diags, wantDiags)
				}
			}
			switch in.name {
			case "z_heatstreet.opy":
				if !keptAny {
					t.Errorf("the largest mode never kept its second half")
				}
			case "a macro defined":
				if keptAny {
					t.Errorf("a second half was kept after a #!define")
				}
			}
		})
	}
}
