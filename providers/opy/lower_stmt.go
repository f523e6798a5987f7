package opy

// This file lowers rules and their statements to Workshop actions, as
// OverPy lowers them with its optimiser off.

import (
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"strings"
)

// ruleState is what lowering a rule keeps track of.
type ruleState struct {
	r *wrule
	// event is the rule's event key (global, eachPlayer, …; subroutine
	// for a def).
	event string
	// conds are the rule's @Condition expressions, for ruleCondition.
	conds []Expr
	// loops is the stack of enclosing loops.
	loops []*loopState
	depth int
	// atStart is set while the next statement is the first of the rule
	// or of a do block: the only places a do/while may be.
	atStart bool
	// labels maps goto labels to their action index; gotos are resolved
	// at the end of the rule.
	labels map[string]int
	gotos  []pendingGoto
}

// A loopState is an enclosing while, for, do or switch.
type loopState struct {
	kind string // "while", "for", "do", "switch"
	// continues are the actions that jump to the end of the body.
	continues []int
	// breaks are Skip actions that jump past a do/while's Loop If.
	breaks []int
	id     int
}

type pendingGoto struct {
	action int
	label  string
	loc    Loc
}

// lowerRule lowers one rule or subroutine body.
func (c *compiler) lowerRule(r *Rule) {
	st := &ruleState{r: &wrule{name: r.Name, loc: r.Loc}, event: "global", labels: map[string]int{}}
	// The actions grow in a scratch list, copied at their length when
	// the rule is done (a rule lowered meanwhile grows its own).
	scratch := !c.actionsBusy
	if scratch {
		c.actionsBusy = true
		st.r.actions = c.actionScratch[:0]
	}
	if r.Prefix != "" {
		st.r.name = r.Prefix + r.Name
	}
	c.rule = st
	c.aliases = nil
	c.size.startRule()
	if r.Def {
		st.event = "subroutine"
		st.r.name = "Subroutine " + r.Name
	}
	annots, body := c.macroAnnotations(r)
	c.annotations(r, annots, st)
	for i := range st.r.conditions {
		st.r.conditions[i].lhs = c.compressArrays(st.r.conditions[i].lhs)
		st.r.conditions[i].rhs = c.compressArrays(st.r.conditions[i].rhs)
	}
	if r.Def {
		c.subs.use(r.Name)
		st.r.event = []string{c.v.Event("__subroutine__").English(), r.Name}
		st.r.eventLocs = map[int]Loc{1: r.NameLoc}
	}
	st.atStart = true
	c.stmts(body)
	c.resolveGotos(st)
	st.r.name = ruleTitle(st.r.name)
	if scratch {
		c.actionScratch = st.r.actions
		st.r.actions = c.keepActions(st.r.actions)
		clear(c.actionScratch)
		c.actionScratch = c.actionScratch[:0]
		c.actionsBusy = false
	}
	c.rules = append(c.rules, st.r)
	c.rule = nil
}

