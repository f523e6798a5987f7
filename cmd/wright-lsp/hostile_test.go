package main

// Hostile input through the commands (issue 19): what a file of
// thousands of problems, or of one enormous token, makes check print.

import (
	"fmt"
	"os"
	"path/filepath"
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

// TestCompileOutputLimits compiles deeply nested programs through the
// command. Ten thousand nested Ifs compile to a text whose lines stop
// indenting at 64 tabs (it was 100 MB, which wright-lsp could not read
// back), and check reads it back. A program whose printed text would be
// over 4 MiB (here: 1.5 MiB of unindented actions inside 70 Ifs, each
// line printed after 64 tabs) is refused with output-too-large, and
// nothing is written, to a file or to standard output.
func TestCompileOutputLimits(t *testing.T) {
	head := "rule(\"Deep\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n"
	deep := head + strings.Repeat("If(True);\n", 10000) + "Wait(1, Ignore Condition);\n" + strings.Repeat("End;\n", 10000) + "\t}\n}\n"
	in := writeFile(t, "deep.ow", []byte(deep))
	out := filepath.Join(filepath.Dir(in), "out.ow")
	r := wright(t, "compile", "-o", out, in)
	if r.code != 0 {
		t.Fatalf("compile of 10,000 nested Ifs: exit %d, stderr %q", r.code, r.stderr)
	}
	info, err := os.Stat(out)
	if err != nil || info.Size() > 2<<20 {
		t.Fatalf("the output: %v, %v", info, err)
	}
	if r := wright(t, "check", out); r.code != 0 {
		t.Errorf("check of the output: exit %d, %q", r.code, r.stderr)
	}

	wide := head + strings.Repeat("If(True);\n", 70) + strings.Repeat("Wait(1, Ignore Condition);\n", (3<<20)/54) + strings.Repeat("End;\n", 70) + "\t}\n}\n"
	in = writeFile(t, "wide.ow", []byte(wide))
	out = filepath.Join(filepath.Dir(in), "out.ow")
	for _, args := range [][]string{{"compile", "-o", out, in}, {"compile", "-o", "-", in}} {
		r := wright(t, args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "output-too-large") || !strings.Contains(r.stderr, "the limit is 4 MiB (4194304 bytes)") {
			t.Errorf("%v: exit %d, %d bytes on stdout, stderr %q", args, r.code, len(r.stdout), r.stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the refused output was written")
	}
}
