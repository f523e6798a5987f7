package lint_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestRerunAcrossRules makes edits inside one rule that change the
// findings on rules the edit did not touch, and checks Rerun against Run
// of the edited program. (engine's TestRerunEqualsRun edits the corpus at
// random, where such edits are rare.)
func TestRerunAcrossRules(t *testing.T) {
	decls := symDecls([]string{"t", "e", "a"}, nil, []string{"Make"})
	for _, c := range []struct {
		name, text string
		// The edit replaces the first occurrence of old after the first
		// occurrence of at.
		at, old, new string
	}{
		{"a subroutine now creates an effect: its caller's Last Text ID", decls +
			symRule("s", "Subroutine; Make", nil, "Global.a = 1") +
			symRule("r", symGlobal, nil, "Call Subroutine(Make)", "Global.t = Last Text ID"),
			`rule("s")`, "Global.a = 1", symEffect},
		{"a subroutine's caller now provides the damage values", decls +
			symRule("s", "Subroutine; Make", nil, "Global.a = Attacker") +
			symRule("r", symEach, nil, "Call Subroutine(Make)"),
			`rule("r")`, "Ongoing - Each Player", "Player Died"},
		{"the only call of a subroutine goes", decls +
			symRule("s", "Subroutine; Make", nil, "Global.a = 1") +
			symRule("r", symGlobal, nil, "Call Subroutine(Make)", "Global.e = Global.a"),
			`rule("r")`, "Call Subroutine(Make);", ""},
		{"an unused variable is now used", decls +
			symRule("r", symGlobal, nil, "Global.t = 1", "Global.a = Global.t") +
			symRule("q", symGlobal, nil, "Global.a = 2"),
			`rule("r")`, "Global.t = 1", "Global.e = 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := source.NewFile("t.ow", c.text)
			prev := engine.Check(f, engine.Options{})
			before := lint.Run(lint.Program{File: f, Script: prev.Script}, nil)
			at := strings.Index(c.text, c.at)
			start := at + strings.Index(c.text[at:], c.old)
			e := source.Edit{Span: source.Span{Start: start, End: start + len(c.old)}, New: c.new}
			nf := source.NewFile("t.ow", c.text[:start]+c.new+c.text[start+len(c.old):])
			next := engine.Recheck(prev, nf, e, engine.Options{})
			sp, ok := next.Splice()
			if !ok {
				t.Fatal("the edit was not read incrementally")
			}
			if sp.First+sp.Old >= len(prev.Script.Rules) && sp.First == 0 {
				t.Fatalf("the edit read every rule again (%+v)", sp)
			}
			want := lint.Run(lint.Program{File: nf, Script: next.Script}, nil)
			if reflect.DeepEqual(messages(want), messages(before)) {
				t.Fatalf("the edit changes no finding: %v", want.Findings)
			}
			got := lint.Rerun(before, lint.Program{File: nf, Script: next.Script}, sp, nil)
			if !reflect.DeepEqual(got.Findings, want.Findings) || !reflect.DeepEqual(got.Skipped, want.Skipped) {
				t.Errorf("Rerun:\n%v\nRun:\n%v", got.Findings, want.Findings)
			}
		})
	}
}

// messages returns the codes and messages of a result's findings.
func messages(r *lint.Result) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Code+": "+f.Message)
	}
	return out
}
