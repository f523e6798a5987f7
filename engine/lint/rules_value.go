package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// valueRules are the rules about values and strings.
var valueRules = []*Rule{
	repeatedValueRule,
	constantConditionRule,
	eventValueRule,
	customStringPlaceholdersRule,
}

var repeatedValueRule = &Rule{
	ID:       "repeated-value",
	Severity: diag.Info,
	Summary:  "the same non-trivial value is evaluated more than once in a rule with nothing between that can change it",
	Rationale: "Every evaluation of a value costs server time, and a value written twice costs its elements twice. " +
		"When one rule evaluates the same expression several times and nothing between can change it, computing " +
		"it once into a variable is cheaper; when the repetition is intended, wrapping each occurrence in Evaluate " +
		"Once marks it as such (at a position evaluated once per execution, Evaluate Once changes nothing). A For " +
		"loop with literal bounds that evaluates a value its passes cannot change is reported on the loop " +
		"(spanKind enclosing-loop): compute the value before the loop.",
	Limits: "Expressions are compared by structure (ast.DumpExpr, parentheses looked through) within one rule: its " +
		"actions, or its conditions (evaluated together). An expression counts when it has at least 3 nodes and " +
		"calls a value with arguments (Distance Between(Event Player, Global.p)), or has at least 6 nodes of " +
		"arithmetic; a variable read (Global.x, Event Player.x, indexed by another such read) and an expression " +
		"built of literals only never count, nor one holding a value that differs per evaluation (random values, " +
		"Server Load, Current Array Element, Last Created Entity and the other ids of created objects, Local " +
		"Player). Occurrences are chained along the control-flow graph where control cannot enter between them " +
		"(a Loop, Skip landing, End or loop header starts afresh); Wait, Wait Until, Call Subroutine and Start Rule " +
		"end a chain, a variable write ends the chains of the values reading that variable (a player variable of " +
		"any player), and an action that may change game state (anything but messages, HUD texts, effects, icons, " +
		"variable writes and control flow) ends every chain, since a variable or event value may hold a player " +
		"whose position it stands for. Only the largest repeated expressions are reported. Loops: only For loops " +
		"with literal bounds and no wait, and only values reading no variable the loop writes. The evaluate-once " +
		"fix is withheld when an occurrence is re-evaluated by the engine (While, Wait Until and Loop If " +
		"conditions, arguments of any Create, Start or Chase action and of For, Update Every Frame subtrees), for " +
		"rule conditions (re-evaluated continuously), and for loop findings.",
	Tags:             []string{"performance", "elements"},
	Fixes:            []string{"evaluate-once"},
	Acknowledgements: []string{"evaluate-once"},
	Check:            checkRepeatedValue,
}

func checkRepeatedValue(p *Pass) {
	pw := p.walked()
	// The walk's walker, or, when the walk failed, one of its own (made
	// only then: a walker takes the tables the pool keeps for the next
	// walk).
	var w *repWalker
	if pw != nil {
		w = pw.rep
	} else {
		w = newRepWalker(0)
	}
	for k, u := range flowActionUnits(p) {
		l := p.flowList(u)
		var occs [][]repOccurrence
		var effects []repEffects
		if pw != nil {
			occs, effects = pw.actionOccs[k], pw.actionEffects[k]
		} else {
			occs = w.actionOccurrences(u.block.Statements)
		}
		groups := append(repLoopGroups(l, occs), repActionGroups(w, flowUnitGraph(p, u), u.block.Statements, occs, effects)...)
		for _, gr := range repKeepMaximal(groups) {
			repReport(p, u, gr, false)
		}
	}
	for k, u := range flowConditionUnits(p) {
		var groups []*repGroup
		if pw != nil {
			groups = repConditionGroupsOf(pw.condOccs[k])
		} else {
			groups = repConditionGroups(w, u.block.Statements)
		}
		for _, gr := range repKeepMaximal(groups) {
			repReport(p, u, gr, true)
		}
	}
}

