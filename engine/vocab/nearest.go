package vocab

import (
	"math/bits"
	"slices"
	"sort"
	"strings"
)

// maxNearestText is the longest text Nearest looks for: longer ones are
// no misspelling of a name.
const maxNearestText = 1024

// Nearest returns up to three candidates close enough to text to be a
// plausible misspelling (by edit distance on folded spellings), best
// first; equals keep the candidates' order. It serves "did you mean"
// suggestions.
//
// It folds every candidate: a caller that asks about many texts against
// the same candidates builds a [NameIndex] once instead.
func Nearest(text string, cands []string) []string {
	if len(cands) == 0 || len(text) > maxNearestText {
		return nil
	}
	return NewNameIndex(cands).Nearest(text)
}

// A NameIndex holds candidate names prepared for Nearest: each folded
// once, grouped by length (only names within the distance limit of a
// text's length can be near it) and sorted (the names a text is a prefix
// of are a range). A query then costs the edit distances to the names of
// about the text's length, never a fold of the whole list. It never
// changes after NewNameIndex; share it freely.
type NameIndex struct {
	names  []string // the first spelling of each folded key, in the candidates' order
	keys   []string // the folded keys, parallel to names
	runes  []rune   // every key's runes, one after the other
	at     []int32  // key i's runes are runes[at[i]:at[i+1]]
	byLen  [][]int32
	sorted []int32  // key indexes in key order
	masks  []uint64 // which runes (modulo 64) each key holds
}

// runeMask is the set of s's runes modulo 64. Each rune of one key that
// the other lacks costs at least one edit, so the larger of the two
// differences is a lower bound of the edit distance, found without
// measuring it.
func runeMask(rs []rune) uint64 {
	var m uint64
	for _, r := range rs {
		m |= 1 << (uint(r) & 63)
	}
	return m
}

// NewNameIndex prepares cands for Nearest.
func NewNameIndex(cands []string) *NameIndex {
	ix := &NameIndex{at: []int32{0}}
	seen := make(map[string]bool, len(cands))
	for _, cand := range cands {
		key := Fold(cand)
		if seen[key] || key == "" {
			continue
		}
		seen[key] = true
		i := int32(len(ix.keys))
		ix.names = append(ix.names, cand)
		ix.keys = append(ix.keys, key)
		n := 0
		for _, r := range key {
			ix.runes = append(ix.runes, r)
			n++
		}
		ix.at = append(ix.at, int32(len(ix.runes)))
		ix.masks = append(ix.masks, runeMask(ix.runes[ix.at[i]:]))
		for len(ix.byLen) <= n {
			ix.byLen = append(ix.byLen, nil)
		}
		ix.byLen[n] = append(ix.byLen[n], i)
		ix.sorted = append(ix.sorted, i)
	}
	sort.Slice(ix.sorted, func(a, b int) bool { return ix.keys[ix.sorted[a]] < ix.keys[ix.sorted[b]] })
	return ix
}

// Len returns how many distinct folded names the index holds.
func (ix *NameIndex) Len() int { return len(ix.keys) }

