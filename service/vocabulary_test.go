package service

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"math/bits"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// The tests take spellings from the vocabulary at run time, never from
// memory, so they follow the catalog when it is regenerated.

func intp(n int) *int { return &n }

// served lists every served entry of a kind in catalog order, read from
// package vocab directly (not from the lexicon under test).
func served(v *vocab.Vocabulary, kind vocab.Kind) []vocab.Named {
	var out []vocab.Named
	switch kind {
	case vocab.KindAction, vocab.KindValue:
		for _, e := range v.Elements {
			if e.Kind == kind {
				out = append(out, e)
			}
		}
	case vocab.KindEnumMember:
		for _, en := range v.Enums {
			for _, m := range en.Members {
				out = append(out, m)
			}
		}
	case vocab.KindEvent:
		for _, e := range v.Events {
			out = append(out, e)
		}
	case vocab.KindHero:
		for _, e := range v.Heroes {
			out = append(out, e)
		}
	case vocab.KindMap:
		for _, e := range v.Maps {
			out = append(out, e)
		}
	case vocab.KindGameMode:
		for _, e := range v.GameModes {
			out = append(out, e)
		}
	case vocab.KindKeyword:
		for _, e := range v.Keywords {
			out = append(out, e)
		}
	case vocab.KindLocalizedString:
		for _, e := range v.LocalizedStrings {
			out = append(out, e)
		}
	}
	return out
}

// ref names an entry the way a result does: within.id.
func ref(w contract.VocabularyEntry) string { return w.Kind + ":" + w.Within + "." + w.ID }

func namedRef(n vocab.Named) string {
	e := vocab.EntryOf(n)
	within := ""
	if m, ok := n.(*vocab.Member); ok {
		within = m.Enum.ID
	}
	return e.Kind.String() + ":" + within + "." + e.ID
}

func TestTargetMetadata(t *testing.T) {
	v := vocab.Default()
	md := TargetMetadata()
	if md.Language != "workshop" || md.ElementBudget != cost.Budget || cost.Budget != 32768 || md.DefaultLocale != "en-US" {
		t.Errorf("metadata: %+v", md)
	}
	var tags []string
	for _, l := range vocab.Locales() {
		tags = append(tags, l.String())
	}
	if !slices.Equal(md.Locales, tags) || len(md.Locales) != 15 {
		t.Errorf("locales: %v", md.Locales)
	}
	if md.CatalogSHA256 != v.CatalogSHA256 || len(md.CatalogSHA256) != 64 {
		t.Errorf("catalogSha256 %q, vocabulary %q", md.CatalogSHA256, v.CatalogSHA256)
	}
	if src, err := os.ReadFile("../../shared/data/catalog.json"); err == nil {
		sum := sha256.Sum256(src)
		if got := hex.EncodeToString(sum[:]); got != md.CatalogSHA256 {
			t.Errorf("catalogSha256 %s, but the shared catalog hashes to %s", md.CatalogSHA256, got)
		}
	} else {
		t.Logf("shared catalog not readable, its hash is not checked: %v", err)
	}
	if md.SourceCommit == "" || md.CatalogSource == "" {
		t.Errorf("source: %q %q", md.CatalogSource, md.SourceCommit)
	}
	if len(md.Kinds) != len(md.Counts) {
		t.Errorf("kinds %v, counts %v", md.Kinds, md.Counts)
	}
	for _, kind := range md.Kinds {
		k := slices.IndexFunc(lexKinds, func(k vocab.Kind) bool { return k.String() == kind })
		if k < 0 {
			t.Fatalf("kind %s is not served", kind)
		}
		if want := len(served(v, lexKinds[k])); md.Counts[kind] != want || want == 0 {
			t.Errorf("count of %s: %d, vocabulary has %d", kind, md.Counts[kind], want)
		}
		page, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: kind})
		if err != nil || page.Total != md.Counts[kind] {
			t.Errorf("listEntries %s total %v (err %v), metadata says %d", kind, page, err, md.Counts[kind])
		}
	}
	members := 0
	for _, e := range md.Enums {
		members += e.Members
	}
	if len(md.Enums) != len(v.Enums) || members != md.Counts["enum-member"] {
		t.Errorf("%d enums with %d members; vocabulary has %d enums, counts say %d members",
			len(md.Enums), members, len(v.Enums), md.Counts["enum-member"])
	}
	// The result is the caller's: changing it must not leak into the next.
	md.Counts["action"] = -1
	md.Locales[0] = "xx"
	if again := TargetMetadata(); again.Counts["action"] < 0 || again.Locales[0] != "en-US" {
		t.Error("TargetMetadata shares its maps or slices between calls")
	}
}