func repReport(p *Pass, u flowUnit, gr *repGroup, conditions bool) {
	if repIsDuplicateCondition(u.block, gr) {
		return // duplicate-condition reports it
	}
	first := gr.occ[0].span
	text := p.Evidence(first) // shortened for messages
	full := strings.Join(strings.Fields(p.File.Text[first.Start:first.End]), " ")
	if gr.loop >= 0 {
		stmts := u.block.Statements
		from, to := stmts[gr.loopSpan[0]], stmts[gr.loopSpan[1]]
		span := source.Span{Start: from.SpanOf(from.Body).Start, End: to.SpanOf(to.Body).End}
		passes := gr.count / len(gr.occ)
		p.Report(Finding{
			Span: span, Rule: u.rule, Evidence: text,
			Message: fmt.Sprintf("the expression %s is evaluated on each of the %d passes of this loop though nothing in the loop changes it: "+
				"compute it once into a variable before the loop", text, passes),
			Repeated: &Repeated{Expression: full, Count: gr.count, SpanKind: "enclosing-loop"},
		})
		return
	}
	evalOnce := "Evaluate Once"
	if el := p.Vocab.Value("evalOnce"); el != nil {
		evalOnce = valSpell(el, p.Script.Locale)
	}
	f := Finding{
		Span: first, Rule: u.rule, Evidence: text,
		Message: fmt.Sprintf("the expression %s is evaluated %d times in this rule's actions with nothing between that can change it: "+
			"compute it once into a variable, or wrap each occurrence in %s to mark the repetition as intended", text, gr.count, evalOnce),
		Repeated: &Repeated{Expression: full, Count: gr.count, SpanKind: "expression"},
	}
	if conditions {
		f.Message = fmt.Sprintf("the expression %s is evaluated %d times each time this rule's conditions are checked: "+
			"test it in one condition where the logic allows it, or keep it in a variable that the actions of another rule update", text, gr.count)
	} else {
		f.Fix = repEvaluateOnceFix(p, gr)
	}
	p.Report(f)
}

// repIsDuplicateCondition reports whether every occurrence of a group
// is the whole condition of an If or Else If: an Else If repeating its
// chain's condition, which duplicate-condition reports.
func repIsDuplicateCondition(b *ast.Block, gr *repGroup) bool {
	elif := false
	for _, o := range gr.occ {
		e := b.Statements[o.stmt].Body
		id := valElemID(e)
		if id != "__if__" && id != "__elif__" || len(e.Args) == 0 || valUnparen(e.Args[0]) != o.expr {
			return false
		}
		elif = elif || id == "__elif__"
	}
	return elif
}

// repEvaluateOnceFix wraps each occurrence of a group in Evaluate Once,
// spelled in the script's locale, or returns nil when an occurrence is
// re-evaluated by the engine or the locale has no spelling.
func repEvaluateOnceFix(p *Pass, gr *repGroup) *Fix {
	el := p.Vocab.Value("evalOnce")
	if el == nil {
		return nil
	}
	name, ok := el.Name(p.Script.Locale)
	if !ok {
		return nil
	}
	var edits []source.Edit
	for _, o := range gr.occ {
		if o.reevaluated {
			return nil
		}
		edits = append(edits,
			source.Edit{Span: source.Span{Start: o.span.Start, End: o.span.Start}, New: name + "("},
			source.Edit{Span: source.Span{Start: o.span.End, End: o.span.End}, New: ")"})
	}
	return &Fix{Kind: "evaluate-once", Summary: fmt.Sprintf("wrap the %d occurrences in %s", len(gr.occ), name), Edits: edits}
}

