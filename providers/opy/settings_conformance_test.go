package opy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

// settingsDump returns the settings part of the structure of Workshop
// text: the "settings" line and the indented lines under it.
func settingsDump(t testing.TB, name, text string) string {
	dump, errs := structure(t, name, text)
	if len(errs) > 0 {
		t.Fatalf("%s: the text does not parse: %s", name, errs[0].Message)
	}
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(dump, "\n") {
		if l == "settings\n" {
			in = true
		} else if !strings.HasPrefix(l, " ") {
			in = false
		}
		if in {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestSettingsConformance checks, for every corpus test with a settings
// block, that the settings we write read as OverPy's do, whatever else
// of the program still differs: every error inside the settings fails
// the test, and errors elsewhere are left to TestConformance.
func TestSettingsConformance(t *testing.T) {
	checked := 0
	for _, name := range corpusTests(t) {
		src := filepath.Join(corpus, "tests", name+".opy")
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(corpus, "noopt", name+".txt"))
		if err != nil || !strings.HasPrefix(strings.TrimLeft(string(want), "\ufeff \n"), "settings") {
			continue
		}
		checked++
		res := Compile(src, string(text), Options{})
		settings := findSettings(res.Program)
		for _, d := range res.Diags {
			if d.Severity == diag.Error && settings != nil && d.File == settings.Loc.File && settings.Loc.Span.Contains(d.Span.Start) {
				t.Errorf("%s: error in the settings: %s: %s", name, d.Code, d.Message)
			}
		}
		got, exp := settingsDump(t, name, res.Text), settingsDump(t, name, string(want))
		if got != exp {
			line, g, w, _ := golden.FirstDifference(got, exp)
			t.Errorf("%s: settings differ at dump line %d: got %q, want %q", name, line, g, w)
		}
	}
	if checked < 16 {
		t.Fatalf("only %d corpus tests have a settings block and an output; expected the corpus's 16", checked)
	}
}

func findSettings(p *Program) *SettingsDecl {
	for _, d := range p.Decls {
		if s, ok := d.(*SettingsDecl); ok {
			return s
		}
	}
	return nil
}
