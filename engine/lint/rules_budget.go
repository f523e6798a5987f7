package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// budgetRules are the rules about the element budget.
var budgetRules = []*Rule{
	{
		ID:       "element-budget",
		Severity: diag.Error,
		Summary:  "the mode uses more elements than the game allows, or nearly as many",
		Rationale: "The game refuses a mode of more than 32,768 elements: it cannot be saved or pasted. " +
			"A mode above 90% of the budget has little room left for changes. The message names the rules " +
			"that cost the most, where savings are likeliest.",
		Limits: "Elements are counted with OverPy's model (package cost), which the game's own counter may differ " +
			"from by a few elements. Over the budget is reported at the rule's severity (error by default); over 90% " +
			"of it at warning, or at the configured severity when that is info. Disabled rules and statements count, " +
			"as in the game.",
		Tags:     []string{"budget"},
		Evidence: "the program's element count against the budget (12,345 / 32,768 elements)",
		Check:    checkElementBudget,
	},
}

// budgetWarnShare is the share of the budget from which the rule warns.
const budgetWarnShare = 0.9

func checkElementBudget(p *Pass) {
	c := p.Cost()
	budget := c.Budget
	if budget <= 0 {
		budget = cost.Budget
	}
	over := c.Total > budget
	if !over && float64(c.Total) <= budgetWarnShare*float64(budget) {
		return
	}
	var top []string
	ranked := c.Ranked()
	for _, rc := range ranked {
		if len(top) == 3 || rc.Count == 0 {
			break
		}
		name := "(payload)"
		if rc.Rule != nil {
			name = strconv.Quote(rc.Rule.Name)
		}
		top = append(top, fmt.Sprintf("%s (%s)", name, cost.FormatCount(rc.Count)))
	}
	f := Finding{Rule: -1}
	if len(ranked) > 0 && ranked[0].Rule != nil {
		f.Rule = ranked[0].Index
		f.Span = ranked[0].Rule.NameSpan
		if f.Span.IsZero() {
			f.Span = ranked[0].Rule.KeywordSpan
		}
	}
	share := float64(c.Total) * 100 / float64(budget)
	most := ""
	if len(top) > 0 {
		most = "; the most expensive rules are " + budgetJoin(top)
	}
	if over {
		f.Message = fmt.Sprintf("the mode uses %s elements, %s over the game's budget of %s, so the game refuses it%s: "+
			"remove or simplify rules until it fits", cost.FormatCount(c.Total), cost.FormatCount(c.Total-budget), cost.FormatCount(budget), most)
	} else {
		f.Message = fmt.Sprintf("the mode uses %s elements, %.1f%% of the game's budget of %s%s: "+
			"simplify rules before the budget runs out", cost.FormatCount(c.Total), share, cost.FormatCount(budget), most)
	}
	f.Evidence = fmt.Sprintf("%s / %s elements", cost.FormatCount(c.Total), cost.FormatCount(budget))
	if over {
		p.Report(f)
		return
	}
	// Near the budget: a warning, unless the rule was configured below it.
	p.ReportAt(f, diag.Warning)
}

func budgetJoin(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