var constantConditionRule = &Rule{
	ID:       "constant-condition",
	Severity: diag.Warning,
	Summary:  "a condition that is always true or always false by its literals",
	Rationale: "A rule condition, or the condition of If, Else If, While, Skip If, Loop If or Abort If, that can " +
		"only have one value is either useless or disables what it guards (a rule that never runs, a branch that " +
		"never runs). It is usually a leftover from debugging or a comparison with the wrong operand.",
	Limits: "Folds literals only: True, False, Null, numbers, Not, And, Or (one decided side may settle them), " +
		"comparisons of two such literals (with the game's tolerance for ==, and truthiness when a side is a " +
		"Boolean), and comparisons of an expression with itself (x == x), unless it holds a value that differs per " +
		"evaluation. A While whose condition is always true is the idiom of a loop left by Break or Abort and is " +
		"not reported, nor is a constant If, Else If or While whose branches a Skip may jump into (OverPy's goto " +
		"and switch idioms: If(False) holding labels). Variables are never assumed constant.",
	Tags:  []string{"correctness", "dead-code"},
	Check: checkConstantCondition,
}

// valConditionConsequence says what an always-true and an always-false
// condition of an action mean; ok is false for other actions.
func valConditionConsequence(id string) (cons [2]string, ok bool) {
	switch id {
	case "__if__":
		return [2]string{"its branch always runs and the branches after it never do", "its branch never runs"}, true
	case "__elif__":
		return [2]string{"its branch runs whenever it is reached and the branches after it never do", "its branch never runs"}, true
	case "__while__":
		return [2]string{"", "its body never runs"}, true
	case "__skipIf__":
		return [2]string{"it always skips, as Skip would", "it never skips"}, true
	case "__loopIf__":
		return [2]string{"it always loops, as Loop would", "it never loops"}, true
	case "__abortIf__":
		return [2]string{"it always aborts, as Abort would", "it never aborts"}, true
	}
	return cons, false
}

func checkConstantCondition(p *Pass) {
	for _, u := range flowConditionUnits(p) {
		for _, st := range u.block.Statements {
			if st.Disabled || st.Body == nil {
				continue
			}
			switch valTruth(st.Body) {
			case valTriTrue:
				p.Report(Finding{Span: st.SpanOf(st.Body), Rule: u.rule,
					Message: "this condition is always true, so it never holds the rule back: remove it, or test the value you meant"})
			case valTriFalse:
				p.Report(Finding{Span: st.SpanOf(st.Body), Rule: u.rule,
					Message: "this condition is always false, so the rule never runs: remove it, or test the value you meant"})
			}
		}
	}
	for _, u := range flowActionUnits(p) {
		l := p.flowList(u)
		// region[c] is the span of positions whose branches the
		// condition at c decides: its If chain, or its While loop
		// (computed when a condition is constant).
		var region [][2]int
		for q := 0; q < l.len(); q++ {
			cons, ok := valConditionConsequence(l.ids[q])
			if !ok {
				continue
			}
			st := l.stmts[l.idx[q]]
			if len(st.Body.Args) == 0 {
				continue
			}
			cond := st.Body.Args[0]
			which, what := 0, "true"
			switch valTruth(cond) {
			case valTriTrue:
			case valTriFalse:
				which, what = 1, "false"
			default:
				continue
			}
			if cons[which] == "" {
				continue // While(True): a loop left by Break or Abort
			}
			if region == nil {
				region = flowRegions(l)
			}
			if r := region[q]; r[1] > r[0] && flowSkipLandsIn(l, r[0], r[1]) {
				continue // a Skip jumps into the branches: OverPy's goto and switch idioms
			}
			p.Report(Finding{Span: st.SpanOf(cond), Rule: u.rule, Message: fmt.Sprintf(
				"the condition of this %s is always %s, so %s: remove the test, or test the value you meant",
				valSpell(st.Body.Elem, p.Script.Locale), what, cons[which])})
		}
	}
}

// flowRegions returns, per position, the span of positions whose branches
// the condition there decides: its If chain, or its While loop.
func flowRegions(l *flowList) [][2]int {
	region := make([][2]int, l.len())
	for q := 0; q < l.len(); q++ {
		switch l.ids[q] {
		case "__if__":
			for c := q; c < l.len() && (c == q || l.matched[c]); c = l.next[c] {
				region[c] = [2]int{q, l.end[q]}
			}
		case "__while__":
			region[q] = [2]int{q, l.end[q]}
		}
	}
	return region
}

