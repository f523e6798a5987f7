package opy

import "strings"

// censoredWords are words the game's chat filter mangles in rule names,
// as observed in OverPy's outputs and documented in its reference, each
// with where OverPy breaks it with a soft hyphen: tri|gger.
var censoredWords = []struct {
	word string
	cut  int
}{{"account", 1}, {"admin", 1}, {"blizzard", 1}, {"blow", 1}, {"trigger", 3}}

// ruleTitle is a rule name as written to the Workshop: invisible
// separators the user (or a decompiler) left in it dropped, and the
// censored words broken with a soft hyphen, as OverPy writes them.
func ruleTitle(name string) string {
	if strings.Contains(name, "\u00ad") || strings.Contains(name, "\u200b") {
		name = strings.NewReplacer("\u00ad", "", "\u200b", "").Replace(name)
	}
	lower := strings.ToLower(name)
	found := false
	for _, w := range censoredWords {
		found = found || strings.Contains(lower, w.word)
	}
	if !found || len(lower) != len(name) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		hit, cut := "", 0
		for _, w := range censoredWords {
			if strings.HasPrefix(lower[i:], w.word) && wholeWord(lower, i, i+len(w.word)) {
				hit, cut = w.word, w.cut
				break
			}
		}
		if hit == "" {
			b.WriteByte(name[i])
			i++
			continue
		}
		b.WriteString(name[i : i+cut])
		b.WriteString("\u00ad")
		b.WriteString(name[i+cut : i+len(hit)])
		i += len(hit)
	}
	return b.String()
}

// wholeWord reports whether s[a:b] is a word of its own: no letter just
// before or after it.
func wholeWord(s string, a, b int) bool {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	return (a == 0 || !isLetter(s[a-1])) && (b == len(s) || !isLetter(s[b]))
}
