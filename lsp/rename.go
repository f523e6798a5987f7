package lsp

// This file answers prepareRename and rename with the engine's rename,
// which refuses names the game would not take or that are taken.

import (
	"context"
	"errors"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/rename"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func init() {
	register("textDocument/prepareRename", handler(func(_ context.Context, s *Server, p *protocol.PrepareRenameParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyPrepareRename(d, p.Position)
		}
		d, ref, ok, err := s.symbolAt(p.TextDocument.URI, p.Position)
		if err != nil || !ok {
			return nil, err // null: nothing to rename here
		}
		sym := d.program().Index().Symbols[ref.Symbol]
		if sym.Kind != index.Rule && !sym.Declared {
			return nil, &jsonrpc2.Error{Code: codeRequestFailed,
				Message: sym.Name + " is a default variable name: declare it in the variables block to rename it"}
		}
		span := ref.Span
		placeholder := sym.Name
		if sym.Kind == index.Rule {
			// Offer the name inside the quotes.
			span = source.Span{Start: span.Start + 1, End: span.End - 1}
		}
		rng, err := s.lspRange(d, span)
		if err != nil {
			return nil, nil
		}
		return protocol.RangeWithPlaceholder{Range: rng, Placeholder: placeholder}, nil
	}))
	register("textDocument/rename", handler(func(_ context.Context, s *Server, p *protocol.RenameParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			we, err := s.overpyRename(d, p.Position, p.NewName)
			if err != nil {
				return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: err.Error()}
			}
			if we == nil {
				return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "there is no variable, subroutine or macro name here to rename"}
			}
			return we, nil
		}
		d, ref, ok, err := s.symbolAt(p.TextDocument.URI, p.Position)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "there is no variable, subroutine or rule name here to rename"}
		}
		es, err := rename.Edits(d.program().File, d.program().Index(), ref.Symbol, p.NewName)
		if err != nil {
			var re *rename.Error
			if errors.As(err, &re) {
				return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: re.Message}
			}
			return nil, err
		}
		return s.workspaceEdit(d, es)
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, client *clientCapabilities) {
		if client.TextDocument.Rename.PrepareSupport {
			caps["renameProvider"] = map[string]any{"prepareProvider": true}
		} else {
			caps["renameProvider"] = true
		}
	})
}

// workspaceEdit states byte edits of a document as a workspace edit:
// versioned documentChanges when the client takes them, else changes.
func (s *Server) workspaceEdit(d *document, es []source.Edit) (*protocol.WorkspaceEdit, error) {
	tes := []protocol.TextEdit{}
	for _, e := range es {
		rng, err := s.lspRange(d, e.Span)
		if err != nil {
			return nil, err
		}
		tes = append(tes, protocol.TextEdit{Range: rng, NewText: e.New})
	}
	s.mu.Lock()
	versioned := s.client.Workspace.WorkspaceEdit.DocumentChanges
	s.mu.Unlock()
	if versioned {
		id := protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: d.uri}}
		if d.open {
			v := protocol.Integer(d.version)
			id.Version = &v
		}
		return &protocol.WorkspaceEdit{DocumentChanges: []any{protocol.TextDocumentEdit{TextDocument: id, Edits: toAny(tes)}}}, nil
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: tes}}, nil
}

func toAny(tes []protocol.TextEdit) []any {
	out := make([]any, len(tes))
	for i, t := range tes {
		out[i] = t
	}
	return out
}
