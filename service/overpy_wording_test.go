package service

import "testing"

func TestReplaceQuote(t *testing.T) {
	for _, tc := range []struct{ message, quote, with, want string }{
		{"the expression A + 1 is evaluated twice", "A + 1", "a + 1", "the expression a + 1 is evaluated twice"},
		{"All players read A", "A", "score", "All players read score"},
		{"A is written", "A", "score", "score is written"},
		{"Array(A)", "A", "score", "Array(score)"},
		{"nothing quoted here", "B", "x", "nothing quoted here"},
	} {
		if got := replaceQuote(tc.message, tc.quote, tc.with); got != tc.want {
			t.Errorf("replaceQuote(%q, %q) = %q, want %q", tc.message, tc.quote, got, tc.want)
		}
	}
}
