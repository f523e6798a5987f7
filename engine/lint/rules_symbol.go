package lint

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// symbolRules are the rules about variables, subroutines and objects.
var symbolRules = []*Rule{
	{
		ID:       "undefined-subroutine",
		Severity: diag.Error,
		Summary:  "Call Subroutine or Start Rule names a subroutine that no enabled rule defines",
		Rationale: "Call Subroutine and Start Rule run the rule whose event is Subroutine with that name. " +
			"When no enabled rule has that event, the action does nothing at runtime, without any error, " +
			"so whatever the subroutine was meant to do never happens.",
		Limits: "Calls in disabled rules and disabled actions are not checked: they never run. " +
			"An actions-only payload is not checked, since the defining rule may be in the mode it is pasted into. " +
			"Names are compared as written; whether the name is declared is the validator's concern.",
		Tags:  []string{"subroutines", "correctness"},
		Check: checkUndefinedSubroutine,
	},
	{
		ID:       "unused-variable",
		Severity: diag.Warning,
		Summary:  "a declared variable is never read or written",
		Rationale: "A declared global or player variable that no action or condition uses holds a slot and a name " +
			"for nothing, and is often the trace of a rename or of removed code.",
		Limits: "Uses in disabled code count as uses. A variable used only by another mode that shares the " +
			"declarations (pasted rules) is reported. Only declarations are checked: a name used nowhere has no symbol.",
		Tags:  []string{"variables", "clarity"},
		Fixes: []string{"remove-declaration"},
		Check: checkUnusedVariable,
	},
	{
		ID:       "write-only-variable",
		Severity: diag.Warning,
		Summary:  "a variable is written but its value is never read",
		Rationale: "Every write of a variable nobody reads costs elements and server time for nothing, and " +
			"often means the read was forgotten or reads another variable by mistake.",
		Limits: "A read in a disabled rule or action counts as no read, since it never runs. Compound writes " +
			"(x += 1, Modify … Variable) and chases are writes, not reads; a read in the value assigned to the " +
			"same variable (x = x + 1, Append To Array(x, …) into x) is not counted either. The control variable " +
			"of a For loop counts as read (the loop reads it at each End). Reads are matched by name: " +
			"Event Player.x and Victim.x are the same variable. The Workshop reads no variable implicitly.",
		Tags:  []string{"variables", "performance"},
		Check: checkWriteOnlyVariable,
	},
	{
		ID:       "unused-subroutine",
		Severity: diag.Warning,
		Summary:  "a subroutine is never called by Call Subroutine or Start Rule",
		Rationale: "A Subroutine rule runs only when called or started; one that nothing calls never runs, " +
			"and its elements count against the budget for nothing. A declared subroutine with no rule and no " +
			"call is a leftover declaration.",
		Limits: "Calls in disabled rules or actions count as no call. A subroutine called only from a mode " +
			"the rules are pasted into is reported.",
		Tags:  []string{"subroutines", "clarity"},
		Fixes: []string{"remove-declaration"},
		Check: checkUnusedSubroutine,
	},
	{
		ID:       "persistent-object-leak",
		Severity: diag.Warning,
		Summary:  "an object is created repeatedly but never kept nor destroyed",
		Rationale: "HUD texts, in-world texts, effects, icons, modifications, health pools and the other " +
			"persistent objects stay until destroyed, and the game caps how many may exist (for example 128 " +
			"texts and 128 effects). When an action creates one each time its rule runs and its id is neither " +
			"stored nor destroyed by a destroy-all, every run stacks another copy until the cap is reached; " +
			"from then on every creation in the mode silently fails.",
		Limits: "The analysis is static and per rule (see package objects): a condition that can only become true " +
			"once in practice, or a While loop that ends after a few iterations, still counts as repeating " +
			"(conditions testing only the game's phase and For loops with literal bounds do not). A destroy-all " +
			"anywhere in the program counts, even one that never runs. Dummy bots are not reported (their slots " +
			"bound them), nor damage or heal over time with a duration below 9999 or not a literal (they expire), " +
			"nor objects created once per joining player (an Ongoing - Each Player rule whose conditions cannot " +
			"become true again, Player Joined Match): those stack only as players leave and rejoin.",
		Tags:  []string{"objects", "correctness"},
		Check: checkPersistentObjectLeak,
	},
	lastIDMismatchRule,
}

