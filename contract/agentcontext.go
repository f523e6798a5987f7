package contract

// This file holds the wire types of the budgeted agent context
// (`wright-lsp agent context`, the agentContext operation): the
// operations and vocabulary entries ranked for a task, cut to a token
// budget.

// The agent context document's identity, and the one token estimator it
// uses: the length of the document's canonical compact JSON in Unicode
// scalar values, divided by four and rounded up (Quirl's rule).
const (
	ContextDocumentType  = "wright-agent-context"
	ContextSchemaVersion = 1
	ContextEstimator     = "compact-json-unicode-scalars/4-ceil"
)

// AgentContextRequest asks for the operations and vocabulary entries that
// matter for a task, within a token budget.
type AgentContextRequest struct {
	Op string `json:"op"`
	// Task is what the agent means to do, in English words ("make a HUD
	// text that counts kills"). Its words (camelCase and kebab-case split,
	// lower-cased, common English words dropped, the first 64 distinct
	// kept) are the terms entries are ranked by.
	Task string `json:"task"`
	// TokenBudget is the most tokens the whole answer may take under the
	// estimator (budget.estimator). A budget below what the envelope alone
	// needs for this task is refused token-budget-too-small, naming the
	// least budget that works.
	TokenBudget int `json:"token_budget" minimum:"1"`
}

// AgentContext is the result of agentContext and what `wright-lsp agent
// context --format json` prints: the entries ranked for the task, best
// first, as many as the budget holds.
type AgentContext struct {
	DocumentType  string `json:"document_type"`
	SchemaVersion int    `json:"schema_version"`
	Contract      string `json:"contract"`
	Task          string `json:"task"`
	// Terms are the task's terms in order of first appearance.
	Terms  []string      `json:"terms"`
	Budget ContextBudget `json:"budget"`
	// Truncated is true exactly when an entry that matched the task was
	// left out or kept only as its compact projection.
	Truncated bool `json:"truncated"`
	// Sources are the fingerprints of what the entries were taken from:
	// the agent catalog's (as capabilities carries them) and the
	// Workshop catalog's SHA-256. The catalog holds the complete record of
	// every operation a compact projection stands for.
	Sources ContextSources `json:"sources"`
	// Items are ranked by score, highest first; ties in kind order
	// (operation, action, value, event, lint-rule), then by id.
	Items []ContextItem `json:"items"`
}

// ContextBudget records the budget asked for and what the document uses.
type ContextBudget struct {
	Estimator string `json:"estimator"`
	Requested int    `json:"requested"`
	// Estimated is the estimate of the whole document, this member
	// included; never above Requested.
	Estimated int `json:"estimated"`
}

// ContextSources names the sources of a context document.
type ContextSources struct {
	CatalogSchema    string `json:"catalog_schema"`
	CatalogContent   string `json:"catalog_content"`
	VocabularySHA256 string `json:"vocabulary_sha256"`
}

// ContextItem is one ranked entry: an operation, an action, a value, an
// event or a lint rule. Which members it carries depends on its kind and
// projection.
type ContextItem struct {
	// Kind is operation, action, value, event or lint-rule.
	Kind string `json:"kind"`
	// ID is the operation's name, the vocabulary entry's catalog id or
	// the lint rule's id.
	ID string `json:"id"`
	// Score is the sum, over the task's terms, of each term's best match
	// in the entry: 6 for a word of its name or id, 3 for a word of them
	// it begins or that begins it, 2 and 1 likewise for a word of its
	// other text (an operation's description, an element's argument names,
	// a lint rule's summary and tags).
	Score int `json:"score"`
	// Projection is full, or compact when the full record did not fit
	// the budget: an operation without its request schema and refusal
	// codes, with only its description's first sentence; an action or a
	// value without its params; a lint rule with only its severity and
	// summary.
	Projection string `json:"projection"`
	// Name is an action's, value's or event's en-US spelling.
	Name string `json:"name,omitempty"`
	// Tool is an operation's MCP and client tool name.
	Tool string `json:"tool,omitempty"`
	// Description is a full operation's description.
	Description string `json:"description,omitempty"`
	// Summary is a compact operation's first sentence, or a lint rule's
	// summary.
	Summary string `json:"summary,omitempty"`
	// RequestSchema is a full operation's standalone request schema, as
	// the agent catalog has it.
	RequestSchema map[string]any `json:"request_schema,omitempty"`
	// RequestMembers are a compact operation's request members, sorted.
	RequestMembers []string `json:"request_members,omitempty"`
	// Effects are an operation's effects, as the agent catalog has them.
	Effects *CatalogEffects `json:"effects,omitempty"`
	// RefusalCodes are a full operation's refusal codes, sorted.
	RefusalCodes []string `json:"refusal_codes,omitempty"`
	// Signature is an action's or value's signature in en-US.
	Signature string `json:"signature,omitempty"`
	// Params are a full action's or value's argument slots.
	Params []VocabularyParam `json:"params,omitempty"`
	// Severity is a lint rule's default severity.
	Severity string `json:"severity,omitempty"`
	// Rationale, Limits, Tags and Fixes are a full lint rule's metadata.
	Rationale string   `json:"rationale,omitempty"`
	Limits    string   `json:"limits,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	Fixes     []string `json:"fixes,omitempty"`
}
