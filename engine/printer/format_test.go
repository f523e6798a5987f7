package printer

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func TestDetectIndent(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"tabs", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", "\t"},
		{"four spaces", "settings\n{\n    lobby\n    {\n        Max Team 1 Players: 1\n    }\n}\n", "    "},
		{"two spaces, CRLF", "rule(\"x\")\r\n{\r\n  event\r\n  {\r\n    Ongoing - Global;\r\n  }\r\n}\r\n", "  "},
		{"whitespace-only lines are blank", "x\n{\n  \t\n  a\n}\n", "  "},
		{"no indentation", "rule(\"x\") { event { Ongoing - Global; } }\n", "\t"},
		{"mixed tabs and spaces", "x\n{\n    a\n\tb\n}\n", "\t"},
		{"a line off the unit", "x\n{\n    a\n      b\n}\n", "\t"},
		{"one space is no unit", "x\n{\n a\n  b\n}\n", "\t"},
		{"wider than eight", "x\n{\n          a\n}\n", "\t"},
	} {
		if got := DetectIndent(tc.text); got != tc.want {
			t.Errorf("%s: DetectIndent = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestFormatKeepsTheIndentUnit: a program indented with four spaces and
// CRLF line ends formats to itself; with a tab forced, to the game's
// layout; the same program with tabs formats to the same text either way.
func TestFormatKeepsTheIndentUnit(t *testing.T) {
	tabbed := "rule(\"Tick\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tIf(Global.A == 5);\n\t\t\tWait(1, Ignore Condition);\n\t\tEnd;\n\t}\n}\n"
	spaced := strings.ReplaceAll(strings.ReplaceAll(tabbed, "\t", "    "), "\n", "\r\n")
	format := func(text, indent string) string {
		t.Helper()
		c := engine.Check(source.NewFile("x.ow", text), engine.Options{})
		out, refusal := Format(text, c.Script, c.ParseErrors, FormatOptions{Indent: indent})
		if refusal != nil {
			t.Fatalf("refused: %s", refusal.Reason)
		}
		return out
	}
	if got := format(spaced, ""); got != spaced {
		t.Errorf("four spaces, detected: got %q", got)
	}
	if got := format(spaced, "\t"); got != strings.ReplaceAll(tabbed, "\n", "\r\n") {
		t.Errorf("four spaces, tab forced: got %q", got)
	}
	if got := format(tabbed, ""); got != tabbed {
		t.Errorf("tabs: got %q", got)
	}
	flat := "rule(\"Tick\")\n{\nevent\n{\nOngoing - Global;\n}\n\nactions\n{\nIf(Global.A == 5);\nWait(1, Ignore Condition);\nEnd;\n}\n}\n"
	if got := format(flat, ""); got != tabbed {
		t.Errorf("flattened: got %q", got)
	}
}

func TestFormatRefuses(t *testing.T) {
	for _, tc := range []struct{ name, text, reason string }{
		{"syntax", "rule(\"x\") { event { Ongoing - Global } }", "syntax error"},
		{"comments", "// note\nrule(\"x\") { event { Ongoing - Global; } }", "comments"},
	} {
		c := engine.Check(source.NewFile("x.ow", tc.text), engine.Options{})
		_, refusal := Format(tc.text, c.Script, c.ParseErrors, FormatOptions{})
		if refusal == nil || !strings.Contains(refusal.Reason, tc.reason) {
			t.Errorf("%s: refusal %v, want one naming %q", tc.name, refusal, tc.reason)
		}
	}
}
