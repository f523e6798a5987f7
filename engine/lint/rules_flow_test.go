package lint_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// The helpers of the flow and value rule tests.

// fvDecls declares the variables and subroutines the test programs use.
const fvDecls = `variables
{
	global:
		0: A
		1: B
		2: C
		3: D
		4: I

	player:
		0: P
		1: Q
}

subroutines
{
	0: Sub0
	1: Sub1
}

`

const (
	fvGlobal     = "Ongoing - Global;"
	fvEachPlayer = "Ongoing - Each Player;\n\t\tAll;\n\t\tAll;"
)

// fvRule returns the text of one rule with the given event lines,
// conditions (may be empty) and actions, one statement a line.
func fvRule(name, event, conditions, actions string) string {
	var b strings.Builder
	b.WriteString("rule(\"" + name + "\")\n{\n\tevent\n\t{\n\t\t" + event + "\n\t}\n")
	if conditions != "" {
		b.WriteString("\n\tconditions\n\t{\n")
		for _, l := range strings.Split(strings.TrimSpace(conditions), "\n") {
			b.WriteString("\t\t" + strings.TrimSpace(l) + "\n")
		}
		b.WriteString("\t}\n")
	}
	b.WriteString("\n\tactions\n\t{\n")
	for _, l := range strings.Split(strings.TrimSpace(actions), "\n") {
		b.WriteString("\t\t" + strings.TrimSpace(l) + "\n")
	}
	b.WriteString("\t}\n}\n")
	return b.String()
}

// fvProgram returns the declarations and a global rule with actions.
func fvProgram(actions string) string {
	return fvDecls + fvRule("test", fvGlobal, "", actions)
}

// fvConfig returns a config running only rule id.
func fvConfig(t *testing.T, id string) *lint.Config {
	t.Helper()
	cfg := &lint.Config{}
	found := false
	for _, r := range lint.Builtin() {
		if r.ID == id {
			found = true
			continue
		}
		if err := cfg.Disable(r.ID); err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatalf("rule %s is not registered", id)
	}
	return cfg
}

// fvLint parses text, which must read without errors, and runs rule id
// alone on it.
func fvLint(t *testing.T, id, text string) []lint.Finding {
	t.Helper()
	f := source.NewFile("t.ow", text)
	res := parser.Parse(f, parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("test program does not parse: %v\n%s", res.Diags, text)
	}
	out := lint.Run(lint.Program{File: f, Script: res.Script}, fvConfig(t, id))
	for _, s := range out.Skipped {
		t.Fatalf("rule %s skipped: %s", s.Rule, s.Reason)
	}
	for _, fd := range out.Findings {
		if fd.Code != id {
			t.Fatalf("finding of another rule: %+v", fd)
		}
		if fd.Message == "" || strings.ToLower(fd.Message[:1]) != fd.Message[:1] || strings.HasSuffix(fd.Message, ".") {
			t.Errorf("message %q: want lower case, no final period", fd.Message)
		}
		if fd.Span.Start < 0 || fd.Span.End > len(text) || fd.Span.Start >= fd.Span.End {
			t.Errorf("finding span %v out of the text", fd.Span)
		}
	}
	return out.Findings
}

// fvCase is a table case: a program and how many findings it gives; want
// is a substring of the first finding's message, and evidence of its
// evidence, when set.
type fvCase struct {
	name     string
	text     string
	count    int
	want     string
	evidence string
}

func fvRun(t *testing.T, id string, cases []fvCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := fvLint(t, id, c.text)
			if len(got) != c.count {
				t.Fatalf("got %d findings, want %d: %+v\n%s", len(got), c.count, got, c.text)
			}
			if c.count == 0 {
				return
			}
			if c.want != "" && !strings.Contains(got[0].Message, c.want) {
				t.Errorf("message %q does not contain %q", got[0].Message, c.want)
			}
			if c.evidence != "" && got[0].Evidence != c.evidence {
				t.Errorf("evidence %q, want %q", got[0].Evidence, c.evidence)
			}
		})
	}
}

