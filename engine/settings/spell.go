package settings

// This file spells identities (see the package documentation) in a locale,
// for the printer.

import (
	"errors"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// The reasons an identity cannot be spelled in a locale.
var (
	// ErrNoSpelling: the schema has no spelling of the entry in the
	// locale, or does not know the entry.
	ErrNoSpelling = errors.New("has no spelling")
	// ErrSharedSpelling: the entry's spelling in the locale is also an
	// earlier entry's, so the text would read back as that one (tr-TR
	// spells the data centers USA - East 2 and USA - West 2 alike).
	ErrSharedSpelling = errors.New("shares its spelling with another entry")
)

// Spell returns the spelling in l of a group header, key or word identity
// (an ast.SettingsItem KeyID). On error, text is the en-US spelling, or id
// itself when there is none, so that a caller can still print and name
// the entry.
func (s *Schema) Spell(id string, l vocab.Locale) (text string, err error) {
	if raw, isText := strings.CutPrefix(id, "text:"); isText {
		return raw, nil
	}
	sp, ok := s.keySpelling(id)
	if !ok {
		return id, ErrNoSpelling
	}
	return sp.in(id, l)
}

// SpellValue returns the spelling in l of a value identity (an
// ast.SettingsItem ValueID) of the setting keyID, as Spell does.
func (s *Schema) SpellValue(keyID, valueID string, l vocab.Locale) (text string, err error) {
	kind, arg, _ := strings.Cut(valueID, ":")
	switch kind {
	case "number", "string":
		return arg, nil
	case "percent":
		return arg + "%", nil
	case "combo":
		return "[" + arg + "]", nil
	case "bool":
		// Not checked for sharing: words of the same truth may share a
		// spelling (ru-RU Off and Disabled), and no locale spells a true
		// word like a false one.
		if w := s.words[arg]; w != nil {
			return spelling{names: w.Names}.in(valueID, l)
		}
	case "hero":
		if h := s.v.Hero(arg); h != nil {
			return spelling{names: h.Names, back: readsAs(&s.heroIx, h)}.in(valueID, l)
		}
	case "value":
		if st := s.setting(keyID); st != nil {
			if n := st.node.Values[arg]; n != nil {
				return spelling{names: n.Names, back: readsAs(s.valuesOf(st), arg)}.in(valueID, l)
			}
		}
	}
	return valueID, ErrNoSpelling
}

// A spelling is an entry's names; suffix follows the name in every locale
// (the variant ids of a map line); back, when set, reports whether a
// folded name reads back as the entry.
type spelling struct {
	names  vocab.Names
	suffix string
	back   func(key string, l vocab.Locale) bool
}

func (sp spelling) in(id string, l vocab.Locale) (string, error) {
	var err error
	if int(l) >= len(sp.names) {
		err = ErrNoSpelling
	} else if name := clean(sp.names[l]); name == "" {
		err = ErrNoSpelling
	} else if sp.back != nil && !sp.back(vocab.Fold(name), l) {
		err = ErrSharedSpelling
	} else {
		return name + sp.suffix, nil
	}
	if en := clean(sp.names[vocab.EnUS]); en != "" {
		return en + sp.suffix, err
	}
	return id, err
}

// readOrder is the order text printed in l is read back in (the locale
// given, then en-US).
func readOrder(l vocab.Locale) []vocab.Locale { return []vocab.Locale{l, vocab.EnUS} }

// readsAs returns a check that a spelling finds want in ix.
func readsAs[T comparable](ix *nameIndex[T], want T) func(string, vocab.Locale) bool {
	return func(key string, l vocab.Locale) bool {
		got, ok := ix.find(key, readOrder(l))
		return ok && got == want
	}
}

func (s *Schema) keySpelling(id string) (spelling, bool) {
	kind, arg, found := strings.Cut(id, ":")
	if !found {
		st := s.setting(id)
		if st == nil {
			return spelling{}, false
		}
		// Read back as the resolver does: the table's settings, then
		// those of its hero's that the include/exclude lists leave out.
		return spelling{names: st.names, back: func(key string, l vocab.Locale) bool {
			if got, ok := st.table.ix.find(key, readOrder(l)); ok {
				return got == st
			}
			got, ok := st.table.other.find(key, readOrder(l))
			return ok && got == st
		}}, true
	}
	switch kind {
	case "section":
		if n := s.sections[arg]; n != nil {
			return spelling{names: n.Names, back: readsAs(&s.sectionIx, arg)}, true
		}
	case "mode":
		if names, ok := s.modeNames(arg); ok {
			return spelling{names: names, back: readsAs(&s.modeIx, arg)}, true
		}
	case "disabled mode":
		mode, ok := s.modeNames(arg)
		kw := s.v.Keyword("__disabled__")
		if !ok || kw == nil {
			return spelling{}, false
		}
		var names vocab.Names
		for l := range names {
			if kw.Names[l] != "" && clean(mode[l]) != "" {
				names[l] = kw.Names[l] + " " + clean(mode[l])
			}
		}
		return spelling{names: names}, true
	case "list":
		if n := s.lists[arg]; n != nil {
			return spelling{names: n.Names, back: readsAs(&s.listIx, arg)}, true
		}
	case "team":
		if n := s.teams[arg]; n != nil {
			return spelling{names: n.Names, back: readsAs(&s.teamIx, arg)}, true
		}
	case "hero":
		if h := s.v.Hero(arg); h != nil {
			return spelling{names: h.Names, back: readsAs(&s.heroIx, h)}, true
		}
	case "ext":
		if n := s.extensions[arg]; n != nil {
			return spelling{names: n.Names, back: readsAs(&s.extIx, arg)}, true
		}
	case "map":
		mapID, variants, _ := strings.Cut(arg, "#")
		if m := s.v.Map(mapID); m != nil {
			sp := spelling{names: m.Names, back: readsAs(&s.mapIx, m)}
			if variants != "" {
				sp.suffix = " " + strings.ReplaceAll(variants, "#", " ")
			}
			return sp, true
		}
	}
	return spelling{}, false
}

func (s *Schema) modeNames(id string) (vocab.Names, bool) {
	if id == "general" && s.general != nil {
		return s.general.Names, true
	}
	if g := s.v.GameMode(id); g != nil {
		return g.Names, true
	}
	return vocab.Names{}, false
}

// setting finds the setting of a "<table>/<key>" identity.
func (s *Schema) setting(id string) *setting {
	i := strings.LastIndexByte(id, '/')
	if i < 0 {
		return nil
	}
	if t := s.table(id[:i]); t != nil {
		return t.byKey[id[i+1:]]
	}
	return nil
}

// ReadsAs reports whether text, a map line as written in a script read in
// locale l, reads as the identity keyID in l or en-US (as the formatter
// reads its output back): the formatter keeps such a line as written (an
// older spelling the game accepts is the author's). Only map lines are
// answered; other identities report false.
func (s *Schema) ReadsAs(keyID, text string, l vocab.Locale) bool {
	arg, ok := strings.CutPrefix(keyID, "map:")
	if !ok {
		return false
	}
	mapID, variants, _ := strings.Cut(arg, "#")
	name := text
	if variants != "" {
		suffix := " " + strings.ReplaceAll(variants, "#", " ")
		if name, ok = strings.CutSuffix(text, suffix); !ok {
			return false
		}
	}
	if strings.TrimSpace(name) != name || !s.mapIx.fits(name) {
		return false
	}
	m, ok := s.mapIx.find(vocab.Fold(name), readOrder(l))
	return ok && m.ID == mapID
}
