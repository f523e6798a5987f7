package lint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const budgetAction = `Small Message(All Players(All Teams), Custom String("Hello"))`

// budgetProgram writes one rule per count, named R<i>, holding that many
// copies of budgetAction.
func budgetProgram(counts ...int) string {
	var b strings.Builder
	for i, n := range counts {
		actions := make([]string, n)
		for j := range actions {
			actions[j] = budgetAction
		}
		b.WriteString(symRule(fmt.Sprintf("R%d", i), symGlobal, nil, actions...))
	}
	return b.String()
}

func budgetTotal(t *testing.T, text string) int {
	t.Helper()
	res := parser.Parse(source.NewFile("t.ow", text), parser.Options{})
	return cost.Count(res.Script, cost.Options{}).Total
}

func TestElementBudget(t *testing.T) {
	// The cost of one action and of an empty rule, measured.
	one, two := budgetTotal(t, budgetProgram(1)), budgetTotal(t, budgetProgram(2))
	per, base := two-one, one-(two-one)
	if per <= 0 {
		t.Fatalf("an action costs %d elements", per)
	}
	// count returns the number of actions that makes a program of rules
	// (with the given shares) cost about total elements.
	layout := func(total int, shares ...int) []int {
		sum := 0
		for _, s := range shares {
			sum += s
		}
		out := make([]int, len(shares))
		for i, s := range shares {
			out[i] = (total - base*len(shares)) / per * s / sum
		}
		return out
	}
	near := layout(cost.Budget*95/100, 4, 3, 2, 1)
	over := layout(cost.Budget*105/100, 1, 4, 3, 2)
	for _, c := range []struct {
		name   string
		text   string
		config map[string]diag.Severity
		sev    diag.Severity
		want   []string
	}{
		{"small", budgetProgram(10, 20), nil, 0, nil},
		{"just under 90%", budgetProgram(layout(cost.Budget*88/100, 1, 1)...), nil, 0, nil},
		{"near the budget", budgetProgram(near...), nil, diag.Warning,
			[]string{"of the game's budget of 32,768", `the most expensive rules are "R0"`, `, "R1" (`, ` and "R2" (`, "simplify rules"}},
		{"over the budget", budgetProgram(over...), nil, diag.Error,
			[]string{"over the game's budget of 32,768, so the game refuses it", `the most expensive rules are "R1"`, `"R2"`, `"R3"`}},
		{"near the budget, configured info", budgetProgram(near...), map[string]diag.Severity{"element-budget": diag.Info}, diag.Info,
			[]string{"of the game's budget"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := source.NewFile("t.ow", c.text)
			res := parser.Parse(f, parser.Options{})
			if res.Diags.HasErrors() {
				t.Fatal(res.Diags)
			}
			cfg := &lint.Config{}
			for _, r := range lint.Builtin() {
				if r.ID != "element-budget" {
					if err := cfg.Disable(r.ID); err != nil {
						t.Fatal(err)
					}
				}
			}
			for id, sev := range c.config {
				if err := cfg.SetSeverity(id, sev); err != nil {
					t.Fatal(err)
				}
			}
			out := lint.Run(lint.Program{File: f, Script: res.Script}, cfg)
			if len(c.want) == 0 {
				if len(out.Findings) != 0 {
					t.Fatalf("unexpected findings: %v", out.Findings)
				}
				return
			}
			if len(out.Findings) != 1 {
				t.Fatalf("got %d findings, want 1: %v", len(out.Findings), out.Findings)
			}
			fd := out.Findings[0]
			total := cost.Count(res.Script, cost.Options{}).Total
			want := append([]string{fmt.Sprintf("the mode uses %s elements", withCommas(total))}, c.want...)
			for _, w := range want {
				if !strings.Contains(fd.Message, w) {
					t.Errorf("message %q does not contain %q", fd.Message, w)
				}
			}
			if fd.Severity != c.sev {
				t.Errorf("severity %v, want %v", fd.Severity, c.sev)
			}
			symCheckMessage(t, fd)
			if fd.Span.Start >= fd.Span.End || fd.Span.End > len(c.text) {
				t.Errorf("span %v", fd.Span)
			}
		})
	}
}

func withCommas(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
