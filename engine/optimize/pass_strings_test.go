package optimize_test

import (
	"strings"
	"testing"
)

func TestPackStrings(t *testing.T) {
	msg := func(s string) string { return "Small Message(All Players(All Teams), " + s + ");" }
	long := strings.Repeat("abcdefghij", 13) // 130 characters
	emoji := func(n int) string { return strings.Repeat("\U0001F600", n) }
	checkRewrites(t, pass("pack-strings"), []rewrite{
		{"nested", msg(`Custom String("{0}{1}", Custom String("ab"), Custom String("cd {0}", Global.A))`),
			msg(`Custom String("abcd {0}", Global.A)`)},
		{"placeholders in any order", msg(`Custom String("{1}-{0}", Custom String("a"), Custom String("b"))`), msg(`Custom String("b-a")`)},
		{"longer than a literal", msg(`Custom String("{0}{1}", Custom String("` + long[:70] + `"), Custom String("` + long[70:] + `"))`),
			msg(`Custom String("` + long[:125] + `{0}", Custom String("` + long[125:] + `"))`)},
		{"an emoji counts two", msg(`Custom String("{0}{1}", Custom String("` + emoji(40) + `"), Custom String("` + emoji(40) + `"))`),
			msg(`Custom String("` + emoji(62) + `{0}", Custom String("` + emoji(18) + `"))`)},
		{"a brace stays in its own literal", msg(`Custom String("{0}{1}", Custom String("{"), Custom String("b"))`),
			msg(`Custom String("{0}b", Custom String("{"))`)},
		{"a value shown twice", msg(`Custom String("{0}<{1}", Global.T, Custom String("{0}x{0}", Global.T))`), msg(`Custom String("{0}<{0}x{0}", Global.T)`)},
		// Never applied:
		{"a random value shown twice", msg(`Custom String("{0} x {0}", Custom String("a{0}", Random Integer(1, 2)))`), ""},
		{"an argument never shown", msg(`Custom String("{0}", Custom String("a"), Global.A)`), ""},
		{"random values", msg(`Custom String("{1}{0}", Custom String("{0}", Random Integer(1, 2)), Custom String("{0}", Random Integer(1, 2)))`), ""},
		{"a localized string", msg(`String("{0} {1}", Custom String("a"), Custom String("b"))`), ""},
	})
}
