package ast

import "github.com/wright-lsp/wright-lsp/engine/source"

// Settings is the settings block. The game writes it line by line: a group
// is a header line followed by a brace block, a setting is "Key: Value" on
// one line, and some groups list bare words (maps, heroes, extensions).
type Settings struct {
	Span        source.Span
	KeywordSpan source.Span
	Items       []*SettingsItem
}

// SettingsItemKind says what a settings line is.
type SettingsItemKind uint8

// The settings line kinds.
const (
	SettingsGroup SettingsItemKind = iota + 1 // Header { … }
	SettingsPair                              // Key: Value
	SettingsWord                              // a bare line: a map, hero or extension name
)

// A SettingsItem is one line of the settings block (with its block, for a
// group). Span covers the line (and the block, for a group); KeySpan the
// header, key or word; ValueSpan the value.
type SettingsItem struct {
	Kind SettingsItemKind
	Span source.Span
	// Key is the group header, the setting's key or the bare word, as
	// written (trimmed).
	Key     string
	KeySpan source.Span
	// Value is the setting's value as written (trimmed; a quoted string
	// keeps its quotes). Only for SettingsPair.
	Value     string
	ValueSpan source.Span
	Children  []*SettingsItem

	// Resolution, filled by the settings resolver (package settings, which
	// documents the forms): the locale-neutral identity of the group
	// header, key or word ("section:lobby", "lobby/mapRotation",
	// "hero:ana", "map:workshopChamber#972777519512064577") and of the
	// value ("value:paused", "bool:on", "percent:137", "string:\"…\"").
	// Empty where the schema does not know the text; the printer then
	// prints it as written, which is only right in the script's locale.
	KeyID   string
	ValueID string
}
