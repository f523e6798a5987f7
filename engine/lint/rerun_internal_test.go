package lint

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestRerunKeepsSummaries checks that a result of Rerun holds the
// summaries the next Rerun starts from (and the objects found), as a
// result of Run does: a language server lints each version from the last.
func TestRerunKeepsSummaries(t *testing.T) {
	text := "subroutines\n{\n\t0: Make\n}\n\n" +
		"rule(\"s\")\n{\n\tevent\n\t{\n\t\tSubroutine;\n\t\tMake;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t}\n}\n\n" +
		"rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tCall Subroutine(Make);\n\t}\n}\n"
	f := source.NewFile("t.ow", text)
	prev := engine.Check(f, engine.Options{})
	res := Run(Program{File: f, Script: prev.Script}, nil)
	at := strings.Index(text, "Call Subroutine")
	e := source.Edit{Span: source.Span{Start: at, End: at}, New: "Wait(2, Ignore Condition);\n\t\t"}
	nf := source.NewFile("t.ow", text[:at]+e.New+text[at:])
	next := engine.Recheck(prev, nf, e, engine.Options{})
	sp, ok := next.Splice()
	if !ok {
		t.Fatal("the edit was not read incrementally")
	}
	got := Rerun(res, Program{File: nf, Script: next.Script}, sp, nil)
	for name, s := range map[string]summary{"Run": res.summary, "Rerun": got.summary} {
		if len(s.events) != 2 || len(s.ruleCreates) != 2 || len(s.creates) != 1 {
			t.Errorf("%s: summary %+v, want the events and creations of 2 rules, 1 subroutine", name, s)
		}
		if s.objects == nil {
			t.Errorf("%s: the summary holds no objects for the next Rerun to find again", name)
		}
	}
}