// TestLookupResolves looks up spellings of every kind, in several locales,
// ids and near misses; want is the entry that must come first.
func TestLookupResolves(t *testing.T) {
	v := vocab.Default()
	hud := v.Action("hudText")
	eventPlayer := v.Value("eventPlayer")
	wait := v.Action("wait")
	if hud == nil || eventPlayer == nil || wait == nil {
		t.Fatal("the catalog lost hudText, eventPlayer or wait")
	}
	hudLeft := v.Enum("HudPosition").Member("LEFT")
	event := v.Events[0]
	hero := v.Heroes[len(v.Heroes)/2]
	mp := v.Maps[len(v.Maps)/2]
	mode := v.GameModes[len(v.GameModes)/2]
	keyword := v.Keywords[len(v.Keywords)/2]
	str := v.LocalizedStrings[len(v.LocalizedStrings)/2]
	// Drop a letter from the middle of the English spelling.
	typo := func(s string) string { r := []rune(s); i := len(r) / 2; return string(r[:i]) + string(r[i+1:]) }

	for _, c := range []struct {
		name      string
		req       contract.LookupRequest
		want      vocab.Named
		match     string
		matched   string // "" to skip
		inLocales vocab.Locale
	}{
		{"english", contract.LookupRequest{Query: hud.English()}, hud, "exact", hud.English(), vocab.EnUS},
		{"folded case and space", contract.LookupRequest{Query: "  " + strings.ToUpper(strings.ReplaceAll(hud.English(), " ", "  \t")) + " "}, hud, "exact", hud.English(), vocab.EnUS},
		{"french", contract.LookupRequest{Query: hud.Names[vocab.FrFR], Locale: "ja-JP"}, hud, "exact", hud.Names[vocab.FrFR], vocab.FrFR},
		{"japanese", contract.LookupRequest{Query: eventPlayer.Names[vocab.JaJP]}, eventPlayer, "exact", eventPlayer.Names[vocab.JaJP], vocab.JaJP},
		{"chinese lower-case locale tag", contract.LookupRequest{Query: wait.Names[vocab.ZhCN], Locale: "zh_cn"}, wait, "exact", "", vocab.ZhCN},
		{"id", contract.LookupRequest{Query: "hudText"}, hud, "id", "hudText", 0},
		{"id any case", contract.LookupRequest{Query: "HUDTEXT"}, hud, "id", "hudText", 0},
		{"camel-case guess", contract.LookupRequest{Query: "createHudText"}, hud, "near", hud.English(), vocab.EnUS},
		{"typo", contract.LookupRequest{Query: "Creat HUD Txt"}, hud, "near", hud.English(), vocab.EnUS},
		{"swapped letters", contract.LookupRequest{Query: "Wiat"}, wait, "near", wait.English(), vocab.EnUS},
		{"typo in french", contract.LookupRequest{Query: typo(hud.Names[vocab.FrFR])}, hud, "near", hud.Names[vocab.FrFR], vocab.FrFR},
		{"within", contract.LookupRequest{Query: hudLeft.English(), Within: "HudPosition"}, hudLeft, "exact", "", vocab.EnUS},
		{"within any case", contract.LookupRequest{Query: hudLeft.English(), Within: "hudposition", Kind: "enum-member"}, hudLeft, "exact", "", vocab.EnUS},
		{"event", contract.LookupRequest{Query: event.English(), Kind: "event"}, event, "exact", "", vocab.EnUS},
		{"hero", contract.LookupRequest{Query: hero.English(), Kind: "hero"}, hero, "exact", "", vocab.EnUS},
		{"map", contract.LookupRequest{Query: mp.English(), Kind: "map"}, mp, "exact", "", vocab.EnUS},
		{"game mode", contract.LookupRequest{Query: mode.English(), Kind: "game-mode"}, mode, "exact", "", vocab.EnUS},
		{"keyword", contract.LookupRequest{Query: keyword.Names[vocab.DeDE], Kind: "keyword"}, keyword, "exact", "", vocab.DeDE},
		{"localized string", contract.LookupRequest{Query: str.English(), Kind: "localized-string"}, str, "exact", "", vocab.EnUS},
		{"value typo", contract.LookupRequest{Query: typo(eventPlayer.English()), Kind: "value"}, eventPlayer, "near", "", vocab.EnUS},
		// Too far for the distance limit, but it begins the spelling.
		{"beginning", contract.LookupRequest{Query: strings.Join(strings.Fields(v.Action("progressBarHud").English())[:4], " "), Kind: "action"},
			v.Action("progressBarHud"), "near", v.Action("progressBarHud").English(), vocab.EnUS},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.req.Language = "workshop"
			res, err := Lookup(&c.req)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Entries) == 0 {
				t.Fatalf("no entries for %q", c.req.Query)
			}
			got := res.Entries[0]
			if ref(got) != namedRef(c.want) || got.Match != c.match {
				t.Fatalf("first entry %s (%s), want %s (%s); entries %v", ref(got), got.Match, namedRef(c.want), c.match, refs(res.Entries))
			}
			if c.matched != "" && got.Matched != c.matched {
				t.Errorf("matched %q, want %q", got.Matched, c.matched)
			}
			if got.Match != "id" && !slices.Contains(got.MatchedLocales, c.inLocales.String()) {
				t.Errorf("matched locales %v lack %s", got.MatchedLocales, c.inLocales)
			}
			loc := vocab.EnUS
			if c.req.Locale != "" {
				loc, _ = vocab.ParseLocale(c.req.Locale)
			}
			e := vocab.EntryOf(c.want)
			if got.Name != e.Names[loc] || got.English != e.English() || res.Locale != loc.String() {
				t.Errorf("name %q english %q locale %s, want %q %q %s", got.Name, got.English, res.Locale, e.Names[loc], e.English(), loc)
			}
			checkAccepted(t, got, e)
			if el, ok := c.want.(*vocab.Element); ok {
				if got.Signature != el.Signature(loc) || len(got.Params) != len(el.Params) {
					t.Errorf("signature %q with %d params, want %q", got.Signature, len(got.Params), el.Signature(loc))
				}
			} else if got.Signature != "" || got.Params != nil {
				t.Errorf("a %s has a signature: %q", got.Kind, got.Signature)
			}
			if c.req.Kind != "" || c.req.Within != "" {
				for _, w := range res.Entries {
					if w.Kind != got.Kind || c.req.Within != "" && w.Within != "HudPosition" {
						t.Errorf("entry %s escapes the kind/within filter", ref(w))
					}
				}
			}
		})
	}
}

