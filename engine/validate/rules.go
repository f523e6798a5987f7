package validate

// This file checks rules: the shape of the event block, the statements of
// conditions and actions blocks, and the nesting of If/While/For blocks.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func (c *checker) rule(r *ast.Rule) {
	if r.Event != nil {
		c.event(r)
	}
	if r.Conditions != nil {
		c.block(r.Conditions, false)
	}
	if r.Actions != nil {
		c.block(r.Actions, true)
		c.flow(r.Actions)
	}
}

func (c *checker) event(r *ast.Rule) {
	ev := r.Event
	if len(ev.Lines) == 0 {
		c.errorf(diag.MissingEventLine, ev.KeywordSpan, "the event block of rule %s is empty: expected an event such as %s", diag.Quote(r.Name), c.spell(c.v.Event("global")))
		return
	}
	var event *vocab.Event
	for _, l := range ev.Lines {
		switch l.Kind {
		case ast.EventLineEvent:
			if l.Ref == nil {
				d := c.errorf(diag.UnknownEvent, l.Span, "unknown event %s", diag.Quote(l.Text))
				c.suggest(d, l.Text, kindsEvent)
				continue
			}
			event = l.Ref.(*vocab.Event)
		case ast.EventLineTeam:
			if l.Ref == nil && event != nil {
				d := c.errorf(diag.UnknownEventTeam, l.Span, "unknown event team %s: expected %s", diag.Quote(l.Text), c.choices(c.v.EventTeams))
				c.suggest(d, l.Text, kindsEventTeam)
			}
		case ast.EventLinePlayer:
			if l.Ref == nil && event != nil {
				d := c.errorf(diag.UnknownEventPlayer, l.Span, "unknown event player %s: expected %s, a slot or a hero", diag.Quote(l.Text), c.spell(c.v.EventPlayers[0]))
				c.suggest(d, l.Text, kindsEventPlayer)
			}
		case ast.EventLineSubroutine:
			if _, ok := c.subs.lookup(l.Text); !ok {
				d := c.errorf(diag.UndeclaredSubroutine, l.Span, "subroutine %s is not declared in the subroutines block", diag.Quote(l.Text))
				c.suggestSlot(d, l.Text, c.subs)
			}
		case ast.EventLineExtra:
			if event != nil {
				c.errorf(diag.ExtraEventLine, l.Span, "event %s takes %d line(s) in its event block; this line is one too many", c.spell(event), event.Lines)
			}
		}
	}
	if event != nil && len(ev.Lines) < event.Lines {
		missing := "the team (All, Team 1 or Team 2) and the player (All, a slot or a hero)"
		switch {
		case event.Lines == 2:
			missing = "the subroutine's name"
		case len(ev.Lines) == 2:
			missing = "the player (All, a slot or a hero)"
		}
		c.errorf(diag.MissingEventLine, ev.Lines[len(ev.Lines)-1].Span, "event %s needs %d lines in its event block: expected %s", c.spell(event), event.Lines, missing)
	}
}

func (c *checker) choices(words []*vocab.Entry) string {
	s := ""
	for i, w := range words {
		if i > 0 {
			if i == len(words)-1 {
				s += " or "
			} else {
				s += ", "
			}
		}
		s += c.spell(w)
	}
	return s
}

// block checks each statement of a conditions or actions block.
func (c *checker) block(b *ast.Block, actions bool) {
	for _, st := range b.Statements {
		c.base = st.Base()
		body := st.Body
		if body == nil || body.Kind == ast.Bad {
			continue
		}
		if actions {
			c.action(body)
		} else {
			c.condition(body)
		}
	}
}

func (c *checker) action(e *ast.Expr) {
	switch {
	case e.Kind == ast.Assign:
		c.assign(e)
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.IsAction():
		c.call(e)
	case e.Kind == ast.Call && e.Elem == nil, e.Kind == ast.Name:
		d := c.errorf(diag.UnknownAction, c.nameAt(e), "unknown action %s", diag.Quote(e.Text))
		c.suggest(d, e.Text, kindsAction)
		c.unknownArgs(e)
	default:
		c.errorf(diag.ExpectedAction, c.at(e), "expected an action, found a value: an actions block holds actions and assignments such as Global.x = 1")
		c.value(e, nil)
	}
}

func (c *checker) condition(e *ast.Expr) {
	if e.Kind == ast.Call && e.Elem != nil && e.Elem.IsAction() {
		c.errorf(diag.ActionInCondition, c.nameAt(e), "%s is an action: a condition is a value, usually a comparison such as x == True", c.spell(e.Elem))
		for _, a := range e.Args {
			c.value(a, nil)
		}
		return
	}
	c.value(e, nil)
}

// assign checks "target op value": the target is a global or player
// variable, optionally indexed once.
func (c *checker) assign(e *ast.Expr) {
	target, val := e.Args[0], e.Args[1]
	t := target
	if t.Kind == ast.Index {
		t = t.Args[0]
		c.value(target.Args[1], nil)
	}
	switch t.Kind {
	case ast.Global, ast.PlayerVar:
		c.value(t, nil)
	default:
		c.errorf(diag.NotAssignable, c.at(target), "cannot assign to this value: the left side of %s must be Global.name or Player.name, indexed at most once", e.Op)
		c.value(target, nil)
	}
	c.value(val, nil)
}

// flow checks the nesting of If/Else If/Else/End, While and For blocks,
// and Break/Continue placement. Disabled actions do not open or close
// blocks.
func (c *checker) flow(b *ast.Block) {
	type open struct {
		loop   bool
		inElse bool
	}
	var stack []open
	loops := 0 // the loops on the stack: Break asks in constant time
	inLoop := func() bool { return loops > 0 }
	for _, st := range b.Statements {
		c.base = st.Base()
		e := st.Body
		if st.Disabled || e == nil || e.Kind != ast.Call || e.Elem == nil {
			continue
		}
		switch e.Elem.ID {
		case "__if__":
			stack = append(stack, open{})
		case "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
			stack = append(stack, open{loop: true})
			loops++
		case "__elif__", "__else__":
			if len(stack) == 0 || stack[len(stack)-1].loop {
				c.warnf(diag.ElseWithoutIf, c.nameAt(e), "%s follows no If: expected If(…) earlier in the block", c.spell(e.Elem))
				continue
			}
			top := &stack[len(stack)-1]
			if top.inElse {
				c.warnf(diag.ElseWithoutIf, c.nameAt(e), "%s after Else: an If has at most one Else, and it comes last", c.spell(e.Elem))
			}
			if e.Elem.ID == "__else__" {
				top.inElse = true
			}
		case "__end__":
			if len(stack) == 0 {
				c.warnf(diag.UnmatchedEnd, c.nameAt(e), "this End closes no If, While or For")
				continue
			}
			if stack[len(stack)-1].loop {
				loops--
			}
			stack = stack[:len(stack)-1]
		case "break":
			if !inLoop() {
				c.warnf(diag.BreakOutsideLoop, c.nameAt(e), "Break is not inside a While or For block")
			}
		case "continue":
			if !inLoop() {
				c.warnf(diag.ContinueOutsideLoop, c.nameAt(e), "Continue is not inside a While or For block")
			}
		}
	}
	// A block left open runs to the end of the rule; OverPy omits such
	// trailing Ends on purpose (each costs an element), so it is not
	// reported.
}
