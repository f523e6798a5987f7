package opy

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// memFiles serves included files from a map.
func memFiles(files map[string]string) Options {
	return Options{
		ReadFile: func(p string) (string, error) {
			if t, ok := files[filepath.ToSlash(p)]; ok {
				return t, nil
			}
			return "", errors.New("no such file")
		},
		ReadDir: func(p string) ([]string, error) {
			var out []string
			dir := filepath.ToSlash(p) + "/"
			for name := range files {
				if strings.HasPrefix(name, dir) && !strings.Contains(name[len(dir):], "/") {
					out = append(out, name[len(dir):])
				}
			}
			return out, nil
		},
	}
}

// TestLowering compiles small programs and requires lines of the lowered
// text, in order.
func TestLowering(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string // main.opy is compiled
		want  []string
	}{
		{"rule prefix", map[string]string{"main.opy": "#!rulePrefix \"pre\"\nrule \"a\":\n    A = 1\nrule \"\":\n    A = 2\n#!rulePrefix \"\"\nrule \"c\":\n    A = 3\n"},
			[]string{`rule ("[pre] a") {`, `rule ("") {`, `rule ("c") {`}},
		{"rule prefix scoped to its included file", map[string]string{
			"main.opy": "#!rulePrefix \"m\"\n#!include \"inc.opy\"\nrule \"after\":\n    A = 1\n",
			"inc.opy":  "rule \"inherited\":\n    A = 2\n#!rulePrefix \"i\"\nrule \"own\":\n    A = 3\n"},
			[]string{`rule ("[m] inherited") {`, `rule ("[i] own") {`, `rule ("[m] after") {`}},
		{"include a folder, sorted, once", map[string]string{
			"main.opy":  "#!include \"lib/\"\n#!include \"lib/a.opy\"\n",
			"lib/b.opy": "rule \"b\":\n    A = 2\n", "lib/a.opy": "rule \"a\":\n    A = 1\n", "lib/x.txt": "junk"},
			[]string{`rule ("a") {`, `rule ("b") {`}},
		{"text macro with arguments and several lines", map[string]string{"main.opy": "#!define both(x) A = x\\\nB = x\nrule \"r\":\n    both(3)\n"},
			[]string{`Set Global Variable(A, 3);`, `Set Global Variable(B, 3);`}},
		{"1e-5 is a number", map[string]string{"main.opy": "rule \"r\":\n    A = 1e-5\n    B = 0x1F\n    C = 1.5e3\n"},
			[]string{`Set Global Variable(A, 0.00001);`, `Set Global Variable(B, 31);`, `Set Global Variable(C, 1500);`}},
		{"subroutine index of an undeclared def", map[string]string{"main.opy": "subroutine a\nsubroutine b 1\ndef c():\n    A = 1\n"},
			[]string{`    0: a`, `    1: b`, `    2: c`}},
		{"compound assignments unoptimised", map[string]string{"main.opy": "rule \"r\":\n    A min= 3\n    A[2] += 1\n    A++\n"},
			[]string{`Set Global Variable(A, Min(Global.A, 3));`, `Set Global Variable At Index(A, 2, Add(Value In Array(Global.A, 2), 1));`, `Set Global Variable(A, Add(Global.A, 1));`}},
		{"continue skips to the end of the loop", map[string]string{"main.opy": "rule \"r\":\n    while true:\n        if A:\n            continue\n        B = 1\n"},
			[]string{`While(True);`, `If(Global.A);`, `Skip(2);`, `End;`, `Set Global Variable(B, 1);`, `//__label_continue_`, `End;`}},
		{"switch", map[string]string{"main.opy": "rule \"r\":\n    switch A:\n        case 1:\n            B = 1\n            break\n        default:\n            C = 1\n"},
			[]string{`If(True);`, `Skip(Value In Array(Array(2, 0), Add(1, Index Of Array Value(Array(1), Global.A))));`, `Set Global Variable(B, 1);`, `Else;`, `Set Global Variable(C, 1);`, `End;`}},
		{"goto", map[string]string{"main.opy": "rule \"r\":\n    goto x\n    A = 1\n    B = 2\n    x:\n    C = 3\n"},
			[]string{`Skip(2);`, `//x:`}},
		{"variable initialisers in generated rules", map[string]string{"main.opy": "globalvar g = 5\nplayervar p = [1]\nglobalvar z = 0\nrule \"r\":\n    g = 1\n"},
			[]string{`rule ("Initialize global variables") {`, `Set Global Variable(g, 5);`, `rule ("Initialize player variables") {`, `Set Player Variable(Event Player, p, Array(1));`, `rule ("r") {`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := Compile("main.opy", c.files["main.opy"], memFiles(c.files))
			if Errors(res.Diags) > 0 {
				t.Fatalf("errors:%s", listDiags(res.Diags, c.files["main.opy"]))
			}
			text := res.Text
			for _, w := range c.want {
				i := strings.Index(text, w)
				if i < 0 {
					t.Fatalf("no %q (in order) in:\n%s", w, res.Text)
				}
				text = text[i+len(w):]
			}
		})
	}
}

func TestRuleTitle(t *testing.T) {
	cases := map[string]string{
		"pass trigger":           "pass tri\u00adgger",
		"ADMIN Blow-up":          "A\u00adDMIN B\u00adlow-up",
		"pas\u200bs":             "pass",
		"tri\u00adgger":          "tri\u00adgger",
		"mañana account":         "mañana a\u00adccount",
		"no censored words here": "no censored words here",
		"list triggers (t)":      "list triggers (t)",
	}
	for in, want := range cases {
		if got := ruleTitle(in); got != want {
			t.Errorf("ruleTitle(%q) = %q, want %q", in, got, want)
		}
	}
}
