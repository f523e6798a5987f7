package opy

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// compileWith compiles src as main.opy, with files readable beside it.
func compileWith(src string, files map[string]string) *Result {
	return Compile("main.opy", src, Options{ReadFile: func(path string) (string, error) {
		if text, ok := files[filepath.ToSlash(path)]; ok {
			return text, nil
		}
		return "", fs.ErrNotExist
	}})
}

// TestSettingsTranslation compiles settings blocks and compares what the
// Workshop parser reads in the text written (the settings part of its
// structure dump: schema identities, not spellings).
func TestSettingsTranslation(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		files map[string]string
		want  string
	}{
		{
			name: "main strings: escapes, w and f strings",
			src: `macro VERSION = "1.2"
enum Build:
    NUMBER = 40
settings {
    "main": {"modeName": w"My Mode", "description": f"v{VERSION}.{Build.NUMBER} \"q\" \\ end\n"},
    "gamemodes": {}
}`,
			// w"…" writes a space as an em quad.
			want: `settings
  group section:main
    set main/modeName = string:"Ｍｙ` + "\u2001" + `Ｍｏｄｅ"
    set main/description = string:"v1.2.40 \"q\" \\ end\n"
  group section:gamemodes
`,
		},
		{
			name: "lobby: words, the three kinds of booleans, computed numbers",
			src: `macro SPEED = 2
settings {
    "lobby": {"mapRotation": "paused", "swapTeamsAfterMatch": true, "enableMatchVoiceChat": false,
              "ffaSlots": 3 * SPEED, "returnToLobby": "never" if SPEED > 1 else "afterGame"},
    "gamemodes": {}
}`,
			want: `settings
  group section:lobby
    set lobby/mapRotation = value:paused
    set lobby/swapTeamsAfterMatch = bool:true
    set lobby/enableMatchVoiceChat = bool:false
    set lobby/ffaSlots = number:6
    set lobby/returnToLobby = value:never
  group section:gamemodes
`,
		},
		{
			name: "modes: map list first, variants, disabled mode, General taking a mode's setting",
			src: `settings {
    "gamemodes": {
        "ffa": {"heroLimit": "off", "enabledMaps": ["kanezaka", {"dorado": ["night"]}], "scoreToWin": -(-5)},
        "tdm": {"enabled": false, "disabledMaps": ["petra"]},
        "control": {"enabled": true},
        "general": {"captureSpeed%": 12.5, "respawnTime%": 0.30000000000000004}
    }
}`,
			want: `settings
  group section:gamemodes
    group mode:ffa
      group list:enabledMaps
        word map:kanezaka
        word map:dorado#972777519512068153
      set gamemodes/general/heroLimit = value:off
      set gamemodes/ffa/scoreToWin = number:5
    group disabled mode:tdm
      group list:disabledMaps
        word map:petra
    group mode:control
    group mode:general
      set gamemodes/general/captureSpeed% = percent:12.5
      set gamemodes/general/respawnTime% = percent:0.30000000000000004
`,
		},
		{
			name: "heroes: team General first, hero list last, templates, former names",
			src: `settings {
    "gamemodes": {"ffa": {}},
    "heroes": {
        "team1": {"disabledHeroes": ["mccree"], "ana": {"ability1Cooldown%": 50, "enableScoping": true}, "general": {"ultGen%": 150}},
        "allTeams": {"mei": {"enableSecondaryFire": false}, "domina": {"ability1KB%": 10, "passiveHeal%": 20},
                     "hammond": {"health%": 80}, "bastion": {"enableSecondaryFire": true}}
    }
}`,
			want: `settings
  group section:gamemodes
    group mode:ffa
  group section:heroes
    group team:team1
      set heroes/general/ultGen% = percent:150
      group hero:ana
        set heroes/ana/ability1Cooldown% = percent:50
        set heroes/ana/enableScoping = bool:false
      group list:disabledHeroes
        word hero:cassidy
    group team:allTeams
      group hero:mei
        set heroes/mei/enableGenericSecondaryFire = bool:false
      group hero:domina
        set heroes/domina/passiveHeal% = percent:20
        set heroes/domina/ability1Kb% = percent:10
      group hero:wreckingBall
        set heroes/wreckingBall/health% = percent:80
      group hero:bastion
        set heroes/bastion/enableSecondaryFire = bool:true
`,
		},
		{
			name: "workshop settings and extensions, each once, after the rest",
			src: `#!extension beamEffects
settings {
    "workshop": {"Rounds": 3, "Hard mode": true, "Boss": "reinhardt", "Map": [2]},
    "gamemodes": {}
}
#!extension projectiles
#!extension beamEffects`,
			want: `settings
  group section:workshop
    set text:Rounds = number:3
    set text:Hard mode = bool:true
    set text:Boss = hero:reinhardt
    set text:Map = combo:2
  group section:gamemodes
  group section:extensions
    word ext:beamEffects
    word ext:projectiles
`,
		},
		{
			name: "unknown entries are written as they are",
			src: `settings {
    "lobby": {"returnToLobby": "sometimes", "newSetting": 5, "newGroup": {"a": true, "b": "c d"}, "newList": [1, "x"]},
    "gamemodes": {"futureMode": {"enabledMaps": ["petra"], "captureSpeed%": 60}, "pastMode": {"enabled": false}}
}`,
			want: `settings
  group section:lobby
    set lobby/returnToLobby = raw "sometimes"
    set raw "newSetting" = number:5
    group raw "newGroup"
      set raw "a" = raw "true"
      set raw "b" = raw "c d"
    group raw "newList"
      word raw "1"
      word raw "x"
  group section:gamemodes
    group raw "futureMode"
      group list:enabledMaps
        word map:petra
      set raw "captureSpeed%" = number:60
    group raw "disabled pastMode"
`,
		},
		{
			name:  "a settings file, read as OverPy text beside the program",
			src:   `settings "conf/game.opy.json"`,
			files: map[string]string{"conf/game.opy.json": "{\n    # comments and arithmetic are OverPy's\n    \"gamemodes\": {\"ffa\": {\"scoreToWin\": 2 * 10}}\n}\n"},
			want: `settings
  group section:gamemodes
    group mode:ffa
      set gamemodes/ffa/scoreToWin = number:20
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := compileWith(tt.src, tt.files)
			for _, d := range res.Diags {
				if d.Code != codeUnknownSetting {
					t.Errorf("unexpected %s: %s", d.Code, d.Message)
				}
			}
			if got := settingsDump(t, "main.opy", res.Text); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s\ntext:\n%s", got, tt.want, res.Text)
			}
		})
	}
}

// TestSettingsDiagnostics checks each problem of a settings block: its
// code, severity, the text it is reported on, and its message.
func TestSettingsDiagnostics(t *testing.T) {
	const modes = `"gamemodes": {}`
	tests := []struct {
		name  string
		src   string
		files map[string]string
		code  diag.Code
		// at is the text the diagnostic spans; in is a part of its message.
		at, in string
		// suggest is the first suggestion, when there is one.
		suggest string
	}{
		{name: "unknown section", src: `settings {"lobbby": {}, ` + modes + `}`,
			code: codeInvalidSettings, at: `"lobbby"`, in: `unknown settings section "lobbby"`, suggest: "lobby"},
		{name: "extensions in the dictionary", src: `settings {"extensions": ["beamEffects"], ` + modes + `}`,
			code: codeInvalidSettings, at: `"extensions"`, in: "#!extension NAME"},
		{name: "no game modes", src: `settings {"lobby": {}}`,
			code: codeInvalidSettings, at: `{`, in: `no "gamemodes" section`},
		{name: "not a dictionary", src: `settings ["main"]`,
			code: codeInvalidSettings, at: `["main"]`, in: "a dictionary of sections, not a list"},
		{name: "section not a dictionary", src: `settings {"lobby": 5, ` + modes + `}`,
			code: codeInvalidSettings, at: `5`, in: `"lobby" takes a dictionary, not a number`},
		{name: "unknown setting", src: `settings {"lobby": {"mapRotaton": "paused"}, ` + modes + `}`,
			code: codeUnknownSetting, at: `"mapRotaton"`, in: `unknown setting "mapRotaton" in lobby`, suggest: "mapRotation"},
		{name: "setting differing in case", src: `settings {"gamemodes": {"general": {"RESPAWNTIME%": 50}}}`,
			code: codeUnknownSetting, at: `"RESPAWNTIME%"`, in: "General settings of the modes", suggest: "respawnTime%"},
		{name: "unknown value", src: `settings {"lobby": {"mapRotation": "Paused"}, ` + modes + `}`,
			code: codeUnknownSetting, at: `"Paused"`, in: `unknown value "Paused" for "mapRotation"`, suggest: "paused"},
		{name: "unknown game mode", src: `settings {"gamemodes": {"deathmatch": {}}}`,
			code: codeUnknownSetting, at: `"deathmatch"`, in: `unknown game mode "deathmatch"`},
		{name: "mode of Overwatch 1", src: `settings {"gamemodes": {"lucioball": {}}}`,
			code: codeInvalidSettings, at: `"lucioball"`, in: "not in Overwatch 2"},
		{name: "boolean expected", src: `settings {"lobby": {"swapTeamsAfterMatch": "yes"}, ` + modes + `}`,
			code: codeInvalidSettings, at: `"yes"`, in: "takes true or false, not a string"},
		{name: "percentage written with %", src: `settings {"gamemodes": {"general": {"respawnTime%": "50%"}}}`,
			code: codeInvalidSettings, at: `"50%"`, in: "written without '%'"},
		{name: "whole number expected", src: `settings {"lobby": {"ffaSlots": 2.5}, ` + modes + `}`,
			code: codeInvalidSettings, at: `2.5`, in: "takes a whole number, not 2.5"},
		{name: "string expected", src: `settings {"main": {"modeName": 5}, ` + modes + `}`,
			code: codeInvalidSettings, at: `5`, in: "takes a string, not a number"},
		{name: "mode name too long", src: `settings {"main": {"modeName": "` + strings.Repeat("é", 65) + `"}, ` + modes + `}`,
			code: codeSettingTooLong, at: `"` + strings.Repeat("é", 65) + `"`, in: "130 bytes long in UTF-8; the game allows at most 129"},
		{name: "description too long", src: `settings {"main": {"description": "` + strings.Repeat("ü", 513) + `"}, ` + modes + `}`,
			code: codeSettingTooLong, at: `"` + strings.Repeat("ü", 513) + `"`, in: "513 characters long; the game allows at most 512"},
		{name: "mode disabled with a non-boolean", src: `settings {"gamemodes": {"ffa": {"enabled": 0}}}`,
			code: codeInvalidSettings, at: `0`, in: `"enabled" takes true or false`},
		{name: "General disabled", src: `settings {"gamemodes": {"general": {"enabled": false}}}`,
			code: codeInvalidSettings, at: `"enabled"`, in: "cannot be disabled"},
		{name: "unknown map", src: `settings {"gamemodes": {"ffa": {"enabledMaps": ["kanezka"]}}}`,
			code: codeInvalidSettings, at: `"kanezka"`, in: `unknown map "kanezka"`, suggest: "kanezaka"},
		{name: "unknown variant", src: `settings {"gamemodes": {"ffa": {"enabledMaps": [{"dorado": ["nigth"]}]}}}`,
			code: codeInvalidSettings, at: `"nigth"`, in: `"dorado" has no variant "nigth"; it has evening, night`, suggest: "night"},
		{name: "both map lists", src: `settings {"gamemodes": {"ffa": {"enabledMaps": [], "disabledMaps": []}}}`,
			code: codeInvalidSettings, at: `"disabledMaps"`, in: "enabled maps or disabled maps, not both"},
		{name: "map list not a list", src: `settings {"gamemodes": {"ffa": {"enabledMaps": "petra"}}}`,
			code: codeInvalidSettings, at: `"petra"`, in: "takes a list of maps, not a string"},
		{name: "unknown team", src: `settings {` + modes + `, "heroes": {"team3": {}}}`,
			code: codeInvalidSettings, at: `"team3"`, in: `unknown team "team3"`, suggest: "team1"},
		{name: "unknown hero", src: `settings {` + modes + `, "heroes": {"allTeams": {"anna": {}}}}`,
			code: codeInvalidSettings, at: `"anna"`, in: `unknown hero "anna"`, suggest: "ana"},
		{name: "unknown hero in a list", src: `settings {` + modes + `, "heroes": {"allTeams": {"enabledHeroes": ["mercyy"]}}}`,
			code: codeInvalidSettings, at: `"mercyy"`, in: `unknown hero "mercyy"`, suggest: "mercy"},
		{name: "both hero lists", src: `settings {` + modes + `, "heroes": {"team1": {"enabledHeroes": [], "disabledHeroes": []}}}`,
			code: codeInvalidSettings, at: `"disabledHeroes"`, in: "enabled heroes or disabled heroes, not both"},
		{name: "setting a hero lacks", src: `settings {` + modes + `, "heroes": {"allTeams": {"ana": {"ability3Cooldown%": 5}}}}`,
			code: codeUnknownSetting, at: `"ability3Cooldown%"`, in: `unknown setting "ability3Cooldown%" in the hero "ana"`},
		{name: "workshop value", src: `settings {` + modes + `, "workshop": {"Level": "hard"}}`,
			code: codeInvalidSettings, at: `"hard"`, in: `unknown hero "hard"`},
		{name: "workshop list", src: `settings {` + modes + `, "workshop": {"Level": [1, 2]}}`,
			code: codeInvalidSettings, at: `[1, 2]`, in: "[N] for the Nth choice of a combo, not a list"},
		{name: "unknown extension", src: "#!extension beamEfects\nsettings {" + modes + "}",
			code: codeInvalidSettings, at: `beamEfects`, in: "unknown extension 'beamEfects'", suggest: "beamEffects"},
		{name: "extension without settings", src: "#!extension beamEffects\nrule \"r\":\n    wait(1)",
			code: codeUnusedSettings, at: `beamEffects`, in: "no effect"},
		{name: "duplicate key", src: `settings {"lobby": {}, "lobby": {}, ` + modes + `}`,
			code: codeInvalidSettings, at: `"lobby"`, in: `the key "lobby" is already in this dictionary`},
		{name: "key not a string", src: `settings {5: {}, ` + modes + `}`,
			code: codeInvalidSettings, at: `5`, in: "a settings key must be a string, not a number"},
		{name: "null", src: `settings {"lobby": {"ffaSlots": null}, ` + modes + `}`,
			code: codeInvalidSettings, at: `null`, in: "null is not a settings value"},
		{name: "raw text with a brace", src: `settings {"lobby": {"newSetting": "a{b"}, ` + modes + `}`,
			code: codeInvalidSettings, at: `"a{b"`, in: "cannot be written as a line of the settings block"},
		{name: "call", src: `settings {"lobby": {"ffaSlots": random.randint(1, 5)}, ` + modes + `}`,
			code: codeNotConstant, at: `random.randint(1, 5)`, in: "values known when compiling"},
		{name: "variable", src: "globalvar slots\nsettings {\"lobby\": {\"ffaSlots\": slots}, " + modes + "}",
			code: codeNotConstant, at: `slots`, in: "'slots' is not known when compiling"},
		{name: "localized string", src: `settings {"main": {"modeName": l"Hello"}, ` + modes + `}`,
			code: codeNotConstant, at: `l"Hello"`, in: "chosen when the game runs"},
		{name: "unknown enum member", src: "enum E:\n    A\nsettings {\"lobby\": {\"ffaSlots\": E.B}, " + modes + "}",
			code: codeUnknownEnumMember, at: `B`, in: "'E' has no member 'B'"},
		{name: "f-string with a boolean", src: `settings {"main": {"modeName": f"on: {true}"}, ` + modes + `}`,
			code: codeInvalidSettings, at: `true`, in: "strings and whole numbers in its braces, not a boolean"},
		{name: "condition not a boolean", src: `settings {"lobby": {"ffaSlots": 1 if 2 else 3}, ` + modes + `}`,
			code: codeInvalidSettings, at: `2`, in: "must be true or false here, not a number"},
		{name: "operator on a string", src: `settings {"lobby": {"ffaSlots": "a" * 2}, ` + modes + `}`,
			code: codeInvalidSettings, at: `*`, in: "'*' cannot apply to a string and a number"},
		{name: "division by zero", src: `settings {"lobby": {"ffaSlots": 4 / 0}, ` + modes + `}`,
			code: codeInvalidSettings, at: `0`, in: "division by zero"},
		{name: "self-referencing macro", src: "macro N = N + 1\nsettings {\"lobby\": {\"ffaSlots\": N}, " + modes + "}",
			code: codeMacroRecursion, at: `N`, in: "macro 'N' expands into itself"},
		{name: "missing settings file", src: `settings "nowhere.opy.json"`,
			code: codeIncludeNotFound, at: `"nowhere.opy.json"`, in: "cannot read the settings file nowhere.opy.json: no such file"},
		{name: "error inside the settings file", src: `settings "s.opy.json"`,
			files: map[string]string{"s.opy.json": `{"gamemodes": {"ffa": {"scoreToWin": "ten"}}}`},
			code:  codeInvalidSettings, at: `"ten"`, in: `"scoreToWin" takes a number, not a string`},
		{name: "settings file with two values", src: `settings "s.opy.json"`,
			files: map[string]string{"s.opy.json": "{\"gamemodes\": {}}\n{}\n"},
			code:  codeInvalidSettings, at: `{}`, in: "one dictionary and nothing else"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := compileWith(tt.src, tt.files)
			var found *Diagnostic
			for i, d := range res.Diags {
				if d.Code == tt.code {
					found = &res.Diags[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %s among %v", tt.code, res.Diags)
			}
			want := diag.Error
			for _, info := range Codes {
				if info.Code == tt.code {
					want = info.Severity
				}
			}
			if found.Severity != want {
				t.Errorf("severity %v, want %v", found.Severity, want)
			}
			text := res.Program.Files[found.File].Text
			if got := text[found.Span.Start:found.Span.End]; got != tt.at {
				t.Errorf("reported on %q, want %q (%s)", got, tt.at, found.Message)
			}
			if !strings.Contains(found.Message, tt.in) {
				t.Errorf("message %q does not say %q", found.Message, tt.in)
			}
			if tt.suggest != "" && (len(found.Suggestions) == 0 || found.Suggestions[0] != tt.suggest) {
				t.Errorf("suggestions %v, want %q first", found.Suggestions, tt.suggest)
			}
		})
	}
}

// TestSettingsSourceMap checks that the settings text maps back to the
// OverPy keys and values it was written from, so that what the engine
// finds in it is reported there.
func TestSettingsSourceMap(t *testing.T) {
	src := `settings {
    "lobby": {"mapRotation": "paused"},
    "gamemodes": {"ffa": {"enabledMaps": ["petra"]}}
}`
	res := compileWith(src, nil)
	if n := len(res.Diags); n > 0 {
		t.Fatalf("unexpected diagnostics: %v", res.Diags)
	}
	for lowered, opy := range map[string]string{
		"Map Rotation": `"mapRotation"`,
		"Paused":       `"paused"`,
		"Deathmatch":   `"ffa"`,
		"Petra":        `"petra"`,
		"enabled maps": `"enabledMaps"`,
	} {
		i := strings.Index(res.Text, lowered)
		if i < 0 {
			t.Fatalf("%q is not in the text:\n%s", lowered, res.Text)
		}
		at, ok := res.Map.Lookup(source.Span{Start: i, End: i + len(lowered)})
		if !ok {
			t.Errorf("%q maps to nothing", lowered)
			continue
		}
		if got := src[at.Start:at.End]; got != opy {
			t.Errorf("%q maps to %q, want %q", lowered, got, opy)
		}
	}
}

// TestSettingsFileErrors checks that a problem in a settings file is
// reported in that file.
func TestSettingsFileErrors(t *testing.T) {
	res := compileWith(`settings "s.opy.json"`, map[string]string{"s.opy.json": `{"gamemodes": {"ffa": {"scoreToWin": "ten"}}}`})
	var d *Diagnostic
	for i := range res.Diags {
		if res.Diags[i].Code == codeInvalidSettings {
			d = &res.Diags[i]
		}
	}
	if d == nil {
		t.Fatalf("no %s among %v", codeInvalidSettings, res.Diags)
	}
	if got := res.Program.Files[d.File].Path; got != "s.opy.json" {
		t.Errorf("reported in %s, want the settings file s.opy.json", got)
	}
}