var lastIDMismatchRule = &Rule{
	ID:       "last-id-mismatch",
	Severity: diag.Warning,
	Summary:  "a Last … ID value is read right after creating an object of another family",
	Rationale: "Each family of objects has its own Last … value: Last Text ID for HUD, in-world and progress " +
		"bar texts, Last Created Entity for effects, beams, icons and dummy bots, Last Damage Modification ID, " +
		"and so on. Reading Last Created Entity right after Create In-World Text stores the id of some earlier " +
		"effect, not of the text: destroying it later destroys the wrong object or nothing.",
	Limits: "Actions are read in text order within a rule; a read is reported only when the nearest creation " +
		"before it is of another family, the id of that creation is not read in between, and the rule itself " +
		"creates nothing of the family read (objects created by a called subroutine make the nearest creation " +
		"but do not excuse the read). A value read on purpose from another rule's creation can be reported.",
	Tags:  []string{"objects", "correctness"},
	Fixes: []string{"use-matching-last-id"},
	Check: checkLastIDMismatch,
}

func checkUndefinedSubroutine(p *Pass) {
	s := p.Script
	if len(s.Rules) == 0 {
		return
	}
	defs := p.subroutineRules()
	for _, e := range p.CallGraph() {
		if e.Disabled || e.Caller < 0 {
			continue
		}
		var disabled []string
		defined := false
		for _, i := range defs[e.Callee] {
			if s.Rules[i].Disabled {
				disabled = append(disabled, s.Rules[i].Name)
			} else {
				defined = true
			}
		}
		if defined {
			continue
		}
		span := e.Span
		if st := symStatement(s, e.Caller, e.Action); st != nil && st.Body != nil && len(st.Body.Args) > 0 {
			span = st.SpanOf(st.Body.Args[0])
		}
		verb := "called"
		if e.Kind == flow.StartRule {
			verb = "started"
		}
		msg := fmt.Sprintf("subroutine %s is %s here but no enabled rule defines it, so this action does nothing: "+
			"add a rule with the event Subroutine %s, or remove the action", e.Callee, verb, e.Callee)
		if len(disabled) > 0 {
			msg = fmt.Sprintf("subroutine %s is %s here but the only rule defining it, %s, is disabled, so this "+
				"action does nothing: enable the rule, or remove the action", e.Callee, verb, symQuoteList(disabled))
		}
		p.Report(Finding{Message: msg, Span: span, Rule: e.Caller, Evidence: p.Evidence(e.Span)})
	}
}

func checkUnusedVariable(p *Pass) {
	ix := p.Index()
	for _, sym := range ix.Symbols {
		if (sym.Kind != index.GlobalVariable && sym.Kind != index.PlayerVariable) || !sym.Declared {
			continue
		}
		u := ix.UsageOf(sym.ID)
		if u.Reads+u.Writes > 0 {
			continue
		}
		noun := symKindNoun(sym.Kind)
		f := Finding{Span: sym.Span, Rule: -1,
			Message: fmt.Sprintf("%s %s is declared but never read or written: remove its declaration", noun, sym.Name)}
		if d, ok := symDecl(p.Script, sym.Kind, sym.Name); ok && u.Declarations == 1 {
			f.Fix = symRemoveDecl(p.Script, p.File.Text, sym.Kind, d)
		}
		p.Report(f)
	}
}

func checkWriteOnlyVariable(p *Pass) {
	ix := p.Index()
	s := p.Script
	for _, sym := range ix.Symbols {
		if sym.Kind != index.GlobalVariable && sym.Kind != index.PlayerVariable {
			continue
		}
		var first *index.Reference
		writes, reads, selfReads, disabledReads := 0, 0, 0, 0
		ix.EachRefOf(sym.ID, func(r *index.Reference) bool {
			switch r.Kind {
			case index.Write:
				if !symEnabled(s, r) {
					return true
				}
				writes++
				if first == nil {
					first = r
				}
				if symForControl(r) {
					reads++
					return false // read: nothing to report
				}
			case index.Read:
				if !symEnabled(s, r) {
					disabledReads++
					return true
				}
				if r.Statement != nil {
					if k, name, ok := symTarget(r.Statement.Body); ok && k == sym.Kind && name == sym.Name {
						selfReads++
						return true
					}
				}
				reads++
				return false // read: nothing to report
			}
			return true
		})
		if writes == 0 || reads > 0 {
			continue
		}
		why := "never read"
		switch {
		case disabledReads > 0:
			why = "only read in disabled code"
		case selfReads > 0:
			why = "only read to compute its own new value"
		}
		noun := symKindNoun(sym.Kind)
		f := Finding{Span: sym.Span, Rule: -1,
			Message: fmt.Sprintf("%s %s is written but %s, so its value is never used: read it where it is needed, "+
				"or remove the variable and its writes", noun, sym.Name, why)}
		if !sym.Declared {
			f.Span, f.Rule = first.Span, first.Rule
		}
		p.Report(f)
	}
}

