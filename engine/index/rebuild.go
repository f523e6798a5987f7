package index

// This file indexes a script read again after an edit from the index of
// the script before: only the rules read again are walked; the other
// rules' references are the previous ones, moved with their rules.

import (
	"maps"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// Rebuild returns what Build returns for next, a script read again after
// an edit as sp says (see [ast.Splice]) from the script prev indexes. It
// walks only the rules read again when the edit leaves every symbol as it
// was but for those rules' own names: the same rules, declarations and
// names, and no undeclared name first used, or no longer used, in the
// rules read again (a symbol's number and span are those of its first
// use). Otherwise it builds the index whole. prev is not changed.
func Rebuild(prev *Index, next *ast.Script, sp ast.Splice) *Index {
	if ix := rebuild(prev, next, sp); ix != nil {
		return ix
	}
	return Build(next)
}

// rebuild is Rebuild without the fallback: nil when the index must be
// built whole.
func rebuild(prev *Index, next *ast.Script, sp ast.Splice) *Index {
	old := prev.Script
	first, end := sp.First, sp.First+sp.Old
	if old.Conditions != nil || old.Actions != nil || next.Conditions != nil || next.Actions != nil ||
		next.Variables != old.Variables || next.Subroutines != old.Subroutines ||
		sp.Old != sp.New || len(old.Rules) != len(next.Rules) || first < 0 || end > len(old.Rules) {
		return nil
	}
	// The rule symbols follow the declared ones, rule i's at ruleBase+i.
	ruleBase := 0
	for ruleBase < len(prev.Symbols) && prev.Symbols[ruleBase].Kind != Rule {
		ruleBase++
	}
	if ruleBase+len(old.Rules) > len(prev.Symbols) {
		return nil
	}
	// prev's references in text order are those of the declarations and
	// the rules before, then those of the rules read again, Refs[a:b],
	// then those of the rules after; a reference that lies elsewhere (a
	// rule without a name written has its definition at offset 0) makes
	// the index be built whole.
	a, b := -1, -1
	for i := range prev.Refs {
		switch r := prev.Refs[i].Rule; {
		case r < first:
			if a >= 0 {
				return nil
			}
		case r < end:
			if b >= 0 {
				return nil
			}
			if a < 0 {
				a = i
			}
		default:
			if b < 0 {
				b = i
			}
		}
	}
	if b < 0 {
		b = len(prev.Refs)
	}
	if a < 0 {
		a = b
	}
	for i := a; i < b; i++ {
		if prev.firstUseFrom(prev.Refs[i].Symbol, a) {
			return nil
		}
	}

	// The rules read again, walked as Build walks them: their names'
	// definitions first, then their contents.
	sc := scratchPool.Get().(*scratch)
	bl := &builder{rule: -1, stmt: -1, refs: sc.refs[:0], stmts: sc.stmts[:0], known: prev.byName}
	for i := first; i < end; i++ {
		bl.ref(ruleBase+i, Definition, next.Rules[i].NameSpan, i, -1, false)
	}
	for i := first; i < end; i++ {
		bl.walkRule(i, next.Rules[i])
	}
	ok := !bl.unknown
	for i := range bl.refs {
		ok = ok && !prev.firstUseFrom(int(bl.refs[i].sym), a)
	}
	if !ok {
		bl.release(sc)
		return nil
	}
	ix := &Index{Script: next, byName: prev.byName, rules: prev.rules}
	ix.Refs = make([]Reference, a+len(bl.refs)+len(prev.Refs)-b)
	copy(ix.Refs, prev.Refs[:a])
	read := ix.Refs[a : a+len(bl.refs)]
	bl.sorted(read, sc)
	bl.release(sc)
	moved := ix.Refs[a+len(read):]
	copy(moved, prev.Refs[b:])
	if !moveRefs(moved, old.Rules, next.Rules, sp.Delta()) {
		return nil
	}
	// The three parts must stay apart in text order, or the order of a
	// sort of them all may differ.
	for _, k := range []int{a, a + len(read)} {
		if k > 0 && k < len(ix.Refs) && ix.Refs[k-1].Span.Start >= ix.Refs[k].Span.Start {
			return nil
		}
	}

	ix.Symbols = make([]Symbol, len(prev.Symbols))
	copy(ix.Symbols, prev.Symbols)
	renamed := false
	for i := first; i < len(next.Rules); i++ {
		s := &ix.Symbols[ruleBase+i]
		renamed = renamed || s.Name != next.Rules[i].Name
		s.Name, s.Span = next.Rules[i].Name, next.Rules[i].NameSpan
	}
	for id := ruleBase + len(next.Rules); id < len(ix.Symbols); id++ {
		if prev.firstUseFrom(id, b) {
			ix.Symbols[id].Span = ix.Symbols[id].Span.Shift(sp.Delta())
		}
	}
	if renamed {
		ix.rules = newRuleNames(next.Rules)
		ix.byName = maps.Clone(prev.byName)
		for i := first; i < end; i++ {
			for _, name := range []string{old.Rules[i].Name, next.Rules[i].Name} {
				delete(ix.byName, symbolKey{Rule, name})
				if list := ix.rules.byName[name]; len(list) > 0 {
					ix.byName[symbolKey{Rule, name}] = ruleBase + list[0]
				}
			}
		}
	}
	// The lists of references per symbol are prev's when the rules read
	// again refer to the same symbols in the same order.
	ix.bySymbol = prev.bySymbol
	if !sameSymbols(read, prev.Refs[a:b]) {
		ix.bySymbol = refsBySymbol(ix.Refs, len(ix.Symbols))
	}
	return ix
}

// sameSymbols reports whether a and b are references of the same symbols
// in the same order.
func sameSymbols(a, b []Reference) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Symbol != b[i].Symbol {
			return false
		}
	}
	return true
}

