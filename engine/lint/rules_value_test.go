package lint_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

const fvDist = "Distance Between(Event Player, Global.B)"

func TestRepeatedValue(t *testing.T) {
	msg := func(n string) string { return "the expression " + fvDist + " is evaluated " + n + " times" }
	fvRun(t, "repeated-value", []fvCase{
		{name: "twice in a row", count: 1, want: msg("2"), evidence: fvDist,
			text: fvProgram("Global.A = " + fvDist + ";\nGlobal.C = " + fvDist + ";")},
		{name: "twice in one action", count: 1, want: msg("2"),
			text: fvProgram("Global.A = " + fvDist + " + " + fvDist + ";")},
		{name: "into an If's branch", count: 1, want: msg("3"),
			text: fvProgram("If(" + fvDist + " > 1);\nGlobal.A = " + fvDist + ";\nSmall Message(Event Player, " + fvDist + ");\nEnd;")},
		{name: "along an Else If chain", count: 1, want: msg("2"),
			text: fvProgram("If(" + fvDist + " > 1);\nElse If(" + fvDist + " > 2);\nEnd;")},
		{name: "across messages", count: 1,
			text: fvProgram("Global.A = Position Of(Event Player) + Global.C;\nSmall Message(Event Player, Custom String(\"hi\"));\nGlobal.D = Position Of(Event Player) + Global.C;")},
		{name: "only the largest expression", count: 1, evidence: "Position Of(Event Player) + Vector(0, Global.B, 0)",
			text: fvProgram("Global.A = Position Of(Event Player) + Vector(0, Global.B, 0);\nGlobal.C = Position Of(Event Player) + Vector(0, Global.B, 0);")},
		{name: "a write of a variable it reads", count: 0,
			text: fvProgram("Global.A = " + fvDist + ";\nGlobal.B += 1;\nGlobal.C = " + fvDist + ";")},
		{name: "a write through Set Global Variable", count: 0,
			text: fvProgram("Global.A = " + fvDist + ";\nSet Global Variable(B, 1);\nGlobal.C = " + fvDist + ";")},
		{name: "a Wait between", count: 0,
			text: fvProgram("Global.A = " + fvDist + ";\nWait(1, Ignore Condition);\nGlobal.C = " + fvDist + ";")},
		{name: "a subroutine call between", count: 0,
			text: fvProgram("Global.A = " + fvDist + ";\nCall Subroutine(Sub0);\nGlobal.C = " + fvDist + ";")},
		{name: "an action changing game state", count: 0,
			text: fvProgram("Global.A = " + fvDist + ";\nTeleport(Event Player, Global.D);\nGlobal.C = " + fvDist + ";")},
		{name: "after the End of an If", count: 0,
			text: fvProgram("If(Global.C);\nGlobal.A = " + fvDist + ";\nEnd;\nGlobal.D = " + fvDist + ";")},
		{name: "in two branches", count: 0,
			text: fvProgram("If(Global.C);\nGlobal.A = " + fvDist + ";\nElse;\nGlobal.D = " + fvDist + ";\nEnd;")},
		{name: "random values", count: 0,
			text: fvProgram("Global.A = Random Integer(1, Global.B);\nGlobal.C = Random Integer(1, Global.B);")},
		{name: "too small", count: 0,
			text: fvProgram("Global.A = Position Of(Event Player);\nGlobal.C = Position Of(Event Player);")},
		{name: "arithmetic on variables", count: 0,
			text: fvProgram("Global.A = Event Player.P / 10;\nGlobal.C = Event Player.P / 10;")},
		{name: "literals only", count: 0,
			text: fvProgram("Global.A = Vector(0, 1, 0);\nGlobal.C = Vector(0, 1, 0);")},
		{name: "variable reads", count: 0,
			text: fvProgram("Global.A = Global.B[Event Player.P];\nGlobal.C = Global.B[Event Player.P];")},
		{name: "acknowledged with Evaluate Once", count: 0,
			text: fvProgram("Global.A = Evaluate Once(" + fvDist + ");\nGlobal.C = Evaluate Once(" + fvDist + ");")},
		{name: "in conditions", count: 1, want: "each time this rule's conditions are checked",
			text: fvDecls + fvRule("r", fvEachPlayer, fvDist+" > 1;\n"+fvDist+" < 5;", "Global.A = 1;")},
	})
}

func TestRepeatedValueData(t *testing.T) {
	got := fvLint(t, "repeated-value", fvProgram("Global.A = "+fvDist+";\nGlobal.C = "+fvDist+";\nGlobal.D = "+fvDist+";"))
	if len(got) != 1 || got[0].Repeated == nil {
		t.Fatalf("want one finding with repeated data: %+v", got)
	}
	if r := got[0].Repeated; r.Expression != fvDist || r.Count != 3 || r.SpanKind != "expression" {
		t.Errorf("repeated = %+v", r)
	}
}

