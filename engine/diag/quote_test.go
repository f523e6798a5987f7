package diag

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuoteAndExcerpt(t *testing.T) {
	long := strings.Repeat("ab", 1<<19) // a 1 MiB token
	for _, c := range []struct{ in, quote, excerpt string }{
		{"Wiat", `"Wiat"`, "Wiat"},
		{`say "hi"\`, `"say \"hi\"\\"`, `say "hi"\`},
		{"héllo 中文 😀", `"héllo 中文 😀"`, "héllo 中文 😀"},
		{"a\x1b[31mred\x07", `"a\x1b[31mred\a"`, `a\x1b[31mred\a`},
		{"tab\there\nnl\r", `"tab\there\nnl\r"`, `tab\there\nnl\r`},
		{"bidi\u202eevil", `"bidi\u202eevil"`, `bidi\u202eevil`},
		{"bad\xffbyte", `"bad\xffbyte"`, `bad\xffbyte`},
		{long, `"` + long[:MaxQuoted] + `…"`, long[:MaxQuoted] + "…"},
		{strings.Repeat("é", MaxQuoted), `"` + strings.Repeat("é", MaxQuoted) + `"`, strings.Repeat("é", MaxQuoted)},
		{strings.Repeat("é", MaxQuoted+1), `"` + strings.Repeat("é", MaxQuoted) + `…"`, strings.Repeat("é", MaxQuoted) + "…"},
	} {
		if got := Quote(c.in); got != c.quote {
			t.Errorf("Quote(%.40q) = %.200s, want %.200s", c.in, got, c.quote)
		}
		if got := Excerpt(c.in); got != c.excerpt {
			t.Errorf("Excerpt(%.40q) = %.200s, want %.200s", c.in, got, c.excerpt)
		}
	}
}

func TestClean(t *testing.T) {
	ours := "expected ';' after the action, found ')'; did you mean \"Wait\"?"
	if got := Clean(ours); got != ours {
		t.Errorf("Clean changed a message of ours: %q", got)
	}
	long := strings.Repeat("x", 1<<20)
	got := Clean("unknown name '" + long + "': not a declared variable")
	want := "unknown name '" + strings.Repeat("x", maxWord-9-1) + "…" + strings.Repeat("x", 6) + "':" + " not a declared variable"
	if got != want {
		t.Errorf("a long token: %.300q\nwant %.300q", got, want)
	}
	words := strings.Repeat("word ", 1<<18)
	got = Clean("the text '" + words + "' is not a number")
	if n := utf8.RuneCountInString(got); n != maxMessage || !strings.HasPrefix(got, "the text 'word word") || !strings.HasSuffix(got, "word ' is not a number") {
		t.Errorf("a long text (%d characters): %.600q", n, got)
	}
	if got := Clean("found '\x1b]0;pwned\x07'"); got != `found '\x1b]0;pwned\a'` {
		t.Errorf("control characters: %q", got)
	}
	for _, m := range []string{got, Clean("unknown name '" + long + "'"), Clean(words), Clean(strings.Repeat("é", 1000))} {
		if again := Clean(m); again != m {
			t.Errorf("Clean is not idempotent: %.100q became %.100q", m, again)
		}
	}
}
