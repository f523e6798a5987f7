package opy

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	wsparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

const corpus = "../../../shared/corpus/opy"

var update = flag.Bool("update", false, "rewrite golden files")

// structure parses Workshop text and dumps its structure.
func structure(t testing.TB, name, text string) (string, []diag.Diagnostic) {
	res := wsparser.Parse(source.NewFile(name, text), wsparser.Options{Locale: vocab.EnUS, LocaleGiven: true})
	var errs []diag.Diagnostic
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	return ast.Dump(res.Script), errs
}

// conformance compiles one corpus test and compares it with OverPy's
// unoptimised output; it returns "ok" or the cause of the difference.
func conformance(t testing.TB, name string) string {
	src := filepath.Join(corpus, "tests", name+".opy")
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	res := Compile(src, string(text), Options{})
	if failure, err := os.ReadFile(filepath.Join(corpus, "noopt", name+".error.txt")); err == nil {
		return expectFailure(res, string(failure))
	}
	want, err := os.ReadFile(filepath.Join(corpus, "noopt", name+".txt"))
	if errors := Errors(res.Diags); errors > 0 {
		first := ""
		for _, d := range res.Diags {
			if d.Severity == diag.Error {
				f := res.Program.Files[d.File]
				first = fmt.Sprintf("%s:%d: %s: %s", filepath.Base(f.Path), 1+strings.Count(f.Text[:d.Span.Start], "\n"), d.Code, d.Message)
				break
			}
		}
		return fmt.Sprintf("compile errors (%d): %s", errors, first)
	}
	if err != nil {
		return "no noopt output"
	}
	got, gotErrs := structure(t, name, res.Text)
	if len(gotErrs) > 0 {
		d := gotErrs[0]
		return fmt.Sprintf("lowered text does not parse: %d:%s: %s", 1+strings.Count(res.Text[:d.Span.Start], "\n"), d.Code, d.Message)
	}
	exp, _ := structure(t, name, string(want))
	if got == exp {
		return "ok"
	}
	line, g, w, _ := golden.FirstDifference(got, exp)
	return fmt.Sprintf("differs at dump line %d: got %q, want %q", line, clip(g), clip(w))
}

// expectFailure checks a compile that OverPy's own fails: ours must fail
// too, with an error in a file the OverPy error names.
func expectFailure(res *Result, failure string) string {
	for _, d := range res.Diags {
		if d.Severity != diag.Error {
			continue
		}
		f := res.Program.Files[d.File]
		if strings.Contains(failure, ", at "+filepath.Base(f.Path)+"\n") || strings.HasSuffix(strings.TrimSpace(failure), ", at "+filepath.Base(f.Path)) {
			return fmt.Sprintf("ok: fails as OverPy does (%s:%d: %s)", filepath.Base(f.Path), 1+strings.Count(f.Text[:d.Span.Start], "\n"), d.Code)
		}
	}
	return "compiles, but OverPy fails: " + strings.SplitN(failure, "\n", 2)[0]
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

func TestConformance(t *testing.T) {
	names := corpusTests(t)
	var b strings.Builder
	ok := 0
	for _, n := range names {
		r := conformance(t, n)
		if strings.HasPrefix(r, "ok") {
			ok++
		} else if strings.HasPrefix(n, "z_") {
			t.Errorf("real mode %s: %s", n, r)
		} else if _, refused := refusedCore[n]; isCore(n) && !refused {
			t.Errorf("CORE test %s: %s", n, r)
		}
		fmt.Fprintf(&b, "%s: %s\n", n, r)
	}
	fmt.Fprintf(&b, "\n%d of %d tests equal OverPy's unoptimised output (or fail where it fails)\n", ok, len(names))
	golden.Check(t, "testdata/conformance.golden", []byte(b.String()), *update)
	if 5*ok < 4*len(names) {
		t.Errorf("%d of %d tests conform: the target is 80%%", ok, len(names))
	}
}

func isCore(name string) bool {
	for _, n := range coreTests {
		if n == name {
			return true
		}
	}
	return name == "include"
}

// corpusTests lists the compile tests with an unoptimised output.
func corpusTests(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(corpus, "tests", "*.opy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no OverPy corpus under %s", corpus)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".opy"))
	}
	sort.Strings(names)
	return names
}
