package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

// TestRerunEqualsRun edits every corpus file at random, each edit after
// the last (as TestRecheckEqualsCheck does), and checks each lint.Rerun,
// from the findings of the version before, against lint.Run of the edited
// program: findings (codes, spans, messages, evidence, fixes) and failed
// rules. It also checks that Rerun leaves the result it starts from as
// it was.
func TestRerunEqualsRun(t *testing.T) {
	// About ten seconds under the race detector.
	steps, bigSteps := 10, 2
	if testing.Short() {
		steps, bigSteps = 3, 1
	}
	if *recheckSteps > 0 {
		steps, bigSteps = *recheckSteps, *recheckSteps
	}
	cfg := &lint.Config{}
	rerun, reused, total := 0, 0, 0
	for fi, f := range edittest.WorkshopCorpus(t, "../../shared") {
		rng := rand.New(rand.NewPCG(*recheckSeed, 1000+uint64(fi)))
		n := steps
		if len(f.Text) > 200_000 {
			n = bigSteps
		}
		prev := Check(f, Options{})
		prevLint := lint.Run(lint.Program{File: f, Script: prev.Script}, cfg)
		text := f.Text
		for step := range n {
			e := lintEdit(rng, text, prev.Script)
			next := text[:e.Span.Start] + e.New + text[e.Span.End:]
			nf := source.NewFile(f.Path, next)
			got := Recheck(prev, nf, e, Options{})
			want := lint.Run(lint.Program{File: nf, Script: got.Script}, cfg)
			total++
			res := want
			if sp, ok := got.Splice(); ok {
				rerun++
				kept := cloneFindings(prevLint.Findings)
				res = lint.Rerun(prevLint, lint.Program{File: nf, Script: got.Script}, sp, cfg)
				if diff := findingsDifference(res, want); diff != "" {
					t.Fatalf("%s, edit %d (%v → %q, splice %+v): Rerun differs from Run: %s", f.Path, step, e.Span, e.New, sp, diff)
				}
				if !reflect.DeepEqual(prevLint.Findings, kept) {
					t.Fatalf("%s, edit %d: Rerun changed the findings it started from", f.Path, step)
				}
				if sp.Old < len(prev.Script.Rules) {
					reused++
				}
			}
			prev, prevLint, text = got, res, next
		}
	}
	if rerun*5 < total*2 || reused == 0 {
		t.Errorf("only %d of %d edits were linted again incrementally (%d reusing findings)", rerun, total, reused)
	}
	t.Logf("%d of %d edits were linted again incrementally", rerun, total)
}

// cloneFindings copies findings deeply enough to tell a change of them:
// the fixes and their edits.
func cloneFindings(fs []lint.Finding) []lint.Finding {
	out := append([]lint.Finding(nil), fs...)
	for i := range out {
		if f := out[i].Fix; f != nil {
			c := *f
			c.Edits = append(c.Edits[:0:0], f.Edits...)
			out[i].Fix = &c
		}
	}
	return out
}

// findingsDifference names the first finding of got and want that
// differs, and a difference of their failed rules: "" when none.
func findingsDifference(got, want *lint.Result) string {
	if !reflect.DeepEqual(got.Skipped, want.Skipped) {
		return fmt.Sprintf("failed rules %v, want %v", got.Skipped, want.Skipped)
	}
	for i := 0; i < max(len(got.Findings), len(want.Findings)); i++ {
		switch {
		case i >= len(got.Findings):
			return fmt.Sprintf("%d findings, want %d; first missing: %+v", len(got.Findings), len(want.Findings), want.Findings[i])
		case i >= len(want.Findings):
			return fmt.Sprintf("%d findings, want %d; first extra: %+v", len(got.Findings), len(want.Findings), got.Findings[i])
		case !reflect.DeepEqual(got.Findings[i], want.Findings[i]):
			return fmt.Sprintf("finding %d:\n got %+v %+v\nwant %+v %+v", i, got.Findings[i], got.Findings[i].Fix, want.Findings[i], want.Findings[i].Fix)
		}
	}
	return ""
}

// lintStatements are actions an edit inserts to change what the rules
// reading across Workshop rules see: calls (SUB is a subroutine of the
// script), creations and Last … ID reads, destroy-alls, event values and
// variable reads and writes, and flow the rule-local rules read.
var lintStatements = []string{
	"Call Subroutine(SUB);", "Start Rule(SUB, Restart Rule);", "Create Effect(All Players(All Teams), Ring, Color(White), Event Player, 1, Visible To);",
	"Create HUD Text(All Players(All Teams), Custom String(\"{0} {3}\", Null), Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To, Default Visibility);",
	"Global.A = Last Created Entity;", "Global.A = Last Text ID;", "Call Subroutine(SUB);\nGlobal.A = Last Text ID;",
	"Call Subroutine(SUB);\nGlobal.A = Last Created Entity;", "Destroy All Effects;", "Destroy All HUD Text;", "Global.A = Attacker;",
	"Event Player.A = Event Healing;", "Global.B = Global.A;", "Skip(99);", "Skip(5);", "Abort;", "Loop;", "Wait(0.001, Ignore Condition);",
	"Wait(9999, Ignore Condition);", "Global.C = Distance Between(Event Player, Global.A) + Distance Between(Event Player, Global.A);",
}

// lintEdit returns an edit of text: half the time a random edit
// (randomEdit), else an action inserted before an action or deleted, or
// a rule's event changed.
func lintEdit(rng *rand.Rand, text string, s *ast.Script) source.Edit {
	var acts []*ast.Rule
	for _, r := range s.Rules {
		if r.Actions != nil && len(r.Actions.Statements) > 0 {
			acts = append(acts, r)
		}
	}
	if rng.IntN(2) == 0 || len(acts) == 0 {
		return randomEdit(rng, text, s)
	}
	// A third of the edits go to subroutines, whose callers' findings
	// depend on them.
	var subRules []*ast.Rule
	for _, r := range acts {
		if r.Subroutine() != "" {
			subRules = append(subRules, r)
		}
	}
	if len(subRules) > 0 && rng.IntN(3) == 0 {
		acts = subRules
	}
	r := acts[rng.IntN(len(acts))]
	st := r.Actions.Statements[rng.IntN(len(r.Actions.Statements))]
	switch rng.IntN(4) {
	case 0:
		return edittest.DeleteStatement(text, st)
	case 1:
		if r.Event != nil && len(r.Event.Lines) > 0 {
			events := []string{"Ongoing - Global", "Ongoing - Each Player", "Player Died", "Player Received Healing"}
			return source.Edit{Span: r.Event.Lines[0].Span, New: events[rng.IntN(len(events))]}
		}
	}
	var subs []string
	for _, q := range s.Rules {
		if name := q.Subroutine(); name != "" {
			subs = append(subs, name)
		}
	}
	ins := lintStatements[rng.IntN(len(lintStatements))]
	if len(subs) > 0 {
		ins = strings.ReplaceAll(ins, "SUB", subs[rng.IntN(len(subs))])
	}
	return source.Edit{Span: source.Span{Start: st.Span.Start, End: st.Span.Start}, New: ins + "\n"}
}