// fvApplyFix applies the fix of finding f to text and checks that the
// result parses and validates with no error the original did not have,
// and that rule id no longer reports it (no finding with the same
// evidence). It returns the fixed text.
func fvApplyFix(t *testing.T, id, text string, f lint.Finding) string {
	t.Helper()
	if f.Fix == nil {
		t.Fatalf("finding has no fix: %+v", f)
	}
	fixed, err := source.Apply(text, f.Fix.Edits)
	if err != nil {
		t.Fatal(err)
	}
	errors := func(s string) int {
		n := 0
		for _, d := range engine.Check(source.NewFile("t.ow", s), engine.Options{}).Diags {
			if d.Severity == diag.Error {
				n++
			}
		}
		return n
	}
	if before, after := errors(text), errors(fixed); after > before {
		t.Fatalf("the fix adds errors (%d, was %d):\n%s", after, before, fixed)
	}
	for _, g := range fvLint(t, id, fixed) {
		if g.Evidence == f.Evidence {
			t.Errorf("the finding remains after the fix: %s\n%s", g.Message, fixed)
		}
	}
	return fixed
}

func TestFlowValueRulesMetadata(t *testing.T) {
	ids := []string{"duplicate-condition", "unreachable-action", "loop-without-wait", "wait-below-minimum",
		"wait-shorter-than-game", "skip-past-end", "repeated-value", "constant-condition",
		"event-player-in-global-rule", "custom-string-placeholders"}
	cfg := &lint.Config{}
	for _, id := range ids {
		r := cfg.Lookup(id)
		if r == nil {
			t.Errorf("rule %s is not registered", id)
			continue
		}
		if r.Summary == "" || r.Rationale == "" || r.Limits == "" || len(r.Tags) == 0 || r.Check == nil {
			t.Errorf("rule %s lacks metadata: %+v", id, r)
		}
		if r.Severity == diag.Error {
			t.Errorf("rule %s is an error: none of these rules reports a confirmed defect", id)
		}
	}
	for id, kind := range map[string]string{"duplicate-condition": "remove-dead-branch", "repeated-value": "evaluate-once"} {
		if r := cfg.Lookup(id); r == nil || len(r.Fixes) != 1 || r.Fixes[0] != kind {
			t.Errorf("rule %s should offer fix %s", id, kind)
		}
	}
}

func TestDuplicateCondition(t *testing.T) {
	fvRun(t, "duplicate-condition", []fvCase{
		{name: "same as the If", count: 1, want: "same condition as the If", evidence: "Else If(Global.A == 1)",
			text: fvProgram("If(Global.A == 1);\nGlobal.B = 1;\nElse If(Global.A == 1);\nGlobal.B = 2;\nEnd;")},
		{name: "same as an earlier Else If", count: 1, want: "an earlier Else If",
			text: fvProgram("If(Global.A == 1);\nElse If(Global.B);\nGlobal.C = 1;\nElse If(Global.B);\nGlobal.C = 2;\nElse;\nEnd;")},
		{name: "parentheses do not matter", count: 1,
			text: fvProgram("If((Global.A == 1));\nElse If(Global.A == 1);\nEnd;")},
		{name: "twice repeated", count: 2,
			text: fvProgram("If(Global.A);\nElse If(Global.A);\nElse If(Global.A);\nEnd;")},
		{name: "other conditions", count: 0,
			text: fvProgram("If(Global.A == 1);\nElse If(Global.A == 2);\nElse If(Global.A != 1);\nEnd;")},
		{name: "random values differ per evaluation", count: 0,
			text: fvProgram("If(Random Integer(0, 1) == 1);\nElse If(Random Integer(0, 1) == 1);\nEnd;")},
		{name: "separate Ifs", count: 0,
			text: fvProgram("If(Global.A);\nEnd;\nIf(Global.A);\nEnd;")},
		{name: "nested If in the branch", count: 0,
			text: fvProgram("If(Global.A);\nIf(Global.A);\nEnd;\nEnd;")},
		{name: "a Skip lands in the branch", count: 0,
			text: fvProgram("Skip(2);\nIf(Global.A);\nElse If(Global.A);\nGlobal.B = 1;\nEnd;")},
		{name: "a dynamic Skip may land in the branch", count: 0,
			text: fvProgram("Skip(Global.C);\nIf(Global.A);\nElse If(Global.A);\nGlobal.B = 1;\nEnd;")},
		{name: "disabled Else If", count: 0,
			text: fvProgram("If(Global.A);\ndisabled Else If(Global.A);\nEnd;")},
	})
}

