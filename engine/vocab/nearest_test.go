package vocab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// refNearest is Nearest as it was before the index: every candidate
// folded and measured on every call. The index must answer the same.
func refNearest(text string, cands []string) []string {
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
		if seen[ck] || ck == key || ck == "" {
			continue
		}
		seen[ck] = true
		d := refDistance(key, ck, limit)
		if d > limit {
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

// refDistance is the Levenshtein distance of every cell, cut off above
// limit.
func refDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], limit+1)
}

// TestBandedDistance compares the banded distance with every cell's on
// random short words.
func TestBandedDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]rune, rng.IntN(9))
		for i := range b {
			b[i] = rune('a' + rng.IntN(3))
		}
		return string(b)
	}
	prev, cur := make([]int, 16), make([]int, 16)
	for range 20000 {
		a, b, limit := word(), word(), 1+rng.IntN(4)
		if got, want := distance([]rune(a), []rune(b), limit, prev, cur), refDistance(a, b, limit); got != want {
			t.Fatalf("distance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	}
}

// catalogNames returns the spellings of every action and value in four
// locales (two of them CJK), duplicates across locales included.
func catalogNames() []string {
	var names []string
	for _, el := range Default().Elements {
		for _, l := range []Locale{EnUS, DeDE, ZhCN, EsMX} {
			if n := el.Names[l]; n != "" {
				names = append(names, n)
			}
		}
	}
	return names
}

// TestNameIndexAgreesWithFolding asks the index and the reference about
// catalog names mangled by a few random edits (and cut short, for the
// prefix rule), in four locales' spellings.
func TestNameIndexAgreesWithFolding(t *testing.T) {
	cands := catalogNames()
	ix := NewNameIndex(cands)
	rng := rand.New(rand.NewPCG(8, 19))
	alphabet := []rune("abcdefghxyz éü中 ")
	for q := range 40 {
		r := []rune(cands[rng.IntN(len(cands))])
		for range rng.IntN(4) {
			if len(r) == 0 {
				break
			}
			i := rng.IntN(len(r))
			switch rng.IntN(3) {
			case 0:
				r = slices.Delete(r, i, i+1)
			case 1:
				r[i] = alphabet[rng.IntN(len(alphabet))]
			default:
				r = slices.Insert(r, i, alphabet[rng.IntN(len(alphabet))])
			}
		}
		if q%5 == 0 && len(r) > 4 {
			r = r[:4+rng.IntN(len(r)-4)]
		}
		text := string(r)
		if got, want := ix.Nearest(text), refNearest(text, cands); !slices.Equal(got, want) {
			t.Errorf("Nearest(%q) = %q, want %q", text, got, want)
		}
	}
	for _, text := range []string{"", " ", "a", "Wait", "WAIT", "Wiat", "Max", "Create", strings.Repeat("x", 1025)} {
		if got, want := ix.Nearest(text), refNearest(text, cands); !slices.Equal(got, want) {
			t.Errorf("Nearest(%q) = %q, want %q", text, got, want)
		}
	}
}

// BenchmarkNearest asks for the names nearest to unknown action names
// against every action and value of the catalog in one locale: the
// index is built once, as the validator builds it once per file.
func BenchmarkNearest(b *testing.B) {
	var cands []string
	for _, el := range Default().Elements {
		cands = append(cands, el.English())
	}
	ix := NewNameIndex(cands)
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				for i := range n {
					ix.Nearest(fmt.Sprintf("Frobnicate Thing%d", i))
				}
			}
		})
	}
}

// TestSuggesterBound answers fresh look-ups up to the bound, then none,
// and a text asked before from memory, past the bound too.
func TestSuggesterBound(t *testing.T) {
	names := func() []string { return []string{"Wait", "Wait Until", "Create Effect"} }
	s := Suggester{Max: 3}
	for i, c := range []struct {
		text string
		want string
	}{
		{"Wiat", "Wait"}, {"Wiat", "Wait"}, {"Create Efect", "Create Effect"}, {"Wait Untl", "Wait Until"},
		{"Waitt", ""}, {"Wiat", "Wait"}, {"Create Efect", "Create Effect"},
	} {
		got := s.Nearest(c.text, "actions", names)
		if first := append(got, "")[0]; first != c.want {
			t.Errorf("look-up %d: Nearest(%q) = %q, want %q first", i, c.text, got, c.want)
		}
	}
	if got := s.NearestIn("Wiat", names); got != nil {
		t.Errorf("NearestIn past the bound = %q, want nothing", got)
	}
	var fresh Suggester
	if got := fresh.NearestIn("Wiat", names); len(got) == 0 || got[0] != "Wait" {
		t.Errorf("NearestIn = %q, want Wait first", got)
	}
}
