package opy

import (
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Loc is a place in the program's sources: a file (an index into
// Program.Files) and a byte span of it.
type Loc struct {
	File int
	source.Span
}

// Cover returns the smallest Loc covering l and m when they are in the
// same file, and l otherwise.
func (l Loc) Cover(m Loc) Loc {
	if l.File != m.File {
		return l
	}
	if l.IsZero() {
		return m
	}
	if m.IsZero() {
		return l
	}
	l.Span = l.Span.Cover(m.Span)
	return l
}

// A Diagnostic is a problem found in an OverPy source.
type Diagnostic struct {
	diag.Diagnostic
	// File is the index of the file (in Program.Files) that Span is in.
	File int
	// RelatedFiles holds, for each of Related, the file its span is in.
	RelatedFiles []int
}

// diagnostics collects a compile's diagnostics.
type diagnostics struct {
	list []Diagnostic
	// suppressed holds the warning codes #!suppressWarnings turned off.
	suppressed map[string]bool
	// suggest bounds the "did you mean" look-ups of a compile.
	suggest vocab.Suggester
}

func (d *diagnostics) add(sev diag.Severity, code diag.Code, at Loc, msg string) *Diagnostic {
	d.list = append(d.list, Diagnostic{Diagnostic: diag.Diagnostic{Code: code, Severity: sev, Message: msg, Span: at.Span}, File: at.File})
	return &d.list[len(d.list)-1]
}

func (d *diagnostics) errorf(code diag.Code, at Loc, msg string) *Diagnostic {
	return d.add(diag.Error, code, at, msg)
}

func (d *diagnostics) warn(code diag.Code, at Loc, msg string) *Diagnostic {
	return d.add(diag.Warning, code, at, msg)
}

// related adds a secondary location to a diagnostic.
func (x *Diagnostic) related(at Loc, msg string) *Diagnostic {
	x.Related = append(x.Related, diag.Related{Span: at.Span, Message: msg})
	x.RelatedFiles = append(x.RelatedFiles, at.File)
	return x
}

// suggest adds replacement spellings.
func (x *Diagnostic) suggest(s ...string) *Diagnostic {
	x.Suggestions = append(x.Suggestions, s...)
	return x
}
