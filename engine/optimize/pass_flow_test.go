package optimize_test

import "testing"

// emptyActions is the test rule with no action left.
const emptyActions = "rule(\"t\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t}\n}\n"

// subroutine returns a subroutine's rule holding actions.
func subroutine(actions string) string {
	return "rule(\"s\")\n{\n\tevent\n\t{\n\t\tSubroutine;\n\t\tSub0;\n\t}\n\n\tactions\n\t{\n" + actions + "\n\t}\n}\n"
}

func TestAbortIf(t *testing.T) {
	checkRewrites(t, pass("abort-if"), []rewrite{
		{"abort", "If(Global.A == 1);\nAbort;\nEnd;\nGlobal.B = 1;", "Abort If(Global.A == 1);\nGlobal.B = 1;"},
		{"a jump over it", "Skip(3);\nIf(Global.A);\nAbort;\nEnd;\nGlobal.B = 1;", "Skip(1);\nAbort If(Global.A);\nGlobal.B = 1;"},
		{"a jump onto it", "Skip If(Global.C, 0);\nIf(Global.A);\nAbort;\nEnd;", "Skip If(Global.C, 0);\nAbort If(Global.A);"},
		{"before a computed jump", "If(Global.A);\nAbort;\nEnd;\nSkip(Global.N);\nGlobal.B = 1;", "Abort If(Global.A);\nSkip(Global.N);\nGlobal.B = 1;"},
		// Never applied:
		{"a jump into it", "Skip If(Global.C, 2);\nIf(Global.A);\nAbort;\nEnd;\nGlobal.B = 1;", ""},
		{"after a computed jump", "Skip(Global.N);\nIf(Global.A);\nAbort;\nEnd;", ""},
		{"a disabled abort", "If(Global.A);\ndisabled Abort;\nEnd;", ""},
		{"an else", "If(Global.A);\nAbort;\nElse;\nGlobal.B = 1;\nEnd;", ""},
	})
}

func TestLoopIf(t *testing.T) {
	checkRewrites(t, pass("loop-if"), []rewrite{
		{"loop", "Wait(1, Ignore Condition);\nIf(Global.A);\nLoop;\nEnd;", "Wait(1, Ignore Condition);\nLoop If(Global.A);"},
		// Never applied:
		{"two actions", "If(Global.A);\nWait(1, Ignore Condition);\nLoop;\nEnd;", ""},
	})
}

func TestSkipIf(t *testing.T) {
	checkRewrites(t, pass("skip-if"), []rewrite{
		{"skip", "If(Global.A);\nSkip(2);\nEnd;\nGlobal.B = 1;\nGlobal.C = 1;", "Skip If(Global.A, 1);\nGlobal.B = 1;\nGlobal.C = 1;"},
		{"past the end", "If(Global.A);\nSkip(5);\nEnd;\nGlobal.B = 1;", "Skip If(Global.A, 5);\nGlobal.B = 1;"},
		// Never applied:
		{"a computed count", "If(Global.A);\nSkip(Global.N);\nEnd;\nGlobal.B = 1;", ""},
	})
}

func TestTrailingEnd(t *testing.T) {
	checkRewrites(t, pass("trailing-end"), []rewrite{
		{"if", "If(Global.A);\nGlobal.B = 1;\nEnd;", "If(Global.A);\nGlobal.B = 1;"},
		{"nested", "If(Global.A);\nIf(Global.B);\nGlobal.C = 1;\nEnd;\nEnd;", "If(Global.A);\nIf(Global.B);\nGlobal.C = 1;"},
		{"else", "If(Global.A);\nGlobal.B = 1;\nElse;\nGlobal.C = 1;\nEnd;", "If(Global.A);\nGlobal.B = 1;\nElse;\nGlobal.C = 1;"},
		{"a jump onto it", "Skip If(Global.A, 2);\nIf(Global.B);\nGlobal.C = 1;\nEnd;", "Skip If(Global.A, 2);\nIf(Global.B);\nGlobal.C = 1;"},
		// Never applied:
		{"a loop", "While(Global.A);\nWait(1, Ignore Condition);\nEnd;", ""},
		{"an if in a loop", "While(Global.A);\nIf(Global.B);\nWait(1, Ignore Condition);\nEnd;\nEnd;", ""},
		{"a subroutine", subroutine("If(Global.A);\nGlobal.B = 1;\nEnd;"), ""},
		{"after a computed jump", "Skip(Global.N);\nIf(Global.A);\nGlobal.B = 1;\nEnd;", ""},
	})
}

