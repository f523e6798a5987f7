package cost_test

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// parse reads a small program, failing on parse errors: a test of the
// count must count what it means to.
func parse(t *testing.T, text string) *ast.Script {
	t.Helper()
	res := parser.Parse(source.NewFile("test.txt", text), parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("parse errors in %q: %v", text, res.Diags)
	}
	return res.Script
}

// rule wraps conditions and actions in a rule.
func rule(conditions, actions string) string {
	text := "rule(\"t\") {\n\tevent {\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n"
	if conditions != "" {
		text += "\tconditions {\n\t\t" + conditions + "\n\t}\n"
	}
	if actions != "" {
		text += "\tactions {\n\t\t" + actions + "\n\t}\n"
	}
	return text + "}\n"
}

// one counts the single statement of a rule and checks the rule's sums.
func one(t *testing.T, conditions, actions string, opts cost.Options) int {
	t.Helper()
	p := cost.Count(parse(t, rule(conditions, actions)), opts)
	r := p.Rules[0]
	if len(r.Statements) != 1 {
		t.Fatalf("%d statements, want 1", len(r.Statements))
	}
	if got := sumNodes(r.ByNode); got != r.Count || r.Statements[0].Count+1 != r.Count || p.Total != r.Count {
		t.Errorf("sums: ByNode %d, statement %d + 1, total %d, rule %d", got, r.Statements[0].Count, p.Total, r.Count)
	}
	return r.Statements[0].Count
}

// The worked examples of limits.md §2.3.
func TestWorkedExamples(t *testing.T) {
	for _, tc := range []struct {
		condition, action string
		want              int
	}{
		{action: "Global.A = 1;", want: 2},
		{action: "Wait(0.250, Ignore Condition);", want: 2},
		{action: `Small Message(All Players(All Teams), Custom String("Hello"));`, want: 7},
		{condition: "Is Button Held(Event Player, Button(Interact)) == True;", want: 4},
		{action: "Global.pool = Array(Hero(Ana), Hero(Mercy));", want: 7},
		{action: "Event Player.hp[2] += 10;", want: 3},
	} {
		if got := one(t, tc.condition, tc.action, cost.Options{}); got != tc.want {
			t.Errorf("%s%s: %d elements, want %d", tc.condition, tc.action, got, tc.want)
		}
	}
}

// TestNodeKinds counts each kind of node, in its modern and legacy forms,
// as the value of Set Global Variable (1 + the value's cost − 1 = the
// value's cost) or as an action.
func TestNodeKinds(t *testing.T) {
	for _, tc := range []struct {
		action string
		want   int
	}{
		// Actions and their arguments.
		{"Abort;", 1},
		{"Set Global Variable(A, 1);", 2},
		{"Global.A += 1;", 2},
		{"Modify Global Variable(A, Add, 1);", 2},
		{"Event Player.B = 1;", 2},
		{"Set Player Variable(Event Player, B, 1);", 2},
		{"Global.A[3] = 1;", 3},
		{"Set Global Variable At Index(A, 3, 1);", 3},
		{"Event Player.B[3] = 1;", 3},
		{"Modify Player Variable At Index(Event Player, B, 3, Add, 1);", 3},
		{"Call Subroutine(Sub0);", 1},
		{"Start Rule(Sub0, Restart Rule);", 1},
		// Numbers: a Number value holding a literal.
		{"Global.A = 1 + 2;", 5},
		{"Global.A = Add(1, 2);", 5},
		{"Global.A = (1 + 2) * 3;", 8},
		// Strings: omitted format arguments are Null.
		{`Global.A = Custom String("x");`, 5},
		{`Global.A = Custom String("{0} {1}", 1, 2);`, 7},
		{`Global.A = Custom String("x", Null, Null, Null);`, 5},
		{`Global.A = String("Hello");`, 6},
		// Arrays and Evaluate Once hold one more element.
		{"Global.A = Array(1, 2);", 6},
		{"Global.A = Empty Array;", 1},
		{"Global.A = Evaluate Once(1);", 4},
		// Variables.
		{"Global.A = Global.B;", 2},
		{"Global.A = Global Variable(B);", 2},
		{"Global.A = Event Player.B;", 3},
		{"Global.A = Player Variable(Event Player, B);", 3},
		{"Global.A = Global.B[1];", 5},
		{"Global.A = Value In Array(Global.B, 1);", 5},
		// Operators.
		{"Global.A = Global.B == 1;", 6},
		{"Global.A = Compare(Global.B, ==, 1);", 6},
		{"Global.A = !Global.B;", 3},
		{"Global.A = Not(Global.B);", 3},
		{"Global.A = Global.B && Global.C;", 5},
		{"Global.A = Global.B ? 1 : 2;", 7},
		{"Global.A = If-Then-Else(Global.B, 1, 2);", 7},
		// Literal values: Team 1 is Team(Team 1); a bare colour is Color(…).
		{"Global.A = Team 1;", 2},
		{"Global.A = All Players(Team 1);", 3},
		{"Global.A = Color(White);", 2},
		{"Create Effect(All Players(All Teams), Sphere, Color(White), Event Player, 1, Visible To Position and Radius);", 5},
		{"Create Effect(All Players(All Teams), Sphere, White, Event Player, 1, Visible To Position and Radius);", 5},
		// Workshop settings: raw number literals, the setting 2 (Combo 1).
		{`Global.A = Workshop Setting Integer(Custom String("a"), Custom String("b"), 3, 0, 10, 0);`, 16},
		{`Global.A = Workshop Setting Real(Custom String("a"), Custom String("b"), 3.5, 0, 10, 0);`, 16},
		{`Global.A = Workshop Setting Toggle(Custom String("a"), Custom String("b"), True, 0);`, 14},
		{`Global.A = Workshop Setting Hero(Custom String("a"), Custom String("b"), Ana, 0);`, 14},
		{`Global.A = Workshop Setting Combo(Custom String("a"), Custom String("b"), 0, Array(Custom String("x")), 0);`, 20},
		// Hero pairs: per top-level argument.
		{"Global.A = Array(Hero(Ana), Hero(Mercy), Hero(Lúcio));", 9},
		{"Global.A = Hero(Ana) == Hero(Mercy);", 7},
		{"Start Forcing Player To Be Hero(Event Player, Hero(Ana));", 2},
	} {
		if got := one(t, "", tc.action, cost.Options{}); got != tc.want {
			t.Errorf("%s: %d elements, want %d", tc.action, got, tc.want)
		}
	}
}

