package engine

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/validate"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control Check.
type Options struct {
	// Locale is the client language of the text, used when LocaleGiven is
	// set; otherwise the language is detected from the text.
	Locale      vocab.Locale
	LocaleGiven bool
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
}

// Checked is a file read and validated.
type Checked struct {
	Script *ast.Script
	// Diags holds the parser's and the validator's diagnostics, sorted by
	// position.
	Diags     diag.List
	Detection parser.Detection
	// ParseErrors counts the parser's errors: text the parser could not
	// read as Workshop (as opposed to a program that reads but is wrong).
	ParseErrors int
}

// Check parses and validates a Workshop file. It never fails: problems are
// diagnostics.
func Check(f *source.File, opts Options) *Checked {
	return CheckParsed(parser.Parse(f, parser.Options{Locale: opts.Locale, LocaleGiven: opts.LocaleGiven, Vocab: opts.Vocab}), opts)
}

// CheckParsed validates a file already parsed (by parser.Parse, or read
// as it was written by a parser.Stream): Check less the parse.
func CheckParsed(res *parser.Result, opts Options) *Checked {
	diags := append(diag.List{}, res.Diags...)
	diags = append(diags, validate.Script(res.Script, validate.Options{Vocab: opts.Vocab})...)
	diags.Sort()
	n := 0
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			n++
		}
	}
	return &Checked{Script: res.Script, Diags: diags, Detection: res.Detection, ParseErrors: n}
}
