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
// group).
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

	// Resolution, filled by the settings resolver: the schema path of the
	// key (locale-neutral, such as "lobby/mapRotation"), and of the value
	// when the value is a word of the schema. Empty when not resolved.
	KeyID   string
	ValueID string
}