func TestDeadBranch(t *testing.T) {
	checkRewrites(t, pass("dead-branch"), []rewrite{
		{"if false", "If(False);\nGlobal.A = 1;\nEnd;\nGlobal.B = 1;", "Global.B = 1;"},
		{"if zero", "If(0);\nGlobal.A = 1;\nEnd;\nGlobal.B = 1;", "Global.B = 1;"},
		{"if true", "If(True);\nGlobal.A = 1;\nElse;\nGlobal.B = 1;\nEnd;\nGlobal.C = 1;", "Global.A = 1;\nGlobal.C = 1;"},
		{"if false else if", "If(False);\nGlobal.A = 1;\nElse If(Global.C);\nGlobal.B = 1;\nEnd;", "If(Global.C);\nGlobal.B = 1;\nEnd;"},
		{"if false else", "If(False);\nGlobal.A = 1;\nElse;\nGlobal.B = 1;\nEnd;\nGlobal.C = 1;", "Global.B = 1;\nGlobal.C = 1;"},
		{"else if false", "If(Global.C);\nGlobal.A = 1;\nElse If(False);\nGlobal.B = 1;\nEnd;", "If(Global.C);\nGlobal.A = 1;\nEnd;"},
		{"else if true", "If(Global.C);\nGlobal.A = 1;\nElse If(True);\nGlobal.B = 1;\nElse;\nGlobal.D = 1;\nEnd;",
			"If(Global.C);\nGlobal.A = 1;\nElse;\nGlobal.B = 1;\nEnd;"},
		{"while false", "While(False);\nGlobal.A = 1;\nEnd;\nGlobal.B = 1;", "Global.B = 1;"},
		{"no end", "Global.B = 1;\nIf(False);\nGlobal.A = 1;", "Global.B = 1;"},
		{"a jump past it", "Skip(3);\nIf(False);\nGlobal.A = 1;\nEnd;\nGlobal.B = 1;", "Skip(0);\nGlobal.B = 1;"},
		{"abort if true", "Abort If(True);\nLoop If(1);", "Abort;\nLoop;"},
		{"skip if true", "Skip If(True, 1);\nGlobal.A = 1;\nGlobal.B = 1;", "Skip(1);\nGlobal.A = 1;\nGlobal.B = 1;"},
		{"never", "Abort If(False);\nSkip If(0, 1);\nGlobal.A = 1;\nLoop If(Null);", "Global.A = 1;"},
		// Never applied:
		{"a continue below the if", "While(Global.A);\nIf(True);\nContinue;\nEnd;\nWait(1, Ignore Condition);\nEnd;", ""},
		{"a jump into it", "Skip(1);\nIf(False);\nGlobal.A = 1;\nEnd;", ""},
		{"a jump into the branch kept", "Skip(1);\nIf(True);\nGlobal.A = 1;\nElse;\nGlobal.B = 1;\nEnd;", ""},
		{"while true", "While(True);\nWait(1, Ignore Condition);\nEnd;", ""},
		{"a workshop setting in a branch never taken", "If(False);\nGlobal.A = Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0);\nEnd;", ""},
	})
}

