package service

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/contract"
)

const ruleTemplate = `rule("%s")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Small Message(All Players(All Teams), Custom String("%s"));
	}
}
`

func ruleText(name string) string { return fmt.Sprintf(ruleTemplate, name, name) }

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ask sends a request and returns the decoded result, or the refusal.
func ask(t testing.TB, s *Session, req string) (map[string]any, *contract.Error) {
	t.Helper()
	resp := s.Handle(context.Background(), []byte(req))
	if resp.Error != nil {
		return nil, resp.Error
	}
	var out map[string]any
	if err := json.Unmarshal(resp.Result.(json.RawMessage), &out); err != nil {
		t.Fatal(err)
	}
	return out, nil
}

// snapshotOf asks for the rules and returns the snapshot and rule names,
// or the refusal code.
func snapshotOf(t *testing.T, s *Session) (int, string, string) {
	t.Helper()
	res, e := ask(t, s, `{"op":"rules","all":true}`)
	if e != nil {
		return 0, "", e.Code
	}
	var names []string
	for _, r := range res["rules"].([]any) {
		names = append(names, r.(map[string]any)["name"].(string))
	}
	return int(res["snapshot"].(float64)), strings.Join(names, ","), ""
}

func TestFreshness(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "main.ow")
	write(t, entry, ruleText("One"))
	s := NewSession(SessionOptions{Input: dir})

	type step struct {
		name   string
		change func()
		// snapshot, rules and code are what rules answers afterwards.
		snapshot int
		rules    string
		code     string
		loads    int // total loads so far
	}
	steps := []step{
		{"first load", func() {}, 1, "One", "", 1},
		{"unchanged", func() {}, 1, "One", "", 1},
		{"touched", func() {
			old := time.Now().Add(-time.Hour)
			os.Chtimes(entry, old, old)
		}, 1, "One", "", 2},
		{"edited", func() { write(t, entry, ruleText("One")+ruleText("Two")) }, 2, "One,Two", "", 3},
		{"unrelated file added", func() { write(t, filepath.Join(dir, "README.md"), "notes") }, 2, "One,Two", "", 3},
		{"member added", func() { write(t, filepath.Join(dir, "lib", "extra.ow"), ruleText("Extra")) }, 2, "One,Two", "", 4},
		{"member removed", func() { os.Remove(filepath.Join(dir, "lib", "extra.ow")) }, 2, "One,Two", "", 5},
		{"second candidate", func() { write(t, filepath.Join(dir, "other.ow"), ruleText("Other")) }, 0, "", "input-entry-ambiguous", 6},
		{"still ambiguous", func() {}, 0, "", "input-entry-ambiguous", 7},
		{"entry named", func() { write(t, filepath.Join(dir, ProjectFile), "entry: main.ow\n") }, 3, "One,Two", "", 8},
		{"broken", func() { write(t, entry, "rule(\"One\")\n{\n\tevent\n\t{\n") }, 0, "", "parse-error", 9},
		{"restored byte-identical", func() { write(t, entry, ruleText("One")+ruleText("Two")) }, 4, "One,Two", "", 10},
		{"entry removed", func() { os.Remove(entry) }, 0, "", "input-io", 11},
		{"entry back", func() { write(t, entry, ruleText("Three")) }, 5, "Three", "", 12},
	}
	for _, st := range steps {
		st.change()
		snap, rules, code := snapshotOf(t, s)
		if snap != st.snapshot || rules != st.rules || code != st.code {
			t.Fatalf("%s: snapshot %d, rules %q, refusal %q; want %d, %q, %q", st.name, snap, rules, code, st.snapshot, st.rules, st.code)
		}
		if s.loads != st.loads {
			t.Fatalf("%s: %d loads, want %d", st.name, s.loads, st.loads)
		}
	}
}

// TestFreshnessSameSizeSameStamp rewrites the entry with content of the
// same size and puts its modification time back, as a coarse file system
// clock would: the content check of a recently modified file sees it.
func TestFreshnessSameSizeSameStamp(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "main.ow")
	write(t, entry, ruleText("AAAA"))
	info, _ := os.Stat(entry)
	s := NewSession(SessionOptions{Input: entry})
	if _, rules, code := snapshotOf(t, s); rules != "AAAA" {
		t.Fatalf("first load: %q %s", rules, code)
	}
	write(t, entry, ruleText("BBBB"))
	os.Chtimes(entry, info.ModTime(), info.ModTime())
	if snap, rules, code := snapshotOf(t, s); rules != "BBBB" || snap != 2 {
		t.Fatalf("after a same-size rewrite: snapshot %d, rules %q %s", snap, rules, code)
	}
}

