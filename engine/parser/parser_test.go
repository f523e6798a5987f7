package parser_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// actions parses text as the actions of a global rule and returns the
// structural dump of each action.
func actions(t *testing.T, text string, l vocab.Locale) []string {
	t.Helper()
	src := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" + text + "\n\t}\n}\n"
	if l != vocab.EnUS {
		v := vocab.Default()
		for _, kw := range []string{"__rule__", "__event__", "__actions__"} {
			en, _ := v.Keyword(kw).Name(vocab.EnUS)
			loc, _ := v.Keyword(kw).Name(l)
			src = strings.Replace(src, en, loc, 1)
		}
		g, _ := v.Event("global").Name(l)
		src = strings.Replace(src, "Ongoing - Global", g, 1)
	}
	res := parser.Parse(source.NewFile("t.ow", src), parser.Options{Locale: l, LocaleGiven: true})
	for _, d := range res.Diags {
		t.Errorf("%s: unexpected %s: %s", text, d.Code, d.Message)
	}
	if len(res.Script.Rules) != 1 || res.Script.Rules[0].Actions == nil {
		t.Fatalf("%s: no actions block read", text)
	}
	var out []string
	for _, st := range res.Script.Rules[0].Actions.Statements {
		out = append(out, ast.DumpExpr(st.Body))
	}
	return out
}

func TestExpressions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// Names with operator characters are names, not operators.
		{`Global.A = Hero(Soldier: 76);`, `=(global.A, __hero__(HeroLiteral.soldier))`},
		{`Global.A = Hero(D.Va);`, `=(global.A, __hero__(HeroLiteral.dva))`},
		{`Global.A = Map(King's Row);`, `=(global.A, __map__(MapLiteral.kingsRow))`},
		{`Create In-World Text(All Players(All Teams), Custom String("x"), Vector(0, 0, 0), 1, Do Not Clip, Visible To, Color(White), Default Visibility);`,
			`createInWorldText(getPlayers(TeamLiteral.ALL), __customString__("x"), vect(0, 0, 0), 1, Clip.NONE, WorldTextReeval.VISIBILITY, __color__(ColorLiteral.WHITE), SpecVisibility.DEFAULT)`},
		// Precedence: * over +, + over ==, == over &&, && over ||, ternary loosest.
		{`Global.A = 1 + 2 * 3;`, `=(global.A, +(1, *(2, 3)))`},
		{`Global.A = 1 - 2 - 3;`, `=(global.A, -(-(1, 2), 3))`},
		{`Global.A = 2 ^ 3 * 4;`, `=(global.A, *(^(2, 3), 4))`},
		{`Global.A = Global.B == 1 && Global.C || !Global.D;`, `=(global.A, ||(&&(==(global.B, 1), global.C), not(global.D)))`},
		{`Global.A = Global.B ? 1 : (Global.C ? 2 : 3);`, `=(global.A, ternary(global.B, 1, paren(ternary(global.C, 2, 3))))`},
		// A minus sign directly before digits is part of the number.
		{`Global.A = Global.B - -0.500;`, `=(global.A, -(global.B, -0.5))`},
		{`Global.A = Vector(1, -2, 3.250);`, `=(global.A, vect(1, -2, 3.25))`},
		// Indexing, player variables, assignment operators.
		{`Event Player.x[2] += Global.B[0][1];`, `+=(index(player-var.x(eventPlayer), 2), index(index(global.B, 0), 1))`},
		{`Players In Slot(11, All Teams).Score = True;`, `=(player-var.Score(getPlayersInSlot(11, TeamLiteral.ALL)), true)`},
		// Legacy function forms.
		{`Set Global Variable(A, Compare(Global Variable(B), ==, Value In Array(Global.C, 1)));`,
			`__setGlobalVariable__(name:A, __compare__(__globalVar__(name:B), __Operator__.==, __valueInArray__(global.C, 1)))`},
		{`Modify Global Variable(A, Add, 1);`, `__modifyGlobalVariable__(name:A, __Operation__.__add__, 1)`},
		{`Modify Player Variable(Event Player, Deck, Append To Array, Player Variable(Event Player, Card));`,
			`__modifyPlayerVariable__(eventPlayer, name:Deck, __Operation__.__appendToArray__, __playerVar__(eventPlayer, name:Card))`},
		// Bare colours (OW1) and wrapped ones.
		{`Create Effect(All Players(All Teams), Sphere, White, Vector(0, 0, 0), 1, Visible To Position and Radius);`,
			`createEffect(getPlayers(TeamLiteral.ALL), Effect.SPHERE, ColorLiteral.WHITE, vect(0, 0, 0), 1, EffectReeval.VISIBILITY_POSITION_AND_RADIUS)`},
		// Strings: escapes and raw control characters are kept.
		{"Small Message(All Players(All Teams), Custom String(\"a\\\"b\\\\c\\nd\te\u2028f\", 1));",
			`smallMessage(getPlayers(TeamLiteral.ALL), __customString__("a\"b\\c\nd\te\u2028f", 1))`},
		{`Small Message(All Players(All Teams), String("{0} sec", 3));`, `smallMessage(getPlayers(TeamLiteral.ALL), __localizedString__(locstr:{0} sec, 3))`},
		// A statement wrapped over lines anywhere between tokens.
		{"Wait(\n\t\t\t1,\n\t\t\tIgnore\n\t\t\tCondition);", `wait(1, Wait.IGNORE_CONDITION)`},
		{"Global.A = Array(1, 2)\n\t\t\t[0];", `=(global.A, index(__array__(1, 2), 0))`},
		// A bare team where the slot says nothing is the team, not the colour.
		{`Global.A = Array(Team 1, All Teams);`, `=(global.A, __array__(TeamLiteral.1, TeamLiteral.ALL))`},
		{`Global.A = Team 2;`, `=(global.A, TeamLiteral.2)`},
		// Subroutines and empty parentheses.
		{`Start Rule(Sub0, Restart Rule);`, `startRule(name:Sub0, StartRuleBehavior.RESTART)`},
	} {
		got := actions(t, "\t\t"+c.text, vocab.EnUS)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s\n got: %v\nwant: %s", c.text, got, c.want)
		}
	}
}

