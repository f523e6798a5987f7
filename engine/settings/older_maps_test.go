package settings

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestOlderMapSpellings holds every older spelling to the catalog: its
// variant's name is the spelling plus the event's name, as another base
// map and its variant of the same event spell it in that locale; no map is
// spelled so today; and the schema reads it as its map, in its locale only.
func TestOlderMapSpellings(t *testing.T) {
	v := vocab.Default()
	s := For(v)
	for _, o := range olderMapSpellings {
		name := o.loc.String() + " " + o.name
		base, variant := v.Map(o.mapID), v.Map(o.variant)
		if base == nil || variant == nil {
			t.Errorf("%s: the catalog lacks %s or %s", name, o.mapID, o.variant)
			continue
		}
		event, ok := strings.CutPrefix(o.variant, o.mapID)
		vname := variant.Names[o.loc]
		suffix, hasPrefix := strings.CutPrefix(vname, o.name)
		if !ok || !hasPrefix || suffix == "" {
			t.Errorf("%s: %s is not the spelling plus an event (%q)", name, o.variant, vname)
			continue
		}
		confirmed := false
		for _, m := range v.Maps {
			if m.ID == o.mapID {
				continue
			}
			if mv := v.Map(m.ID + event); mv != nil && m.Names[o.loc] != "" && mv.Names[o.loc] == m.Names[o.loc]+suffix {
				confirmed = true
			}
		}
		if !confirmed {
			t.Errorf("%s: no other map's %s variant adds %q in %s", name, event, suffix, o.loc)
		}
		for _, m := range v.Maps {
			if vocab.Fold(m.Names[o.loc]) == vocab.Fold(o.name) {
				t.Errorf("%s: %s is spelled so today", name, m.ID)
			}
		}
		if m, ok := s.mapIx.find(vocab.Fold(o.name), []vocab.Locale{o.loc}); !ok || m != base {
			t.Errorf("%s: does not read as %s", name, o.mapID)
		}
		if !s.ReadsAs("map:"+o.mapID, o.name, o.loc) || s.ReadsAs("map:"+o.mapID, o.name, vocab.EnUS) && o.loc != vocab.EnUS {
			t.Errorf("%s: ReadsAs answers wrongly", name)
		}
		for _, sp := range s.mapIx.spellings[o.loc] {
			if sp == o.name {
				t.Errorf("%s: offered as a suggestion", name)
			}
		}
	}
}
