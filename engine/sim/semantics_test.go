package sim_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/sim"
)

// globalRule is a program with global variables A to E and one Ongoing -
// Global rule running actions, followed by more rules.
func globalRule(actions string, more ...string) string {
	return "variables\n{\n\tglobal:\n\t\t0: A\n\t\t1: B\n\t\t2: C\n\t\t3: D\n\t\t4: E\n\n\tplayer:\n\t\t0: P\n}\n\n" +
		"subroutines\n{\n\t0: Sub\n}\n\n" +
		"rule(\"T\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" + actions + "\n\t}\n}\n" +
		strings.Join(more, "\n")
}

// semanticsCase pins one rule of semantics.md: the trace of the program
// against the scenario holds every line of want.
type semanticsCase struct {
	rule     string // the section and the rule pinned
	program  string
	scenario string // default {"ticks":3}
	want     []string
}

func runSemantics(t *testing.T, cases []semanticsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			sc := c.scenario
			if sc == "" {
				sc = `{"ticks":3}`
			}
			res, err := sim.Run(program(t, c.program), scenario(t, sc), sim.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(res.Trace), w) {
					t.Errorf("the trace lacks %s:\n%s", w, res.Trace)
				}
			}
		})
	}
}

// TestExecutionModel pins rules of semantics.md §1, one program each.
func TestExecutionModel(t *testing.T) {
	runSemantics(t, []semanticsCase{
		{rule: "1.5 0.030 s is 2 ticks", program: globalRule("Wait(0.030, Ignore Condition);"),
			want: []string{`"secs":0.03,"ticks":2,"behavior":"Ignore Condition","until":2}`}},
		{rule: "1.5 a negative wait is the 1-tick minimum", program: globalRule("Wait(-5, Ignore Condition);"),
			want: []string{`"secs":-5,"ticks":1,`}},
		{rule: "1.5 Abort When False in a rule without conditions is inert", program: globalRule("Wait(0.016, Abort When False);\nGlobal.A = 1;"),
			want: []string{`{"tick":1,"ev":"resume"`, `"final":{"globals":{"A":1,`}},
		{rule: "1.5 Wait Until already true does not suspend", program: globalRule("Wait Until(True, 5);\nGlobal.A = 1;"),
			want: []string{`{"tick":0,"ev":"set","r":0,"inst":"global","i":1,"owner":"global","var":"A","op":"=","value":1}`}},
		{rule: "1.5 Wait Until ends only on a Boolean true (a number 1 times out)", program: globalRule("Global.B = 1;\nWait Until(Global.B, 0.032);\nGlobal.A = 1;"),
			scenario: `{"ticks":5}`, want: []string{`"ev":"wait_until","r":0,"inst":"global","i":1,"timeout":0.032,"until":2}`, `{"tick":2,"ev":"resume","r":0,"inst":"global","i":1,"reason":"timeout"}`}},
		{rule: "1.5 Wait Until resumes on its condition", program: globalRule("Wait Until(Global.A == 1, 99);\nGlobal.B = 2;",
			"rule(\"Setter\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(0.032, Ignore Condition);\n\t\tGlobal.A = 1;\n\t}\n}\n"),
			scenario: `{"ticks":5}`, want: []string{`{"tick":3,"ev":"resume","r":0,"inst":"global","i":0,"reason":"condition"}`}},
		{rule: "1.6 Loop If false does not jump", program: globalRule("Global.A += 1;\nLoop If(Global.A > 5);"),
			want: []string{`"final":{"globals":{"A":1,`}},
		{rule: "1.6 a waitless Loop warns once, then the budget halts it", program: globalRule("Loop;"),
			scenario: `{"ticks":3,"limits":{"maxActionsPerTick":5}}`,
			want:     []string{`"code":"loop_without_wait"}`, `"code":"server_overload","limit":5}`, `{"tick":0,"ev":"end","reason":"halt"}`}},
		{rule: "1.7 Abort ends the rule", program: globalRule("Abort;\nGlobal.A = 1;"),
			want: []string{`"ev":"rule_end","r":0,"inst":"global","reason":"abort"}`, `"globals":{"A":0,`}},
		{rule: "1.7 Abort If true ends the rule", program: globalRule("Abort If(Global.A == 0);\nGlobal.A = 1;"),
			want: []string{`"reason":"abort"}`, `"globals":{"A":0,`}},
		{rule: "1.7 Abort If Condition Is False in a rule without conditions goes on", program: globalRule("Abort If Condition Is False;\nGlobal.A = 1;"),
			want: []string{`"globals":{"A":1,`}},
		{rule: "1.8 Skip past the end ends the frame", program: globalRule("Skip(9);\nGlobal.A = 1;"),
			want: []string{`"reason":"done"}`, `"globals":{"A":0,`}},
		{rule: "1.8 a negative Skip skips nothing", program: globalRule("Skip(-3);\nGlobal.A = 1;"),
			want: []string{`"globals":{"A":1,`}},
		{rule: "1.8 Skip If false skips nothing", program: globalRule("Skip If(False, 1);\nGlobal.A = 1;"),
			want: []string{`"globals":{"A":1,`}},
		{rule: "1.8 skipping into an If body runs it and leaves at its Else", program: globalRule("Skip(1);\nIf(False);\nGlobal.A = 1;\nElse;\nGlobal.A = 2;\nEnd;\nGlobal.B = 3;"),
			want: []string{`"globals":{"A":1,"B":3,`}},
		{rule: "1.9 While false never runs its body", program: globalRule("While(False);\nGlobal.A = 1;\nEnd;\nGlobal.B = 1;"),
			want: []string{`"globals":{"A":0,"B":1,`}},
		{rule: "1.9 a false If skips nested chains to its own Else", program: globalRule("If(False);\nIf(True);\nGlobal.A = 1;\nElse;\nGlobal.A = 2;\nEnd;\nElse;\nGlobal.A = 3;\nEnd;"),
			want: []string{`"globals":{"A":3,`}},
		{rule: "1.9 For exits when the body sets the variable to the stop", program: globalRule("For Global Variable(A, 0, 10, 1);\nGlobal.B += 1;\nGlobal.A = 10;\nEnd;"),
			want: []string{`"globals":{"A":11,"B":1,`}},
		{rule: "1.9 For already past its stop runs nothing and does not step", program: globalRule("For Global Variable(A, 5, 0, 1);\nGlobal.B += 1;\nEnd;"),
			want: []string{`"globals":{"A":5,"B":0,`}},
		{rule: "1.9 Break outside a loop aborts", program: globalRule("Break;\nGlobal.A = 1;"),
			want: []string{`"reason":"abort"}`, `"globals":{"A":0,`}},
		{rule: "1.9 Continue goes to the loop's End", program: globalRule("While(Global.A < 3);\nGlobal.A += 1;\nContinue;\nGlobal.B = 9;\nEnd;"),
			want: []string{`"globals":{"A":3,"B":0,`}},
		{rule: "1.9 Continue under an If aborts the rule (the game's bug)", program: globalRule("While(Global.A < 3);\nGlobal.A += 1;\nIf(True);\nContinue;\nEnd;\nEnd;"),
			want: []string{`"code":"continue_quirk"}`, `"reason":"abort"}`, `"globals":{"A":1,`}},
		{rule: "1.10 recursion past the call depth halts", program: globalRule("Call Subroutine(Sub);",
			"rule(\"Sub\")\n{\n\tevent\n\t{\n\t\tSubroutine;\n\t\tSub;\n\t}\n\n\tactions\n\t{\n\t\tCall Subroutine(Sub);\n\t}\n}\n"),
			scenario: `{"ticks":3,"limits":{"maxCallDepth":4}}`, want: []string{`"code":"call_depth","limit":4}`, `"reason":"halt"}`}},
		{rule: "1.1 Total Time Elapsed is ticks times 0.016", program: globalRule("Wait(0.1, Ignore Condition);\nGlobal.A = Total Time Elapsed;"),
			scenario: `{"ticks":9}`, want: []string{`"var":"A","op":"=","value":0.112}`}},
		{rule: "1.2 a team filter starts instances only for that team",
			program:  "variables\n{\n\tplayer:\n\t\t0: P\n}\n\nrule(\"Team 2 only\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tTeam 2;\n\t\tAll;\n\t}\n\n\tactions\n\t{\n\t\tEvent Player.P = 1;\n\t}\n}\n",
			scenario: `{"ticks":2,"players":[{"id":"a","team":1},{"id":"b","team":2}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":0,"do":"join","player":"b"}]}`,
			want:     []string{`"players":{"a":{"P":0},"b":{"P":1}}`}},
		{rule: "1.3 leaving ends the player's instances",
			program:  "rule(\"Hold\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n\n\tactions\n\t{\n\t\tWait(9, Ignore Condition);\n\t}\n}\n",
			scenario: `{"ticks":3,"players":[{"id":"a"}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":1,"do":"leave","player":"a"}]}`,
			want:     []string{`{"tick":1,"ev":"leave","player":"a"}`, `{"tick":1,"ev":"rule_end","r":0,"inst":"a","reason":"player_left"}`}},
		{rule: "2.8 setting a player variable of an array sets each player's",
			program:  globalRule("Wait(0.016, Ignore Condition);\nAll Players(All Teams).P = 4;\nNull.P = 5;"),
			scenario: `{"ticks":3,"players":[{"id":"a"},{"id":"b"}],"timeline":[{"tick":0,"do":"join","player":"a"},{"tick":0,"do":"join","player":"b"}]}`,
			want:     []string{`"players":{"a":{"P":4},"b":{"P":4}}`}},
	})
}

