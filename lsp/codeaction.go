package lsp

// This file offers code actions: each lint finding's mechanical fix as a
// quickfix (preferred when it corrects a defect), replacements a
// diagnostic suggests (a misspelt name), the ';' a statement lacks,
// "Disable RULE in .wright.yaml" for a lint finding (disable_rule.go), and
// source.fixAll.wright applying every correcting fix that does not
// collide, never an acknowledgement. On an OverPy document only what is
// stated on its own text is offered: a diagnostic's suggested spellings,
// and a finding's fix when it can be stated on the OverPy text
// (overpy_lint.go); fix-all and the optimisations are not. A
// diagnostic is found again by the data the server published with it,
// never by the range the client sends back (Neovim 0.7 sends byte
// columns there).

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const fixAllKind = "source.fixAll.wright"

// applyFixCommand applies one finding's fix through workspace/applyEdit:
// for clients (and agents) that run commands rather than apply edits.
const applyFixCommand = "wright.applyFix"

func init() {
	commands[applyFixCommand] = func(ctx context.Context, s *Server, arg json.RawMessage) (any, error) {
		var p struct {
			URI string `json:"uri"`
			diagnosticData
		}
		if err := json.Unmarshal(arg, &p); err != nil {
			return nil, invalidParams(err)
		}
		if !s.client.Workspace.ApplyEdit {
			return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "the client does not take workspace/applyEdit (workspace.applyEdit is not set in its capabilities): apply the quick fix's edit from textDocument/codeAction instead"}
		}
		d, err := s.servedDocument(p.URI)
		if err != nil {
			return nil, err
		}
		owner := s.dataOwner(d, p.diagnosticData)
		if owner == nil {
			v := d.version
			if p.Entry != "" {
				if e := s.docs.get(p.Entry); e != nil {
					v = e.version
				}
			}
			return nil, &jsonrpc2.Error{Code: codeContentModified, Message: fmt.Sprintf("the fix was made for version %d; the document is at %d", p.Version, v)}
		}
		var we *protocol.WorkspaceEdit
		var label string
		if owner.overpy {
			e, f, err := s.overpyFix(owner, d.path, p.diagnosticData)
			if err != nil {
				return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "the fix is withheld on OverPy: " + err.Error()}
			}
			we, label = e, f.Fix.Summary
		} else {
			for _, f := range s.findings(d).Findings {
				if f.Fix == nil || f.Code != p.Code || f.Span.Start != p.Start || f.Span.End != p.End {
					continue
				}
				if we, err = s.workspaceEdit(d, f.Fix.Edits); err != nil {
					return nil, err
				}
				label = f.Fix.Summary
				break
			}
		}
		if we != nil {
			var res struct {
				Applied       bool   `json:"applied"`
				FailureReason string `json:"failureReason,omitempty"`
			}
			done := make(chan error, 1)
			s.call("workspace/applyEdit", map[string]any{"label": label, "edit": we}, &res, 30*time.Second, func(err error) { done <- err })
			select {
			case err := <-done:
				if err != nil {
					return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "the client did not apply the edit: " + err.Error()}
				}
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return res, nil
		}
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: fmt.Sprintf("no %s finding with a fix at %d..%d", p.Code, p.Start, p.End)}
	}

	register("textDocument/codeAction", handler(func(_ context.Context, s *Server, p *codeActionParams) (any, error) {
		d, err := s.servedDocument(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		wants := func(kind string) bool {
			if len(p.Context.Only) == 0 {
				return true
			}
			for _, k := range p.Context.Only {
				if kind == k || strings.HasPrefix(kind, k+".") {
					return true
				}
			}
			return false
		}
		out := []codeAction{}
		var findings []lint.Finding
		if wants("quickfix") {
			for _, cd := range p.Context.Diagnostics {
				var withData struct {
					Data any `json:"data"`
				}
				json.Unmarshal(cd, &withData)
				data, ok := readData(withData.Data)
				if !ok {
					continue // not ours
				}
				owner := s.dataOwner(d, data)
				if owner == nil {
					continue // made for another version of the text
				}
				switch data.Kind {
				case "lint":
					if data.Fix != "" && owner.overpy {
						if a := s.overpyFixAction(owner, d.path, data, cd); a != nil {
							out = append(out, *a)
						}
					} else if data.Fix != "" {
						if findings == nil {
							findings = s.findings(d).Findings
						}
						for _, f := range findings {
							if f.Fix != nil && f.Code == data.Code && f.Span.Start == data.Start && f.Span.End == data.End {
								if a, err := s.action(d, f.Fix.Summary, "quickfix", f.Fix.Edits, cd); err == nil {
									// A correction is what the user wants
									// applied; an acknowledgement
									// (Evaluate Once) is a choice.
									a.IsPreferred = !lint.IsAcknowledgement(f.Fix.Kind)
									out = append(out, *a)
								}
								break
							}
						}
					}
					if a := s.disableRuleAction(data.Code, cd); a != nil {
						out = append(out, *a)
					}
				case "check":
					if a := s.parseFix(d, data, cd); a != nil {
						out = append(out, *a)
					}
					for i, sug := range data.Suggestions {
						if i == 3 {
							break
						}
						e := source.Edit{Span: source.Span{Start: data.Start, End: data.End}, New: sug}
						if a, err := s.action(d, "Replace with "+sug, "quickfix", []source.Edit{e}, cd); err == nil {
							a.IsPreferred = i == 0
							out = append(out, *a)
						}
					}
				}
			}
		}
		if d.overpy {
			// The optimisations and fix-all rewrite the lowered program,
			// not the OverPy text: not offered.
			return out, nil
		}
		if wants(optimizeKind) {
			out = append(out, s.optimizeActions(d, p.Range)...)
		}
		if wants(fixAllKind) {
			if findings == nil {
				findings = s.findings(d).Findings
			}
			if es := fixAll(d.program().Checked.Diags, findings); len(es) > 0 {
				if a, err := s.action(d, "Fix all Wright findings that have a correction", fixAllKind, es); err == nil {
					out = append(out, *a)
				}
			}
		}
		return out, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, client *clientCapabilities) {
		if client.TextDocument.CodeAction.CodeActionLiteralSupport != nil {
			caps["codeActionProvider"] = map[string]any{"codeActionKinds": []string{"quickfix", fixAllKind, optimizeKind}}
		} else {
			caps["codeActionProvider"] = true
		}
	})
}

// codeActionParams are textDocument/codeAction's params, with the
// diagnostics kept as sent: they are echoed back unchanged.
type codeActionParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
	Context      struct {
		Diagnostics []json.RawMessage `json:"diagnostics"`
		Only        []string          `json:"only"`
	} `json:"context"`
}

