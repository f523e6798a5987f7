package optimize_test

import "testing"

func TestFoldConstants(t *testing.T) {
	checkRewrites(t, pass("fold-constants"), []rewrite{
		{"arithmetic", "Global.A = 10 * 10 + 20;", "Global.A = 120;"},
		{"calls stay calls", "Set Global Variable(A, Add(Multiply(10, 10), 20));", "Set Global Variable(A, 120);"},
		{"single precision", "Global.A = 0.1 + 0.2;", "Global.A = 0.3;"},
		{"modulo takes the dividend's sign", "Global.A = -7 % 3;\nGlobal.B = 7 % -3;", "Global.A = -1;\nGlobal.B = 1;"},
		{"negative base", "Global.A = -2 ^ 2;", "Global.A = 0;"},
		{"power", "Global.A = 2 ^ 10;", "Global.A = 1024;"},
		{"comparison", "Global.A = 1 == 0;\nGlobal.B = 2 >= 1;", "Global.A = False;\nGlobal.B = True;"},
		{"not", "Global.A = !0;", "Global.A = True;"},
		{"absolute value", "Global.A = Absolute Value(-3);", "Global.A = 3;"},
		{"square root of a negative is zero", "Global.A = Square Root(-4);", "Global.A = 0;"},
		{"round", "Global.A = Round To Integer(2.4, Up);\nGlobal.B = Round To Integer(-2.6, To Nearest);",
			"Global.A = 3;\nGlobal.B = -3;"},
		{"min and max", "Global.A = Min(3, 4);\nGlobal.B = Max(3, 4);", "Global.A = 3;\nGlobal.B = 4;"},
		{"vectors", "Global.A = Vector(1, 2, 3) + Vector(4, 5, 6);\nGlobal.B = Vector(1, 2, 3) * 2;\nGlobal.C = 2 * Vector(1, 2, 3);",
			"Global.A = Vector(5, 7, 9);\nGlobal.B = Vector(2, 4, 6);\nGlobal.C = Vector(2, 4, 6);"},
		{"component", "Global.A = X Component Of(Vector(1, 2, 3));", "Global.A = 1;"},
		{"count of a literal array", "Global.A = Count Of(Array(Global.B, Global.C));", "Global.A = 2;"},
		{"true and a boolean", "Global.A = True && Is Alive(Event Player);", "Global.A = Is Alive(Event Player);"},
		{"true and a truth", "If(Global.B && True);\nAbort;\nEnd;", "If(Global.B);\nAbort;\nEnd;"},
		{"a pure value or true", "Global.A = Global.B || True;", "Global.A = True;"},
		{"true or anything", "Global.A = True || Random Integer(0, 1);", "Global.A = True;"},
		{"the branch taken", "Global.A = True ? Global.B : Random Integer(1, 2);", "Global.A = Global.B;"},
		{"in a re-evaluated value", "Create Effect(All Players(All Teams), Sphere, Color(White), Event Player, 2 * 3, Visible To Position and Radius);",
			"Create Effect(All Players(All Teams), Sphere, Color(White), Event Player, 6, Visible To Position and Radius);"},
		// Never applied:
		{"division and modulo by zero, which the simulator reports", "Global.A = 5 / 0;\nGlobal.B = 7 % 0;", ""},
		{"more than three decimals", "Global.A = 1 / 3;", ""},
		{"beyond the literal limit", "Global.A = 10000 * 10000;", ""},
		{"negative zero", "Global.A = 0 * -1;", ""},
		{"a rounding half", "Global.A = Round To Integer(2.5, To Nearest);", ""},
		{"a comparison within the tolerance", "Global.A = 1 == 1.0000001;", ""},
		{"the truth of a number about zero", "Global.A = !0.0000001;", ""},
		{"a value of unknown type and true", "Global.A = Global.B && True;", ""},
		{"a random value or true", "Global.A = Random Integer(0, 1) || True;", ""},
		{"a workshop setting never evaluated", "Global.A = True || Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0);\nGlobal.B = False ? Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\"), True, 0) : 1;", ""},
		{"the count of random values", "Global.A = Count Of(Array(Random Integer(1, 2)));", ""},
		{"a variable", "Global.A = Global.B + 1;", ""},
		{"no fewer elements", "Global.B = Count Of(Empty Array);", ""},
	})
}

