package contract

// Overview summarizes a program.
type Overview struct {
	Path            string `json:"path"`
	Locale          string `json:"locale"`
	Rules           int    `json:"rules"`
	DisabledRules   int    `json:"disabledRules"`
	Conditions      int    `json:"conditions"`
	Actions         int    `json:"actions"`
	GlobalVariables int    `json:"globalVariables"`
	PlayerVariables int    `json:"playerVariables"`
	Subroutines     int    `json:"subroutines"`
	Errors          int    `json:"errors"`
	Warnings        int    `json:"warnings"`
}

// ConditionTree summarizes the condition tree of one rule.
type ConditionTree struct {
	RuleAddress string `json:"ruleAddress"`
	Conditions  int    `json:"conditions"`
	Leaves      int    `json:"leaves"`
	Depth       int    `json:"depth"`
	Span        Range  `json:"span"`
}

// VariableUse is a variable with its reference counts.
type VariableUse struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Reads  int    `json:"reads"`
	Writes int    `json:"writes"`
}

// AnalyzeResult is the essential analysis of a program.
type AnalyzeResult struct {
	Program Overview `json:"program"`
	// Cost ranks the five costliest rules; its truncation reports the
	// total.
	Cost ElementCount `json:"cost"`
	// Complexity holds the three most complex condition trees;
	// ComplexityTruncation reports how many there are.
	Complexity           []ConditionTree `json:"complexity"`
	ComplexityTruncation *Truncation     `json:"complexityTruncation,omitempty"`
	// Risks holds the five most severe findings (or max of them);
	// RisksTruncation reports how many the selection holds.
	Risks           []CompactFinding `json:"risks"`
	RisksTruncation *Truncation      `json:"risksTruncation,omitempty"`
	// TopVariables holds the five most used variables;
	// TopVariablesTruncation reports how many there are.
	TopVariables           []VariableUse `json:"topVariables"`
	TopVariablesTruncation *Truncation   `json:"topVariablesTruncation,omitempty"`
	Snapshot               int           `json:"snapshot"`
	// Selection reports the risks' selection when the request applied one
	// (severity, rule, file, max).
	Selection *Selection `json:"selection,omitempty"`
}
