package lsp

// This file offers the optimiser as code actions on Workshop documents:
// rewrite the whole program, or the rule at the cursor, into one that
// behaves the same with fewer elements (engine/optimize).

import (
	"fmt"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// optimizeKind is the kind of the optimisation code actions.
const optimizeKind = "refactor.rewrite"

// optimizeActions offers the optimisation of the program and of the rule
// at r's start, each when it saves elements.
func (s *Server) optimizeActions(d *document, r protocol.Range) []codeAction {
	p := d.program()
	o := p.Optimized()
	if o == nil || o.Saved <= 0 {
		return nil
	}
	var out []codeAction
	at, err := s.offset(d, r.Start)
	if err == nil {
		for _, rr := range o.Report.Rules {
			if rr.Index < 0 {
				continue
			}
			rule := p.Checked.Script.Rules[rr.Index]
			if at < rule.Span.Start || at > rule.Span.End {
				continue
			}
			for _, e := range o.Edits {
				if e.Span.Start == rule.Span.Start {
					title := fmt.Sprintf("Optimize rule %q: %s fewer", rule.Name, plural(rr.Saved(), "element"))
					if rr.Removed {
						title = fmt.Sprintf("Remove rule %q, which does nothing: %s fewer", rule.Name, plural(rr.Saved(), "element"))
					}
					if a, err := s.action(d, title, optimizeKind, []source.Edit{e}); err == nil {
						out = append(out, *a)
					}
				}
			}
		}
	}
	title := fmt.Sprintf("Optimize the program: %s fewer (%d → %d)", plural(o.Saved, "element"), o.Report.Before, o.Report.Before-o.Saved)
	if a, err := s.action(d, title, optimizeKind, o.Edits); err == nil {
		out = append(out, *a)
	}
	return out
}
