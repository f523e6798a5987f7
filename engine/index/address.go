package index

// This file implements the contract's name and address grammar: rules are
// addressed as NAME or NAME#N (the Nth rule of that name, 1-based; unnamed
// rules take #N), symbols as NAME or KIND:NAME. A name may itself contain
// '#', so both readings of an address compete: one match resolves, none is
// unknown, more are ambiguous.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// An AddressError is a rule or symbol address that resolves to no entity,
// or to several. Code is unknown-rule, ambiguous-rule, unknown-symbol or
// ambiguous-symbol.
type AddressError struct {
	Code    string
	Message string
	// Candidates are the canonical addresses of the matches (ambiguous),
	// or the nearest valid names (unknown).
	Candidates []string
}

func (e *AddressError) Error() string { return e.Message }

// ruleNames indexes rules by name, in program order.
type ruleNames struct {
	byName map[string][]int // rule indices with that exact name
	names  []string
}

func newRuleNames(rules []*ast.Rule) ruleNames {
	rn := ruleNames{byName: map[string][]int{}}
	for i, r := range rules {
		rn.byName[r.Name] = append(rn.byName[r.Name], i)
		rn.names = append(rn.names, r.Name)
	}
	return rn
}

// matches returns the rules address a selects under either reading.
func (rn ruleNames) matches(a string) []int {
	out := append([]int(nil), rn.byName[a]...)
	if i := strings.LastIndexByte(a, '#'); i >= 0 {
		num := a[i+1:]
		if n, err := strconv.Atoi(num); err == nil && n >= 1 && num[0] != '0' && strconv.Itoa(n) == num {
			if list := rn.byName[a[:i]]; n <= len(list) {
				r := list[n-1]
				dup := false
				for _, o := range out {
					dup = dup || o == r
				}
				if !dup {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// RuleAddress returns the canonical address of rule i: its name when that
// selects it alone, else NAME#N.
func (ix *Index) RuleAddress(i int) string {
	rn := ix.rules
	if i < 0 || i >= len(rn.names) {
		return ""
	}
	name := rn.names[i]
	if m := rn.matches(name); len(m) == 1 && m[0] == i {
		return name
	}
	for n, r := range rn.byName[name] {
		if r == i {
			return name + "#" + strconv.Itoa(n+1)
		}
	}
	return name
}

// ResolveRule finds the rule an address names and returns its index.
func (ix *Index) ResolveRule(a string) (int, error) {
	m := ix.rules.matches(a)
	switch len(m) {
	case 1:
		return m[0], nil
	case 0:
		if base, _, ok := cutLast(a, "#"); ok && len(ix.rules.byName[base]) > 0 {
			// NAME#N past the last declaration: list the ones there are.
			var addrs []string
			for _, r := range ix.rules.byName[base] {
				addrs = append(addrs, ix.RuleAddress(r))
			}
			return -1, &AddressError{Code: "unknown-rule", Candidates: addrs,
				Message: fmt.Sprintf("no rule is addressed %q: %q names %d rule(s), %s", a, base, len(addrs), strings.Join(quoteAll(addrs), ", "))}
		}
		near := vocab.Nearest(a, ix.rules.names)
		msg := fmt.Sprintf("no rule is addressed %q", a)
		if len(near) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", near[0])
		}
		return -1, &AddressError{Code: "unknown-rule", Message: msg, Candidates: near}
	}
	var addrs []string
	for _, r := range m {
		addrs = append(addrs, ix.RuleAddress(r))
	}
	return -1, &AddressError{Code: "ambiguous-rule",
		Message:    fmt.Sprintf("%q names %d rules: use one of %s", a, len(m), strings.Join(quoteAll(addrs), ", ")),
		Candidates: addrs}
}

// ResolveSymbol finds the variable or subroutine an address names: NAME
// (any kind but rules) or KIND:NAME (globalVariable, playerVariable,
// subroutine).
func (ix *Index) ResolveSymbol(a string) (Symbol, error) {
	kinds := []SymbolKind{GlobalVariable, PlayerVariable, Subroutine}
	name := a
	if i := strings.IndexByte(a, ':'); i >= 0 {
		k, ok := ParseSymbolKind(a[:i])
		if !ok || k == Rule {
			return Symbol{}, &AddressError{Code: "unknown-symbol",
				Message: fmt.Sprintf("%q is not a symbol kind: expected globalVariable, playerVariable or subroutine", a[:i])}
		}
		kinds, name = []SymbolKind{k}, a[i+1:]
	}
	var found []Symbol
	for _, k := range kinds {
		if s, ok := ix.Find(k, name); ok {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if len(kinds) == 1 {
			// KIND:NAME where NAME is another kind's: name that one.
			var others []string
			for _, k := range []SymbolKind{GlobalVariable, PlayerVariable, Subroutine} {
				if _, ok := ix.Find(k, name); ok && k != kinds[0] {
					others = append(others, k.String()+":"+name)
				}
			}
			if len(others) > 0 {
				return Symbol{}, &AddressError{Code: "unknown-symbol", Candidates: others,
					Message: fmt.Sprintf("no %s is named %q; did you mean %s?", kinds[0], name, strings.Join(quoteAll(others), " or "))}
			}
		}
		var names []string
		for _, s := range ix.Symbols {
			if s.Kind != Rule {
				names = append(names, s.Name)
			}
		}
		near := vocab.Nearest(name, names)
		msg := fmt.Sprintf("no variable or subroutine is named %q", a)
		if len(near) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", near[0])
		}
		return Symbol{}, &AddressError{Code: "unknown-symbol", Message: msg, Candidates: near}
	}
	var addrs []string
	for _, s := range found {
		addrs = append(addrs, s.Kind.String()+":"+s.Name)
	}
	return Symbol{}, &AddressError{Code: "ambiguous-symbol",
		Message:    fmt.Sprintf("%q names %d symbols: use one of %s", a, len(found), strings.Join(quoteAll(addrs), ", ")),
		Candidates: addrs}
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strconv.Quote(s)
	}
	return out
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
