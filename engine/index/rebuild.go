package index

// This file indexes a script read again after an edit from the index of
// the script before: only the rules read again are walked; the other
// rules' references are the previous ones, moved with their rules.

import (
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Rebuild returns what Build returns for next, a script read again after
// an edit as sp says (see [ast.Splice]) from the script prev indexes. It
// walks only the rules read again: the rules after them, and their
// references, move by the edit's change of length and of number of rules,
// and the undeclared names those rules start or stop using are numbered
// again (a symbol's number and span are those of its first use). It builds
// the index whole when the declarations are not the same ones, and when a
// name first used in the rules read again is no longer used there but
// still after them (its place would need the walk of the rules after).
// prev is not changed.
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
	// The rules read again were old.Rules[first:end] and are
	// next.Rules[first:newEnd]; the rules after moved by dn places.
	first, end, newEnd, dn := sp.First, sp.First+sp.Old, sp.First+sp.New, sp.New-sp.Old
	if old.Conditions != nil || old.Actions != nil || next.Conditions != nil || next.Actions != nil ||
		next.Variables != old.Variables || next.Subroutines != old.Subroutines ||
		len(next.Rules) != len(old.Rules)+dn || first < 0 || end > len(old.Rules) {
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
			if a >= 0 || b >= 0 {
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

	// The rules read again, walked as Build walks them: their names'
	// definitions first, then their contents. A name no symbol has is
	// given a new symbol, numbered after prev's for now, as are the rules
	// read again when their number changed.
	sc := scratchPool.Get().(*scratch)
	rs := renumbering{ruleBase: ruleBase, rules: len(old.Rules), first: first, end: end, newEnd: newEnd, a: a, b: b, delta: sp.Delta()}
	bl := &builder{rule: -1, stmt: -1, refs: sc.refs[:0], stmts: sc.stmts[:0], known: prev.byName, fresh: len(prev.Symbols)}
	for i := first; i < newEnd; i++ {
		id := ruleBase + i
		if dn != 0 {
			id = len(prev.Symbols) + i - first
		}
		bl.ref(id, Definition, next.Rules[i].NameSpan, i, -1, false)
	}
	if dn != 0 {
		bl.fresh += sp.New
	}
	for i := first; i < newEnd; i++ {
		bl.walkRule(i, next.Rules[i])
	}
	ix := &Index{Script: next, byName: prev.byName, rules: prev.rules}
	syms, number, ok := prev.renumber(bl, rs, next.Rules)
	ix.Symbols = syms
	if !ok {
		bl.release(sc)
		return nil
	}
	ix.Refs = make([]Reference, a+len(bl.refs)+len(prev.Refs)-b)
	copy(ix.Refs, prev.Refs[:a])
	read := ix.Refs[a : a+len(bl.refs)]
	bl.sorted(read, sc)
	bl.release(sc)
	moved := ix.Refs[a+len(read):]
	copy(moved, prev.Refs[b:])
	if !moveRefs(moved, old.Rules, next.Rules, sp.Delta(), dn) {
		return nil
	}
	// The three parts must stay apart in text order, or the order of a
	// sort of them all may differ.
	for _, k := range []int{a, a + len(read)} {
		if k > 0 && k < len(ix.Refs) && ix.Refs[k-1].Span.Start >= ix.Refs[k].Span.Start {
			return nil
		}
	}
	renumbered := number != nil
	if renumbered {
		// The references before name declared symbols, rules before
		// and undeclared symbols, which move by dn places.
		from := a
		if dn != 0 {
			from = 0
		}
		for i := from; i < len(ix.Refs); i++ {
			ix.Refs[i].Symbol = number[ix.Refs[i].Symbol]
		}
	}

	renamed := dn != 0
	for i := first; i < len(next.Rules); i++ {
		s := &ix.Symbols[ruleBase+i]
		renamed = renamed || s.Name != next.Rules[i].Name
		s.Name, s.Span = next.Rules[i].Name, next.Rules[i].NameSpan
	}
	if renamed {
		ix.rules = newRuleNames(next.Rules)
	}
	if renamed || renumbered {
		// As Build: a name is its kind's first symbol of that name.
		ix.byName = make(map[symbolKey]int, len(ix.Symbols))
		for id, s := range ix.Symbols {
			if _, dup := ix.byName[symbolKey{s.Kind, s.Name}]; !dup {
				ix.byName[symbolKey{s.Kind, s.Name}] = id
			}
		}
	}
	// The lists of references per symbol are prev's when the rules read
	// again refer to the same symbols in the same order.
	ix.bySymbol = prev.bySymbol
	if renumbered || !sameSymbols(read, prev.Refs[a:b]) {
		ix.bySymbol = refsBySymbol(ix.Refs, len(ix.Symbols))
	}
	return ix
}

// A renumbering says where an index's symbols and references were, for
// renumber: rule i's symbol is ruleBase+i of rules; the rules read again
// were [first, end) and are [first, newEnd); their references were
// Refs[a:b]; the text after moved by delta bytes.
type renumbering struct {
	ruleBase, rules, first, end, newEnd, a, b, delta int
}

// renumber returns the symbols of the index rebuilt from ix with bl's
// walk of the rules read again, next being the new rules: the declared
// symbols, then the rules', then the undeclared ones first used before
// the rules read again; then, in the order the walk first met them, the
// undeclared symbols the rules read again use and that were not first
// used before, new ones included; then the other undeclared symbols first
// used after, in their order, moved by delta. When that order differs
// from ix's, number gives the new number of each old number and of each
// of bl's new ones (the rules read again first when their number changed;
// -1 for a symbol no longer there); it is nil otherwise. ok is false when
// an undeclared symbol first used in the rules read again is no longer
// used there but still after: where it now comes needs the walk of the
// rules after.
func (ix *Index) renumber(bl *builder, rs renumbering, next []*ast.Rule) (syms []Symbol, number []int, ok bool) {
	a, b, delta := rs.a, rs.b, rs.delta
	dn := rs.newEnd - rs.end
	undeclared := rs.ruleBase + rs.rules
	firstUse := func(id int) int { return ix.bySymbol[id][0] }
	// ix's undeclared symbols first used before a are [undeclared, mid).
	mid := undeclared
	for mid < len(ix.Symbols) && firstUse(mid) < a {
		mid++
	}
	// met lists the symbols numbered mid on (ix's or bl's new ones) that
	// the walk meets, in the order it first meets them, with the span of
	// that first use.
	var met []int
	var metAt []source.Span
	seen := map[int]bool{}
	for i := range bl.refs {
		id := int(bl.refs[i].sym)
		if id >= len(ix.Symbols) && id < bl.fresh {
			continue // a rule read again, numbered for now
		}
		if id >= mid && !seen[id] {
			seen[id] = true
			met = append(met, id)
			metAt = append(metAt, source.Span{Start: bl.refs[i].start, End: bl.refs[i].end})
		}
	}
	if dn == 0 && len(met) == 0 && (mid == len(ix.Symbols) || firstUse(mid) >= b) {
		// Nothing numbered from mid on is used in the rules read again,
		// before or after the edit.
		syms = slices.Clone(ix.Symbols)
		for id := mid; id < len(syms); id++ {
			syms[id].Span = syms[id].Span.Shift(delta)
		}
		return syms, nil, true
	}
	number = make([]int, bl.fresh+len(bl.freshSyms))
	for id := range number {
		number[id] = -1
	}
	syms = make([]Symbol, 0, len(ix.Symbols)+dn+len(bl.freshSyms))
	if dn == 0 {
		syms = append(syms, ix.Symbols[:mid]...)
		for id := range mid {
			number[id] = id
		}
	} else {
		// The rules read again are new symbols; the rules after and the
		// undeclared symbols before move by dn places.
		keep := rs.ruleBase + rs.first
		syms = append(syms, ix.Symbols[:keep]...)
		for id := range keep {
			number[id] = id
		}
		for i := rs.first; i < rs.newEnd; i++ {
			number[len(ix.Symbols)+i-rs.first] = len(syms)
			syms = append(syms, Symbol{ID: len(syms), Kind: Rule, Name: next[i].Name, Slot: -1, Declared: true, Span: next[i].NameSpan, Rule: i})
		}
		for id := rs.ruleBase + rs.end; id < mid; id++ {
			s := ix.Symbols[id]
			s.ID = len(syms)
			if s.Kind == Rule {
				s.Rule += dn
			}
			number[id] = s.ID
			syms = append(syms, s)
		}
	}
	for k, id := range met {
		var s Symbol
		if id < len(ix.Symbols) {
			s = ix.Symbols[id]
		} else {
			s = bl.freshSyms[id-bl.fresh]
		}
		s.ID, s.Span = len(syms), metAt[k]
		number[id] = s.ID
		syms = append(syms, s)
	}
	for id := mid; id < len(ix.Symbols); id++ {
		if seen[id] {
			continue
		}
		refs := ix.bySymbol[id]
		if firstUse(id) < b {
			// First used in the rules read again, and no longer there.
			if refs[len(refs)-1] >= b {
				return nil, nil, false
			}
			continue
		}
		s := ix.Symbols[id]
		s.ID, s.Span = len(syms), s.Span.Shift(delta)
		number[id] = s.ID
		syms = append(syms, s)
	}
	return syms, number, true
}

// moveRefs moves refs, references of rules that moved by delta bytes and
// dn places from before to after (the same rules, copied), to point at
// after's rules and statements. It reports false when a statement is not
// found.
func moveRefs(refs []Reference, before, after []*ast.Rule, delta, dn int) bool {
	rule, j := -1, 0
	var from, to *ast.Rule
	for k := range refs {
		r := &refs[k]
		r.Span = r.Span.Shift(delta)
		if r.Rule != rule {
			rule, j = r.Rule, 0
			from, to = before[rule], after[rule+dn]
		}
		r.Rule += dn
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
