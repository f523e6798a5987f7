package lsp

// This file answers textDocument/codeLens: the program's element count
// against the game's budget of 32,768 above its first block, each rule's
// count and share above the rule, and above each declared variable and
// subroutine how the program uses it. These lenses are titles only: their
// command is empty, so clients show them as text. The Simulate lenses
// (simulate.go) run a command: "Simulate program" beside the total,
// "Simulate this rule" beside each enabled rule's count.

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// codeLens is LSP's CodeLens.
type codeLens struct {
	Range   protocol.Range `json:"range"`
	Command *command       `json:"command,omitempty"`
}

func init() {
	register("textDocument/codeLens", handler(func(ctx context.Context, s *Server, p *protocol.CodeLensParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyCodeLenses(d)
		}
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		return s.codeLenses(ctx, d)
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["codeLensProvider"] = map[string]any{"resolveProvider": false}
	})
}

func (s *Server) codeLenses(ctx context.Context, d *document) ([]codeLens, error) {
	p := d.program()
	sc := p.Checked.Script
	out := []codeLens{}
	add := func(sp source.Span, title string) {
		if rng, err := s.lspRange(d, sp); err == nil {
			out = append(out, codeLens{Range: rng, Command: &command{Title: title}})
		}
	}
	costs := p.Cost()

	// The whole program, above its first block.
	first, hasFirst := lensFirstBlock(d.text, sc)
	if hasFirst && (len(sc.Rules) > 1 || sc.Settings != nil || sc.Variables != nil || sc.Subroutines != nil) {
		add(first, fmt.Sprintf("%s in all: %s of the %s budget", lensCount(costs.Total, "element"), lensShare(costs.Total), cost.FormatCount(cost.Budget)))
	}
	for i, r := range sc.Rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if i >= len(costs.Rules) {
			break
		}
		n := costs.Rules[i].Count
		add(lensRuleHead(r), fmt.Sprintf("%s (%s)", lensCount(n, "element"), lensShare(n)))
	}
	if costs.Payload != nil {
		b := sc.Conditions
		if b == nil {
			b = sc.Actions
		}
		if b != nil {
			n := costs.Payload.Count
			add(b.KeywordSpan, fmt.Sprintf("%s (%s)", lensCount(n, "element"), lensShare(n)))
		}
	}

	ix := p.Index()
	for _, sym := range ix.Symbols {
		if !sym.Declared {
			continue
		}
		switch sym.Kind {
		case index.GlobalVariable, index.PlayerVariable:
			add(sym.Span, lensVariableUsage(ix.UsageOf(sym.ID)))
		case index.Subroutine:
			add(sym.Span, lensSubroutineUsage(ix, sym))
		}
	}

	// Last, so that on a line shared with a count they come after it.
	if top, err := s.lspRange(d, first); hasFirst && err == nil {
		out = append(out, s.simulateLenses(d, sc.Rules, top, func(i int) (protocol.Range, bool) {
			rng, err := s.lspRange(d, lensRuleHead(sc.Rules[i]))
			return rng, err == nil
		})...)
	}
	return out, nil
}

// lensFirstBlock returns the keyword of the program's first top-level
// block.
func lensFirstBlock(text string, sc *ast.Script) (source.Span, bool) {
	var spans []source.Span
	if sc.Settings != nil {
		spans = append(spans, sc.Settings.KeywordSpan)
	}
	if sc.Variables != nil {
		spans = append(spans, wordSpanAt(text, sc.Variables.Span.Start))
	}
	if sc.Subroutines != nil {
		spans = append(spans, wordSpanAt(text, sc.Subroutines.Span.Start))
	}
	if len(sc.Rules) > 0 {
		spans = append(spans, lensRuleHead(sc.Rules[0]))
	}
	if len(spans) == 0 {
		return source.Span{}, false
	}
	first := spans[0]
	for _, sp := range spans[1:] {
		if sp.Start < first.Start {
			first = sp
		}
	}
	return first, true
}

// lensRuleHead returns the rule keyword, from "disabled" when the rule
// is.
func lensRuleHead(r *ast.Rule) source.Span {
	head := r.KeywordSpan
	if r.Disabled && r.DisabledSpan.End > r.DisabledSpan.Start {
		head.Start = r.DisabledSpan.Start
	}
	return head
}

// lensVariableUsage describes how a variable is used: "3 references (2
// reads, 1 write)", or "unused".
func lensVariableUsage(u index.Usage) string {
	n := u.Reads + u.Writes + u.Calls
	if n == 0 {
		return "unused"
	}
	return fmt.Sprintf("%s (%s, %s)", lensCount(n, "reference"), lensCount(u.Reads, "read"), lensCount(u.Writes, "write"))
}

// lensSubroutineUsage describes a subroutine: its calls and the rules that
// define it ("2 calls · defined in rule \"Reset\"").
func lensSubroutineUsage(ix *index.Index, sym index.Symbol) string {
	calls := "never called"
	var rules []string
	u := ix.UsageOf(sym.ID)
	if u.Calls > 0 {
		calls = lensCount(u.Calls, "call")
	}
	ix.EachRefOf(sym.ID, func(r *index.Reference) bool {
		if r.Kind == index.Definition && r.Rule >= 0 && r.Rule < len(ix.Script.Rules) {
			rules = append(rules, strconv.Quote(ix.Script.Rules[r.Rule].Name))
		}
		return true
	})
	switch len(rules) {
	case 0:
		return calls + " · no rule defines it"
	case 1:
		return calls + " · defined in rule " + rules[0]
	}
	return calls + " · defined in " + strconv.Itoa(len(rules)) + " rules: " + strings.Join(rules, ", ")
}

// lensCount writes "1 element" or "1,234 elements".
func lensCount(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return cost.FormatCount(n) + " " + what + "s"
}

// lensShare writes n's share of the game's budget: "0.12%".
func lensShare(n int) string {
	return strconv.FormatFloat(100*float64(n)/cost.Budget, 'f', 2, 64) + "%"
}
