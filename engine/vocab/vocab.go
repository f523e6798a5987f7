package vocab

//go:generate go run ./gen -catalog ../../../shared/data/catalog.json -out catalog.gen.json
//go:generate go test -tags vocab_json -run ^TestStaticTables$ -update .

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/vocab/catalogfile"
)

// Vocabulary is the whole Workshop vocabulary. It never changes after
// loading and is safe for concurrent use.
type Vocabulary struct {
	// SourceCommit is the OverPy commit the catalog was extracted from.
	SourceCommit string
	// CatalogSHA256 identifies the catalog.json the vocabulary came from.
	CatalogSHA256 string

	Keywords         []*Entry
	Events           []*Event
	EventTeams       []*Entry
	EventPlayers     []*Entry
	SettingWords     []*Entry
	Elements         []*Element
	Enums            []*Enum
	Heroes           []*Hero
	Maps             []*Map
	GameModes        []*GameMode
	LocalizedStrings []*LocalizedString
	Settings         *SettingsNode

	keywords   map[string]*Entry
	actions    map[string]*Element
	values     map[string]*Element
	enums      map[string]*Enum
	events     map[string]*Event
	heroes     map[string]*Hero
	maps       map[string]*Map
	gameModes  map[string]*GameMode
	locStrings map[string]*LocalizedString
	// locStringText finds a localized string by its exact text in a
	// locale; built on first use.
	locStringOnce sync.Once
	locStringText [NumLocales]map[string]*LocalizedString

	names *trie // every spelling of every locale

	matchersMu sync.Mutex
	matchers   map[LocaleSet]*Matcher
}

// A SettingsNode is a node of the custom game settings schema (see
// catalogfile.SettingsNode). Values and Children are keyed by schema id.
type SettingsNode struct {
	ID       string
	GUID     string
	Names    Names
	HasNames bool
	// Tag is the value type of a setting (__percent__, __int__, …) when
	// its values are not a list of words.
	Tag      string
	Values   map[string]*SettingsNode
	Children map[string]*SettingsNode
	Include  []string
	Exclude  []string
	MaxChars int
	MaxBytes int
	Points   int
}

var (
	defaultOnce  sync.Once
	defaultVocab *Vocabulary
)

// Default returns the vocabulary built into the binary. It is generated
// static data (static_gen.go, see static.go), so the first call costs
// well under a millisecond and later calls are free.
func Default() *Vocabulary {
	defaultOnce.Do(func() { defaultVocab = builtin() })
	return defaultVocab
}