// annotations applies a rule's @-lines.
func (c *compiler) annotations(r *Rule, annots []*Annotation, st *ruleState) {
	var team, player string
	var teamLoc, playerLoc Loc
	seen := map[string]Loc{}
	for _, a := range annots {
		if prev, dup := seen[a.Name]; dup && a.Name != "Condition" {
			c.d.errorf(codeDuplicateAnnot, a.Loc, "@"+a.Name+" is already given for this rule").related(prev, "the first one")
			continue
		}
		seen[a.Name] = a.Loc
		switch a.Name {
		case "Event":
			if r.Def {
				c.d.errorf(codeMisplacedAnnot, a.Loc, "a subroutine has no event: @Event is for rules")
				continue
			}
			word, ok := c.annotationWord(a)
			if !ok {
				continue
			}
			if c.v.Event(word) == nil || word == "__subroutine__" {
				x := c.d.errorf(codeInvalidAnnotation, a.ArgLoc, "unknown event '"+diag.Excerpt(word)+"'")
				events := func() []string {
					var names []string
					for _, e := range c.v.Events {
						if e.ID != "__subroutine__" {
							names = append(names, e.ID)
						}
					}
					return names
				}
				if s := c.d.suggest.NearestIn(word, events); len(s) > 0 {
					x.Message += "; did you mean '" + s[0] + "'?"
					x.suggest(s...)
				}
				continue
			}
			st.event = word
		case "Team":
			word, ok := c.annotationWord(a)
			if !ok {
				continue
			}
			team, teamLoc = word, a.ArgLoc
		case "Hero", "Slot":
			if player != "" {
				c.d.errorf(codeDuplicateAnnot, a.Loc, "a rule takes @Hero or @Slot, not both")
				continue
			}
			word, ok := c.annotationWord(a)
			if !ok {
				continue
			}
			player, playerLoc = a.Name+":"+word, a.ArgLoc
		case "Condition":
			if r.Def {
				c.d.errorf(codeMisplacedAnnot, a.Loc, "a subroutine has no conditions")
				continue
			}
			st.conds = append(st.conds, a.Expr)
			c.condition(a, st)
		case "Name":
			s, ok := a.Expr.(*String)
			if !ok {
				if _, bad := a.Expr.(*BadExpr); !bad {
					c.d.errorf(codeInvalidAnnotation, a.ArgLoc, "@Name takes a string")
				}
				continue
			}
			st.r.name = s.Value
		case "Disabled":
			st.r.disabled = true
		case "Delimiter", "SuppressWarnings":
		case "NewPage":
			c.d.errorf(codeUnsupportedFeature, a.Loc, "@NewPage is not supported by wright-lsp yet")
		default:
			x := c.d.errorf(codeUnknownAnnotation, a.Loc, "unknown annotation '@"+a.Name+"'")
			if s := c.d.suggest.NearestIn(a.Name, func() []string { return ruleAttributes }); len(s) > 0 {
				x.Message += "; did you mean '@" + s[0] + "'?"
				x.suggest("@" + s[0])
			}
		}
	}
	if r.Def {
		return
	}
	ev := c.v.Event(st.event)
	st.r.event = []string{ev.English()}
	if ev.Lines == 1 {
		if team != "" {
			c.d.errorf(codeMisplacedAnnot, teamLoc, "@Team is for rules with a player event; this rule's event is global")
		}
		if player != "" {
			c.d.errorf(codeMisplacedAnnot, playerLoc, "@Hero and @Slot are for rules with a player event; this rule's event is global")
		}
		return
	}
	st.r.event = append(st.r.event, c.eventTeam(team, teamLoc), c.eventPlayer(player, playerLoc))
}

// annotationWord reads an annotation's one-word argument.
func (c *compiler) annotationWord(a *Annotation) (string, bool) {
	switch {
	case len(a.Args) == 1 && (a.Args[0].kind == tName || a.Args[0].kind == tNumber):
		return a.Args[0].text, true
	case len(a.Args) == 3 && a.Args[1].kind == tOp && a.Args[1].text == "." && a.Args[0].kind == tName:
		// @Team Team.1, @Hero Hero.ANA
		return a.Args[0].text + "." + a.Args[2].text, true
	}
	at := a.Loc
	if len(a.Args) > 0 {
		at = a.ArgLoc
	}
	c.d.errorf(codeInvalidAnnotation, at, "@"+a.Name+" takes one word")
	return "", false
}

func (c *compiler) eventTeam(team string, at Loc) string {
	all := c.v.EventTeams[0].English()
	switch team {
	case "", "all", "Team.ALL":
		for _, t := range c.v.EventTeams {
			if t.ID == "all" {
				return t.English()
			}
		}
		return all
	case "1", "2", "Team.1", "Team.2":
		id := team[len(team)-1:]
		for _, t := range c.v.EventTeams {
			if t.ID == id {
				return t.English()
			}
		}
	}
	c.d.errorf(codeInvalidAnnotation, at, "@Team takes all, 1 or 2")
	return all
}

