package compat_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/compat"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// payload parses one statement as an actions (or conditions) payload and
// fails on any error.
func payload(t *testing.T, stmt string, conditions bool) *ast.Script {
	t.Helper()
	block := "actions"
	if conditions {
		block = "conditions"
	}
	text := block + "\n{\n\t" + stmt + "\n}\n"
	c := engine.Check(source.NewFile("case.ow", text), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
	for _, d := range c.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("%s: %s %s", stmt, d.Code, d.Message)
		}
	}
	return c.Script
}

// statementText prints s and returns its one statement, without the block.
func statementText(t *testing.T, s *ast.Script) string {
	t.Helper()
	out, diags := printer.Print(s, printer.Options{Locale: vocab.EnUS})
	if len(diags) > 0 {
		t.Fatalf("printing: %s", diags[0].Message)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var body []string
	for _, l := range lines[2 : len(lines)-1] {
		body = append(body, strings.TrimSpace(l))
	}
	return strings.Join(body, " ")
}

func kinds(changes []compat.Change) []string {
	var out []string
	for _, c := range changes {
		out = append(out, c.Kind.String())
	}
	slices.Sort(out)
	return out
}

// TestRewrite rewrites one statement per case and checks the text printed
// after, the kinds of change, and that the element count is unchanged.
func TestRewrite(t *testing.T) {
	for _, c := range []struct {
		in, want   string
		kinds      string // sorted, comma-separated
		conditions bool
	}{
		// Set and Modify.
		{"Set Global Variable(A, 1);", "Global.A = 1;", "set-variable", false},
		{"Set Player Variable(Event Player, H, 10);", "Event Player.H = 10;", "set-variable", false},
		{"Set Global Variable At Index(A, 2, 1);", "Global.A[2] = 1;", "set-variable", false},
		{"Set Player Variable At Index(All Players(All Teams), H, 2, 1);", "All Players(All Teams).H[2] = 1;", "set-variable", false},
		{"Modify Global Variable(A, Add, 1);", "Global.A += 1;", "modify-variable", false},
		{"Modify Global Variable(A, Subtract, 1);", "Global.A -= 1;", "modify-variable", false},
		{"Modify Player Variable(Event Player, A, Multiply, 2);", "Event Player.A *= 2;", "modify-variable", false},
		{"Modify Global Variable At Index(A, 0, Divide, 2);", "Global.A[0] /= 2;", "modify-variable", false},
		{"Modify Player Variable At Index(Event Player, A, 1, Modulo, 2);", "Event Player.A[1] %= 2;", "modify-variable", false},
		{"Modify Global Variable(A, Raise To Power, 2);", "Global.A ^= 2;", "modify-variable", false},
		{"disabled Set Global Variable(A, 1);", "disabled Global.A = 1;", "set-variable", false},
		{`"why" Set Global Variable(A, 1);`, `"why" Global.A = 1;`, "set-variable", false},
		// The player of P.x is a variable, an index or a call.
		{"Set Player Variable(Global Variable(P), A, 1);", "Global.P.A = 1;", "read-variable,set-variable", false},
		{"Set Player Variable(Value In Array(Global.P, 0), A, 1);", "Global.P[0].A = 1;", "index,set-variable", false},
		// Operations without an operator stay as they are.
		{"Modify Global Variable(A, Append To Array, 1);", "Modify Global Variable(A, Append To Array, 1);", "", false},
		{"Modify Global Variable(A, Min, 1);", "Modify Global Variable(A, Min, 1);", "", false},
		{"Modify Player Variable(Event Player, A, Remove From Array By Value, 1);", "Modify Player Variable(Event Player, A, Remove From Array By Value, 1);", "", false},
		// Reads.
		{"Wait(Global Variable(T), Ignore Condition);", "Wait(Global.T, Ignore Condition);", "read-variable", false},
		{"Wait(Player Variable(Event Player, T), Ignore Condition);", "Wait(Event Player.T, Ignore Condition);", "read-variable", false},
		// No attested spelling of (c ? a : b).T: the read stays a call.
		{"Wait(Player Variable(If-Then-Else(True, Event Player, Host Player), T), Ignore Condition);",
			"Wait(Player Variable(True ? Event Player : Host Player, T), Ignore Condition);", "conditional", false},
		// Operators, and the parentheses they need.
		{"Global.A = Compare(Global.B, ==, 1);", "Global.A = Global.B == 1;", "compare", false},
		{"Global.A = Compare(Global.B, >=, Compare(1, !=, 2));", "Global.A = Global.B >= (1 != 2);", "compare,compare", false},
		{"Global.A = Compare(Compare(1, <, 2), ==, True);", "Global.A = (1 < 2) == True;", "compare,compare", false},
		{"Global.A = Multiply(Add(1, 2), 3);", "Global.A = (1 + 2) * 3;", "arithmetic,arithmetic", false},
		{"Global.A = Add(1, Multiply(2, 3));", "Global.A = 1 + 2 * 3;", "arithmetic,arithmetic", false},
		{"Global.A = Subtract(Subtract(1, 2), 3);", "Global.A = 1 - 2 - 3;", "arithmetic,arithmetic", false},
		{"Global.A = Subtract(1, Subtract(2, 3));", "Global.A = 1 - (2 - 3);", "arithmetic,arithmetic", false},
		{"Global.A = Raise To Power(Raise To Power(2, 3), 2);", "Global.A = (2 ^ 3) ^ 2;", "arithmetic,arithmetic", false},
		{"Global.A = Raise To Power(2, Raise To Power(3, 2));", "Global.A = 2 ^ (3 ^ 2);", "arithmetic,arithmetic", false},
		{"Global.A = Divide(Modulo(7, 4), -1);", "Global.A = 7 % 4 / -1;", "arithmetic,arithmetic", false},
		{"Global.A = Or(And(True, False), True);", "Global.A = (True && False) || True;", "logic,logic", false},
		{"Global.A = And(Or(True, False), True);", "Global.A = (True || False) && True;", "logic,logic", false},
		{"Global.A = Not(Compare(1, ==, 2));", "Global.A = !(1 == 2);", "compare,logic", false},
		{"Global.A = Not(Not(True));", "Global.A = !!True;", "logic,logic", false},
		{"Global.A = If-Then-Else(True, If-Then-Else(False, 1, 2), 3);", "Global.A = True ? (False ? 1 : 2) : 3;", "conditional,conditional", false},
		{"Global.A = Add(If-Then-Else(True, 1, 2), 3);", "Global.A = (True ? 1 : 2) + 3;", "arithmetic,conditional", false},
		{"Global.A = Value In Array(Global Variable(L), 0);", "Global.A = Global.L[0];", "index,read-variable", false},
		{"Global.A = Value In Array(If-Then-Else(True, Global.L, Global.M), Add(1, 1));",
			"Global.A = (True ? Global.L : Global.M)[1 + 1];", "arithmetic,conditional,index", false},
		// Text operators around a rewritten operand.
		{"Global.A = Add(1, 2) * 3;", "Global.A = (1 + 2) * 3;", "arithmetic", false},
		{"Global.A = And(True, False) || True;", "Global.A = (True && False) || True;", "logic", false},
		// Literals written bare where a value belongs.
		{"Create Effect(All Players(All Teams), Sphere, White, Event Player, 1, Visible To);",
			"Create Effect(All Players(All Teams), Sphere, Color(White), Event Player, 1, Visible To);", "literal", false},
		{"Global.A = Is Button Held(Event Player, Ability 1);", "Global.A = Is Button Held(Event Player, Button(Ability 1));", "literal", false},
		// Team 1 in a colour slot: the colour (old exports) or the team
		// (current ones); left as written.
		{"Create Effect(All Players(All Teams), Sphere, Team 1, Event Player, 1, Visible To);",
			"Create Effect(All Players(All Teams), Sphere, Team 1, Event Player, 1, Visible To);", "", false},
		{"Global.A = Color(White);", "Global.A = Color(White);", "", false},
		// Trailing Null format arguments.
		{`Small Message(Event Player, Custom String("x", Null, Null, Null));`, `Small Message(Event Player, Custom String("x"));`, "format-nulls", false},
		{`Small Message(Event Player, Custom String("{1}", Null, 5, Null));`, `Small Message(Event Player, Custom String("{1}", Null, 5));`, "format-nulls", false},
		{`Small Message(Event Player, String("{0}!", Global Variable(A), Null, Null));`, `Small Message(Event Player, String("{0}!", Global.A));`, "format-nulls,read-variable", false},
		// Conditions: a bare Compare is one element less than a == b.
		{"Compare(Global Variable(A), ==, 1);", "Compare(Global.A, ==, 1);", "read-variable", true},
		{"(Compare(1, ==, 1));", "(Compare(1, ==, 1));", "", true},
		{"Compare(Global.A, ==, 1) == True;", "(Global.A == 1) == True;", "compare", true},
		{"Player Variable(Event Player, A) == 1;", "Event Player.A == 1;", "read-variable", true},
		{"Global.A == 1;", "Global.A == 1;", "", true},
	} {
		t.Run(c.in, func(t *testing.T) {
			s := payload(t, c.in, c.conditions)
			before := ast.Dump(s)
			out, changes := compat.Rewrite(s, compat.Options{})
			if got := statementText(t, out); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			if got := strings.Join(kinds(changes), ","); got != c.kinds {
				t.Errorf("changes %q, want %q", got, c.kinds)
			}
			if ast.Dump(s) != before {
				t.Error("Rewrite changed its input")
			}
			if len(changes) == 0 && out != s {
				t.Error("nothing was rewritten, but a new script was returned")
			}
			sameCost(t, c.in, s, out)
			for _, ch := range changes {
				if ch.Span.End <= ch.Span.Start || ch.Span.End > len(s.File.Text) {
					t.Errorf("change %s has span %v outside the text", ch.Kind, ch.Span)
				}
			}
		})
	}
}

func TestKindNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range compat.Kinds() {
		name := k.String()
		if name == "?" || seen[name] || strings.ToLower(name) != name {
			t.Errorf("kind %d: name %q", k, name)
		}
		seen[name] = true
	}
	if got := compat.Kind(0).String(); got != "?" {
		t.Errorf("Kind(0) = %q", got)
	}
	if len(seen) != 10 {
		t.Errorf("%d kinds", len(seen))
	}
}
