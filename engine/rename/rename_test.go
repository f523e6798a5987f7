package rename_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/rename"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const program = `variables
{
	global:
		0: Score
		1: Best

	player:
		0: Score
}

subroutines
{
	0: Award
}

rule("Start")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Global.Score = 0;
		Set Global Variable(Best, Global.Score);
		Event Player.Score += 1;
		Call Subroutine(Award);
		Global.C = 1;
	}
}

rule("Award")
{
	event
	{
		Subroutine;
		Award;
	}

	actions
	{
		Global.Score += Global.Best;
	}
}
`

func load(t *testing.T, text string) (*source.File, *index.Index) {
	t.Helper()
	f := source.NewFile("p.ow", text)
	c := engine.Check(f, engine.Options{})
	if c.Diags.HasErrors() {
		t.Fatalf("the program has errors: %v", c.Diags)
	}
	return f, index.Build(c.Script)
}

func TestRename(t *testing.T) {
	cases := []struct {
		kind  index.SymbolKind
		from  string
		to    string
		edits int
	}{
		{index.GlobalVariable, "Score", "Points", 4},
		{index.PlayerVariable, "Score", "Kills", 2},
		{index.GlobalVariable, "Best", "Record_2", 3},
		{index.Subroutine, "Award", "GiveAward", 3},
		{index.Rule, "Award", `Award "the" \winner`, 1},
		{index.GlobalVariable, "Score", "Best2", 4},
	}
	for _, c := range cases {
		f, ix := load(t, program)
		sym, ok := ix.Find(c.kind, c.from)
		if !ok {
			t.Fatalf("no %s %s", c.kind, c.from)
		}
		before := ix.UsageOf(sym.ID)
		es, err := rename.Edits(f, ix, sym.ID, c.to)
		if err != nil || len(es) != c.edits {
			t.Fatalf("%s %s → %s: %d edits, %v; want %d", c.kind, c.from, c.to, len(es), err, c.edits)
		}
		text, err := source.Apply(f.Text, es)
		if err != nil {
			t.Fatal(err)
		}
		_, after := load(t, text)
		renamed, ok := after.Find(c.kind, c.to)
		if !ok {
			t.Fatalf("%s %s → %s: the new name is not found after the rename:\n%s", c.kind, c.from, c.to, text)
		}
		if u := after.UsageOf(renamed.ID); u != before {
			t.Errorf("%s %s → %s: usage %+v, was %+v", c.kind, c.from, c.to, u, before)
		}
		if _, ok := after.Find(c.kind, c.from); ok && c.kind != index.Rule {
			t.Errorf("%s %s → %s: the old name is still there", c.kind, c.from, c.to)
		}
	}
}

func TestRenameRefusals(t *testing.T) {
	f, ix := load(t, program)
	find := func(k index.SymbolKind, name string) int {
		s, ok := ix.Find(k, name)
		if !ok {
			t.Fatalf("no %s %s", k, name)
		}
		return s.ID
	}
	long := "abcdefghijklmnopqrstuvwxyzabcdefg"
	cases := []struct {
		id   int
		to   string
		code string
	}{
		{find(index.GlobalVariable, "Score"), "", rename.CodeInvalidName},
		{find(index.GlobalVariable, "Score"), "2fast", rename.CodeInvalidName},
		{find(index.GlobalVariable, "Score"), "has space", rename.CodeInvalidName},
		{find(index.GlobalVariable, "Score"), "Ünïcode", rename.CodeInvalidName},
		{find(index.GlobalVariable, "Score"), long, rename.CodeInvalidName},
		{find(index.GlobalVariable, "Score"), "Best", rename.CodeNameTaken},
		{find(index.GlobalVariable, "Score"), "C", rename.CodeNameTaken},
		{find(index.Subroutine, "Award"), "Award", ""},
		{find(index.GlobalVariable, "C"), "Counter", rename.CodeUndeclared},
		{find(index.Rule, "Start"), string(make([]byte, 129)), rename.CodeInvalidName},
	}
	for _, c := range cases {
		es, err := rename.Edits(f, ix, c.id, c.to)
		var re *rename.Error
		if c.code == "" {
			if err != nil || len(es) != 0 {
				t.Errorf("rename %d to %q: %v %v; want nothing to do", c.id, c.to, es, err)
			}
			continue
		}
		if !errors.As(err, &re) || re.Code != c.code || es != nil {
			t.Errorf("rename %d to %q: %v %v; want %s", c.id, c.to, es, err, c.code)
		}
	}
}

// TestRenameCorpusSymbols renames declared variables and subroutines of
// corpus files (the first twelve of each) and checks the program means
// the same: the same diagnostics and usage counts.
func TestRenameCorpusSymbols(t *testing.T) {
	for _, name := range []string{"z_heatstreet.txt", "ruRU_arena_duels_1v1.txt", "zhCN_lijiang_parkour_EXCERPT.txt"} {
		f, err := source.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "workshop", "game-exports", name))
		if err != nil {
			t.Fatalf("the shared corpus must be present: %v", err)
		}
		c := engine.Check(f, engine.Options{})
		ix := index.Build(c.Script)
		renamed := 0
		for _, sym := range ix.Symbols {
			if sym.Kind == index.Rule || !sym.Declared || renamed == 12 {
				continue
			}
			es, err := rename.Edits(f, ix, sym.ID, "Renamed_"+sym.Name[:min(len(sym.Name), 20)])
			if err != nil {
				t.Fatalf("%s %s: %v", sym.Kind, sym.Name, err)
			}
			text, _ := source.Apply(f.Text, es)
			c2 := engine.Check(source.NewFile(name, text), engine.Options{})
			if len(c2.Diags) != len(c.Diags) {
				t.Fatalf("%s %s: %d diagnostics after the rename, %d before", sym.Kind, sym.Name, len(c2.Diags), len(c.Diags))
			}
			ix2 := index.Build(c2.Script)
			s2, ok := ix2.Find(sym.Kind, "Renamed_"+sym.Name[:min(len(sym.Name), 20)])
			if !ok || ix2.UsageOf(s2.ID) != ix.UsageOf(sym.ID) {
				t.Fatalf("%s %s: usage changed", sym.Kind, sym.Name)
			}
			renamed++
		}
		if renamed == 0 {
			t.Errorf("%s: nothing renamed", name)
		}
	}
}