func refs(ws []contract.VocabularyEntry) []string {
	var out []string
	for _, w := range ws {
		out = append(out, ref(w)+"/"+w.Match)
	}
	return out
}

func checkAccepted(t *testing.T, w contract.VocabularyEntry, e *vocab.Entry) {
	t.Helper()
	var want []string
	for _, n := range e.Names {
		if n != "" && !slices.Contains(want, n) {
			want = append(want, n)
		}
	}
	slices.Sort(want)
	if !slices.Equal(w.Accepted, want) {
		t.Errorf("accepted %q, want %q", w.Accepted, want)
	}
}

// TestLookupEverySpelling looks every served entry up by its English
// spelling, by one other locale's spelling and by its id: each must come
// back, as an exact (or id) match.
func TestLookupEverySpelling(t *testing.T) {
	v := vocab.Default()
	for _, kind := range lexKinds {
		for i, n := range served(v, kind) {
			e := vocab.EntryOf(n)
			within := ""
			if m, ok := n.(*vocab.Member); ok {
				within = m.Enum.ID
			}
			other := vocab.Locale(1 + i%(vocab.NumLocales-1))
			for _, q := range []struct{ query, match string }{
				{e.English(), "exact"}, {e.Names[other], "exact"}, {e.ID, "id"},
			} {
				if strings.TrimSpace(q.query) == "" {
					continue
				}
				res, err := Lookup(&contract.LookupRequest{Language: "workshop", Query: q.query, Kind: kind.String(), Within: within, Limit: intp(LookupMaxLimit)})
				if err != nil {
					t.Fatal(err)
				}
				i := slices.IndexFunc(res.Entries, func(w contract.VocabularyEntry) bool { return ref(w) == namedRef(n) })
				if i < 0 || res.Entries[i].Match != q.match && res.Entries[i].Match != "exact" {
					t.Errorf("%s %q: %s missing or not %s in %v", kind, q.query, namedRef(n), q.match, refs(res.Entries))
				}
			}
		}
	}
}

