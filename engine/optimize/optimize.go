package optimize

import (
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control Program. The zero value runs the default passes and
// counts with OverPy's model.
type Options struct {
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
	// Cost is the counting model whose count the passes lower.
	Cost cost.Options
	// ForSize adds the passes that trade readability for elements, which
	// OverPy runs under #!optimizeForSize: literals replaced by the
	// cheaper literal their slot reads the same (0 by False or Null, 1 by
	// True, a zero vector by Null).
	ForSize bool
	// Passes, when not nil, names exactly the passes to run (see
	// Passes()); ForSize is then ignored. Unknown names are an error of
	// Program's caller: Validate reports them.
	Passes []string
}

// Report says what Program did: the totals, what each pass saved, and
// what each rule saved.
type Report struct {
	// Before and After are the program's element counts.
	Before, After int
	// Passes lists every pass that ran, in the order they run, with what
	// it did over the whole program.
	Passes []PassReport
	// Rules has one entry per rule of the input, in order; a payload
	// (an actions-only or conditions-only script) has one more, with
	// Index -1.
	Rules []RuleReport
}

// Saved returns how many elements the optimisation saved.
func (r *Report) Saved() int { return r.Before - r.After }

// PassReport is what one pass did.
type PassReport struct {
	Name string
	// Rewrites counts the rewrites the pass made.
	Rewrites int
	// Saved is the elements the rewrites saved, as counted when they
	// were made.
	Saved int
}

// RuleReport is what the optimisation did to one rule.
type RuleReport struct {
	// Index is the rule's position in the input's Rules (-1: payload).
	Index int
	Name  string
	// Before and After are the rule's element counts (After is 0 for a
	// removed rule).
	Before, After int
	// Removed is set when the rule is not in the output.
	Removed bool
	// Passes lists the passes that changed the rule, in the order they
	// run.
	Passes []PassReport
}

// Saved returns how many elements the rule's optimisation saved.
func (r *RuleReport) Saved() int { return r.Before - r.After }

// Validate reports an unknown pass name in opts.Passes.
func (opts Options) Validate() error {
	for _, n := range opts.Passes {
		if passByName(n) == nil {
			return fmt.Errorf("unknown optimisation pass %q: expected one of %v", n, PassNames())
		}
	}
	return nil
}

// Program returns s rewritten to hold fewer elements with the same
// behaviour, and the report of what changed. s is never changed: the
// result shares s's unchanged nodes and holds new nodes where a rewrite
// happened (with the span of the node they replace). A rule whose
// rewrites would not lower its count is returned as it was.
func Program(s *ast.Script, opts Options) (*ast.Script, Report) {
	if opts.Vocab == nil {
		opts.Vocab = vocab.Default()
	}
	o := &optimizer{v: opts.Vocab, opts: opts, operators: writesOperators(s)}
	passes := o.selected()
	out := *s
	out.Rules = make([]*ast.Rule, 0, len(s.Rules))
	rep := Report{Rules: make([]RuleReport, 0, len(s.Rules))}
	totals := make([]PassReport, len(passes))
	for i, p := range passes {
		totals[i].Name = p.name
	}
	add := func(rr RuleReport, stats []PassReport) {
		for i, st := range stats {
			totals[i].Rewrites += st.Rewrites
			totals[i].Saved += st.Saved
			if st.Rewrites > 0 {
				rr.Passes = append(rr.Passes, st)
			}
		}
		rep.Before += rr.Before
		rep.After += rr.After
		rep.Rules = append(rep.Rules, rr)
	}
	for i, r := range s.Rules {
		w := o.newWork(r, nil, nil)
		before := w.cost()
		stats := w.run(passes)
		rr := RuleReport{Index: i, Name: r.Name, Before: before}
		switch after := w.cost(); {
		case w.removed:
			rr.Removed = true
		case after > before:
			// Never reached by the passes, each of which lowers what it
			// rewrites; kept as the guarantee that no rule grows.
			out.Rules = append(out.Rules, r)
			rr.After, stats = before, nil
		default:
			out.Rules = append(out.Rules, w.rule())
			rr.After = after
		}
		add(rr, stats)
	}
	if s.Actions != nil || s.Conditions != nil {
		w := o.newWork(nil, s.Conditions, s.Actions)
		before := w.cost()
		stats := w.run(passes)
		out.Conditions, out.Actions = w.payload()
		add(RuleReport{Index: -1, Before: before, After: w.cost()}, stats)
	}
	rep.Passes = totals
	return &out, rep
}

// writesOperators reports whether s writes operations as operators, as
// the game exports do (OverPy writes calls).
func writesOperators(s *ast.Script) bool {
	found := false
	look := func(b *ast.Block) {
		if b == nil || found {
			return
		}
		for _, st := range b.Statements {
			ast.Inspect(st.Body, func(e *ast.Expr) bool {
				switch e.Kind {
				case ast.Binary, ast.Assign, ast.Not, ast.Ternary, ast.Index:
					found = true
				}
				return !found
			})
			if found {
				return
			}
		}
	}
	for _, b := range s.Blocks() {
		look(b)
	}
	return found
}

// selected returns the passes opts asks for, in catalog order.
func (o *optimizer) selected() []*pass {
	var out []*pass
	for _, p := range catalog {
		switch {
		case o.opts.Passes != nil:
			if slices.Contains(o.opts.Passes, p.name) {
				out = append(out, p)
			}
		case p.forSize:
			if o.opts.ForSize {
				out = append(out, p)
			}
		default:
			out = append(out, p)
		}
	}
	return out
}
