package service

// This file loads OverPy input: the provider compiles the entry (and the
// files it includes) to Workshop text, the engine checks that text as it
// checks any Workshop program, and every position reported is translated
// back to the OverPy sources through the provider's source map.

import (
	"slices"
	"sync"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/opy"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// overpySource is what an OverPy program keeps of its provider: the
// compile, and a position mapper per OverPy file.
type overpySource struct {
	res *opy.Result
	// vocab is the vocabulary it was compiled with: a fix's edited text
	// is compiled again with it (overpy_fix.go).
	vocab *vocab.Vocabulary
	// external is the process that compiled the program, for a kind
	// whose provider runs out of process (external.go); nil for OverPy.
	external *protocol.Client
	once     sync.Once
	mappers  []*edits.Mapper
}

func (o *overpySource) mapper(file int) *edits.Mapper {
	o.once.Do(func() {
		o.mappers = make([]*edits.Mapper, len(o.res.Program.Files))
		for i, f := range o.res.Program.Files {
			o.mappers[i] = edits.NewMapper(f.Text)
		}
	})
	return o.mappers[file]
}

// rangeOf converts a Loc of the OverPy sources to a contract range.
func (o *overpySource) rangeOf(l opy.Loc) contract.Range {
	f := o.res.Program.Files[l.File]
	a, b, err := o.mapper(l.File).SpanPoints(l.Start, l.End)
	if err != nil {
		return unmapped(f.Path)
	}
	return contract.Range{Path: f.Path, Start: contract.Point{Line: a.Line, Column: a.Column}, End: contract.Point{Line: b.Line, Column: b.Column}}
}

// unmapped is the range of text the provider generated with no OverPy
// source of its own: flagged, never a guessed place.
func unmapped(path string) contract.Range {
	return contract.Range{Path: path, Start: contract.Point{Line: 1, Column: 1}, End: contract.Point{Line: 1, Column: 1}, Unmapped: true}
}

// NewOverPyProgram compiles an OverPy entry and checks the Workshop
// program it lowers to. readFile reads the files the entry includes (the
// session's overlay, then the disk).
func NewOverPyProgram(entry *source.File, opts engine.Options, readFile func(string) (string, error)) *Program {
	return newOverPyProgram(entry, opts, readFile, nil)
}

// newOverPyProgram is NewOverPyProgram with the folder listing of
// #!include "folder/" too (nil lists the disk).
func newOverPyProgram(entry *source.File, opts engine.Options, readFile func(string) (string, error), readDir func(string) ([]string, error)) *Program {
	// The compile also parses its lowered text (en-US, whatever the client
	// language), rule by rule as it writes it.
	res := opy.Compile(entry.Path, entry.Text, opy.Options{ReadFile: readFile, ReadDir: readDir, Vocab: opts.Vocab, Parse: true})
	return loweredProgram(entry, res, opts)
}

// providerDiagnostics are the OverPy provider's diagnostics, at OverPy
// positions.
func (p *Program) providerDiagnostics() []contract.Diagnostic {
	o := p.overpy
	out := make([]contract.Diagnostic, 0, len(o.res.Diags))
	for _, d := range o.res.Diags {
		cd := contract.Diagnostic{Code: string(d.Code), Severity: d.Severity.String(), Message: d.Message,
			Range: o.rangeOf(opy.Loc{File: d.File, Span: d.Span}), Suggestions: d.Suggestions}
		for i, r := range d.Related {
			cd.Related = append(cd.Related, contract.Related{Range: o.rangeOf(opy.Loc{File: d.RelatedFiles[i], Span: r.Span}), Message: r.Message})
		}
		out = append(out, cd)
	}
	return out
}

// providerErrors counts the provider's errors.
func (p *Program) providerErrors() int {
	if p.overpy == nil {
		return 0
	}
	return opy.Errors(p.overpy.res.Diags)
}

// HasErrors reports whether the program has an error: the provider's, the
// parser's or the validator's.
func (p *Program) HasErrors() bool {
	return p.providerErrors() > 0 || p.Checked.Diags.HasErrors()
}

// ErrorCount counts the program's error diagnostics.
func (p *Program) ErrorCount() int {
	return p.providerErrors() + p.Checked.Diags.Count(diag.Error)
}

// WarningCount counts the program's warning diagnostics.
func (p *Program) WarningCount() int {
	n := p.Checked.Diags.Count(diag.Warning)
	if p.overpy != nil {
		for _, d := range p.overpy.res.Diags {
			if d.Severity == diag.Warning {
				n++
			}
		}
	}
	return n
}

// SourceFiles lists the program's source files: the entry, then what it
// includes.
func (p *Program) SourceFiles() []string {
	if p.overpy == nil {
		return []string{p.File.Path}
	}
	var out []string
	for _, f := range p.overpy.res.Program.Files {
		out = append(out, f.Path)
	}
	return out
}

// Sources returns the program's source files with their text, as
// SourceFiles lists them: the files positions are reported in.
func (p *Program) Sources() []*source.File {
	if p.overpy == nil {
		return []*source.File{p.File}
	}
	return slices.Clone(p.overpy.res.Program.Files)
}

// A SourceDiagnostic is a diagnostic in one of a program's source files:
// the Workshop file itself, or an OverPy file of an OverPy program.
type SourceDiagnostic struct {
	// File is the source file the span is in.
	File *source.File
	diag.Diagnostic
	// RelatedFiles holds, for each of Related, the file its span is in.
	RelatedFiles []*source.File
}

// SourceDiagnostics returns the program's parse and validation problems
// (and, for OverPy, the provider's) in the source files the user edits:
// for OverPy, every position translated through the source map. A problem
// on generated text with no OverPy source is reported at the start of the
// entry.
func (p *Program) SourceDiagnostics() []SourceDiagnostic {
	if p.overpy == nil {
		out := make([]SourceDiagnostic, 0, len(p.Checked.Diags))
		for _, d := range p.Checked.Diags {
			sd := SourceDiagnostic{File: p.File, Diagnostic: d}
			for range d.Related {
				sd.RelatedFiles = append(sd.RelatedFiles, p.File)
			}
			out = append(out, sd)
		}
		return out
	}
	files := p.overpy.res.Program.Files
	out := make([]SourceDiagnostic, 0, len(p.overpy.res.Diags)+len(p.Checked.Diags))
	for _, d := range p.overpy.res.Diags {
		sd := SourceDiagnostic{File: files[d.File], Diagnostic: d.Diagnostic}
		for _, f := range d.RelatedFiles {
			sd.RelatedFiles = append(sd.RelatedFiles, files[f])
		}
		out = append(out, sd)
	}
	for _, d := range p.Checked.Diags {
		sd := SourceDiagnostic{File: files[0], Diagnostic: d}
		sd.Span = source.Span{}
		// The engine suggests Workshop spellings, which are not OverPy
		// text: an editor would offer them as replacements.
		sd.Suggestions = nil
		if l, ok := p.overpy.res.Map.Lookup(d.Span); ok {
			sd.File, sd.Span = files[l.File], l.Span
		}
		sd.Related = nil
		for _, r := range d.Related {
			if l, ok := p.overpy.res.Map.Lookup(r.Span); ok {
				sd.Related = append(sd.Related, diag.Related{Span: l.Span, Message: r.Message})
				sd.RelatedFiles = append(sd.RelatedFiles, files[l.File])
			}
		}
		out = append(out, sd)
	}
	return out
}

// IsOverPy reports whether the program was compiled from OverPy.
func (p *Program) IsOverPy() bool { return p.overpy != nil }

// OverPy returns the OverPy frontend's compile of the program, or nil for
// a Workshop program.
func (p *Program) OverPy() *opy.Result {
	if p.overpy == nil {
		return nil
	}
	return p.overpy.res
}

// compileInputs are the files the program was compiled from and their
// text, for the freshness fingerprint: for OverPy, the entry and every
// file it includes; nothing more for Workshop.
func (p *Program) compileInputs() map[string]string {
	if p.overpy == nil {
		return nil
	}
	out := map[string]string{}
	for _, f := range p.overpy.res.Program.Files {
		out[f.Path] = f.Text
	}
	return out
}
