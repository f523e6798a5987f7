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
	// StatementsTruncation and ByNodeTruncation report entries withheld
	// by the default cap of 20 (all: true lists every one; the lists then
	// sum to the rule's count).
	StatementsTruncation *Truncation `json:"statementsTruncation,omitempty"`
	ByNodeTruncation     *Truncation `json:"byNodeTruncation,omitempty"`
}

// ExactCounts are the program's generated resources, counted exactly:
// every declared rule (disabled ones included), condition, action,
// variable and subroutine, and the bytes the program takes written in the
// game's export style.
type ExactCounts struct {
	Counts
	// EmittedBytes is the size of the program as compile writes it (in
	// the input's locale, without a profile), or null when it cannot be
	// written; EmittedBytesUnavailable then says why. Never 0 for a
	// program that could not be written.
	EmittedBytes            *int   `json:"emittedBytes"`
	EmittedBytesUnavailable string `json:"emittedBytesUnavailable,omitempty"`
}

// CostEstimateResult is the result of costEstimate.
type CostEstimateResult struct {
	ProgramRules int          `json:"programRules"`
	Exact        ExactCounts  `json:"exact"`
	ElementCount ElementCount `json:"elementCount"`
	Findings     []Finding    `json:"findings,omitempty"`
	// FindingsTruncation reports findings withheld by the default cap of
	// 20 (all: true lists every one).
	FindingsTruncation *Truncation   `json:"findingsTruncation,omitempty"`
	Skipped            []SkippedRule `json:"skipped"`
	// Optimization is what the optimiser would save (compile's optimize:
	// true, CLI compile --optimize; OverPy compiles optimised by default),
	// rule by rule; omitted when the program has errors, which the
	// optimiser does not rewrite.
	Optimization *OptimizationSavings `json:"optimization,omitempty"`
	// Rule is set when the request names a rule: its drill-down.
	Rule      *RuleDrillDown `json:"rule,omitempty"`
	Snapshot  int            `json:"snapshot"`
	Selection *Selection     `json:"selection,omitempty"`
}

// OptimizationSavings is what optimising the program would save: the
// element count after it, and the rules that get cheaper.
type OptimizationSavings struct {
	// Saved is ElementCount.Total less After.
	Saved int `json:"saved"`
	After int `json:"after"`
	// Rules are the rules that get cheaper, most saved first (the 5 that
	// save most unless all is set).
	Rules      []RuleSavings `json:"rules"`
	Truncation *Truncation   `json:"truncation,omitempty"`
}

// RuleSavings is what optimising one rule saves.
type RuleSavings struct {
	Index   int    `json:"index"`
	Address string `json:"address"`
	// Before and After are the rule's element counts; After is 0 for a
	// rule the optimiser removes (Removed: an empty rule, say).
	Before  int   `json:"before"`
	After   int   `json:"after"`
	Saved   int   `json:"saved"`
	Removed bool  `json:"removed,omitempty"`
	Span    Range `json:"span"`
}
