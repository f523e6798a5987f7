package service

// This file states lint fixes on OverPy sources. A lint fix edits the
// lowered Workshop text, which no one edits; on OverPy it is offered only
// as edits of the OverPy text, and only when compiling the edited OverPy
// text gives exactly the lowered text the Workshop fix gives. Translating
// proposes OverPy edits from the source map; compiling again decides: a
// proposal that does not compile to the same bytes is withheld, never
// offered "nearly right". The provider decides (compilesTo): its
// validateEdit, as providerValidateEdit uses it, then its compile.
//
// What translates: a deletion (of a declaration, a dead branch) becomes
// the deletion of the OverPy text the deleted constructs came from, then
// of the whole lines holding it; a replacement by the Workshop name of a
// catalog value with no arguments (Last Created Entity) becomes its
// OverPy spelling. Anything else (Evaluate Once(…) wrapped around an
// expression, a fix reaching generated text) is withheld.

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// An OverPyEdit replaces a span of one OverPy source file.
type OverPyEdit struct {
	File *source.File
	source.Edit
}

// SourceSpan maps a span of an OverPy program's lowered text to the OverPy
// text it came from; ok is false for generated text, and for a Workshop
// program.
func (p *Program) SourceSpan(s source.Span) (f *source.File, span source.Span, ok bool) {
	if p.overpy == nil {
		return nil, source.Span{}, false
	}
	l, ok := p.overpy.res.Map.Lookup(s)
	if !ok {
		return nil, source.Span{}, false
	}
	return p.overpy.res.Program.Files[l.File], l.Span, true
}

// OverPyFix states a finding's fix on the OverPy sources, or says why it
// is withheld.
func (p *Program) OverPyFix(f lint.Finding) ([]OverPyEdit, error) {
	if p.overpy == nil {
		return nil, errors.New("not an OverPy program")
	}
	if f.Fix == nil {
		return nil, errors.New("the finding has no fix")
	}
	want, err := source.Apply(p.File.Text, f.Fix.Edits)
	if err != nil {
		return nil, err
	}
	// Each edit has its proposals, most natural first; proposal k of
	// every edit is tried together.
	var proposals [][]OverPyEdit
	for _, e := range f.Fix.Edits {
		ps, err := p.overpyProposals(e)
		if err != nil {
			return nil, err
		}
		proposals = append(proposals, ps)
	}
	tried := map[string]bool{}
	for k := 0; ; k++ {
		var set []OverPyEdit
		more := false
		for _, ps := range proposals {
			set = append(set, ps[min(k, len(ps)-1)])
			more = more || k < len(ps)-1
		}
		key := fmt.Sprint(set)
		if !tried[key] {
			tried[key] = true
			if p.compilesTo(set, want) {
				return set, nil
			}
		}
		if !more {
			return nil, errors.New("no OverPy edit compiles to the fixed program")
		}
	}
}

// overpyProposals proposes OverPy edits for one edit of the lowered text.
func (p *Program) overpyProposals(e source.Edit) ([]OverPyEdit, error) {
	res := p.overpy.res
	if e.New == "" {
		// The outermost mappings inside the deleted text: the constructs
		// the deletion removes.
		var file = -1
		var cover source.Span
		end := -1
		for _, m := range res.Map.Mappings {
			if m.Span.Start < e.Span.Start || m.Span.End > e.Span.End || m.Span.Start < end || m.Span.Start == m.Span.End {
				continue
			}
			end = m.Span.End
			if m.From.File < 0 {
				continue
			}
			switch {
			case file < 0:
				file, cover = m.From.File, m.From.Span
			case file != m.From.File:
				return nil, errors.New("the deleted text comes from more than one OverPy file")
			default:
				cover = cover.Cover(m.From.Span)
			}
		}
		if file < 0 {
			return nil, errors.New("the deleted text has no OverPy source")
		}
		f := res.Program.Files[file]
		lines := wholeLines(f.Text, cover)
		exact := OverPyEdit{File: f, Edit: source.Edit{Span: cover}}
		whole := OverPyEdit{File: f, Edit: source.Edit{Span: lines}}
		if strings.TrimSpace(f.Text[lines.Start:cover.Start]) == "" && strings.TrimSpace(f.Text[cover.End:lines.End]) == "" {
			return []OverPyEdit{whole, exact}, nil
		}
		return []OverPyEdit{exact, whole}, nil
	}
	// A replacement: by the name of a catalog value written bare.
	f, span, ok := p.SourceSpan(e.Span)
	if !ok {
		return nil, errors.New("the replaced text has no OverPy source")
	}
	var out []OverPyEdit
	for _, r := range p.vocab().Lookup(e.New) {
		if r.Kind() != vocab.KindValue || !r.Locales.Has(vocab.EnUS) {
			continue
		}
		id := vocab.EntryOf(r.Item).ID
		if el := p.vocab().Value(id); el == nil || len(el.Params) > 0 {
			continue
		}
		out = append(out, OverPyEdit{File: f, Edit: source.Edit{Span: span, New: id + "()"}},
			OverPyEdit{File: f, Edit: source.Edit{Span: span, New: id}})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the fix writes %q, which has no OverPy spelling", e.New)
	}
	return out, nil
}

