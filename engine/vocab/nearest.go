package vocab

import (
	"strings"
	"unicode/utf8"
)

// Nearest returns up to three candidates close enough to text to be a
// plausible misspelling (by edit distance on folded spellings), best
// first; equals keep the candidates' order. It serves "did you mean"
// suggestions.
func Nearest(text string, cands []string) []string {
	if len(cands) == 0 || len(text) > 1024 {
		return nil
	}
	key := Fold(text)
	if key == "" {
		return nil
	}
	limit := min(utf8.RuneCountInString(key)/3+1, 4)
	type scored struct {
		name string
		d    int
	}
	var best []scored
	seen := map[string]bool{}
	for _, cand := range cands {
		ck := Fold(cand)
		if seen[ck] || ck == key {
			continue
		}
		seen[ck] = true
		d := distance(key, ck, limit)
		if d > limit {
			// A prefix ("Max Team" for "Max Team 1 Players") is a useful
			// suggestion too.
			if utf8.RuneCountInString(key) < 4 || !strings.HasPrefix(ck, key) {
				continue
			}
			d = limit
		}
		best = append(best, scored{cand, d})
	}
	var out []string
	for len(out) < 3 && len(best) > 0 {
		bi := 0
		for i, s := range best {
			if s.d < best[bi].d {
				bi = i
			}
		}
		out = append(out, best[bi].name)
		best = append(best[:bi], best[bi+1:]...)
	}
	return out
}

// distance is the Levenshtein distance between a and b in runes, cut off
// above limit (it then returns limit+1).
func distance(a, b string, limit int) int {
	if d := utf8.RuneCountInString(a) - utf8.RuneCountInString(b); d > limit || -d > limit {
		return limit + 1
	}
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
