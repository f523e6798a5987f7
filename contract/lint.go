package contract

// Fix is a mechanical correction of a finding.
type Fix struct {
	Kind    string `json:"kind"`
	Summary string `json:"summary"`
	// Transaction makes the correction; validateEditTransaction previews
	// it.
	Transaction EditTransaction `json:"transaction"`
}

// Repeated is the data of a repeated-value finding.
type Repeated struct {
	Expression string `json:"expression"`
	Count      int    `json:"count"`
	SpanKind   string `json:"spanKind"` // expression, enclosing-loop
}

// Finding is one lint finding.
type Finding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Evidence string `json:"evidence"`
	// Location is the compact path:line:column of the span's start.
	Location    string    `json:"location"`
	Span        Range     `json:"span"`
	Rule        *int      `json:"rule,omitempty"`
	RuleAddress string    `json:"ruleAddress,omitempty"`
	Fix         *Fix      `json:"fix,omitempty"`
	Repeated    *Repeated `json:"repeated,omitempty"`
}

// CompactFinding is a finding as lint and analyze report it: no range and
// no fix transaction, which findings serves, so that a default answer
// stays small.
type CompactFinding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Evidence string `json:"evidence"`
	// Location is path:line:column.
	Location    string `json:"location"`
	RuleAddress string `json:"ruleAddress,omitempty"`
	// FixKind names the mechanical fix findings offers, if any.
	FixKind  string    `json:"fixKind,omitempty"`
	Repeated *Repeated `json:"repeated,omitempty"`
}

// SeverityCounts counts findings by severity.
type SeverityCounts struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
}

// RuleSeverity is a rule id with its effective severity.
type RuleSeverity struct {
	ID                string `json:"id"`
	EffectiveSeverity string `json:"effectiveSeverity"`
}

// SkippedRule is a rule that could not run.
type SkippedRule struct {
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// LintResult is the result of lint.
type LintResult struct {
	OK         bool             `json:"ok"`
	Exit       int              `json:"exit"`
	Counts     SeverityCounts   `json:"counts"`
	Findings   []CompactFinding `json:"findings"`
	Rules      []RuleSeverity   `json:"rules"`
	Skipped    []SkippedRule    `json:"skipped"`
	Snapshot   int              `json:"snapshot"`
	Selection  *Selection       `json:"selection,omitempty"`
	Truncation *Truncation      `json:"truncation,omitempty"`
	// Next lists complete command lines a renderer prints as next steps,
	// as the workflow envelopes' next does.
	Next []string `json:"next"`
}

// LintRule is a registered rule with its metadata and configuration.
type LintRule struct {
	ID                string `json:"id"`
	DefaultSeverity   string `json:"defaultSeverity"`
	EffectiveSeverity string `json:"effectiveSeverity"`
	Enabled           bool   `json:"enabled"`
	Summary           string `json:"summary"`
	Rationale         string `json:"rationale"`
	KnownLimits       string `json:"knownLimits"`
	// Evidence says what a finding's evidence member holds.
	Evidence string `json:"evidence"`
	// Documentation says where the rule is documented: the section of
	// docs/lint-rules.md in the wright-lsp repository for a built-in rule,
	// the local rule file for a rule defined there.
	Documentation string   `json:"documentation"`
	Tags          []string `json:"tags"`
	Fixes         []string `json:"fixes"`
}

// LintRulesResult is the result of lintRules.
type LintRulesResult struct {
	Rules  []LintRule `json:"rules"`
	FailOn string     `json:"failOn"`
	// Skipped lists the rule evaluations that could not run on the
	// loaded program; snapshot scopes their rule indexes.
	Skipped  []SkippedRule `json:"skipped"`
	Snapshot int           `json:"snapshot"`
}
