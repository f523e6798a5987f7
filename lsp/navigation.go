package lsp

// This file answers the requests that follow a symbol: references,
// definition and documentHighlight, all from the semantic index.

import (
	"context"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/index"
)

func init() {
	register("textDocument/references", handler(func(_ context.Context, s *Server, p *protocol.ReferenceParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			locs, _, err := s.overpyReferences(d, p.Position, p.Context.IncludeDeclaration)
			return locs, err
		}
		d, ref, ok, err := s.symbolAt(p.TextDocument.URI, p.Position)
		if err != nil || !ok {
			return []protocol.Location{}, err
		}
		out := []protocol.Location{}
		for _, r := range d.program().Index().RefsOf(ref.Symbol) {
			if r.Kind == index.Declaration && !p.Context.IncludeDeclaration {
				continue
			}
			if rng, err := s.lspRange(d, r.Span); err == nil {
				out = append(out, protocol.Location{URI: d.uri, Range: rng})
			}
		}
		return out, nil
	}))
	register("textDocument/definition", handler(func(_ context.Context, s *Server, p *protocol.DefinitionParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyDefinition(d, p.Position)
		}
		d, ref, ok, err := s.symbolAt(p.TextDocument.URI, p.Position)
		if err != nil || !ok {
			return []protocol.Location{}, err
		}
		ix := d.program().Index()
		target := ix.Symbols[ref.Symbol].Span
		// A subroutine is defined by the rule that runs it; a variable
		// by its declaration, which is the symbol's span.
		for _, r := range ix.RefsOf(ref.Symbol) {
			if r.Kind == index.Definition {
				target = r.Span
				break
			}
		}
		rng, err := s.lspRange(d, target)
		if err != nil {
			return []protocol.Location{}, nil
		}
		return []protocol.Location{{URI: d.uri, Range: rng}}, nil
	}))
	register("textDocument/documentHighlight", handler(func(_ context.Context, s *Server, p *protocol.DocumentHighlightParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyHighlights(d, p.Position)
		}
		d, ref, ok, err := s.symbolAt(p.TextDocument.URI, p.Position)
		if err != nil || !ok {
			return []protocol.DocumentHighlight{}, err
		}
		out := []protocol.DocumentHighlight{}
		for _, r := range d.program().Index().RefsOf(ref.Symbol) {
			kind := protocol.DocumentHighlightKindText
			switch r.Kind {
			case index.Read:
				kind = protocol.DocumentHighlightKindRead
			case index.Write:
				kind = protocol.DocumentHighlightKindWrite
			}
			if rng, err := s.lspRange(d, r.Span); err == nil {
				out = append(out, protocol.DocumentHighlight{Range: rng, Kind: &kind})
			}
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["referencesProvider"] = true
		caps["definitionProvider"] = true
		caps["documentHighlightProvider"] = true
	})
}

// symbolAt finds the reference under a position: ok is false when the
// position is on no variable, subroutine or rule name.
func (s *Server) symbolAt(uri string, pos protocol.Position) (*document, index.Reference, bool, error) {
	d, off, err := s.documentAt(uri, pos)
	if err != nil {
		return nil, index.Reference{}, false, err
	}
	ref, ok := d.program().Index().At(off)
	return d, ref, ok, nil
}
