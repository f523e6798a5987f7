package optimize_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A rewrite is one table case: a program (or the actions of a global
// rule), and what the passes make of it; want "" means unchanged.
type rewrite struct {
	name string
	in   string
	want string
}

// program returns text as a whole program: text itself when it holds
// rules, else a global rule with text as its actions.
func program(text string) string {
	t := strings.TrimSpace(text)
	if t == "" || strings.HasPrefix(t, "rule") || strings.HasPrefix(t, "disabled rule") || strings.HasPrefix(t, "variables") {
		return text
	}
	return "rule(\"t\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" + text + "\n\t}\n}\n"
}

// parse reads a test program, which must have no parse error.
func parse(t *testing.T, text string) *ast.Script {
	t.Helper()
	c := engine.Check(source.NewFile("test.ow", program(text)), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
	if c.ParseErrors > 0 {
		for _, d := range c.Diags {
			if d.Severity == diag.Error {
				t.Fatalf("test program does not parse: %s: %s\n%s", d.Code, d.Message, program(text))
			}
		}
	}
	return c.Script
}

func show(t *testing.T, s *ast.Script) string {
	t.Helper()
	text, diags := printer.Print(s, printer.Options{Locale: vocab.EnUS})
	if len(diags) > 0 {
		t.Fatalf("print: %s", diags[0].Message)
	}
	return text
}

// checkRewrites runs the named passes over each case.
func checkRewrites(t *testing.T, passes []string, cases []rewrite) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := parse(t, tc.in)
			want := show(t, in)
			if tc.want != "" {
				want = show(t, parse(t, tc.want))
			}
			before := show(t, in)
			out, rep := optimize.Program(in, optimize.Options{Passes: passes})
			got := show(t, out)
			if got != want {
				t.Errorf("%v rewrote\n%s\ninto\n%s\nwant\n%s", passes, before, got, want)
			}
			if again := show(t, in); again != before {
				t.Errorf("the input changed:\n%s", again)
			}
			checkReport(t, in, out, rep)
		})
	}
}

// checkReport checks that the report's counts are the programs'.
func checkReport(t *testing.T, in, out *ast.Script, rep optimize.Report) {
	t.Helper()
	if b := cost.Count(in, cost.Options{}).Total; rep.Before != b {
		t.Errorf("report: before %d, the input counts %d", rep.Before, b)
	}
	if a := cost.Count(out, cost.Options{}).Total; rep.After != a {
		t.Errorf("report: after %d, the output counts %d", rep.After, a)
	}
	saved := 0
	for _, p := range rep.Passes {
		saved += p.Saved
	}
	if saved != rep.Saved() {
		t.Errorf("report: the passes saved %d in all, the program %d", saved, rep.Saved())
	}
	rules := 0
	for _, r := range rep.Rules {
		rules += r.Saved()
	}
	if rules != rep.Saved() {
		t.Errorf("report: the rules saved %d in all, the program %d", rules, rep.Saved())
	}
}

// pass returns a one-pass list.
func pass(name string) []string { return []string{name} }
