package vocab

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"
)

// loadJSON decodes catalog.gen.json: the reference the static tables of
// Default must equal.
func loadJSON(t *testing.T) *Vocabulary {
	t.Helper()
	data, err := os.ReadFile("catalog.gen.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// describe names what refs refer to, so that the refs of two
// vocabularies compare.
func describe(refs []NameRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.String()
	}
	return out
}

func describeHits(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprint(h.End, describe(h.Refs)))
	}
	return out
}

// sameTrie reports how two tries differ: in their tables, or in what a
// name refers to.
func sameTrie(a, b *trie) error {
	switch {
	case !slices.Equal(a.nodes, b.nodes):
		return fmt.Errorf("nodes differ")
	case a.first != b.first || a.labels != b.labels || a.names != b.names:
		return fmt.Errorf("strings differ")
	case !slices.Equal(a.refAt, b.refAt) || !slices.Equal(a.nameAt, b.nameAt) || !slices.Equal(a.tables, b.tables):
		return fmt.Errorf("index tables differ")
	case !slices.Equal(describe(a.refs), describe(b.refs)):
		return fmt.Errorf("refs differ")
	}
	return nil
}

// named lists every entry that has a kind ByID finds.
func named(v *Vocabulary) []Named {
	var out []Named
	for _, e := range v.Keywords {
		out = append(out, e)
	}
	for _, e := range v.Events {
		out = append(out, e)
	}
	for _, e := range v.EventTeams {
		out = append(out, e)
	}
	for _, e := range v.EventPlayers {
		out = append(out, e)
	}
	for _, e := range v.SettingWords {
		out = append(out, e)
	}
	for _, en := range v.Enums {
		for _, m := range en.Members {
			out = append(out, m)
		}
	}
	for _, e := range v.Elements {
		out = append(out, e)
	}
	for _, e := range v.Heroes {
		out = append(out, e)
	}
	for _, e := range v.Maps {
		out = append(out, e)
	}
	for _, e := range v.GameModes {
		out = append(out, e)
	}
	for _, e := range v.LocalizedStrings {
		out = append(out, e)
	}
	return out
}

