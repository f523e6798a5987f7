package service

// This file is the OverPy provider as a wright-provider/1 provider
// (providers/protocol): "wright-lsp provider opy" serves it to other
// processes, and providerValidateEdit calls it in process. Positions on
// its wire are 0-based lines and UTF-16 characters; it converts them
// through the edits mapper at its edge.

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sort"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// OverPyProvider serves providers/opy over the provider protocol.
type OverPyProvider struct {
	// Version is the version initialize reports.
	Version string
	// Engine carries the vocabulary and locale options.
	Engine engine.Options
	// Read reads a file the request's documents do not hold (nil: the
	// disk); ReadDir lists a folder an #!include names (nil: the disk).
	// A session confines both to its project.
	Read    func(path string) (string, error)
	ReadDir func(path string) ([]string, error)
}

// Initialize describes the provider.
func (o OverPyProvider) Initialize() protocol.InitializeResult {
	return protocol.InitializeResult{Protocol: protocol.Version, Name: "wright-lsp opy", Version: o.Version,
		Languages:  []string{KindOverPy},
		Operations: []string{protocol.MethodCheck, protocol.MethodCompile, protocol.MethodSourceIdentity, protocol.MethodValidateEdit}}
}

// URIPath reads a file:// URI (or a plain path) as a path.
func URIPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme == "" || len(u.Scheme) == 1 {
		// No scheme, or a Windows drive letter: a path.
		return uri, nil
	}
	if u.Scheme != "file" {
		return "", &protocol.Error{Code: "unsupported-uri", Message: uri + " is not a file: URI"}
	}
	return filepath.FromSlash(u.Path), nil
}

// PathURI writes a path as an absolute file:// URI.
func PathURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// reader turns a request's documents into a reader: their text first,
// then Read.
func (o OverPyProvider) reader(docs map[string]string) (func(string) (string, error), error) {
	byPath := map[string]string{}
	for uri, text := range docs {
		p, err := URIPath(uri)
		if err != nil {
			return nil, err
		}
		abs, _ := filepath.Abs(p)
		byPath[abs] = text
	}
	return func(path string) (string, error) {
		abs, _ := filepath.Abs(path)
		if text, ok := byPath[abs]; ok {
			return text, nil
		}
		if o.Read != nil {
			return o.Read(path)
		}
		f, err := source.ReadFile(path)
		if err != nil {
			return "", err
		}
		return f.Text, nil
	}, nil
}

// program compiles the entry of a request and checks what it lowers to.
func (o OverPyProvider) program(p protocol.ProgramParams) (*Program, error) {
	path, err := URIPath(p.Entry)
	if err != nil {
		return nil, err
	}
	read, err := o.reader(p.Documents)
	if err != nil {
		return nil, err
	}
	text, err := read(path)
	if err != nil {
		return nil, &protocol.Error{Code: "input-io", Message: fmt.Sprintf("cannot read the entry %s: %v", path, err)}
	}
	return newOverPyProgram(source.NewFile(path, text), o.Engine, read, o.ReadDir), nil
}

// providerDiagnostics converts a program's problems to the protocol's
// positions.
func providerDiagnostics(prog *Program) []protocol.Diagnostic {
	mappers := map[*source.File]*edits.Mapper{}
	rng := func(f *source.File, s source.Span) protocol.Range {
		m := mappers[f]
		if m == nil {
			m = edits.NewMapper(f.Text)
			mappers[f] = m
		}
		a, err1 := m.OffsetPosition(s.Start, edits.UTF16)
		b, err2 := m.OffsetPosition(s.End, edits.UTF16)
		if err1 != nil || err2 != nil {
			return protocol.Range{}
		}
		return protocol.Range{Start: protocol.Position{Line: a.Line, Character: a.Character}, End: protocol.Position{Line: b.Line, Character: b.Character}}
	}
	out := []protocol.Diagnostic{}
	for _, x := range prog.SourceDiagnostics() {
		d := protocol.Diagnostic{URI: PathURI(x.File.Path), Range: rng(x.File, x.Span), Severity: x.Severity.String(), Code: string(x.Code), Message: x.Message}
		for i, r := range x.Related {
			d.Related = append(d.Related, protocol.Related{URI: PathURI(x.RelatedFiles[i].Path), Range: rng(x.RelatedFiles[i], r.Span), Message: r.Message})
		}
		out = append(out, d)
	}
	return out
}

func providerInputs(prog *Program) []string {
	var out []string
	for _, f := range prog.SourceFiles() {
		out = append(out, PathURI(f))
	}
	return out
}

// Check answers check.
func (o OverPyProvider) Check(p protocol.ProgramParams) (*protocol.CheckResult, error) {
	prog, err := o.program(p)
	if err != nil {
		return nil, err
	}
	return &protocol.CheckResult{Diagnostics: providerDiagnostics(prog), Inputs: providerInputs(prog)}, nil
}