func (c *compiler) eventPlayer(player string, at Loc) string {
	all := ""
	for _, p := range c.v.EventPlayers {
		if p.ID == "all" {
			all = p.English()
		}
	}
	if player == "" {
		return all
	}
	kind, word := player[:4], player[5:]
	if kind == "Slot" {
		for _, p := range c.v.EventPlayers {
			if p.ID == "slot"+word {
				return p.English()
			}
		}
		c.d.errorf(codeInvalidAnnotation, at, "@Slot takes a slot number from 0 to 11")
		return all
	}
	hero := word
	if word == "all" {
		return all // @Hero all: every hero, the default
	}
	if len(word) > 5 && word[:5] == "Hero." {
		en := c.names.enums["Hero"]
		if m := en.members[word[5:]]; m != nil {
			return m.English()
		}
	}
	switch hero {
	case "mccree":
		hero = "cassidy"
	case "hammond":
		hero = "wreckingBall"
	}
	if h := c.v.Hero(hero); h != nil {
		return h.English()
	}
	heroes := func() []string {
		var names []string
		for _, h := range c.v.Heroes {
			names = append(names, h.ID)
		}
		return names
	}
	x := c.d.errorf(codeInvalidAnnotation, at, "unknown hero '"+diag.Excerpt(word)+"'")
	if s := c.d.suggest.NearestIn(hero, heroes); len(s) > 0 {
		x.Message += "; did you mean '" + s[0] + "'?"
		x.suggest(s...)
	}
	return all
}

// condition lowers a @Condition: a comparison as written, a boolean
// value as "== True", "not X" as "X == False", anything else as
// "!= False".
func (c *compiler) condition(a *Annotation, st *ruleState) {
	cond := condition{loc: a.Loc.Cover(a.ArgLoc)}
	if len(a.Comments) > 0 {
		cond.comment = joinComments(a.Comments)
	}
	switch e := a.Expr.(type) {
	case *Binary:
		switch e.Op {
		case "==", "!=", "<", "<=", ">", ">=":
			x, y := c.compareOperands(e.Op, e.X, e.Y)
			if x == nil || y == nil {
				return
			}
			cond.lhs, cond.op, cond.rhs = x, e.Op, y
			st.r.conditions = append(st.r.conditions, cond)
			return
		}
	case *Unary:
		if e.Op == "not" {
			x := c.expr(e.X)
			if x == nil {
				return
			}
			cond.lhs, cond.op, cond.rhs = x, "==", c.call("false", a.Loc)
			st.r.conditions = append(st.r.conditions, cond)
			return
		}
	}
	x := c.expr(a.Expr)
	if x == nil {
		return
	}
	if typeHas(x, "bool") && !typeHas(x, "Object") {
		cond.lhs, cond.op, cond.rhs = x, "==", c.call("true", a.Loc)
	} else {
		cond.lhs, cond.op, cond.rhs = x, "!=", c.call("false", a.Loc)
	}
	st.r.conditions = append(st.r.conditions, cond)
}

// ruleCondition is the rule's conditions and-ed together, written as
// OverPy writes it: ((c1) && (c2) && …).
func (c *compiler) ruleCondition(at Loc) *wnode {
	st := c.rule
	if st == nil || len(st.conds) == 0 {
		return c.call("true", at)
	}
	out := &wnode{kind: wAllOf, loc: at}
	for _, e := range st.conds {
		w := c.expr(e)
		if w == nil {
			return nil
		}
		// The conditions are copied here: their copies map to the
		// ruleCondition that wrote them.
		relocate(w, at)
		out.args = append(out.args, w)
	}
	return out
}

// joinComments makes one Workshop comment of the '#' comments written on
// and before a statement: each trimmed, empty ones left out, and only the
// last ones whose joined text fits the game's 256 bytes (the last one
// always), as OverPy keeps them.
func joinComments(cs []string) string {
	var lines []string
	for _, s := range cs {
		if s = strings.TrimSpace(s); s != "" {
			lines = append(lines, s)
		}
	}
	size, first := -1, len(lines)
	for first > 0 && (first == len(lines) || size+1+len(lines[first-1]) <= 256) {
		size += 1 + len(lines[first-1])
		first--
	}
	return strings.Join(lines[first:], "\n")
}

