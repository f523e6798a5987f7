package lsp

// This file gives OverPy documents their colour swatches. The colours are
// found where the Workshop ones are, in the lowered program (Color(Red),
// Custom Color(…)), and shown on the OverPy text a colour was lowered from
// when that text is exactly one colour expression: Color.RED, rgb(…),
// rgba(…). A colour built by a macro or held in a variable gets no swatch.
// Presentations are OverPy's spellings: Color.NAME for a palette colour,
// then rgb(r, g, b), or rgba(r, g, b, a) when it is not opaque.

import (
	"context"
	"fmt"
	"math"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

func (s *Server) overpyColors(ctx context.Context, d *document) ([]colorInformation, error) {
	out := []colorInformation{}
	p := d.program()
	res := p.OverPy()
	file := -1
	for i, f := range res.Program.Files {
		if sameFile(f.Path, d.path) {
			file = i
			break
		}
	}
	if file < 0 || p.Checked.Script == nil {
		return out, nil
	}
	// The OverPy construct each lowered span comes from exactly.
	from := map[source.Span]opy.Loc{}
	for _, m := range res.Map.Mappings {
		if _, seen := from[m.Span]; !seen && m.From.File == file {
			from[m.Span] = m.From
		}
	}
	for _, b := range p.Checked.Script.Blocks() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, st := range b.Statements {
			ast.Inspect(st.Body, func(e *ast.Expr) bool {
				rgba, ok, descend := exprColor(e)
				if !ok {
					return descend
				}
				l, mapped := from[st.SpanOf(e)]
				if !mapped || !isOverPyColor(d.text[l.Start:l.End]) {
					return false
				}
				if rng, err := s.lspRange(d, l.Span); err == nil {
					out = append(out, colorInformation{Range: rng, Color: lspColor(rgba)})
				}
				return false
			})
		}
	}
	return out, nil
}

// isOverPyColor reports whether text is one colour expression of OverPy.
func isOverPyColor(text string) bool {
	if name, ok := strings.CutPrefix(text, "Color."); ok {
		return isOverPyName(name)
	}
	for _, fn := range []string{"rgb(", "rgba("} {
		if strings.HasPrefix(text, fn) && strings.HasSuffix(text, ")") && strings.Count(text, "(") == 1 {
			return true
		}
	}
	return false
}

// overpyColorPresentations spells a colour in OverPy. Never nil.
func overpyColorPresentations(d *document, c protocol.Color, rng protocol.Range) []colorPresentation {
	v := d.opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	var want [4]int
	for i, x := range [4]protocol.Decimal{c.Red, c.Green, c.Blue, c.Alpha} {
		f := float64(x)
		if math.IsNaN(f) {
			f = 0
		}
		want[i] = int(math.Round(min(max(f, 0), 1) * 255))
	}
	var labels []string
	if en := v.Enum(colorEnumID); en != nil {
		for _, m := range en.Members {
			if len(m.RGBA) == 4 && [4]int(m.RGBA) == want {
				labels = append(labels, "Color."+m.ID)
				break
			}
		}
	}
	if want[3] == 255 {
		labels = append(labels, fmt.Sprintf("rgb(%d, %d, %d)", want[0], want[1], want[2]))
	} else {
		labels = append(labels, fmt.Sprintf("rgba(%d, %d, %d, %d)", want[0], want[1], want[2], want[3]))
	}
	out := make([]colorPresentation, 0, len(labels))
	for _, label := range labels {
		out = append(out, colorPresentation{Label: label, TextEdit: &protocol.TextEdit{Range: rng, NewText: label}})
	}
	return out
}
