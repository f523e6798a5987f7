package lsp

// This file offers code actions: each lint finding's mechanical fix as a
// quickfix, replacements a diagnostic suggests (a misspelt name), and
// source.fixAll.wright applying every fix that does not collide. A
// diagnostic is found again by the data the server published with it,
// never by the range the client sends back (Neovim 0.7 sends byte
// columns there).

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const fixAllKind = "source.fixAll.wright"

func init() {
	register("textDocument/codeAction", handler(func(_ context.Context, s *Server, p *protocol.CodeActionParams) (any, error) {
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		wants := func(kind string) bool {
			if len(p.Context.Only) == 0 {
				return true
			}
			for _, k := range p.Context.Only {
				if kind == string(k) || strings.HasPrefix(kind, string(k)+".") {
					return true
				}
			}
			return false
		}
		out := []protocol.CodeAction{}
		var findings []lint.Finding
		if wants("quickfix") {
			for _, cd := range p.Context.Diagnostics {
				data, ok := readData(cd.Data)
				if !ok || data.Version != d.version {
					continue // not ours, or made for another version of the text
				}
				switch data.Kind {
				case "lint":
					if data.Fix == "" {
						continue
					}
					if findings == nil {
						findings = s.findings(d).Findings
					}
					for _, f := range findings {
						if f.Fix != nil && f.Code == data.Code && f.Span.Start == data.Start && f.Span.End == data.End {
							if a, err := s.action(d, f.Fix.Summary, "quickfix", f.Fix.Edits, cd); err == nil {
								a.IsPreferred = ptr(true)
								out = append(out, *a)
							}
							break
						}
					}
				case "check":
					for i, sug := range data.Suggestions {
						if i == 3 {
							break
						}
						e := source.Edit{Span: source.Span{Start: data.Start, End: data.End}, New: sug}
						if a, err := s.action(d, "Replace with "+sug, "quickfix", []source.Edit{e}, cd); err == nil {
							a.IsPreferred = ptr(i == 0)
							out = append(out, *a)
						}
					}
				}
			}
		}
		if wants(fixAllKind) {
			if findings == nil {
				findings = s.findings(d).Findings
			}
			if es := fixAll(findings); len(es) > 0 {
				if a, err := s.action(d, "Fix all Wright findings with a mechanical fix", fixAllKind, es); err == nil {
					out = append(out, *a)
				}
			}
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, client *clientCapabilities) {
		if client.TextDocument.CodeAction.CodeActionLiteralSupport != nil {
			caps["codeActionProvider"] = map[string]any{"codeActionKinds": []string{"quickfix", fixAllKind}}
		} else {
			caps["codeActionProvider"] = true
		}
	})
}

// action builds a code action applying es to d.
func (s *Server) action(d *document, title, kind string, es []source.Edit, diags ...protocol.Diagnostic) (*protocol.CodeAction, error) {
	we, err := s.workspaceEdit(d, es)
	if err != nil {
		return nil, err
	}
	k := protocol.CodeActionKind(kind)
	a := &protocol.CodeAction{Title: title, Kind: &k, Edit: we}
	if len(diags) > 0 {
		a.Diagnostics = diags
	}
	return a, nil
}

// fixAll collects the fixes of findings whose edits collide with no
// earlier fix, in text order.
func fixAll(findings []lint.Finding) []source.Edit {
	var out []source.Edit
	for _, f := range findings {
		if f.Fix == nil {
			continue
		}
		collides := false
		for _, e := range f.Fix.Edits {
			for _, o := range out {
				if e.Span.Start < o.Span.End && o.Span.Start < e.Span.End || e.Span == o.Span {
					collides = true
				}
			}
		}
		if !collides {
			out = append(out, f.Fix.Edits...)
		}
	}
	slices.SortStableFunc(out, func(a, b source.Edit) int { return a.Span.Start - b.Span.Start })
	return out
}

// readData decodes the data of a diagnostic the server published.
func readData(v any) (diagnosticData, bool) {
	if v == nil {
		return diagnosticData{}, false
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return diagnosticData{}, false
	}
	var d diagnosticData
	if json.Unmarshal(raw, &d) != nil || d.Kind == "" {
		return diagnosticData{}, false
	}
	return d, true
}

func ptr[T any](v T) *T { return &v }