// emitAction appends an action at the current depth.
func (c *compiler) emitAction(n *wnode, at Loc, comments []string) int {
	st := c.rule
	a := action{node: c.compressArrays(n), depth: st.depth, loc: at}
	if len(comments) > 0 {
		a.comment = joinComments(comments)
	}
	st.r.actions = append(st.r.actions, a)
	return len(st.r.actions) - 1
}

// block maps the actions head through end (a loop and its End) to the
// statement at as a whole, besides each action's own mapping: the engine
// reports a whole loop (repeated-value's enclosing loop), which would
// otherwise find only the rule around it.
func (c *compiler) block(head, end int, at Loc) {
	acts := c.rule.r.actions
	acts[head].opens = append(acts[head].opens, at)
	acts[end].closes++
}

// emitLabel appends a "//NAME:" line.
func (c *compiler) emitLabel(name string) {
	st := c.rule
	st.r.actions = append(st.r.actions, action{label: name, depth: st.depth})
}

// stmts lowers a block.
func (c *compiler) stmts(ss []Stmt) {
	// A size directive inside the block holds to its end.
	defer func(forSize bool) { c.size.forSize = forSize }(c.size.forSize)
	for i := 0; i < len(ss); i++ {
		s := ss[i]
		if iff, ok := s.(*IfStmt); ok {
			// A chain: the if and every elif or else sibling after it.
			// OverPy keeps chaining after an else (If … Else … Else … End),
			// and an elif or else with no if starts a chain of its own.
			if iff.Kind != "if" {
				c.d.warn(codeLoneElse, iff.Loc, "'"+iff.Kind+"' follows no 'if': it compiles to a bare "+map[string]string{"elif": "Else If", "else": "Else"}[iff.Kind])
			}
			j := i + 1
			for j < len(ss) {
				n, ok := ss[j].(*IfStmt)
				if !ok || n.Kind == "if" {
					break
				}
				j++
			}
			c.ifChain(ss[i:j])
			i = j - 1
			continue
		}
		c.stmt(s)
	}
}

// ifChain lowers if / elif… / else.
func (c *compiler) ifChain(chain []Stmt) {
	st := c.rule
	for _, s := range chain {
		iff := s.(*IfStmt)
		switch iff.Kind {
		case "if", "elif":
			if iff.Kind == "if" && c.ifSpecial(iff, len(chain) == 1) {
				return
			}
			cond := c.expr(iff.Cond)
			if iff.Kind == "if" && len(chain) == 1 && c.skipIf(iff, cond) {
				return
			}
			key := "__if__"
			if iff.Kind == "elif" {
				key = "__elif__"
			}
			if cond != nil {
				c.emitAction(c.call(key, iff.Loc, cond), iff.Loc, iff.Comments)
			}
		case "else":
			c.emitAction(c.call("__else__", iff.Loc), iff.Loc, iff.Comments)
		}
		st.depth++
		c.stmts(iff.Body)
		st.depth--
	}
	c.emitAction(c.call("__end__", chain[0].stmtLoc()), chain[0].stmtLoc(), nil)
}

// ifSpecial lowers "if ruleCondition: return" and its kin to the
// Abort/Loop If Condition actions, as OverPy does even unoptimised.
func (c *compiler) ifSpecial(iff *IfStmt, alone bool) bool {
	if !alone || len(iff.Body) != 1 {
		return false
	}
	if _, ok := ruleConditionTest(iff.Cond, "", ""); !ok {
		return false
	}
	_, neg := iff.Cond.(*Unary)
	var key string
	switch b := iff.Body[0].(type) {
	case *SimpleStmt:
		if b.Kind != "return" {
			return false
		}
		key = "__abortIfConditionIsTrue__"
		if neg {
			key = "__abortIfConditionIsFalse__"
		}
	case *ExprStmt:
		call, ok := b.X.(*Call)
		if name, isName := callName(call); !ok || !isName || name != "loop" || len(call.Args) != 0 {
			return false
		}
		key = "__loopIfConditionIsTrue__"
		if neg {
			key = "__loopIfConditionIsFalse__"
		}
	default:
		return false
	}
	c.emitAction(c.call(key, iff.Loc), iff.Loc, iff.Comments)
	return true
}

