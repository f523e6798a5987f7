package settings

// This file indexes the vocabulary's settings schema. The catalog keeps
// OverPy's raw schema, where general settings, per-mode settings and the
// per-hero templates are separate; the game merges them (OverPy's
// computeCustomGameSettingsSchema does the same), so the index builds one
// table per place a setting can be written: main, lobby, each mode, the
// heroes' General and Team groups, and each hero.

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Schema is the settings schema of one vocabulary, indexed for reading
// names and spelling identities. It never changes after building and is
// safe for concurrent use.
type Schema struct {
	v *vocab.Vocabulary

	sections   map[string]*vocab.SettingsNode
	sectionIx  nameIndex[string]
	lists      map[string]*vocab.SettingsNode
	listIx     nameIndex[string]
	teams      map[string]*vocab.SettingsNode
	teamIx     nameIndex[string]
	extensions map[string]*vocab.SettingsNode
	extIx      nameIndex[string]
	general    *vocab.SettingsNode // the General group of modes
	modeIx     nameIndex[string]
	heroIx     nameIndex[*vocab.Hero]
	mapIx      nameIndex[*vocab.Map]
	// words are On, Off, Yes, No, Enabled and Disabled by short id (on,
	// off, …); some locales spell two of them alike, so wordIx keeps every
	// id a spelling has.
	words  map[string]*vocab.Entry
	wordIx [vocab.NumLocales]map[string][]string

	// tables are the tables by id, each built on its first use: a script
	// sets a few of the 52 heroes and 35 modes if any, and building every
	// table was nine tenths of building the schema. b, under mu, builds
	// them.
	tables     map[string]*lazyTable
	modeTables []*lazyTable // gamemodes/general first, then by mode id
	heroTables []*lazyTable // in vocabulary order
	mu         sync.Mutex
	b          *builder
	// maxKey is the length in bytes of the longest setting name: longer
	// text is not folded and looked up, which keeps odd lines cheap.
	maxKey int
	// spellers gives, for every folded spelling of the schema, the locales
	// that spell it (see Vote). It is nil for the built-in vocabulary,
	// whose spellings are static data (spellers_gen.go).
	spellers map[string]vocab.LocaleSet
}

// A lazyTable is a table built on its first use (see Schema.get).
type lazyTable struct {
	id    string
	build func(*builder) *table
	t     atomic.Pointer[table]
}

// A table is the settings that may be written in one kind of group.
type table struct {
	id       string
	settings []*setting
	byKey    map[string]*setting
	ix       nameIndex[*setting]
	// other holds the per-hero settings whose include or exclude list
	// leaves this hero out: they resolve after the others.
	other nameIndex[*setting]
}

// A setting is one key of a table, with its names in every locale
// (templates filled).
type setting struct {
	id    string // the KeyID: table id + "/" + key
	key   string
	node  *vocab.SettingsNode
	names vocab.Names
	// values are the words of an enumerated setting by value id, built
	// on first use (see Schema.valuesOf).
	values atomic.Pointer[nameIndex[string]]
	table  *table
	// merged marks a mode's setting that General takes from the mode.
	merged bool
}

// abilitySlot says which ability fills the %1$s of a per-hero template
// key (OverPy's computeCustomGameSettingsSchema).
func abilitySlot(key string) string {
	switch key {
	case "secondaryFireCooldown%", "enableSecondaryFire", "secondaryFireMaximumTime%",
		"secondaryFireRechargeRate%", "secondaryFireEnergyChargeRate%":
		return "secondaryFire"
	case "ability3Cooldown%", "enableAbility3":
		return "ability3"
	case "ability2Cooldown%", "enableAbility2":
		return "ability2"
	case "ability1Cooldown%", "enableAbility1":
		return "ability1"
	case "enablePassive":
		return "passive"
	case "enableUlt", "ultGen%", "combatUltGen%", "passiveUltGen%":
		return "ultimate"
	}
	return ""
}

var cache sync.Map // *vocab.Vocabulary → *Schema

// For returns the indexed schema of v, building it on first use.
func For(v *vocab.Vocabulary) *Schema {
	if s, ok := cache.Load(v); ok {
		return s.(*Schema)
	}
	s, _ := cache.LoadOrStore(v, build(v))
	return s.(*Schema)
}