func checkUnusedSubroutine(p *Pass) {
	s := p.Script
	if len(s.Rules) == 0 {
		return
	}
	defs := p.subroutineRules()
	enabledCalls, disabledCalls := map[string]int{}, map[string]int{}
	for _, e := range p.CallGraph() {
		if e.Disabled {
			disabledCalls[e.Callee]++
		} else {
			enabledCalls[e.Callee]++
		}
	}
	// Declared subroutines in declaration order, then those only named by
	// a rule's event, in rule order.
	var names []string
	seen := map[string]bool{}
	if s.Subroutines != nil {
		for _, d := range s.Subroutines.Decls {
			if d.Name != "" && !seen[d.Name] {
				seen[d.Name] = true
				names = append(names, d.Name)
			}
		}
	}
	for _, r := range s.Rules {
		if name := r.Subroutine(); name != "" && !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	for _, name := range names {
		if enabledCalls[name] > 0 {
			continue
		}
		rules := defs[name]
		d, declared := symDecl(s, index.Subroutine, name)
		f := Finding{Rule: -1}
		if declared {
			f.Span = d.NameSpan
		} else {
			f.Span, f.Rule = symSubroutineLine(s.Rules[rules[0]], name), rules[0]
		}
		var ruleNames []string
		for _, i := range rules {
			ruleNames = append(ruleNames, s.Rules[i].Name)
		}
		switch {
		case len(rules) == 0 && disabledCalls[name] == 0:
			f.Message = fmt.Sprintf("subroutine %s is declared but no rule defines it and nothing calls it: remove its declaration", name)
			f.Fix = symRemoveDecl(s, p.File.Text, index.Subroutine, d)
		case len(rules) == 0:
			f.Message = fmt.Sprintf("subroutine %s is only called from disabled code and no rule defines it: remove it, or define and call it", name)
		case disabledCalls[name] > 0:
			f.Message = fmt.Sprintf("subroutine %s is only called from disabled code, so its rule %s never runs: "+
				"call it with Call Subroutine or Start Rule, or remove it", name, symQuoteList(ruleNames))
		default:
			f.Message = fmt.Sprintf("subroutine %s is never called, so its rule %s never runs: "+
				"call it with Call Subroutine or Start Rule, or remove it", name, symQuoteList(ruleNames))
		}
		p.Report(f)
	}
}

// symLeakDuration is the duration (seconds) from which an expiring object
// counts as lasting: 9999 is the Workshop's customary "forever".
const symLeakDuration = 9999

func checkPersistentObjectLeak(p *Pass) {
	for _, o := range p.Objects() {
		spec := objects.SpecOf(o.Kind)
		if o.Kind == objects.DummyBot || o.Kept != nil || len(o.Destroys) > 0 {
			continue
		}
		if spec.Duration >= 0 && (!o.HasDuration || o.Duration < symLeakDuration) {
			continue
		}
		var why []string
		for _, r := range o.Repeats {
			if r.Bounded || r.PerJoin {
				continue
			}
			why = append(why, r.Text)
		}
		if len(why) == 0 {
			continue
		}
		if len(why) > 2 {
			why = append(why[:2:2], fmt.Sprintf("%d more", len(why)-2))
		}
		last := p.Vocab.Value(spec.LastID).English()
		destroy := spec.DestroyAll[0]
		if len(spec.DestroyByID) > 0 {
			destroy = spec.DestroyByID[0]
		}
		p.Report(Finding{Span: o.Span, Rule: o.Rule,
			Message: fmt.Sprintf("this %s is created again each time the action runs (%s) but its id is never kept and "+
				"nothing destroys it, so copies stack up until the game's limit makes creation fail: store %s and "+
				"%s the old one, or create it only once", spec.Noun, strings.Join(why, "; "), last,
				strings.ToLower(p.Vocab.Action(destroy).English()))})
	}
}

// subroutineCreations returns, per subroutine a rule defines, the spec
// of the last object its enabled rules create, in text order (nil when
// they create none). Computed once per pass, from ruleCreates: the spec
// of the last object each enabled subroutine rule creates, which
// reuseCreates gives for the rules it knows (see Rerun).
func (p *Pass) subroutineCreations() map[string]*objects.Spec {
	if p.subCreates != nil {
		return p.subCreates
	}
	s := p.Script
	p.ruleCreates = make([]*objects.Spec, len(s.Rules))
	done := make([]bool, len(s.Rules))
	lastOf := func(i int) *objects.Spec {
		if done[i] {
			return p.ruleCreates[i]
		}
		done[i] = true
		if sp, ok := p.reuseCreates(i); ok {
			p.ruleCreates[i] = sp
			return sp
		}
		var last *objects.Spec
		l := p.flowList(flowUnit{rule: i, block: s.Rules[i].Actions})
		for _, id := range l.ids {
			if sp := objects.Creator(id); sp != nil {
				last = sp
			}
		}
		p.ruleCreates[i] = last
		return last
	}
	out := map[string]*objects.Spec{}
	for name, rules := range p.subroutineRules() {
		var last *objects.Spec
		for _, i := range rules {
			if s.Rules[i].Disabled || s.Rules[i].Actions == nil {
				continue
			}
			if sp := lastOf(i); sp != nil {
				last = sp
			}
		}
		out[name] = last
	}
	p.subCreates = out
	return out
}

// reuseCreates returns what an earlier pass found rule i to create last
// (see subroutineCreations), if it knows.
func (p *Pass) reuseCreates(i int) (*objects.Spec, bool) {
	if p.knownCreates == nil {
		return nil, false
	}
	return p.knownCreates(i)
}

func checkLastIDMismatch(p *Pass) {
	s := p.Script
	subCreates := p.subroutineCreations()
	sites := p.sites()
	for ri, r := range s.Rules {
		if r.Disabled || r.Actions == nil {
			continue
		}
		var nearest *objects.Spec
		var created, readSince map[string]bool // Last … values set by the rule's own creations; read since the nearest
		reads := sites.lastIDReads[ri]
		if len(reads) == 0 {
			continue // nothing to report
		}
		l := p.flowList(flowUnit{rule: ri, block: r.Actions})
		for q, j := range l.idx {
			st := r.Actions.Statements[j]
			for len(reads) > 0 && reads[0].stmt == j {
				x := reads[0].expr
				reads = reads[1:]
				id := x.Elem.ID
				if nearest != nil && nearest.LastID != id && !readSince[nearest.LastID] && !created[id] {
					symReportLastIDMismatch(p, ri, st, x, nearest)
				}
				if readSince == nil {
					readSince = map[string]bool{}
				}
				readSince[id] = true
			}
			if sp := objects.Creator(l.ids[q]); sp != nil {
				nearest = sp
				if created == nil {
					created = map[string]bool{}
				}
				created[sp.LastID] = true
				clear(readSince)
			} else if e := st.Body; l.ids[q] == "__callSubroutine__" && len(e.Args) > 0 && e.Args[0].Kind == ast.Name {
				if sp := subCreates[e.Args[0].Text]; sp != nil {
					nearest = sp
					clear(readSince)
				}
			}
		}
	}
}

func symReportLastIDMismatch(p *Pass, rule int, st *ast.Statement, read *ast.Expr, nearest *objects.Spec) {
	want := p.Vocab.Value(nearest.LastID)
	f := Finding{Span: st.SpanOf(read), Rule: rule,
		Message: fmt.Sprintf("this reads %s, which does not hold the id of the %s created before it: the %s's id is in %s, use that instead",
			read.Elem.English(), nearest.Noun, nearest.Noun, want.English())}
	if name, ok := want.Name(p.Script.Locale); ok && name != "" {
		f.Fix = &Fix{Kind: "use-matching-last-id", Summary: "replace with " + want.English(),
			Edits: []source.Edit{{Span: st.NameSpanOf(read), New: name}}}
	}
	p.Report(f)
}