// TestLookupRanking checks the order lookup promises: exact spellings
// (the requested locale's first), then ids, then near misses by distance,
// ties in owner order; and that it is the same on every call.
func TestLookupRanking(t *testing.T) {
	v := vocab.Default()
	type query struct{ text, locale string }
	var queries []query
	for _, q := range []string{"Wait", "wiat", "ana", "Create", "left", "hudText", "Array", "array", v.Action("hudText").Names[vocab.FrFR], "Hız"} {
		queries = append(queries, query{q, "en-US"}, query{q, "tr-TR"})
	}
	// Spellings where owner order and the promised order disagree: an id
	// of one entry that is another, later entry's spelling, and a spelling
	// two entries share in different locales, asked in the later one's.
	type spelled struct {
		ref     string
		locales vocab.LocaleSet
	}
	spellings := map[string][]spelled{}
	type id struct{ id, ref string }
	var ids []id
	for _, kind := range lexKinds {
		for _, n := range served(v, kind) {
			e := vocab.EntryOf(n)
			for l, s := range e.Names {
				if s == "" {
					continue
				}
				key := vocab.Fold(s)
				list := spellings[key]
				if i := slices.IndexFunc(list, func(p spelled) bool { return p.ref == namedRef(n) }); i >= 0 {
					list[i].locales |= vocab.Of(vocab.Locale(l))
				} else {
					spellings[key] = append(list, spelled{namedRef(n), vocab.Of(vocab.Locale(l))})
				}
			}
			ids = append(ids, id{e.ID, namedRef(n)})
		}
	}
	idConflicts, localeConflicts := 0, 0
	for _, id := range ids {
		list := spellings[vocab.Fold(id.id)]
		if len(list) > 0 && list[0].ref != id.ref && idConflicts < 20 {
			// In a locale that does not spell it so: the requested
			// locale's preference must not lift an id above a spelling.
			var all vocab.LocaleSet
			for _, p := range list {
				all |= p.locales
			}
			if l, ok := (vocab.AllLocales &^ all).First(); ok {
				queries = append(queries, query{id.id, l.String()})
				idConflicts++
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(spellings)) {
		list := spellings[key]
		if len(list) > 1 && list[1].locales&^list[0].locales != 0 && localeConflicts < 20 {
			l, _ := (list[1].locales &^ list[0].locales).First()
			queries = append(queries, query{key, l.String()})
			localeConflicts++
		}
	}
	if idConflicts == 0 || localeConflicts == 0 {
		t.Errorf("the catalog no longer has conflicting spellings to test the order with (%d, %d)", idConflicts, localeConflicts)
	}
	for _, qq := range queries {
		q, loc := qq.text, qq.locale
		{
			req := &contract.LookupRequest{Language: "workshop", Query: q, Locale: loc, Limit: intp(LookupMaxLimit)}
			res, err := Lookup(req)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Lookup(req)
			if !reflect.DeepEqual(res, again) {
				t.Errorf("%q: two calls differ", q)
			}
			if res.Total < len(res.Entries) || len(res.Entries) > LookupMaxLimit {
				t.Errorf("%q: total %d, %d entries", q, res.Total, len(res.Entries))
			}
			rank := map[string]int{"exact": 0, "id": 1, "near": 2}
			seen := map[string]bool{}
			for i, w := range res.Entries {
				if seen[ref(w)] {
					t.Errorf("%q: %s twice", q, ref(w))
				}
				seen[ref(w)] = true
				if _, ok := rank[w.Match]; !ok {
					t.Errorf("%q: match %q", q, w.Match)
				}
				if (w.Match == "near") != (w.Distance > 0) {
					t.Errorf("%q: %s is %s at distance %d", q, ref(w), w.Match, w.Distance)
				}
				if i == 0 {
					continue
				}
				p := res.Entries[i-1]
				switch {
				case rank[p.Match] > rank[w.Match]:
					t.Errorf("%q: %s (%s) after %s (%s)", q, ref(w), w.Match, ref(p), p.Match)
				case p.Match == "near" && w.Match == "near" && p.Distance > w.Distance:
					t.Errorf("%q: %s at %d after %s at %d", q, ref(w), w.Distance, ref(p), p.Distance)
				case p.Match == "exact" && w.Match == "exact" &&
					!slices.Contains(p.MatchedLocales, loc) && slices.Contains(w.MatchedLocales, loc):
					t.Errorf("%q in %s: %s, spelled so in %s, after %s", q, loc, ref(w), loc, ref(p))
				}
			}
		}
	}
}

// TestLookupAgreesWithNearest checks that whatever vocab.Nearest, the
// engine's "did you mean", offers for a misspelling, lookup offers too.
func TestLookupAgreesWithNearest(t *testing.T) {
	v := vocab.Default()
	var spellings []string
	owners := map[string][]string{} // spelling → refs
	for _, kind := range lexKinds {
		for _, n := range served(v, kind) {
			for _, s := range vocab.EntryOf(n).Names {
				if s != "" {
					spellings = append(spellings, s)
					owners[s] = append(owners[s], namedRef(n))
				}
			}
		}
	}
	for _, typo := range []string{"Creat HUD Txt", "Set Player Varible", "Evnt Player", "Abort If Condition Is Fals", "Créer du texte d interface", "Ongoing Global", "Destroy Al HUD Text", "Wiat"} {
		near := vocab.Nearest(typo, spellings)
		if len(near) == 0 {
			t.Errorf("%q: Nearest offers nothing; pick a closer typo", typo)
			continue
		}
		res, err := Lookup(&contract.LookupRequest{Language: "workshop", Query: typo, Limit: intp(LookupMaxLimit)})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, w := range res.Entries {
			got[ref(w)] = true
		}
		for _, s := range near {
			if !slices.ContainsFunc(owners[s], func(r string) bool { return got[r] }) {
				t.Errorf("%q: Nearest offers %q (%v), lookup does not: %v", typo, s, owners[s], refs(res.Entries))
			}
		}
	}
}

// TestLookupOneRune checks that a one-rune query has no near misses:
// every other one-rune spelling would be one.
func TestLookupOneRune(t *testing.T) {
	for _, q := range []string{"x", "q", "上"} {
		res, err := Lookup(&contract.LookupRequest{Language: "workshop", Query: q, Limit: intp(LookupMaxLimit)})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range res.Entries {
			if w.Match == "near" {
				t.Errorf("%q: near miss %s (%q)", q, ref(w), w.Matched)
			}
		}
	}
}

func TestLookupListsWithoutQuery(t *testing.T) {
	v := vocab.Default()
	res, err := Lookup(&contract.LookupRequest{Language: "workshop", Kind: "action", Limit: intp(5)})
	if err != nil {
		t.Fatal(err)
	}
	actions := served(v, vocab.KindAction)
	if res.Total != len(actions) || len(res.Entries) != 5 || res.Limit != 5 {
		t.Fatalf("total %d, %d entries, limit %d", res.Total, len(res.Entries), res.Limit)
	}
	for i, w := range res.Entries {
		if ref(w) != namedRef(actions[i]) || w.Match != "" || len(w.Accepted) == 0 {
			t.Errorf("entry %d: %s match %q, want %s", i, ref(w), w.Match, namedRef(actions[i]))
		}
	}
	res, err = Lookup(&contract.LookupRequest{Language: "workshop", Within: "HudPosition"})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(v.Enum("HudPosition").Members); res.Total != want || len(res.Entries) != want || res.Kind != "enum-member" {
		t.Errorf("within HudPosition: kind %q, total %d, %d entries, want %d", res.Kind, res.Total, len(res.Entries), want)
	}
	res, err = Lookup(&contract.LookupRequest{Language: "workshop", Query: "   ", Kind: "hero", Limit: intp(0)})
	if err != nil || len(res.Entries) != 0 || res.Total != len(v.Heroes) {
		t.Errorf("limit 0: %v %v", res, err)
	}
}

func TestLookupLimit(t *testing.T) {
	for _, c := range []struct {
		limit       *int
		wantLimit   int
		wantEntries int
	}{
		{nil, LookupDefaultLimit, LookupDefaultLimit},
		{intp(3), 3, 3},
		{intp(0), 0, 0},
		{intp(100000), LookupMaxLimit, LookupMaxLimit},
	} {
		res, err := Lookup(&contract.LookupRequest{Language: "workshop", Kind: "value", Limit: c.limit})
		if err != nil {
			t.Fatal(err)
		}
		if res.Limit != c.wantLimit || len(res.Entries) != c.wantEntries {
			t.Errorf("limit %v: applied %d with %d entries, want %d with %d", c.limit, res.Limit, len(res.Entries), c.wantLimit, c.wantEntries)
		}
	}
}

func TestUnavailableLanguages(t *testing.T) {
	for _, lang := range []string{"opy", "ostw", " OPY "} {
		owner := strings.ToLower(strings.TrimSpace(lang))
		lr, err := Lookup(&contract.LookupRequest{Language: lang, Query: "Wait"})
		if err != nil {
			t.Fatal(err)
		}
		if lr.Available || lr.Owner != owner || lr.Language != owner || lr.Reason == "" || lr.Entries == nil || len(lr.Entries) != 0 {
			t.Errorf("lookup %s: %+v", lang, lr)
		}
		le, err := ListEntries(&contract.ListEntriesRequest{Language: lang, Kind: "action"})
		if err != nil {
			t.Fatal(err)
		}
		if le.Available || le.Owner != owner || le.Reason == "" || le.Entries == nil || len(le.Entries) != 0 || le.NextCursor != "" {
			t.Errorf("listEntries %s: %+v", lang, le)
		}
		// An unavailable payload still says entries: [], never null.
		data, _ := json.Marshal(le)
		if !strings.Contains(string(data), `"entries":[]`) || !strings.Contains(string(data), `"available":false`) {
			t.Errorf("listEntries %s encodes as %s", lang, data)
		}
	}
	lr, err := Lookup(&contract.LookupRequest{Language: "workshop", Query: "Wait"})
	if err != nil || !lr.Available || lr.Owner != "workshop" || lr.Reason != "" {
		t.Errorf("workshop: %+v %v", lr, err)
	}
}

// TestListEntriesPages pages through every kind, and some enums, and
// checks that the pages put together are the kind in catalog order.
func TestListEntriesPages(t *testing.T) {
	v := vocab.Default()
	type listing struct {
		kind, within string
		want         []vocab.Named
	}
	var cases []listing
	for _, k := range lexKinds {
		cases = append(cases, listing{kind: k.String(), want: served(v, k)})
	}
	for _, id := range []string{"HudPosition", "HeroLiteral", v.Enums[len(v.Enums)-1].ID} {
		var want []vocab.Named
		for _, m := range v.Enum(id).Members {
			want = append(want, m)
		}
		cases = append(cases, listing{kind: "enum-member", within: id, want: want})
	}
	for _, c := range cases {
		for _, size := range []*int{nil, intp(7), intp(1000)} {
			var got []string
			cursor := ""
			pages := 0
			for {
				page, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: c.kind, Within: c.within, PageSize: size, Cursor: cursor})
				if err != nil {
					t.Fatalf("%s %s page %d: %v", c.kind, c.within, pages, err)
				}
				pages++
				if page.Total != len(c.want) || page.Offset != len(got) || page.Kind != c.kind || page.Within != c.within {
					t.Fatalf("%s %s page %d: total %d offset %d, want %d %d", c.kind, c.within, pages, page.Total, page.Offset, len(c.want), len(got))
				}
				wantSize := ListDefaultPageSize
				if size != nil {
					wantSize = min(*size, ListMaxPageSize)
				}
				if page.PageSize != wantSize || len(page.Entries) > wantSize || page.NextCursor != "" && len(page.Entries) != wantSize {
					t.Fatalf("%s page %d: page size %d with %d entries", c.kind, pages, page.PageSize, len(page.Entries))
				}
				for _, w := range page.Entries {
					if w.Match != "" || w.Accepted != nil {
						t.Errorf("%s: listEntries entry %s carries lookup fields", c.kind, ref(w))
					}
					got = append(got, ref(w))
				}
				if page.NextCursor == "" {
					break
				}
				if pages > len(c.want)+1 {
					t.Fatalf("%s: the cursors do not end", c.kind)
				}
				cursor = page.NextCursor
			}
			var want []string
			for _, n := range c.want {
				want = append(want, namedRef(n))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s %s by %v: pages put together differ from the catalog (%d entries, want %d)", c.kind, c.within, size, len(got), len(want))
			}
			if len(slices.Compact(slices.Sorted(slices.Values(got)))) != len(got) {
				t.Errorf("%s %s: an entry is listed twice", c.kind, c.within)
			}
		}
	}
}