// A builder holds what building one schema shares between its tables.
type builder struct {
	*Schema
	folds *folder
	// values are the value indexes by settings node: a per-hero setting
	// has the same values in every hero's table.
	values map[*vocab.SettingsNode]*nameIndex[string]
}

func build(v *vocab.Vocabulary) *Schema {
	b := &builder{folds: newFolder(), values: map[*vocab.SettingsNode]*nameIndex[string]{}}
	b.build(v, !isBuiltin(v))
	return b.Schema
}

// isBuiltin reports whether v is the built-in vocabulary that
// spellers_gen.go was generated from.
func isBuiltin(v *vocab.Vocabulary) bool {
	return v == vocab.Default() && v.CatalogSHA256 == genSpellersCatalogSHA256
}

// build indexes the schema of v, leaving every table to its first use.
// Unless spellings is set, it leaves the spellers and maxKey to the
// static tables; with it, it builds every table to compute them.
func (b *builder) build(v *vocab.Vocabulary, spellings bool) {
	b.Schema = &Schema{v: v, sections: map[string]*vocab.SettingsNode{}, lists: map[string]*vocab.SettingsNode{},
		teams: map[string]*vocab.SettingsNode{}, extensions: map[string]*vocab.SettingsNode{},
		words: map[string]*vocab.Entry{}, tables: map[string]*lazyTable{}, b: b}
	s := b.Schema
	for _, w := range v.SettingWords {
		id := strings.Trim(w.ID, "_")
		s.words[id] = w
		for l, n := range w.Names {
			if n = clean(n); n == "" {
				continue
			}
			if s.wordIx[l] == nil {
				s.wordIx[l] = map[string][]string{}
			}
			k := vocab.Fold(n)
			s.wordIx[l][k] = append(s.wordIx[l][k], id)
		}
	}
	for _, h := range v.Heroes {
		s.heroIx.add(b.folds, &h.Names, h)
	}
	for _, m := range v.Maps {
		s.mapIx.add(b.folds, &m.Names, m)
	}
	s.addOlderMapSpellings()
	root := v.Settings
	if root == nil {
		return
	}
	for _, id := range sortedKeys(root.Children) {
		n := root.Children[id]
		s.sections[id] = n
		s.sectionIx.add(b.folds, &n.Names, id)
	}
	s.add("main", func(b *builder) *table { return b.tableOf("main", values(s.sections["main"])) })
	s.add("lobby", func(b *builder) *table {
		lobby := &table{id: "lobby", byKey: map[string]*setting{}}
		b.addAll(lobby, values(s.sections["lobby"]))
		for key, word := range map[string]string{"team1Slots": "team1", "team2Slots": "team2"} {
			if st := lobby.byKey[key]; st != nil && s.words[word] != nil {
				st.names = fill(st.node.Names, s.words[word].Names)
			}
		}
		b.index(lobby)
		return lobby
	})
	if ext := s.sections["extensions"]; ext != nil {
		for _, id := range sortedKeys(ext.Values) {
			s.extensions[id] = ext.Values[id]
			s.extIx.add(b.folds, &ext.Values[id].Names, id)
		}
	}
	b.buildModes()
	b.buildHeroes()
	if !spellings {
		s.maxKey = genSpellersMaxKey
		return
	}
	s.spellers = s.spellings()
}

// spellings returns the locales that spell each folded spelling of the
// schema, every table built, and sets maxKey.
func (s *Schema) spellings() map[string]vocab.LocaleSet {
	// About 12,000 spellings: a map of that size from the start saves
	// growing it a dozen times.
	spellers := make(map[string]vocab.LocaleSet, 1<<14)
	s.maxKey = 0
	for _, lt := range s.tables {
		t := s.get(lt)
		s.maxKey = max(s.maxKey, t.ix.maxLen, t.other.maxLen)
		t.ix.spelledIn(spellers)
		t.other.spelledIn(spellers)
		for _, st := range t.settings {
			s.valuesOf(st)
		}
	}
	s.mu.Lock()
	for _, ix := range s.b.values {
		ix.spelledIn(spellers)
	}
	s.mu.Unlock()
	s.sectionIx.spelledIn(spellers)
	s.listIx.spelledIn(spellers)
	s.teamIx.spelledIn(spellers)
	s.extIx.spelledIn(spellers)
	s.modeIx.spelledIn(spellers)
	s.heroIx.spelledIn(spellers)
	s.mapIx.spelledIn(spellers)
	for l, words := range s.wordIx {
		for k := range words {
			spellers[k] |= vocab.Of(vocab.Locale(l))
		}
	}
	return spellers
}

