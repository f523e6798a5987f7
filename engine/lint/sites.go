package lint

// This file finds, in one walk of the program, the calls several rules
// look for: Custom Strings (custom-string-placeholders), event values (event-player-in-global-rule)
// and Last … ID values (last-id-mismatch). Each rule used to walk every
// expression on its own. The walk is normally the one repeated-value
// makes (see passWalk); findCallSites walks on its own.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/objects"
)

// callSites are the calls found by one walk of the enabled statements.
type callSites struct {
	// customStrings are the Custom Strings with a literal text of the
	// enabled statements: conditions blocks first (the rules', then a
	// payload's), then action lists, each in text order.
	customStrings []customStringSite
	// nilArg is set when some expression has a nil argument (a tree no
	// parser builds), where the walk of the custom-string rules failed.
	nilArg bool
	// eventUses are, per rule, the event values (valEventNeeds) read in
	// its enabled conditions, then its enabled actions, in text order.
	eventUses [][]eventUse
	// lastIDReads are, per enabled rule, the Last … ID values read in its
	// enabled actions, in text order, leaving out those inside another.
	lastIDReads [][]lastIDRead
}

// eventUse is an event value read: the call and the events that provide
// it.
type eventUse struct {
	expr *ast.Expr
	// base is where expr's statement starts (see ast.Rel).
	base int
	need valEventCats
}

// lastIDRead is a Last … ID value read in action stmt.
type lastIDRead struct {
	stmt int
	expr *ast.Expr
}

// sites returns the program's call sites, found on first use. It is not a
// sync.Once: a walk that panics must panic again for the next rule, as
// each rule's own walk did.
func (p *Pass) sites() *callSites {
	if p.callSites == nil {
		if w := p.walked(); w != nil {
			p.callSites = w.sites
		} else {
			p.callSites = findCallSites(p)
		}
	}
	return p.callSites
}

// siteFlags say what a call is to the walk.
type siteFlags uint8

const (
	siteCustomString siteFlags = 1 << iota // Custom String
	siteEventValue                         // an event value (valEventNeeds)
	siteLastID                             // a Last … ID value
	siteSetting                            // a Create Workshop Setting action
)

// siteFlagsOf returns the flags of the element with id.
func siteFlagsOf(id string) siteFlags {
	var f siteFlags
	if id == "__customString__" {
		f |= siteCustomString
	}
	if valEventNeeds[id] != 0 {
		f |= siteEventValue
	}
	if objects.IsLastID(id) {
		f |= siteLastID
	}
	if strings.HasPrefix(id, "createWorkshopSetting") {
		f |= siteSetting
	}
	return f
}

// siteWalker is the state of a walk recording call sites.
type siteWalker struct {
	out *callSites
	// custom, events and lastIDs are where the walk of the current
	// statement records its finds; nil records nothing.
	custom  *[]customStringSite
	lists   *siteLists
	events  bool // record event values (rule ≥ 0)
	inConds bool
	lastIDs *[]lastIDRead
	rule    int
	stmt    int
	// base is where statement stmt starts: its expressions' spans are
	// measured from there.
	base int
	// setting and inLastID say whether the node being walked is inside
	// a Create Workshop Setting call, inside a Last … ID value.
	setting, inLastID bool
}

// setBlock directs what the walk records: the block is rule's (-1: the
// payload's), its conditions or its actions.
func (w *siteWalker) setBlock(s *ast.Script, rule int, conditions bool) {
	w.rule, w.events, w.inConds, w.lastIDs = rule, rule >= 0, conditions, nil
	if conditions {
		w.custom = &w.lists.condStrings
		return
	}
	w.custom = &w.lists.actionStrings
	if rule >= 0 && !s.Rules[rule].Disabled {
		w.lastIDs = &w.out.lastIDReads[rule]
	}
}

// siteLists are what a walk records before finish sorts it out.
type siteLists struct {
	condStrings, actionStrings []customStringSite
	// uses are the event values read, in the order walked, with their
	// rule and block.
	uses []ruleEventUse
}