func TestDuplicateConditionFix(t *testing.T) {
	text := fvProgram("If(Global.A == 1);\nGlobal.B = 1;\nElse If(Global.A == 1);\n\"dead\"\nGlobal.B = 2;\ndisabled Global.B = 3;\nElse;\nGlobal.B = 4;\nEnd;")
	got := fvLint(t, "duplicate-condition", text)
	if len(got) != 1 || got[0].Fix == nil || got[0].Fix.Kind != "remove-dead-branch" {
		t.Fatalf("want one finding with a remove-dead-branch fix: %+v", got)
	}
	fixed := fvApplyFix(t, "duplicate-condition", text, got[0])
	want := fvProgram("If(Global.A == 1);\nGlobal.B = 1;\nElse;\nGlobal.B = 4;\nEnd;")
	if fixed != want {
		t.Errorf("fixed text:\n%s\nwant:\n%s", fixed, want)
	}

	// A last Else If before End, and CRLF line breaks.
	text = strings.ReplaceAll(fvProgram("If(Global.A);\nElse If(Global.B);\nGlobal.C = 1;\nElse If(Global.A);\nGlobal.C = 2;\nEnd;\nGlobal.D = 1;"), "\n", "\r\n")
	got = fvLint(t, "duplicate-condition", text)
	if len(got) != 1 {
		t.Fatalf("want one finding: %+v", got)
	}
	fixed = fvApplyFix(t, "duplicate-condition", text, got[0])
	want = strings.ReplaceAll(fvProgram("If(Global.A);\nElse If(Global.B);\nGlobal.C = 1;\nEnd;\nGlobal.D = 1;"), "\n", "\r\n")
	if fixed != want {
		t.Errorf("fixed text:\n%q\nwant:\n%q", fixed, want)
	}

	// Two statements on one line: the branch is deleted without its line.
	text = fvDecls + "rule(\"x\") { event { Ongoing - Global; } actions { If(Global.A); Else If(Global.A); Global.B = 1; End; } }\n"
	got = fvLint(t, "duplicate-condition", text)
	if len(got) != 1 {
		t.Fatalf("want one finding: %+v", got)
	}
	fixed = fvApplyFix(t, "duplicate-condition", text, got[0])
	if want := fvDecls + "rule(\"x\") { event { Ongoing - Global; } actions { If(Global.A); End; } }\n"; fixed != want {
		t.Errorf("fixed text:\n%s\nwant:\n%s", fixed, want)
	}
}

func TestDuplicateConditionFixWithheld(t *testing.T) {
	for name, actions := range map[string]string{
		"a Skip jumps over the branch": "Skip If(Global.C, 5);\nIf(Global.A);\nElse If(Global.A);\nGlobal.B = 1;\nEnd;\nGlobal.D = 1;",
		"the If has no End":            "If(Global.A);\nElse If(Global.A);\nGlobal.B = 1;",
	} {
		t.Run(name, func(t *testing.T) {
			got := fvLint(t, "duplicate-condition", fvProgram(actions))
			if len(got) != 1 || got[0].Fix != nil {
				t.Fatalf("want one finding without a fix: %+v", got)
			}
		})
	}
}

