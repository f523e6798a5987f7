package lsp

// This file keeps documents in step with the editor and the disk:
// didOpen, didChange (incremental), didClose, didSave and
// didChangeWatchedFiles, all applied in arrival order.

import (
	"fmt"
	"path/filepath"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/service"
)

func init() {
	register("textDocument/didOpen", notification(func(s *Server, p *protocol.DidOpenTextDocumentParams) {
		path, _ := uriPath(p.TextDocument.URI)
		if p.TextDocument.LanguageID != "workshop" && !isServed(path) {
			// Other languages have no frontend here: serve nothing rather
			// than read them as Workshop, and say so with an empty
			// publication.
			s.notify("textDocument/publishDiagnostics", map[string]any{"uri": p.TextDocument.URI, "diagnostics": []any{}})
			return
		}
		s.docs.open(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
	}))
	register("textDocument/didChange", notification(func(s *Server, p *protocol.DidChangeTextDocumentParams) {
		if err := s.docs.change(p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges, s.encoding()); err != nil {
			// A notification has no answer: say it where the user sees it,
			// and resynchronize by asking nothing — the next full change or
			// reopen repairs the document.
			s.warnUser(fmt.Sprintf("wright-lsp: an edit could not be applied (%v); close and reopen the file if its problems look wrong", err))
		}
	}))
	register("textDocument/didClose", notification(func(s *Server, p *protocol.DidCloseTextDocumentParams) {
		s.docs.close(p.TextDocument.URI)
		s.pulls.forget(p.TextDocument.URI)
		s.semantic.forget(p.TextDocument.URI)
	}))
	register("textDocument/didSave", notification(func(s *Server, p *protocol.DidSaveTextDocumentParams) {}))
	register("workspace/didChangeWatchedFiles", notification(func(s *Server, p *protocol.DidChangeWatchedFilesParams) {
		var uris []string
		policyChanged := false
		for _, c := range p.Changes {
			path, ok := uriPath(c.URI)
			if !ok {
				continue
			}
			if filepath.Base(path) == service.ProjectFile {
				policyChanged = true
				continue
			}
			if uri := s.docs.reload(path); uri != "" {
				uris = append(uris, uri)
			}
		}
		s.docs.notify(uris...)
		if policyChanged {
			// The project's lint policy: every document is checked again
			// under it (or, when it no longer reads, under the last one).
			s.loadProjectConfig()
		}
		s.mu.Lock()
		s.resetAgentsLocked()
		s.mu.Unlock()
	}))
}

// encoding returns the negotiated position encoding.
func (s *Server) encoding() edits.Encoding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc
}

// document returns the Workshop document a request names, or an error
// for a document the server does not know or that is OverPy.
func (s *Server) document(uri string) (*document, error) {
	d, err := s.servedDocument(uri)
	if err != nil {
		return nil, err
	}
	if d.overpy {
		// Features read positions in the document's Workshop tree; an
		// OverPy document's tree is the lowered program, so they answer
		// nothing until they read OverPy positions (diagnostics do).
		return nil, errOverPyFeature
	}
	return d, nil
}

// servedDocument returns the document a request names, Workshop or
// OverPy, for the features that tell them apart themselves.
func (s *Server) servedDocument(uri string) (*document, error) {
	d := s.docs.getOrLoad(uri)
	if d == nil {
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: fmt.Sprintf("%s is neither open nor a Workshop or OverPy file of the workspace", uri)}
	}
	if d.tooLarge {
		return nil, errTooLarge
	}
	return d, nil
}

// span converts a request's range in a document to byte offsets.
func (s *Server) span(d *document, r protocol.Range) (source.Span, error) {
	start, err := s.offset(d, r.Start)
	if err != nil {
		return source.Span{}, err
	}
	end, err := s.offset(d, r.End)
	if err != nil {
		return source.Span{}, err
	}
	return source.Span{Start: start, End: end}, nil
}

// offset converts a request's position in a document to a byte offset;
// a position outside the text is an error, never clamped.
func (s *Server) offset(d *document, p protocol.Position) (int, error) {
	off, err := d.mapper.PositionOffset(position(p), s.encoding())
	if err != nil {
		return 0, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("position %d:%d of %s: %v", p.Line, p.Character, d.uri, err)}
	}
	return off, nil
}