func TestRepeatedValueLoop(t *testing.T) {
	loop := "For Global Variable(I, 0, 5, 1);\nGlobal.A[Global.I] = " + fvDist + " * Global.I;\nEnd;"
	text := fvProgram(loop)
	got := fvLint(t, "repeated-value", text)
	if len(got) != 1 || got[0].Repeated == nil {
		t.Fatalf("want one finding with repeated data: %+v", got)
	}
	f := got[0]
	if r := f.Repeated; r.Expression != fvDist || r.Count != 5 || r.SpanKind != "enclosing-loop" {
		t.Errorf("repeated = %+v", r)
	}
	if span := text[f.Span.Start:f.Span.End]; !strings.HasPrefix(span, "For Global Variable(I") || !strings.HasSuffix(span, "End") {
		t.Errorf("the span should cover the loop: %q", span)
	}
	if f.Fix != nil {
		t.Errorf("an enclosing-loop finding has no fix")
	}
	for name, actions := range map[string]string{
		"the loop writes what it reads": "For Global Variable(I, 0, 5, 1);\nGlobal.A[Global.I] = " + fvDist + ";\nGlobal.B += 1;\nEnd;",
		"bounds not literal":            "For Global Variable(I, 0, Global.C, 1);\nGlobal.A[Global.I] = " + fvDist + ";\nEnd;",
		"a wait in the loop":            "For Global Variable(I, 0, 5, 1);\nGlobal.A[Global.I] = " + fvDist + ";\nWait(1, Ignore Condition);\nEnd;",
		"reevaluated in the loop":       "For Global Variable(I, 0, 5, 1);\nCreate HUD Text(All Players(All Teams), " + fvDist + ", Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility);\nEnd;",
	} {
		t.Run(name, func(t *testing.T) {
			if got := fvLint(t, "repeated-value", fvProgram(actions)); len(got) != 0 {
				t.Errorf("want no finding: %+v", got)
			}
		})
	}
}

func TestRepeatedValueFix(t *testing.T) {
	text := fvProgram("Global.A = " + fvDist + ";\nSmall Message(Event Player, Custom String(\"{0}\", " + fvDist + "));")
	got := fvLint(t, "repeated-value", text)
	if len(got) != 1 || got[0].Fix == nil || got[0].Fix.Kind != "evaluate-once" {
		t.Fatalf("want one finding with an evaluate-once fix: %+v", got)
	}
	fixed := fvApplyFix(t, "repeated-value", text, got[0])
	want := fvProgram("Global.A = Evaluate Once(" + fvDist + ");\nSmall Message(Event Player, Custom String(\"{0}\", Evaluate Once(" + fvDist + ")));")
	if fixed != want {
		t.Errorf("fixed text:\n%s\nwant:\n%s", fixed, want)
	}
	if rest := fvLint(t, "repeated-value", fixed); len(rest) != 0 {
		t.Errorf("findings remain: %+v", rest)
	}

	// An operand of an operator keeps its meaning once wrapped.
	text = fvProgram("Global.A = 2 * (" + fvDist + " + 1);\nGlobal.C = " + fvDist + " + 1;")
	got = fvLint(t, "repeated-value", text)
	if len(got) != 1 {
		t.Fatalf("want one finding: %+v", got)
	}
	fixed = fvApplyFix(t, "repeated-value", text, got[0])
	if want := fvProgram("Global.A = 2 * (Evaluate Once(" + fvDist + " + 1));\nGlobal.C = Evaluate Once(" + fvDist + " + 1);"); fixed != want {
		t.Errorf("fixed text:\n%s\nwant:\n%s", fixed, want)
	}
}

func TestRepeatedValueFixAssignmentTarget(t *testing.T) {
	slot := "Players In Slot(0, Team Of(Event Player))"
	text := fvDecls + fvRule("r", fvEachPlayer, "", slot+".P = Hero Of("+slot+");")
	got := fvLint(t, "repeated-value", text)
	if len(got) != 1 || got[0].Fix == nil {
		t.Fatalf("want one finding with a fix: %+v", got)
	}
	fixed := fvApplyFix(t, "repeated-value", text, got[0])
	if want := "Evaluate Once(" + slot + ").P = Hero Of(Evaluate Once(" + slot + "));"; !strings.Contains(fixed, want) {
		t.Errorf("fixed text does not hold %q:\n%s", want, fixed)
	}
}

