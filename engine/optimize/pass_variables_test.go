package optimize_test

import "testing"

func TestModifyVariable(t *testing.T) {
	checkRewrites(t, pass("modify-variable"), []rewrite{
		{"add", "Global.A = Global.A + 1;", "Global.A += 1;"},
		{"commutative", "Global.A = 1 + Global.A;\nGlobal.B = Global.C * Global.B;", "Global.A += 1;\nGlobal.B *= Global.C;"},
		{"min", "Global.A = Min(Global.A, 5);", "Modify Global Variable(A, Min, 5);"},
		{"call form", "Set Global Variable(A, Add(Global.A, 1));", "Modify Global Variable(A, Add, 1);"},
		{"append", "Set Global Variable(A, Append To Array(Global.A, 5));", "Modify Global Variable(A, Append To Array, 5);"},
		{"remove", "Global.A = Remove From Array(Global.A, 5);", "Modify Global Variable(A, Remove From Array By Value, 5);"},
		{"player", "Event Player.A = Event Player.A * 2;", "Event Player.A *= 2;"},
		{"player call form", "Set Player Variable(Event Player, A, Subtract((Event Player).A, 2));", "Modify Player Variable(Event Player, A, Subtract, 2);"},
		{"index", "Global.A[Global.I] = Global.A[Global.I] - 1;", "Global.A[Global.I] -= 1;"},
		{"index and first of", "Set Global Variable At Index(A, 0, Add(First Of(Global.A), 1));", "Modify Global Variable At Index(A, 0, Add, 1);"},
		{"player index", "Set Player Variable At Index(Event Player, A, 2, Append To Array(Value In Array((Event Player).A, 2), 1));",
			"Modify Player Variable At Index(Event Player, A, 2, Append To Array, 1);"},
		{"a random operand", "Global.A = Global.A + Random Integer(1, 2);", "Global.A += Random Integer(1, 2);"},
		// Never applied:
		{"another variable", "Global.A = Global.B + 1;", ""},
		{"not commutative", "Global.A = 1 - Global.A;\nGlobal.B = Append To Array(5, Global.B);", ""},
		{"a player in a variable", "Global.P.A = Global.P.A + 1;", ""},
		{"players", "Set Player Variable(All Players(All Teams), A, Add((All Players(All Teams)).A, 1));", ""},
		{"a random player", "Set Player Variable(Closest Player To(Vector(Random Real(0, 1), 0, 0), All Teams), A, Add((Closest Player To(Vector(Random Real(0, 1), 0, 0), All Teams)).A, 1));", ""},
		{"a random index", "Global.A[Random Integer(0, 2)] = Global.A[Random Integer(0, 2)] + 1;", ""},
		{"another index", "Global.A[1] = Global.A[2] + 1;", ""},
	})
}

func TestSelfAssignment(t *testing.T) {
	checkRewrites(t, pass("self-assignment"), []rewrite{
		{"global", "Global.A = Global.A;", emptyActions},
		{"call form", "Set Global Variable(A, Global.A);", emptyActions},
		{"player", "Event Player.A = Event Player.A;", emptyActions},
		{"a jump over it", "Skip(2);\nGlobal.A = Global.A;\nGlobal.B = 1;\nGlobal.C = 1;", "Skip(1);\nGlobal.B = 1;\nGlobal.C = 1;"},
		{"a jump onto it", "Skip(0);\nGlobal.A = Global.A;\nGlobal.B = 1;", "Skip(0);\nGlobal.B = 1;"},
		{"before a computed jump", "Global.A = Global.A;\nSkip(Global.N);\nGlobal.B = 1;", "Skip(Global.N);\nGlobal.B = 1;"},
		// Never applied:
		{"an element", "Global.A[1] = Global.A[1];", ""},
		{"a player in a variable", "Global.P.A = Global.P.A;", ""},
		{"after a computed jump", "Skip(Global.N);\nGlobal.A = Global.A;\nGlobal.B = 1;", ""},
	})
}