// flowSkipLandsIn reports whether a Skip or Skip If may land strictly
// between positions lo and hi.
func flowSkipLandsIn(l *flowList, lo, hi int) bool {
	for s := 0; s < l.len(); s++ {
		if !l.isSkip(s) {
			continue
		}
		t, literal := l.skipTarget(s)
		if !literal && s < hi || literal && lo < t && t < hi {
			return true
		}
	}
	return false
}

// Event categories: which event values a rule's event provides.
type valEventCats uint8

const (
	valCatPlayer valEventCats = 1 << iota
	valCatDamage
	valCatHealing
	valCatDamageOrHealing
	valCatAll = valCatPlayer | valCatDamage | valCatHealing | valCatDamageOrHealing
)

var valEventCatNames = map[string]valEventCats{
	"player": valCatPlayer, "damage": valCatDamage, "healing": valCatHealing, "damageOrHealing": valCatDamageOrHealing,
}

// valEventProvides maps an event id to the event values it provides
// (OverPy's event categories, semantics.md §1.2).
var valEventProvides = map[string]valEventCats{
	"global":                  0,
	"eachPlayer":              valCatPlayer,
	"playerJoined":            valCatPlayer,
	"playerLeft":              valCatPlayer,
	"playerDealtDamage":       valCatPlayer | valCatDamage | valCatDamageOrHealing,
	"playerTookDamage":        valCatPlayer | valCatDamage | valCatDamageOrHealing,
	"playerDied":              valCatPlayer | valCatDamage | valCatDamageOrHealing,
	"playerEarnedElimination": valCatPlayer | valCatDamage | valCatDamageOrHealing,
	"playerDealtFinalBlow":    valCatPlayer | valCatDamage | valCatDamageOrHealing,
	"playerDealtHealing":      valCatPlayer | valCatHealing | valCatDamageOrHealing,
	"playerReceivedHealing":   valCatPlayer | valCatHealing | valCatDamageOrHealing,
	"playerDealtKnockback":    valCatAll,
	"playerReceivedKnockback": valCatAll,
}

// valEventNeeds maps each event value to its category
// (valEventCatNames[valEventValues[id]]).
var valEventNeeds = func() map[string]valEventCats {
	out := map[string]valEventCats{}
	for id, cat := range valEventValues {
		if c := valEventCatNames[cat]; c != 0 {
			out[id] = c
		}
	}
	return out
}()

// valEventProviders names the events providing a category, for messages.
var valEventProviders = map[valEventCats]string{
	valCatPlayer:          "player events (Ongoing - Each Player and the others)",
	valCatDamage:          "damage events (Player Took Damage, Player Died and the others)",
	valCatHealing:         "healing events (Player Received Healing, Player Dealt Healing)",
	valCatDamageOrHealing: "damage and healing events",
}

var eventValueRule = &Rule{
	ID:       "event-player-in-global-rule",
	Severity: diag.Warning,
	Summary:  "an event value (Event Player, Attacker, Event Damage…) in a rule whose event does not provide it",
	Rationale: "Event values are bound by the rule's event: an Ongoing - Global rule has no Event Player, an Ongoing " +
		"- Each Player rule has no Attacker or Event Damage, a damage event has no Healer. Read elsewhere they are " +
		"Null, so the actions using them silently do nothing or act on nobody (semantics.md §1.2; OverPy refuses " +
		"Event Player, Attacker, Victim, Healer and Healee there and warns for the others). A subroutine has the " +
		"values of the rules that run it: it is reported when every rule that calls or starts it lacks the value.",
	Limits: "Uses OverPy's event categories: global provides none; Each Player, Player Joined Match and Player Left " +
		"Match the player; damage, death, elimination and final blow events the player and the damage values; " +
		"healing events the player and the healing values; knockback events all. A subroutine no enabled rule " +
		"calls or starts is not checked, nor one run from an actions-only payload or through a call cycle. One " +
		"finding per value and rule, on its first use. Reported as a warning, not an error: reading the value is " +
		"harmless when the result is never used.",
	Tags:  []string{"correctness", "events"},
	Check: checkEventValues,
}

