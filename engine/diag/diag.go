// Package diag holds the engine's diagnostics: problems found in a program,
// as data. A diagnostic has a stable kebab-case code (see codes.go), a
// severity, a message and a span of byte offsets.
//
// Messages follow one style: lower case, no final period, say what is wrong
// and what was expected ("expected ';' after the action, found ')'").
package diag

import (
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Severity orders diagnostics by how much they matter.
type Severity uint8

// The severities, most severe first.
const (
	Error Severity = iota + 1
	Warning
	Info
	Hint
)

// String returns "error", "warning", "info" or "hint".
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	case Hint:
		return "hint"
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// A Diagnostic is one problem.
type Diagnostic struct {
	Code     Code
	Severity Severity
	Message  string
	Span     source.Span
	// Related points at other places that explain the problem (the first
	// declaration of a duplicate, the rule that opened a block).
	Related []Related
	// Suggestions are replacement spellings for the text at Span, best
	// first (for example the nearest valid name).
	Suggestions []string
	// Fix is the problem's mechanical correction, when the text can have
	// meant only one thing (the ';' a statement lacks); nil otherwise.
	Fix *Fix
}

// A Fix is a diagnostic's mechanical correction.
type Fix struct {
	// Title says what the edits do, for a code action: "Insert ';'".
	Title string
	Edits []source.Edit
}

// A Related is a secondary location of a diagnostic.
type Related struct {
	Span    source.Span
	Message string
}

// List is an ordered list of diagnostics.
type List []Diagnostic

// HasErrors reports whether l holds an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of diagnostics of severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders l by position, then severity, then code, keeping the order
// of otherwise equal diagnostics.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		switch {
		case a.Span.Start != b.Span.Start:
			return a.Span.Start - b.Span.Start
		case a.Span.End != b.Span.End:
			return a.Span.End - b.Span.End
		case a.Severity != b.Severity:
			return int(a.Severity) - int(b.Severity)
		case a.Code != b.Code:
			if a.Code < b.Code {
				return -1
			}
			return 1
		}
		return 0
	})
}
