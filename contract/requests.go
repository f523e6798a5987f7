package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// An Address names a rule or a symbol: a declared name (NAME, NAME#N,
// KIND:NAME) or a numeric id, which is only valid with the snapshot that
// issued it.
type Address struct {
	Name string
	// ID is set for a numeric address.
	ID *int
}

// IsNumeric reports whether a is a numeric id.
func (a Address) IsNumeric() bool { return a.ID != nil }

// IsZero reports whether a was not given.
func (a Address) IsZero() bool { return a.ID == nil && a.Name == "" }

// String renders a for messages.
func (a Address) String() string {
	if a.ID != nil {
		return strconv.Itoa(*a.ID)
	}
	return a.Name
}

// MarshalJSON writes a string or an integer.
func (a Address) MarshalJSON() ([]byte, error) {
	if a.ID != nil {
		return json.Marshal(*a.ID)
	}
	return json.Marshal(a.Name)
}

// UnmarshalJSON reads a string or a non-negative integer.
func (a *Address) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		return json.Unmarshal(data, &a.Name)
	}
	var n int
	if err := json.Unmarshal(data, &n); err != nil || n < 0 {
		return fmt.Errorf("expected a name or a non-negative integer id")
	}
	a.ID = &n
	return nil
}

// FindingSelection is the selection of findings, lint and costEstimate.
type FindingSelection struct {
	// Severity is a threshold: error, warning or info.
	Severity string `json:"severity,omitempty"`
	// Rule is one lint rule id (the finding code). On costEstimate, rule
	// names a program rule to drill into instead (see CostEstimateRequest).
	Rule string `json:"rule,omitempty"`
	File string `json:"file,omitempty"`
	Max  *int   `json:"max,omitempty" minimum:"0"`
	All  bool   `json:"all,omitempty"`
}

// CapabilitiesRequest asks what the service supports.
type CapabilitiesRequest struct {
	Op string `json:"op"`
}

// CheckRequest parses and validates the program.
type CheckRequest struct {
	Op  string `json:"op"`
	All bool   `json:"all,omitempty"`
}

// AnalyzeRequest asks for the essential analysis.
type AnalyzeRequest struct {
	Op       string `json:"op"`
	Severity string `json:"severity,omitempty"`
	Rule     string `json:"rule,omitempty"`
	File     string `json:"file,omitempty"`
	Max      *int   `json:"max,omitempty" minimum:"0"`
	All      bool   `json:"all,omitempty"`
}

// InspectRequest asks for the overview and the rule names.
type InspectRequest struct {
	Op  string `json:"op"`
	All bool   `json:"all,omitempty"`
}

// ProjectRequest asks for the loaded program's origin, files, counts and
// settings.
type ProjectRequest struct {
	Op string `json:"op"`
}

// RulesRequest lists the program's rules.
type RulesRequest struct {
	Op string `json:"op"`
	// Rule selects one rule by address; numeric needs Snapshot.
	Rule     *Address `json:"rule,omitempty"`
	Snapshot *int     `json:"snapshot,omitempty"`
	File     string   `json:"file,omitempty"`
	Max      *int     `json:"max,omitempty" minimum:"0"`
	All      bool     `json:"all,omitempty"`
	// Content adds each rule's rule-content-v1 document.
	Content bool `json:"content,omitempty"`
}

// SymbolsRequest lists symbols.
type SymbolsRequest struct {
	Op string `json:"op"`
	// Kind is globalVariable, playerVariable, subroutine or rule.
	Kind string `json:"kind,omitempty"`
	File string `json:"file,omitempty"`
	Max  *int   `json:"max,omitempty" minimum:"0"`
	All  bool   `json:"all,omitempty"`
}

// ReferencesRequest lists the references of a symbol.
type ReferencesRequest struct {
	Op string `json:"op"`
	// Symbol is an id (with Snapshot), NAME or KIND:NAME.
	Symbol   Address `json:"symbol"`
	Snapshot *int    `json:"snapshot,omitempty"`
	// Kind is declaration, definition, read, write or call.
	Kind string `json:"kind,omitempty"`
	// Rule keeps references inside one rule.
	Rule *Address `json:"rule,omitempty"`
	File string   `json:"file,omitempty"`
	Max  *int     `json:"max,omitempty" minimum:"0"`
	All  bool     `json:"all,omitempty"`
}

// UsageRequest counts a symbol's references.
type UsageRequest struct {
	Op       string  `json:"op"`
	Symbol   Address `json:"symbol"`
	Snapshot *int    `json:"snapshot,omitempty"`
}

// CFGRequest asks for a rule's control-flow graph.
type CFGRequest struct {
	Op       string  `json:"op"`
	Rule     Address `json:"rule"`
	Snapshot *int    `json:"snapshot,omitempty"`
	// Kind is entry, exit, block, if, while or for.
	Kind string `json:"kind,omitempty"`
	Max  *int   `json:"max,omitempty" minimum:"0"`
	All  bool   `json:"all,omitempty"`
}

// FindingsRequest lists lint findings with full spans and fixes.
type FindingsRequest struct {
	Op string `json:"op"`
	FindingSelection
}

// LintRequest runs the lint policy.
type LintRequest struct {
	Op string `json:"op"`
	FindingSelection
}

// LintRulesRequest lists the lint rules.
type LintRulesRequest struct {
	Op string `json:"op"`
}

// PersistentObjectsRequest lists persistent object facts.
type PersistentObjectsRequest struct {
	Op  string `json:"op"`
	All bool   `json:"all,omitempty"`
}

// CallGraphRequest lists subroutine calls.
type CallGraphRequest struct {
	Op string `json:"op"`
	// Caller keeps the calls made by one rule: NAME or NAME#N, or a rule
	// index with Snapshot.
	Caller *Address `json:"caller,omitempty"`
	// Snapshot is required when Caller is a rule index: the snapshot
	// that issued it.
	Snapshot *int   `json:"snapshot,omitempty"`
	Callee   string `json:"callee,omitempty"`
	Max      *int   `json:"max,omitempty" minimum:"0"`
	All      bool   `json:"all,omitempty"`
}

// CostEstimateRequest asks for the element count.
type CostEstimateRequest struct {
	Op string `json:"op"`
	// Rule drills into one program rule (NAME or NAME#N, or an index
	// with Snapshot).
	Rule     *Address `json:"rule,omitempty"`
	Snapshot *int     `json:"snapshot,omitempty"`
	Severity string   `json:"severity,omitempty"`
	File     string   `json:"file,omitempty"`
	Max      *int     `json:"max,omitempty" minimum:"0"`
	All      bool     `json:"all,omitempty"`
}