func TestFirstLastOf(t *testing.T) {
	checkRewrites(t, pass("first-last-of"), []rewrite{
		{"index 0", "Global.A = Global.B[0];", "Global.A = First Of(Global.B);"},
		{"call form", "Set Global Variable(A, Value In Array(Global.B, 0));", "Set Global Variable(A, First Of(Global.B));"},
		{"last", "Global.A = Global.B[Count Of(Global.B) - 1];", "Global.A = Last Of(Global.B);"},
		// Never applied:
		{"another index", "Global.A = Global.B[1];", ""},
		{"the last of another array", "Global.A = Global.B[Count Of(Global.C) - 1];", ""},
		{"the last of a random array", "Global.A = Randomized Array(Global.B)[Count Of(Randomized Array(Global.B)) - 1];", ""},
	})
}

func TestVectorConstants(t *testing.T) {
	checkRewrites(t, pass("vector-constants"), []rewrite{
		{"unit vectors", "Global.A = Vector(0, 1, 0);\nGlobal.B = Vector(-1, 0, 0);\nGlobal.C = Vector(0, 0, 1);",
			"Global.A = Up;\nGlobal.B = Right;\nGlobal.C = Forward;"},
		{"scaled", "Global.A = Vector(0, 0, -2.5);", "Global.A = Backward * 2.5;"},
		{"zero", "Global.A = Vector(0, 0, 0);", "Global.A = Left + Right;"},
		{"call form", "Set Global Variable(A, Vector(0, 0, 0));", "Set Global Variable(A, Add(Left, Right));"},
		{"in a re-evaluated value", "Create Effect(All Players(All Teams), Sphere, Color(White), Vector(0, 3, 0), 1, Visible To Position and Radius);",
			"Create Effect(All Players(All Teams), Sphere, Color(White), Multiply(Up, 3), 1, Visible To Position and Radius);"},
		// Never applied:
		{"two axes", "Global.A = Vector(1, 1, 0);", ""},
		{"a computed component", "Global.A = Vector(0, Global.B, 0);", ""},
	})
}

func TestTruthiness(t *testing.T) {
	checkRewrites(t, pass("truthiness"), []rewrite{
		{"if", "If(Global.A == True);\nAbort;\nEnd;", "If(Global.A);\nAbort;\nEnd;"},
		{"if false", "If(Global.A == False);\nAbort;\nEnd;", "If(!Global.A);\nAbort;\nEnd;"},
		{"if not true", "If(Global.A != True);\nAbort;\nEnd;", "If(!Global.A);\nAbort;\nEnd;"},
		{"if not false", "If(Global.A != False);\nAbort;\nEnd;", "If(Global.A);\nAbort;\nEnd;"},
		{"true on the left", "If(True == Global.A);\nAbort;\nEnd;", "If(Global.A);\nAbort;\nEnd;"},
		{"call form", "If(Compare(Global.A, ==, False));\nAbort;\nEnd;", "If(Not(Global.A));\nAbort;\nEnd;"},
		{"a boolean anywhere", "Global.B = Is Alive(Event Player) == True;", "Global.B = Is Alive(Event Player);"},
		{"a number's truth", "If(Count Of(Global.A) == 0);\nAbort;\nEnd;", "If(!Count Of(Global.A));\nAbort;\nEnd;"},
		{"and operands", "Global.B = Global.A == True && Is Alive(Event Player);", "Global.B = Global.A && Is Alive(Event Player);"},
		{"a conditional of booleans", "If(Global.A ? True : False);\nAbort;\nEnd;", "If(Global.A);\nAbort;\nEnd;"},
		{"wait until", "Wait Until(Global.A == True, 5);", "Wait Until(Global.A, 5);"},
		{"filter", "Global.B = Filtered Array(Global.C, Current Array Element == True);", "Global.B = Filtered Array(Global.C, Current Array Element);"},
		// Never applied:
		{"a value of unknown type", "Global.B = Global.A == True;", ""},
		{"zero and a value of unknown type", "If(Global.A == 0);\nAbort;\nEnd;", ""},
		{"a number's truth as a value", "Global.B = Count Of(Global.A) == 0;", ""},
		{"a mapped value", "Global.B = Mapped Array(Global.C, Current Array Element == True);", ""},
	})
}

