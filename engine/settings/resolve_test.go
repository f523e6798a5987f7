package settings_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/settings"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// parseSettings parses a settings block in locale l through the parser,
// which calls Resolve.
func parseSettings(t *testing.T, body string, l vocab.Locale) *parser.Result {
	t.Helper()
	text := "settings\n{\n" + body + "\n}\n"
	return parser.Parse(source.NewFile("test.txt", text), parser.Options{Locale: l, LocaleGiven: true})
}

func walk(items []*ast.SettingsItem, f func(*ast.SettingsItem)) {
	for _, it := range items {
		f(it)
		walk(it.Children, f)
	}
}

// find returns the item whose key (after resolution) is key.
func find(t *testing.T, res *parser.Result, key string) *ast.SettingsItem {
	t.Helper()
	var found *ast.SettingsItem
	if res.Script.Settings != nil {
		walk(res.Script.Settings.Items, func(it *ast.SettingsItem) {
			if found == nil && strings.TrimSpace(it.Key) == key {
				found = it
			}
		})
	}
	if found == nil {
		t.Fatalf("no settings item %q", key)
	}
	return found
}

func codes(l diag.List) []diag.Code {
	var out []diag.Code
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

func TestResolveLines(t *testing.T) {
	it := func(s string) string { return s }
	sp := func(id string, l vocab.Locale) string {
		s, err := settings.For(vocab.Default()).Spell(id, l)
		if err != nil {
			t.Fatalf("no spelling of %s in %s", id, l)
		}
		return s
	}
	spv := func(key, val string, l vocab.Locale) string {
		s, err := settings.For(vocab.Default()).SpellValue(key, val, l)
		if err != nil {
			t.Fatalf("no spelling of %s %s in %s", key, val, l)
		}
		return s
	}
	tests := []struct {
		name      string
		loc       vocab.Locale
		body      string
		key       string // the item to check, by its key as written
		keyID     string
		valueID   string
		wantCodes []diag.Code
	}{
		{"map line with a colon is a word", vocab.EnUS,
			"modes\n{\nDeathmatch\n{\nenabled maps\n{\nEcopoint: Antarctica 972777519512068154\n}\n}\n}",
			"Ecopoint: Antarctica 972777519512068154", "map:ecopointAntarctica#972777519512068154", "", nil},
		{"map whose name ends in digits, with variants", vocab.EnUS,
			"modes\n{\nSkirmish\n{\nenabled maps\n{\nRoute 66 972777519512068153 972777519512068154\n}\n}\n}",
			"Route 66 972777519512068153 972777519512068154", "map:route66#972777519512068153#972777519512068154", "", nil},
		{"old export map with 0", vocab.EnUS,
			"modes\n{\nDeathmatch\n{\ndisabled maps\n{\nWorkshop Chamber 0\n}\n}\n}",
			"Workshop Chamber 0", "map:workshopChamber#0", "", nil},
		{"map list header", vocab.EnUS,
			"modes\n{\nDeathmatch\n{\ndisabled maps\n{\nWorkshop Chamber\n}\n}\n}",
			"disabled maps", "list:disabledMaps", "", nil},
		{"lobby team template", vocab.EnUS, "lobby\n{\nMax Team 1 Players: 1\n}",
			"Max Team 1 Players", "lobby/team1Slots", "number:1", nil},
		{"lobby enumerated value", vocab.EnUS, "lobby\n{\nMap Rotation: Paused\n}",
			"Map Rotation", "lobby/mapRotation", "value:paused", nil},
		{"yes/no setting", vocab.EnUS, "lobby\n{\nSwap Teams After Match: No\n}",
			"Swap Teams After Match", "lobby/swapTeamsAfterMatch", "bool:no", nil},
		{"disabled mode group", vocab.EnUS, "modes\n{\ndisabled Elimination\n{\nCapture Objective Tiebreaker: Disabled\n}\n}",
			"disabled Elimination", "disabled mode:elimination", "", nil},
		{"mode setting", vocab.EnUS, "modes\n{\ndisabled Elimination\n{\nCapture Objective Tiebreaker: Disabled\n}\n}",
			"Capture Objective Tiebreaker", "gamemodes/elimination/enableTiebreaker", "bool:disabled", nil},
		{"general mode percentage", vocab.EnUS, "modes\n{\nGeneral\n{\nRespawn Time Scalar: 30%\n}\n}",
			"Respawn Time Scalar", "gamemodes/general/respawnTime%", "percent:30", nil},
		{"mode name", vocab.EnUS, "modes\n{\nTeam Deathmatch\n{\n}\n}", "Team Deathmatch", "mode:tdm", "", nil},
		{"hero key holding a colon", vocab.EnUS,
			"heroes\n{\nGeneral\n{\nBastion\n{\nUltimate Generation - Combat Configuration: Artillery: 500%\n}\n}\n}",
			"Ultimate Generation - Combat Configuration: Artillery", "heroes/bastion/combatUltGen%", "percent:500", nil},
		{"ability template", vocab.EnUS, "heroes\n{\nTeam 2\n{\nAna\n{\nSleep Dart Cooldown Time: 25%\n}\n}\n}",
			"Sleep Dart Cooldown Time", "heroes/ana/ability1Cooldown%", "percent:25", nil},
		{"ultimate template", vocab.EnUS, "heroes\n{\nTeam 1\n{\nMei\n{\nUltimate Ability Blizzard: Disabled\n}\n}\n}",
			"Ultimate Ability Blizzard", "heroes/mei/enableUlt", "bool:disabled", nil},
		{"hero enumerated value", vocab.EnUS, "heroes\n{\nTeam 2\n{\nTorbjörn\n{\nWeapons Enabled: Forge Hammer Only\n}\n}\n}",
			"Weapons Enabled", "heroes/torbjorn/weaponsEnabled", "value:hammer", nil},
		{"team group", vocab.EnUS, "heroes\n{\nTeam 1\n{\n}\n}", "Team 1", "team:team1", "", nil},
		{"general team group", vocab.EnUS, "heroes\n{\nGeneral\n{\nAbility Cooldown Time: 137%\n}\n}",
			"General", "team:allTeams", "", nil},
		{"general hero setting", vocab.EnUS, "heroes\n{\nGeneral\n{\nAbility Cooldown Time: 137%\n}\n}",
			"Ability Cooldown Time", "heroes/general/abilityCooldown%", "percent:137", nil},
		{"hero list word", vocab.EnUS, "heroes\n{\nGeneral\n{\nenabled heroes\n{\nSoldier: 76\n}\n}\n}",
			"Soldier: 76", "hero:soldier", "", nil},
		{"workshop combo", vocab.EnUS, "workshop\n{\nDifficulty: [1]\n}", "Difficulty", "text:Difficulty", "combo:1", nil},
		{"workshop toggle", vocab.EnUS, "workshop\n{\nSeason 5: Off\n}", "Season 5", "text:Season 5", "bool:off", nil},
		{"workshop hero holding a colon", vocab.EnUS, "workshop\n{\nHero: Soldier: 76\n}", "Hero", "text:Hero", "hero:soldier", nil},
		{"workshop real", vocab.EnUS, "workshop\n{\nSpeed: -1.500\n}", "Speed", "text:Speed", "number:-1.500", nil},
		{"extension", vocab.EnUS, "extensions\n{\nBuff and Debuff Sounds\n}", "Buff and Debuff Sounds", "ext:buffAndDebuffSounds", "", nil},
		{"description holding ': '", vocab.EnUS, "main\n{\nDescription: \"Code: ABCDE: go\"\n}",
			"Description", "main/description", `string:"Code: ABCDE: go"`, nil},
		{"case-insensitive names", vocab.EnUS, "modes\n{\nskirmish\n{\nenabled maps\n{\nworkshop chamber\n}\n}\n}",
			"workshop chamber", "map:workshopChamber", "", nil},
		{"de-DE section", vocab.DeDE, "hauptregeln\n{\nModusname: \"x\"\n}", "hauptregeln", "section:main", "", nil},
		{"ru-RU key", vocab.RuRU, "main\n{\nНазвание режима: \"Arena duels 1v1\"\n}",
			"Название режима", "main/modeName", `string:"Arena duels 1v1"`, nil},
		{"ru-RU Off read as Off for an on/off setting", vocab.RuRU,
			"modes\n{\nОбщие\n{\n" + sp("gamemodes/general/enableKillCam", vocab.RuRU) + ": Откл.\n}\n}",
			sp("gamemodes/general/enableKillCam", vocab.RuRU), "gamemodes/general/enableKillCam", "bool:off", nil},
		{"fr-FR Désactivé read as Disabled for an enabled/disabled setting", vocab.FrFR,
			"salon\n{\n" + sp("lobby/enableMatchVoiceChat", vocab.FrFR) + ": Désactivé\n}",
			sp("lobby/enableMatchVoiceChat", vocab.FrFR), "lobby/enableMatchVoiceChat", "bool:disabled", nil},
		{"es-ES key template holding ': '", vocab.EsES,
			"héroes\n{\nGeneral\n{\nAna\n{\n" + sp("heroes/ana/ability1Cooldown%", vocab.EsES) + ": 25%\n}\n}\n}",
			it(sp("heroes/ana/ability1Cooldown%", vocab.EsES)), "heroes/ana/ability1Cooldown%", "percent:25", nil},
		{"it-IT value holding ': '", vocab.ItIT,
			"modalità\n{\n" + sp("mode:elimination", vocab.ItIT) + "\n{\n" + sp("gamemodes/elimination/heroPoolSize", vocab.ItIT) + ": " +
				spv("gamemodes/elimination/heroPoolSize", "value:teamSize+1", vocab.ItIT) + "\n}\n}",
			sp("gamemodes/elimination/heroPoolSize", vocab.ItIT), "gamemodes/elimination/heroPoolSize", "value:teamSize+1", nil},
		{"en-US word in another locale", vocab.DeDE, "Lobby\n{\nMap Rotation: Paused\n}",
			"Map Rotation", "lobby/mapRotation", "value:paused", nil},

		{"misspelt key", vocab.EnUS, "lobby\n{\nMap Rotatoin: Paused\n}", "Map Rotatoin", "", "", []diag.Code{diag.UnknownSettingsEntry}},
		{"unknown value", vocab.EnUS, "lobby\n{\nMap Rotation: Sometimes\n}", "Map Rotation", "lobby/mapRotation", "",
			[]diag.Code{diag.UnknownSettingsEntry}},
		{"unknown map", vocab.EnUS, "modes\n{\nSkirmish\n{\nenabled maps\n{\nAtlantis 0\n}\n}\n}", "Atlantis 0", "", "",
			[]diag.Code{diag.UnknownSettingsEntry}},
		{"unknown mode", vocab.EnUS, "modes\n{\nUnknown Mode\n{\nCapture Speed Modifier: 60%\n}\n}",
			"Capture Speed Modifier", "gamemodes/general/captureSpeed%", "percent:60", []diag.Code{diag.UnknownSettingsEntry}},
		{"mode setting written in General", vocab.EnUS, "modes\n{\nGeneral\n{\nSelf Initiated Respawn: Off\n}\n}",
			"Self Initiated Respawn", "gamemodes/general/enableSelfInitiatedRespawn", "bool:off", nil},
		{"mode setting of its own mode", vocab.EnUS, "modes\n{\nTeam Deathmatch\n{\nSelf Initiated Respawn: Off\n}\n}",
			"Self Initiated Respawn", "gamemodes/tdm/enableSelfInitiatedRespawn", "bool:off", nil},
		{"setting of another mode", vocab.EnUS, "modes\n{\nAssault\n{\nScore To Win: 3\n}\n}",
			"Score To Win", "gamemodes/general/scoreToWin", "number:3", []diag.Code{diag.UnknownSettingsEntry}},
		{"setting of another hero", vocab.EnUS, "heroes\n{\nGeneral\n{\nAna\n{\nWhole Hog Knockback Scalar: 200%\n}\n}\n}",
			"Whole Hog Knockback Scalar", "heroes/roadhog/ultKb%", "percent:200", []diag.Code{diag.UnknownSettingsEntry}},
		{"percentage without %", vocab.EnUS, "modes\n{\nGeneral\n{\nRespawn Time Scalar: 30\n}\n}",
			"Respawn Time Scalar", "gamemodes/general/respawnTime%", "number:30", []diag.Code{diag.InvalidSettingValue}},
		{"integer that is not one", vocab.EnUS, "lobby\n{\nMax Spectators: many\n}",
			"Max Spectators", "lobby/spectatorSlots", "", []diag.Code{diag.InvalidSettingValue}},
		{"unquoted description", vocab.EnUS, "main\n{\nDescription: hello\n}",
			"Description", "main/description", "", []diag.Code{diag.InvalidSettingValue}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := parseSettings(t, tc.body, tc.loc)
			item := find(t, res, tc.key)
			if item.KeyID != tc.keyID || item.ValueID != tc.valueID {
				t.Errorf("resolved to (%q, %q), want (%q, %q)", item.KeyID, item.ValueID, tc.keyID, tc.valueID)
			}
			if got := codes(res.Diags); !slices.Equal(got, tc.wantCodes) {
				t.Errorf("diagnostics %v, want %v (%v)", got, tc.wantCodes, res.Diags)
			}
		})
	}
}