func TestLocalizedText(t *testing.T) {
	got := actions(t, "\t\t禁用 全局.debug = 真;\n\t\t禁用查看器录制;", vocab.ZhCN)
	want := []string{"=(global.debug, true)", "disableInspector"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %v, want %v", got, want)
	}
	// tr-TR spells Hero and Hero Of alike; the argument decides.
	got = actions(t, "\t\tKüresel.A = Kahraman(<en>Ana<en>);\n\t\tKüresel.B = Kahraman(Etkinlik Oyuncusu);", vocab.TrTR)
	want = []string{"=(global.A, __hero__(HeroLiteral.ana))", "=(global.B, .getHero(eventPlayer))"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDisabledAndComments(t *testing.T) {
	src := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\t\"why\"\n\t\tdisabled Global.A == 1;\n\t}\n\n\tactions\n\t{\n\t\t\"note\"\n\t\tdisabled Abort;\n\t}\n}\n"
	res := parser.Parse(source.NewFile("t.ow", src), parser.Options{})
	if len(res.Diags) > 0 {
		t.Fatal(res.Diags)
	}
	r := res.Script.Rules[0]
	c, a := r.Conditions.Statements[0], r.Actions.Statements[0]
	if !c.Disabled || c.Comment == nil || c.Comment.Text != "why" || !a.Disabled || a.Comment.Text != "note" {
		t.Errorf("comments and disabled flags not read: %+v %+v", c, a)
	}
	if src[a.DisabledSpan.Start:a.DisabledSpan.End] != "disabled" || src[a.Span.Start:a.Span.End] != "\"note\"\n\t\tdisabled Abort;" {
		t.Errorf("spans: %q %q", src[a.DisabledSpan.Start:a.DisabledSpan.End], src[a.Span.Start:a.Span.End])
	}
}

func TestLocaleDetection(t *testing.T) {
	for _, c := range []struct {
		text      string
		want      vocab.Locale
		ambiguous bool
	}{
		{"regel(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", vocab.DeDE, false},
		{"règle(\"x\")\n{\n\tévènement\n\t{\n\t\tToute la partie - Tout le monde;\n\t}\n}\n", vocab.FrFR, false},
		{"rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", vocab.EnUS, true},
	} {
		res := parser.Parse(source.NewFile("t.ow", c.text), parser.Options{})
		if res.Script.Locale != c.want || res.Detection.Ambiguous != c.ambiguous {
			t.Errorf("%q: detected %s (ambiguous %v), want %s (ambiguous %v)", c.text[:12], res.Script.Locale, res.Detection.Ambiguous, c.want, c.ambiguous)
		}
	}
}

func TestSpans(t *testing.T) {
	src := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.Score = Count Of(All Players(Team 1)) + 1;\n\t}\n}\n"
	res := parser.Parse(source.NewFile("t.ow", src), parser.Options{})
	st := res.Script.Rules[0].Actions.Statements[0]
	var spans []string
	ast.Inspect(st.Body, func(e *ast.Expr) bool {
		sp := st.SpanOf(e)
		spans = append(spans, src[sp.Start:sp.End])
		return true
	})
	want := []string{
		"Global.Score = Count Of(All Players(Team 1)) + 1", "Global.Score",
		"Count Of(All Players(Team 1)) + 1", "Count Of(All Players(Team 1))", "All Players(Team 1)", "Team 1", "1",
	}
	if strings.Join(spans, "|") != strings.Join(want, "|") {
		t.Errorf("spans:\n got %q\nwant %q", spans, want)
	}
}

