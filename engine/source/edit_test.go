package source

import (
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	for _, c := range []struct {
		text  string
		edits []Edit
		want  string
		fails bool
	}{
		{"hello world", []Edit{{Span{6, 11}, "there"}, {Span{0, 0}, ">"}}, ">hello there", false},
		{"abc", []Edit{{Span{1, 1}, "X"}, {Span{1, 1}, "Y"}}, "aXYbc", false},
		{"abc", nil, "abc", false},
		{"abc", []Edit{{Span{0, 2}, ""}, {Span{1, 3}, ""}}, "", true},
		{"abc", []Edit{{Span{2, 4}, ""}}, "", true},
		{"abc", []Edit{{Span{2, 1}, ""}}, "", true},
	} {
		got, err := Apply(c.text, c.edits)
		if (err != nil) != c.fails || got != c.want {
			t.Errorf("Apply(%q, %v) = %q, %v; want %q, fails %v", c.text, c.edits, got, err, c.want, c.fails)
		}
	}
}

// TestDifference checks that the edit Difference returns turns old into
// new and is as small as the common prefix and suffix allow, on texts
// longer than the block the comparison steps by.
func TestDifference(t *testing.T) {
	long := strings.Repeat("rule(\"x\") { actions { Wait(1); } }\n", 20)
	for _, c := range []struct {
		old, new string
		span     Span
	}{
		{"", "", Span{0, 0}},
		{"abc", "abc", Span{3, 3}},
		{"abc", "aXc", Span{1, 2}},
		{"abc", "abXc", Span{2, 2}},
		{"aa", "aaa", Span{2, 2}},
		{"abc", "", Span{0, 3}},
		{long, long[:300] + "é" + long[300:], Span{300, 300}},
		{long, long[:100] + long[650:], Span{100, 650}},
		{long + "x", "y" + long, Span{0, len(long) + 1}},
	} {
		e := Difference(c.old, c.new)
		got, err := Apply(c.old, []Edit{e})
		if err != nil || got != c.new {
			t.Errorf("Difference(%.20q…, %.20q…) = %v, which gives %.20q… (%v)", c.old, c.new, e, got, err)
		}
		if e.Span != c.span {
			t.Errorf("Difference(%.20q…, %.20q…) spans %v, want %v", c.old, c.new, e.Span, c.span)
		}
	}
}