// Load decodes an embedded-form vocabulary (see catalogfile.File): the
// form the generator reads, and the reference the static tables are
// tested against.
func Load(data []byte) (*Vocabulary, error) {
	var f catalogfile.File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	v := &Vocabulary{SourceCommit: f.SourceCommit, CatalogSHA256: f.CatalogSHA256}
	enums := map[string]*Enum{}
	names := func(n catalogfile.Names) (out Names) {
		copy(out[:], n)
		return out
	}
	word := func(kind Kind, w catalogfile.Word) Entry {
		return Entry{Kind: kind, ID: w.ID, GUID: w.GUID, Names: names(w.Names)}
	}

	for _, w := range f.Keywords {
		e := word(KindKeyword, w)
		v.Keywords = append(v.Keywords, &e)
	}
	for _, w := range f.Events {
		e := &Event{Entry: word(KindEvent, w.Word), Lines: w.Lines}
		v.Events = append(v.Events, e)
	}
	for _, w := range f.EventTeams {
		e := word(KindEventTeam, w)
		v.EventTeams = append(v.EventTeams, &e)
	}
	for _, w := range f.EventPlayers {
		e := word(KindEventPlayer, w)
		v.EventPlayers = append(v.EventPlayers, &e)
	}
	for _, w := range f.SettingWords {
		e := word(KindSettingWord, w)
		v.SettingWords = append(v.SettingWords, &e)
	}
	for _, fe := range f.Enums {
		en := &Enum{ID: fe.ID}
		for _, fm := range fe.Members {
			m := &Member{
				Entry: Entry{Kind: KindEnumMember, ID: fm.ID, GUID: fm.GUID, Names: names(fm.Names)},
				Enum:  en, RGBA: fm.RGBA, Extension: fm.Extension, OnlyInOverPy: fm.OnlyInOverPy,
			}
			en.Members = append(en.Members, m)
		}
		v.Enums = append(v.Enums, en)
		enums[en.ID] = en
	}
	for _, fe := range f.Elements {
		kind := KindValue
		if fe.Action {
			kind = KindAction
		}
		el := &Element{
			Entry:   Entry{Kind: kind, ID: fe.ID, GUID: fe.GUID, Names: names(fe.Names)},
			Bare:    len(fe.Params) == 0,
			Returns: parseType(fe.Returns),
			Flags: Flags{
				IsConstant: fe.Flags.IsConstant, IsLiteral: fe.Flags.IsLiteral,
				NotInBoolean: fe.Flags.NotInBoolean, HideFromAutocomplete: fe.Flags.HideFromAutocomplete,
				HasLiteralLimit: fe.Flags.HasLiteralLimit, Class: fe.Flags.Class,
			},
		}
		for _, fp := range fe.Params {
			p := Param{
				Name: fp.Name, Type: parseType(fp.Type), Min: fp.Min, Max: fp.Max,
				LiteralMax: fp.LiteralMax, Hints: fp.Hints,
			}
			if fp.Enum != "" {
				p.Enum = enums[fp.Enum]
				if p.Enum == nil {
					return nil, fmt.Errorf("element %s: param %s names unknown enum %s", fe.ID, fp.Name, fp.Enum)
				}
			}
			switch fp.BareIdentifier {
			case "GlobalVariable":
				p.Ident = IdentGlobalVariable
			case "PlayerVariable":
				p.Ident = IdentPlayerVariable
			case "Subroutine":
				p.Ident = IdentSubroutine
			case "":
			default:
				return nil, fmt.Errorf("element %s: unknown bare identifier kind %q", fe.ID, fp.BareIdentifier)
			}
			if len(fp.Default) > 0 {
				p.HasDefault = true
				var s string
				if json.Unmarshal(fp.Default, &s) == nil {
					p.Default = s
				} else {
					p.Default = string(fp.Default)
				}
			}
			el.Params = append(el.Params, p)
		}
		v.Elements = append(v.Elements, el)
	}
	for _, fh := range f.Heroes {
		h := &Hero{Entry: word(KindHero, fh.Word)}
		for _, a := range fh.Abilities {
			ab := word(KindAbility, a)
			h.Abilities = append(h.Abilities, &ab)
		}
		v.Heroes = append(v.Heroes, h)
	}
	for _, fm := range f.Maps {
		m := &Map{
			Entry: word(KindMap, fm.Word), GameModes: fm.GameModes, Variants: fm.Variants,
			IsSymmetrical: fm.IsSymmetrical, IsWorkshopMap: fm.IsWorkshopMap, OnlyInOW1: fm.OnlyInOW1,
		}
		v.Maps = append(v.Maps, m)
	}
	for _, fg := range f.GameModes {
		g := &GameMode{
			Entry: word(KindGameMode, fg.Word), DefaultTeam1Players: fg.DefaultTeam1Players,
			DefaultTeam2Players: fg.DefaultTeam2Players, DefaultFFAPlayers: fg.DefaultFFAPlayers,
			OnlyInOW1: fg.OnlyInOW1,
		}
		v.GameModes = append(v.GameModes, g)
	}
	for _, fs := range f.LocalizedStrings {
		s := &LocalizedString{Entry: word(KindLocalizedString, fs.Word), Form: fs.Kind}
		v.LocalizedStrings = append(v.LocalizedStrings, s)
	}
	v.Settings = settingsNode("", f.Settings, names)
	v.indexIDs()
	v.names = buildTrie(v.spellings().merged())
	return v, nil
}

