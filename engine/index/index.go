package index

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// SymbolKind says what a symbol names.
type SymbolKind uint8

// The symbol kinds.
const (
	GlobalVariable SymbolKind = iota + 1
	PlayerVariable
	Subroutine
	Rule
)

var kindNames = [...]string{GlobalVariable: "globalVariable", PlayerVariable: "playerVariable", Subroutine: "subroutine", Rule: "rule"}

// String returns the contract's spelling of the kind ("globalVariable").
func (k SymbolKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// ParseSymbolKind reads a kind spelled as String returns it.
func ParseSymbolKind(s string) (SymbolKind, bool) {
	for k, name := range kindNames {
		if name != "" && name == s {
			return SymbolKind(k), true
		}
	}
	return 0, false
}

// A Symbol is a variable, subroutine or rule of the program.
type Symbol struct {
	// ID is the symbol's position in Index.Symbols.
	ID   int
	Kind SymbolKind
	Name string
	// Slot is the variable or subroutine index (0–127), or -1 for rules
	// and for names that are neither declared nor a default name.
	Slot int
	// Declared is set for variables and subroutines listed in the
	// variables or subroutines block; default names used without a
	// declaration are not.
	Declared bool
	// Span is where the symbol is declared (the name in the variables or
	// subroutines block, a rule's name), or its first use when it has no
	// declaration.
	Span source.Span
	// Rule is the rule's index in Script.Rules, for rule symbols; -1
	// otherwise.
	Rule int
}

// RefKind says how a reference uses its symbol.
type RefKind uint8

// The reference kinds.
const (
	Declaration RefKind = iota + 1 // an entry of the variables or subroutines block
	Definition                     // a rule; the rule that runs a subroutine
	Read
	Write
	Call // Call Subroutine, Start Rule
)

var refKindNames = [...]string{Declaration: "declaration", Definition: "definition", Read: "read", Write: "write", Call: "call"}

// String returns the contract's spelling of the kind ("read").
func (k RefKind) String() string {
	if int(k) < len(refKindNames) && refKindNames[k] != "" {
		return refKindNames[k]
	}
	return "unknown"
}

// ParseRefKind reads a kind spelled as String returns it.
func ParseRefKind(s string) (RefKind, bool) {
	for k, name := range refKindNames {
		if name != "" && name == s {
			return RefKind(k), true
		}
	}
	return 0, false
}

// A Reference is one occurrence of a symbol.
type Reference struct {
	Symbol int
	// Span covers the identifier (the variable or subroutine name, the
	// rule's name string).
	Span source.Span
	// Rule is the index of the rule the reference is in, or -1 (the
	// variables and subroutines blocks, a payload without rules).
	Rule int
	// Statement is the statement holding the reference, or nil.
	Statement *ast.Statement
	// Kind and Compound come last, side by side, to keep a reference in
	// six words: an index of a large mode holds thousands.
	Kind RefKind
	// Compound marks a write that also reads the old value (x += 1,
	// Modify Global Variable, a For loop's control variable).
	Compound bool
}

// An Index is the symbols and references of one program. It is built once
// and never changed; share it freely.
type Index struct {
	Script  *ast.Script
	Symbols []Symbol
	// Refs lists every reference in text order.
	Refs []Reference

	byName   map[symbolKey]int
	bySymbol [][]int // reference indices per symbol
	rules    ruleNames
}

type symbolKey struct {
	kind SymbolKind
	name string
}

// RefCount returns how many references symbol id has, without copying them.
func (ix *Index) RefCount(id int) int {
	if id < 0 || id >= len(ix.bySymbol) {
		return 0
	}
	return len(ix.bySymbol[id])
}

// RefsOf returns the references of symbol id, in text order.
func (ix *Index) RefsOf(id int) []Reference {
	if id < 0 || id >= len(ix.bySymbol) {
		return nil
	}
	out := make([]Reference, len(ix.bySymbol[id]))
	for i, r := range ix.bySymbol[id] {
		out[i] = ix.Refs[r]
	}
	return out
}

// EachRefOf calls f with each reference of symbol id, in text order,
// without copying them, until f returns false. The references are the
// index's own: f must not change them.
func (ix *Index) EachRefOf(id int, f func(*Reference) bool) {
	if id < 0 || id >= len(ix.bySymbol) {
		return
	}
	for _, r := range ix.bySymbol[id] {
		if !f(&ix.Refs[r]) {
			return
		}
	}
}

// Find returns the symbol of the given kind and name (for rules, the first
// rule of that name; address rules with ResolveRule).
func (ix *Index) Find(kind SymbolKind, name string) (Symbol, bool) {
	id, ok := ix.byName[symbolKey{kind, name}]
	if !ok {
		return Symbol{}, false
	}
	return ix.Symbols[id], true
}

// Usage counts a symbol's references by kind.
type Usage struct {
	Declarations, Definitions, Reads, Writes, Calls int
}

// UsageOf counts the references of symbol id.
func (ix *Index) UsageOf(id int) Usage {
	var u Usage
	if id < 0 || id >= len(ix.bySymbol) {
		return u
	}
	for _, i := range ix.bySymbol[id] {
		switch ix.Refs[i].Kind {
		case Declaration:
			u.Declarations++
		case Definition:
			u.Definitions++
		case Read:
			u.Reads++
		case Write:
			u.Writes++
		case Call:
			u.Calls++
		}
	}
	return u
}

// At returns the reference whose span contains offset, for editor
// features (go to definition, rename at the cursor).
func (ix *Index) At(offset int) (Reference, bool) {
	for _, r := range ix.Refs {
		if r.Span.Start <= offset && offset <= r.Span.End {
			return r, true
		}
	}
	return Reference{}, false
}

// RuleSymbol returns the symbol of rule i (Script.Rules[i]).
func (ix *Index) RuleSymbol(i int) (Symbol, bool) {
	for _, s := range ix.Symbols {
		if s.Kind == Rule && s.Rule == i {
			return s, true
		}
	}
	return Symbol{}, false
}
