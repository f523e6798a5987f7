package service

import "testing"

func TestShellQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"project/arena.ow", "project/arena.ow"},
		{"--all", "--all"},
		{"de-DE", "de-DE"},
		{"my project/a.ow", "'my project/a.ow'"},
		{"it's.ow", `'it'\''s.ow'`},
		{"$HOME/a.ow", "'$HOME/a.ow'"},
		{"a;rm -rf x", "'a;rm -rf x'"},
		{"~/a.ow", "'~/a.ow'"},
		{"", "''"},
		{"é.ow", "'é.ow'"},
	} {
		if got := shellQuote(c.in); got != c.want {
			t.Errorf("shellQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := command("check", "--all", "a b.ow"); got != "wright-lsp check --all 'a b.ow'" {
		t.Errorf("command: %s", got)
	}
}
