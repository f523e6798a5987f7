package printer_test

import (
	"flag"
	"fmt"
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

var update = flag.Bool("update", false, "rewrite golden files")

const corpusRoot = "../../../shared/corpus/workshop"

func corpus(t testing.TB, dir string) []*source.File {
	paths, err := filepath.Glob(filepath.Join(corpusRoot, dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("the shared corpus must be present at %s: %v", corpusRoot, err)
	}
	var out []*source.File
	for _, p := range paths {
		f, err := source.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

func parse(f *source.File) *parser.Result { return parser.Parse(f, parser.Options{}) }

func parseIn(text string, l vocab.Locale) *parser.Result {
	return parser.Parse(source.NewFile("printed.ow", text), parser.Options{Locale: l, LocaleGiven: true})
}

// diffDumps describes the first difference between two structural dumps,
// or returns "" when they are the same.
func diffDumps(a, b string) string {
	line, x, y, differ := golden.FirstDifference(a, b)
	if !differ {
		return ""
	}
	return fmt.Sprintf("dump line %d:\n  before: %q\n  after:  %q", line, x, y)
}

// TestRoundTrip: for every corpus file, parse → print (in the file's own
// locale) → parse gives a structurally identical program.
func TestRoundTrip(t *testing.T) {
	for _, dir := range []string{"game-exports", "overpy-output"} {
		for _, f := range corpus(t, dir) {
			res := parse(f)
			out, diags := printer.Print(res.Script, printer.Options{Locale: res.Script.Locale})
			if len(diags) > 0 {
				t.Errorf("%s: printing in its own locale: %s", f.Path, diags[0].Message)
			}
			back := parseIn(out, res.Script.Locale)
			if d := diffDumps(ast.Dump(res.Script), ast.Dump(back.Script)); d != "" {
				t.Errorf("%s: the printed program differs: %s", f.Path, d)
			}
		}
	}
}

// TestExportsReproduce prints every game export in its own locale and
// compares the bytes with the file. Every difference is recorded, with its
// reason, in testdata/export-differences.golden.
func TestExportsReproduce(t *testing.T) {
	const path = "testdata/export-differences.golden"
	reasons := readReasons(t, path)
	var b strings.Builder
	for _, f := range corpus(t, "game-exports") {
		res := parse(f)
		out, _ := printer.Print(res.Script, printer.Options{Locale: res.Script.Locale})
		if out == f.Text {
			continue
		}
		name := filepath.Base(f.Path)
		fmt.Fprintf(&b, "== %s\n", name)
		why := reasons[name]
		if why == "" {
			why = "TODO: explain this difference"
			if !*update {
				t.Errorf("%s does not reproduce and the golden file gives no reason", name)
			}
		}
		fmt.Fprintf(&b, "why: %s\n", why)
		want, got := strings.Split(f.Text, "\n"), strings.Split(out, "\n")
		for i := 0; i < len(want) || i < len(got); i++ {
			var w, g string
			if i < len(want) {
				w = want[i]
			}
			if i < len(got) {
				g = got[i]
			}
			if w != g {
				fmt.Fprintf(&b, "-%d\t%q\n+%d\t%q\n", i+1, w, i+1, g)
			}
		}
	}
	golden.Check(t, path, []byte(b.String()), *update)
}

// readReasons reads the "why:" line of each file section of the golden.
func readReasons(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	reasons := map[string]string{}
	file := ""
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "== "):
			file = strings.TrimPrefix(line, "== ")
		case strings.HasPrefix(line, "why: ") && !strings.HasPrefix(line, "why: TODO"):
			reasons[file] = strings.TrimPrefix(line, "why: ")
		}
	}
	return reasons
}

// TestLocales prints every game export in each of the 15 locales and
// reads it back, with the locale given and with the locale detected. The
// program must come back structurally identical, and every name without a
// spelling in the target locale must be reported as missing-mapping. The
// outcome per file and locale is recorded in testdata/locales.golden.
func TestLocales(t *testing.T) {
	var b strings.Builder
	for _, f := range corpus(t, "game-exports") {
		res := parse(f)
		want := ast.Dump(res.Script)
		fmt.Fprintf(&b, "== %s\n", filepath.Base(f.Path))
		for _, l := range vocab.Locales() {
			out, diags := printer.Print(res.Script, printer.Options{Locale: l})
			missing := map[string]bool{}
			for _, d := range diags {
				if d.Code != diag.MissingMapping || d.Severity != diag.Error {
					t.Errorf("%s in %s: unexpected %s: %s", f.Path, l, d.Code, d.Message)
				}
				missing[d.Message] = true
			}
			given := parseIn(out, l)
			if d := diffDumps(want, ast.Dump(given.Script)); d != "" {
				t.Errorf("%s printed in %s and read back in %s differs: %s", f.Path, l, l, d)
			}
			detected := parser.Parse(source.NewFile("printed.ow", out), parser.Options{})
			outcome := "identical"
			if len(missing) > 0 {
				outcome = fmt.Sprintf("identical, %d name(s) without a spelling (missing-mapping)", len(missing))
			}
			det := detected.Detection
			detDiff := diffDumps(want, ast.Dump(detected.Script))
			switch {
			case detDiff != "":
				t.Errorf("%s printed in %s and read back with detection differs: %s", f.Path, l, detDiff)
			case det.Ambiguous:
				outcome += fmt.Sprintf("; detection ambiguous among %v", det.Candidates.List())
				if !det.Candidates.Has(l) {
					t.Errorf("%s printed in %s: detection candidates %v lack %s", f.Path, l, det.Candidates.List(), l)
				}
			case detected.Script.Locale != l:
				if len(missing) == 0 {
					t.Errorf("%s printed in %s: detected %s", f.Path, l, detected.Script.Locale)
				}
				outcome += "; detected " + detected.Script.Locale.String()
			default:
				outcome += "; detected"
			}
			fmt.Fprintf(&b, "%s: %s\n", l, outcome)
		}
	}
	golden.Check(t, "testdata/locales.golden", []byte(b.String()), *update)
}
