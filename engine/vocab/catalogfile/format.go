// Package catalogfile defines the embedded form of the Workshop vocabulary
// and converts the shared catalog (../shared/data/catalog.json) into it.
//
// The embedded form keeps every fact the engine needs (names in the 15
// client languages, guids, signatures, enums, heroes, maps, modes, events,
// keywords, localized strings and the settings schema) in a shape that is
// cheap to load: names are fixed-order arrays indexed by locale instead of
// per-locale object keys. Conversion is deterministic, so the committed file
// can be compared byte for byte with a fresh conversion.
package catalogfile

import "encoding/json"

// Locales lists the 15 client languages in catalog order. The index of a
// locale in this list is its index in every Names array.
var Locales = []string{
	"en-US", "de-DE", "es-ES", "es-MX", "fr-FR", "it-IT", "ja-JP", "ko-KR",
	"pl-PL", "pt-BR", "ru-RU", "th-TH", "tr-TR", "zh-CN", "zh-TW",
}

// Names holds one spelling per locale, in [Locales] order; "" when the
// catalog has no spelling for that locale.
type Names []string

// File is the whole embedded vocabulary.
type File struct {
	SourceCommit string `json:"sourceCommit"`
	// CatalogSHA256 is the SHA-256 of the catalog.json bytes this file was
	// generated from.
	CatalogSHA256    string            `json:"catalogSha256"`
	Locales          []string          `json:"locales"`
	Keywords         []Word            `json:"keywords"`
	Events           []Event           `json:"events"`
	EventTeams       []Word            `json:"eventTeams"`
	EventPlayers     []Word            `json:"eventPlayers"`
	SettingWords     []Word            `json:"settingWords"`
	Elements         []Element         `json:"elements"`
	Enums            []Enum            `json:"enums"`
	Heroes           []Hero            `json:"heroes"`
	Maps             []Map             `json:"maps"`
	GameModes        []GameMode        `json:"gameModes"`
	LocalizedStrings []LocalizedString `json:"localizedStrings"`
	Settings         *SettingsNode     `json:"settings"`
}

// Word is a named entry with no further structure (a keyword, an event team,
// a settings value word).
type Word struct {
	ID    string `json:"id"`
	GUID  string `json:"guid,omitempty"`
	Names Names  `json:"names"`
}

// Event is a rule event; Lines is the number of lines of its event block.
type Event struct {
	Word
	Lines int `json:"lines"`
}

// Element is an action or a value.
type Element struct {
	ID     string `json:"id"`
	Action bool   `json:"action,omitempty"`
	GUID   string `json:"guid,omitempty"`
	Names  Names  `json:"names"`
	// Params is nil when the element is written without parentheses.
	Params  []Param         `json:"params"`
	Returns json.RawMessage `json:"returns"`
	Flags   Flags           `json:"flags,omitzero"`
}

// Flags are the catalog's element flags.
type Flags struct {
	IsConstant           bool   `json:"isConstant,omitempty"`
	IsLiteral            bool   `json:"isLiteral,omitempty"`
	NotInBoolean         bool   `json:"notInBoolean,omitempty"`
	HideFromAutocomplete bool   `json:"hideFromAutocomplete,omitempty"`
	HasLiteralLimit      bool   `json:"hasLiteralLimit,omitempty"`
	Class                string `json:"class,omitempty"`
}

// Param is one argument slot of an element.
type Param struct {
	Name string          `json:"name"`
	Type json.RawMessage `json:"type"`
	// Enum names the enum whose bare members the slot takes.
	Enum string `json:"enum,omitempty"`
	// BareIdentifier is GlobalVariable, PlayerVariable or Subroutine when the
	// slot takes a bare name.
	BareIdentifier string `json:"bareIdentifier,omitempty"`
	// Default is OverPy's default in OverPy syntax or an enum member key.
	Default    json.RawMessage `json:"default,omitempty"`
	Min        *float64        `json:"min,omitempty"`
	Max        *float64        `json:"max,omitempty"`
	LiteralMax *float64        `json:"literalMax,omitempty"`
	// Hints are OverPy's element-saving permissions, sorted.
	Hints []string `json:"hints,omitempty"`
}

// Enum is a constants enum with its members.
type Enum struct {
	ID      string   `json:"id"`
	Members []Member `json:"members"`
}

// Member is an enum member.
type Member struct {
	ID           string `json:"id"`
	GUID         string `json:"guid,omitempty"`
	Names        Names  `json:"names"`
	RGBA         []int  `json:"rgba,omitempty"`
	Extension    string `json:"extension,omitempty"`
	OnlyInOverPy bool   `json:"onlyInOverpy,omitempty"`
}

// Hero is a hero with its ability names.
type Hero struct {
	Word
	Abilities []Word `json:"abilities"`
}

// Map is a map with the modes it supports and its variant ids.
type Map struct {
	Word
	GameModes     []string          `json:"gameModes,omitempty"`
	Variants      map[string]string `json:"variants,omitempty"`
	IsSymmetrical bool              `json:"isSymmetrical,omitempty"`
	IsWorkshopMap bool              `json:"isWorkshopMap,omitempty"`
	OnlyInOW1     bool              `json:"onlyInOw1,omitempty"`
}

// GameMode is a game mode.
type GameMode struct {
	Word
	DefaultTeam1Players int  `json:"defaultTeam1Players,omitempty"`
	DefaultTeam2Players int  `json:"defaultTeam2Players,omitempty"`
	DefaultFFAPlayers   int  `json:"defaultFfaPlayers,omitempty"`
	OnlyInOW1           bool `json:"onlyInOw1,omitempty"`
}

// LocalizedString is a key of String("…"). Kind is normal, prefix, postfix,
// binary, ternary or surround.
type LocalizedString struct {
	Word
	Kind string `json:"kind"`
}

// SettingsNode is a node of the custom game settings schema. A node with
// Names is a named entry (a section, a setting, a value word); Values is
// either a type tag (a JSON string such as "__percent__") or an object of
// child nodes; Children holds other object-valued members (for example
// "teams" under heroes, or the "__eachHero__" groups).
type SettingsNode struct {
	GUID     string                   `json:"guid,omitempty"`
	Names    Names                    `json:"names,omitempty"`
	Tag      string                   `json:"tag,omitempty"`
	Values   map[string]*SettingsNode `json:"values,omitempty"`
	Children map[string]*SettingsNode `json:"children,omitempty"`
	Include  []string                 `json:"include,omitempty"`
	Exclude  []string                 `json:"exclude,omitempty"`
	MaxChars int                      `json:"maxChars,omitempty"`
	MaxBytes int                      `json:"maxBytes,omitempty"`
	Points   int                      `json:"points,omitempty"`
}