// TestValues pins rules of semantics.md §2, one program each.
func TestValues(t *testing.T) {
	runSemantics(t, []semanticsCase{
		{rule: "2.2 modulo takes the dividend's sign", program: globalRule("Global.A = 7 % -3;\nGlobal.B = -7 % -3;"),
			want: []string{`"globals":{"A":1,"B":-1,`}},
		{rule: "2.2 zero to a negative power is 0", program: globalRule("Global.A = 0 ^ -1;"),
			want: []string{`"code":"division_by_zero"}`, `"globals":{"A":0,`}},
		{rule: "2.2 < is strict within the tolerance, <= is not", program: globalRule("Global.A = 1 < 1.00000001;\nGlobal.B = 1 <= 1.00000001;"),
			want: []string{`"globals":{"A":false,"B":true,`}},
		{rule: "2.3 an array is as true as its first element", program: globalRule("Global.A = Array(0, 1) == True;\nGlobal.B = Empty Array == False;"),
			want: []string{`"globals":{"A":false,"B":true,`}},
		{rule: "2.3 strings and vectors", program: globalRule("Global.A = Custom String(\"\") == False;\nGlobal.B = Vector(0, 0, 1) == True;"),
			want: []string{`"globals":{"A":true,"B":true,`}},
		{rule: "2.4 a Boolean compares by truthiness", program: globalRule("Global.A = 5 == True;\nGlobal.B = 0 != False;"),
			want: []string{`"globals":{"A":true,"B":false,`}},
		{rule: "2.4 a number against an array reads its first element, not the reverse", program: globalRule("Global.A = 0 == Empty Array;\nGlobal.B = Empty Array == Null;"),
			want: []string{`"globals":{"A":true,"B":false,`}},
		{rule: "2.4 a zero vector equals 0 on the left only", program: globalRule("Global.A = Vector(0, 0, 0) == 0;\nGlobal.B = 0 == Vector(0, 0, 0);"),
			want: []string{`"globals":{"A":true,"B":false,`}},
		{rule: "2.5 a vector divided by 0 is the zero vector", program: globalRule("Global.A = Vector(1, 2, 3) / 0;"),
			want: []string{`"globals":{"A":{"vec":[0,0,0]},`}},
		{rule: "2.5 vector plus number is a type mismatch", program: globalRule("Global.A = Vector(1, 2, 3) + 1;"),
			want: []string{`"code":"type_mismatch","op":"+"}`, `"globals":{"A":0,`}},
		{rule: "2.6 a negative or non-array index reads 0", program: globalRule("Global.A = Array(5, 6)[-1];\nGlobal.B = 5;\nGlobal.C = Global.B[0];"),
			want: []string{`"globals":{"A":0,"B":5,"C":0,`}},
		{rule: "2.6 an index rounds half up", program: globalRule("Global.A = Array(1, 2, 3)[0.5];"),
			want: []string{`"globals":{"A":2,`}},
		{rule: "2.6 Set At Index makes a non-array an array", program: globalRule("Global.A = 5;\nGlobal.A[1] = 7;"),
			want: []string{`"globals":{"A":[0,7],`}},
		{rule: "2.6 Set At Index with a negative index changes nothing", program: globalRule("Global.A = Array(1);\nGlobal.A[-1] = 7;"),
			want: []string{`"code":"negative_index","index":-1}`, `"globals":{"A":[1],`}},
		{rule: "2.6 appending to an unset variable keeps its 0", program: globalRule("Modify Global Variable(A, Append To Array, 4);"),
			want: []string{`"globals":{"A":[0,4],`}},
		{rule: "2.6 removing an array removes each of its elements", program: globalRule("Global.A = Array(1, 2, 3, 2, 1);\nModify Global Variable(A, Remove From Array By Value, Array(1, 2));"),
			want: []string{`"globals":{"A":[3],`}},
		{rule: "2.6 a negative slice start shortens the count", program: globalRule("Global.A = Array Slice(Array(1, 2, 3, 4), -1, 3);"),
			want: []string{`"globals":{"A":[1,2],`}},
		{rule: "2.6 Count Of a non-array and Last Of an empty array are 0", program: globalRule("Global.A = Count Of(7);\nGlobal.B = Last Of(Empty Array);"),
			want: []string{`"globals":{"A":0,"B":0,`}},
		{rule: "2.6 Sorted Array is a stable ascending sort by rank", program: globalRule("Global.A = Sorted Array(Array(3, 1, 2, 1), Current Array Element);\nGlobal.B = Sorted Array(Array(10, 11, 12), 0);"),
			want: []string{`"globals":{"A":[1,1,2,3],"B":[10,11,12],`}},
		{rule: "2.6 Filtered and Mapped Array bind the element and its index", program: globalRule("Global.A = Filtered Array(Array(1, 2, 3, 4), Current Array Element > 2);\nGlobal.B = Mapped Array(Array(5, 6), Current Array Index);"),
			want: []string{`"globals":{"A":[3,4],"B":[0,1],`}},
		{rule: "2.6 Is True For All and Any", program: globalRule("Global.A = Is True For All(Array(1, 2), Current Array Element > 0);\nGlobal.B = Is True For Any(Empty Array, True);"),
			want: []string{`"globals":{"A":true,"B":false,`}},
		{rule: "1.11 arrays past the length limit are cut", program: globalRule("Global.A = Array(1, 2, 3, 4);"),
			scenario: `{"ticks":2,"limits":{"maxArrayLength":3}}`, want: []string{`"code":"array_too_long","len":4,"limit":3}`, `"globals":{"A":[1,2,3],`}},
		{rule: "2.7 display: rounding, ties away from zero, negative zero", program: globalRule("Global.A = Custom String(\"{0} {1} {2}\", 0.125, -0.001, 2 / 3);"),
			want: []string{`"globals":{"A":"0.13 0 0.67",`}},
		{rule: "2.7 display: Booleans, arrays by their first element, an empty array as nothing", program: globalRule("Global.A = Custom String(\"{0}|{1}|{2}\", False, Array(7.5, 1), Empty Array);"),
			want: []string{`"globals":{"A":"False|7.50|",`}},
		{rule: "2.7 display: heroes and missing arguments", program: globalRule("Global.A = Custom String(\"{0} {1}\", Hero(Ana));"),
			want: []string{`"globals":{"A":"Ana 0",`}},
		{rule: "2.9 Evaluate Once is its value", program: globalRule("Global.A = Evaluate Once(3 + 4);"),
			want: []string{`"globals":{"A":7,`}},
		{rule: "1.12 the seed decides Random Integer, in order", program: globalRule("Global.A = Random Integer(1, 1);\nGlobal.B = Random Integer(5, 5);"),
			want: []string{`"globals":{"A":1,"B":5,`}},
	})
}
