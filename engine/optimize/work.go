package optimize

// This file holds one rule while the passes rewrite it: its conditions,
// its actions as a list the statement passes may reshape, and the jumps
// (Skip, Skip If) among the actions, kept as links to their targets so
// that their counts stay right whatever is removed.

import (
	"math"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// maxRounds bounds how many times the passes run over one rule: a rewrite
// can enable another, and a few rounds reach the fixed point.
const maxRounds = 6

// A snode is one action of the rule being rewritten.
type snode struct {
	st *ast.Statement
	// jump is set for a Skip or Skip If with a literal count; its target
	// is the action it lands on, or the end of the rule when toEnd.
	jump   bool
	target *snode
	toEnd  bool
}

// work is one rule (or a payload) being rewritten.
type work struct {
	o   *optimizer
	src *ast.Rule // nil for a payload
	// subroutine is set for a subroutine's rule (and for a payload,
	// which might be one).
	subroutine bool
	condBlock  *ast.Block
	actBlock   *ast.Block
	conds      []*ast.Statement
	acts       []*snode
	// costs caches the count of each statement met (statements never
	// change: a rewrite makes a new one).
	costs map[*ast.Statement]int
	// barrier is the first Skip of a computed count: no pass may add,
	// remove or move an action from there on, where it may land.
	barrier *snode
	removed bool
	changed bool
}

func (o *optimizer) newWork(r *ast.Rule, conds, acts *ast.Block) *work {
	w := &work{o: o, src: r, condBlock: conds, actBlock: acts, subroutine: r == nil}
	if r != nil {
		w.condBlock, w.actBlock = r.Conditions, r.Actions
		w.subroutine = r.Subroutine() != ""
	}
	if w.condBlock != nil {
		w.conds = append(w.conds, w.condBlock.Statements...)
	}
	if w.actBlock != nil {
		w.acts = make([]*snode, len(w.actBlock.Statements))
		for i, st := range w.actBlock.Statements {
			w.acts[i] = &snode{st: st}
		}
		w.linkJumps()
	}
	return w
}

// jumpCount returns the literal count of a Skip or Skip If statement: ok is
// false when st is no jump, jump is false; literal false when the count
// is not a literal whole number.
func jumpCount(st *ast.Statement) (n int, jump, lit bool) {
	if st.Disabled || st.Body == nil {
		return 0, false, false
	}
	i := -1
	switch callID(st.Body) {
	case "__skip__":
		i = 0
	case "__skipIf__":
		i = 1
	default:
		return 0, false, false
	}
	v, ok := literalNumber(arg(st.Body, i))
	if !ok || v < 0 || v != math.Trunc(v) || v > 1e6 {
		return 0, true, false
	}
	return int(v), true, true
}

// linkJumps links each Skip and Skip If of a literal count to the action
// it lands on. Disabled actions count: the game skips them like the
// others (OverPy keeps a disabled Abort where an action must hold a place
// for a computed Skip).
func (w *work) linkJumps() {
	for i, n := range w.acts {
		c, jump, lit := jumpCount(n.st)
		if !jump {
			continue
		}
		if !lit {
			if w.barrier == nil {
				w.barrier = n
			}
			continue
		}
		n.jump = true
		if t := i + 1 + c; t < len(w.acts) {
			n.target = w.acts[t]
		} else {
			n.toEnd = true
		}
	}
}

// free reports whether the passes may add, remove or move the actions
// acts[i:j]: none is after a computed Skip, and none holds a Workshop
// Setting value (which a removal could drop).
func (w *work) free(i, j int) bool {
	for k := i; k < j && k < len(w.acts); k++ {
		if declares(w.acts[k].st.Body) {
			return false
		}
	}
	if w.barrier == nil {
		return true
	}
	for k, n := range w.acts {
		if n == w.barrier {
			return j <= k
		}
	}
	return false
}

// declares reports whether the rule holds a Workshop Setting value.
func (w *work) declares() bool {
	if statementsDeclare(w.conds) {
		return true
	}
	for _, a := range w.acts {
		if declares(a.st.Body) {
			return true
		}
	}
	return false
}

// targeted returns how many jumps land on each action.
func (w *work) targeted() map[*snode]int {
	m := map[*snode]int{}
	for _, n := range w.acts {
		if n.jump && n.target != nil {
			m[n.target]++
		}
	}
	return m
}

// splice replaces acts[i:j] by repl. Jumps landing on acts[i] land on
// repl's first action (or, when repl is empty, on what follows); jumps
// landing on another removed action land on what follows the range. The
// caller checks that this keeps their meaning.
func (w *work) splice(i, j int, repl ...*snode) {
	if i >= j && len(repl) == 0 {
		return
	}
	removed := map[*snode]bool{}
	for _, n := range w.acts[i:j] {
		removed[n] = true
	}
	for _, n := range repl {
		delete(removed, n)
	}
	var next *snode
	if j < len(w.acts) {
		next = w.acts[j]
	}
	head := next
	if len(repl) > 0 {
		head = repl[0]
	}
	var first *snode
	if i < j {
		first = w.acts[i]
	}
	acts := make([]*snode, 0, len(w.acts)-(j-i)+len(repl))
	acts = append(acts, w.acts[:i]...)
	acts = append(acts, repl...)
	acts = append(acts, w.acts[j:]...)
	for _, n := range acts {
		if !n.jump || n.target == nil || !removed[n.target] {
			continue
		}
		t := next
		if n.target == first {
			t = head
		}
		n.target, n.toEnd = t, t == nil
	}
	w.acts = acts
	w.changed = true
}

// fixJumps rewrites the count of every jump whose target moved.
func (w *work) fixJumps() {
	pos := make(map[*snode]int, len(w.acts))
	for i, n := range w.acts {
		pos[n] = i
	}
	for i, n := range w.acts {
		if !n.jump {
			continue
		}
		want := len(w.acts) - i - 1
		if !n.toEnd {
			want = pos[n.target] - i - 1
		}
		have, _, _ := jumpCount(n.st)
		if n.toEnd && have >= want || have == want {
			continue
		}
		k := 0
		if callID(n.st.Body) == "__skipIf__" {
			k = 1
		}
		body := unparen(n.st.Body)
		n.st = withBody(n.st, withArg(body, k, w.o.number(body.Args[k], float32(want))))
	}
}

// withBody returns a copy of st with another body.
func withBody(st *ast.Statement, body *ast.Expr) *ast.Statement {
	c := *st
	c.Body = body
	return &c
}

// cost returns the rule's element count now.
func (w *work) cost() int {
	if w.removed {
		return 0
	}
	n := 0
	if w.src != nil {
		n = 1
	}
	for _, st := range w.conds {
		n += w.statementCost(st, true)
	}
	for _, a := range w.acts {
		n += w.statementCost(a.st, false)
	}
	return n
}

// statementCost returns the count of one statement.
func (w *work) statementCost(st *ast.Statement, condition bool) int {
	if n, ok := w.costs[st]; ok {
		return n
	}
	if w.costs == nil {
		w.costs = make(map[*ast.Statement]int, len(w.conds)+len(w.acts))
	}
	n := cost.Statement(st, condition, w.o.opts.Cost)
	w.costs[st] = n
	return n
}

// run runs the passes over the rule until none changes it, and returns
// each pass's rewrites and savings.
func (w *work) run(passes []*pass) []PassReport {
	stats := make([]PassReport, len(passes))
	var values []exprFn
	var valueAt []int // the index in passes of each value pass
	for i, p := range passes {
		stats[i].Name = p.name
		if p.value != nil {
			values = append(values, p.value)
			valueAt = append(valueAt, i)
		}
	}
	// clean[i] is the number of changes made when pass i last found
	// nothing to do: it need not run again until another change. The
	// value passes run together, at the first one's place.
	clean := make([]int, len(passes))
	for i := range clean {
		clean[i] = -1
	}
	changes := 0
	for range maxRounds {
		progress := false
		for i, p := range passes {
			if w.removed {
				return stats
			}
			if clean[i] == changes || p.value != nil && i != valueAt[0] {
				continue
			}
			var n int
			if p.value != nil {
				found := w.exprs(values)
				for k, f := range found {
					stats[valueAt[k]].Rewrites += f.Rewrites
					stats[valueAt[k]].Saved += f.Saved
					n += f.Rewrites
				}
			} else {
				before := w.cost()
				n = p.run(w)
				if n > 0 {
					w.fixJumps()
					stats[i].Rewrites += n
					stats[i].Saved += before - w.cost()
				}
			}
			if n == 0 {
				clean[i] = changes
				continue
			}
			changes++
			w.changed = true
			progress = true
		}
		if !progress {
			break
		}
	}
	return stats
}

// rule returns the rewritten rule (the input itself when nothing changed).
func (w *work) rule() *ast.Rule {
	if !w.changed {
		return w.src
	}
	r := *w.src
	r.Conditions, r.Actions = w.blocks()
	return &r
}

// payload returns the rewritten payload blocks.
func (w *work) payload() (conds, acts *ast.Block) {
	if !w.changed {
		return w.condBlock, w.actBlock
	}
	return w.blocks()
}

func (w *work) blocks() (conds, acts *ast.Block) {
	if w.condBlock != nil && len(w.conds) > 0 {
		b := *w.condBlock
		b.Statements = w.conds
		conds = &b
	}
	if w.actBlock != nil {
		b := *w.actBlock
		b.Statements = make([]*ast.Statement, len(w.acts))
		for i, n := range w.acts {
			b.Statements[i] = n.st
		}
		acts = &b
	}
	return conds, acts
}

// A ctx is where a value sits: what the passes must respect when they
// rewrite it.
type ctx struct {
	// slot is the parameter the value fills; nil for an operand or an
	// unknown slot.
	slot *vocab.Param
	// truth is set when only the value's truthiness is used.
	truth bool
	// reeval is set when the game may evaluate the value again after the
	// action started (HUDs, effects, chases, Wait Until, conditions).
	reeval bool
	// numeric is set when the value is used as a number: an operand of
	// arithmetic, where a Boolean counts as 1 or 0.
	numeric bool
}

// An exprFn rewrites one node whose arguments are already rewritten; it
// returns nil when nothing applies.
type exprFn func(w *work, c ctx, e *ast.Expr) *ast.Expr

// A walk runs the value passes over one statement.
type walk struct {
	w     *work
	fns   []exprFn
	found []PassReport // per value pass: rewrites, and the elements they saved
	last  int          // the value pass that rewrote last, -1 for none
}

// exprs runs the value passes over every value of the rule, bottom-up,
// each node getting each pass in turn, keeping a statement's rewrites
// only when they lower its count. It returns each pass's rewrites and
// savings.
func (w *work) exprs(fns []exprFn) []PassReport {
	total := make([]PassReport, len(fns))
	wk := &walk{w: w, fns: fns, found: make([]PassReport, len(fns))}
	keep := func(st, nst *ast.Statement, condition bool) bool {
		if wk.last < 0 {
			return false
		}
		before, after := w.statementCost(st, condition), w.statementCost(nst, condition)
		if after >= before {
			return false
		}
		// The nodes' savings sum to the statement's but for the
		// hero pairs of a top-level argument: give the rest to the
		// last rewrite.
		sum := 0
		for _, f := range wk.found {
			sum += f.Saved
		}
		wk.found[wk.last].Saved += before - after - sum
		for k, f := range wk.found {
			total[k].Rewrites += f.Rewrites
			total[k].Saved += f.Saved
		}
		return true
	}
	for i, st := range w.conds {
		wk.reset()
		if nst := w.condition(st, wk); keep(st, nst, true) {
			w.conds[i] = nst
		}
	}
	for _, a := range w.acts {
		wk.reset()
		if nst := w.actionExprs(a.st, wk); keep(a.st, nst, false) {
			a.st = nst
		}
	}
	return total
}

func (wk *walk) reset() {
	clear(wk.found)
	wk.last = -1
}

// lower reports whether nst counts fewer elements than st.
func (w *work) lower(st, nst *ast.Statement, condition bool) bool {
	return w.statementCost(nst, condition) < w.statementCost(st, condition)
}

func (w *work) condition(st *ast.Statement, wk *walk) *ast.Statement {
	body := st.Body
	if body == nil {
		return st
	}
	var nb *ast.Expr
	if b := unparen(body); b.Kind == ast.Binary && b.Op.IsComparison() && len(b.Args) == 2 {
		l := wk.rewrite(b.Args[0], ctx{reeval: true})
		r := wk.rewrite(b.Args[1], ctx{reeval: true})
		if l == b.Args[0] && r == b.Args[1] {
			return st
		}
		nb = withArgs(b, []*ast.Expr{l, r})
	} else {
		nb = wk.rewrite(body, ctx{truth: true, reeval: true})
	}
	if nb == body {
		return st
	}
	return withBody(st, nb)
}

func (w *work) actionExprs(st *ast.Statement, wk *walk) *ast.Statement {
	body := unparen(st.Body)
	if body == nil {
		return st
	}
	var nb *ast.Expr
	switch {
	case body.Kind == ast.Assign && len(body.Args) == 2:
		// The target is a variable; only its player and index are
		// values.
		t := wk.rewriteTarget(body.Args[0])
		v := wk.rewrite(body.Args[1], ctx{})
		if t == body.Args[0] && v == body.Args[1] {
			return st
		}
		nb = withArgs(body, []*ast.Expr{t, v})
	case body.Kind == ast.Call && body.Elem != nil && body.Elem.IsAction():
		el := body.Elem
		re := reevaluates(el)
		var args []*ast.Expr
		for i, a := range body.Args {
			c := ctx{slot: el.ParamAt(i), truth: truthArg(el, i), reeval: re}
			na := wk.rewrite(a, c)
			if na != a {
				if args == nil {
					args = append([]*ast.Expr(nil), body.Args...)
				}
				args[i] = na
			}
		}
		if args == nil {
			return st
		}
		nb = withArgs(body, args)
	default:
		return st
	}
	return withBody(st, nb)
}

// rewriteTarget rewrites the values inside an assignment's target.
func (wk *walk) rewriteTarget(t *ast.Expr) *ast.Expr {
	u := unparen(t)
	switch u.Kind {
	case ast.PlayerVar:
		p := wk.rewrite(u.Args[0], ctx{})
		if p != u.Args[0] {
			return withArgs(u, []*ast.Expr{p})
		}
	case ast.Index:
		in := wk.rewriteTarget(u.Args[0])
		i := wk.rewrite(u.Args[1], ctx{})
		if in != u.Args[0] || i != u.Args[1] {
			return withArgs(u, []*ast.Expr{in, i})
		}
	}
	return t
}

// rewrite applies the passes to e's arguments, then to e, in context c.
func (wk *walk) rewrite(e *ast.Expr, c ctx) *ast.Expr {
	if e == nil {
		return nil
	}
	var args []*ast.Expr
	for i, a := range e.Args {
		na := wk.rewrite(a, childCtx(e, i, c))
		if na != a {
			if args == nil {
				args = append([]*ast.Expr(nil), e.Args...)
			}
			args[i] = na
		}
	}
	if args != nil {
		e = withArgs(e, args)
	}
	for range 4 {
		changed := false
		for k, fn := range wk.fns {
			r := fn(wk.w, c, e)
			if r == nil || r == e {
				continue
			}
			opts := wk.w.o.opts.Cost
			wk.found[k].Rewrites++
			wk.found[k].Saved += cost.Value(e, opts) - cost.Value(r, opts)
			wk.last = k
			e, changed = r, true
		}
		if !changed {
			break
		}
	}
	return e
}

// numericArgs lists the values whose arguments are used as numbers.
var numericArgs = map[string]bool{
	"__add__": true, "__subtract__": true, "__multiply__": true, "__divide__": true, "__modulo__": true,
	"__raiseToPower__": true, "min": true, "max": true, "abs": true, "sqrt": true, "__round__": true,
}

// childCtx returns the context of argument i of e, which sits in c.
func childCtx(e *ast.Expr, i int, c ctx) ctx {
	switch e.Kind {
	case ast.Paren:
		return c
	case ast.Call:
		if e.Elem == nil {
			return ctx{reeval: c.reeval}
		}
		cc := ctx{slot: e.Elem.ParamAt(i), truth: truthArg(e.Elem, i), reeval: c.reeval, numeric: numericArgs[e.Elem.ID]}
		switch e.Elem.ID {
		case "evalOnce":
			cc.reeval = false
		case "__filteredArray__", "__mappedArray__", "__sortedArray__", "__all__", "__any__":
			// The condition is evaluated again for each element.
			if i == 1 {
				cc.reeval = true
			}
		}
		return cc
	case ast.Binary:
		return ctx{truth: e.Op == ast.OpAnd || e.Op == ast.OpOr, reeval: c.reeval,
			numeric: e.Op >= ast.OpAdd && e.Op <= ast.OpPow}
	case ast.Not:
		return ctx{truth: true, reeval: c.reeval}
	case ast.Ternary:
		return ctx{truth: i == 0, reeval: c.reeval}
	}
	return ctx{reeval: c.reeval}
}