func TestNegation(t *testing.T) {
	checkRewrites(t, pass("negation"), []rewrite{
		{"equality", "Global.A = !(Global.B == 1);", "Global.A = Global.B != 1;"},
		{"order", "Global.A = !(Global.B < 1);\nGlobal.C = !(Global.B >= 1);", "Global.A = Global.B >= 1;\nGlobal.C = Global.B < 1;"},
		{"call form", "Set Global Variable(A, Not(Compare(Global.B, ==, 1)));", "Set Global Variable(A, Compare(Global.B, !=, 1));"},
		{"is dead", "Global.A = !Is Dead(Event Player);\nGlobal.B = !Is Alive(Event Player);",
			"Global.A = Is Alive(Event Player);\nGlobal.B = Is Dead(Event Player);"},
		{"double negation of a boolean", "Global.A = !!Is Alive(Event Player);", "Global.A = Is Alive(Event Player);"},
		{"double negation of a truth", "If(!!Global.B);\nAbort;\nEnd;", "If(Global.B);\nAbort;\nEnd;"},
		{"de morgan", "Global.A = !(!Global.B && !Global.C);", "Global.A = Global.B || Global.C;"},
		// Never applied:
		{"double negation of a value", "Global.A = !!Global.B;", ""},
		{"a value", "Global.A = !Global.B;", ""},
	})
}

func TestDeMorgan(t *testing.T) {
	checkRewrites(t, pass("de-morgan"), []rewrite{
		{"and", "Global.A = !Global.B && !Global.C;", "Global.A = !(Global.B || Global.C);"},
		{"or", "Set Global Variable(A, Or(Not(Global.B), Not(Global.C)));", "Set Global Variable(A, Not(And(Global.B, Global.C)));"},
		{"random operands keep their order", "Global.A = !Random Integer(0, 1) && !Global.C;", "Global.A = !(Random Integer(0, 1) || Global.C);"},
		// Never applied:
		{"one negation", "Global.A = !Global.B && Global.C;", ""},
	})
}

func TestIdentities(t *testing.T) {
	checkRewrites(t, pass("identities"), []rewrite{
		{"a number times one", "Global.A = Count Of(Global.B) * 1;\nGlobal.C = 1 * Count Of(Global.B);",
			"Global.A = Count Of(Global.B);\nGlobal.C = Count Of(Global.B);"},
		{"a number plus zero", "Global.A = Count Of(Global.B) + 0;\nGlobal.C = Count Of(Global.B) - 0;",
			"Global.A = Count Of(Global.B);\nGlobal.C = Count Of(Global.B);"},
		{"a number divided by one", "Global.A = Count Of(Global.B) / 1;", "Global.A = Count Of(Global.B);"},
		{"a boolean used as a number", "Global.A = 1.5 + 1 * (Global.B == 1);", "Global.A = 1.5 + (Global.B == 1);"},
		{"a vector times one", "Global.A = Position Of(Event Player) * 1;", "Global.A = Position Of(Event Player);"},
		// Never applied:
		{"a value of unknown type", "Global.A = Global.B * 1;\nGlobal.C = Global.B + 0;", ""},
		{"a boolean kept as a boolean", "Global.A = 1 * (Global.B == 1);", ""},
		{"a vector plus zero", "Global.A = Position Of(Event Player) + 0;", ""},
	})
}

