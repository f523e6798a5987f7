package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestSyntaxFileIsCurrent: the committed syntax file is what the generator
// writes from today's vocabulary.
func TestSyntaxFileIsCurrent(t *testing.T) {
	got, err := os.ReadFile(syntaxPath())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, Generate(vocab.Default())) {
		t.Fatalf("%s is stale: run go run ./editors/nvim/syntaxgen", syntaxPath())
	}
}

func TestAlternationPrefersLongerNames(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"all", "all players"}, `all%(\s+players)?`},
		{[]string{"d.va", "doomfist"}, `d%(\.va|oomfist)`},
		{[]string{"abort", "abort if", "abort if condition is false"}, `abort%(\s+if%(\s+condition\s+is\s+false)?)?`},
		{[]string{"ultimate charge %"}, `ultimate\s+charge\s+\%`},
	} {
		if got := alternation(tc.names); got != tc.want {
			t.Errorf("alternation(%q) = %s, want %s", tc.names, got, tc.want)
		}
	}
}

// A probe asks Neovim for the syntax group at the first occurrence of
// Token on the first line holding Line.
type probe struct {
	File  string `json:"file"`
	Line  string `json:"line"`
	Token string `json:"token"`
	Group string `json:"group"`
}

// TestNeovimSyntax loads the syntax file into headless Neovim (the
// documented minimum, 0.7, is what Debian ships) and reads the group it
// gives names of several client languages, comments, strings and numbers.
func TestNeovimSyntax(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatalf("nvim is not installed: this test needs it (.ci/run installs it with apt-get install neovim): %v", err)
	}
	exports := filepath.Join("..", "..", "..", "..", "shared", "corpus", "workshop", "game-exports")
	zh, err := filepath.Abs(filepath.Join(exports, "zhCN_lijiang_parkour_EXCERPT.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ru, _ := filepath.Abs(filepath.Join(exports, "ruRU_arena_duels_1v1.txt"))
	en, _ := filepath.Abs(filepath.Join("testdata", "fixture.ow"))
	probes := []probe{
		{en, `rule("Hello`, "rule", "workshopKeyword"},
		{en, "Ongoing - Each Player", "Ongoing - Each Player", "workshopEvent"},
		{en, "\tAll;", "All", "workshopConstant"},
		{en, "Is Alive(Event Player)", "Event Player", "workshopValue"},
		{en, "== True", "True", "workshopBoolean"},
		{en, "Small Message(", "Small Message", "workshopAction"},
		{en, "Small Message(", "All Players", "workshopValue"},
		{en, "Small Message(", "All Teams", "workshopConstant"},
		{en, "Small Message(", `"hi`, "workshopString"},
		{en, "Small Message(", "{0}", "workshopPlaceholder"},
		{en, "Small Message(", "score", "workshopMember"},
		{en, "Wait(", "Ignore Condition", "workshopConstant"},
		{en, "Wait(", "0.250", "workshopNumber"},
		{en, "Wait(", "Wait", "workshopControl"},
		{en, "If(Global.score", "If", "workshopControl"},
		{en, "End;", "End", "workshopControl"},
		{en, "Hero(D.Va)", "D.Va", "workshopConstant"},
		{en, "Hero(D.Va)", "Start Forcing Player To Be Hero", "workshopAction"},
		{en, "// a comment", "comment", "workshopLineComment"},
		{en, "// a comment", "TODO", "workshopTodo"},
		{en, "/* block", "block", "workshopComment"},
		{zh, `规则("界面文本")`, "规则", "workshopKeyword"},
		{zh, "持续 - 全局;", "持续 - 全局", "workshopEvent"},
		{zh, "等待(1, 无视条件);", "等待", "workshopControl"},
		{zh, "等待(1, 无视条件);", "无视条件", "workshopConstant"},
		{zh, "禁用 全局.debug = 真;", "真", "workshopBoolean"},
		{zh, "创建HUD文本(", "创建HUD文本", "workshopAction"},
		{ru, "Все;", "Все", "workshopConstant"},
		{ru, "Teleport(Event Player", "Teleport", "workshopAction"},
	}
	tmp := t.TempDir()
	probesPath, resultsPath := filepath.Join(tmp, "probes.json"), filepath.Join(tmp, "results.json")
	data, _ := json.Marshal(probes)
	if err := os.WriteFile(probesPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	runtimeDir, _ := filepath.Abs("..")
	script, _ := filepath.Abs(filepath.Join("testdata", "probe.lua"))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", "NONE", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "WRIGHT_NVIM_RUNTIME="+runtimeDir, "WRIGHT_PROBES="+probesPath,
		"WRIGHT_PROBE_RESULTS="+resultsPath, "XDG_CONFIG_HOME="+tmp, "XDG_DATA_HOME="+tmp, "XDG_STATE_HOME="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(resultsPath)
	if err != nil {
		t.Fatalf("no results from nvim: %v\n%s", err, out)
	}
	var got []string
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("results %s: %v", raw, err)
	}
	if len(got) != len(probes) {
		t.Fatalf("%d results for %d probes: %q", len(got), len(probes), got)
	}
	for i, p := range probes {
		if got[i] != p.Group {
			t.Errorf("%s: %q on the line holding %q: group %q, want %q", filepath.Base(p.File), p.Token, p.Line, got[i], p.Group)
		}
	}
	if t.Failed() {
		t.Logf("nvim output:\n%s", strings.TrimSpace(string(out)))
	}
}
