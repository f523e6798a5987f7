package lsp

// This file answers textDocument/foldingRange: the settings block and
// its groups, the variables block and its sections, the subroutines
// block, each rule with its event, conditions and actions blocks, the
// bodies of If, Else If, Else, While and For, statements wrapped over
// several lines, and comments (a /* */ comment over several lines, or a
// run of // lines). Ranges are whole lines, which every client takes.

import (
	"cmp"
	"context"
	"slices"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// foldingRange is LSP's FoldingRange, by lines only.
type foldingRange struct {
	StartLine int    `json:"startLine"`
	EndLine   int    `json:"endLine"`
	Kind      string `json:"kind,omitempty"`
}

func init() {
	register("textDocument/foldingRange", handler(func(ctx context.Context, s *Server, p *protocol.FoldingRangeParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return overpyFolding(d.text), nil
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		return s.foldingRanges(ctx, d)
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["foldingRangeProvider"] = true
	})
}

// foldCollector collects the folding ranges of one document.
type foldCollector struct {
	s   *Server
	d   *document
	out []foldingRange
}

// line returns the 0-based line of a byte offset.
func (f *foldCollector) line(off int) (int, bool) {
	r, err := f.s.lspRange(f.d, source.Span{Start: off, End: off})
	return int(r.Start.Line), err == nil
}

// fold adds the lines from the one holding start to the one holding the
// last byte before end.
func (f *foldCollector) fold(start, end int, kind string) {
	if end > start && end <= len(f.d.text) && f.d.text[end-1] == '\n' {
		end--
	}
	a, ok1 := f.line(start)
	b, ok2 := f.line(end)
	f.lines(a, b, ok1 && ok2, kind)
}

func (f *foldCollector) lines(a, b int, ok bool, kind string) {
	if ok && b > a {
		f.out = append(f.out, foldingRange{StartLine: a, EndLine: b, Kind: kind})
	}
}

// span folds a node's span.
func (f *foldCollector) span(sp source.Span) {
	f.fold(sp.Start, sp.End, "")
}

func (s *Server) foldingRanges(ctx context.Context, d *document) ([]foldingRange, error) {
	sc := d.program().Checked.Script
	f := &foldCollector{s: s, d: d}
	if st := sc.Settings; st != nil {
		f.span(st.Span)
		f.settings(st.Items)
	}
	if v := sc.Variables; v != nil {
		f.span(v.Span)
		if v.Global != nil {
			f.span(v.Global.Span)
		}
		if v.Player != nil {
			f.span(v.Player.Span)
		}
	}
	if sub := sc.Subroutines; sub != nil {
		f.span(sub.Span)
	}
	for _, r := range sc.Rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f.span(r.Span)
		if r.Event != nil {
			f.span(r.Event.Span)
		}
		f.block(r.Conditions, false)
		f.block(r.Actions, true)
	}
	f.block(sc.Conditions, false)
	f.block(sc.Actions, true)
	f.comments(sc.Comments)

	// One range per start line: the outermost (clients keep one anyway).
	slices.SortFunc(f.out, func(a, b foldingRange) int {
		return cmp.Or(a.StartLine-b.StartLine, b.EndLine-a.EndLine)
	})
	out := make([]foldingRange, 0, len(f.out))
	for _, r := range f.out {
		if len(out) > 0 && out[len(out)-1].StartLine == r.StartLine {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

func (f *foldCollector) settings(items []*ast.SettingsItem) {
	for _, it := range items {
		if it.Kind == ast.SettingsGroup {
			f.span(it.Span)
			f.settings(it.Children)
		}
	}
}

// block folds a conditions or actions block, its wrapped statements and,
// for actions, the bodies of If, While and For: from the opening
// statement's line to the line before the Else If, Else or End that ends
// the body, so that line stays in view.
func (f *foldCollector) block(b *ast.Block, actions bool) {
	if b == nil {
		return
	}
	f.span(b.Span)
	var open []*ast.Statement // the statements whose bodies are open
	closeBody := func(opener, closer *ast.Statement) {
		a, ok1 := f.line(opener.SpanOf(opener.Body).Start)
		c, ok2 := f.line(closer.Span.Start)
		f.lines(a, c-1, ok1 && ok2, "")
	}
	for _, st := range b.Statements {
		if st.Body == nil {
			continue
		}
		kind := vocab.FlowNone
		if actions {
			// As the printer indents: a disabled statement opens or
			// closes nothing.
			kind = st.Flow()
		}
		switch kind {
		case vocab.FlowOpen:
			open = append(open, st)
		case vocab.FlowMiddle:
			if n := len(open); n > 0 {
				closeBody(open[n-1], st)
				open[n-1] = st
			}
		case vocab.FlowEnd:
			if n := len(open); n > 0 {
				closeBody(open[n-1], st)
				open = open[:n-1]
			}
		default:
			// A statement wrapped over lines folds from its first line (a
			// quoted comment above it stays in view).
			f.fold(st.SpanOf(st.Body).Start, st.Span.End, "")
		}
	}
	// Bodies the block never closes run to its last statement.
	if n := len(b.Statements); n > 0 {
		last := b.Statements[n-1]
		for _, st := range open {
			f.fold(st.SpanOf(st.Body).Start, last.Span.End, "")
		}
	}
}

// comments folds /* */ comments over several lines and runs of // lines.
func (f *foldCollector) comments(spans []source.Span) {
	text := f.d.text
	for i := 0; i < len(spans); i++ {
		c := spans[i]
		if strings.HasPrefix(docSpanText(text, c), "/*") {
			f.fold(c.Start, c.End, "comment")
			continue
		}
		// Extend over the // comments that follow on the next lines with
		// only white space between.
		j := i
		for j+1 < len(spans) {
			next := spans[j+1]
			gap := docSpanText(text, source.Span{Start: spans[j].End, End: next.Start})
			if !strings.HasPrefix(docSpanText(text, next), "//") || strings.TrimSpace(gap) != "" || strings.Count(gap, "\n") != 1 {
				break
			}
			j++
		}
		if j > i {
			f.fold(c.Start, spans[j].End, "comment")
		}
		i = j
	}
}
