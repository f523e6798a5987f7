package index_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const program = `variables
{
	global:
		0: Score
		1: Spawns

	player:
		0: Lives
}

subroutines
{
	0: Reset
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
		Global.Spawns[1] += Global.Score;
		Set Global Variable(B, Global Variable(Score));
		Call Subroutine(Reset);
	}
}

rule("Reset")
{
	event
	{
		Subroutine;
		Reset;
	}

	actions
	{
		For Player Variable(Event Player, Lives, 0, 3, 1);
		End;
		Event Player.Lives -= Event Player.Lives;
		Start Rule(Reset, Do Nothing);
	}
}

rule("")
{
	event
	{
		Ongoing - Global;
	}
}

rule("")
{
	event
	{
		Ongoing - Global;
	}
}
`

func build(t *testing.T, text string) (*index.Index, string) {
	t.Helper()
	res := parser.Parse(source.NewFile("t.ow", text), parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("parse errors: %v", res.Diags)
	}
	return index.Build(res.Script), text
}

// describe renders each reference of a symbol as kind@line:text.
func describe(ix *index.Index, text string, kind index.SymbolKind, name string) string {
	s, ok := ix.Find(kind, name)
	if !ok {
		return "missing"
	}
	var parts []string
	for _, r := range ix.RefsOf(s.ID) {
		line := strings.Count(text[:r.Span.Start], "\n") + 1
		p := fmt.Sprintf("%s@%d:%s", r.Kind, line, text[r.Span.Start:r.Span.End])
		if r.Compound {
			p += "(compound)"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func TestReferences(t *testing.T) {
	ix, text := build(t, program)
	for _, c := range []struct {
		kind index.SymbolKind
		name string
		want string
	}{
		{index.GlobalVariable, "Score", "declaration@4:Score write@25:Score read@26:Score read@27:Score"},
		{index.GlobalVariable, "Spawns", "declaration@5:Spawns write@26:Spawns(compound)"},
		{index.GlobalVariable, "B", "write@27:B"},
		{index.PlayerVariable, "Lives", "declaration@8:Lives write@42:Lives(compound) write@44:Lives(compound) read@44:Lives"},
		{index.Subroutine, "Reset", "declaration@13:Reset call@28:Reset definition@37:Reset call@45:Reset"},
		{index.Rule, "Start", `definition@16:"Start"`},
	} {
		if got := describe(ix, text, c.kind, c.name); got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.kind, c.name, got, c.want)
		}
	}
	b, _ := ix.Find(index.GlobalVariable, "B")
	if b.Declared || b.Slot != 1 {
		t.Errorf("B: declared %v slot %d; want an undeclared use of default slot 1", b.Declared, b.Slot)
	}
	score, _ := ix.Find(index.GlobalVariable, "Score")
	if u := ix.UsageOf(score.ID); u != (index.Usage{Declarations: 1, Reads: 2, Writes: 1}) {
		t.Errorf("usage of Score: %+v", u)
	}
	for _, r := range ix.RefsOf(score.ID)[1:] {
		if r.Rule != 0 || r.Statement == nil {
			t.Errorf("reference %+v: owning rule %d, statement %v", r, r.Rule, r.Statement)
		}
	}
}

func TestRuleAddresses(t *testing.T) {
	ix, _ := build(t, program)
	for i, want := range []string{"Start", "Reset", "#1", "#2"} {
		if got := ix.RuleAddress(i); got != want {
			t.Errorf("rule %d: address %q, want %q", i, got, want)
		}
		if got, err := ix.ResolveRule(want); err != nil || got != i {
			t.Errorf("ResolveRule(%q) = %d, %v; want %d", want, got, err, i)
		}
	}
	var ae *index.AddressError
	if _, err := ix.ResolveRule("Strat"); !errors.As(err, &ae) || ae.Code != "unknown-rule" || len(ae.Candidates) == 0 || ae.Candidates[0] != "Start" {
		t.Errorf("unknown rule: %v", err)
	}
	if _, err := ix.ResolveRule(""); !errors.As(err, &ae) || ae.Code != "ambiguous-rule" || strings.Join(ae.Candidates, ",") != "#1,#2" {
		t.Errorf("two unnamed rules: %v", err)
	}
}

// TestHashInNames follows the contract's examples: a lone "a#2" resolves
// literally; with rules a, a, a#2 the address a#2 is ambiguous and
// a#2#1 selects the literal.
func TestHashInNames(t *testing.T) {
	rules := func(names ...string) string {
		var b strings.Builder
		for _, n := range names {
			fmt.Fprintf(&b, "rule(%q)\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n\n", n)
		}
		return b.String()
	}
	ix, _ := build(t, rules("a#2"))
	if got, err := ix.ResolveRule("a#2"); err != nil || got != 0 {
		t.Errorf("lone a#2: %d, %v", got, err)
	}
	ix, _ = build(t, rules("a", "a", "a#2"))
	var ae *index.AddressError
	if _, err := ix.ResolveRule("a#2"); !errors.As(err, &ae) || ae.Code != "ambiguous-rule" {
		t.Errorf("a#2 among a, a, a#2: %v", err)
	}
	if got, err := ix.ResolveRule("a#2#1"); err != nil || got != 2 {
		t.Errorf("a#2#1: %d, %v", got, err)
	}
	if got := ix.RuleAddress(2); got != "a#2#1" {
		t.Errorf("canonical address of the literal a#2: %q", got)
	}
	if got := ix.RuleAddress(0); got != "a#1" {
		t.Errorf("canonical address of the first a: %q", got)
	}
	if _, err := ix.ResolveRule("a#02"); err == nil {
		t.Error("a#02 (leading zero) resolved")
	}
}

func TestResolveSymbol(t *testing.T) {
	text := strings.Replace(program, "\t\t0: Lives", "\t\t0: Lives\n\t\t1: Score", 1)
	ix, _ := build(t, text)
	var ae *index.AddressError
	if _, err := ix.ResolveSymbol("Score"); !errors.As(err, &ae) || ae.Code != "ambiguous-symbol" ||
		strings.Join(ae.Candidates, ",") != "globalVariable:Score,playerVariable:Score" {
		t.Errorf("Score in two kinds: %v", err)
	}
	if s, err := ix.ResolveSymbol("playerVariable:Score"); err != nil || s.Kind != index.PlayerVariable {
		t.Errorf("KIND:NAME: %+v, %v", s, err)
	}
	if s, err := ix.ResolveSymbol("Reset"); err != nil || s.Kind != index.Subroutine {
		t.Errorf("Reset resolves to the subroutine, not the rule: %+v, %v", s, err)
	}
	if _, err := ix.ResolveSymbol("Scroe"); !errors.As(err, &ae) || ae.Code != "unknown-symbol" || len(ae.Candidates) == 0 || ae.Candidates[0] != "Score" {
		t.Errorf("unknown symbol: %v", err)
	}
	if _, err := ix.ResolveSymbol("rule:Start"); !errors.As(err, &ae) || ae.Code != "unknown-symbol" {
		t.Errorf("rule: is not a symbol kind for references: %v", err)
	}
}

// TestCorpus indexes every corpus file and checks that references point
// at identifiers and that every rule's canonical address resolves back.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	if len(files) < 60 {
		t.Fatalf("the shared corpus must be present (found %d files)", len(files))
	}
	for _, path := range files {
		f, err := source.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ix := index.Build(parser.Parse(f, parser.Options{}).Script)
		for _, r := range ix.Refs {
			if r.Span.Start >= r.Span.End || r.Span.End > len(f.Text) {
				t.Errorf("%s: reference %+v has an empty or out-of-range span", path, r)
			}
		}
		for i := range ix.Script.Rules {
			a := ix.RuleAddress(i)
			if got, err := ix.ResolveRule(a); err != nil || got != i {
				t.Errorf("%s: rule %d's address %q resolves to %d, %v", path, i, a, got, err)
			}
		}
	}
}
