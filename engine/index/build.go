package index

// This file builds the index: one walk over the declarations and every
// rule, classifying each use of a variable or subroutine.

import (
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Build indexes s. It never fails: names used without a declaration
// become undeclared symbols, so that their references can still be listed.
func Build(s *ast.Script) *Index {
	ix := &Index{Script: s, byName: map[symbolKey]int{}}
	// Most statements use a variable or two: size the lists by the
	// statements (they grow past that when needed).
	stmts := 0
	for _, r := range s.Rules {
		if r.Conditions != nil {
			stmts += len(r.Conditions.Statements)
		}
		if r.Actions != nil {
			stmts += len(r.Actions.Statements)
		}
	}
	for _, bl := range []*ast.Block{s.Conditions, s.Actions} {
		if bl != nil {
			stmts += len(bl.Statements)
		}
	}
	sc := scratchPool.Get().(*scratch)
	if cap(sc.refs) < 2*stmts+64 {
		sc.refs = make([]ref, 0, 2*stmts+64)
	}
	if cap(sc.stmts) < stmts {
		sc.stmts = make([]*ast.Statement, 0, stmts)
	}
	b := &builder{ix: ix, rule: -1, stmt: -1, refs: sc.refs[:0], stmts: sc.stmts[:0]}
	for k := range b.names {
		b.names[k] = map[string]int{}
	}
	for _, d := range s.Variables.GlobalDecls() {
		b.declare(GlobalVariable, d)
	}
	for _, d := range s.Variables.PlayerDecls() {
		b.declare(PlayerVariable, d)
	}
	if s.Subroutines != nil {
		for _, d := range s.Subroutines.Decls {
			b.declare(Subroutine, d)
		}
	}
	for i, r := range s.Rules {
		id := len(ix.Symbols)
		ix.Symbols = append(ix.Symbols, Symbol{ID: id, Kind: Rule, Name: r.Name, Slot: -1, Declared: true, Span: r.NameSpan, Rule: i})
		if _, seen := b.names[Rule][r.Name]; !seen {
			b.names[Rule][r.Name] = id
		}
		b.ref(id, Definition, r.NameSpan, i, -1, false)
	}
	for i, r := range s.Rules {
		b.walkRule(i, r)
	}
	b.rule = -1
	b.block(s.Conditions)
	b.block(s.Actions)
	ix.rules = newRuleNames(s.Rules)
	for k, names := range b.names {
		for name, id := range names {
			ix.byName[symbolKey{SymbolKind(k), name}] = id
		}
	}

	ix.Refs = make([]Reference, len(b.refs))
	b.sorted(ix.Refs, sc)
	ix.bySymbol = refsBySymbol(ix.Refs, len(ix.Symbols))
	b.release(sc)
	return ix
}

// walkRule indexes rule i, r: the subroutine its event block names, then
// its conditions and actions.
func (b *builder) walkRule(i int, r *ast.Rule) {
	b.rule = i
	if r.Event != nil {
		for _, l := range r.Event.Lines {
			if l.Kind == ast.EventLineSubroutine && l.Text != "" {
				b.ref(b.symbol(Subroutine, l.Text, l.Span), Definition, l.Span, i, -1, false)
			}
		}
	}
	b.block(r.Conditions)
	b.block(r.Actions)
}

// sorted writes the references found into out (as long as them) in text
// order: a stable sort by start offset, done on the indices of the
// compact references.
func (b *builder) sorted(out []Reference, sc *scratch) {
	refs := b.refs
	order := sortOrder(refs, sc)
	for i := range refs {
		r := &refs[i]
		if order != nil {
			r = &refs[order[i]]
		}
		var st *ast.Statement
		if r.stmt >= 0 {
			st = b.stmts[r.stmt]
		}
		out[i] = Reference{Symbol: int(r.sym), Kind: r.kind, Span: source.Span{Start: r.start, End: r.end},
			Rule: int(r.rule), Statement: st, Compound: r.compound}
	}
}

// release gives the builder's lists back to the pool, without the
// statements they point to.
func (b *builder) release(sc *scratch) {
	clear(b.stmts)
	sc.refs, sc.stmts = b.refs[:0], b.stmts[:0]
	scratchPool.Put(sc)
}

// refsBySymbol lists the indices in refs of each of n symbols'
// references; the lists share one array.
func refsBySymbol(refs []Reference, n int) [][]int {
	counts := make([]int, n+1)
	for i := range refs {
		counts[refs[i].Symbol+1]++
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	all := make([]int, len(refs))
	by := make([][]int, n)
	for id := range by {
		if counts[id+1] > counts[id] {
			by[id] = all[counts[id]:counts[id]:counts[id+1]]
		}
	}
	for i := range refs {
		by[refs[i].Symbol] = append(by[refs[i].Symbol], i)
	}
	return by
}

// scratch holds the lists a build uses and drops, for the next build to
// reuse.
type scratch struct {
	refs       []ref
	stmts      []*ast.Statement
	order, tmp []int32
	bounds     []int
	next       []int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// sortOrder returns the order of refs by start offset, keeping the order
// found (their indices) among equal offsets, or nil when refs are in that
// order already. The list is mostly in order (rule names come
// first, an index is found before the variable it indexes): runs in
// order are found and merged pairwise.
func sortOrder(refs []ref, sc *scratch) []int32 {
	bounds := append(sc.bounds[:0], 0)
	for i := 1; i < len(refs); i++ {
		if refs[i].start < refs[i-1].start {
			bounds = append(bounds, i)
		}
	}
	bounds = append(bounds, len(refs))
	if len(bounds) <= 2 {
		sc.bounds = bounds
		return nil
	}
	n := len(refs)
	if cap(sc.order) < n {
		sc.order, sc.tmp = make([]int32, n), make([]int32, n)
	}
	src, dst := sc.order[:n], sc.tmp[:n]
	for i := range src {
		src[i] = int32(i)
	}
	// before reports whether ref a goes before ref c (a < c when their
	// offsets are equal).
	before := func(a, c int32) bool {
		return refs[a].start < refs[c].start || refs[a].start == refs[c].start && a < c
	}
	next := sc.next[:0]
	for len(bounds) > 2 {
		next = append(next[:0], 0)
		for k := 0; k+1 < len(bounds); k += 2 {
			lo, mid, hi := bounds[k], bounds[k+1], bounds[k+1]
			if k+2 < len(bounds) {
				hi = bounds[k+2]
			}
			i, j, o := lo, mid, lo
			for i < mid && j < hi {
				if before(src[j], src[i]) {
					dst[o] = src[j]
					j++
				} else {
					dst[o] = src[i]
					i++
				}
				o++
			}
			o += copy(dst[o:], src[i:mid])
			copy(dst[o:], src[j:hi])
			next = append(next, hi)
		}
		bounds, next = next, bounds
		src, dst = dst, src
	}
	sc.bounds, sc.next = bounds, next // two arrays, in either role
	return src
}

type builder struct {
	ix   *Index
	rule int
	// stmt is the index in stmts of the statement being indexed, or -1.
	stmt  int
	stmts []*ast.Statement
	// base is where the statement being indexed starts: its
	// expressions' spans are measured from there.
	base int
	// refs are the references in the order found.
	refs []ref
	// names maps, per kind, a name to its symbol (Index.byName, kept
	// apart while building).
	names [Rule + 1]map[string]int
	// known, when set, holds the symbols of a previous index (a rebuild
	// that keeps them): a name it lacks gets one of freshSyms, numbered
	// from fresh on, instead of one of ix.Symbols.
	known     map[symbolKey]int
	fresh     int
	freshSyms []Symbol
	freshIDs  map[symbolKey]int
}

// ref is a Reference while building: without pointers, so that growing
// and sorting the list is cheap.
type ref struct {
	start, end int
	sym        int32
	rule       int32
	stmt       int32 // index in builder.stmts, or -1
	kind       RefKind
	compound   bool
}

func (b *builder) declare(kind SymbolKind, d ast.VarDecl) {
	if d.Name == "" {
		return
	}
	if id, dup := b.names[kind][d.Name]; dup {
		// A duplicate declaration (a validation error) names the same
		// symbol.
		b.ref(id, Declaration, d.NameSpan, -1, -1, false)
		return
	}
	id := len(b.ix.Symbols)
	b.ix.Symbols = append(b.ix.Symbols, Symbol{ID: id, Kind: kind, Name: d.Name, Slot: d.Index, Declared: true, Span: d.NameSpan, Rule: -1})
	b.names[kind][d.Name] = id
	b.ref(id, Declaration, d.NameSpan, -1, -1, false)
}

// symbol returns the symbol of kind named name, creating an undeclared one
// (first seen at span) when there is none.
func (b *builder) symbol(kind SymbolKind, name string, span source.Span) int {
	if b.known != nil {
		key := symbolKey{kind, name}
		if id, ok := b.known[key]; ok {
			return id
		}
		if id, ok := b.freshIDs[key]; ok {
			return id
		}
		if b.freshIDs == nil {
			b.freshIDs = map[symbolKey]int{}
		}
		id := b.fresh + len(b.freshSyms)
		b.freshSyms = append(b.freshSyms, Symbol{ID: id, Kind: kind, Name: name, Slot: defaultSlot(kind, name), Span: span, Rule: -1})
		b.freshIDs[key] = id
		return id
	}
	if id, ok := b.names[kind][name]; ok {
		return id
	}
	slot := defaultSlot(kind, name)
	id := len(b.ix.Symbols)
	b.ix.Symbols = append(b.ix.Symbols, Symbol{ID: id, Kind: kind, Name: name, Slot: slot, Span: span, Rule: -1})
	b.names[kind][name] = id
	return id
}

// defaultSlot returns the slot of an undeclared name of kind: a default
// name's, or -1.
func defaultSlot(kind SymbolKind, name string) int {
	if kind == Subroutine {
		return ast.DefaultSubroutineSlot(name)
	}
	return ast.DefaultVariableSlot(name)
}

// ref records a reference; st is the index in b.stmts of its statement,
// or -1.
func (b *builder) ref(id int, kind RefKind, span source.Span, rule int, st int, compound bool) {
	b.refs = append(b.refs, ref{start: span.Start, end: span.End, sym: int32(id),
		rule: int32(rule), stmt: int32(st), kind: kind, compound: compound})
}

func (b *builder) use(kind SymbolKind, name string, span source.Span, ref RefKind, compound bool) {
	b.ref(b.symbol(kind, name, span), ref, span, b.rule, b.stmt, compound)
}

func (b *builder) block(bl *ast.Block) {
	if bl == nil {
		return
	}
	for _, st := range bl.Statements {
		b.stmts = append(b.stmts, st)
		b.stmt = len(b.stmts) - 1
		b.base = st.Base()
		b.expr(st.Body)
	}
	b.stmt = -1
}

// expr indexes the variables and subroutines e uses.
func (b *builder) expr(e *ast.Expr) {
	if e == nil {
		return
	}
	switch e.Kind {
	case ast.Global:
		b.use(GlobalVariable, e.Text, e.NameSpan.In(b.base), Read, false)
		return
	case ast.PlayerVar:
		b.expr(e.Args[0])
		b.use(PlayerVariable, e.Text, e.NameSpan.In(b.base), Read, false)
		return
	case ast.Assign:
		b.target(e.Args[0], e.Op != ast.OpAssign)
		b.expr(e.Args[1])
		return
	case ast.Call:
		if e.Elem != nil {
			b.call(e)
			return
		}
	}
	for _, a := range e.Args {
		b.expr(a)
	}
}

// target indexes the left side of an assignment.
func (b *builder) target(t *ast.Expr, compound bool) {
	if t.Kind == ast.Index {
		b.expr(t.Args[1])
		t = t.Args[0]
	}
	switch t.Kind {
	case ast.Global:
		b.use(GlobalVariable, t.Text, t.NameSpan.In(b.base), Write, compound)
	case ast.PlayerVar:
		b.expr(t.Args[0])
		b.use(PlayerVariable, t.Text, t.NameSpan.In(b.base), Write, compound)
	default:
		b.expr(t)
	}
}

// call indexes a call: its bare variable and subroutine arguments by what
// the element does with them, its other arguments as values.
func (b *builder) call(e *ast.Expr) {
	ref, compound := access(e.Elem)
	for i, a := range e.Args {
		if i >= len(e.Elem.Params) || a.Kind != ast.Name {
			b.expr(a)
			continue
		}
		switch e.Elem.Params[i].Ident {
		case vocab.IdentGlobalVariable:
			b.use(GlobalVariable, a.Text, a.NameSpan.In(b.base), ref, compound)
		case vocab.IdentPlayerVariable:
			b.use(PlayerVariable, a.Text, a.NameSpan.In(b.base), ref, compound)
		case vocab.IdentSubroutine:
			b.use(Subroutine, a.Text, a.NameSpan.In(b.base), Call, false)
		default:
			b.expr(a)
		}
	}
}

// access says how an element with a bare variable argument uses it.
func access(el *vocab.Element) (RefKind, bool) {
	switch el.ID {
	case "__globalVar__", "__playerVar__":
		return Read, false
	case "__setGlobalVariable__", "__setGlobalVariableAtIndex__", "__setPlayerVariable__", "__setPlayerVariableAtIndex__",
		"__stopChasingGlobalVariable__", "__stopChasingPlayerVariable__":
		return Write, false
	}
	// Modify, Chase and For loops change the variable from its current
	// value.
	return Write, true
}
