package optimize_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
)

// ruleWith returns a global rule with the given conditions and actions.
func ruleWith(name, conditions, actions string) string {
	var b strings.Builder
	b.WriteString("rule(\"" + name + "\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n")
	if conditions != "" {
		b.WriteString("\n\tconditions\n\t{\n" + conditions + "\n\t}\n")
	}
	b.WriteString("\n\tactions\n\t{\n" + actions + "\n\t}\n}\n")
	return b.String()
}

func TestSplitConditions(t *testing.T) {
	const act = "Global.Z = 1;"
	checkRewrites(t, pass("split-conditions"), []rewrite{
		{"and", ruleWith("r", "Global.A == 1 && Is Alive(Event Player);", act),
			ruleWith("r", "Global.A == 1;\nIs Alive(Event Player) == True;", act)},
		{"and is true", ruleWith("r", "And(Compare(Global.A, ==, 1), Global.B) == True;", act),
			ruleWith("r", "Global.A == 1;\nGlobal.B == True;", act)},
		{"nested and", ruleWith("r", "Global.A && Global.B && Global.C;", act),
			ruleWith("r", "Global.A == True;\nGlobal.B == True;\nGlobal.C == True;", act)},
		{"a comparison is true", ruleWith("r", "Compare(Global.A, ==, 1) == True;", act), ruleWith("r", "Global.A == 1;", act)},
		{"a comparison is false", ruleWith("r", "Compare(Global.A, <, 1) == False;", act), ruleWith("r", "Global.A >= 1;", act)},
		// Never applied:
		{"or", ruleWith("r", "Global.A || Global.B;", act), ""},
		{"a random right operand", ruleWith("r", "And(Global.A, Random Integer(0, 1)) == True;", act), ""},
		{"and is false", ruleWith("r", "And(Global.A, Global.B) == False;", act), ""},
	})
}

func TestConstantConditions(t *testing.T) {
	const act = "Global.Z = 1;"
	checkRewrites(t, pass("constant-conditions"), []rewrite{
		{"always true", ruleWith("r", "1 == 1;\nTrue == True;\nGlobal.A == 1;", act), ruleWith("r", "Global.A == 1;", act)},
		{"never true", ruleWith("r", "Global.A == 1;\n1 == 2;", act) + "\n" + ruleWith("s", "", act), ruleWith("s", "", act)},
		// Never applied:
		{"a variable", ruleWith("r", "Global.A == Global.A;", act), ""},
		{"too close to tell", ruleWith("r", "1 == 1.0000001;", act), ""},
		{"a rule holding a workshop setting", ruleWith("r", "1 == 2;", "Global.A = Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0);"), ""},
	})
}

func TestEmptyRule(t *testing.T) {
	keep := ruleWith("k", "", "Global.A = 1;")
	checkRewrites(t, pass("empty-rule"), []rewrite{
		{"waits only", ruleWith("r", "Global.A == 1;", "Wait(1, Ignore Condition);\nLoop;") + "\n" + keep, keep},
		{"no action", ruleWith("r", "", "") + "\n" + keep, keep},
		// Never applied:
		{"an action", keep, ""},
		{"a subroutine", subroutine("Wait(1, Ignore Condition);"), ""},
		{"a random wait", ruleWith("r", "", "Wait(Random Real(1, 2), Ignore Condition);"), ""},
		{"a workshop setting", ruleWith("r", "", "Wait(Workshop Setting Real(Custom String(\"c\"), Custom String(\"n\"), 1, 0, 5, 0), Ignore Condition);"), ""},
	})
}

// TestSplitConditionsOSTW: under OSTW's model, where each condition is a
// Compare element, two bare conditions cost more than their And (the
// folded action makes the rule smaller all the same, so that a split
// would not be undone by the rule's own guard).
func TestSplitConditionsOSTW(t *testing.T) {
	passes := []string{"split-conditions", "fold-constants"}
	opts := optimize.Options{Passes: passes, Cost: cost.OSTWOptions()}
	s := parse(t, ruleWith("r", "Global.A && Global.B;", "Global.Z = 1 + 2 + 3;"))
	out, _ := optimize.Program(s, opts)
	if got, want := show(t, out), show(t, parse(t, ruleWith("r", "Global.A && Global.B;", "Global.Z = 6;"))); got != want {
		t.Errorf("split under OSTW's model:\n%s", got)
	}
	s = parse(t, ruleWith("r", "Global.A == 1 && Global.B == 2;", "Global.Z = 1;"))
	out, _ = optimize.Program(s, opts)
	if got, want := show(t, out), show(t, parse(t, ruleWith("r", "Global.A == 1;\nGlobal.B == 2;", "Global.Z = 1;"))); got != want {
		t.Errorf("two comparisons under OSTW's model:\n%s", got)
	}
}
