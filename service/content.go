package service

// This file builds rule-content-v1 documents (rules with content: true):
// one rule of the checked script lowered to the canonical call tree of
// contract.RuleContent. The tree keeps the text's forms (operators,
// assignments, legacy calls, bare literals); lowering maps each to the
// catalog element it stands for, so that every spelling, locale and
// legacy form of a program gives the same document.

import (
	"math"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// RuleContent returns the rule-content-v1 document of rule i, or nil when
// the program has no rule i. A program with errors still gets a document:
// what it leaves unresolved is carried as source text (see
// contract.ContentUnresolved).
func (p *Program) RuleContent(i int) *contract.RuleContent {
	rules := p.Checked.Script.Rules
	if i < 0 || i >= len(rules) {
		return nil
	}
	r := rules[i]
	l := lowering{p: p}
	doc := &contract.RuleContent{
		Contract: contract.RuleContentContract, Name: r.Name, Enabled: !r.Disabled, Event: contentEvent(r.Event),
		Conditions: []contract.ContentStatement{}, Actions: []contract.ContentStatement{},
	}
	if r.Conditions != nil {
		for _, st := range r.Conditions.Statements {
			doc.Conditions = append(doc.Conditions, l.statement(st, false))
		}
	}
	if r.Actions != nil {
		for _, st := range r.Actions.Statements {
			doc.Actions = append(doc.Actions, l.statement(st, true))
		}
	}
	return doc
}

// contentEvent names the lines of an event block by catalog id.
func contentEvent(b *ast.EventBlock) contract.ContentEvent {
	var ev contract.ContentEvent
	if b == nil {
		return ev
	}
	for _, line := range b.Lines {
		if line.Kind == ast.EventLineSubroutine {
			ev.Subroutine = line.Text
			continue
		}
		if line.Ref == nil {
			continue
		}
		id := vocab.EntryOf(line.Ref).ID
		switch line.Kind {
		case ast.EventLineEvent:
			ev.Event = id
		case ast.EventLineTeam:
			ev.Team = id
		case ast.EventLinePlayer:
			if _, hero := line.Ref.(*vocab.Member); hero {
				ev.Hero = id
			} else {
				ev.Player = id
			}
		}
	}
	return ev
}

// lowering turns the statements and values of one program into content
// nodes.
type lowering struct {
	p *Program
	// base is where the statement being lowered starts: its
	// expressions' spans are measured from there.
	base int
}

// statement lowers a condition (action false) or an action. Its span is
// the body's: the parser records it without the comment, the disabled
// prefix and the ';'.
func (l lowering) statement(st *ast.Statement, action bool) contract.ContentStatement {
	l.base = st.Base()
	out := contract.ContentStatement{Args: []contract.ContentNode{}, Enabled: !st.Disabled}
	if st.Comment != nil {
		c := st.Comment.Text
		out.Comment = &c
	}
	body := st.Body
	if body == nil {
		out.Span = l.p.Range(st.Span)
		out.Unresolved = l.text(st.Span.Start, st.Span.End)
		return out
	}
	out.Span = l.p.Range(st.SpanOf(body))
	var n contract.ContentNode
	switch {
	case !action:
		n = l.value(body, nil)
	case body.Kind == ast.Assign:
		n = l.assign(body)
	case body.Kind == ast.Call && body.Elem != nil && body.Elem.IsAction():
		n = l.call(body)
	}
	if n.Call == nil {
		// An unknown action, a value where an action belongs, a condition
		// that is a bare literal: nothing a call can say.
		out.Unresolved = l.exprText(body)
		return out
	}
	out.Call, out.Args = n.Call.Call, n.Call.Args
	return out
}

// value lowers e, read for the argument slot param (nil: a slot that
// takes any value, such as an operand).
func (l lowering) value(e *ast.Expr, param *vocab.Param) contract.ContentNode {
	switch e.Kind {
	case ast.Number:
		if math.IsNaN(e.Num) || math.IsInf(e.Num, 0) {
			break
		}
		v := e.Num
		return contract.ContentNode{Number: &v}
	case ast.String:
		switch {
		case e.LocStr != nil:
			return contract.ContentNode{LocalizedString: &contract.ContentLocalizedString{LocalizedString: e.LocStr.ID}}
		case param != nil && param.Type.Name == "LocalizedStringLiteral":
			if e.Text == "" {
				// String(""), which real exports hold: the empty key,
				// the same in every locale, which the catalog does not
				// list.
				return contract.ContentNode{LocalizedString: &contract.ContentLocalizedString{}}
			}
			// A String whose text is no key in any accepted locale.
		default:
			return contract.ContentNode{String: &contract.ContentString{String: e.Text}}
		}
	case ast.Call:
		if e.Elem != nil {
			return l.call(e)
		}
	case ast.Member:
		return memberNode(e.Member, param)
	case ast.Name:
		if param != nil {
			switch param.Ident {
			case vocab.IdentGlobalVariable, vocab.IdentPlayerVariable:
				return contract.ContentNode{Variable: &contract.ContentVariable{Variable: e.Text}}
			case vocab.IdentSubroutine:
				return contract.ContentNode{Subroutine: &contract.ContentSubroutine{Subroutine: e.Text}}
			}
		}
	case ast.Global:
		return callNode("__globalVar__", variableNode(e.Text))
	case ast.PlayerVar:
		return callNode("__playerVar__", l.value(e.Args[0], nil), variableNode(e.Text))
	case ast.Index:
		return callNode("__valueInArray__", l.value(e.Args[0], nil), l.value(e.Args[1], nil))
	case ast.Binary:
		left, right := l.value(e.Args[0], nil), l.value(e.Args[1], nil)
		if e.Op.IsComparison() {
			return callNode("__compare__", left, enumNode("__Operator__", e.Op.String()), right)
		}
		if id := operatorCalls[e.Op]; id != "" {
			return callNode(id, left, right)
		}
	case ast.Not:
		return callNode("__not__", l.value(e.Args[0], nil))
	case ast.Ternary:
		return callNode("__ifThenElse__", l.value(e.Args[0], nil), l.value(e.Args[1], nil), l.value(e.Args[2], nil))
	case ast.Paren:
		return l.value(e.Args[0], param)
	}
	return contract.ContentNode{Unresolved: &contract.ContentUnresolved{Unresolved: l.exprText(e)}}
}

// operatorCalls names the element each arithmetic and logical operator
// stands for; the same ids are the __Operation__ members of Modify.
var operatorCalls = map[ast.Op]string{
	ast.OpOr: "__or__", ast.OpAnd: "__and__", ast.OpAdd: "__add__", ast.OpSub: "__subtract__",
	ast.OpMul: "__multiply__", ast.OpDiv: "__divide__", ast.OpMod: "__modulo__", ast.OpPow: "__raiseToPower__",
}

// call lowers a call of a known element, each argument read for its slot.
// The format arguments of Custom String and String, which the text may
// leave out, are Null when missing.
func (l lowering) call(e *ast.Expr) contract.ContentNode {
	el := e.Elem
	args := make([]contract.ContentNode, 0, len(e.Args))
	for i, a := range e.Args {
		args = append(args, l.value(a, el.ParamAt(i)))
	}
	if el.ID == "__customString__" || el.ID == "__localizedString__" {
		for len(args) < len(el.Params) {
			args = append(args, callNode("null"))
		}
	}
	return contract.ContentNode{Call: &contract.ContentCall{Call: el.ID, Args: args}}
}

// assign lowers "target op value" to the Set or Modify variable action it
// stands for: Global.x = v is __setGlobalVariable__(x, v), P.x[i] += v is
// __modifyPlayerVariableAtIndex__(P, x, i, __Operation__.__add__, v). A
// target the game cannot assign is left unresolved (a zero node).
func (l lowering) assign(e *ast.Expr) contract.ContentNode {
	target, val := e.Args[0], e.Args[1]
	var index *ast.Expr
	if target.Kind == ast.Index {
		target, index = target.Args[0], target.Args[1]
	}
	var args []contract.ContentNode
	var kind string
	switch target.Kind {
	case ast.Global:
		kind = "GlobalVariable"
	case ast.PlayerVar:
		kind = "PlayerVariable"
		args = append(args, l.value(target.Args[0], nil))
	default:
		return contract.ContentNode{}
	}
	args = append(args, variableNode(target.Text))
	verb, at := "set", ""
	if e.Op != ast.OpAssign {
		verb = "modify"
	}
	if index != nil {
		at = "AtIndex"
		args = append(args, l.value(index, nil))
	}
	if verb == "modify" {
		op := operatorCalls[e.Op.Arithmetic()]
		if op == "" {
			return contract.ContentNode{}
		}
		args = append(args, enumNode("__Operation__", op))
	}
	args = append(args, l.value(val, nil))
	return contract.ContentNode{Call: &contract.ContentCall{Call: "__" + verb + kind + at + "__", Args: args}}
}

// literalWrappers names, for each enum whose members are values when
// written bare (the legacy form, and the current one for teams), the
// element that wraps them.
var literalWrappers = map[string]string{
	"TeamLiteral": "__team__", "ColorLiteral": "__color__", "ButtonLiteral": "__button__",
	"HeroLiteral": "__hero__", "MapLiteral": "__map__", "GamemodeLiteral": "__gamemode__",
}

// memberNode lowers an enum member read for param: the member itself in
// an enum slot, the wrapping call where a bare colour, team, button,
// hero, map or mode stands for a value (Team 1 is Team(Team 1)).
func memberNode(m *vocab.Member, param *vocab.Param) contract.ContentNode {
	n := enumNode(m.Enum.ID, m.ID)
	if param != nil && param.Enum != nil {
		return n
	}
	if wrapper := literalWrappers[m.Enum.ID]; wrapper != "" {
		return callNode(wrapper, n)
	}
	return n
}

func callNode(id string, args ...contract.ContentNode) contract.ContentNode {
	if args == nil {
		args = []contract.ContentNode{}
	}
	return contract.ContentNode{Call: &contract.ContentCall{Call: id, Args: args}}
}

func enumNode(enum, member string) contract.ContentNode {
	return contract.ContentNode{Enum: &contract.ContentEnum{Enum: enum, Member: member}}
}

func variableNode(name string) contract.ContentNode {
	return contract.ContentNode{Variable: &contract.ContentVariable{Variable: name}}
}

// text returns the source text of [start, end), or "" for a span that
// does not lie in the file.
// exprText returns the text of e, an expression of the statement being
// lowered.
func (l lowering) exprText(e *ast.Expr) string {
	sp := e.Span.In(l.base)
	return l.text(sp.Start, sp.End)
}

func (l lowering) text(start, end int) string {
	t := l.p.File.Text
	if start < 0 || start > end || end > len(t) {
		return ""
	}
	return t[start:end]
}
