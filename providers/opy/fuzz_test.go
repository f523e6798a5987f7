package opy

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	wsparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// FuzzCompile runs the whole frontend on arbitrary text, seeded with the
// corpus and the malformed cases. It must never panic; every diagnostic
// lies inside its file; a program the frontend accepts lowers to Workshop
// text the engine parses without a syntax error; and every source-map
// range lies inside the lowered text and maps inside an OverPy file.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(corpus, "tests", "*.opy"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 20000 {
			f.Add(string(b))
		}
	}
	for _, c := range malformed {
		f.Add(c.src)
	}
	noFiles := Options{ReadFile: func(string) (string, error) { return "", os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		res := Compile("f.opy", src, noFiles)
		for _, d := range res.Diags {
			n := len(res.Program.Files[d.File].Text)
			if d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > n {
				t.Fatalf("diagnostic %s %q has span %v outside its file (%d bytes)", d.Code, d.Message, d.Span, n)
			}
		}
		for _, m := range res.Map.Mappings {
			if m.Span.Start < 0 || m.Span.End < m.Span.Start || m.Span.End > len(res.Text) {
				t.Fatalf("mapping %v outside the lowered text (%d bytes)", m.Span, len(res.Text))
			}
			if m.From.File >= 0 && (m.From.File >= len(res.Program.Files) || m.From.End > len(res.Program.Files[m.From.File].Text) || m.From.Start > m.From.End) {
				t.Fatalf("mapping to %v outside the OverPy files", m.From)
			}
		}
		if Errors(res.Diags) > 0 {
			return
		}
		parsed := wsparser.Parse(source.NewFile("lowered", res.Text), wsparser.Options{Locale: vocab.EnUS, LocaleGiven: true})
		for _, d := range parsed.Diags {
			if d.Severity == diag.Error {
				t.Fatalf("accepted program lowers to text that does not parse: %s: %s\n%s", d.Code, d.Message, res.Text)
			}
		}
	})
}
