package settings

// This file holds the name index the resolver reads names with: folded
// spelling to entry, per locale.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A nameIndex finds a value by its folded spelling in a locale. When two
// entries share a spelling the first added wins, so lookups are
// deterministic.
type nameIndex[T any] struct {
	byLoc [vocab.NumLocales]map[string]T
	// spellings lists each locale's spellings in order, for suggestions.
	spellings [vocab.NumLocales][]string
	maxLen    int // the longest spelling, in bytes
}

func (ix *nameIndex[T]) add(f *folder, names *vocab.Names, val T) {
	for l, raw := range names {
		n, k := f.fold(raw)
		if n == "" {
			continue
		}
		if ix.byLoc[l] == nil {
			ix.byLoc[l] = map[string]T{}
		}
		if _, dup := ix.byLoc[l][k]; dup {
			continue
		}
		ix.byLoc[l][k] = val
		ix.spellings[l] = append(ix.spellings[l], n)
		ix.maxLen = max(ix.maxLen, len(n))
	}
}

// alias makes a folded spelling in locale l find val without offering it
// as a suggestion; a spelling already taken keeps its entry.
func (ix *nameIndex[T]) alias(l vocab.Locale, name string, val T) {
	k := vocab.Fold(clean(name))
	if k == "" {
		return
	}
	if ix.byLoc[l] == nil {
		ix.byLoc[l] = map[string]T{}
	}
	if _, dup := ix.byLoc[l][k]; dup {
		return
	}
	ix.byLoc[l][k] = val
	ix.maxLen = max(ix.maxLen, len(name))
}

// grow makes room for n more spellings in each locale, so that building
// an index of a known size does not grow its maps step by step.
func (ix *nameIndex[T]) grow(n int) {
	for l := range ix.byLoc {
		if ix.byLoc[l] == nil {
			ix.byLoc[l] = make(map[string]T, n)
		}
	}
}

// spelledIn adds the index's spellings to m, with the locales spelling them.
func (ix *nameIndex[T]) spelledIn(m map[string]vocab.LocaleSet) {
	for l, names := range ix.byLoc {
		for k := range names {
			m[k] |= vocab.Of(vocab.Locale(l))
		}
	}
}

// fits reports whether raw text is short enough to be one of the index's
// spellings, allowing for the white space runs that folding collapses.
func (ix *nameIndex[T]) fits(raw string) bool {
	return len(raw) <= 2*ix.maxLen+16
}

// find looks a folded spelling up in each locale of order in turn.
func (ix *nameIndex[T]) find(key string, order []vocab.Locale) (T, bool) {
	for _, l := range order {
		if v, ok := ix.byLoc[l][key]; ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// findAny looks a folded spelling up in every locale, in catalog order.
func (ix *nameIndex[T]) findAny(key string) (T, bool) {
	for l := range ix.byLoc {
		if v, ok := ix.byLoc[l][key]; ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// A folder folds catalog spellings for the index, each distinct spelling
// once: the hero tables repeat the same setting names and values 45 times
// over, and folding was a third of building the schema.
type folder struct {
	memo map[string][2]string // raw spelling → clean, folded
}

// Building the schema folds about 1,900 spellings before any table; main,
// lobby and the two General tables, which most settings blocks use, bring
// it to 3,400 (their values aside), every table and value to 12,600.
func newFolder() *folder { return &folder{memo: make(map[string][2]string, 4096)} }

// fold returns the spelling cleaned (see clean) and its folded key; both
// are "" when the spelling cannot stand on a settings line.
func (f *folder) fold(raw string) (name, key string) {
	if raw == "" {
		return "", ""
	}
	if v, ok := f.memo[raw]; ok {
		return v[0], v[1]
	}
	if name = clean(raw); name != "" {
		key = vocab.Fold(name)
	}
	f.memo[raw] = [2]string{name, key}
	return name, key
}

// clean returns a catalog spelling as it can stand on a settings line:
// without the white space some spellings carry at their ends (es-ES
// ability names end in a line break), and "" when a line break remains
// inside, since the block is read line by line.
func clean(name string) string {
	name = strings.TrimSpace(name)
	if strings.IndexByte(name, '\n') >= 0 || strings.IndexByte(name, '\r') >= 0 {
		return ""
	}
	return name
}
