package contract

// RuleElements is one rule's element count.
type RuleElements struct {
	Index   int    `json:"index"`
	Address string `json:"address"`
	Count   int    `json:"count"`
	Span    Range  `json:"span"`
}

// ElementCount is the program's count against the element budget.
type ElementCount struct {
	Total  int `json:"total"`
	Budget int `json:"budget"`
	// Rules are ranked largest first (the 5 largest unless all is set).
	Rules      []RuleElements `json:"rules"`
	Truncation *Truncation    `json:"truncation,omitempty"`
}

// StatementElements is one statement of a rule drill-down.
type StatementElements struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Span  Range  `json:"span"`
}

// NodeElements is the cost of one node kind within a rule.
type NodeElements struct {
	Name        string `json:"name"`
	Count       int    `json:"count"`
	Occurrences int    `json:"occurrences"`
}

// RuleDrillDown is the cost of one rule, statement by statement and node
// kind by node kind; each list sums to the rule's count (statements plus
// the rule's own element).
type RuleDrillDown struct {
	Rule       RuleElements        `json:"rule"`
	Statements []StatementElements `json:"statements"`
	ByNode     []NodeElements      `json:"byNode"`
}

// CostEstimateResult is the result of costEstimate.
type CostEstimateResult struct {
	ProgramRules int           `json:"programRules"`
	ElementCount ElementCount  `json:"elementCount"`
	Findings     []Finding     `json:"findings,omitempty"`
	Skipped      []SkippedRule `json:"skipped"`
	// Rule is set when the request names a rule: its drill-down.
	Rule      *RuleDrillDown `json:"rule,omitempty"`
	Snapshot  int            `json:"snapshot"`
	Selection *Selection     `json:"selection,omitempty"`
}
