package lsp

// This file links each diagnostic to the explanation of its code
// (codeDescription, LSP 3.16): editors show the code as a link.

import (
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/service"
)

// describeCodes gives each diagnostic whose code is documented a link to
// its section, when the client shows such links.
func (s *Server) describeCodes(ds []protocol.Diagnostic) {
	if !s.client.TextDocument.PublishDiagnostics.CodeDescriptionSupport {
		return
	}
	for i := range ds {
		if ds[i].Code == nil {
			continue
		}
		code, ok := ds[i].Code.Value.(string)
		if !ok {
			continue
		}
		if doc := service.CodeDocumentation(code); doc != "" {
			ds[i].CodeDescription = &protocol.CodeDescription{HRef: service.DocsBase + doc}
		}
	}
}