func TestUnknownSuggests(t *testing.T) {
	res := parseSettings(t, "lobby\n{\nMap Rotatoin: Paused\n}", vocab.EnUS)
	if len(res.Diags) != 1 || len(res.Diags[0].Suggestions) == 0 || res.Diags[0].Suggestions[0] != "Map Rotation" {
		t.Fatalf("want one diagnostic suggesting \"Map Rotation\", got %v", res.Diags)
	}
	if res.Diags[0].Severity != diag.Warning {
		t.Errorf("an unknown setting is a %s, want a warning", res.Diags[0].Severity)
	}
}

func TestStringLimits(t *testing.T) {
	tests := []struct {
		name string
		line string
		want []diag.Code
	}{
		{"description of 512 characters", `Description: "` + strings.Repeat("é", 511) + `\n"`, nil},
		{"description of 513 characters", `Description: "` + strings.Repeat("é", 512) + `\n"`, []diag.Code{diag.SettingTooLong}},
		{"mode name of 129 bytes", `Mode Name: "` + strings.Repeat("a", 126) + `€"`, nil},
		{"mode name of 130 bytes", `Mode Name: "` + strings.Repeat("a", 127) + `€"`, []diag.Code{diag.SettingTooLong}},
		{"escaped quotes count once", `Mode Name: "` + strings.Repeat(`\"`, 129) + `"`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := parseSettings(t, "main\n{\n"+tc.line+"\n}", vocab.EnUS)
			if got := codes(res.Diags); !slices.Equal(got, tc.want) {
				t.Errorf("diagnostics %v, want %v", res.Diags, tc.want)
			}
			for _, d := range res.Diags {
				if d.Code == diag.SettingTooLong && d.Severity != diag.Error {
					t.Errorf("setting-too-long is a %s, want an error", d.Severity)
				}
			}
		})
	}
}

