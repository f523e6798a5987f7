package lsp

// This file serves lint findings on OverPy documents: the engine lints
// the lowered program, and each finding is published where the source
// map places it in the OverPy text (a finding on generated text, with no
// OverPy source, is not published rather than shown at a guessed place).
// A finding's fix is offered as a quick fix only when it can be stated on
// the OverPy text and the edited text compiles to exactly the fixed
// program (service.Program.OverPyFix, which has the provider validate
// and compile the edit); otherwise it is withheld. A finding in a file the
// document includes is published on that file with the document named in
// its data, and gets its fix there the same way. Fix-all is not offered
// on OverPy.

import (
	"encoding/json"
	"fmt"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/providers/opy"
	"github.com/wright-lsp/wright-lsp/service"
)

// An overpyFinding is a lint finding at its place in an OverPy file.
type overpyFinding struct {
	lint.Finding
	file *source.File
	span source.Span
}

// overpyFindings are an OverPy document's findings at OverPy positions,
// in every file of its program; one per code, place and message. None
// while the OverPy compile has errors: the lowered program then lacks
// what failed to lower, and its findings (a variable "never read" by the
// statement that did not compile) would be wrong. The service refuses
// such a program for the same reason.
func (s *Server) overpyFindings(d *document) []overpyFinding {
	p := d.program()
	if opy.Errors(p.OverPy().Diags) > 0 {
		return nil
	}
	type key struct {
		path, code, message string
		span                source.Span
	}
	seen := map[key]bool{}
	var out []overpyFinding
	for _, f := range s.findings(d).Findings {
		file, span, ok := p.SourceSpan(f.Span)
		if !ok {
			continue
		}
		k := key{file.Path, f.Code, f.Message, span}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, overpyFinding{Finding: p.OverPyWording(f), file: file, span: span})
	}
	return out
}

// overpyFindingDiagnostic is the diagnostic of a finding of d's program,
// with the data a code action finds it again by; a finding in a file d
// includes names d as its entry.
func overpyFindingDiagnostic(d *document, f overpyFinding, r protocol.Range) protocol.Diagnostic {
	source := "wright"
	pd := protocol.Diagnostic{Range: r, Severity: severity(f.Severity), Code: &protocol.IntegerOrString{Value: f.Code},
		Source: &source, Message: f.Message}
	data := diagnosticData{Version: d.version, Kind: "lint", Code: f.Code, Start: f.span.Start, End: f.span.End}
	if !sameFile(f.file.Path, d.path) {
		data.Entry = d.uri
	}
	if f.Fix != nil {
		// A fix the Workshop text has; whether it can be stated on
		// the OverPy text is found when a code action asks.
		data.Fix = f.Fix.Kind
	}
	pd.Data = data
	return pd
}

// overpyFix states on the OverPy text the fix of the finding a
// diagnostic's data names, in the file at path of entry's program (entry
// itself or a file it includes), validated through the provider; an
// error says why it is withheld.
func (s *Server) overpyFix(entry *document, path string, data diagnosticData) (*protocol.WorkspaceEdit, *lint.Finding, error) {
	for _, f := range s.overpyFindings(entry) {
		if f.Fix == nil || f.Code != data.Code || !sameFile(f.file.Path, path) || f.span.Start != data.Start || f.span.End != data.End {
			continue
		}
		es, err := entry.program().OverPyFix(f.Finding)
		if err != nil {
			return nil, nil, err
		}
		we, err := s.overpyWorkspaceEdit(entry, es)
		if err != nil {
			return nil, nil, err
		}
		return we, &f.Finding, nil
	}
	return nil, nil, fmt.Errorf("no %s finding with a fix at %d..%d of %s", data.Code, data.Start, data.End, path)
}

// overpyFixAction is the quick fix of the finding a diagnostic's data
// names, or nil when its fix is withheld on OverPy.
func (s *Server) overpyFixAction(entry *document, path string, data diagnosticData, cd json.RawMessage) *codeAction {
	we, f, err := s.overpyFix(entry, path, data)
	if err != nil {
		return nil
	}
	return &codeAction{Title: f.Fix.Summary, Kind: "quickfix", Edit: we, Diagnostics: []json.RawMessage{cd},
		IsPreferred: !lint.IsAcknowledgement(f.Fix.Kind)}
}

// dataOwner is the document whose analysis a diagnostic's data was made
// for: d itself, or the OverPy document including d whose compile found
// the problem (nil when that document is gone, is at another version, or
// compiled another text of d than d's own).
func (s *Server) dataOwner(d *document, data diagnosticData) *document {
	if data.Entry == "" {
		if data.Version != d.version {
			return nil
		}
		return d
	}
	owner := s.docs.get(data.Entry)
	if owner == nil || !owner.overpy || owner.version != data.Version {
		return nil
	}
	res := owner.program().OverPy()
	i := overpyFileOf(res, d.path)
	if i < 0 || res.Program.Files[i].Text != d.text {
		return nil
	}
	return owner
}

// overpyWorkspaceEdit converts edits of an OverPy program's files to a
// workspace edit: d's through its mapper, an included file's through one
// built for the text it was compiled from.
func (s *Server) overpyWorkspaceEdit(d *document, es []service.OverPyEdit) (*protocol.WorkspaceEdit, error) {
	enc := s.encoding()
	var uris []string
	byURI := map[string][]protocol.TextEdit{}
	versions := map[string]*protocol.Integer{}
	for _, e := range es {
		uri, m := d.uri, d.mapper
		if !sameFile(e.File.Path, d.path) {
			uri, m = pathURI(e.File.Path), edits.NewMapper(e.File.Text)
			if other := s.docs.get(uri); other != nil && other.open && other.text == e.File.Text {
				v := protocol.Integer(other.version)
				versions[uri] = &v
			}
		} else if d.open {
			v := protocol.Integer(d.version)
			versions[uri] = &v
		}
		r, err := mapperRange(m, e.Span, enc)
		if err != nil {
			return nil, err
		}
		if _, ok := byURI[uri]; !ok {
			uris = append(uris, uri)
		}
		byURI[uri] = append(byURI[uri], protocol.TextEdit{Range: r, NewText: e.New})
	}
	s.mu.Lock()
	versioned := s.client.Workspace.WorkspaceEdit.DocumentChanges
	s.mu.Unlock()
	if !versioned {
		return &protocol.WorkspaceEdit{Changes: byURI}, nil
	}
	var changes []any
	for _, uri := range uris {
		id := protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: versions[uri]}
		changes = append(changes, protocol.TextDocumentEdit{TextDocument: id, Edits: toAny(byURI[uri])})
	}
	return &protocol.WorkspaceEdit{DocumentChanges: changes}, nil
}