// codeAction is an LSP code action.
type codeAction struct {
	Title       string                  `json:"title"`
	Kind        string                  `json:"kind"`
	Diagnostics []json.RawMessage       `json:"diagnostics,omitempty"`
	IsPreferred bool                    `json:"isPreferred,omitempty"`
	Edit        *protocol.WorkspaceEdit `json:"edit,omitempty"`
	Command     *command                `json:"command,omitempty"`
}

// command is an LSP command.
type command struct {
	Title     string            `json:"title"`
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments,omitempty"`
}

// action builds a code action applying es to d.
func (s *Server) action(d *document, title, kind string, es []source.Edit, diags ...json.RawMessage) (*codeAction, error) {
	we, err := s.workspaceEdit(d, es)
	if err != nil {
		return nil, err
	}
	return &codeAction{Title: title, Kind: kind, Edit: we, Diagnostics: diags}, nil
}

// fixAll collects the mechanical corrections of the parse (the ';' a
// statement lacks, as `lint --fix` applies them) and the fixes of
// findings that correct a defect (never an acknowledgement such as
// Evaluate Once, which fix-all on save would add every time), each whose
// edits collide with no earlier fix, in text order. Empty when nothing
// would change: the action is then not offered.
func fixAll(problems diag.List, findings []lint.Finding) []source.Edit {
	var out []source.Edit
	add := func(es []source.Edit) {
		for _, e := range es {
			for _, o := range out {
				if e.Span.Start < o.Span.End && o.Span.Start < e.Span.End || e.Span == o.Span {
					return
				}
			}
		}
		out = append(out, es...)
	}
	for _, x := range problems {
		if x.Fix != nil {
			add(x.Fix.Edits)
		}
	}
	for _, f := range findings {
		if f.Fix != nil && !lint.IsAcknowledgement(f.Fix.Kind) {
			add(f.Fix.Edits)
		}
	}
	slices.SortStableFunc(out, func(a, b source.Edit) int { return a.Span.Start - b.Span.Start })
	return out
}

// parseFix is the mechanical correction of a diagnostic of the parse, when
// the engine gives it one (the ';' a statement lacks, the ')' it never
// closed, the '()' a value that takes none). It is preferred: the text
// could have meant nothing else. OverPy diagnostics have none: their
// spans are in the OverPy text, which reads differently.
func (s *Server) parseFix(d *document, data diagnosticData, cd json.RawMessage) *codeAction {
	if d.overpy {
		return nil
	}
	for _, x := range d.program().Checked.Diags {
		if x.Fix == nil || string(x.Code) != data.Code || x.Span.Start != data.Start || x.Span.End != data.End {
			continue
		}
		a, err := s.action(d, x.Fix.Title, "quickfix", x.Fix.Edits, cd)
		if err != nil {
			return nil
		}
		a.IsPreferred = true
		return a
	}
	return nil
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