// add makes the table id, which build builds on its first use.
func (s *Schema) add(id string, build func(*builder) *table) *lazyTable {
	lt := &lazyTable{id: id, build: build}
	s.tables[id] = lt
	return lt
}

// table returns the table of a table id (main, gamemodes/general,
// heroes/ana), building it on first use, or nil.
func (s *Schema) table(id string) *table {
	if lt := s.tables[id]; lt != nil {
		return s.get(lt)
	}
	return nil
}

// get returns the table of lt, building it on first use. A table's build
// reads the schema's nodes, never another table.
func (s *Schema) get(lt *lazyTable) *table {
	if t := lt.t.Load(); t != nil {
		return t
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := lt.t.Load(); t != nil {
		return t
	}
	t := lt.build(s.b)
	lt.t.Store(t)
	return t
}

func (b *builder) buildModes() {
	s := b.Schema
	modes := values(s.sections["gamemodes"])
	s.general = modes["general"]
	if s.general != nil {
		s.modeIx.add(b.folds, &s.general.Names, "general")
		for _, id := range []string{"enabledMaps", "disabledMaps"} {
			if n := s.general.Values[id]; n != nil {
				s.lists[id] = n
				s.listIx.add(b.folds, &n.Names, id)
			}
		}
	}
	for _, g := range s.v.GameModes {
		s.modeIx.add(b.folds, &g.Names, g.ID)
	}
	ids := sortedKeys(modes)
	slices.SortStableFunc(ids, func(a, b string) int {
		return boolOrder(a == "general", b == "general")
	})
	settings := make(map[string]map[string]*vocab.SettingsNode, len(ids))
	for _, id := range ids {
		settings[id] = map[string]*vocab.SettingsNode{}
		for k, n := range modes[id].Values {
			if s.lists[k] == nil {
				settings[id][k] = n
			}
		}
	}
	for _, id := range ids {
		build := func(b *builder) *table { return b.tableOf("gamemodes/"+id, settings[id]) }
		if id == "general" {
			// General takes every mode's settings too; a key it shares
			// with several modes is spelled as the first of them (by
			// mode id) spells it, and gets one identity,
			// gamemodes/general/<key>.
			build = func(b *builder) *table {
				general := &table{id: "gamemodes/general", byKey: map[string]*setting{}}
				b.addAll(general, settings[id])
				for _, other := range ids[1:] {
					for _, key := range sortedKeys(settings[other]) {
						if general.byKey[key] == nil {
							b.addNode(general, key, settings[other][key]).merged = true
						}
					}
				}
				b.index(general)
				return general
			}
		}
		s.modeTables = append(s.modeTables, s.add("gamemodes/"+id, build))
	}
}

func (b *builder) buildHeroes() {
	s := b.Schema
	heroes := s.sections["heroes"]
	if heroes == nil {
		return
	}
	for _, id := range []string{"enabledHeroes", "disabledHeroes"} {
		if n := heroes.Values[id]; n != nil {
			s.lists[id] = n
			s.listIx.add(b.folds, &n.Names, id)
		}
	}
	if teams := heroes.Children["teams"]; teams != nil {
		for _, id := range sortedKeys(teams.Children) {
			s.teams[id] = teams.Children[id]
			s.teamIx.add(b.folds, &teams.Children[id].Names, id)
		}
	}
	each := children(heroes.Values["__eachHero__"])
	genEach := children(heroes.Values["__generalAndEachHero__"])
	genOnly := children(heroes.Values["__generalButNotEachHero__"])

	s.add("heroes/general", func(b *builder) *table {
		general := &table{id: "heroes/general", byKey: map[string]*setting{}}
		b.addAll(general, genEach)
		b.addAll(general, genOnly)
		b.index(general)
		return general
	})
	for _, h := range s.v.Heroes {
		s.heroTables = append(s.heroTables, s.add("heroes/"+h.ID, func(b *builder) *table {
			return b.heroTable(heroes, h, each, genEach)
		}))
	}
}

// allHeroTables returns every hero's table, in vocabulary order.
func (s *Schema) allHeroTables() []*table {
	out := make([]*table, 0, len(s.heroTables))
	for _, lt := range s.heroTables {
		out = append(out, s.get(lt))
	}
	return out
}

// heroTable builds the table of hero h: its own settings, then those of
// every hero, templates filled with its abilities' names.
func (b *builder) heroTable(heroes *vocab.SettingsNode, h *vocab.Hero, each, genEach map[string]*vocab.SettingsNode) *table {
	t := &table{id: "heroes/" + h.ID, byKey: map[string]*setting{}}
	b.addAll(t, values(heroes.Values[h.ID]))
	applies := map[*setting]bool{}
	for _, group := range []map[string]*vocab.SettingsNode{genEach, each} {
		for _, key := range sortedKeys(group) {
			n := group[key]
			if t.byKey[key] != nil {
				continue
			}
			names := n.Names
			if slot := abilitySlot(key); slot != "" && strings.Contains(n.Names[vocab.EnUS], "%1$s") {
				ab := ability(h, slot)
				if ab == nil {
					continue
				}
				names = fill(n.Names, ab.Names)
			}
			st := b.addNode(t, key, n)
			st.names = names
			applies[st] = appliesTo(n, h.ID)
		}
	}
	t.ix.grow(len(t.settings))
	for _, st := range t.settings {
		if a, isGeneral := applies[st]; isGeneral && !a {
			t.other.add(b.folds, &st.names, st)
		} else {
			t.ix.add(b.folds, &st.names, st)
		}
	}
	return t
}

func appliesTo(n *vocab.SettingsNode, hero string) bool {
	switch {
	case n.Include != nil:
		return slices.Contains(n.Include, hero)
	case n.Exclude != nil:
		return !slices.Contains(n.Exclude, hero)
	}
	return true
}

func ability(h *vocab.Hero, slot string) *vocab.Entry {
	for _, a := range h.Abilities {
		if a.ID == slot {
			return a
		}
	}
	return nil
}

// fill puts arg into the %1$s of each locale's template; a locale where
// the template or the argument has no spelling gets none.
func fill(tpl, arg vocab.Names) (out vocab.Names) {
	for l := range tpl {
		t, a := clean(tpl[l]), clean(arg[l])
		if t == "" || a == "" && strings.Contains(t, "%1$s") {
			continue
		}
		out[l] = strings.Replace(t, "%1$s", a, 1)
	}
	return out
}

func (b *builder) tableOf(id string, nodes map[string]*vocab.SettingsNode) *table {
	t := &table{id: id, byKey: map[string]*setting{}}
	b.addAll(t, nodes)
	b.index(t)
	return t
}

func (b *builder) addAll(t *table, nodes map[string]*vocab.SettingsNode) {
	for _, key := range sortedKeys(nodes) {
		if t.byKey[key] == nil {
			b.addNode(t, key, nodes[key])
		}
	}
}

func (b *builder) addNode(t *table, key string, n *vocab.SettingsNode) *setting {
	st := &setting{id: t.id + "/" + key, key: key, node: n, names: n.Names, table: t}
	t.settings = append(t.settings, st)
	t.byKey[key] = st
	return st
}

// valuesOf returns the index of the words of st's values, building it on
// first use: a table's lists of values (data centers, maps, …) are most
// of its spellings, and a script sets few of its settings. The settings
// of one node (a per-hero setting in every hero's table) share one.
func (s *Schema) valuesOf(st *setting) *nameIndex[string] {
	if ix := st.values.Load(); ix != nil {
		return ix
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.b.values[st.node]
	if ix == nil {
		ix = &nameIndex[string]{}
		for _, vk := range sortedKeys(st.node.Values) {
			ix.add(s.b.folds, &st.node.Values[vk].Names, vk)
		}
		s.b.values[st.node] = ix
	}
	st.values.Store(ix)
	return ix
}

// index (re)builds the name index; settings earlier in the table win
// spellings they share with later ones.
func (b *builder) index(t *table) {
	t.ix = nameIndex[*setting]{}
	t.ix.grow(len(t.settings))
	for _, st := range t.settings {
		t.ix.add(b.folds, &st.names, st)
	}
}

func values(n *vocab.SettingsNode) map[string]*vocab.SettingsNode {
	if n == nil {
		return nil
	}
	return n.Values
}

func children(n *vocab.SettingsNode) map[string]*vocab.SettingsNode {
	if n == nil {
		return nil
	}
	return n.Children
}

func sortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func boolOrder(a, b bool) int {
	switch {
	case a && !b:
		return -1
	case b && !a:
		return 1
	}
	return 0
}
