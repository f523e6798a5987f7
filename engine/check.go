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

	// parsed and validation are the two halves of the work, kept for
	// Recheck.
	parsed     *parser.Result
	validation *validate.Validation
	// splice says which rules Recheck read again; nil when the whole
	// text was read.
	splice *ast.Splice
}

// Splice says which rules Recheck read and validated again, the others
// being the previous result's (see [ast.Splice]); ok is false when the
// whole text was read, by Check or by a Recheck that could not do less.
// Analyses per rule use it to redo only those rules.
func (c *Checked) Splice() (sp ast.Splice, ok bool) {
	if c.splice == nil {
		return ast.Splice{}, false
	}
	return *c.splice, true
}

// Check parses and validates a Workshop file. It never fails: problems are
// diagnostics.
func Check(f *source.File, opts Options) *Checked {
	return CheckParsed(parser.Parse(f, parser.Options{Locale: opts.Locale, LocaleGiven: opts.LocaleGiven, Vocab: opts.Vocab}), opts)
}

// CheckParsed validates a file already parsed (by parser.Parse, or read
// as it was written by a parser.Stream): Check less the parse.
func CheckParsed(res *parser.Result, opts Options) *Checked {
	return checked(res, validate.Validate(res.Script, validate.Options{Vocab: opts.Vocab}))
}

// Recheck returns what Check returns for f, whose text is the text prev
// checked with edit applied (edit.Span is an offset range of that text),
// under the same options. It reads and validates again only the rules the
// edit touches when it can (see parser.Reparse and validate.Revalidate),
// and the whole text otherwise. prev is not changed: other readers may
// hold it.
func Recheck(prev *Checked, f *source.File, edit source.Edit, opts Options) *Checked {
	if prev.parsed == nil || opts.LocaleGiven != prev.Detection.Given ||
		opts.LocaleGiven && opts.Locale != prev.Script.Locale {
		return Check(f, opts)
	}
	res, sp, ok := parser.Reparse(prev.parsed, f, edit)
	vopts := validate.Options{Vocab: opts.Vocab}
	if !ok {
		return checked(res, validate.Validate(res.Script, vopts))
	}
	c := checked(res, validate.Revalidate(prev.validation, res.Script, sp, vopts))
	c.splice = &sp
	return c
}

// checked joins a parse and its validation.
func checked(res *parser.Result, val *validate.Validation) *Checked {
	diags := make(diag.List, 0, len(res.Diags)+len(val.Diags))
	diags = append(diags, res.Diags...)
	diags = append(diags, val.Diags...)
	diags.Sort()
	n := 0
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			n++
		}
	}
	return &Checked{Script: res.Script, Diags: diags, Detection: res.Detection, ParseErrors: n, parsed: res, validation: val}
}