func TestListEntriesLocale(t *testing.T) {
	v := vocab.Default()
	// A hero the catalog has no spelling for in some locale: the entry
	// says so by leaving name out, instead of falling back to English.
	var hero *vocab.Hero
	var gap vocab.Locale
	for _, h := range v.Heroes {
		for l, n := range h.Names {
			if n == "" && hero == nil {
				hero, gap = h, vocab.Locale(l)
			}
		}
	}
	if hero == nil {
		t.Skip("every hero is spelled in every locale")
	}
	for _, l := range []vocab.Locale{vocab.FrFR, gap} {
		page, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "hero", Locale: l.String(), PageSize: intp(ListMaxPageSize)})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range page.Entries {
			h := v.Heroes[i]
			if w.Name != h.Names[l] || w.English != h.English() || w.ID != h.ID {
				t.Errorf("%s in %s: %+v, catalog spells %q", h.ID, l, w, h.Names[l])
			}
		}
	}
	page, _ := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", Locale: "fr-FR", PageSize: intp(1)})
	a := served(v, vocab.KindAction)[0].(*vocab.Element)
	if w := page.Entries[0]; w.Signature != a.Signature(vocab.FrFR) || !strings.HasPrefix(w.Signature, a.Names[vocab.FrFR]) {
		t.Errorf("signature %q, want %q", w.Signature, a.Signature(vocab.FrFR))
	}
}

