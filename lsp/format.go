package lsp

// This file answers textDocument/formatting with the canonical printer
// (engine/printer) in the document's own locale and spellings: the game's
// export style, indented with the document's own unit (a tab, or the
// spaces it is indented with) whatever the client's tab options say, so
// that the editor and `wright-lsp fmt --check` in CI agree. The answer is the
// minimal line edits from the text to the printed text, [] when nothing
// changes.
//
// Formatting never loses text: it is refused, with a message saying why,
// when the document has parse errors, when it has // or /* */ comments
// (the printer does not keep them), when a name has no spelling in the
// document's locale, or when the printed text would not read back as the
// same program. An OverPy document is refused the same way: the printer
// writes Workshop text.

import (
	"context"
	"fmt"
	"strings"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func init() {
	register("textDocument/formatting", handler(func(ctx context.Context, s *Server, p *protocol.DocumentFormattingParams) (any, error) {
		d, err := s.servedDocument(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		if d.overpy {
			return nil, refuseFormat("wright formats Workshop text; it has no printer for OverPy")
		}
		out, err := formatted(d)
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tes := []protocol.TextEdit{}
		for _, e := range formatEdits(d.text, out) {
			rng, err := s.lspRange(d, e.Span)
			if err != nil {
				return nil, err
			}
			tes = append(tes, protocol.TextEdit{Range: rng, NewText: e.New})
		}
		return tes, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["documentFormattingProvider"] = true
	})
}

// refuseFormat is the error reply of a document that cannot be formatted
// without losing something.
func refuseFormat(format string, args ...any) error {
	return &jsonrpc2.Error{Code: codeRequestFailed, Message: "cannot format this document: " + fmt.Sprintf(format, args...)}
}

// formatted returns the document's text as printer.Format writes it (the
// formatter `wright-lsp fmt` uses, so the editor and CI agree), or the
// reason it cannot.
func formatted(d *document) (string, error) {
	p := d.program()
	out, refusal := printer.Format(d.text, p.Checked.Script, p.Checked.ParseErrors, printer.FormatOptions{Vocab: d.opts.Vocab})
	if refusal != nil {
		return "", refuseFormat("%s", refusal.Reason)
	}
	return out, nil
}

// maxDiffWork bounds the line diff's work: the lines of both texts times
// a lower bound of the lines that differ. Past it (a large program whose
// every line changes, say re-indented), the search would take seconds,
// and one edit from the first changed line to the last serves as well.
const maxDiffWork = 40_000_000

// formatEdits returns the edits that turn old into new: the minimal line
// edits, or one edit over the changed lines when finding those would take
// too long.
func formatEdits(old, new string) []source.Edit {
	if old == new {
		return nil
	}
	a, b := strings.SplitAfter(old, "\n"), strings.SplitAfter(new, "\n")
	count := map[string]int{}
	for _, l := range a {
		count[l]++
	}
	for _, l := range b {
		count[l]--
	}
	differ := 0
	for _, n := range count {
		differ += max(n, -n)
	}
	if int64(len(a)+len(b))*int64(differ) <= maxDiffWork {
		return edits.MinimalEdits(old, new)
	}
	// Keep the lines both texts start and end with.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	start := len(strings.Join(a[:pre], ""))
	end := len(old) - len(strings.Join(a[len(a)-suf:], ""))
	return []source.Edit{{Span: source.Span{Start: start, End: end}, New: strings.Join(b[pre:len(b)-suf], "")}}
}
