package parser_test

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/validate"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// FuzzParse checks that no input makes the parser, the validator or the
// printer panic or loop, and that every span the parser reports lies in
// the text, on character boundaries. It is seeded from the corpus (the
// large modes cut into pieces, so that the fuzzer stays fast).
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	if err != nil || len(files) == 0 {
		f.Fatalf("the shared corpus must be present: %v", err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for off := 0; off < len(data); off += 8 << 10 {
			f.Add(data[off:min(len(data), off+8<<10)])
			if off > 64<<10 {
				break
			}
		}
	}
	f.Add([]byte("rule(\"x\") { event { Ongoing - Global; } actions { Wait(1, Ignore Condition); } }"))
	f.Add([]byte("settings { main { Description: \"x\" } }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		text := string(data)
		file := source.NewFile("fuzz.ow", text)
		res := parser.Parse(file, parser.Options{})
		checkSpans(t, text, res)
		validate.Script(res.Script, validate.Options{})
		out, _ := printer.Print(res.Script, printer.Options{Locale: res.Script.Locale})
		parser.Parse(source.NewFile("fuzz.ow", out), parser.Options{Locale: res.Script.Locale, LocaleGiven: true})
		parser.Parse(file, parser.Options{Locale: vocab.ZhCN, LocaleGiven: true})
	})
}

func checkSpans(t *testing.T, text string, res *parser.Result) {
	valid := utf8.ValidString(text)
	check := func(what string, s source.Span) {
		if s.Start < 0 || s.End > len(text) || s.Start > s.End {
			t.Fatalf("%s span %v is outside the text (%d bytes)", what, s, len(text))
		}
		if valid && (!boundary(text, s.Start) || !boundary(text, s.End)) {
			t.Fatalf("%s span %v is not on character boundaries", what, s)
		}
	}
	for _, d := range res.Diags {
		check(string(d.Code), d.Span)
	}
	for _, r := range res.Script.Rules {
		check("rule", r.Span)
		for _, b := range []*ast.Block{r.Conditions, r.Actions} {
			if b == nil {
				continue
			}
			for _, st := range b.Statements {
				check("statement", st.Span)
				ast.Inspect(st.Body, func(e *ast.Expr) bool {
					check("expression", st.SpanOf(e))
					return true
				})
			}
		}
	}
}

func boundary(s string, off int) bool {
	return off == len(s) || utf8.RuneStart(s[off])
}