// TestByteOrderMark: a leading byte-order mark, as Windows editors save
// UTF-8, is not text; the tree is the one of the text without it, and
// spans stay offsets into the file as it is.
func TestByteOrderMark(t *testing.T) {
	src := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t}\n}\n"
	plain := parser.Parse(source.NewFile("t.ow", src), parser.Options{})
	marked := parser.Parse(source.NewFile("t.ow", "\ufeff"+src), parser.Options{})
	for _, d := range marked.Diags {
		t.Errorf("unexpected %s at %v: %s", d.Code, d.Span, d.Message)
	}
	if got, want := ast.Dump(marked.Script), ast.Dump(plain.Script); got != want {
		t.Errorf("the tree differs:\n%s\nwant\n%s", got, want)
	}
	if got, want := marked.Script.Rules[0].Span.Start, plain.Script.Rules[0].Span.Start+3; got != want {
		t.Errorf("rule starts at %d, want %d", got, want)
	}
}

// TestFixes: a parse diagnostic's mechanical fix, applied, gives text
// that parses with no diagnostic at all; a problem that could mean several
// things gets none.
func TestFixes(t *testing.T) {
	const head = "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n\n\tactions\n\t{\n\t\t"
	const tail = "\n\t}\n}\n"
	for _, tc := range []struct {
		name, actions, title string // title "": no fix
	}{
		{"missing ';' at a line's end", "Wait(1, Ignore Condition)\n\t\tWait(1, Ignore Condition);", "Insert ';'"},
		{"'()' after a bare value", "Kill(Event Player(), Null);", "Remove '()'"},
		{"'( )' after a bare value", "Kill(Event Player( ), Null);", "Remove '()'"},
		{"a call the ';' leaves open", "Small Message(All Players(All Teams), Custom String(\"x\");", "Insert ')'"},
		{"two calls the ';' leaves open", "Small Message(All Players(All Teams, Custom String(\"x\");", ""},
		{"a call the '}' leaves open", "Small Message(Event Player, Custom String(\"x\")", ""},
		{"an index the ';' leaves open", "Global.A[Global.B = 1;", ""},
		{"an index left open at the statement's end", "Global.A = Global.B[Global.C;", "Insert ']'"},
		{"an index left open inside a call", "Kill(Global.B[0, Null);", ""},
		{"a parenthesis the ';' leaves open", "Global.A = (Global.B + 1;", "Insert ')'"},
		{"a parenthesis and a call left open at one ';'", "Global.A = Absolute Value((Global.B + 1;", ""},
	} {
		src := head + tc.actions + tail
		res := parser.Parse(source.NewFile("t.ow", src), parser.Options{Locale: vocab.EnUS, LocaleGiven: true})
		var fixed []string
		for _, d := range res.Diags {
			if d.Fix == nil {
				continue
			}
			fixed = append(fixed, d.Fix.Title)
			out, err := source.Apply(src, d.Fix.Edits)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			again := parser.Parse(source.NewFile("t.ow", out), parser.Options{Locale: vocab.EnUS, LocaleGiven: true})
			for _, d2 := range again.Diags {
				t.Errorf("%s: after %q, %s remains: %s\n%s", tc.name, d.Fix.Title, d2.Code, d2.Message, out)
			}
		}
		if tc.title == "" && len(fixed) > 0 {
			t.Errorf("%s: fixes %q offered where the text could mean several things", tc.name, fixed)
		}
		if tc.title != "" && (len(fixed) != 1 || fixed[0] != tc.title) {
			t.Errorf("%s: fixes %q, want exactly %q", tc.name, fixed, tc.title)
		}
	}
}

// TestUnknownEscapeSpansItsCharacter: an unknown escape's warning covers
// the backslash and the whole character after it, however many bytes
// that character takes, and the string keeps both as written.
func TestUnknownEscapeSpansItsCharacter(t *testing.T) {
	for _, esc := range []string{`\q`, "\\\u00ad", "\\ｒ", "\\😀"} {
		text := `rule("r") { event { Ongoing - Global; } actions { Small Message(All Players(All Teams), Custom String("a` + esc + `b")); } }`
		res := parser.Parse(source.NewFile("a.ow", text), parser.Options{Locale: vocab.EnUS, LocaleGiven: true})
		at := strings.Index(text, esc)
		found := false
		for _, d := range res.Diags {
			if d.Code != "unknown-escape" {
				continue
			}
			found = true
			if d.Span.Start != at || d.Span.End != at+len(esc) {
				t.Errorf("%q: span %v, want [%d, %d)", esc, d.Span, at, at+len(esc))
			}
			// An invisible character is quoted in its \u form.
			if !utf8.ValidString(d.Message) || esc != "\\\u00ad" && !strings.Contains(d.Message, esc) {
				t.Errorf("%q: message %q does not quote the escape", esc, d.Message)
			}
		}
		if !found {
			t.Errorf("%q: no unknown-escape warning", esc)
		}
		var str *ast.Expr
		ast.Inspect(res.Script.Rules[0].Actions.Statements[0].Body, func(e *ast.Expr) bool {
			if e.Kind == ast.String && str == nil {
				str = e
			}
			return true
		})
		if str == nil || str.Text != "a"+esc+"b" {
			t.Errorf("%q: string read as %v", esc, str)
		}
	}
}