// TestBuiltinEqualsJSON checks that the vocabulary of Default, put
// together from static tables, is the one Load decodes from
// catalog.gen.json: every entry, every lookup by id, by text and by name
// in every locale, and the matchers of the sets of locales a parse asks
// for.
func TestBuiltinEqualsJSON(t *testing.T) {
	got, want := Default(), loadJSON(t)
	if got.SourceCommit != want.SourceCommit || got.CatalogSHA256 != want.CatalogSHA256 {
		t.Errorf("source: got %s %s, want %s %s", got.SourceCommit, got.CatalogSHA256, want.SourceCommit, want.CatalogSHA256)
	}
	for _, f := range []struct {
		name      string
		got, want any
	}{
		{"Keywords", got.Keywords, want.Keywords}, {"Events", got.Events, want.Events},
		{"EventTeams", got.EventTeams, want.EventTeams}, {"EventPlayers", got.EventPlayers, want.EventPlayers},
		{"SettingWords", got.SettingWords, want.SettingWords}, {"Elements", got.Elements, want.Elements},
		{"Enums", got.Enums, want.Enums}, {"Heroes", got.Heroes, want.Heroes}, {"Maps", got.Maps, want.Maps},
		{"GameModes", got.GameModes, want.GameModes}, {"LocalizedStrings", got.LocalizedStrings, want.LocalizedStrings},
		{"Settings", got.Settings, want.Settings},
	} {
		if !reflect.DeepEqual(f.got, f.want) {
			t.Errorf("%s differ", f.name)
		}
	}
	if err := sameTrie(got.names, want.names); err != nil {
		t.Errorf("the name trie: %v", err)
	}

	wantNamed, gotNamed := named(want), named(got)
	if len(gotNamed) != len(wantNamed) {
		t.Fatalf("%d entries, want %d", len(gotNamed), len(wantNamed))
	}
	for i, w := range wantNamed {
		kind, id := EntryOf(w).Kind, QualifiedID(w)
		g := got.ByID(kind, id)
		if wi := want.ByID(kind, id); g == nil || wi == nil || QualifiedID(g) != QualifiedID(wi) || !reflect.DeepEqual(g, wi) {
			t.Errorf("ByID(%v, %s): got %v, want %v", kind, id, g, wi)
		}
		if !reflect.DeepEqual(gotNamed[i], w) {
			t.Errorf("entry %d (%s) differs", i, id)
		}
	}
	for _, id := range []func(*Vocabulary, string) any{
		func(v *Vocabulary, id string) any { return v.Keyword(id) },
		func(v *Vocabulary, id string) any { return v.Action(id) },
		func(v *Vocabulary, id string) any { return v.Value(id) },
		func(v *Vocabulary, id string) any { return v.Enum(id) },
		func(v *Vocabulary, id string) any { return v.Event(id) },
		func(v *Vocabulary, id string) any { return v.Hero(id) },
		func(v *Vocabulary, id string) any { return v.Map(id) },
		func(v *Vocabulary, id string) any { return v.GameMode(id) },
		func(v *Vocabulary, id string) any { return v.LocalizedString(id) },
	} {
		for _, w := range wantNamed {
			if g, wi := id(got, EntryOf(w).ID), id(want, EntryOf(w).ID); !reflect.DeepEqual(g, wi) {
				t.Errorf("lookup of %s: got %v, want %v", EntryOf(w).ID, g, wi)
			}
		}
	}
	for i, en := range want.Enums {
		for _, m := range en.Members {
			if g := got.Enums[i].Member(m.ID); g == nil || g.Enum != got.Enums[i] || !reflect.DeepEqual(g, en.Member(m.ID)) {
				t.Errorf("%s.Member(%s): got %v", en.ID, m.ID, g)
			}
		}
	}

	sets := []LocaleSet{AllLocales}
	for l := range Locale(NumLocales) {
		sets = append(sets, Of(l)|Of(EnUS))
	}
	sets = append(sets, Of(DeDE)|Of(FrFR)|Of(EnUS), Of(ZhCN)|Of(ZhTW)|Of(JaJP)|Of(EnUS))
	for _, set := range sets {
		if err := sameTrie(got.Matcher(set).t, want.Matcher(set).t); err != nil {
			t.Errorf("matcher of %v: %v", set, err)
		}
	}
	checked := 0
	for _, w := range wantNamed {
		for l, name := range EntryOf(w).Names {
			if name == "" {
				continue
			}
			checked++
			if g, wi := describe(got.Lookup(name)), describe(want.Lookup(name)); !slices.Equal(g, wi) {
				t.Errorf("Lookup(%q): got %v, want %v", name, g, wi)
			}
			if g, wi := got.LocalizedStringByText(Locale(l), name), want.LocalizedStringByText(Locale(l), name); (g == nil) != (wi == nil) || g != nil && g.ID != wi.ID {
				t.Errorf("LocalizedStringByText(%v, %q): got %v, want %v", Locale(l), name, g, wi)
			}
			text := name + " (x)"
			for _, set := range []LocaleSet{AllLocales, Of(Locale(l)) | Of(EnUS)} {
				if g, wi := describeHits(got.Matcher(set).Match(text, 0, nil)), describeHits(want.Matcher(set).Match(text, 0, nil)); !slices.Equal(g, wi) {
					t.Errorf("Matcher(%v).Match(%q): got %v, want %v", set, text, g, wi)
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d names checked", checked)
	}
}

// TestMatcherTrieAsBuiltFromSpellings checks that a Matcher's trie, made
// from the whole vocabulary's names, is the one built from the spellings
// of its locales alone, folded, sorted and merged, as Load builds the
// whole trie.
func TestMatcherTrieAsBuiltFromSpellings(t *testing.T) {
	v := loadJSON(t)
	all := v.spellings().keys
	for _, set := range []LocaleSet{Of(EnUS), Of(DeDE) | Of(EnUS), Of(TrTR) | Of(EnUS), Of(JaJP) | Of(ZhCN) | Of(EnUS), AllLocales &^ Of(EnUS), AllLocales} {
		tb := &trieBuilder{}
		for _, k := range all {
			if k.ref.Locales&set != 0 {
				tb.keys = append(tb.keys, k)
			}
		}
		want := buildTrie(tb.merged())
		got := buildTrie(v.names.subset(set))
		if err := sameTrie(got, want); err != nil {
			t.Errorf("%v: %v", set, err)
		}
		if !reflect.DeepEqual(got.refs, want.refs) {
			t.Errorf("%v: refs differ", set)
		}
	}
}

// BenchmarkBuiltin measures what Default does once per process: putting
// the vocabulary together from the static tables.
func BenchmarkBuiltin(b *testing.B) {
	for b.Loop() {
		builtin()
	}
}

// BenchmarkMatcherBuild measures the first Matcher of a parse of an
// English text (the locales whose keywords are spelled as in English).
func BenchmarkMatcherBuild(b *testing.B) {
	v := Default()
	set := Of(EnUS) | Of(EsES) | Of(FrFR) | Of(RuRU)
	for b.Loop() {
		buildTrie(v.names.subset(set))
	}
}
