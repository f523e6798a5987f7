package lsp

// This file answers textDocument/selectionRange: for each position, the
// chain of nodes around it (ast.Script.Enclosing), innermost first, so
// that "expand selection" grows a name to its call, the statement, the
// block, the rule and the file. On an OverPy document the chain is read
// from the OverPy tree (opy.Program.Enclosing), in the document's own text.

import (
	"context"

	"github.com/wright-lsp/wright-lsp/engine/source"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

func init() {
	register("textDocument/selectionRange", handler(func(ctx context.Context, s *Server, p *protocol.SelectionRangeParams) (any, error) {
		d, err := s.servedDocument(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		enclosing := d.program().Checked.Script.Enclosing
		if d.overpy {
			// The OverPy tree of the document's own file: the lowered
			// program's spans are not in this text.
			enclosing = func(off int) []source.Span {
				res := d.program().OverPy()
				return res.Program.Enclosing(overpyFileOf(res, d.path), off)
			}
		}
		out := make([]protocol.SelectionRange, 0, len(p.Positions))
		for _, pos := range p.Positions {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			off, err := s.offset(d, pos)
			if err != nil {
				return nil, err
			}
			// Built outermost first, so that each range points at its parent.
			spans := enclosing(off)
			var sr *protocol.SelectionRange
			for i := len(spans) - 1; i >= 0; i-- {
				rng, err := s.lspRange(d, spans[i])
				if err != nil {
					continue
				}
				sr = &protocol.SelectionRange{Range: rng, Parent: sr}
			}
			if sr == nil {
				// LSP wants one answer per position: the empty range there.
				sr = &protocol.SelectionRange{Range: protocol.Range{Start: pos, End: pos}}
			}
			out = append(out, *sr)
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["selectionRangeProvider"] = true
	})
}
