package printer_test

// These tests hold the settings block to the game's own text: every en-US
// game export's block prints back byte for byte, and every corpus block
// survives printing into each of the 15 locales and reading back.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

const corpusDir = "../../../shared/corpus/workshop"

// spaceIndented lists the game exports indented with 4 spaces instead of
// the game's tabs: they went through a tool before reaching the corpus.
// Their blocks are compared after the indentation is turned into tabs.
var spaceIndented = map[string]string{
	"customGameSettings.txt": "indented with 4 spaces (reformatted by a tool); compared with tabs",
	"shionSettings.txt":      "indented with 4 spaces (reformatted by a tool); compared with tabs",
}

type corpusFile struct {
	name, path, text string
	export           bool
	res              *parser.Result
}

func settingsCorpus(t *testing.T) []corpusFile {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.txt"))
	if len(paths) == 0 {
		t.Skip("corpus not found at " + corpusDir)
	}
	var out []corpusFile
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := parser.Parse(source.NewFile(p, string(data)), parser.Options{})
		if res.Script.Settings == nil {
			continue
		}
		out = append(out, corpusFile{
			name: filepath.Base(filepath.Dir(p)) + "/" + filepath.Base(p), path: p, text: string(data),
			export: strings.Contains(p, "game-exports"), res: res,
		})
	}
	return out
}

// printSettings prints only the settings block of s; src, when set, is the
// text s was read from, and names keep its spellings as fmt keeps them.
func printSettings(s *ast.Script, l vocab.Locale, src string) (string, diag.List) {
	only := &ast.Script{File: s.File, Locale: s.Locale, Settings: s.Settings, FinalNewline: true}
	return printer.Print(only, printer.Options{Locale: l, Source: src})
}

// settingsBlock cuts the settings block out of a game export: from the
// keyword to the '}' at the start of a line that closes it.
func settingsBlock(text string) string {
	start := strings.Index(text, "settings")
	if start < 0 {
		return ""
	}
	end := strings.Index(text[start:], "\n}")
	if end < 0 {
		return ""
	}
	return text[start : start+end+3]
}

func tabsFor4Spaces(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		n := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = strings.Repeat("\t", n/4) + l[n-n%4:]
	}
	return strings.Join(lines, "\n")
}

func TestSettingsExportsReproduce(t *testing.T) {
	exact := 0
	for _, f := range settingsCorpus(t) {
		if !f.export {
			continue
		}
		want := strings.ReplaceAll(settingsBlock(f.text), "\r\n", "\n")
		if _, ok := spaceIndented[filepath.Base(f.path)]; ok {
			want = tabsFor4Spaces(want)
		}
		// As fmt prints it: the ru-RU export writes a map's older name.
		got, diags := printSettings(f.res.Script, f.res.Script.Locale, f.text)
		if len(diags) > 0 {
			t.Errorf("%s: printing in %s reports %v", f.name, f.res.Script.Locale, diags[0].Message)
		}
		if line, w, g, differ := golden.FirstDifference(want, got); differ {
			t.Errorf("%s: the settings block differs at line %d:\nwant %q\ngot  %q", f.name, line, w, g)
			continue
		}
		exact++
	}
	if exact == 0 {
		t.Fatal("no game export with a settings block was checked")
	}
	t.Logf("%d game exports reproduce their settings block byte for byte (%d of them compared with tabs, see spaceIndented)",
		exact, len(spaceIndented))
}

// flatten lists the items of a settings tree in the order ast.Dump writes
// them.
func flatten(items []*ast.SettingsItem, out []*ast.SettingsItem) []*ast.SettingsItem {
	for _, it := range items {
		out = append(out, it)
		out = flatten(it.Children, out)
	}
	return out
}

func settingsDump(s *ast.Settings) []string {
	d := ast.Dump(&ast.Script{Settings: s})
	return strings.Split(strings.TrimSuffix(d, "\n"), "\n")[1:]
}

// explained reports whether a missing-mapping diagnostic falls on the
// item's own text (a group's header, not its block).
func explained(it *ast.SettingsItem, diags diag.List) bool {
	span := it.Span
	if it.Kind == ast.SettingsGroup {
		span = it.KeySpan
	}
	for _, d := range diags {
		if d.Code == diag.MissingMapping && span.Start <= d.Span.Start && d.Span.End <= span.End {
			return true
		}
	}
	return false
}

func TestSettingsLocaleRoundTrip(t *testing.T) {
	var identical, identicalWithMissing, explainedRuns, items, missingItems, missingDiags int
	for _, f := range settingsCorpus(t) {
		orig := flatten(f.res.Script.Settings.Items, nil)
		want := settingsDump(f.res.Script.Settings)
		for _, l := range vocab.Locales() {
			out, diags := printSettings(f.res.Script, l, "")
			for _, d := range diags {
				if d.Code != diag.MissingMapping {
					t.Errorf("%s → %s: unexpected %s: %s", f.name, l, d.Code, d.Message)
				}
			}
			missingDiags += len(diags)
			back := parser.Parse(source.NewFile(f.path, out), parser.Options{Locale: l, LocaleGiven: true})
			if back.Script.Settings == nil {
				t.Errorf("%s → %s: the printed block does not read back as a settings block", f.name, l)
				continue
			}
			if again, _ := printSettings(back.Script, l, ""); again != out {
				t.Errorf("%s → %s: printing the block read back gives other text", f.name, l)
			}
			got := settingsDump(back.Script.Settings)
			if len(got) != len(want) {
				t.Errorf("%s → %s: the block reads back with %d items instead of %d", f.name, l, len(got), len(want))
				continue
			}
			items += len(want)
			same := true
			for i := range want {
				if got[i] == want[i] {
					continue
				}
				same = false
				missingItems++
				if !explained(orig[i], diags) {
					t.Errorf("%s → %s: item %d changed without a missing-mapping diagnostic:\nwant %s\ngot  %s", f.name, l, i, want[i], got[i])
				}
			}
			switch {
			case same && len(diags) == 0:
				identical++
			case same:
				identicalWithMissing++
			default:
				explainedRuns++
			}
		}
	}
	if items == 0 {
		t.Fatal("no settings block was round-tripped")
	}
	t.Logf("locale round trips: %d identical, %d identical despite missing mappings (read back through en-US), %d differing only where a mapping is missing; %d of %d items differ; %d missing-mapping diagnostics",
		identical, identicalWithMissing, explainedRuns, missingItems, items, missingDiags)
}

