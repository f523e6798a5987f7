package vocab

import (
	"encoding/json"
	"strings"
)

// A Kind says what a vocabulary entry is.
type Kind uint8

// The kinds of entries.
const (
	KindInvalid Kind = iota
	KindKeyword
	KindEvent
	KindEventTeam
	KindEventPlayer
	KindAction
	KindValue
	KindEnumMember
	KindHero
	KindMap
	KindGameMode
	KindLocalizedString
	KindSettingWord
	KindAbility
)

var kindNames = [...]string{
	KindInvalid: "invalid", KindKeyword: "keyword", KindEvent: "event",
	KindEventTeam: "event-team", KindEventPlayer: "event-player", KindAction: "action",
	KindValue: "value", KindEnumMember: "enum-member", KindHero: "hero", KindMap: "map",
	KindGameMode: "game-mode", KindLocalizedString: "localized-string",
	KindSettingWord: "setting-word", KindAbility: "ability",
}

// String returns the kind's kebab-case name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Names holds one spelling per locale; "" where the catalog has none.
type Names [NumLocales]string

// Set returns the locales whose spelling is exactly s.
func (n *Names) Set(s string) LocaleSet {
	var set LocaleSet
	for l, name := range n {
		if name == s {
			set |= Of(Locale(l))
		}
	}
	return set
}

// An Entry is the part every named vocabulary entry shares.
type Entry struct {
	Kind Kind
	// ID is the catalog's stable key (OverPy's key), unique within a kind
	// (enum members: within their enum).
	ID    string
	GUID  string
	Names Names
}

// Name returns the spelling of e in l; ok is false when the catalog has no
// spelling there.
func (e *Entry) Name(l Locale) (name string, ok bool) {
	n := e.Names[l]
	return n, n != ""
}

// English returns the en-US spelling.
func (e *Entry) English() string { return e.Names[EnUS] }

// entry lets the concrete entry types share one interface.
func (e *Entry) entry() *Entry { return e }

// Named is implemented by every entry type (they embed Entry).
type Named interface{ entry() *Entry }

// EntryOf returns the shared part of a named entry.
func EntryOf(n Named) *Entry { return n.entry() }

// An Element is an action or a value.
type Element struct {
	Entry
	// Params lists the argument slots. Bare elements (written without
	// parentheses, such as Event Player or Abort) have none.
	Params []Param
	// Bare reports that the element is written without parentheses.
	Bare    bool
	Returns Type
	Flags   Flags
}

// IsAction reports whether e is an action.
func (e *Element) IsAction() bool { return e.Kind == KindAction }

// MinArgs returns the number of arguments that must be written. The Workshop
// has no optional arguments except the trailing format arguments of Custom
// String and String, which exports omit when they are Null, and Array's,
// which takes any number of them, none included.
func (e *Element) MinArgs() int {
	if e.ID == "__customString__" || e.ID == "__localizedString__" {
		return 1
	}
	if e.Variadic() {
		// Array() is the empty array: the game accepts it, and OverPy's
		// decompiler reads it as [].
		return 0
	}
	return len(e.Params)
}

// MaxArgs returns the largest number of arguments the element takes, or -1
// when it takes any number (Array).
func (e *Element) MaxArgs() int {
	if e.Variadic() {
		return -1
	}
	return len(e.Params)
}

// Variadic reports whether the element takes any number of arguments of
// its one parameter's type: Array(a, b, c, …).
func (e *Element) Variadic() bool { return e.ID == "__array__" }

// ParamAt returns the slot of argument i: the i-th parameter, Array's one
// parameter for each of its arguments, or nil past the last slot.
func (e *Element) ParamAt(i int) *Param {
	switch {
	case i < len(e.Params):
		return &e.Params[i]
	case e.Variadic() && len(e.Params) > 0:
		return &e.Params[0]
	}
	return nil
}

// Flags are element properties from the catalog.
type Flags struct {
	// IsConstant: the value is the same for the whole game.
	IsConstant bool
	// IsLiteral: values of this element are unique under ==.
	IsLiteral bool
	// NotInBoolean: the game does not accept the value directly in a
	// boolean slot.
	NotInBoolean         bool
	HideFromAutocomplete bool
	// HasLiteralLimit: a number literal argument above the slot's
	// LiteralMax is not kept by the game.
	HasLiteralLimit bool
	// Class is Array or String for OverPy member functions.
	Class string
}

// IdentKind is what a bare-identifier slot names.
type IdentKind uint8

// The bare identifier kinds.
const (
	IdentNone IdentKind = iota
	IdentGlobalVariable
	IdentPlayerVariable
	IdentSubroutine
)

