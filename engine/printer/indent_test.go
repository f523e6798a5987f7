package printer

import "testing"

func TestIndentUnit(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"tabs", "a\n{\n\tb\n\t\tc\n}\n", "\t"},
		{"four spaces", "a\n{\n    b\n        c\n}\n", "    "},
		{"two spaces", "a\n  b\n    c\n  d\n", "  "},
		{"mixed tab and spaces", "a\n    b\n\tc\n", "\t"},
		{"tab after spaces", "a\n  \tb\n", "\t"},
		{"not a multiple", "a\n    b\n      c\n", "\t"},
		{"deeper than eight first", "a\n          b\n", "\t"},
		{"no indentation", "a\nb\n", "\t"},
		{"blank lines with spaces ignored", "a\n \n    b\n", "    "},
		{"empty", "", "\t"},
	}
	for _, c := range cases {
		if got := IndentUnit(c.text); got != c.want {
			t.Errorf("%s: IndentUnit = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestReindent(t *testing.T) {
	in := "a\n{\n\tb: \"x\tz\"\n\t\tc\n}"
	if got, want := Reindent(in, "    "), "a\n{\n    b: \"x\tz\"\n        c\n}"; got != want {
		t.Errorf("Reindent = %q, want %q", got, want)
	}
	if got := Reindent(in, "\t"); got != in {
		t.Errorf("Reindent with a tab changed the text: %q", got)
	}
}