// firstUseFrom reports whether symbol id is an undeclared variable or
// subroutine first used at or after reference i: such a symbol is
// numbered, and placed, where it is first used.
func (ix *Index) firstUseFrom(id, i int) bool {
	s := &ix.Symbols[id]
	return !s.Declared && s.Kind != Rule && ix.bySymbol[id][0] >= i
}

// moveRefs moves refs, references of rules that moved by delta bytes from
// before to after (the same rules, copied), to point at after's
// statements. It reports false when a statement is not found.
func moveRefs(refs []Reference, before, after []*ast.Rule, delta int) bool {
	rule, j := -1, 0
	var from, to *ast.Rule
	for k := range refs {
		r := &refs[k]
		r.Span = r.Span.Shift(delta)
		if r.Rule != rule {
			rule, j = r.Rule, 0
			from, to = before[rule], after[rule]
		}
		if r.Statement == nil || from == to {
			continue
		}
		// References are in text order, and so are a rule's statements:
		// the search goes on from the last one found.
		if j = statementIndex(from, r.Statement, j); j < 0 {
			return false
		}
		r.Statement = statementAt(to, j)
	}
	return true
}

// statementIndex returns the index of st among r's statements (its
// conditions', then its actions'), looking from index from on first, or
// -1.
func statementIndex(r *ast.Rule, st *ast.Statement, from int) int {
	n := blockLen(r.Conditions) + blockLen(r.Actions)
	for k := range n {
		j := (from + k) % n
		if statementAt(r, j) == st {
			return j
		}
	}
	return -1
}

// statementAt returns r's statement j, counting its conditions', then its
// actions'.
func statementAt(r *ast.Rule, j int) *ast.Statement {
	if c := blockLen(r.Conditions); j >= c {
		return r.Actions.Statements[j-c]
	}
	return r.Conditions.Statements[j]
}

func blockLen(b *ast.Block) int {
	if b == nil {
		return 0
	}
	return len(b.Statements)
}