// stmt lowers one statement.
func (c *compiler) stmt(s Stmt) {
	st := c.rule
	atStart := st.atStart
	st.atStart = false
	if do, ok := s.(*DoStmt); ok {
		c.doStmt(do, atStart)
		return
	}
	switch s := s.(type) {
	case *BadStmt:
	case *ExprStmt:
		call, ok := s.X.(*Call)
		if !ok {
			if _, bad := s.X.(*BadExpr); !bad {
				c.d.errorf(codeExpectedAction, s.X.exprLoc(), "this value is not an action: a statement is a call of an action, an assignment or a control statement")
			}
			return
		}
		if c.actionSpecial(call, s) {
			return
		}
		saved := c.callComments
		c.callComments = s.Comments
		w := c.callExpr(call, true)
		c.callComments = saved
		if w != nil {
			c.emitAction(w, s.Loc, s.Comments)
		}
	case *AssignStmt:
		c.assign(s)
	case *WhileStmt:
		cond := c.expr(s.Cond)
		if cond == nil {
			cond = c.call("true", s.Loc)
		}
		head := c.emitAction(c.call("__while__", s.Loc, cond), s.Loc, s.Comments)
		c.loopBody("while", s.Body, s.Loc)
		c.block(head, c.emitAction(c.call("__end__", s.Loc), s.Loc, nil), s.Loc)
	case *ForStmt:
		c.forStmt(s)
	case *SwitchStmt:
		c.switchStmt(s)
	case *CaseStmt:
		c.d.errorf(codeSyntax, s.Loc, "'case' and 'default' belong directly inside a 'switch'")
	case *SimpleStmt:
		c.simple(s)
	case *GotoStmt:
		c.gotoStmt(s)
	case *LabelStmt:
		if _, dup := st.labels[s.Name]; dup {
			c.d.errorf(codeDuplicateDecl, s.Loc, "label '"+s.Name+"' is already defined in this rule")
			return
		}
		st.labels[s.Name] = len(st.r.actions)
		c.emitLabel(s.Name)
	case *DelStmt:
		c.del(s)
	case *DirectiveStmt:
		switch directives[s.Name] {
		case dirUnsupported:
			c.d.errorf(codeUnsupportedFeature, s.Loc, "#!"+s.Name+" is not supported by wright-lsp"+unsupportedWhy(s.Name))
		case dirOptimizer:
			if s.Name == "disableOptimizations" {
				c.options.DisableOptimizations = true
			}
			c.size.sizeDirective(s.Name, false)
		}
	}
}

// loopBody lowers a loop's body; continue statements in it jump to its
// end.
func (c *compiler) loopBody(kind string, body []Stmt, at Loc) *loopState {
	st := c.rule
	c.loopID++
	l := &loopState{kind: kind, id: c.loopID}
	st.loops = append(st.loops, l)
	st.depth++
	c.stmts(body)
	if len(l.continues) > 0 {
		c.emitLabel("__label_continue_" + itoa(l.id) + "__")
		end := len(st.r.actions)
		for _, i := range l.continues {
			c.setSkip(i, end)
		}
	}
	st.depth--
	st.loops = st.loops[:len(st.loops)-1]
	return l
}

// setSkip sets the count of the Skip action at i so that it jumps to the
// action at index target.
func (c *compiler) setSkip(i, target int) {
	n := 0
	for _, a := range c.rule.r.actions[i+1 : target] {
		if a.node != nil {
			n++
		}
	}
	skip := c.rule.r.actions[i].node
	skip.args[len(skip.args)-1] = num(float64(n), skip.loc)
}

// ruleAttributes are the annotations of a rule, for suggestions.
var ruleAttributes = []string{"Event", "Team", "Hero", "Slot", "Condition", "Name", "Disabled", "Delimiter", "NewPage", "SuppressWarnings"}