func (p *Program) vocab() *vocab.Vocabulary {
	if p.overpy.vocab != nil {
		return p.overpy.vocab
	}
	return vocab.Default()
}

// wholeLines widens a span to the lines holding it, with the last line's
// line break.
func wholeLines(text string, s source.Span) source.Span {
	start := strings.LastIndexByte(text[:s.Start], '\n') + 1
	end := len(text)
	if i := strings.IndexByte(text[s.End:], '\n'); i >= 0 {
		end = s.End + i + 1
	}
	return source.Span{Start: start, End: end}
}

// compilesTo reports whether the program's OverPy sources, with edits
// applied, are valid to the provider and compile to exactly want. The
// provider decides, as providerValidateEdit has it decide: its
// validateEdit applies the edits (stated in its positions, 0-based
// UTF-16) and checks the edited program, which must have no more errors
// than the program has; its compile of the edited documents must give
// want byte for byte.
func (p *Program) compilesTo(es []OverPyEdit, want string) bool {
	files := p.overpy.res.Program.Files
	docs := make(map[string]string, len(files))
	for _, f := range files {
		docs[PathURI(f.Path)] = f.Text
	}
	params := protocol.ValidateEditParams{ProgramParams: protocol.ProgramParams{Entry: PathURI(files[0].Path), Documents: docs}}
	for _, e := range es {
		m := edits.NewMapper(e.File.Text)
		a, err1 := m.OffsetPosition(e.Span.Start, edits.UTF16)
		b, err2 := m.OffsetPosition(e.Span.End, edits.UTF16)
		if err1 != nil || err2 != nil {
			return false
		}
		params.Edits = append(params.Edits, protocol.TextEdit{URI: PathURI(e.File.Path), NewText: e.New,
			Range: protocol.Range{Start: protocol.Position{Line: a.Line, Character: a.Character}, End: protocol.Position{Line: b.Line, Character: b.Character}}})
	}
	prov := p.overpy.provider(files)
	res, err := prov.ValidateEdit(params)
	if err != nil {
		return false
	}
	errs := 0
	for _, d := range res.Diagnostics {
		if d.Severity == diag.Error.String() {
			errs++
		}
	}
	if errs > p.ErrorCount() {
		return false
	}
	for uri, text := range res.Documents {
		docs[uri] = text
	}
	out, err := prov.Compile(protocol.ProgramParams{Entry: params.Entry, Documents: docs})
	return err == nil && out.Workshop == want
}

// provider is the provider the program's sources are validated by: the
// OverPy provider reading only the program's files (an edit that makes
// the program include another file is not a fix).
func (o *overpySource) provider(files []*source.File) protocol.Provider {
	if o.external != nil {
		// Every file of the program is among the documents sent.
		return o.external
	}
	return OverPyProvider{Engine: engine.Options{Vocab: o.vocab}, Read: func(path string) (string, error) {
		for _, f := range files {
			if sameFile(f.Path, path) {
				return f.Text, nil
			}
		}
		return "", os.ErrNotExist
	}, ReadDir: func(string) ([]string, error) { return nil, os.ErrNotExist }}
}