// Compile answers compile.
func (o OverPyProvider) Compile(p protocol.ProgramParams) (*protocol.CompileResult, error) {
	prog, err := o.program(p)
	if err != nil {
		return nil, err
	}
	res := &protocol.CompileResult{Diagnostics: providerDiagnostics(prog), Inputs: providerInputs(prog), SourceMap: []protocol.Mapping{}}
	if prog.HasErrors() {
		return res, nil
	}
	r := prog.OverPy()
	res.Workshop = r.Text
	mappers := make([]*edits.Mapper, len(r.Program.Files))
	for _, m := range r.Map.Mappings {
		if m.From.File < 0 {
			continue
		}
		if mappers[m.From.File] == nil {
			mappers[m.From.File] = edits.NewMapper(r.Program.Files[m.From.File].Text)
		}
		a, err1 := mappers[m.From.File].OffsetPosition(m.From.Start, edits.UTF16)
		b, err2 := mappers[m.From.File].OffsetPosition(m.From.End, edits.UTF16)
		if err1 != nil || err2 != nil {
			continue
		}
		res.SourceMap = append(res.SourceMap, protocol.Mapping{Start: m.Span.Start, End: m.Span.End, URI: PathURI(r.Program.Files[m.From.File].Path),
			Range: protocol.Range{Start: protocol.Position{Line: a.Line, Character: a.Character}, End: protocol.Position{Line: b.Line, Character: b.Character}}})
	}
	return res, nil
}

// SourceIdentity answers sourceIdentity.
func (o OverPyProvider) SourceIdentity(p protocol.SourceIdentityParams) (*protocol.SourceIdentityResult, error) {
	if p.Text != nil {
		return &protocol.SourceIdentityResult{Identity: edits.Identity(*p.Text)}, nil
	}
	path, err := URIPath(p.URI)
	if err != nil {
		return nil, err
	}
	read, _ := o.reader(nil)
	text, err := read(path)
	if err != nil {
		return nil, &protocol.Error{Code: "input-io", Message: fmt.Sprintf("cannot read %s: %v", path, err)}
	}
	return &protocol.SourceIdentityResult{Identity: edits.Identity(text)}, nil
}

// ValidateEdit answers validateEdit: the edits applied to the documents'
// text, the program checked again. Nothing is written.
func (o OverPyProvider) ValidateEdit(p protocol.ValidateEditParams) (*protocol.ValidateEditResult, error) {
	read, err := o.reader(p.Documents)
	if err != nil {
		return nil, err
	}
	// Apply the edits, per document, in the positions of its text
	// before any of them.
	edited := map[string]string{}
	byURI := map[string][]protocol.TextEdit{}
	var uris []string
	for _, e := range p.Edits {
		if _, ok := byURI[e.URI]; !ok {
			uris = append(uris, e.URI)
		}
		byURI[e.URI] = append(byURI[e.URI], e)
	}
	sort.Strings(uris)
	for _, uri := range uris {
		path, err := URIPath(uri)
		if err != nil {
			return nil, err
		}
		text, err := read(path)
		if err != nil {
			return nil, &protocol.Error{Code: edits.CodeUnknownSource, Message: fmt.Sprintf("%s cannot be read: %v", uri, err)}
		}
		m := edits.NewMapper(text)
		var es []source.Edit
		for _, e := range byURI[uri] {
			a, err1 := m.PositionOffset(edits.Position{Line: e.Range.Start.Line, Character: e.Range.Start.Character}, edits.UTF16)
			b, err2 := m.PositionOffset(edits.Position{Line: e.Range.End.Line, Character: e.Range.End.Character}, edits.UTF16)
			if err1 != nil || err2 != nil || b < a {
				return nil, &protocol.Error{Code: edits.CodeOutOfRange, Message: fmt.Sprintf("an edit of %s is outside its text", uri)}
			}
			es = append(es, source.Edit{Span: source.Span{Start: a, End: b}, New: e.NewText})
		}
		out, err := source.Apply(text, es)
		if err != nil {
			return nil, &protocol.Error{Code: edits.CodeOverlap, Message: fmt.Sprintf("edits of %s: %v", uri, err)}
		}
		edited[uri] = out
	}
	docs := map[string]string{}
	for uri, text := range p.Documents {
		docs[uri] = text
	}
	for uri, text := range edited {
		docs[uri] = text
	}
	prog, err := o.program(protocol.ProgramParams{Entry: p.Entry, Documents: docs})
	if err != nil {
		return nil, err
	}
	ds := providerDiagnostics(prog)
	ok := true
	for _, d := range ds {
		ok = ok && d.Severity != diag.Error.String()
	}
	return &protocol.ValidateEditResult{OK: ok, Diagnostics: ds, Documents: edited, Inputs: providerInputs(prog)}, nil
}