// TestSettingsRuRUExport reads the ru-RU export, whose settings keys are
// Russian, and prints it in en-US.
func TestSettingsRuRUExport(t *testing.T) {
	path := filepath.Join(corpusDir, "game-exports", "ruRU_arena_duels_1v1.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	res := parser.Parse(source.NewFile(path, string(data)), parser.Options{})
	if res.Script.Locale != vocab.RuRU || res.Script.Settings == nil {
		t.Fatalf("read as %s, settings %v; want ru-RU with a settings block", res.Script.Locale, res.Script.Settings != nil)
	}
	want := map[string][2]string{
		"Название режима":                 {"main/modeName", `string:"Arena duels 1v1"`},
		"Описание":                        {"main/description", `string:"created by ImPhaIR#2248"`},
		"Возврат в лобби":                 {"lobby/returnToLobby", "value:never"},
		"Голосовой чат матча":             {"lobby/enableMatchVoiceChat", "bool:enabled"},
		"Открыть для игроков в очереди":   {"lobby/allowPlayersInQueue", "bool:yes"},
		"Схватка":                         {"mode:ffa", ""},
		"Общие":                           {"mode:general", ""},
		"Время возрождения":               {"gamemodes/general/respawnTime%", "percent:10"},
		"Лимит героев":                    {"gamemodes/general/heroLimit", "value:off"},
		"Начало матча в режиме":           {"gamemodes/general/gamemodeStartTrigger", "value:manual"},
		"Повторы":                         {"gamemodes/general/enableKillCam", "bool:off"},
		"Случайный герой при возрождении": {"gamemodes/general/enableRandomHeroes", "bool:on"},
		"Гэндзи":                          {"hero:genji", ""},
	}
	seen := map[string]bool{}
	for _, it := range flatten(res.Script.Settings.Items, nil) {
		if w, ok := want[it.Key]; ok && !seen[it.Key] {
			seen[it.Key] = true
			if it.KeyID != w[0] || it.ValueID != w[1] {
				t.Errorf("%q resolved to (%q, %q), want (%q, %q)", it.Key, it.KeyID, it.ValueID, w[0], w[1])
			}
		}
		// The one line the catalog cannot read: the export spells the map
		// "Лицзян: командный центр", the catalog "Командный центр Лицзян".
		if it.KeyID == "" && it.Key != "Лицзян: командный центр 0" {
			t.Errorf("%q is not resolved", it.Key)
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("no settings line %q", k)
		}
	}
	out, _ := printSettings(res.Script, vocab.EnUS, "")
	for _, line := range []string{"\t\tMode Name: \"Arena duels 1v1\"\n", "\t\tReturn To Lobby: Never\n", "\t\tDeathmatch\n",
		"\t\t\tRespawn Time Scalar: 10%\n", "\t\t\tKill Cam: Off\n", "\t\t\t\tGenji\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("the en-US print lacks %q:\n%s", line, out)
		}
	}
}

// FuzzSettingsBlock feeds odd settings lines through parsing, resolution
// and printing: nothing may panic or index out of range.
func FuzzSettingsBlock(f *testing.F) {
	for _, seed := range []string{
		":", "{", "}", ": x", "x:", " : ", "{\n{\n{", "\"", "a: \"", ": \"", "[", "[]", "%", "-", ".",
		"lobby\n{\n:\n{\n: \n}", "modes\n{\ndisabled\n{\n}\ndisabled \n{\nenabled maps\n{\n0 0 0\n 1\n:\n}\n}",
		"heroes\n{\nGeneral\n{\nAna\n{\n: 5%\nSleep Dart Cooldown Time:\n%1$s Cooldown Time: 1%\n}\n}\n}",
		"workshop\n{\n: [\nx: [1\ny: [-1]\n}", "extensions\n{\n{\n}\n:\n}", strings.Repeat("{\n", 80),
		"main\n{\nDescription: \"\\\"\nMode Name: \"a\\\n}", "settings\n{\n}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) { settingsRoundAbout(body) })
}

func settingsRoundAbout(body string) {
	text := "settings\n{\n" + body + "\n}\n"
	for _, opts := range []parser.Options{{}, {Locale: vocab.RuRU, LocaleGiven: true}} {
		res := parser.Parse(source.NewFile("fuzz.txt", text), opts)
		if res.Script.Settings == nil {
			continue
		}
		for _, l := range []vocab.Locale{vocab.EnUS, vocab.RuRU, vocab.ZhTW} {
			printSettings(res.Script, l, "")
		}
		ast.Dump(res.Script)
	}
}
