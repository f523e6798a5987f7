package vocab_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/engine/vocab/catalogfile"
)

const sharedCatalog = "../../../shared/data/catalog.json"

// TestGenerated fails when catalog.gen.json is stale against the shared
// catalog. Run `go generate ./engine/vocab` to refresh it.
func TestGenerated(t *testing.T) {
	src, err := os.ReadFile(sharedCatalog)
	if err != nil {
		t.Fatalf("the shared catalog must be present beside the project: %v", err)
	}
	want, err := catalogfile.Convert(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("catalog.gen.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("catalog.gen.json is stale against %s: run go generate ./engine/vocab", sharedCatalog)
	}
}

func TestCounts(t *testing.T) {
	v := vocab.Default()
	actions, values := 0, 0
	for _, e := range v.Elements {
		if e.IsAction() {
			actions++
		} else {
			values++
		}
	}
	members := 0
	for _, en := range v.Enums {
		members += len(en.Members)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"actions", actions, 225},
		{"values", values, 267},
		{"heroes", len(v.Heroes), 52},
		{"maps", len(v.Maps), 90},
		{"game modes", len(v.GameModes), 35},
		{"events", len(v.Events), 14},
		{"keywords", len(v.Keywords), 10},
		{"localized strings", len(v.LocalizedStrings), 720},
		{"event players", len(v.EventPlayers), 13},
		{"enums", len(v.Enums), 49},
		{"enum members", members, 535 + 52 + 90 + 35},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.what, c.got, c.want)
		}
	}
}

func TestLookupAnyLocale(t *testing.T) {
	v := vocab.Default()
	for _, c := range []struct {
		spelling string
		kind     vocab.Kind
		id       string
		locale   vocab.Locale
	}{
		{"Create HUD Text", vocab.KindAction, "hudText", vocab.EnUS},
		{"create hud text", vocab.KindAction, "hudText", vocab.EnUS},
		{"创建HUD文本", vocab.KindAction, "hudText", vocab.ZhCN},
		{"Ongoing - Global", vocab.KindEvent, "global", vocab.EnUS},
		{"持续 - 全局", vocab.KindEvent, "global", vocab.ZhCN},
		{"Soldier: 76", vocab.KindEnumMember, "HeroLiteral.soldier", vocab.EnUS},
		{"D.Va", vocab.KindEnumMember, "HeroLiteral.dva", vocab.EnUS},
		{"Роковая Вдова", vocab.KindEnumMember, "HeroLiteral.widowmaker", vocab.RuRU},
		{"РОКОВАЯ   ВДОВА", vocab.KindEnumMember, "HeroLiteral.widowmaker", vocab.RuRU},
		{"Ignore Condition", vocab.KindEnumMember, "Wait.IGNORE_CONDITION", vocab.EnUS},
		{"Event Player", vocab.KindValue, "eventPlayer", vocab.EnUS},
		{"rule", vocab.KindKeyword, "__rule__", vocab.EnUS},
		{"règle", vocab.KindKeyword, "__rule__", vocab.FrFR},
	} {
		refs := v.Lookup(c.spelling)
		found := false
		for _, r := range refs {
			if r.Kind() == c.kind && vocab.QualifiedID(r.Item) == c.id && r.Locales.Has(c.locale) {
				found = true
			}
		}
		if !found {
			t.Errorf("Lookup(%q) = %v, want %s %s in %s", c.spelling, refs, c.kind, c.id, c.locale)
		}
	}
	if refs := v.Lookup("Create HUD Texts"); refs != nil {
		t.Errorf("Lookup of a non-name returned %v", refs)
	}
}

func TestByID(t *testing.T) {
	v := vocab.Default()
	wait := v.Action("__wait__")
	if wait == nil {
		wait = v.ByID(vocab.KindAction, "wait").(*vocab.Element)
	}
	if got := wait.Signature(vocab.EnUS); got == "" {
		t.Fatal("empty signature")
	}
	m := v.ByID(vocab.KindEnumMember, "Wait.IGNORE_CONDITION")
	if m == nil || vocab.EntryOf(m).English() != "Ignore Condition" {
		t.Fatalf("ByID(enum member) = %v", m)
	}
	if v.ByID(vocab.KindEnumMember, "Wait.NOPE") != nil {
		t.Fatal("unknown member found")
	}
}

func TestMatchLongestFirst(t *testing.T) {
	v := vocab.Default()
	text := "Event Player.x"
	hits := v.Match(text, 0, nil)
	if len(hits) == 0 || text[:hits[0].End] != "Event Player" {
		t.Fatalf("Match(%q) = %v", text, hits)
	}
	text = "Ongoing -\n\t\tEach Player;"
	hits = v.Match(text, 0, nil)
	if len(hits) == 0 || hits[0].End != len("Ongoing -\n\t\tEach Player") {
		t.Fatalf("wrapped name: Match(%q) = %v", text, hits)
	}
	text = "Slot 10;"
	hits = v.Match(text, 0, nil)
	if len(hits) == 0 || text[:hits[0].End] != "Slot 10" {
		t.Fatalf("Match(%q) = %+v", text, hits)
	}
	for _, h := range hits {
		if text[:h.End] == "Slot 1" {
			t.Fatalf("Slot 1 matched inside Slot 10")
		}
	}
}

func TestParseLocale(t *testing.T) {
	for in, want := range map[string]vocab.Locale{"en-US": vocab.EnUS, "zh_cn": vocab.ZhCN, "RU-ru": vocab.RuRU} {
		got, err := vocab.ParseLocale(in)
		if err != nil || got != want {
			t.Errorf("ParseLocale(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := vocab.ParseLocale("xx-XX"); err == nil {
		t.Error("ParseLocale accepted xx-XX")
	}
}

func TestNearest(t *testing.T) {
	cands := []string{"Wait", "Wait Until", "Create HUD Text", "Create Effect"}
	for _, c := range []struct {
		text string
		want string
	}{
		{"Wiat", "Wait"},
		{"create hud txt", "Create HUD Text"},
		{"Create HUD", "Create HUD Text"},
	} {
		got := vocab.Nearest(c.text, cands)
		if len(got) == 0 || got[0] != c.want {
			t.Errorf("Nearest(%q) = %v, want %q first", c.text, got, c.want)
		}
	}
	if got := vocab.Nearest("Wait", cands); len(got) > 0 && got[0] == "Wait" {
		t.Errorf("Nearest suggests the text itself: %v", got)
	}
	if got := vocab.Nearest("Zzzzzzzz", cands); len(got) != 0 {
		t.Errorf("Nearest suggests unrelated names: %v", got)
	}
}