// spellings collects every spelling the name matcher knows, in a fixed
// order: keywords, events, event teams and players, enum members, then
// actions and values, each entry's locales in catalog order.
func (v *Vocabulary) spellings() *trieBuilder {
	tb := &trieBuilder{}
	index := func(item Named) {
		for l, name := range item.entry().Names {
			if name != "" {
				tb.add(name, item, Locale(l))
			}
		}
	}
	for _, e := range v.Keywords {
		index(e)
	}
	for _, e := range v.Events {
		index(e)
	}
	for _, e := range v.EventTeams {
		index(e)
	}
	for _, e := range v.EventPlayers {
		index(e)
	}
	for _, en := range v.Enums {
		for _, m := range en.Members {
			index(m)
		}
	}
	for _, e := range v.Elements {
		index(e)
	}
	return tb
}

// indexIDs builds the maps that find entries by id; a later entry with
// the same id wins.
func (v *Vocabulary) indexIDs() {
	v.keywords = byID(v.Keywords)
	v.events = byID(v.Events)
	v.enums = make(map[string]*Enum, len(v.Enums))
	for _, en := range v.Enums {
		en.byID = byID(en.Members)
		v.enums[en.ID] = en
	}
	v.actions, v.values = map[string]*Element{}, map[string]*Element{}
	for _, el := range v.Elements {
		if el.IsAction() {
			v.actions[el.ID] = el
		} else {
			v.values[el.ID] = el
		}
	}
	v.heroes = byID(v.Heroes)
	v.maps = byID(v.Maps)
	v.gameModes = byID(v.GameModes)
	v.locStrings = byID(v.LocalizedStrings)
}

// byID maps each item's id to it; a later item with the same id wins.
func byID[T Named](items []T) map[string]T {
	out := make(map[string]T, len(items))
	for _, it := range items {
		out[it.entry().ID] = it
	}
	return out
}

func settingsNode(id string, n *catalogfile.SettingsNode, names func(catalogfile.Names) Names) *SettingsNode {
	if n == nil {
		return nil
	}
	out := &SettingsNode{
		ID: id, GUID: n.GUID, Tag: n.Tag, Include: n.Include, Exclude: n.Exclude,
		MaxChars: n.MaxChars, MaxBytes: n.MaxBytes, Points: n.Points,
	}
	if len(n.Names) > 0 {
		out.Names, out.HasNames = names(n.Names), true
	}
	if n.Values != nil {
		out.Values = map[string]*SettingsNode{}
		for k, c := range n.Values {
			out.Values[k] = settingsNode(k, c, names)
		}
	}
	if n.Children != nil {
		out.Children = map[string]*SettingsNode{}
		for k, c := range n.Children {
			out.Children[k] = settingsNode(k, c, names)
		}
	}
	return out
}

// settingsKids lists the children of a settings node of the static
// tables (see static.go) by their index there; has* tells an empty map
// from none.
type settingsKids struct {
	values, children       []int32
	hasValues, hasChildren bool
}

// Keyword returns a structural keyword by id (__rule__, __event__,
// __actions__, __conditions__, __disabled__, __settings__, __variables__,
// __subroutines__, __global__, __player__), or nil.
func (v *Vocabulary) Keyword(id string) *Entry { return v.keywords[id] }

// Action returns the action with the given id, or nil.
func (v *Vocabulary) Action(id string) *Element { return v.actions[id] }

// Value returns the value with the given id, or nil.
func (v *Vocabulary) Value(id string) *Element { return v.values[id] }

// Enum returns the enum with the given id, or nil.
func (v *Vocabulary) Enum(id string) *Enum { return v.enums[id] }

// Event returns the event with the given id, or nil.
func (v *Vocabulary) Event(id string) *Event { return v.events[id] }

