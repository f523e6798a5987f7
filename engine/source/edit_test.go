package source

import "testing"

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
