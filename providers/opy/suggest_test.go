package opy

import (
	"fmt"
	"strings"
	"testing"
)

// TestSuggestionsAreBounded compiles a program of 120 distinct
// misspellings of wait and one repeated: every name is reported, the
// first 100 look-ups with a suggestion and the others without (each
// look-up used to fold the whole vocabulary, so a file of thousands of
// unknown names took minutes).
func TestSuggestionsAreBounded(t *testing.T) {
	var src strings.Builder
	src.WriteString("rule \"U\":\n    @Event global\n")
	n := 0
	for _, a := range "bcdfgh" {
		for _, b := range "bcdfghjklmnpqrstvwxz" {
			if n < 120 {
				fmt.Fprintf(&src, "    wai%c%c(1)\n", a, b)
				n++
			}
		}
	}
	res := Compile("many.opy", src.String(), Options{})
	suggested := 0
	for i, d := range res.Diags {
		if d.Code != codeUnknownFunction {
			t.Fatalf("diagnostic %d: %s %s", i, d.Code, d.Message)
		}
		if len(d.Suggestions) > 0 {
			suggested++
			if i >= 100 || d.Suggestions[0] != "wait" {
				t.Errorf("diagnostic %d: %s (suggestions %q)", i, d.Message, d.Suggestions)
			}
		}
	}
	if len(res.Diags) != 120 || suggested != 100 {
		t.Errorf("%d diagnostics, %d with suggestions; want 120 and 100", len(res.Diags), suggested)
	}
}