// Hero returns the hero with the given id, or nil.
func (v *Vocabulary) Hero(id string) *Hero { return v.heroes[id] }

// Map returns the map with the given id, or nil.
func (v *Vocabulary) Map(id string) *Map { return v.maps[id] }

// GameMode returns the game mode with the given id, or nil.
func (v *Vocabulary) GameMode(id string) *GameMode { return v.gameModes[id] }

// LocalizedString returns the String("…") key with the given id, or nil.
func (v *Vocabulary) LocalizedString(id string) *LocalizedString { return v.locStrings[id] }

// LocalizedStringByText finds a String("…") key by its exact text in l.
func (v *Vocabulary) LocalizedStringByText(l Locale, text string) *LocalizedString {
	v.locStringOnce.Do(func() {
		for l := range v.locStringText {
			v.locStringText[l] = map[string]*LocalizedString{}
		}
		// The first string with a text wins.
		for _, s := range v.LocalizedStrings {
			for l, text := range s.Names {
				if _, dup := v.locStringText[l][text]; text != "" && !dup {
					v.locStringText[l][text] = s
				}
			}
		}
	})
	return v.locStringText[l][text]
}

// ByID finds an entry of the given kind by id. Enum members are addressed
// as "Enum.MEMBER" (for example "Wait.IGNORE_CONDITION").
func (v *Vocabulary) ByID(kind Kind, id string) Named {
	switch kind {
	case KindKeyword:
		if e := v.keywords[id]; e != nil {
			return e
		}
	case KindAction:
		if e := v.actions[id]; e != nil {
			return e
		}
	case KindValue:
		if e := v.values[id]; e != nil {
			return e
		}
	case KindEvent:
		if e := v.events[id]; e != nil {
			return e
		}
	case KindEnumMember:
		for i := len(id) - 1; i > 0; i-- {
			if id[i] == '.' {
				if en := v.enums[id[:i]]; en != nil {
					if m := en.byID[id[i+1:]]; m != nil {
						return m
					}
				}
			}
		}
	case KindHero:
		if e := v.heroes[id]; e != nil {
			return e
		}
	case KindMap:
		if e := v.maps[id]; e != nil {
			return e
		}
	case KindGameMode:
		if e := v.gameModes[id]; e != nil {
			return e
		}
	case KindLocalizedString:
		if e := v.locStrings[id]; e != nil {
			return e
		}
	case KindEventTeam:
		return findWord(v.EventTeams, id)
	case KindEventPlayer:
		return findWord(v.EventPlayers, id)
	case KindSettingWord:
		return findWord(v.SettingWords, id)
	}
	return nil
}

func findWord(list []*Entry, id string) Named {
	for _, e := range list {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// QualifiedID returns the id that ByID takes for n: the member id prefixed
// with its enum for enum members, the plain id otherwise.
func QualifiedID(n Named) string {
	if m, ok := n.(*Member); ok {
		return m.Enum.ID + "." + m.ID
	}
	return n.entry().ID
}

// Signature renders an element's signature in a locale, for hover and
// messages: "Wait(time: float, waitBehavior: Wait = IGNORE_CONDITION)".
func (e *Element) Signature(l Locale) string {
	name, ok := e.Name(l)
	if !ok {
		name = e.English()
	}
	if e.Bare {
		return name
	}
	s := name + "("
	for i, p := range e.Params {
		if i > 0 {
			s += ", "
		}
		s += p.Name + ": " + p.Type.String()
		if p.Default != "" {
			s += " = " + p.Default
		}
	}
	s += ")"
	if !e.IsAction() && e.Returns.String() != "" {
		s += ": " + e.Returns.String()
	}
	return s
}

// String describes a NameRef for debugging.
func (r NameRef) String() string {
	return r.Kind().String() + ":" + QualifiedID(r.Item) + "@" + strconv.Itoa(int(r.Locales))
}
