package opy

import "strings"

// censoredWords are words the game's chat filter mangles in rule names,
// as observed in OverPy's outputs and documented in its reference, each
// with where OverPy breaks it with a soft hyphen ("tri|gger").
var censoredWords = []string{"a|ccount", "a|dmin", "b|lizzard", "b|low", "tri|gger"}

// ruleTitle is a rule name as written to the Workshop: invisible
// separators the user (or a decompiler) left in it dropped, and the
// censored words broken with a soft hyphen, as OverPy writes them.
func ruleTitle(name string) string {
	name = strings.NewReplacer("\u00ad", "", "\u200b", "").Replace(name)
	lower := strings.ToLower(name)
	if !strings.ContainsFunc(lower, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		hit, cut := "", 0
		for _, w := range censoredWords {
			cut = strings.IndexByte(w, '|')
			if word := w[:cut] + w[cut+1:]; strings.HasPrefix(lower[i:], word) && len(lower) == len(name) && wholeWord(lower, i, i+len(word)) {
				hit = word
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
