package contract

// Symbol is one entry of the symbols result.
type Symbol struct {
	ID   int    `json:"id"`
	Kind string `json:"kind"` // globalVariable, playerVariable, subroutine, rule
	Name string `json:"name"`
	// Slot is the variable or subroutine index; absent for rules and for
	// names that are neither declared nor a default name.
	Slot     *int  `json:"slot,omitempty"`
	Declared bool  `json:"declared"`
	Span     Range `json:"span"`
	// References counts the symbol's references of every kind.
	References int `json:"references"`
}

// SymbolsResult is the result of symbols.
type SymbolsResult struct {
	Symbols    []Symbol    `json:"symbols"`
	Snapshot   int         `json:"snapshot"`
	Selection  *Selection  `json:"selection,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}

// Reference is one occurrence of a symbol.
type Reference struct {
	Symbol int    `json:"symbol"`
	Kind   string `json:"kind"` // declaration, definition, read, write, call
	// Span is the identifier occurrence.
	Span Range `json:"span"`
	// Compound marks a write that also reads the old value (x += 1).
	Compound   bool     `json:"compound,omitempty"`
	OwningRule *RuleRef `json:"owningRule"`
}

// Usage counts a symbol's references by kind.
type Usage struct {
	ID           int    `json:"id"`
	Kind         string `json:"kind"`
	Name         string `json:"name"`
	Declarations int    `json:"declarations"`
	Definitions  int    `json:"definitions"`
	Reads        int    `json:"reads"`
	Writes       int    `json:"writes"`
	Calls        int    `json:"calls"`
	Snapshot     int    `json:"snapshot"`
}

// ReferencesResult is the result of references.
type ReferencesResult struct {
	Usage      Usage       `json:"usage"`
	References []Reference `json:"references"`
	Snapshot   int         `json:"snapshot"`
	Selection  *Selection  `json:"selection,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}

// RuleEntry is one rule of the rules result.
type RuleEntry struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Address string `json:"address"`
	// Event is the event's catalog id, or subroutine:<name>.
	Event    string `json:"event"`
	Disabled bool   `json:"disabled"`
	Span     Range  `json:"span"`
	// Content is the rule's rule-content-v1 document, when the request
	// asks for content.
	Content *RuleContent `json:"content,omitempty"`
}

// RulesResult is the result of rules.
type RulesResult struct {
	Rules      []RuleEntry `json:"rules"`
	Snapshot   int         `json:"snapshot"`
	Selection  *Selection  `json:"selection,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}

// CFGBlock is a block of a rule's control-flow graph. Block ids are local
// to the response.
type CFGBlock struct {
	ID         int    `json:"id"`
	Kind       string `json:"kind"` // entry, exit, block, if, while, for
	Actions    []int  `json:"actions"`
	Successors []int  `json:"successors"`
	Span       *Range `json:"span,omitempty"`
}

// CFGResult is the result of cfg.
type CFGResult struct {
	Rule   RuleRef    `json:"rule"`
	Entry  int        `json:"entry"`
	Exit   int        `json:"exit"`
	Blocks []CFGBlock `json:"blocks"`
	// Dynamic is set when a Skip's count is not a literal.
	Dynamic   bool       `json:"dynamic"`
	Selection *Selection `json:"selection,omitempty"`
	// Truncation reports blocks withheld by the default cap (all: true
	// lists every block).
	Truncation *Truncation `json:"truncation,omitempty"`
}

// CallEdge is one Call Subroutine or Start Rule.
type CallEdge struct {
	// Caller is the calling rule's name ("" for an actions-only payload,
	// which has no rule). callGraph issues no numeric ids: callerAddress
	// addresses the rule.
	Caller        string `json:"caller"`
	CallerAddress string `json:"callerAddress"`
	Callee        string `json:"callee"`
	Kind          string `json:"kind"` // call, start-rule
	Action        int    `json:"action"`
	Span          Range  `json:"span"`
	Disabled      bool   `json:"disabled,omitempty"`
}

// CallGraphResult is the result of callGraph.
type CallGraphResult struct {
	Edges      []CallEdge  `json:"edges"`
	Selection  *Selection  `json:"selection,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}