func TestUnreachableAction(t *testing.T) {
	fvRun(t, "unreachable-action", []fvCase{
		{name: "after Abort", count: 1, want: "these 2 actions are never reached after Abort", evidence: "Global.B = 1",
			text: fvProgram("Global.A = 1;\nAbort;\nGlobal.B = 1;\nSmall Message(All Players(All Teams), Custom String(\"x\"));")},
		{name: "after Loop", count: 1, want: "after Loop",
			text: fvProgram("Wait(1, Ignore Condition);\nLoop;\nGlobal.B = 1;")},
		{name: "jumped over by Skip", count: 1, want: "this action is never reached after Skip",
			text: fvProgram("Skip(1);\nGlobal.B = 1;\nGlobal.C = 1;")},
		{name: "two runs", count: 2,
			text: fvProgram("Skip(1);\nGlobal.B = 1;\nGlobal.C = 1;\nAbort;\nGlobal.D = 1;")},
		{name: "Abort inside an If", count: 0,
			text: fvProgram("If(Global.A);\nAbort;\nEnd;\nGlobal.B = 1;")},
		{name: "End after a branch that aborts", count: 0,
			text: fvProgram("If(Global.A);\nGlobal.B = 1;\nElse;\nAbort;\nEnd;\nGlobal.C = 1;")},
		{name: "a dynamic Skip", count: 0,
			text: fvProgram("Skip(Global.A);\nAbort;\nGlobal.B = 1;")},
		{name: "disabled actions", count: 0,
			text: fvProgram("Abort;\ndisabled Global.B = 1;")},
		{name: "Break leaves the loop", count: 0,
			text: fvProgram("While(Global.A);\nBreak;\nEnd;\nGlobal.B = 1;")},
	})
}

func TestLoopWithoutWait(t *testing.T) {
	fvRun(t, "loop-without-wait", []fvCase{
		{name: "Loop with no wait", count: 1, evidence: "Loop", want: "this Loop can run again without a Wait",
			text: fvProgram("Global.A += 1;\nLoop;")},
		{name: "Loop If Condition Is True with no wait", count: 1,
			text: fvDecls + fvRule("r", fvEachPlayer, "Is Alive(Event Player) == True;", "Small Message(Event Player, Custom String(\"x\"));\nLoop If Condition Is True;")},
		{name: "a path around the Wait", count: 1,
			text: fvProgram("If(Global.A);\nWait(1, Ignore Condition);\nEnd;\nLoop;")},
		{name: "a Wait on every path", count: 0,
			text: fvProgram("If(Global.A);\nWait(1, Ignore Condition);\nElse;\nWait Until(Global.B, 5);\nEnd;\nLoop;")},
		{name: "Wait before Loop", count: 0,
			text: fvProgram("Wait(0, Ignore Condition);\nGlobal.A += 1;\nLoop;")},
		{name: "Call Subroutine may wait", count: 0,
			text: fvProgram("Call Subroutine(Sub0);\nLoop;")},
		{name: "a For loop with literal bounds that waits", count: 0,
			text: fvProgram("For Global Variable(I, 0, 3, 1);\nWait(1, Ignore Condition);\nEnd;\nLoop;")},
		{name: "a For loop that may not run", count: 1,
			text: fvProgram("For Global Variable(I, 0, Global.A, 1);\nWait(1, Ignore Condition);\nEnd;\nLoop;")},
		{name: "a bounded Loop If", count: 0,
			text: fvProgram("Global.A += 1;\nLoop If(Global.A < 10);")},
		{name: "a Loop guarded by an If on a counter", count: 0,
			text: fvProgram("If(Global.A < 10);\nGlobal.A += 1;\nLoop;\nEnd;")},
		{name: "a dynamic Skip", count: 0,
			text: fvProgram("Skip(Global.B);\nLoop;")},
		{name: "empty While(True)", count: 1, want: "this While loop can go around without a Wait",
			text: fvProgram("While(True);\nEnd;")},
		{name: "While whose body cannot end it", count: 1,
			text: fvProgram("While(Global.A == 1);\nGlobal.B += 1;\nEnd;")},
		{name: "While on game state with inert actions", count: 1,
			text: fvDecls + fvRule("r", fvEachPlayer, "", "While(Is Alive(Event Player));\nSmall Message(Event Player, Custom String(\"x\"));\nEnd;")},
		{name: "While counting", count: 0,
			text: fvProgram("While(Global.A < 10);\nGlobal.A += 1;\nEnd;")},
		{name: "While with a Wait", count: 0,
			text: fvProgram("While(True);\nWait(1, Ignore Condition);\nEnd;")},
		{name: "While with a Break", count: 0,
			text: fvProgram("While(True);\nIf(Global.A);\nBreak;\nEnd;\nEnd;")},
		{name: "While on game state with an action changing it", count: 0,
			text: fvDecls + fvRule("r", fvEachPlayer, "", "While(Is Alive(Event Player));\nDamage(Event Player, Null, 10);\nEnd;")},
	})
}

