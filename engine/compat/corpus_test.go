package compat_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/compat"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

const corpusRoot = "../../../shared/corpus/workshop"

// legacyExports are the game exports written before the game's current
// syntax; every other export must come out of Rewrite unchanged.
var legacyExports = map[string]bool{"ow1_2019_mercy_protect.txt": true}

// corpusFiles returns every Workshop file of the shared corpus, relative
// to its root; a missing corpus fails.
func corpusFiles(t *testing.T) []string {
	matches, err := filepath.Glob(filepath.Join(corpusRoot, "*", "*.txt"))
	if err != nil || len(matches) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", corpusRoot, len(matches), err)
	}
	var out []string
	for _, m := range matches {
		rel, _ := filepath.Rel(corpusRoot, m)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

// TestCorpus rewrites every corpus file and checks that the rewritten
// program
//
//   - has the same element count, rule by rule and statement by statement;
//   - prints without a missing name and reads back without an error;
//   - reads back as itself, node for node (the parentheses placed by
//     Rewrite are exactly those the printed text has);
//   - has nothing left to rewrite;
//
// that the input is left as it was, and that current game exports have
// nothing legacy at all. What was rewritten per file and kind is recorded
// in testdata/changes.golden.
func TestCorpus(t *testing.T) {
	var b strings.Builder
	totals := map[compat.Kind]int{}
	for _, rel := range corpusFiles(t) {
		f, err := source.ReadFile(filepath.Join(corpusRoot, rel))
		if err != nil {
			t.Fatal(err)
		}
		c := engine.Check(f, engine.Options{})
		before := ast.Dump(c.Script)
		out, changes := compat.Rewrite(c.Script, compat.Options{})
		if ast.Dump(c.Script) != before {
			t.Errorf("%s: Rewrite changed its input", rel)
		}
		if strings.HasPrefix(rel, "game-exports/") && !legacyExports[filepath.Base(rel)] && len(changes) > 0 {
			t.Errorf("%s: a current export has %d legacy forms, the first a %s at byte %d",
				rel, len(changes), changes[0].Kind, changes[0].Span.Start)
		}
		if legacyExports[filepath.Base(rel)] && len(changes) == 0 {
			t.Errorf("%s: the 2019 export has nothing legacy", rel)
		}
		sameCost(t, rel, c.Script, out)

		text, pdiags := printer.Print(out, printer.Options{Locale: c.Script.Locale})
		for _, d := range pdiags {
			t.Errorf("%s: printing: %s", rel, d.Message)
		}
		back := engine.Check(source.NewFile(rel, text), engine.Options{Locale: c.Script.Locale, LocaleGiven: true})
		for _, d := range back.Diags {
			if d.Severity == diag.Error {
				t.Errorf("%s: the rewritten program reads back with %s: %s", rel, d.Code, d.Message)
				break
			}
		}
		if line, x, y, differ := golden.FirstDifference(ast.Dump(out), ast.Dump(back.Script)); differ {
			t.Errorf("%s: the rewritten program does not read back as itself: dump line %d:\n  rewritten: %q\n  read back: %q", rel, line, x, y)
		}
		if _, again := compat.Rewrite(back.Script, compat.Options{}); len(again) > 0 {
			t.Errorf("%s: %d legacy forms remain, the first a %s", rel, len(again), again[0].Kind)
		}

		if len(changes) == 0 {
			continue
		}
		per := map[compat.Kind]int{}
		for _, ch := range changes {
			per[ch.Kind]++
			totals[ch.Kind]++
		}
		fmt.Fprintf(&b, "== %s\n", rel)
		for _, k := range compat.Kinds() {
			if per[k] > 0 {
				fmt.Fprintf(&b, "%s %d\n", k, per[k])
			}
		}
	}
	fmt.Fprintf(&b, "== total\n")
	for _, k := range compat.Kinds() {
		fmt.Fprintf(&b, "%s %d\n", k, totals[k])
	}
	golden.Check(t, "testdata/changes.golden", []byte(b.String()), *update)
}

// sameCost checks that two programs count the same elements, rule by rule
// and statement by statement.
func sameCost(t *testing.T, name string, a, b *ast.Script) {
	t.Helper()
	ca, cb := cost.Count(a, cost.Options{}), cost.Count(b, cost.Options{})
	if ca.Total != cb.Total {
		t.Errorf("%s: %d elements before, %d after", name, ca.Total, cb.Total)
	}
	if len(ca.Rules) != len(cb.Rules) {
		t.Fatalf("%s: %d rules before, %d after", name, len(ca.Rules), len(cb.Rules))
	}
	for i := range ca.Rules {
		ra, rb := ca.Rules[i], cb.Rules[i]
		if len(ra.Statements) != len(rb.Statements) {
			t.Errorf("%s: rule %d has %d statements before, %d after", name, i, len(ra.Statements), len(rb.Statements))
			continue
		}
		for j := range ra.Statements {
			if x, y := ra.Statements[j].Count, rb.Statements[j].Count; x != y {
				t.Errorf("%s: rule %d statement %d: %d elements before, %d after", name, i, j, x, y)
			}
		}
	}
}
