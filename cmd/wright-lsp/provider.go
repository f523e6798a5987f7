package main

// This file implements "wright-lsp provider opy": the OverPy frontend as
// an out-of-process source-language provider speaking wright-provider/1
// on standard input and output (providers/protocol,
// docs/provider-protocol.md).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
	"github.com/wright-lsp/wright-lsp/service"
)

func runProvider(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("provider")
	rest, code, done := parseFlags("provider", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if rest[0] != "opy" {
		fmt.Fprintf(stderr, "wright-lsp provider: no provider for %q: the one shipped is opy\nrun 'wright-lsp help provider' for usage\n", rest[0])
		return exitUsage
	}
	if err := protocol.Serve(context.Background(), stdioStream{os.Stdin, stdout}, overpyProvider{}); err != nil {
		fmt.Fprintf(stderr, "wright-lsp provider: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// overpyProvider serves providers/opy over the protocol.
type overpyProvider struct{}

func (overpyProvider) Initialize() protocol.InitializeResult {
	return protocol.InitializeResult{Protocol: protocol.Version, Name: "wright-lsp opy", Version: version(),
		Languages:  []string{"opy"},
		Operations: []string{protocol.MethodCheck, protocol.MethodCompile, protocol.MethodSourceIdentity, protocol.MethodValidateEdit}}
}

// uriPath reads a file:// URI (or a plain path).
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme == "" {
		return uri, nil
	}
	if u.Scheme != "file" {
		return "", &protocol.Error{Code: "unsupported-uri", Message: uri + " is not a file: URI"}
	}
	return filepath.FromSlash(u.Path), nil
}

func pathURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// documents turns a request's documents into a reader: their text first,
// then the disk.
func documents(docs map[string]string) (func(string) (string, error), error) {
	byPath := map[string]string{}
	for uri, text := range docs {
		p, err := uriPath(uri)
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
		f, err := source.ReadFile(path)
		if err != nil {
			return "", err
		}
		return f.Text, nil
	}, nil
}

// program compiles the entry of a request and checks what it lowers to.
func program(p protocol.ProgramParams) (*service.Program, error) {
	path, err := uriPath(p.Entry)
	if err != nil {
		return nil, err
	}
	read, err := documents(p.Documents)
	if err != nil {
		return nil, err
	}
	text, err := read(path)
	if err != nil {
		return nil, &protocol.Error{Code: "input-io", Message: fmt.Sprintf("cannot read the entry %s: %v", path, err)}
	}
	return service.NewOverPyProgram(source.NewFile(path, text), engine.Options{}, read), nil
}

// diagnostics converts a program's problems to the protocol's positions.
func diagnostics(prog *service.Program) []protocol.Diagnostic {
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
		d := protocol.Diagnostic{URI: pathURI(x.File.Path), Range: rng(x.File, x.Span), Severity: x.Severity.String(), Code: string(x.Code), Message: x.Message}
		for i, r := range x.Related {
			d.Related = append(d.Related, protocol.Related{URI: pathURI(x.RelatedFiles[i].Path), Range: rng(x.RelatedFiles[i], r.Span), Message: r.Message})
		}
		out = append(out, d)
	}
	return out
}

func inputs(prog *service.Program) []string {
	var out []string
	for _, f := range prog.SourceFiles() {
		out = append(out, pathURI(f))
	}
	return out
}

func (overpyProvider) Check(p protocol.ProgramParams) (*protocol.CheckResult, error) {
	prog, err := program(p)
	if err != nil {
		return nil, err
	}
	return &protocol.CheckResult{Diagnostics: diagnostics(prog), Inputs: inputs(prog)}, nil
}

func (overpyProvider) Compile(p protocol.ProgramParams) (*protocol.CompileResult, error) {
	prog, err := program(p)
	if err != nil {
		return nil, err
	}
	res := &protocol.CompileResult{Diagnostics: diagnostics(prog), Inputs: inputs(prog), SourceMap: []protocol.Mapping{}}
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
		res.SourceMap = append(res.SourceMap, protocol.Mapping{Start: m.Span.Start, End: m.Span.End, URI: pathURI(r.Program.Files[m.From.File].Path),
			Range: protocol.Range{Start: protocol.Position{Line: a.Line, Character: a.Character}, End: protocol.Position{Line: b.Line, Character: b.Character}}})
	}
	return res, nil
}

func (overpyProvider) SourceIdentity(p protocol.SourceIdentityParams) (*protocol.SourceIdentityResult, error) {
	text := ""
	if p.Text != nil {
		text = *p.Text
	} else {
		path, err := uriPath(p.URI)
		if err != nil {
			return nil, err
		}
		f, err := source.ReadFile(path)
		if err != nil {
			return nil, &protocol.Error{Code: "input-io", Message: fmt.Sprintf("cannot read %s: %v", path, err)}
		}
		text = f.Text
	}
	sum := sha256.Sum256([]byte(text))
	return &protocol.SourceIdentityResult{Identity: hex.EncodeToString(sum[:])}, nil
}

func (overpyProvider) ValidateEdit(p protocol.ValidateEditParams) (*protocol.ValidateEditResult, error) {
	read, err := documents(p.Documents)
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
		path, err := uriPath(uri)
		if err != nil {
			return nil, err
		}
		text, err := read(path)
		if err != nil {
			return nil, &protocol.Error{Code: "edit-unknown-source", Message: fmt.Sprintf("%s cannot be read: %v", uri, err)}
		}
		m := edits.NewMapper(text)
		var es []source.Edit
		for _, e := range byURI[uri] {
			a, err1 := m.PositionOffset(edits.Position{Line: e.Range.Start.Line, Character: e.Range.Start.Character}, edits.UTF16)
			b, err2 := m.PositionOffset(edits.Position{Line: e.Range.End.Line, Character: e.Range.End.Character}, edits.UTF16)
			if err1 != nil || err2 != nil || b < a {
				return nil, &protocol.Error{Code: "edit-out-of-range", Message: fmt.Sprintf("an edit of %s is outside its text", uri)}
			}
			es = append(es, source.Edit{Span: source.Span{Start: a, End: b}, New: e.NewText})
		}
		out, err := source.Apply(text, es)
		if err != nil {
			return nil, &protocol.Error{Code: "edit-overlap", Message: fmt.Sprintf("edits of %s: %v", uri, err)}
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
	prog, err := program(protocol.ProgramParams{Entry: p.Entry, Documents: docs})
	if err != nil {
		return nil, err
	}
	ds := diagnostics(prog)
	ok := true
	for _, d := range ds {
		ok = ok && d.Severity != diag.Error.String()
	}
	return &protocol.ValidateEditResult{OK: ok, Diagnostics: ds, Documents: edited}, nil
}
