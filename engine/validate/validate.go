package validate

import (
	"fmt"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control validation.
type Options struct {
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
}

// Script checks a parsed script against the vocabulary and its own
// declarations, and returns the problems found. It never changes s.
func Script(s *ast.Script, opts Options) diag.List {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	c := &checker{v: v, loc: s.Locale, script: s}
	c.globals = c.declareSlots(s.Variables.GlobalDecls(), "global variable")
	c.players = c.declareSlots(s.Variables.PlayerDecls(), "player variable")
	var subs []ast.VarDecl
	if s.Subroutines != nil {
		subs = s.Subroutines.Decls
	}
	c.subs = c.declareSlots(subs, "subroutine")
	for _, r := range s.Rules {
		c.rule(r)
	}
	if s.Conditions != nil {
		c.block(s.Conditions, false)
	}
	if s.Actions != nil {
		c.block(s.Actions, true)
		c.flow(s.Actions)
	}
	c.diags.Sort()
	// Messages quote the text; none echoes a long token or a control
	// character raw.
	diag.CleanAll(c.diags)
	return c.diags
}

type checker struct {
	v      *vocab.Vocabulary
	loc    vocab.Locale
	script *ast.Script
	diags  diag.List

	globals, players, subs *slotTable
	// workshopSettings counts the Workshop Setting values seen.
	workshopSettings int
	suggester
}

func (c *checker) report(sev diag.Severity, code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	c.diags = append(c.diags, diag.Diagnostic{Code: code, Severity: sev, Span: span, Message: fmt.Sprintf(format, args...)})
	return &c.diags[len(c.diags)-1]
}

func (c *checker) errorf(code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	return c.report(diag.Error, code, span, format, args...)
}

func (c *checker) warnf(code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	return c.report(diag.Warning, code, span, format, args...)
}

// spell returns the name of n in the script's locale (en-US if it has
// none there), for messages.
func (c *checker) spell(n vocab.Named) string {
	e := vocab.EntryOf(n)
	if s, ok := e.Name(c.loc); ok {
		return s
	}
	return e.English()
}