func checkEventValues(p *Pass) {
	provided := p.ruleEvents()
	for i, r := range p.Script.Rules {
		have := provided[i]
		if have == valCatAll {
			continue
		}
		type use struct {
			e     *ast.Expr
			span  source.Span
			count int
		}
		var uses map[string]*use
		var order []string
		for _, ev := range p.sites().eventUses[i] {
			if have&ev.need != 0 {
				continue
			}
			id := ev.expr.Elem.ID
			if uses[id] == nil {
				if uses == nil {
					uses = map[string]*use{}
				}
				uses[id] = &use{e: ev.expr, span: ev.expr.Span.In(ev.base)}
				order = append(order, id)
			}
			uses[id].count++
		}
		for _, id := range order {
			u := uses[id]
			value := valSpell(u.e.Elem, p.Script.Locale)
			times := ""
			if u.count > 1 {
				times = fmt.Sprintf(" (used %d times)", u.count)
			}
			need := valEventCatNames[valEventValues[id]]
			var msg string
			if name, isSub := valSubroutineOf(r); isSub {
				msg = fmt.Sprintf("the event value %s is Null in subroutine %s%s: no rule that runs it is one of the %s, which provide it; "+
					"run it from such a rule, or reach the value another way", value, name, times, valEventProviders[need])
			} else {
				evName := "its event"
				if ev := valRuleEvent(r); ev != nil {
					evName = valSpell(ev, p.Script.Locale)
				}
				msg = fmt.Sprintf("the event value %s is Null in this rule%s: %s does not provide it, only %s do; "+
					"use such an event, or reach the value another way", value, times, evName, valEventProviders[need])
			}
			p.Report(Finding{Span: u.span, Rule: i, Message: msg})
		}
	}
}

// ruleEvents returns, per rule, the event values its event provides; a
// subroutine has those of the rules that run it (all of them when none
// does, a payload does or the calls form a cycle). Computed once per pass.
func (p *Pass) ruleEvents() []valEventCats {
	if p.eventCats != nil {
		return p.eventCats
	}
	callers := map[string][]int{}
	for _, e := range p.CallGraph() {
		if !e.Disabled {
			callers[e.Callee] = append(callers[e.Callee], e.Caller)
		}
	}
	out := make([]valEventCats, len(p.Script.Rules))
	// state is, per rule, 0 before provides, 1 during, 2 once out holds
	// what it provides.
	state := make([]uint8, len(p.Script.Rules))
	var provides func(i int) valEventCats
	provides = func(i int) valEventCats {
		switch state[i] {
		case 1:
			return valCatAll // a call cycle: assume anything
		case 2:
			return out[i]
		}
		r := p.Script.Rules[i]
		name, isSub := valSubroutineOf(r)
		if !isSub {
			ev := valRuleEventID(r)
			c, ok := valEventProvides[ev]
			if !ok {
				c = valCatAll
			}
			out[i], state[i] = c, 2
			return c
		}
		state[i] = 1
		c := valEventCats(0)
		if len(callers[name]) == 0 {
			c = valCatAll
		}
		for _, caller := range callers[name] {
			if caller < 0 {
				c = valCatAll
				break
			}
			c |= provides(caller)
		}
		out[i], state[i] = c, 2
		return c
	}
	for i := range out {
		provides(i)
	}
	p.eventCats = out
	return out
}

// valRuleEvent returns the event of a rule, or nil.
func valRuleEvent(r *ast.Rule) *vocab.Event {
	if r.Event == nil {
		return nil
	}
	for _, l := range r.Event.Lines {
		if l.Kind == ast.EventLineEvent {
			ev, _ := l.Ref.(*vocab.Event)
			return ev
		}
	}
	return nil
}

// valRuleEventID returns the id of a rule's event, or "".
func valRuleEventID(r *ast.Rule) string {
	if ev := valRuleEvent(r); ev != nil {
		return ev.ID
	}
	return ""
}