// Nearest returns up to three names close enough to text to be a
// plausible misspelling, best first, as the function Nearest does.
func (ix *NameIndex) Nearest(text string) []string {
	if ix == nil || len(ix.keys) == 0 || len(text) > maxNearestText {
		return nil
	}
	key := Fold(text)
	if key == "" {
		return nil
	}
	kr := []rune(key)
	n := len(kr)
	km := runeMask(kr)
	limit := min(n/3+1, 4)
	type scored struct {
		i int32
		d int
	}
	var best []scored
	prev := make([]int, n+limit+2)
	cur := make([]int, n+limit+2)
	for l := max(n-limit, 0); l <= n+limit && l < len(ix.byLen); l++ {
		for _, i := range ix.byLen[l] {
			m := ix.masks[i]
			if bits.OnesCount64(km&^m) > limit || bits.OnesCount64(m&^km) > limit || ix.keys[i] == key {
				continue
			}
			if d := distance(kr, ix.runes[ix.at[i]:ix.at[i+1]], limit, prev, cur); d <= limit {
				best = append(best, scored{i, d})
			}
		}
	}
	// A prefix ("Max Team" for "Max Team 1 Players") is a useful
	// suggestion too. Those of a length within the limit were measured
	// above (their distance is the difference in length).
	if n >= 4 {
		j := sort.Search(len(ix.sorted), func(j int) bool { return ix.keys[ix.sorted[j]] >= key })
		for ; j < len(ix.sorted) && strings.HasPrefix(ix.keys[ix.sorted[j]], key); j++ {
			i := ix.sorted[j]
			if int(ix.at[i+1]-ix.at[i]) > n+limit {
				best = append(best, scored{i, limit})
			}
		}
	}
	slices.SortFunc(best, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return int(a.i - b.i)
	})
	var out []string
	for _, s := range best[:min(len(best), 3)] {
		out = append(out, ix.names[s.i])
	}
	return out
}

// distance is the Levenshtein distance between a and b, cut off above
// limit (it then returns limit+1). Only the diagonal band of cells within
// limit of the diagonal is computed: a path through any other cell costs
// more than limit. prev and cur are work rows of at least len(b)+1
// entries.
func distance(a, b []rune, limit int, prev, cur []int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	big := limit + 1
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = min(j, big)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		rowMin := big
		if lo == 1 {
			cur[0] = min(i, big)
			rowMin = cur[0]
		} else {
			cur[lo-1] = big
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if hi < len(b) {
			cur[hi+1] = big
		}
		if rowMin > limit {
			return big
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], big)
}

// DefaultMaxSuggested is how many look-ups a Suggester answers unless
// told otherwise.
const DefaultMaxSuggested = 100

// A Suggester answers the "did you mean" look-ups of one file (or one
// compile), so that a text of thousands of unknown names costs a bounded
// number of look-ups, never one per name over the whole vocabulary: each
// list of candidates it is told the kind of is indexed once, an answer is
// remembered (a misspelling met again is answered from memory), and past
// Max fresh look-ups it answers nothing new. Unknown names are still
// reported past the bound, only without a suggestion. The zero value is
// ready to use; a Suggester is not safe for concurrent use.
type Suggester struct {
	// Max bounds the fresh look-ups; 0 means DefaultMaxSuggested.
	Max     int
	asked   int
	indexes map[any]*NameIndex
	answers map[suggestionKey][]string
}

type suggestionKey struct {
	kind any
	text string
}

// Asked returns how many fresh look-ups the Suggester made.
func (s *Suggester) Asked() int { return s.asked }

// take counts a fresh look-up, and reports whether the bound allows it.
func (s *Suggester) take() bool {
	limit := s.Max
	if limit == 0 {
		limit = DefaultMaxSuggested
	}
	if s.asked >= limit {
		return false
	}
	s.asked++
	return true
}

// Nearest is vocab's Nearest of text among the names of kind, a
// comparable value that names one list of candidates for the
// Suggester's whole life; names makes that list on first use.
func (s *Suggester) Nearest(text string, kind any, names func() []string) []string {
	q := suggestionKey{kind, text}
	if got, ok := s.answers[q]; ok {
		return got
	}
	if len(text) > maxNearestText || !s.take() {
		return nil
	}
	if s.indexes == nil {
		s.indexes, s.answers = map[any]*NameIndex{}, map[suggestionKey][]string{}
	}
	ix := s.indexes[kind]
	if ix == nil {
		ix = NewNameIndex(names())
		s.indexes[kind] = ix
	}
	got := ix.Nearest(text)
	s.answers[q] = got
	return got
}

// NearestIn is vocab's Nearest of text among cands(), a list met once:
// it is not indexed, the look-up counts against the bound, and cands is
// not called past it.
func (s *Suggester) NearestIn(text string, cands func() []string) []string {
	if len(text) > maxNearestText || !s.take() {
		return nil
	}
	return Nearest(text, cands())
}