func TestArrayIdentity(t *testing.T) {
	checkRewrites(t, pass("array-identity"), []rewrite{
		{"mapped filter", "Global.A = Mapped Array(Filtered Array(All Players(All Teams), Is Alive(Current Array Element)), Current Array Element);",
			"Global.A = Filtered Array(All Players(All Teams), Is Alive(Current Array Element));"},
		// Never applied:
		{"a value that may not be an array", "Global.A = Mapped Array(Global.B, Current Array Element);", ""},
		{"another mapping", "Global.A = Mapped Array(All Players(All Teams), Current Array Index);", ""},
	})
}

func TestCountOf(t *testing.T) {
	checkRewrites(t, pass("count-of"), []rewrite{
		{"players", "Global.A = Count Of(All Players(Team 1));", "Global.A = Number Of Players(Team 1);"},
		{"living and dead", "Global.A = Count Of(All Living Players(All Teams));\nGlobal.B = Count Of(All Dead Players(All Teams));",
			"Global.A = Number Of Living Players(All Teams);\nGlobal.B = Number Of Dead Players(All Teams);"},
		// Never applied:
		{"another array", "Global.A = Count Of(Players Within Radius(Event Player, 5, All Teams, Off));", ""},
	})
}

func TestEvaluateOnce(t *testing.T) {
	hud := func(text string) string {
		return "Create HUD Text(All Players(All Teams), " + text + ", Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility);"
	}
	checkRewrites(t, pass("evaluate-once"), []rewrite{
		{"a value evaluated once", "Global.A = Evaluate Once(Global.B);", "Global.A = Global.B;"},
		{"update every frame", "Global.A = Update Every Frame(Global.B);", "Global.A = Global.B;"},
		{"a stable value in a hud", hud("Evaluate Once(Custom String(\"x\"))"), hud("Custom String(\"x\")")},
		// Never applied:
		{"a hud text", hud("Evaluate Once(Global.B)"), ""},
		{"a chase destination", "Chase Global Variable At Rate(A, Evaluate Once(Global.B), 1, Destination and Rate);", ""},
		{"a chase rate", "Chase Global Variable Over Time(A, 5, Update Every Frame(Global.B), Destination and Duration);", ""},
		{"wait until", "Wait Until(Evaluate Once(Global.B), 5);", ""},
		{"loop if", "Wait(1, Ignore Condition);\nLoop If(Evaluate Once(Global.B));", ""},
		{"while", "While(Update Every Frame(Global.B));\nWait(1, Ignore Condition);\nEnd;", ""},
		{"an effect", "Create Effect(All Players(All Teams), Sphere, Color(White), Update Every Frame(Position Of(Event Player)), 1, Visible To Position and Radius);", ""},
		{"a filter condition", "Global.A = Filtered Array(All Players(All Teams), Evaluate Once(Global.B));", ""},
		{"a condition", "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tEvaluate Once(Global.B) == 1;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.A = 1;\n\t}\n}\n", ""},
	})
}

func TestForSizeLiterals(t *testing.T) {
	checkRewrites(t, pass("for-size-literals"), []rewrite{
		{"one is true", "Wait(1, Ignore Condition);", "Wait(True, Ignore Condition);"},
		{"zero is false", "Set Global Variable At Index(A, 0, 5);", "Set Global Variable At Index(A, False, 5);"},
		{"zero is null", "Small Message(All Players(All Teams), Custom String(\"{0}\", 0));",
			"Small Message(All Players(All Teams), Custom String(\"{0}\", Null));"},
		{"the zero vector is null", "Attach Players(Event Player, Host Player, Vector(0, 0, 0));", "Attach Players(Event Player, Host Player, Null);"},
		// Never applied:
		{"a slot without the permission", "Global.A = 0;\nGlobal.B = 1;", ""},
	})
}