func TestSpell(t *testing.T) {
	s := settings.For(vocab.Default())
	tests := []struct {
		id, value string
		loc       vocab.Locale
		want      string
		err       error
	}{
		{"heroes/ana/ability1Cooldown%", "", vocab.EnUS, "Sleep Dart Cooldown Time", nil},
		{"heroes/ana/ability1Cooldown%", "", vocab.DeDE, "Betäubungspfeil – Abklingzeit", nil},
		{"heroes/widowmaker/ability1Cooldown%", "", vocab.EsES, "Tiempo de reutilización: Gancho", nil}, // "Gancho\n" in the catalog
		{"lobby/team2Slots", "", vocab.EnUS, "Max Team 2 Players", nil},
		{"disabled mode:elimination", "", vocab.EnUS, "disabled Elimination", nil},
		{"map:workshopChamber#972777519512064577", "", vocab.EnUS, "Workshop Chamber 972777519512064577", nil},
		{"map:arenaVictoriae", "", vocab.DeDE, "Arena Victoriae", settings.ErrNoSpelling}, // en-US only in the catalog
		{"heroes/pharah/passiveMaximumTime%", "", vocab.EnUS, "Jump Jet Acceleration Scalar", settings.ErrSharedSpelling},
		{"text:Any: name", "", vocab.JaJP, "Any: name", nil},
		{"nonsense:id", "", vocab.EnUS, "nonsense:id", settings.ErrNoSpelling},
		{"lobby/mapRotation", "value:paused", vocab.EnUS, "Paused", nil},
		{"lobby/mapRotation", "value:nope", vocab.EnUS, "value:nope", settings.ErrNoSpelling},
		{"lobby/dataCenterPreference", "value:usWest2", vocab.TrTR, "USA - West 2", settings.ErrSharedSpelling},
		{"lobby/swapTeamsAfterMatch", "bool:no", vocab.FrFR, "Non", nil},
		{"text:X", "combo:3", vocab.EnUS, "[3]", nil},
		{"text:X", "percent:12", vocab.EnUS, "12%", nil},
	}
	for _, tc := range tests {
		var got string
		var err error
		if tc.value == "" {
			got, err = s.Spell(tc.id, tc.loc)
		} else {
			got, err = s.SpellValue(tc.id, tc.value, tc.loc)
		}
		if got != tc.want || err != tc.err {
			t.Errorf("%s %s in %s: got (%q, %v), want (%q, %v)", tc.id, tc.value, tc.loc, got, err, tc.want, tc.err)
		}
	}
}

