package engine_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// marker marks, in a test input, where the expected diagnostic starts; it
// is removed before parsing.
const marker = "‸"

// rule wraps actions in a global rule; conditions go in cond.
func rule(cond, actions string) string {
	s := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n"
	if cond != "" {
		s += "\n\tconditions\n\t{\n" + cond + "\n\t}\n"
	}
	if actions != "" {
		s += "\n\tactions\n\t{\n" + actions + "\n\t}\n"
	}
	return s + "}\n"
}

const vars = "variables\n{\n\tglobal:\n\t\t0: Foo\n\tplayer:\n\t\t0: Bar\n}\n\nsubroutines\n{\n\t0: Menu\n}\n\n"

// TestMalformed feeds broken inputs to the engine and checks that each
// yields its expected diagnostic, at the marked position, with no panic.
func TestMalformed(t *testing.T) {
	deep := strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300)
	for _, c := range []struct {
		name  string
		input string
		code  diag.Code
	}{
		{"empty file", "‸", diag.EmptyProgram},
		{"only white space", "‸ \n\t\n", diag.EmptyProgram},
		{"garbage", "‸hello world\n", diag.UnexpectedToken},
		{"garbage before a rule", "‸%%%%\n" + rule("", "\t\tAbort;"), diag.UnexpectedToken},
		{"invalid UTF-8", rule("", "\t\tSmall Message(All Players(All Teams), Custom String(\"a‸\xffb\"));"), diag.InvalidUTF8},
		{"stray closing brace", "‸}\n" + rule("", "\t\tAbort;"), diag.UnexpectedToken},
		{"truncated rule", "rule(\"x\")\n‸{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n", diag.UnclosedBracket},
		{"truncated event block", "rule(\"x\")\n{\n\tevent\n\t‸{\n\t\tOngoing - Global;\n", diag.UnclosedBracket},
		{"truncated action", rule("", "\t\tWait‸(1,"), diag.UnclosedBracket},
		{"rule body cut by the next rule", "rule(\"a\")\n‸{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n" + rule("", "\t\tAbort;"), diag.UnclosedBracket},
		{"actions block cut by the next rule", "rule(\"a\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\tactions\n\t‸{\n\t\tAbort;\n" + rule("", "\t\tAbort;"), diag.UnclosedBracket},
		{"missing ';' after an action", rule("", "\t\tWait(1, Ignore Condition)‸\n\t\tAbort;"), diag.MissingSemicolon},
		{"missing ';' after the last action", rule("", "\t\tAbort‸"), diag.MissingSemicolon},
		{"missing ';' after a condition", rule("\t\tIs Game In Progress == True‸\n\t\tTrue == True;", "\t\tAbort;"), diag.MissingSemicolon},
		{"missing ';' in the event block", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global‸\n\t}\n}\n", diag.MissingSemicolon},
		{"unclosed '('", rule("", "\t\tWait‸(1, Ignore Condition;"), diag.UnclosedBracket},
		{"unmatched ')'", rule("", "\t\tWait(1, Ignore Condition)‸);"), diag.UnmatchedBracket},
		{"unclosed '['", rule("", "\t\tGlobal.A = Global.B‸[1;"), diag.UnclosedBracket},
		{"unclosed parenthesis in a value", rule("", "\t\tGlobal.A = ‸(1 + 2;"), diag.UnclosedBracket},
		{"unterminated string", rule("", "\t\tSmall Message(All Players(All Teams), Custom String(‸\"abc));\n\t\tAbort;"), diag.UnterminatedString},
		{"unterminated comment", rule("", "\t\tAbort;\n\t\t‸/* never closed"), diag.UnterminatedComment},
		{"missing argument separator", rule("", "\t\tWait(1 ‸Ignore Condition);"), diag.UnexpectedToken},
		{"empty argument", rule("", "\t\tWait(‸, Ignore Condition);"), diag.ExpectedExpression},
		{"unary minus", rule("", "\t\tGlobal.A = ‸-Global.B;"), diag.UnexpectedToken},
		{"Global without a name", rule("", "\t\tGlobal.A = Global‸;"), diag.UnexpectedToken},
		{"nesting too deep", rule("", "\t\tGlobal.A = "+strings.Repeat("(", maxDepthMinusOne())+"‸"+deep[maxDepthMinusOne():]+";"), diag.NestingTooDeep},
		{"rule name not a string", "rule(‸x)\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", diag.UnexpectedToken},
		{"rule without '('", "rule ‸\"x\"\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", diag.UnexpectedToken},
		{"rule without event", "‸rule(\"x\")\n{\n\tactions\n\t{\n\t\tAbort;\n\t}\n}\n", diag.MissingEvent},
		{"two actions blocks", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\tactions\n\t{\n\t\tAbort;\n\t}\n\t‸actions\n\t{\n\t\tAbort;\n\t}\n}\n", diag.DuplicateBlock},
		{"unknown action", rule("", "\t\t‸Wiat(1, Ignore Condition);"), diag.UnknownAction},
		{"unknown value", rule("", "\t\tGlobal.A = ‸Evnt Player;"), diag.UnknownValue},
		{"unknown enum member", rule("", "\t\tWait(1, ‸Ignore Conditoin);"), diag.UnknownEnumMember},
		{"member of another enum", rule("", "\t\tCreate HUD Text(All Players(All Teams), Null, Null, Null, ‸Ignore Condition, 0, Color(White), Color(White), Color(White), String, Default Visibility);"), diag.WrongEnumMember},
		{"computed value in an enum slot", rule("", "\t\tWait(1, ‸1 + 1);"), diag.ExpectedEnumMember},
		{"too few arguments", rule("", "\t\t‸Wait(1);"), diag.WrongArgumentCount},
		{"too many arguments", rule("", "\t\t‸Wait(1, Ignore Condition, 3);"), diag.WrongArgumentCount},
		{"arguments to a bare value", rule("", "\t\tGlobal.A = ‸Event Player(1);"), diag.WrongArgumentCount},
		{"value that needs arguments written bare", rule("", "\t\tGlobal.A = ‸Absolute Value;"), diag.WrongArgumentCount},
		{"stray End", rule("", "\t\tAbort;\n\t\t‸End;"), diag.UnmatchedEnd},
		{"Else without If", rule("", "\t\t‸Else;\n\t\tAbort;"), diag.ElseWithoutIf},
		{"Break outside a loop", rule("", "\t\t‸Break;"), diag.BreakOutsideLoop},
		{"unknown event", "rule(\"x\")\n{\n\tevent\n\t{\n\t\t‸Ongoing - Nobody;\n\t}\n}\n", diag.UnknownEvent},
		{"missing event lines", "rule(\"x\")\n{\n\tevent\n\t{\n\t\t‸Ongoing - Each Player;\n\t}\n}\n", diag.MissingEventLine},
		{"extra event line", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t\t‸All;\n\t}\n}\n", diag.ExtraEventLine},
		{"unknown event player", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\t‸Slot 99;\n\t}\n}\n", diag.UnknownEventPlayer},
		{"undeclared global variable", vars + rule("", "\t\tGlobal.‸Nope = 1;"), diag.UndeclaredVariable},
		{"renamed slot's default name", vars + rule("", "\t\tGlobal.‸A = 1;"), diag.UndeclaredVariable},
		{"undeclared player variable", vars + rule("", "\t\tEvent Player.‸Nope = 1;"), diag.UndeclaredVariable},
		{"undeclared subroutine", vars + rule("", "\t\tCall Subroutine(‸Nope);"), diag.UndeclaredSubroutine},
		{"subroutine event of an undeclared subroutine", vars + "rule(\"x\")\n{\n\tevent\n\t{\n\t\tSubroutine;\n\t\t‸Nope;\n\t}\n}\n", diag.UndeclaredSubroutine},
		{"duplicate variable index", "variables\n{\n\tglobal:\n\t\t0: Foo\n\t\t‸0: Bar\n}\n", diag.DuplicateSlotIndex},
		{"duplicate variable name", "variables\n{\n\tglobal:\n\t\t0: Foo\n\t\t1: ‸Foo\n}\n", diag.DuplicateSlotName},
		{"variable index over 127", "variables\n{\n\tglobal:\n\t\t‸128: Foo\n}\n", diag.SlotIndexOutOfRange},
		{"variable name starting with a digit", "variables\n{\n\tglobal:\n\t\t0: ‸9lives\n}\n", diag.InvalidIdentifier},
		{"variable name too long", "variables\n{\n\tglobal:\n\t\t0: ‸" + strings.Repeat("x", 33) + "\n}\n", diag.IdentifierTooLong},
		{"variable block entry without ':'", "variables\n{\n\tglobal:\n\t\t0 ‸Foo\n}\n", diag.UnexpectedToken},
		{"value in a variable slot", vars + rule("", "\t\tModify Global Variable(‸Global.Foo, Add, 1);"), diag.ExpectedVariable},
		{"assignment to a value", rule("", "\t\t‸Event Player = 1;"), diag.NotAssignable},
		{"action in conditions", rule("\t\t‸Wait(1, Ignore Condition);", "\t\tAbort;"), diag.ActionInCondition},
		{"value as an action", rule("", "\t\t‸Event Player;"), diag.ExpectedAction},
		{"string as a value", rule("", "\t\tGlobal.A = ‸\"text\";"), diag.UnexpectedString},
		{"unknown localized string", rule("", "\t\tSmall Message(All Players(All Teams), String(‸\"No Such Words\"));"), diag.UnknownLocalizedString},
		{"placeholder without argument", rule("", "\t\tSmall Message(All Players(All Teams), Custom String(‸\"{0} and {1}\", 1));"), diag.FormatPlaceholder},
		{"unused format argument", rule("", "\t\tSmall Message(All Players(All Teams), Custom String(\"plain\", ‸1));"), diag.UnusedFormatArgument},
		{"literal slot given a computed value", rule("", "\t\tGlobal.A = Workshop Setting Integer(Custom String(\"a\"), Custom String(\"b\"), ‸1 + 1, 0, 10, 0);"), diag.ExpectedLiteral},
		{"colon in a workshop setting name", rule("", "\t\tGlobal.A = Workshop Setting Toggle(Custom String(\"General\"), Custom String(‸\"Mode: fast\"), True, 0);"), diag.WorkshopSettingName},
		{"literal above the slot's limit", rule("", "\t\tSet Damage Dealt(Event Player, ‸5000);"), diag.LiteralLimit},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := strings.Index(c.input, marker)
			if want < 0 {
				t.Fatal("test input has no marker")
			}
			text := strings.Replace(c.input, marker, "", 1)
			got := engine.Check(source.NewFile("test.ow", text), engine.Options{})
			for _, d := range got.Diags {
				if d.Code == c.code && d.Span.Start == want {
					if d.Message == "" || d.Severity == 0 {
						t.Errorf("%s has no message or severity", d.Code)
					}
					return
				}
			}
			m := edits.NewMapper(text)
			wp, _ := m.OffsetPoint(want)
			var lines []string
			for _, d := range got.Diags {
				p, _ := m.OffsetPoint(d.Span.Start)
				lines = append(lines, "  "+itoa(p.Line)+":"+itoa(p.Column)+" "+string(d.Code)+": "+d.Message)
			}
			t.Errorf("want %s at %d:%d; got:\n%s", c.code, wp.Line, wp.Column, strings.Join(lines, "\n"))
		})
	}
}

func maxDepthMinusOne() int { return 256 }

func itoa(n int) string { return strconv.Itoa(n) }