func TestOperationsWithoutProgram(t *testing.T) {
	s := NewSession(SessionOptions{Input: filepath.Join(t.TempDir(), "missing.ow")})
	for _, req := range []string{
		`{"op":"capabilities"}`, `{"op":"targetMetadata"}`,
		`{"op":"lookup","language":"workshop","query":"Wait"}`,
		`{"op":"listEntries","language":"workshop","kind":"action"}`,
		`{"op":"agentContext","task":"teleport","token_budget":500}`,
	} {
		if _, e := ask(t, s, req); e != nil {
			t.Errorf("%s refused without a program: %v", req, e)
		}
	}
	if s.loads != 0 {
		t.Errorf("operations that need no program loaded it %d times", s.loads)
	}
	if _, e := ask(t, s, `{"op":"symbols"}`); e == nil || e.Code != "input-io" {
		t.Errorf("symbols over a missing input: %v", e)
	}
	res, e := ask(t, s, `{"op":"check"}`)
	if e != nil || res["verdict"] != "fail" || res["exit"].(float64) != 2 {
		t.Errorf("check over a missing input: %v %v", res, e)
	}
}

func TestHandlersMatchCatalog(t *testing.T) {
	for _, o := range contract.Operations {
		if handlers[o.Name] == nil {
			t.Errorf("operation %s has no handler", o.Name)
		}
	}
	if len(handlers) != len(contract.Operations) {
		t.Errorf("%d handlers for %d operations", len(handlers), len(contract.Operations))
	}
}

func TestInputKinds(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, text, kind, code string
	}{
		{"a.ow", ruleText("A"), KindAuto, ""},
		{"a.txt", ruleText("A"), KindAuto, ""},
		{"b.txt", "settings\n{\n}\n", KindAuto, ""},
		{"a.opy", "rule \"A\":\n    wait()\n", KindAuto, ""},
		{"c.txt", "rule \"A\":\n    wait()\n", KindAuto, ""},
		{"g.opy", "rule \"A\":\n    fooBar()\n", KindAuto, "unknown-function"},
		{"d.txt", "just some words\n", KindAuto, "input-kind-ambiguous"},
		{"e.txt", "just some words\n", KindWorkshop, "parse-error"},
		{"f.ow", ruleText("A"), KindOSTW, "source-provider-unavailable"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name)
		write(t, path, c.text)
		s := NewSession(SessionOptions{Input: path, Kind: c.kind})
		_, e := ask(t, s, `{"op":"project"}`)
		got := ""
		if e != nil {
			got = e.Code
		}
		if got != c.code {
			t.Errorf("%s as %s: refusal %q (%v), want %q", c.name, c.kind, got, e, c.code)
		}
	}
}

// TestDeterminism runs the same requests on the same input in fresh
// sessions and requires the same bytes.
func TestDeterminism(t *testing.T) {
	path := corpusFile(t, "z_junkensteinsvictory.txt")
	reqs := []string{`{"op":"check","all":true}`, `{"op":"analyze"}`, `{"op":"inspect","all":true}`, `{"op":"project"}`,
		`{"op":"symbols","all":true}`, `{"op":"rules","all":true}`, `{"op":"findings","all":true}`, `{"op":"lint","all":true}`,
		`{"op":"persistentObjects","all":true}`, `{"op":"callGraph","all":true}`, `{"op":"costEstimate","all":true}`,
		`{"op":"lintRules"}`, `{"op":"listEntries","language":"workshop","kind":"value","pageSize":200}`}
	var first []string
	for run := range 3 {
		s := NewSession(SessionOptions{Input: path})
		for i, req := range reqs {
			data, err := Marshal(s.Handle(context.Background(), []byte(req)))
			if err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first = append(first, string(data))
			} else if string(data) != first[i] {
				t.Errorf("run %d answers %s with other bytes", run, req)
			}
		}
	}
}

