package settings

// This file looks spellings up in the static table of the built-in
// vocabulary's spellers (spellers_gen.go): which locales spell each folded
// spelling of its schema, the locale votes of Vote. Computing it took
// every table of the schema, the 52 heroes' included, to be built and
// their 12,000 spellings put in a map, at the first parse of every
// process that reads a settings block; the table is data in the binary,
// without pointers, looked up by binary search. TestStaticSpellers checks
// it against the computed one and rewrites it with -update (go generate).

//go:generate go test -run ^TestStaticSpellers$ -update .

import (
	"sort"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// staticSpellers returns the locales that spell a folded spelling of the
// built-in schema.
func staticSpellers(key string) vocab.LocaleSet {
	i := sort.Search(len(genSpellerEnd), func(i int) bool { return staticSpelling(i) >= key })
	if i < len(genSpellerEnd) && staticSpelling(i) == key {
		return genSpellerSet[i]
	}
	return 0
}

// staticSpelling returns the i-th spelling of the static table.
func staticSpelling(i int) string {
	start := uint32(0)
	if i > 0 {
		start = genSpellerEnd[i-1]
	}
	return genSpellerKeys[start:genSpellerEnd[i]]
}