// ruleEventUse is an event value read in rule's conditions (cond) or
// actions.
type ruleEventUse struct {
	eventUse
	rule int32
	cond bool
}

func newCallSites(s *ast.Script) *callSites {
	return &callSites{eventUses: make([][]eventUse, len(s.Rules)), lastIDReads: make([][]lastIDRead, len(s.Rules))}
}

// finish sorts out what the walk recorded: Custom Strings of conditions
// before those of actions; each rule's event values, those of its
// conditions first.
func (c *callSites) finish(l *siteLists) {
	c.customStrings = append(l.condStrings, l.actionStrings...)
	start := make([]int, len(c.eventUses)+1)
	for _, u := range l.uses {
		start[u.rule+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	all := make([]eventUse, len(l.uses))
	at := append([]int(nil), start[:len(c.eventUses)]...)
	for _, cond := range [2]bool{true, false} {
		for _, u := range l.uses {
			if u.cond == cond {
				all[at[u.rule]] = u.eventUse
				at[u.rule]++
			}
		}
	}
	for i := range c.eventUses {
		if start[i+1] > start[i] {
			c.eventUses[i] = all[start[i]:start[i+1]:start[i+1]]
		}
	}
}

// findCallSites walks the enabled statements of the pass's action lists
// and conditions blocks on its own.
func findCallSites(p *Pass) *callSites {
	s := p.Script
	out := newCallSites(s)
	w := &siteWalker{out: out, lists: &siteLists{}}
	block := func(b *ast.Block, rule int, conditions bool) {
		if b == nil {
			return
		}
		w.setBlock(s, rule, conditions)
		for i, st := range b.Statements {
			if st.Disabled || st.Body == nil {
				continue
			}
			w.stmt, w.base = i, st.Base()
			w.walk(st.Body)
		}
	}
	lo, hi := 0, len(s.Rules)
	if p.scoped {
		lo, hi = p.scope[0], p.scope[1]
	}
	for i := lo; i < hi; i++ {
		block(s.Rules[i].Conditions, i, true)
		block(s.Rules[i].Actions, i, false)
	}
	if !p.scoped {
		block(s.Conditions, -1, true)
		block(s.Actions, -1, false)
	}
	out.finish(w.lists)
	return out
}

// visit records e, a call of the element id with flags f, and sets the
// state for its arguments; it returns the state to restore after them.
func (w *siteWalker) visit(e *ast.Expr, id string, f siteFlags) (setting, inLastID bool) {
	setting, inLastID = w.setting, w.inLastID
	if f&siteCustomString != 0 && len(e.Args) > 0 {
		if a := e.Args[0]; a == nil {
			w.out.nilArg = true
		} else if a.Kind == ast.String && w.custom != nil {
			*w.custom = append(*w.custom, customStringSite{rule: w.rule, call: e, base: w.base, setting: w.setting})
		}
	}
	if f&siteEventValue != 0 && w.events {
		w.lists.uses = append(w.lists.uses, ruleEventUse{eventUse: eventUse{expr: e, base: w.base, need: valEventNeeds[id]},
			rule: int32(w.rule), cond: w.inConds})
	}
	if !w.inLastID && f&siteLastID != 0 {
		if w.lastIDs != nil {
			*w.lastIDs = append(*w.lastIDs, lastIDRead{stmt: w.stmt, expr: e})
		}
		w.inLastID = true
	}
	w.setting = w.setting || f&siteSetting != 0
	return setting, inLastID
}

// walk visits e and its arguments, depth first, recording what the
// current statement's lists take.
func (w *siteWalker) walk(e *ast.Expr) {
	if e == nil {
		w.out.nilArg = true
		return
	}
	if id := valElemID(e); id != "" {
		setting, inLastID := w.visit(e, id, siteFlagsOf(id))
		w.walkArgs(e)
		w.setting, w.inLastID = setting, inLastID
		return
	}
	w.walkArgs(e)
}

// walkArgs walks the arguments of e.
func (w *siteWalker) walkArgs(e *ast.Expr) {
	for _, a := range e.Args {
		w.walk(a)
	}
}