// String names the kind as the catalog does.
func (k IdentKind) String() string {
	switch k {
	case IdentGlobalVariable:
		return "GlobalVariable"
	case IdentPlayerVariable:
		return "PlayerVariable"
	case IdentSubroutine:
		return "Subroutine"
	}
	return ""
}

// Param is one argument slot.
type Param struct {
	Name string
	Type Type
	// Enum is the enum whose bare members the slot takes, or nil.
	Enum *Enum
	// Ident is set when the slot takes a bare variable or subroutine name.
	Ident IdentKind
	// Default is OverPy's default in OverPy syntax (or an enum member id);
	// "" when there is none or when it is null.
	Default string
	// HasDefault reports that the catalog gives a default (null
	// included: Default is then "").
	HasDefault bool
	Min, Max   *float64
	LiteralMax *float64
	// Hints are OverPy's element-saving permissions for the slot, such as
	// canReplace0ByNull.
	Hints []string
}

// A Type is an OverPy type expression: a name, an array of a type, or a
// union.
type Type struct {
	Name  string
	Elem  *Type
	Union []Type
}

// String renders the type as "Player | Array<Player>".
func (t Type) String() string {
	switch {
	case t.Elem != nil:
		return "Array<" + t.Elem.String() + ">"
	case len(t.Union) > 0:
		parts := make([]string, len(t.Union))
		for i, u := range t.Union {
			parts[i] = u.String()
		}
		return strings.Join(parts, " | ")
	}
	return t.Name
}

// Has reports whether the type is, or is a union holding, the named type.
func (t Type) Has(name string) bool {
	if t.Name == name {
		return true
	}
	for _, u := range t.Union {
		if u.Has(name) {
			return true
		}
	}
	return false
}

// literalEnums pairs each value type with the enum whose members stand for
// its values when written bare.
var literalEnums = [...][2]string{
	{"Color", "ColorLiteral"}, {"Button", "ButtonLiteral"}, {"Team", "TeamLiteral"},
	{"Hero", "HeroLiteral"}, {"Map", "MapLiteral"}, {"Gamemode", "GamemodeLiteral"},
}

// LiteralEnum returns the id of the enum whose members a slot of type t
// may hold bare, the legacy form of Color(White), Button(Jump), …, and
// the current one of Team(Team 1); "" for none. A union takes the first
// of Color, Button, Team, Hero, Map and Gamemode it holds.
func (t Type) LiteralEnum() string {
	for _, pair := range literalEnums {
		if t.Has(pair[0]) {
			return pair[1]
		}
	}
	return ""
}

func parseType(raw json.RawMessage) Type {
	if len(raw) == 0 {
		return Type{}
	}
	switch raw[0] {
	case '"':
		var s string
		_ = json.Unmarshal(raw, &s)
		return Type{Name: s}
	case '[':
		var parts []json.RawMessage
		_ = json.Unmarshal(raw, &parts)
		t := Type{}
		for _, p := range parts {
			t.Union = append(t.Union, parseType(p))
		}
		return t
	case '{':
		var obj map[string]json.RawMessage
		_ = json.Unmarshal(raw, &obj)
		if elem, ok := obj["Array"]; ok {
			e := parseType(elem)
			return Type{Elem: &e}
		}
	}
	return Type{Name: string(raw)}
}

// An Enum is a set of members taken as bare words by enum slots.
type Enum struct {
	ID      string
	Members []*Member
	byID    map[string]*Member
}

// Member returns the member with the given id, or nil.
func (e *Enum) Member(id string) *Member { return e.byID[id] }

// A Member is an enum member.
type Member struct {
	Entry
	Enum *Enum
	// RGBA is set for colours.
	RGBA []int
	// Extension names the settings extension the member needs, if any.
	Extension    string
	OnlyInOverPy bool
}

// An Event is a rule event.
type Event struct {
	Entry
	// Lines is the number of lines of the event block: 1 for Ongoing -
	// Global, 2 for Subroutine, 3 for player events.
	Lines int
}

// A Hero is a hero and its abilities.
type Hero struct {
	Entry
	Abilities []*Entry
}

// A Map is a map.
type Map struct {
	Entry
	GameModes     []string
	Variants      map[string]string
	IsSymmetrical bool
	IsWorkshopMap bool
	OnlyInOW1     bool
}

// A GameMode is a game mode.
type GameMode struct {
	Entry
	DefaultTeam1Players int
	DefaultTeam2Players int
	DefaultFFAPlayers   int
	OnlyInOW1           bool
}

// A LocalizedString is a key of String("…"); Form is normal, prefix,
// postfix, binary, ternary or surround.
type LocalizedString struct {
	Entry
	Form string
}