// TestWaitBelowMinimum: a Wait of a literal between 0 and one tick is the
// validator's wait-too-short; the rule reports what that leaves.
func TestWaitBelowMinimum(t *testing.T) {
	fvRun(t, "wait-below-minimum", []fvCase{
		{name: "Wait 0.001: the validator's", count: 0, text: fvProgram("Wait(0.001, Ignore Condition);")},
		{name: "Wait (0.001)", count: 1, evidence: "0.001", want: "a wait of 0.001 seconds lasts one server tick",
			text: fvProgram("Wait((0.001), Ignore Condition);")},
		{name: "Wait Until timeout", count: 1, want: "a Wait Until timeout of 0.005 seconds",
			text: fvProgram("Wait Until(Global.A == True, 0.005);")},
		{name: "negative", count: 1, text: fvProgram("Wait(-1, Ignore Condition);")},
		{name: "zero", count: 0, text: fvProgram("Wait(0, Ignore Condition);")},
		{name: "one tick", count: 0, text: fvProgram("Wait(0.016, Ignore Condition);")},
		{name: "not a literal", count: 0, text: fvProgram("Wait(Global.A, Ignore Condition);")},
		{name: "disabled", count: 0, text: fvProgram("disabled Wait(0.001, Ignore Condition);")},
	})
}

func TestWaitShorterThanGame(t *testing.T) {
	fvRun(t, "wait-shorter-than-game", []fvCase{
		{name: "Wait 9999", count: 1, evidence: "9999", want: "write 99999",
			text: fvProgram("Wait(9999, Ignore Condition);")},
		{name: "Wait Until 16000", count: 1, want: "a Wait Until timeout of 16000 seconds",
			text: fvProgram("Wait Until(Global.A == True, 16000);")},
		{name: "Wait 99999", count: 0, text: fvProgram("Wait(99999, Ignore Condition);")},
		{name: "Wait 16200", count: 0, text: fvProgram("Wait(16200, Ignore Condition);")},
		{name: "Wait 100", count: 0, text: fvProgram("Wait(100, Ignore Condition);")},
	})
}

func TestSkipPastEnd(t *testing.T) {
	fvRun(t, "skip-past-end", []fvCase{
		{name: "past the end", count: 1, evidence: "5", want: "skips 5 actions but only 2 follow it",
			text: fvProgram("Skip(5);\nGlobal.A = 1;\nGlobal.B = 1;")},
		{name: "Skip If past the end", count: 1, want: "Abort If",
			text: fvProgram("Skip If(Global.C, 3);\nGlobal.A = 1;")},
		{name: "disabled actions do not count", count: 1,
			text: fvProgram("Skip(2);\nGlobal.A = 1;\ndisabled Global.B = 1;")},
		{name: "to the end exactly", count: 0, text: fvProgram("Skip(2);\nGlobal.A = 1;\nGlobal.B = 1;")},
		{name: "the skip-to-end idiom", count: 0, text: fvProgram("Skip If(Global.C, 99);\nGlobal.A = 1;")},
		{name: "not a literal", count: 0, text: fvProgram("Skip(Global.C);\nGlobal.A = 1;")},
	})
}

// TestFlowValueRulesOnPayloads checks that the rules read actions-only
// and conditions-only payloads, with findings outside every rule.
func TestFlowValueRulesOnPayloads(t *testing.T) {
	got := fvLint(t, "unreachable-action", "actions\n{\n\tGlobal.A = 1;\n\tAbort;\n\tGlobal.B = 2;\n}\n")
	if len(got) != 1 || got[0].Rule != -1 {
		t.Errorf("actions payload: want one finding outside every rule: %+v", got)
	}
	got = fvLint(t, "constant-condition", "conditions\n{\n\tTrue == False;\n}\n")
	if len(got) != 1 || got[0].Rule != -1 {
		t.Errorf("conditions payload: want one finding outside every rule: %+v", got)
	}
}
