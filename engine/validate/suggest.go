package validate

// This file finds the nearest valid names for unknown ones ("did you mean").

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

type nameKinds uint8

const (
	kindsAction nameKinds = iota + 1
	kindsValue
	kindsEvent
	kindsEventTeam
	kindsEventPlayer
)

// suggester caches the candidate spellings per kind, built on first use
// (most scripts have no unknown names).
type suggester struct {
	cands map[nameKinds][]string
}

func (c *checker) candidates(k nameKinds) []string {
	if c.cands == nil {
		c.cands = map[nameKinds][]string{}
	}
	if list, ok := c.cands[k]; ok {
		return list
	}
	var list []string
	add := func(n vocab.Named) {
		list = append(list, c.spell(n))
	}
	switch k {
	case kindsAction:
		for _, el := range c.v.Elements {
			if el.IsAction() {
				add(el)
			}
		}
	case kindsValue:
		for _, el := range c.v.Elements {
			if !el.IsAction() && el.ID != "__global__" {
				add(el)
			}
		}
	case kindsEvent:
		for _, ev := range c.v.Events {
			add(ev)
		}
	case kindsEventTeam:
		for _, w := range c.v.EventTeams {
			add(w)
		}
	case kindsEventPlayer:
		for _, w := range c.v.EventPlayers {
			add(w)
		}
		for _, m := range c.v.Enum("HeroLiteral").Members {
			add(m)
		}
	}
	c.cands[k] = list
	return list
}

// suggest attaches the nearest names of kind k to d.
func (c *checker) suggest(d *diag.Diagnostic, text string, k nameKinds) {
	c.attach(d, nearest(text, c.candidates(k)))
}

// suggestMember attaches the nearest members of en to d.
func (c *checker) suggestMember(d *diag.Diagnostic, text string, en *vocab.Enum) {
	var list []string
	for _, m := range en.Members {
		if !m.OnlyInOverPy {
			list = append(list, c.spell(m))
		}
	}
	c.attach(d, nearest(text, list))
}

// suggestSlot attaches the nearest usable variable or subroutine names.
func (c *checker) suggestSlot(d *diag.Diagnostic, text string, t *slotTable) {
	list := make([]string, 0, len(t.byName))
	for name := range t.byName {
		list = append(list, name)
	}
	c.attach(d, nearest(text, list))
}

func (c *checker) attach(d *diag.Diagnostic, names []string) {
	if len(names) == 0 {
		return
	}
	d.Suggestions = names
	d.Message += "; did you mean " + strconv.Quote(names[0]) + "?"
}

// nearest returns up to three candidates closest to text by edit distance
// (case-insensitive), best first; only candidates close enough to be a
// plausible misspelling are returned.
func nearest(text string, cands []string) []string {
	key := vocab.Fold(text)
	if key == "" {
		return nil
	}
	limit := utf8.RuneCountInString(key)/3 + 1
	if limit > 4 {
		limit = 4
	}
	type scored struct {
		name string
		d    int
	}
	var best []scored
	seen := map[string]bool{}
	for _, cand := range cands {
		if seen[cand] {
			continue
		}
		seen[cand] = true
		ck := vocab.Fold(cand)
		d := distance(key, ck, limit)
		if d > limit {
			// A prefix match ("Create HUD" for "Create HUD Text") is a
			// useful suggestion too.
			if len(key) >= 4 && strings.HasPrefix(ck, key) {
				d = limit
			} else {
				continue
			}
		}
		best = append(best, scored{cand, d})
	}
	// Stable selection of the three smallest distances, keeping catalog
	// order among equals.
	var out []string
	for n := 0; n < 3 && len(best) > 0; n++ {
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
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
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

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
