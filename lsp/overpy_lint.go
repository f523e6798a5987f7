package lsp

// This file serves lint findings on OverPy documents: the engine lints
// the lowered program, and each finding is published where the source
// map places it in the OverPy text (a finding on generated text, with no
// OverPy source, is not published rather than shown at a guessed place).
// A finding's fix is offered as a quick fix only when it can be stated on
// the OverPy text and the edited text compiles to exactly the fixed
// program (service.Program.OverPyFix); otherwise it is withheld. Fix-all
// is not offered on OverPy.

import (
	"encoding/json"

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

// overpyFindingDiagnostic is the diagnostic of a finding, with the data a
// code action finds it again by (d is nil for an included file, which
// gets no code actions of its includer's).
func overpyFindingDiagnostic(d *document, f overpyFinding, r protocol.Range) protocol.Diagnostic {
	source := "wright"
	pd := protocol.Diagnostic{Range: r, Severity: severity(f.Severity), Code: &protocol.IntegerOrString{Value: f.Code},
		Source: &source, Message: f.Message}
	if d != nil {
		data := diagnosticData{Version: d.version, Kind: "lint", Code: f.Code, Start: f.span.Start, End: f.span.End}
		if f.Fix != nil {
			// A fix the Workshop text has; whether it can be stated on
			// the OverPy text is found when a code action asks.
			data.Fix = f.Fix.Kind
		}
		pd.Data = data
	}
	return pd
}

// overpyFixAction is the quick fix of the finding a diagnostic's data
// names, or nil when its fix is withheld on OverPy.
func (s *Server) overpyFixAction(d *document, data diagnosticData, cd json.RawMessage) *codeAction {
	for _, f := range s.overpyFindings(d) {
		if f.Fix == nil || f.Code != data.Code || !sameFile(f.file.Path, d.path) || f.span.Start != data.Start || f.span.End != data.End {
			continue
		}
		es, err := d.program().OverPyFix(f.Finding)
		if err != nil {
			return nil
		}
		we, err := s.overpyWorkspaceEdit(d, es)
		if err != nil {
			return nil
		}
		return &codeAction{Title: f.Fix.Summary, Kind: "quickfix", Edit: we, Diagnostics: []json.RawMessage{cd},
			IsPreferred: !lint.IsAcknowledgement(f.Fix.Kind)}
	}
	return nil
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
