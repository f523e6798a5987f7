// Package settings understands the settings block of a Workshop program:
// it resolves every group header, key, value and bare word against the
// vocabulary's custom game settings schema to a locale-neutral identity,
// validates what the schema states (string limits, value types), and
// spells identities back in any of the 15 client languages for the printer.
//
// The parser reads the block line by line, asking [Schema.LinesOf] how
// the lines of each group split, counts its names as locale votes
// ([Schema.Vote]), and calls [Resolve] once the script's locale is known;
// the printer calls [Schema.Spell] and [Schema.SpellValue]. Names are read
// in the script's locale, then en-US, as the parser reads the rest of the
// text (then in the other locales the parser detected as candidates). An
// entry the schema does not know is a warning, never an error: the game
// adds settings faster than the catalog follows. A known hero's setting
// with a well-formed value and no near miss among the known keys is only
// info (uncatalogued-setting), since it is most likely such a new one.
//
// # Identities
//
// Resolution fills ast.SettingsItem.KeyID and ValueID with these forms:
//
//	section:<id>           a section (main, lobby, gamemodes, heroes, workshop, extensions)
//	mode:<id>              a game mode group under modes (mode:general for General),
//	                       or a mode's bare name there (enabled with its defaults)
//	disabled mode:<id>     a "disabled <Mode>" group
//	list:<id>              enabledMaps, disabledMaps, enabledHeroes, disabledHeroes
//	team:<id>              allTeams (General), team1, team2, ffa under heroes
//	hero:<id>              a per-hero group, a word of a hero list, a workshop hero value
//	map:<id>[#<variant>…]  a map line with its trailing variant ids (or 0) as written
//	ext:<id>               an extension
//	<table>/<key>          a setting: the schema table holding it and its key, such as
//	                       lobby/mapRotation, gamemodes/general/heroLimit or
//	                       heroes/ana/ability1Cooldown% (hero tables fill templates)
//	text:<name>            a workshop setting's free-text name, kept as written
//
// and for values:
//
//	value:<id>      a word of the setting's own list (value:paused)
//	bool:<word>     On, Off, Yes, No, Enabled or Disabled (bool:on … bool:disabled)
//	number:<text>   a number as written
//	percent:<text>  a percentage, without its '%'
//	string:<text>   a quoted string as written, quotes included
//	combo:<n>       a workshop combo index written [n]
//	hero:<id>       a workshop hero setting's value
//
// The spelling of an identity is determined by the identity alone (a value
// with its key), so printing never needs the original text.
package settings
