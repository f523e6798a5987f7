package index

// This file builds the index: one walk over the declarations and every
// rule, classifying each use of a variable or subroutine.

import (
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Build indexes s. It never fails: names used without a declaration
// become undeclared symbols, so that their references can still be listed.
func Build(s *ast.Script) *Index {
	ix := &Index{Script: s, byName: map[symbolKey]int{}}
	b := &builder{ix: ix, rule: -1}
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
		if _, seen := ix.byName[symbolKey{Rule, r.Name}]; !seen {
			ix.byName[symbolKey{Rule, r.Name}] = id
		}
		b.ref(id, Definition, r.NameSpan, i, nil, false)
	}
	for i, r := range s.Rules {
		b.rule = i
		if r.Event != nil {
			for _, l := range r.Event.Lines {
				if l.Kind == ast.EventLineSubroutine && l.Text != "" {
					b.ref(b.symbol(Subroutine, l.Text, l.Span), Definition, l.Span, i, nil, false)
				}
			}
		}
		b.block(r.Conditions)
		b.block(r.Actions)
	}
	b.rule = -1
	b.block(s.Conditions)
	b.block(s.Actions)
	ix.rules = newRuleNames(s.Rules)

	slices.SortStableFunc(ix.Refs, func(a, c Reference) int { return a.Span.Start - c.Span.Start })
	ix.bySymbol = make([][]int, len(ix.Symbols))
	for i, r := range ix.Refs {
		ix.bySymbol[r.Symbol] = append(ix.bySymbol[r.Symbol], i)
	}
	return ix
}

type builder struct {
	ix   *Index
	rule int
	stmt *ast.Statement
}

func (b *builder) declare(kind SymbolKind, d ast.VarDecl) {
	if d.Name == "" {
		return
	}
	if _, dup := b.ix.byName[symbolKey{kind, d.Name}]; dup {
		// A duplicate declaration (a validation error) names the same
		// symbol.
		b.ref(b.ix.byName[symbolKey{kind, d.Name}], Declaration, d.NameSpan, -1, nil, false)
		return
	}
	id := len(b.ix.Symbols)
	b.ix.Symbols = append(b.ix.Symbols, Symbol{ID: id, Kind: kind, Name: d.Name, Slot: d.Index, Declared: true, Span: d.NameSpan, Rule: -1})
	b.ix.byName[symbolKey{kind, d.Name}] = id
	b.ref(id, Declaration, d.NameSpan, -1, nil, false)
}

// symbol returns the symbol of kind named name, creating an undeclared one
// (first seen at span) when there is none.
func (b *builder) symbol(kind SymbolKind, name string, span source.Span) int {
	if id, ok := b.ix.byName[symbolKey{kind, name}]; ok {
		return id
	}
	slot := ast.DefaultVariableSlot(name)
	if kind == Subroutine {
		slot = ast.DefaultSubroutineSlot(name)
	}
	id := len(b.ix.Symbols)
	b.ix.Symbols = append(b.ix.Symbols, Symbol{ID: id, Kind: kind, Name: name, Slot: slot, Span: span, Rule: -1})
	b.ix.byName[symbolKey{kind, name}] = id
	return id
}

func (b *builder) ref(id int, kind RefKind, span source.Span, rule int, st *ast.Statement, compound bool) {
	b.ix.Refs = append(b.ix.Refs, Reference{Symbol: id, Kind: kind, Span: span, Rule: rule, Statement: st, Compound: compound})
}

func (b *builder) use(kind SymbolKind, name string, span source.Span, ref RefKind, compound bool) {
	b.ref(b.symbol(kind, name, span), ref, span, b.rule, b.stmt, compound)
}

func (b *builder) block(bl *ast.Block) {
	if bl == nil {
		return
	}
	for _, st := range bl.Statements {
		b.stmt = st
		b.expr(st.Body)
	}
	b.stmt = nil
}

// expr indexes the variables and subroutines e uses.
func (b *builder) expr(e *ast.Expr) {
	if e == nil {
		return
	}
	switch e.Kind {
	case ast.Global:
		b.use(GlobalVariable, e.Text, e.NameSpan, Read, false)
		return
	case ast.PlayerVar:
		b.expr(e.Args[0])
		b.use(PlayerVariable, e.Text, e.NameSpan, Read, false)
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
		b.use(GlobalVariable, t.Text, t.NameSpan, Write, compound)
	case ast.PlayerVar:
		b.expr(t.Args[0])
		b.use(PlayerVariable, t.Text, t.NameSpan, Write, compound)
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
			b.use(GlobalVariable, a.Text, a.NameSpan, ref, compound)
		case vocab.IdentPlayerVariable:
			b.use(PlayerVariable, a.Text, a.NameSpan, ref, compound)
		case vocab.IdentSubroutine:
			b.use(Subroutine, a.Text, a.NameSpan, Call, false)
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
