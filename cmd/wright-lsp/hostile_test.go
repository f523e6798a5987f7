package main

// Hostile input through the commands (issue 19): what a file of
// thousands of problems, or of one enormous token, makes check print.

import (
	"fmt"
	"strings"
	"testing"
)

// misspellings returns n distinct misspellings of Wait ("Waibb",
// "Waibc", …), each one edit or two away from it.
func misspellings(n int) []string {
	var out []string
	for _, a := range "bcdfgh" {
		for _, b := range "bcdfghjklmnpqrstvwxz" {
			if len(out) < n {
				out = append(out, "Wai"+string(a)+string(b))
			}
		}
	}
	return out
}

// TestSuggestionsAreBoundedPerFile checks a file of 120 distinct
// misspellings and one repeated: every name is reported, the first 100
// distinct ones with a suggestion, the others without, and the repeated
// one with the suggestion it got the first time. Without the bound
// every name is looked up over the whole vocabulary, which made a file
// of 100,000 unknown names take minutes. (providers/opy holds the same
// test for OverPy: check lists only 20 problems of an OverPy file that
// does not compile.)
func TestSuggestionsAreBoundedPerFile(t *testing.T) {
	names := misspellings(120)
	var ow strings.Builder
	ow.WriteString("rule(\"U\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n")
	for _, n := range names {
		fmt.Fprintf(&ow, "\t\t%s(1);\n", n)
	}
	fmt.Fprintf(&ow, "\t\t%s(1);\n\t}\n}\n", names[0])
	r := wright(t, "check", writeFile(t, "many.ow", []byte(ow.String())))
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 1 || len(lines) != 121 {
		t.Fatalf("exit %d, %d lines, want 1 and 121; stderr %q", r.code, len(lines), r.stderr)
	}
	for i, l := range lines {
		suggested := strings.HasSuffix(l, `; did you mean "Wait"?`)
		if !strings.Contains(l, "unknown-action") || suggested != (i < 100 || i == 120) {
			t.Errorf("line %d: %s", i+1, l)
		}
	}
}