// TestRepeatedValueFixLocale checks that the fix spells Evaluate Once in
// the script's locale.
func TestRepeatedValueFixLocale(t *testing.T) {
	en := fvProgram("Global.A = " + fvDist + ";\nGlobal.C = " + fvDist + ";")
	res := parser.Parse(source.NewFile("en.ow", en), parser.Options{})
	fr, diags := printer.Print(res.Script, printer.Options{Locale: vocab.FrFR})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := fvLint(t, "repeated-value", fr)
	if len(got) != 1 || got[0].Fix == nil {
		t.Fatalf("want one finding with a fix: %+v\n%s", got, fr)
	}
	name, _ := vocab.Default().Value("evalOnce").Name(vocab.FrFR)
	fixed := fvApplyFix(t, "repeated-value", fr, got[0])
	if strings.Count(fixed, name+"(") != 2 {
		t.Errorf("want two %q in the fixed text:\n%s", name, fixed)
	}
}

func TestRepeatedValueFixWithheld(t *testing.T) {
	hud := func(e string) string {
		return "Create HUD Text(All Players(All Teams), " + e + ", Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility);"
	}
	for name, actions := range map[string]string{
		"While condition":    "While(" + fvDist + " > 1);\nGlobal.A = " + fvDist + ";\nWait(1, Ignore Condition);\nEnd;",
		"Wait Until":         "Global.A = " + fvDist + ";\nWait Until(" + fvDist + " > 1, 5);",
		"Loop If":            "Wait(1, Ignore Condition);\nGlobal.A = " + fvDist + ";\nLoop If(" + fvDist + " > 1);",
		"reevaluated HUD":    "Global.A = " + fvDist + ";\n" + hud(fvDist),
		"Update Every Frame": "Global.A = " + fvDist + ";\nGlobal.C = Update Every Frame(" + fvDist + ");",
		"Start action":       "Global.A = " + fvDist + ";\nStart Facing(Event Player, Vector(" + fvDist + ", 0, 0), 10, To World, Direction and Turn Rate);",
	} {
		t.Run(name, func(t *testing.T) {
			got := fvLint(t, "repeated-value", fvProgram(actions))
			if len(got) != 1 || got[0].Fix != nil {
				t.Fatalf("want one finding without a fix: %+v", got)
			}
		})
	}
	got := fvLint(t, "repeated-value", fvDecls+fvRule("r", fvEachPlayer, fvDist+" > 1;\n"+fvDist+" < 5;", "Global.A = 1;"))
	if len(got) != 1 || got[0].Fix != nil {
		t.Fatalf("conditions: want one finding without a fix: %+v", got)
	}
}

func TestConstantCondition(t *testing.T) {
	rule := func(conditions string) string {
		return fvDecls + fvRule("r", fvEachPlayer, conditions, "Global.A = 1;")
	}
	fvRun(t, "constant-condition", []fvCase{
		{name: "True == False", count: 1, want: "always false, so the rule never runs", evidence: "True == False",
			text: rule("True == False;")},
		{name: "1 > 2", count: 1, text: rule("1 > 2;")},
		{name: "True", count: 1, want: "always true", text: rule("True;")},
		{name: "not True", count: 1, text: rule("!True;")},
		{name: "Not(True) == False", count: 1, want: "always true", text: rule("Not(True) == False;")},
		{name: "the same value on both sides", count: 1, text: rule("Global.A == Global.A;")},
		{name: "tolerant equality", count: 1, want: "always true", text: rule("0.00000001 == 0;")},
		{name: "decided Or", count: 1, text: rule("Global.A || True;")},
		{name: "If False", count: 1, want: "the condition of this If is always false, so its branch never runs",
			text: fvProgram("If(False);\nGlobal.A = 1;\nEnd;")},
		{name: "Else If True", count: 1, text: fvProgram("If(Global.A);\nElse If(1 == 1);\nEnd;")},
		{name: "While False", count: 1, text: fvProgram("While(False);\nGlobal.A = 1;\nEnd;")},
		{name: "Skip If True", count: 1, want: "as Skip would", text: fvProgram("Skip If(True, 1);\nGlobal.A = 1;")},
		{name: "Loop If 0", count: 1, text: fvProgram("Wait(1, Ignore Condition);\nLoop If(0);")},
		{name: "Abort If", count: 1, text: fvProgram("Abort If(2 >= 3);")},
		{name: "a variable compared with True", count: 0, text: rule("Global.A == True;")},
		{name: "a variable", count: 0, text: rule("Global.A;")},
		{name: "random on both sides", count: 0, text: rule("Random Integer(0, 1) == Random Integer(0, 1);")},
		{name: "a decided And side does not decide And", count: 0, text: rule("Global.A && True;")},
		{name: "While True is the loop idiom", count: 0, text: fvProgram("While(True);\nWait(1, Ignore Condition);\nEnd;")},
		{name: "a Skip jumps into If False", count: 0,
			text: fvProgram("Skip(1);\nIf(False);\nGlobal.A = 1;\nEnd;")},
		{name: "a Skip jumps into the Else of If True", count: 0,
			text: fvProgram("If(True);\nSkip(Global.B);\nGlobal.A = 1;\nElse;\nGlobal.A = 2;\nEnd;")},
	})
}