// TestErrors covers every refusal code the vocabulary operations use.
func TestErrors(t *testing.T) {
	first, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", PageSize: intp(10)})
	if err != nil || first.NextCursor == "" {
		t.Fatal(err)
	}
	cursorOf := func(raw string) string { return base64.RawURLEncoding.EncodeToString([]byte(raw)) }
	sha := vocab.Default().CatalogSHA256[:12]
	list := func(kind, within, cursor string) func() error {
		return func() error {
			_, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: kind, Within: within, Cursor: cursor})
			return err
		}
	}
	look := func(req contract.LookupRequest) func() error {
		return func() error { _, err := Lookup(&req); return err }
	}
	for _, c := range []struct {
		name       string
		call       func() error
		code       string
		candidates []string
	}{
		{"lookup without language", look(contract.LookupRequest{Query: "Wait"}), "malformed-request", nil},
		{"lookup without query or kind", look(contract.LookupRequest{Language: "workshop", Locale: "fr-FR"}), "malformed-request", nil},
		{"lookup negative limit", look(contract.LookupRequest{Language: "workshop", Query: "Wait", Limit: intp(-1)}), "malformed-request", nil},
		{"lookup nil", func() error { _, err := Lookup(nil); return err }, "malformed-request", nil},
		{"list without language", func() error {
			_, err := ListEntries(&contract.ListEntriesRequest{Kind: "action"})
			return err
		}, "malformed-request", nil},
		{"list without kind", list("", "", ""), "malformed-request", nil},
		{"list page size 0", func() error {
			_, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", PageSize: intp(0)})
			return err
		}, "malformed-request", nil},
		{"list nil", func() error { _, err := ListEntries(nil); return err }, "malformed-request", nil},
		{"bare language locale", look(contract.LookupRequest{Language: "workshop", Query: "Wait", Locale: "fr"}), "invalid-locale", []string{"fr-FR"}},
		{"unknown locale", look(contract.LookupRequest{Language: "workshop", Query: "Wait", Locale: "xx-YY"}), "invalid-locale", nil},
		{"unknown locale, unavailable language", look(contract.LookupRequest{Language: "opy", Query: "Wait", Locale: "xx"}), "invalid-locale", nil},
		{"list unknown locale", func() error {
			_, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", Locale: "english"})
			return err
		}, "invalid-locale", nil},
		{"unknown language", look(contract.LookupRequest{Language: "workshp", Query: "Wait"}), "invalid-selection", []string{"workshop"}},
		{"list unknown language", func() error {
			_, err := ListEntries(&contract.ListEntriesRequest{Language: "python", Kind: "action"})
			return err
		}, "invalid-selection", nil},
		{"unknown kind", look(contract.LookupRequest{Language: "workshop", Query: "Wait", Kind: "actoin"}), "invalid-selection", []string{"action"}},
		{"unserved kind", list("event-team", "", ""), "invalid-selection", nil},
		{"unknown enum", look(contract.LookupRequest{Language: "workshop", Query: "Left", Within: "HudPositon"}), "invalid-selection", []string{"HudPosition"}},
		{"within on another kind", list("action", "HudPosition", ""), "invalid-selection", nil},
		{"cursor not base64", list("action", "", "!!!"), "invalid-selection", nil},
		{"cursor of something else", list("action", "", cursorOf("hello")), "invalid-selection", nil},
		{"cursor of another kind", list("value", "", first.NextCursor), "invalid-selection", nil},
		{"cursor of another enum", list("enum-member", "HudPosition", cursorOf("le1|enum-member|Wait|1|"+sha)), "invalid-selection", nil},
		{"cursor of another catalog", list("action", "", cursorOf("le1|action||10|000000000000")), "invalid-selection", nil},
		{"cursor past the end", list("action", "", cursorOf("le1|action||100000|"+sha)), "invalid-selection", nil},
		{"cursor at the start", list("action", "", cursorOf("le1|action||0|"+sha)), "invalid-selection", nil},
		{"cursor with a padded offset", list("action", "", cursorOf("le1|action||010|"+sha)), "invalid-selection", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *service.Error %s", err, c.code)
			}
			if se.Code != c.code || se.Message == "" {
				t.Errorf("code %s (%s), want %s", se.Code, se.Message, c.code)
			}
			for _, want := range c.candidates {
				if !slices.Contains(se.Candidates, want) || !strings.Contains(se.Message, want) {
					t.Errorf("candidates %v, message %q: want %s named", se.Candidates, se.Message, want)
				}
			}
		})
	}
	// The cursor a page issues is accepted, and a hand-made equivalent too:
	// it is opaque to clients, not secret.
	for _, cursor := range []string{first.NextCursor, cursorOf("le1|action||10|" + sha)} {
		if page, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", Cursor: cursor}); err != nil || page.Offset != 10 {
			t.Errorf("cursor %s: %v %v", cursor, page, err)
		}
	}
}

