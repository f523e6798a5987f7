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

// TestMessagesQuoteShortAndEscaped checks files whose problems sit on a
// 1 MiB token or on text holding control characters (a terminal escape,
// a bell, a bidi override): each message quotes at most a short excerpt
// with an ellipsis, and no control character reaches the output raw.
func TestMessagesQuoteShortAndEscaped(t *testing.T) {
	big := strings.Repeat("Q", 1<<20)
	for _, c := range []struct {
		name, text string
		want       []string // in the output, in order
	}{
		{"token.ow", "rule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\t" + big + "(1);\n\t}\n}\n",
			[]string{`unknown action "QQQQ`, `Q…"`}},
		{"control.ow", "rule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition)\x07\n\t}\n}\n",
			[]string{`expected ';' after the action, found '\a'`}},
		{"token.opy", "rule \"U\":\n    @Event global\n    A = " + strings.ToLower(big) + "\n",
			[]string{`unknown name 'qqqq`, `q…': not a declared variable`}},
		{"control.opy", "settings {\"gamemodes\": {\"\x1b[2J\u202ex\": {}}}\nrule \"U\":\n    @Event global\n    A = 1\n",
			[]string{`unknown game mode "\x1b[2J\u202ex"; it is written as is`}},
	} {
		r := wright(t, "check", writeFile(t, c.name, []byte(c.text)))
		if r.stdout == "" {
			t.Fatalf("%s: exit %d, nothing printed, stderr %q", c.name, r.code, r.stderr)
		}
		for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			if len(l) > 400 {
				t.Errorf("%s: a line of %d bytes: %.200s…", c.name, len(l), l)
			}
			if strings.ContainsAny(l, "\x1b\x07\u202e") {
				t.Errorf("%s: a control character printed raw: %q", c.name, l)
			}
		}
		rest := r.stdout
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: the output lacks %s:\n%.600s", c.name, w, r.stdout)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}
