package opy

// This file records, while lowering, what every name of the program
// resolved to: the declarations and uses of variables, subroutines and
// macros, and the calls of catalog functions. Editors answer references,
// definitions, renames, hovers and parameter hints from it, at OverPy
// positions, without a second resolver.

import (
	"cmp"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A SymbolKind is what a name names.
type SymbolKind uint8

// The kinds of symbols.
const (
	GlobalVariable SymbolKind = iota + 1
	PlayerVariable
	Subroutine
	Macro
	Enum
)

func (k SymbolKind) String() string {
	switch k {
	case GlobalVariable:
		return "global variable"
	case PlayerVariable:
		return "player variable"
	case Subroutine:
		return "subroutine"
	case Macro:
		return "macro"
	case Enum:
		return "enum"
	}
	return "symbol"
}

// A RefRole is how a reference uses its symbol.
type RefRole uint8

// The roles.
const (
	Declaration RefRole = iota + 1
	Definition          // a subroutine's def
	Read
	Write
	CallUse // a call of a subroutine, a use of a macro
)

// A SymbolRef is one occurrence of a symbol's name in the sources.
type SymbolRef struct {
	Kind SymbolKind
	Name string
	Role RefRole
	// Loc spans the name as written. A name that came out of a #!define
	// expansion spans the whole use of the macro: Exact is false then.
	Loc   Loc
	Exact bool
}

// A CallSite is a call of a catalog action or value.
type CallSite struct {
	// Loc spans the function's name; Call the whole call.
	Loc, Call Loc
	Element   *vocab.Element
	// Member is set for a member call (p.teleport(x)): the receiver is
	// the first parameter.
	Member bool
	// Args are the arguments as written, with the index of the
	// parameter each fills.
	Args []CallArg
}

// A CallArg is an argument of a call site.
type CallArg struct {
	Loc   Loc
	Param int
	Named bool
}

// Symbols is what the names of a program resolved to.
type Symbols struct {
	Refs  []SymbolRef
	Calls []CallSite
	// Slots are the allocated indexes of variables and subroutines.
	Slots map[SymbolKind]map[string]int
}

// record notes a reference; names read from text macros, default
// arguments or nowhere are kept only when they span the name itself.
func (c *compiler) record(kind SymbolKind, name string, role RefRole, at Loc) {
	if at.File < 0 || at.File >= len(c.p.Files) {
		return
	}
	text := c.p.Files[at.File].Text
	exact := at.End <= len(text) && text[at.Start:at.End] == name
	c.refs = append(c.refs, SymbolRef{Kind: kind, Name: name, Role: role, Loc: at, Exact: exact})
}

// recordCall notes a call of a catalog element.
func (c *compiler) recordCall(el *vocab.Element, e *Call, member bool, args []CallArg) {
	at := e.Loc
	switch fn := e.Fn.(type) {
	case *Name:
		at = fn.Loc
	case *Member:
		at = fn.NameLoc
	}
	if at.File < 0 {
		return
	}
	c.calls = append(c.calls, CallSite{Loc: at, Call: e.Loc, Element: el, Member: member, Args: args})
}

// symbols returns the recorded symbols, each reference once, in source
// order.
func (c *compiler) symbols() *Symbols {
	// In place order, then the same reference recorded twice (a macro
	// argument read at each use) kept once.
	refs := c.refs
	slices.SortStableFunc(refs, func(a, b SymbolRef) int {
		if locLess(a.Loc, b.Loc) {
			return -1
		}
		if locLess(b.Loc, a.Loc) {
			return 1
		}
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Role, b.Role), boolCompare(a.Exact, b.Exact))
	})
	refs = slices.Compact(refs)
	calls := c.calls
	slices.SortStableFunc(calls, func(a, b CallSite) int {
		switch {
		case locLess(a.Loc, b.Loc):
			return -1
		case locLess(b.Loc, a.Loc):
			return 1
		}
		return 0
	})
	slots := map[SymbolKind]map[string]int{GlobalVariable: {}, PlayerVariable: {}, Subroutine: {}}
	for kind, t := range map[SymbolKind]*slotTable{GlobalVariable: c.globals, PlayerVariable: c.players, Subroutine: c.subs} {
		for n, i := range t.index {
			slots[kind][n] = i
		}
	}
	return &Symbols{Refs: refs, Calls: calls, Slots: slots}
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func locLess(a, b Loc) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.End < b.End
}

// At returns the reference whose span holds offset off of file, the
// narrowest when several do.
func (s *Symbols) At(file, off int) (SymbolRef, bool) {
	var best SymbolRef
	found := false
	for _, r := range s.Refs {
		if r.Loc.File == file && r.Loc.Start <= off && off <= r.Loc.End && r.Exact {
			if !found || r.Loc.Len() < best.Loc.Len() {
				best, found = r, true
			}
		}
	}
	return best, found
}

// RefsOf returns every reference of the symbol of kind and name.
func (s *Symbols) RefsOf(kind SymbolKind, name string) []SymbolRef {
	var out []SymbolRef
	for _, r := range s.Refs {
		if r.Kind == kind && r.Name == name {
			out = append(out, r)
		}
	}
	return out
}

// CallAt returns the call site whose function name holds offset off.
func (s *Symbols) CallAt(file, off int) (CallSite, bool) {
	for _, c := range s.Calls {
		if c.Loc.File == file && c.Loc.Start <= off && off <= c.Loc.End {
			return c, true
		}
	}
	return CallSite{}, false
}