func TestEventValues(t *testing.T) {
	msg := func(actions string) string { return "Small Message(All Players(All Teams), " + actions + ");" }
	fvRun(t, "event-player-in-global-rule", []fvCase{
		{name: "Event Player in a global rule", count: 1, evidence: "Event Player",
			want: "the event value Event Player is Null in this rule (used 2 times): Ongoing - Global does not provide it",
			text: fvProgram(msg("Event Player") + "\nKill(Event Player, Null);")},
		{name: "in a condition", count: 1,
			text: fvDecls + fvRule("r", fvGlobal, "Is Alive(Event Player) == True;", "Global.A = 1;")},
		{name: "Attacker in an each-player rule", count: 1, want: "damage events",
			text: fvDecls + fvRule("r", fvEachPlayer, "", msg("Attacker"))},
		{name: "Healer in a damage rule", count: 1, want: "healing events",
			text: fvDecls + fvRule("r", "Player Took Damage;\n\t\tAll;\n\t\tAll;", "", msg("Healer"))},
		{name: "two values", count: 2,
			text: fvDecls + fvRule("r", fvEachPlayer, "", msg("Attacker")+"\n"+msg("Event Damage"))},
		{name: "a subroutine run only from a global rule", count: 1, want: "subroutine Sub0",
			text: fvDecls + fvRule("caller", fvGlobal, "", "Call Subroutine(Sub0);") +
				fvRule("sub", "Subroutine;\n\t\tSub0;", "", msg("Event Player"))},
		{name: "Event Player in an each-player rule", count: 0,
			text: fvDecls + fvRule("r", fvEachPlayer, "", msg("Event Player"))},
		{name: "Attacker when a player dies", count: 0,
			text: fvDecls + fvRule("r", "Player Died;\n\t\tAll;\n\t\tAll;", "", msg("Attacker")+"\n"+msg("Event Ability"))},
		{name: "Event Ability when healing", count: 0,
			text: fvDecls + fvRule("r", "Player Received Healing;\n\t\tAll;\n\t\tAll;", "", msg("Event Ability"))},
		{name: "knockback provides all", count: 0,
			text: fvDecls + fvRule("r", "Player Dealt Knockback;\n\t\tAll;\n\t\tAll;", "", msg("Healer"))},
		{name: "a subroutine nobody calls", count: 0,
			text: fvDecls + fvRule("sub", "Subroutine;\n\t\tSub0;", "", msg("Event Player"))},
		{name: "a subroutine also started from a player rule", count: 0,
			text: fvDecls + fvRule("caller", fvGlobal, "", "Call Subroutine(Sub0);") +
				fvRule("other", fvEachPlayer, "", "Start Rule(Sub0, Do Nothing);") +
				fvRule("sub", "Subroutine;\n\t\tSub0;", "", msg("Event Player"))},
		{name: "a disabled action", count: 0,
			text: fvProgram("disabled " + msg("Event Player"))},
	})
}

// TestCustomStringPlaceholders: the rule reports only what the validator
// leaves (a placeholder shown as the Null written for it, one above {2});
// a missing argument or one without a placeholder is the validator's, and
// TestNoDiagnosticTwice (cmd/wright-lsp) holds the two apart on the corpus.
func TestCustomStringPlaceholders(t *testing.T) {
	fvRun(t, "custom-string-placeholders", []fvCase{
		{name: "placeholder with a Null argument", count: 1, want: "placeholder {0} shows Null",
			text: fvProgram("Global.A = Custom String(\"{0}\", Null);")},
		{name: "placeholder above 2", count: 1, want: "placeholder {3} can never show a value",
			text: fvProgram("Global.A = Custom String(\"{0} {1} {2} {3}\", Global.B, Global.C, Global.D);")},
		{name: "placeholder without argument: the validator's", count: 0,
			text: fvProgram("Global.A = Custom String(\"{0} {1}\", Global.B);")},
		{name: "argument without placeholder: the validator's", count: 0,
			text: fvProgram("Global.A = Custom String(\"{0}\", Global.B, Global.C);")},
		{name: "matching", count: 0,
			text: fvProgram("Global.A = Custom String(\"{0} and {2}, {0}\", Global.B, Null, Global.C);")},
		{name: "escaped braces", count: 0,
			text: fvProgram("Global.A = Custom String(\"{{0}}\");")},
		{name: "no placeholders", count: 0,
			text: fvProgram("Global.A = Custom String(\"hello\");")},
	})
}
