package lsp

// This file answers textDocument/inlayHint (LSP 3.17; glsp v0.2.2 has no
// types for it, so they are defined here): the parameter's name before
// each positional argument of an action or value, inside the requested
// range. Calls of one argument, and arguments that already read as their
// parameter's name, get none; neither do Custom String and String (a
// text and its format values) and the items of Array.

import (
	"context"
	"slices"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// inlayHintKindParameter is LSP's InlayHintKind.Parameter.
const inlayHintKindParameter = 2

type inlayHintParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

// inlayHint is LSP 3.17's InlayHint, with a string label.
type inlayHint struct {
	Position     protocol.Position `json:"position"`
	Label        string            `json:"label"`
	Kind         int               `json:"kind"`
	Tooltip      string            `json:"tooltip,omitempty"`
	PaddingRight bool              `json:"paddingRight"`
}

func init() {
	register("textDocument/inlayHint", handler(func(ctx context.Context, s *Server, p *inlayHintParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyInlayHints(d, p.Range)
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		rng, err := s.span(d, p.Range)
		if err != nil {
			return nil, err
		}
		out := []inlayHint{}
		for _, h := range parameterHints(ctx, d.program().Checked.Script, d.text, rng) {
			pos, err := d.mapper.OffsetPosition(h.at, s.encoding())
			if err != nil {
				continue
			}
			out = append(out, inlayHint{Position: protocol.Position{Line: protocol.UInteger(pos.Line), Character: protocol.UInteger(pos.Character)},
				Label: h.label, Kind: inlayHintKindParameter, Tooltip: h.tooltip, PaddingRight: true})
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["inlayHintProvider"] = true
	})
}

// A paramHint is one hint at a byte offset.
type paramHint struct {
	at             int
	label, tooltip string
}

// parameterHints lists the hints whose offsets lie in rng, in text order.
// It stops early when ctx is cancelled.
func parameterHints(ctx context.Context, script *ast.Script, text string, rng source.Span) []paramHint {
	var out []paramHint
	for _, b := range script.Blocks() {
		if b.Span.End < rng.Start || b.Span.Start > rng.End {
			continue
		}
		if ctx.Err() != nil {
			return out
		}
		for _, st := range b.Statements {
			if st.Span.End < rng.Start || st.Span.Start > rng.End {
				continue
			}
			ast.Inspect(st.Body, func(e *ast.Expr) bool {
				if sp := st.SpanOf(e); sp.End < rng.Start || sp.Start > rng.End {
					return false
				}
				if e.Kind != ast.Call || !e.Parens || e.Elem == nil || e.Elem.Variadic() || len(e.Args) < 2 ||
					e.Elem.ID == "__customString__" || e.Elem.ID == "__localizedString__" {
					return true
				}
				for i, a := range e.Args {
					if i >= len(e.Elem.Params) {
						break
					}
					p := e.Elem.Params[i]
					if a == nil {
						continue
					}
					at := st.SpanOf(a)
					if !hintable(p, a, at, st.NameSpanOf(a), text) || at.Start < rng.Start || at.Start > rng.End {
						continue
					}
					out = append(out, paramHint{at: at.Start, label: p.Name + ":", tooltip: p.Name + ": " + typeName(p.Type)})
				}
				return true
			})
		}
	}
	// A call's hints come before its arguments' own: put them in text
	// order.
	slices.SortStableFunc(out, func(a, b paramHint) int { return a.at - b.at })
	return out
}

// hintable reports whether argument a of slot p, written at span with
// its name at nameSpan, gets a hint: it is written, the slot has a word
// for a name, and the argument does not already read as that name.
func hintable(p vocab.Param, a *ast.Expr, span, nameSpan source.Span, text string) bool {
	if a == nil || a.Kind == ast.Bad || span.End <= span.Start || span.Start < 0 || span.End > len(text) {
		return false
	}
	if p.Name == "" || p.Name[0] == '{' || p.Name[0] == '[' {
		return false
	}
	name := vocab.Fold(p.Name)
	if vocab.Fold(text[span.Start:span.End]) == name {
		return false
	}
	switch a.Kind {
	case ast.Name, ast.Global, ast.PlayerVar:
		// Global.text, Event Player.visibleTo: the variable says it.
		return vocab.Fold(a.Text) != name && !(nameSpan.End <= len(text) && 0 <= nameSpan.Start && nameSpan.Start < nameSpan.End &&
			vocab.Fold(text[nameSpan.Start:nameSpan.End]) == name)
	}
	return true
}
