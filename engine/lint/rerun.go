package lint

// This file lints a program again after an edit without linting all of
// it. A rule-local rule's findings on a Workshop rule depend on that rule's
// tree only (and on what an edit inside rules leaves as it was: the
// locale, the vocabulary, the configuration), so after an edit its
// findings on the rules the edit did not touch are the previous ones,
// moved by the edit's change of length for the rules after it; it runs on
// the rules read again only. Every other rule reads the whole program and
// runs again on all of it.

import (
	"maps"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// ruleLocal holds the built-in rules whose findings on a Workshop rule
// depend on that rule alone, each found by reading its Check: it reads the
// rule's action list or conditions (flowActionUnits, flowConditionUnits,
// the walk of their expressions), the locale and the vocabulary, and
// reports each finding on the rule it read, with Finding.Rule set to it.
// The others read across rules: event-player-in-global-rule (a subroutine
// has the events of the rules calling it), last-id-mismatch (what a called
// subroutine creates), undefined-subroutine and unused-subroutine (the
// rules defining and calling each subroutine), unused-variable and
// write-only-variable (the index of the whole program),
// persistent-object-leak (a destroy-all or a keeping variable anywhere),
// element-budget (the whole count), and every user rule (not read here).
var ruleLocal = map[*Rule]bool{
	duplicateConditionRule:       true,
	unreachableActionRule:        true,
	loopWithoutWaitRule:          true,
	waitBelowMinimumRule:         true,
	waitShorterThanGameRule:      true,
	skipPastEndRule:              true,
	repeatedValueRule:            true,
	constantConditionRule:        true,
	customStringPlaceholdersRule: true,
}

// Rerun returns what Run returns for prog under cfg, where prog's script
// is the one prev linted (under cfg, on the same vocabulary), read again
// after an edit as sp says (see [ast.Splice]): the rules
// Script.Rules[sp.First:sp.First+sp.New] were read again, the others are
// the previous script's, those after moved by sp.Delta(). The rule-local
// rules run on the rules read again only, their previous findings on the
// other rules are kept (moved with their rules); so do
// event-player-in-global-rule and last-id-mismatch while what they read of
// the other rules (see summary) is as before; the other rules run on the
// whole program, persistent-object-leak on the objects found again from
// prev's (see objects.Refind). prev is not changed: other readers may hold it. When
// it cannot tell that the previous findings still hold (another
// configuration, a rule that failed, a payload), Rerun is Run.
func Rerun(prev *Result, prog Program, sp ast.Splice, cfg *Config) *Result {
	if cfg == nil {
		cfg = &Config{}
	}
	if prog.Vocab == nil {
		prog.Vocab = vocab.Default()
	}
	s := prog.Script
	if prev == nil || len(prev.Skipped) > 0 || s == nil || s.Actions != nil || s.Conditions != nil ||
		sp.First < 0 || sp.New < 0 || sp.Old < 0 || sp.First+sp.New > len(s.Rules) || !sameRules(prev.Rules, cfg) {
		return Run(prog, cfg)
	}
	res := &Result{Rules: slices.Clone(prev.Rules)}
	whole := newPass(prog)
	// The objects and calls of the rules the edit did not touch are
	// mostly as they were: the finder and the call graph read again what
	// the edit touched.
	whole.prevFound, whole.splice = prev.summary.objects, sp
	whole.prevCalls, whole.prevCallsKnown = prev.summary.calls, prev.summary.callsKnown
	if old := prev.summary.ruleCreates; len(old) == len(s.Rules)-sp.New+sp.Old {
		// The rules the edit did not touch create what they did.
		whole.knownCreates = func(i int) (*objects.Spec, bool) {
			switch {
			case i < sp.First:
				return old[i], true
			case i >= sp.First+sp.New:
				return old[i-sp.New+sp.Old], true
			}
			return nil, false
		}
	}
	// The two rules that read a summary of other rules read their rules
	// alone when the summary of the rules the edit did not touch is as
	// before; otherwise they run on the whole program.
	sameEv, sameCr, ok := sameSummary(whole, prev, sp)
	if !ok {
		return Run(prog, cfg)
	}
	reads := func(r *Rule) bool {
		return ruleLocal[r] || r == eventValueRule && sameEv || r == lastIDMismatchRule && sameCr
	}
	// The rules that read the whole program, on all of it: the walk of
	// every expression is theirs only when a summary changed.
	if reads(eventValueRule) && reads(lastIDMismatchRule) {
		whole.prefetchObjects()
	} else {
		whole.prefetch()
	}
	runRules(whole, res, func(r *Rule) bool { return !reads(r) })
	// The rules reading one rule, on the rules read again.
	read := newPass(prog)
	read.scoped, read.scope = true, [2]int{sp.First, sp.First + sp.New}
	read.eventCats, read.subCreates, read.ruleCreates = whole.eventCats, whole.subCreates, whole.ruleCreates
	runRules(read, res, reads)
	if len(res.Skipped) > 0 {
		// Run names failures in the order of the rules.
		return Run(prog, cfg)
	}
	// Their findings on the other rules, as before.
	oldEnd, shift, moved := sp.First+sp.Old, sp.New-sp.Old, sp.Delta()
	local := map[string]bool{}
	for _, e := range prev.Rules {
		local[e.Rule.ID] = reads(e.Rule)
	}
	for _, f := range prev.Findings {
		if !local[f.Code] {
			continue
		}
		switch {
		case f.Rule < 0:
			return Run(prog, cfg) // not on a rule: a payload's
		case f.Rule < sp.First:
			res.Findings = append(res.Findings, f)
		case f.Rule >= oldEnd:
			res.Findings = append(res.Findings, shiftFinding(f, shift, moved))
		}
	}
	sortFindings(res.Findings)
	return res
}

// summary is what the rules that read across rules read of each rule:
// per rule, the event values its event, or its callers', provide
// (ruleEvents); per subroutine, the last object it creates
// (subroutineCreations). Nil when the rule did not run.
type summary struct {
	events  []valEventCats
	creates map[string]*objects.Spec
	// ruleCreates is what creates is made of: per rule, the last object
	// it creates, for the enabled subroutine rules.
	ruleCreates []*objects.Spec
	// objects is what the object finder found, which it finds again from
	// after an edit (see objects.Refind); nil when no rule asked for it.
	objects *objects.Found
	// calls is the call graph, when callsKnown (a rule asked for it).
	calls      []flow.CallEdge
	callsKnown bool
}

// sameSummary computes on p the summaries prev's enabled rules read, and
// reports which are the same for the rules the edit did not touch; ok is
// false when computing them failed (on a tree no parser builds).
func sameSummary(p *Pass, prev *Result, sp ast.Splice) (events, creates, ok bool) {
	defer func() {
		if recover() != nil {
			events, creates, ok = false, false, false
		}
	}()
	if enabled(prev.Rules, eventValueRule) {
		events = sameEvents(prev.summary.events, p.ruleEvents(), sp)
	}
	if enabled(prev.Rules, lastIDMismatchRule) {
		old := prev.summary.creates
		creates = old != nil && maps.Equal(old, p.subroutineCreations())
	}
	return events, creates, true
}

// sameEvents reports whether the rules an edit did not touch, as sp says,
// are provided the same event values in next as in prev.
func sameEvents(prev, next []valEventCats, sp ast.Splice) bool {
	if prev == nil || len(next) != len(prev)+sp.New-sp.Old {
		return false
	}
	return slices.Equal(prev[:sp.First], next[:sp.First]) && slices.Equal(prev[sp.First+sp.Old:], next[sp.First+sp.New:])
}

// enabled reports whether r is among rules, enabled.
func enabled(rules []Effective, r *Rule) bool {
	for _, e := range rules {
		if e.Rule == r {
			return e.Enabled
		}
	}
	return false
}

// sameRules reports whether rules are the rules cfg runs, each as cfg
// configures it.
func sameRules(rules []Effective, cfg *Config) bool {
	all := cfg.rules()
	if len(all) != len(rules) {
		return false
	}
	for i, r := range all {
		if cfg.effective(r) != rules[i] {
			return false
		}
	}
	return true
}

// shiftFinding returns a copy of f on the rule shift places further,
// moved by d bytes; f and its fix are not changed.
func shiftFinding(f Finding, shift, d int) Finding {
	f.Rule += shift
	f.Span = f.Span.Shift(d)
	if f.Fix != nil {
		fix := *f.Fix
		fix.Edits = slices.Clone(fix.Edits)
		for i := range fix.Edits {
			fix.Edits[i].Span = fix.Edits[i].Span.Shift(d)
		}
		f.Fix = &fix
	}
	return f
}
