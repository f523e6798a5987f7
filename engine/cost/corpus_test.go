package cost_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const corpusRoot = "../../../shared/corpus/workshop"

// parseFile reads and parses one corpus file; a missing file fails the
// test.
func parseFile(t testing.TB, path string) *ast.Script {
	t.Helper()
	f, err := source.ReadFile(path)
	if err != nil {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	return parser.Parse(f, parser.Options{}).Script
}

// TestElementCounts checks the engine's total against OverPy's own count
// of every file it produced (ELEMENT_COUNTS.tsv, OverPy 9.7.9).
func TestElementCounts(t *testing.T) {
	dir := filepath.Join(corpusRoot, "overpy-output")
	tsv, err := os.Open(filepath.Join(dir, "ELEMENT_COUNTS.tsv"))
	if err != nil {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	defer tsv.Close()
	sc := bufio.NewScanner(tsv)
	rows := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 2 || fields[0] == "test" {
			continue
		}
		want, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("ELEMENT_COUNTS.tsv: bad count %q for %s", fields[1], fields[0])
		}
		rows++
		name := fields[0]
		t.Run(name, func(t *testing.T) {
			s := parseFile(t, filepath.Join(dir, name+".txt"))
			if got := cost.Count(s, cost.Options{}).Total; got != want {
				t.Errorf("%s: total %d, OverPy counted %d (off by %+d)", name, got, want, got-want)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows < 44 {
		t.Errorf("ELEMENT_COUNTS.tsv has %d rows, want at least 44", rows)
	}
}

// corpusFiles returns every Workshop file of the shared corpus: game
// exports and OverPy outputs.
func corpusFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(corpusRoot, "*", "*.txt"))
	if err != nil || len(files) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", corpusRoot, len(files), err)
	}
	return files
}

// TestCorpusSums checks the accounting of every corpus file, under both
// models: each rule's ByNode costs and its statements' counts plus 1 sum
// to its Count, and the rules sum to the total.
func TestCorpusSums(t *testing.T) {
	for _, path := range corpusFiles(t) {
		s := parseFile(t, path)
		for _, opts := range []cost.Options{{}, cost.OSTWOptions()} {
			p := cost.Count(s, opts)
			if len(p.Rules) != len(s.Rules) || p.Budget != cost.Budget {
				t.Fatalf("%s: %d rule costs for %d rules, budget %d", path, len(p.Rules), len(s.Rules), p.Budget)
			}
			total := 0
			for i, r := range p.Rules {
				if r.Index != i || r.Rule != s.Rules[i] {
					t.Errorf("%s: rule %d has index %d", path, i, r.Index)
				}
				if got := sumNodes(r.ByNode); got != r.Count {
					t.Errorf("%s %s: rule %d: ByNode sums to %d, Count is %d", path, opts.Model, i, got, r.Count)
				}
				if got := sumStatements(r.Statements) + 1; got != r.Count {
					t.Errorf("%s %s: rule %d: statements + 1 = %d, Count is %d", path, opts.Model, i, got, r.Count)
				}
				if want := blockLen(s.Rules[i].Conditions) + blockLen(s.Rules[i].Actions); len(r.Statements) != want {
					t.Errorf("%s: rule %d: %d statement costs for %d statements", path, i, len(r.Statements), want)
				}
				total += r.Count
			}
			if total != p.Total {
				t.Errorf("%s %s: rules sum to %d, Total is %d", path, opts.Model, total, p.Total)
			}
		}
	}
}

func sumNodes(ns []cost.NodeCost) int {
	n := 0
	for _, x := range ns {
		n += x.Count
	}
	return n
}

func sumStatements(ss []cost.StatementCost) int {
	n := 0
	for _, x := range ss {
		n += x.Count
	}
	return n
}

func blockLen(b *ast.Block) int {
	if b == nil {
		return 0
	}
	return len(b.Statements)
}

var (
	ruleNote      = regexp.MustCompile(`//(\d+) elements?\s*$`)
	statementNote = regexp.MustCompile(`^\s*// (\d+) elements?`)
)

// TestOverPyNotes checks the per-rule and per-statement counts OverPy
// writes with its debugElementCount option: "//3 elements" on the line
// before a rule, "// 2 elements" after a statement's ';'.
func TestOverPyNotes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusRoot, "overpy-output", "*.txt"))
	notes := 0
	for _, path := range files {
		s := parseFile(t, path)
		text := s.File.Text
		p := cost.Count(s, cost.Options{})
		for _, r := range p.Rules {
			if m := ruleNote.FindStringSubmatch(lineBefore(text, r.Rule.Span.Start)); m != nil {
				notes++
				if want, _ := strconv.Atoi(m[1]); r.Count != want {
					t.Errorf("%s: rule %q counts %d, OverPy noted %d", path, r.Rule.Name, r.Count, want)
				}
			}
			for _, st := range r.Statements {
				rest := text[st.Statement.Span.End:]
				if i := strings.IndexByte(rest, '\n'); i >= 0 {
					rest = rest[:i]
				}
				if m := statementNote.FindStringSubmatch(rest); m != nil {
					notes++
					if want, _ := strconv.Atoi(m[1]); st.Count != want {
						t.Errorf("%s: rule %q: %s counts %d, OverPy noted %d", path, r.Rule.Name, st.Name(), st.Count, want)
					}
				}
			}
		}
	}
	t.Logf("%d notes checked", notes)
	if notes < 16 {
		t.Errorf("found %d element notes in the OverPy outputs, want at least 16 (include.txt)", notes)
	}
}

// lineBefore returns the last non-blank line before off.
func lineBefore(text string, off int) string {
	head := strings.TrimRight(text[:off], " \t\r\n")
	return head[strings.LastIndexByte(head, '\n')+1:]
}
