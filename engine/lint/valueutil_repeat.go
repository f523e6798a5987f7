package lint

// This file finds the repeated values of repeated-value: the occurrences
// of each non-trivial expression along the paths of a rule's actions,
// cut wherever something may change the value, and the loop-invariant
// expressions of For loops with literal bounds.

import (
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// repMinNodes is the size from which a repeated expression is worth
// reporting: Distance Between(Event Player, Global.p) has 3 nodes;
// Position Of(Event Player) has 2. Arithmetic on variables and literals
// alone (Event Player.x / 10) counts from repMinArithmeticNodes: caching it
// costs more than repeating it.
const (
	repMinNodes           = 3
	repMinArithmeticNodes = 6
)

// repOperatorFunctions are the function forms of operators and variable
// reads (Add(a, b), Value In Array(a, i), Global Variable(x)): they count
// as arithmetic, not as values worth caching on their own.
var repOperatorFunctions = map[string]bool{
	"__add__": true, "__subtract__": true, "__multiply__": true, "__divide__": true, "__modulo__": true,
	"__raiseToPower__": true, "__and__": true, "__or__": true, "__not__": true, "__compare__": true,
	"__valueInArray__": true, "__ifThenElse__": true, "__globalVar__": true, "__playerVar__": true,
	"__number__": true,
}

// repInfo is what the analysis knows of one candidate expression.
type repInfo struct {
	// key identifies the expression's structure: two expressions have
	// one key exactly when their structural strings (ast.DumpExpr with
	// parentheses looked through, Evaluate Once subtrees cut) are equal.
	key      int32
	nodes    int
	volatile bool // see valFacts
	state    bool // may read game state: anything not built of literals
	literal  bool // literals and constant values only
	calls    bool // holds a value written with arguments (Position Of(…))
	reads    []valVar
}

// readsAny reports whether the expression reads one of vars.
func (v *repInfo) readsAny(vars map[valVar]bool) bool {
	for _, r := range v.reads {
		if vars[r] {
			return true
		}
	}
	return false
}

// readsOneOf reports whether the expression reads one of vars.
func (v *repInfo) readsOneOf(vars []valVar) bool {
	for _, r := range v.reads {
		for _, w := range vars {
			if r == w {
				return true
			}
		}
	}
	return false
}

// repOccurrence is one evaluation site of a candidate expression.
type repOccurrence struct {
	expr *ast.Expr
	// span is where expr lies in the text.
	span source.Span
	info *repInfo
	stmt int // the statement index in its block
	// reevaluated: the engine evaluates this site again on its own (a
	// While, Wait Until or Loop If condition, an argument of an action
	// that keeps re-evaluating, an Update Every Frame subtree, a rule
	// condition), so wrapping it in Evaluate Once would change it.
	reevaluated bool
}

// repNode is what the walk knows of one expression node.
type repNode struct {
	nodes                           int
	volatile, state, literal, calls bool
}

// repPending is a candidate of the statement being walked: its facts,
// the run of reads holding the variables it reads, and, once written, its
// structural key in buf.
type repPending struct {
	node                 repNode
	readsStart, readsEnd int
	keyStart, keyEnd     int
	// inner is the first candidate inside this one: candidates inner up
	// to this one's index lie in its subtree.
	inner int
}

// repWalker computes the facts of expressions bottom-up and collects the
// candidate occurrences of one statement at a time. The variables a node
// reads are a run of reads (in walk order), so they are not copied per
// node. Structural keys are written afterwards, for the candidates only:
// the outermost candidates are serialized into buf, and the key of a
// candidate inside one is a substring of it (a node's key holds its
// children's keys). Keys are interned into small integers shared by the
// whole pass.
type repWalker struct {
	// sites, when set, records the call sites of the statements walked
	// (see passWalk).
	sites *siteWalker
	// recent caches elemFacts.
	recent [64]struct {
		el    *vocab.Element
		facts repElemFacts
	}
	keys  map[string]int32
	elems map[*vocab.Element]repElemFacts
	stmt  int
	// base is where the statement being walked starts: its expressions'
	// spans are measured from there.
	base  int
	buf   []byte
	reads []valVar
	out   []repOccurrence
	pend  []repPending
	// next is the candidate whose key writeKey completes next; tops are
	// the outermost candidates, last first.
	next int
	tops []int
	// printKnown and printable remember strconv.IsPrint per rune of the
	// Basic Multilingual Plane, one bit each.
	printKnown, printable []uint64
	// occSlab and infoSlab are where statements' occurrences are carved
	// from (see carve); occs is actionOccurrences' list, reused per unit.
	occSlab  []repOccurrence
	infoSlab []repInfo
	occs     [][]repOccurrence
	// groupSlab is where repActionGroups takes its groups from; preds,
	// visited, reach and groups are its lists, reused per unit.
	groupSlab []repGroup
	writeSlab []valVar
	preds     []int
	visited   []bool
	reach     []bool
	groups    []*repGroup
}

// newRepWalker returns a walker for about statements statements (0: a
// whole program of unknown size), with tables kept from an earlier pass
// when the pool still has them.
func newRepWalker(statements int) *repWalker {
	if m, ok := repMapsPool.Get().(*repMaps); ok {
		return &repWalker{keys: m.keys, elems: m.elems, printKnown: m.printKnown, printable: m.printable}
	}
	// A garbage collection empties the pool: a pass over the few rules an
	// edit touched then makes tables its size, not a whole program's.
	keys, elems := 2048, 512
	if statements > 0 {
		keys, elems = min(keys, 8*statements), min(elems, 4*statements)
	}
	return &repWalker{keys: make(map[string]int32, keys), elems: make(map[*vocab.Element]repElemFacts, elems)}
}

// repMaps are a walker's tables, kept between passes: filling them anew
// costs more than clearing them.
type repMaps struct {
	keys                  map[string]int32
	elems                 map[*vocab.Element]repElemFacts
	printKnown, printable []uint64
}

var repMapsPool sync.Pool

// release gives the walker's tables to the next pass; the walker must not
// be used after.
func (w *repWalker) release() {
	clear(w.keys)
	// The facts of elements and runes do not change: they stay.
	repMapsPool.Put(&repMaps{keys: w.keys, elems: w.elems, printKnown: w.printKnown, printable: w.printable})
	w.keys, w.elems = nil, nil
}

// repElemFacts are what the walk asks of an element, worked out once per
// element (the table is kept between passes).
type repElemFacts uint16

const (
	repKnown        repElemFacts = 1 << iota
	repEventValue                // valEventValues holds it
	repVolatile                  // a per-evaluation value, a created id, Current Array Element or Index, Local Player
	repOperator                  // repOperatorFunctions holds it
	repReevaluated               // valReevaluating or valReevaluatedArgs: an action whose arguments are evaluated again
	repSuspending                // valSuspending holds it
	repStateNeutral              // valStateNeutral holds it

	repSiteShift = 8 // the element's siteFlags, shifted
)

func (w *repWalker) elemFacts(el *vocab.Element) repElemFacts {
	// A small cache in front of the map, indexed by the id's length and
	// last byte: a few elements make most calls.
	id := el.ID
	if len(id) == 0 {
		return w.elemFactsSlow(el)
	}
	slot := &w.recent[(len(id)*7+int(id[len(id)-1]))&(len(w.recent)-1)]
	if slot.el == el {
		return slot.facts
	}
	f := w.elemFactsSlow(el)
	slot.el, slot.facts = el, f
	return f
}

func (w *repWalker) elemFactsSlow(el *vocab.Element) repElemFacts {
	if f, ok := w.elems[el]; ok {
		return f
	}
	id := el.ID
	f := repKnown
	if valEventValues[id] != "" {
		f |= repEventValue
	}
	if valPerEvaluation[id] || valIsCreatedID(id) || id == "__currentArrayElement__" ||
		id == "__currentArrayIndex__" || id == "localPlayer" {
		f |= repVolatile
	}
	if repOperatorFunctions[id] {
		f |= repOperator
	}
	if valReevaluating(el) || valReevaluatedArgs(id) {
		f |= repReevaluated
	}
	if valSuspending[id] {
		f |= repSuspending
	}
	if valStateNeutral[id] {
		f |= repStateNeutral
	}
	f |= repElemFacts(siteFlagsOf(id)) << repSiteShift
	w.elems[el] = f
	return f
}

// collectArgs records the call sites in e's arguments, which walk does
// not visit, when the walk records sites.
func (w *repWalker) collectArgs(e *ast.Expr) {
	if w.sites != nil && len(e.Args) > 0 {
		w.sites.walkArgs(e)
	}
}

// walk returns e's facts and records e and its subexpressions as
// occurrences when they qualify. Evaluate Once subtrees are left alone:
// wrapping is how a repetition is acknowledged.
func (w *repWalker) walk(e *ast.Expr, reeval bool) repNode {
	e = valUnparen(e)
	if e == nil {
		if w.sites != nil {
			w.sites.out.nilArg = true
		}
		return repNode{volatile: true}
	}
	readsStart, inner := len(w.reads), len(w.out)
	v := repNode{nodes: 1}
	// sites is set when the walk records call sites too: a call visited
	// sets the state of the site walk for its arguments, restored after
	// them.
	sites := w.sites
	var visited, setting, inLastID bool
	switch e.Kind {
	case ast.Number, ast.String, ast.Member:
		v.literal = true
		w.collectArgs(e)
		return v
	case ast.Name:
		w.collectArgs(e)
		return v
	case ast.Global:
		w.reads = append(w.reads, valVar{name: e.Text})
		w.collectArgs(e)
		return v
	case ast.Bad:
		v.volatile = true
		w.collectArgs(e)
		return v
	case ast.Call:
		if e.Elem == nil {
			v.volatile = true
			w.collectArgs(e)
			return v
		}
		id := e.Elem.ID
		ef := w.elemFacts(e.Elem)
		if sites != nil {
			visited = true
			setting, inLastID = sites.visit(e, id, siteFlags(ef>>repSiteShift))
		}
		eventValue := ef&repEventValue != 0
		switch {
		case id == "evalOnce":
			v.volatile = true
			if visited {
				sites.walkArgs(e)
				sites.setting, sites.inLastID = setting, inLastID
			}
			return v
		case id == "updateEveryFrame":
			reeval = true
			v.volatile = true
		case ef&repVolatile != 0:
			v.volatile = true
		case id == "__globalVar__" && len(e.Args) > 0:
			w.reads = append(w.reads, valVar{name: e.Args[0].Text})
		case id == "__playerVar__" && len(e.Args) > 1:
			w.reads = append(w.reads, valVar{player: true, name: e.Args[1].Text})
		case eventValue, e.Elem.IsAction():
		case !e.Elem.Flags.IsConstant:
			v.state = true
		}
		v.literal = e.Elem.Flags.IsConstant && !v.volatile && !e.Elem.IsAction() && !eventValue
		v.calls = e.Parens && len(e.Args) > 0 && ef&repOperator == 0
		if !e.Parens {
			if visited {
				sites.walkArgs(e)
				sites.setting, sites.inLastID = setting, inLastID
			}
			return v
		}
	case ast.Binary, ast.Assign, ast.Not, ast.Ternary, ast.Index:
		v.literal = true
	case ast.PlayerVar:
		w.reads = append(w.reads, valVar{player: true, name: e.Text})
	}
	for _, a := range e.Args {
		c := w.walk(a, reeval)
		v.nodes += c.nodes
		v.volatile = v.volatile || c.volatile
		v.state = v.state || c.state
		v.literal = v.literal && c.literal
		v.calls = v.calls || c.calls
	}
	if visited {
		sites.setting, sites.inLastID = setting, inLastID
	}
	// A variable or an event value may hold a player, and a player
	// stands for its position in a vector slot (Distance Between(Event
	// Player, …), Event Player + Vector(…)): every value that is not built
	// of literals may read game state.
	v.state = v.state || !v.literal
	big := v.nodes >= repMinNodes && v.calls || v.nodes >= repMinArithmeticNodes
	if !v.volatile && !v.literal && big && !valIsTrivial(e) {
		w.out = append(w.out, repOccurrence{expr: e, span: e.Span.In(w.base), stmt: w.stmt, reevaluated: reeval})
		w.pend = append(w.pend, repPending{node: v, readsStart: readsStart, readsEnd: len(w.reads), inner: inner})
	}
	return v
}

// writeKey appends e's structural key to buf: ast.DumpExpr's text with
// parentheses looked through everywhere and Evaluate Once subtrees cut to
// "evalOnce". Candidates met on the way (in the order walk recorded them)
// get their key's place in buf.
func (w *repWalker) writeKey(e *ast.Expr) {
	e = valUnparen(e)
	if e == nil {
		w.buf = append(w.buf, "<nil>"...)
		return
	}
	start := len(w.buf)
	switch e.Kind {
	case ast.Number:
		w.buf = repAppendNumber(w.buf, e.Num)
		return
	case ast.String:
		if e.LocStr != nil {
			w.buf = append(w.buf, "locstr:"...)
			w.buf = append(w.buf, e.LocStr.ID...)
		} else {
			w.buf = w.appendQuote(w.buf, e.Text)
		}
		return
	case ast.Member:
		if m := e.Member; m != nil {
			w.buf = append(w.buf, m.Enum.ID...)
			w.buf = append(w.buf, '.')
			w.buf = append(w.buf, m.ID...)
		} else {
			w.buf = append(w.buf, vocab.QualifiedID(e.Member)...)
		}
		return
	case ast.Name:
		w.buf = append(w.buf, "name:"...)
		w.buf = append(w.buf, e.Text...)
		return
	case ast.Global:
		w.buf = append(w.buf, "global."...)
		w.buf = append(w.buf, e.Text...)
		return
	case ast.Bad:
		w.buf = append(w.buf, "bad"...)
		return
	case ast.Call:
		if e.Elem == nil {
			w.buf = append(w.buf, "unknown:"...)
			w.buf = strconv.AppendQuote(w.buf, e.Text)
			return
		}
		w.buf = append(w.buf, e.Elem.ID...)
		if e.Elem.ID == "evalOnce" || !e.Parens {
			return
		}
	case ast.Binary, ast.Assign:
		w.buf = append(w.buf, e.Op.String()...)
	case ast.PlayerVar:
		w.buf = append(w.buf, "player-var."...)
		w.buf = append(w.buf, e.Text...)
	default:
		w.buf = append(w.buf, e.Kind.String()...)
	}
	w.buf = append(w.buf, '(')
	for i, a := range e.Args {
		if i > 0 {
			w.buf = append(w.buf, ", "...)
		}
		w.writeKey(a)
	}
	w.buf = append(w.buf, ')')
	if w.next < len(w.out) && w.out[w.next].expr == e {
		w.pend[w.next].keyStart, w.pend[w.next].keyEnd = start, len(w.buf)
		w.next++
	}
}

// repAppendNumber appends strconv.FormatFloat(n, 'g', -1, 64), as
// ast.DumpExpr writes a number; integers below a million (which 'g'
// writes without an exponent) take a shortcut.
func repAppendNumber(b []byte, n float64) []byte {
	if n > -1e6 && n < 1e6 && n == math.Trunc(n) && !(n == 0 && math.Signbit(n)) {
		return strconv.AppendInt(b, int64(n), 10)
	}
	return strconv.AppendFloat(b, n, 'g', -1, 64)
}

// appendQuote appends strconv.Quote(s) to b. Quote copies a printable
// rune other than a quote or a backslash as it is: when every rune of a
// valid UTF-8 s is one, the result is s in quotes. Whether a rune of the
// Basic Multilingual Plane is printable is remembered.
func (w *repWalker) appendQuote(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return strconv.AppendQuote(b, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !w.isPrint(r) {
			return strconv.AppendQuote(b, s)
		}
		i += size
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// isPrint is strconv.IsPrint, remembered for the runes below 0x10000.
func (w *repWalker) isPrint(r rune) bool {
	if r >= 0x10000 {
		return strconv.IsPrint(r)
	}
	if w.printKnown == nil {
		w.printKnown, w.printable = make([]uint64, 0x10000/64), make([]uint64, 0x10000/64)
	}
	word, bit := r/64, uint64(1)<<(r%64)
	if w.printKnown[word]&bit == 0 {
		w.printKnown[word] |= bit
		if strconv.IsPrint(r) {
			w.printable[word] |= bit
		}
	}
	return w.printable[word]&bit != 0
}

// statement returns the candidate occurrences of an action or condition
// (stmt is its index in its block). An assignment's target is not a read:
// only the player and index it names are evaluated.
func (w *repWalker) statement(st *ast.Statement, stmt int, condition bool) []repOccurrence {
	w.stmt = stmt
	w.base = st.Base()
	w.reads, w.out, w.pend = w.reads[:0], w.out[:0], w.pend[:0]
	e := st.Body
	// When the walk records call sites, it visits the statement in text
	// order: what walk does not visit is walked for the sites alone.
	sites := w.sites
	switch {
	case condition:
		w.walk(e, true)
	case e.Kind == ast.Assign && len(e.Args) == 2:
		if sites != nil {
			sites.walk(e.Args[0])
			w.sites = nil
		}
		t := valUnparen(e.Args[0])
		if t.Kind == ast.Index && len(t.Args) == 2 {
			w.walk(t.Args[1], false)
			t = valUnparen(t.Args[0])
		}
		if t.Kind == ast.PlayerVar && len(t.Args) == 1 {
			w.walk(t.Args[0], false)
		}
		w.sites = sites
		w.walk(e.Args[1], false)
	case e.Kind == ast.Call && e.Elem != nil:
		ef := w.elemFacts(e.Elem)
		var setting, inLastID bool
		if sites != nil {
			setting, inLastID = sites.visit(e, e.Elem.ID, siteFlags(ef>>repSiteShift))
		}
		reeval := ef&repReevaluated != 0
		for _, a := range e.Args {
			w.walk(a, reeval)
		}
		if sites != nil {
			sites.setting, sites.inLastID = setting, inLastID
		}
	default:
		if sites != nil {
			sites.walk(e)
		}
	}
	if len(w.out) == 0 {
		return nil
	}
	// The keys: walk recorded candidates children first, so the last one
	// is outermost and the one before its inner candidates is the next
	// outermost. Writing the outermost ones in order meets every
	// candidate in the order recorded.
	w.tops = w.tops[:0]
	for k := len(w.pend) - 1; k >= 0; k = w.pend[k].inner - 1 {
		w.tops = append(w.tops, k)
	}
	w.buf, w.next = w.buf[:0], 0
	for i := len(w.tops) - 1; i >= 0; i-- {
		w.writeKey(w.out[w.tops[i]].expr)
	}
	if w.next != len(w.out) {
		panic("repeated-value: keys out of step with the walk")
	}
	var reads []valVar
	for _, pd := range w.pend {
		if pd.readsEnd > pd.readsStart {
			reads = slices.Clone(w.reads)
			break
		}
	}
	// The statement's occurrences and their facts are carved from slabs
	// shared by the pass; w.out is reused by the next statement.
	out, infos := w.carve(len(w.out))
	copy(out, w.out)
	for i, pd := range w.pend {
		key := w.buf[pd.keyStart:pd.keyEnd]
		id, ok := w.keys[string(key)]
		if !ok {
			id = int32(len(w.keys))
			w.keys[string(key)] = id
		}
		n := pd.node
		infos[i] = repInfo{key: id, nodes: n.nodes, volatile: n.volatile, state: n.state, literal: n.literal, calls: n.calls}
		if pd.readsEnd > pd.readsStart {
			infos[i].reads = reads[pd.readsStart:pd.readsEnd:pd.readsEnd]
		}
		out[i].info = &infos[i]
	}
	return out
}

// carve returns room for n occurrences and their facts.
func (w *repWalker) carve(n int) ([]repOccurrence, []repInfo) {
	if n > len(w.occSlab) {
		w.occSlab, w.infoSlab = make([]repOccurrence, max(n, 256)), make([]repInfo, max(n, 256))
	}
	out, infos := w.occSlab[:n:n], w.infoSlab[:n:n]
	w.occSlab, w.infoSlab = w.occSlab[n:], w.infoSlab[n:]
	return out, infos
}

// actionOccurrences returns, per statement index of an action list, the
// candidate occurrences of the enabled statements.
// The list is the walker's: it is valid until the next call.
func (w *repWalker) actionOccurrences(stmts []*ast.Statement) [][]repOccurrence {
	if cap(w.occs) < len(stmts) {
		w.occs = make([][]repOccurrence, len(stmts))
	}
	occs := w.occs[:len(stmts)]
	clear(occs)
	for i, st := range stmts {
		if !st.Disabled && st.Body != nil {
			occs[i] = w.statement(st, i, false)
		}
	}
	return occs
}