// TestConcurrentLookups exercises the shared lexicon and its signature
// cache from many goroutines (run with -race).
func TestConcurrentLookups(t *testing.T) {
	var wg sync.WaitGroup
	want, _ := Lookup(&contract.LookupRequest{Language: "workshop", Query: "Create", Locale: "ko-KR", Limit: intp(LookupMaxLimit)})
	for range 8 {
		wg.Go(func() {
			for _, l := range vocab.Locales() {
				if _, err := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "action", Locale: l.String(), PageSize: intp(ListMaxPageSize)}); err != nil {
					t.Error(err)
				}
			}
			got, _ := Lookup(&contract.LookupRequest{Language: "workshop", Query: "Create", Locale: "ko-KR", Limit: intp(LookupMaxLimit)})
			if !reflect.DeepEqual(got, want) {
				t.Error("concurrent lookups differ")
			}
		})
	}
	wg.Wait()
}

// naiveOSA is the textbook optimal string alignment distance.
func naiveOSA(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestNearFilters checks the banded distance against the textbook one,
// and that the signature and bag filters never reject a pair within the
// limit, on random strings over a small alphabet (so that near pairs are
// common) and on real keys.
func TestNearFilters(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcde zé漢字")
	randomWord := func() []rune {
		r := make([]rune, rng.IntN(12))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return r
	}
	ix := theLexicon().searchIndex()
	realWord := func() []rune { return ix.sorted[rng.IntN(len(ix.sorted))].runes }
	for i := range 20000 {
		a, b := randomWord(), randomWord()
		if i%4 == 0 {
			// A real key and a mangled copy of it.
			a = realWord()
			b = slices.Clone(a)
			for range rng.IntN(4) {
				if len(b) > 0 {
					j := rng.IntN(len(b))
					b[j] = alphabet[rng.IntN(len(alphabet))]
				}
			}
		}
		want := naiveOSA(a, b)
		for limit := 0; limit <= 4; limit++ {
			got := lexDistance(a, b, limit, make([]int, 3*(len(b)+1)))
			if want <= limit && got != want || want > limit && got != limit+1 {
				t.Fatalf("lexDistance(%q, %q, %d) = %d, want %d", string(a), string(b), limit, got, want)
			}
			ba, bb := makeBag(a), makeBag(b)
			if want <= limit && (ba.apart(&bb, limit) || bits.OnesCount64(lexSig(a)^lexSig(b)) > 2*limit) {
				t.Fatalf("%q and %q are %d apart, but a filter rejects them at limit %d", string(a), string(b), want, limit)
			}
		}
	}
	// excess against the obvious byte loop.
	for range 10000 {
		var x, y uint64
		var want int
		for i := range 8 {
			xi, yi := rng.IntN(32), rng.IntN(32)
			x |= uint64(xi) << (8 * i)
			y |= uint64(yi) << (8 * i)
			want += max(xi-yi, 0)
		}
		if got := excess(x, y); got != want {
			t.Fatalf("excess(%#x, %#x) = %d, want %d", x, y, got, want)
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	v := vocab.Default()
	hud := v.Action("hudText")
	theLexicon().searchIndex() // built once per process, not measured here
	for _, c := range []struct{ name, query string }{
		{"exact", hud.English()},
		{"french", hud.Names[vocab.FrFR]},
		{"id", "hudText"},
		{"typo", "Creat HUD Txt"},
		{"short", "ana"},
		{"prefix", "Create"},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := &contract.LookupRequest{Language: "workshop", Query: c.query}
			for b.Loop() {
				if _, err := Lookup(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkListEntries(b *testing.B) {
	theLexicon()
	first, _ := ListEntries(&contract.ListEntriesRequest{Language: "workshop", Kind: "value"})
	for _, c := range []struct {
		name string
		req  contract.ListEntriesRequest
	}{
		{"first-page", contract.ListEntriesRequest{Language: "workshop", Kind: "value", Locale: "de-DE"}},
		{"cursor", contract.ListEntriesRequest{Language: "workshop", Kind: "value", Cursor: first.NextCursor}},
		{"max-page", contract.ListEntriesRequest{Language: "workshop", Kind: "localized-string", PageSize: intp(ListMaxPageSize)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ListEntries(&c.req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