func corpusFile(t testing.TB, name string) string {
	path := filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports", name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("corpus file: %v", err)
	}
	return path
}

// BenchmarkWarmSymbols answers symbols on the largest corpus file with
// the program loaded: the freshness check, the query and the encoding.
func BenchmarkWarmSymbols(b *testing.B) {
	benchmarkWarm(b, `{"op":"symbols"}`)
}

// BenchmarkWarmReferences answers references of the most referenced
// variable of the largest corpus file.
func BenchmarkWarmReferences(b *testing.B) {
	benchmarkWarm(b, `{"op":"references","symbol":"globalVariable:IllIIlIllIII"}`)
}

func benchmarkWarm(b *testing.B, req string) {
	s := NewSession(SessionOptions{Input: corpusFile(b, "z_owware.txt")})
	if _, e := ask(b, s, req); e != nil {
		b.Fatal(e)
	}
	ctx := context.Background()
	for b.Loop() {
		if resp := s.Handle(ctx, []byte(req)); resp.Error != nil {
			b.Fatal(resp.Error)
		}
	}
}

// BenchmarkFreshnessUnchanged100 checks an unchanged directory of 100
// Workshop files against its fingerprint.
func BenchmarkFreshnessUnchanged100(b *testing.B) {
	dir := b.TempDir()
	old := time.Now().Add(-time.Hour)
	for i := range 100 {
		path := filepath.Join(dir, fmt.Sprintf("part%03d.ow", i))
		write(b, path, ruleText(fmt.Sprint("R", i)))
		os.Chtimes(path, old, old)
	}
	write(b, filepath.Join(dir, ProjectFile), "entry: part000.ow\n")
	os.Chtimes(filepath.Join(dir, ProjectFile), old, old)
	s := NewSession(SessionOptions{Input: dir})
	if l := s.current(); l.err != nil {
		b.Fatal(l.err)
	}
	for b.Loop() {
		if l := s.current(); l.err != nil || s.loads != 1 {
			b.Fatal("reloaded an unchanged directory")
		}
	}
}

// TestLintByteBudget checks the compact lint result stays within 5,500
// bytes by default, says what it withheld, and that all lifts the bound
// without changing the verdict.
func TestLintByteBudget(t *testing.T) {
	s := NewSession(SessionOptions{Input: corpusFile(t, "z_owware.txt")})
	resp := s.Handle(context.Background(), []byte(`{"op":"lint"}`))
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	raw := resp.Result.(json.RawMessage)
	var bounded contract.LintResult
	json.Unmarshal(raw, &bounded)
	if len(raw) > lintBudget {
		t.Errorf("the default lint result is %d bytes", len(raw))
	}
	every, e := ask(t, s, `{"op":"lint","all":true}`)
	if e != nil {
		t.Fatal(e)
	}
	n := len(every["findings"].([]any))
	if bounded.Truncation == nil || bounded.Truncation.Total != n || bounded.Truncation.Shown != len(bounded.Findings) ||
		bounded.Truncation.Shown+bounded.Truncation.Withheld != n || len(bounded.Findings) == 0 {
		t.Errorf("truncation %+v with %d shown of %d", bounded.Truncation, len(bounded.Findings), n)
	}
	if bounded.OK != every["ok"].(bool) || float64(bounded.Exit) != every["exit"].(float64) {
		t.Error("the verdict depends on the bound")
	}
}

// TestFileSpellings selects the program's file by every spelling the
// contract allows, and refuses a file that is not the program's.
func TestFileSpellings(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "main.ow")
	write(t, entry, ruleText("One"))
	t.Chdir(dir)
	s := NewSession(SessionOptions{Input: "."})
	for _, spelling := range []string{"main.ow", "./main.ow", entry, filepath.Join("..", filepath.Base(dir), "main.ow")} {
		if _, e := ask(t, s, fmt.Sprintf(`{"op":"findings","file":%q}`, spelling)); e != nil {
			t.Errorf("%s: %v", spelling, e)
		}
	}
	if _, e := ask(t, s, `{"op":"findings","file":"other.ow"}`); e == nil || e.Code != "invalid-selection" {
		t.Errorf("another file: %v", e)
	}
}