func TestConditions(t *testing.T) {
	for _, tc := range []struct {
		condition    string
		overpy, ostw int
	}{
		{"Global.A == 1;", 3, 6},
		{"Is Button Held(Event Player, Button(Interact)) == True;", 4, 7},
		{"Is Button Held(Event Player, Button(Interact));", 4, 7},
		{"Global.A != False;", 2, 5},
		{"Array Contains(Array(Hero(Ana), Hero(Mercy)), Hero Of(Event Player)) == True;", 10, 12},
	} {
		if got := one(t, tc.condition, "", cost.Options{}); got != tc.overpy {
			t.Errorf("OverPy: %s: %d elements, want %d", tc.condition, got, tc.overpy)
		}
		if got := one(t, tc.condition, "", cost.OSTWOptions()); got != tc.ostw {
			t.Errorf("OSTW: %s: %d elements, want %d", tc.condition, got, tc.ostw)
		}
	}
}

// TestOptions switches each point where the models differ, alone and
// against the model.
func TestOptions(t *testing.T) {
	const (
		locStr = `Global.A = String("Hello");`
		combo  = `Global.A = Workshop Setting Combo(Custom String("a"), Custom String("b"), 0, Array(Custom String("x")), 0);`
		heroes = "Global.A = Array(Hero(Ana), Hero(Mercy));"
		cond   = "Global.A == 1;"
	)
	ostw := cost.Model(cost.OSTW)
	for _, tc := range []struct {
		name              string
		opts              cost.Options
		locStr, combo, hs int
		cond              int
	}{
		{"overpy", cost.Options{}, 6, 20, 7, 3},
		{"ostw", cost.Options{Model: ostw}, 5, 21, 6, 6},
		{"localized string", cost.Options{LocalizedString: cost.AsOSTW}, 5, 20, 7, 3},
		{"combo", cost.Options{ComboSetting: cost.AsOSTW}, 6, 21, 7, 3},
		{"hero pairs", cost.Options{HeroPairs: cost.AsOSTW}, 6, 20, 6, 3},
		{"conditions", cost.Options{Conditions: cost.AsOSTW}, 6, 20, 7, 6},
		{"ostw with OverPy's conditions", cost.Options{Model: ostw, Conditions: cost.AsOverPy}, 5, 21, 6, 3},
		{"ostw with hero pairs", cost.Options{Model: ostw, HeroPairs: cost.AsOverPy}, 5, 21, 7, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := one(t, "", locStr, tc.opts); got != tc.locStr {
				t.Errorf("String(\"Hello\"): %d, want %d", got, tc.locStr)
			}
			if got := one(t, "", combo, tc.opts); got != tc.combo {
				t.Errorf("Workshop Setting Combo: %d, want %d", got, tc.combo)
			}
			if got := one(t, "", heroes, tc.opts); got != tc.hs {
				t.Errorf("hero pair: %d, want %d", got, tc.hs)
			}
			if got := one(t, cond, "", tc.opts); got != tc.cond {
				t.Errorf("condition: %d, want %d", got, tc.cond)
			}
		})
	}
}
