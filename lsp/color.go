package lsp

// This file answers textDocument/documentColor and
// textDocument/colorPresentation. A colour is Color(Red) (an enum member
// whose RGBA the catalog records: the game's palette), a colour member
// written bare where a value belongs (Red, as 2019 exports write it), or
// Custom Color(r, g, b, a) with number literals (alpha 255 when left
// out). Team 1 and Team 2 have no fixed colour and computed arguments no
// value, so neither gets a swatch.
//
// Presentations are printed by the printer in the document's own locale:
// Color(…) when the colour is exactly one of the palette's, then
// Custom Color(r, g, b, a). A spelling the locale lacks leaves that
// presentation out rather than mixing languages.
//
// OverPy documents: overpy_color.go.

import (
	"context"
	"math"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Catalog ids of the colour values.
const (
	colorValueID  = "__color__"
	customColorID = "rgb"
	colorEnumID   = "ColorLiteral"
)

// colorInformation is LSP's ColorInformation.
type colorInformation struct {
	Range protocol.Range `json:"range"`
	Color protocol.Color `json:"color"`
}

// colorPresentation is LSP's ColorPresentation.
type colorPresentation struct {
	Label    string             `json:"label"`
	TextEdit *protocol.TextEdit `json:"textEdit,omitempty"`
}

func init() {
	register("textDocument/documentColor", handler(func(ctx context.Context, s *Server, p *protocol.DocumentColorParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyColors(ctx, d)
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		return s.documentColors(ctx, d)
	}))
	register("textDocument/colorPresentation", handler(func(_ context.Context, s *Server, p *protocol.ColorPresentationParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return overpyColorPresentations(d, p.Color, p.Range), nil
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		return colorPresentations(d, p.Color, p.Range), nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["colorProvider"] = true
	})
}

func (s *Server) documentColors(ctx context.Context, d *document) ([]colorInformation, error) {
	sc := d.program().Checked.Script
	out := []colorInformation{}
	for _, b := range sc.Blocks() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, st := range b.Statements {
			ast.Inspect(st.Body, func(e *ast.Expr) bool {
				rgba, ok, descend := exprColor(e)
				if ok {
					span := st.SpanOf(e)
					if e.Kind == ast.Member {
						span = st.NameSpanOf(e)
					}
					if rng, err := s.lspRange(d, span); err == nil {
						out = append(out, colorInformation{Range: rng, Color: lspColor(rgba)})
					}
				}
				return descend
			})
		}
	}
	return out, nil
}

// exprColor returns the colour e stands for, if it is a colour with a
// known value, and whether its children may hold other colours.
func exprColor(e *ast.Expr) (rgba [4]float64, ok, descend bool) {
	switch {
	case e.Kind == ast.Member:
		return memberRGBA(e.Member)
	case e.Kind != ast.Call || e.Elem == nil || !e.Parens:
		return rgba, false, true
	case e.Elem.ID == colorValueID:
		if len(e.Args) == 1 && e.Args[0].Kind == ast.Member {
			rgba, ok, _ = memberRGBA(e.Args[0].Member)
			return rgba, ok, false
		}
	case e.Elem.ID == customColorID:
		if len(e.Args) != 3 && len(e.Args) != 4 {
			return rgba, false, true
		}
		rgba[3] = 255
		for i, a := range e.Args {
			if a.Kind != ast.Number || math.IsNaN(a.Num) {
				return rgba, false, true
			}
			rgba[i] = min(max(a.Num, 0), 255)
		}
		return rgba, true, false
	}
	return rgba, false, true
}

func memberRGBA(m *vocab.Member) (rgba [4]float64, ok, descend bool) {
	if m == nil || m.Enum == nil || m.Enum.ID != colorEnumID || len(m.RGBA) != 4 {
		return rgba, false, true
	}
	for i, c := range m.RGBA {
		rgba[i] = float64(c)
	}
	return rgba, true, false
}

// lspColor converts 0–255 components to LSP's 0–1.
func lspColor(rgba [4]float64) protocol.Color {
	return protocol.Color{Red: protocol.Decimal(rgba[0] / 255), Green: protocol.Decimal(rgba[1] / 255),
		Blue: protocol.Decimal(rgba[2] / 255), Alpha: protocol.Decimal(rgba[3] / 255)}
}

// colorPresentations writes a colour in the document's locale: as the
// palette's Color(…) when it is exactly one of its colours, then as
// Custom Color(r, g, b, a). Never nil.
func colorPresentations(d *document, c protocol.Color, rng protocol.Range) []colorPresentation {
	v := d.opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	loc := d.program().Checked.Script.Locale
	var want [4]int
	for i, x := range [4]protocol.Decimal{c.Red, c.Green, c.Blue, c.Alpha} {
		f := float64(x)
		if math.IsNaN(f) {
			f = 0
		}
		want[i] = int(math.Round(min(max(f, 0), 1) * 255))
	}
	var exprs []*ast.Expr
	if el, en := v.Value(colorValueID), v.Enum(colorEnumID); el != nil && en != nil {
		for _, m := range en.Members {
			if !m.OnlyInOverPy && len(m.RGBA) == 4 && [4]int(m.RGBA) == want {
				exprs = append(exprs, &ast.Expr{Kind: ast.Call, Elem: el, Parens: true,
					Args: []*ast.Expr{{Kind: ast.Member, Member: m}}})
				break
			}
		}
	}
	if el := v.Value(customColorID); el != nil {
		args := make([]*ast.Expr, 4)
		for i, n := range want {
			args[i] = &ast.Expr{Kind: ast.Number, Num: float64(n)}
		}
		exprs = append(exprs, &ast.Expr{Kind: ast.Call, Elem: el, Parens: true, Args: args})
	}
	out := []colorPresentation{}
	for _, e := range exprs {
		label, diags := printer.PrintExpr(e, printer.Options{Locale: loc, Vocab: v})
		if len(diags) > 0 {
			continue // no spelling in this locale: leave it out
		}
		out = append(out, colorPresentation{Label: label, TextEdit: &protocol.TextEdit{Range: rng, NewText: label}})
	}
	return out
}