func TestEmptyBlock(t *testing.T) {
	checkRewrites(t, pass("empty-block"), []rewrite{
		{"if", "If(Global.A);\nEnd;\nGlobal.B = 1;", "Global.B = 1;"},
		{"else", "If(Global.A);\nGlobal.B = 1;\nElse;\nEnd;", "If(Global.A);\nGlobal.B = 1;\nEnd;"},
		{"last else if", "If(Global.A);\nGlobal.B = 1;\nElse If(Global.C);\nEnd;", "If(Global.A);\nGlobal.B = 1;\nEnd;"},
		// Never applied:
		{"a random condition", "If(Random Integer(0, 1));\nEnd;", ""},
		{"an else if before an else", "If(Global.A);\nGlobal.B = 1;\nElse If(Global.C);\nElse;\nGlobal.D = 1;\nEnd;", ""},
		{"a loop", "While(Global.A);\nEnd;", ""},
		{"a jump onto the else", "Skip If(Global.Z, 2);\nIf(Global.A);\nGlobal.B = 1;\nElse;\nEnd;", ""},
	})
}

func TestDropDisabled(t *testing.T) {
	rule := func(name, actions string) string {
		return "rule(\"" + name + "\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" + actions + "\n\t}\n}\n"
	}
	conditions := "rule(\"t\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tdisabled Global.A == 1;\n\t\tGlobal.B == 1;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.C = 1;\n\t}\n}\n"
	checkRewrites(t, pass("drop-disabled"), []rewrite{
		{"rule", rule("a", "Global.A = 1;") + "\ndisabled " + rule("b", "Global.B = 1;"), rule("a", "Global.A = 1;")},
		{"action", "disabled Global.A = 1;\nGlobal.B = 1;", "Global.B = 1;"},
		{"condition", conditions, "rule(\"t\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tGlobal.B == 1;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.C = 1;\n\t}\n}\n"},
		{"an action a jump crosses", "Skip(1);\ndisabled Global.A = 1;\nGlobal.B = 1;", "Skip(0);\nGlobal.B = 1;"},
		// Never applied:
		{"an action after a computed jump", "Skip(Global.N);\ndisabled Global.A = 1;\nGlobal.B = 1;", ""},
		{"a disabled workshop setting", "disabled Global.A = Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0);\nGlobal.B = 1;", ""},
	})
}

func TestUnreachable(t *testing.T) {
	checkRewrites(t, pass("unreachable"), []rewrite{
		{"after abort", "If(Global.A);\nAbort;\nGlobal.B = 1;\nGlobal.C = 1;\nEnd;\nGlobal.D = 1;", "If(Global.A);\nAbort;\nEnd;\nGlobal.D = 1;"},
		{"after loop", "Wait(1, Ignore Condition);\nLoop;\nGlobal.B = 1;", "Wait(1, Ignore Condition);\nLoop;"},
		{"after break", "While(Global.A);\nBreak;\nGlobal.B = 1;\nEnd;", "While(Global.A);\nBreak;\nEnd;"},
		{"skipped", "Skip(2);\nGlobal.A = 1;\nGlobal.B = 1;\nGlobal.C = 1;", "Global.C = 1;"},
		{"a skip over nothing", "Skip(0);\nGlobal.A = 1;\nSkip If(Global.B, 0);\nGlobal.C = 1;", "Global.A = 1;\nGlobal.C = 1;"},
		// Never applied:
		{"a jump lands there", "Skip If(Global.A, 2);\nAbort;\nGlobal.B = 1;\nGlobal.C = 1;", "Skip If(Global.A, 1);\nAbort;\nGlobal.C = 1;"},
		{"a block after abort", "Abort;\nIf(Global.A);\nGlobal.B = 1;\nEnd;", ""},
		{"a skip if", "Skip If(Global.A, 1);\nGlobal.B = 1;", ""},
		{"a random skip over nothing", "Skip If(Random Integer(0, 1), 0);\nGlobal.A = 1;", ""},
		{"after a computed jump", "Skip(Global.N);\nAbort;\nGlobal.B = 1;", ""},
		{"a workshop setting never reached", "Abort;\nGlobal.B = Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0);", ""},
	})
}