// TestBoolWordsKeepTheirTruth guards the dump's rule that On/Off-style
// words compare by truth value: no locale may spell a true word like a
// false one.
func TestBoolWordsKeepTheirTruth(t *testing.T) {
	v := vocab.Default()
	truth := map[string]bool{"__on__": true, "__yes__": true, "__enabled__": true, "__off__": false, "__no__": false, "__disabled__": false}
	for _, l := range vocab.Locales() {
		seen := map[string]bool{}
		for _, w := range v.SettingWords {
			val, isBool := truth[w.ID]
			if !isBool || w.Names[l] == "" {
				continue
			}
			k := vocab.Fold(w.Names[l])
			if prev, dup := seen[k]; dup && prev != val {
				t.Errorf("%s spells a true and a false word alike: %q", l, w.Names[l])
			}
			seen[k] = val
		}
	}
}

// TestSettingsVoteForTheLocale: a settings-only script has no other names
// to tell its language by; its settings words decide it.
func TestSettingsVoteForTheLocale(t *testing.T) {
	s := settings.For(vocab.Default())
	spell := func(id string, l vocab.Locale) string {
		text, err := s.Spell(id, l)
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	for _, l := range []vocab.Locale{vocab.KoKR, vocab.RuRU} {
		yes, _ := s.SpellValue("lobby/allowPlayersInQueue", "bool:yes", l)
		text := "settings\n{\n\t" + spell("section:lobby", l) + "\n\t{\n\t\t" + spell("lobby/allowPlayersInQueue", l) + ": " + yes +
			"\n\t}\n\n\t" + spell("section:gamemodes", l) + "\n\t{\n\t\t" + spell("mode:skirmish", l) + "\n\t\t{\n\t\t}\n\t}\n}\n"
		res := parser.Parse(source.NewFile("test.txt", text), parser.Options{})
		if res.Script.Locale != l {
			t.Errorf("%s text detected as %s", l, res.Script.Locale)
		}
		walk(res.Script.Settings.Items, func(it *ast.SettingsItem) {
			if it.KeyID == "" {
				t.Errorf("%s: %q is not resolved", l, it.Key)
			}
		})
	}
}

// TestMixedTextReadsInCandidateLocales: names a detected script spells in
// another candidate locale still resolve (a print into ko-KR spells the
// entries ko-KR lacks in en-US, and may then be detected as en-US).
func TestMixedTextReadsInCandidateLocales(t *testing.T) {
	text := "settings\n{\n\tmodes\n\t{\n\t\t연습 전투\n\t\t{\n\t\t}\n\t}\n\n\theroes\n\t{\n\t\tGeneral\n\t\t{\n\t\t\tShion\n\t\t\t{\n" +
		"\t\t\t\tEvade Distance Scalar: 110%\n\t\t\t\tJoyride Speed Scalar: 109%\n\t\t\t}\n\t\t}\n\t}\n}\n"
	res := parser.Parse(source.NewFile("test.txt", text), parser.Options{})
	if res.Script.Locale != vocab.EnUS {
		t.Fatalf("detected %s; the test wants en-US text with one ko-KR name", res.Script.Locale)
	}
	if item := find(t, res, "연습 전투"); item.KeyID != "mode:skirmish" {
		t.Errorf("read as %s, %q resolved to %q", res.Script.Locale, item.Key, item.KeyID)
	}
	given := parser.Parse(source.NewFile("test.txt", text), parser.Options{Locale: vocab.FrFR, LocaleGiven: true})
	if item := find(t, given, "연습 전투"); item.KeyID != "" {
		t.Errorf("with fr-FR given, %q resolved to %q; only fr-FR and en-US are read", item.Key, item.KeyID)
	}
}