// valSubroutineOf returns the subroutine a rule defines, if it is one.
func valSubroutineOf(r *ast.Rule) (string, bool) {
	if valRuleEventID(r) != "__subroutine__" {
		return "", false
	}
	for _, l := range r.Event.Lines {
		if l.Kind == ast.EventLineSubroutine {
			return l.Text, true
		}
	}
	return "", false
}

// customStringSite is a Custom String with a literal text: its rule, the
// call, and whether it names a workshop setting.
type customStringSite struct {
	rule int
	call *ast.Expr
	// base is where the call's statement starts (see ast.Rel).
	base    int
	setting bool
}

// valEachCustomString calls f for every Custom String with a literal text
// in the enabled statements of the program: conditions blocks first, then
// action lists; setting tells whether it names a workshop setting.
func valEachCustomString(p *Pass, f func(rule int, call *ast.Expr, base int, setting bool)) {
	sites := p.sites()
	if sites.nilArg {
		// The walk of each rule failed on such a tree, with this error.
		var e *ast.Expr
		_ = e.Args
	}
	for _, c := range sites.customStrings {
		f(c.rule, c.call, c.base, c.setting)
	}
}

var customStringPlaceholdersRule = &Rule{
	ID:       "custom-string-placeholders",
	Severity: diag.Warning,
	Summary:  "Custom String placeholders that show Null or can show nothing",
	Rationale: "A Custom String shows its arguments at {0}, {1} and {2}. A placeholder whose argument is Null shows " +
		"Null, and a placeholder above {2} has no argument it could show (a Custom String takes three). Each is a " +
		"slip in the text or the arguments. The validator owns a placeholder with no argument written " +
		"(format-placeholder-without-argument) and an argument with no placeholder (unused-format-argument), " +
		"reported by check too; this rule reports only what it leaves.",
	Limits: "Checks literal texts of Custom String only (not String, whose texts are the game's). An argument " +
		"written as Null without a placeholder is not reported: the exports write Null for unused middle arguments. A doubled brace " +
		"{{ is taken as an escaped brace (OverPy writes them), not as a placeholder. Workshop setting names are " +
		"left to the validator, which refuses braces in them.",
	Tags:  []string{"strings", "correctness"},
	Check: checkCustomStringPlaceholders,
}

// valPlaceholders returns the numbers n of the {n} placeholders of a
// text, each once, in order of first appearance. A doubled brace "{{"
// is taken as an escaped brace, as OverPy writes one.
func valPlaceholders(s string) []int {
	var out []int // few: searched for repeats
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && j-i <= 4 && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i+1 || j >= len(s) || s[j] != '}' {
			continue
		}
		n := 0
		for _, c := range s[i+1 : j] {
			n = n*10 + int(c-'0')
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
		i = j
	}
	return out
}

func checkCustomStringPlaceholders(p *Pass) {
	valEachCustomString(p, func(rule int, call *ast.Expr, base int, setting bool) {
		if setting {
			return
		}
		lit := call.Args[0]
		for _, n := range valPlaceholders(lit.Text) {
			switch {
			case n > 2:
				p.Report(Finding{Span: lit.Span.In(base), Rule: rule, Message: fmt.Sprintf(
					"placeholder {%d} can never show a value: a Custom String has only {0}, {1} and {2}; "+
						"nest another Custom String in {2} for more values", n)})
			case n+1 < len(call.Args) && valIsNull(call.Args[n+1]):
				// A missing argument is the validator's
				// format-placeholder-without-argument.
				p.Report(Finding{Span: lit.Span.In(base), Rule: rule, Message: fmt.Sprintf(
					"placeholder {%d} shows Null, the argument written for it: give argument {%d} a value or remove the placeholder", n, n)})
			}
		}
		// An argument without a placeholder is the validator's
		// unused-format-argument.
	})
}

// valIsNull reports whether e is Null.
func valIsNull(e *ast.Expr) bool {
	e = valUnparen(e)
	return valElemID(e) == "null" && !e.Parens
}
