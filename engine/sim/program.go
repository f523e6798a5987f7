package sim

// This file lowers a checked script to the form the simulator runs:
// rules with their event filters, actions with their static block
// chains (semantics.md §1.9), and value trees whose calls are bound to
// the functions that evaluate them. Assignment syntax is lowered to the
// Set and Modify actions it stands for, so every spelling of a program
// runs the same.

import (
	"math"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Program is a script ready to run. It never changes after Compile and
// may be run any number of times, concurrently.
type Program struct {
	rules []*rule
	// globals and pvars name the variable slots; the first declared of
	// each are the variables block's, in its order.
	globals, pvars       []string
	gslot, pslot         map[string]int
	gDeclared, pDeclared int
	subs                 map[string]int
	sites                int
}

// The event kinds a rule can have.
type eventKind uint8

const (
	evGlobal eventKind = iota
	evEachPlayer
	evPlayer // a player event: joined, took damage, …
	evSubroutine
	evUnknown
)

type rule struct {
	index    int
	name     string
	disabled bool
	kind     eventKind
	event    string // the event's catalog id
	// team is 0 for All, else 1 or 2; slot is -1 for All; hero is the
	// hero's en-US name or "".
	team  int
	slot  int
	hero  string
	sub   string
	conds []*node
	acts  []*stmt
}

// A stmt is one action.
type stmt struct {
	i        int
	el       *vocab.Element
	args     []*node
	disabled bool
	flow     vocab.Flow
	// next is the chain element after an If, Else If or Else (or the
	// End's position past the list when the chain is not closed); end
	// is the chain's End (len(acts) when missing); opener is an End's
	// or middle's opener (-1 when none).
	next, end, opener int
	run               actionFunc
	// site identifies the statement for the once-per-site reports.
	site int
	// text is the statement's source, for an action that names nothing.
	text string
}

type nodeOp uint8

const (
	opConst     nodeOp = iota // val
	opCall                    // fn(args)
	opGlobal                  // slot
	opPlayerVar               // args[0].slot
	opIndex                   // args[0][args[1]]
	opBinary                  // args[0] bop args[1]
	opNot
	opTernary
	opVarRef // a variable name in a variable slot: val is KVarRef, slot its slot
	opBad    // a value the program does not resolve
)

type node struct {
	op   nodeOp
	bop  ast.Op
	el   *vocab.Element
	args []*node
	val  Value
	slot int
	// global is set on an opVarRef of a global variable slot.
	global bool
	fn     valueFunc
	site   int
	text   string
}

// Compile lowers a checked script. It never fails: what the script does
// not resolve runs as Null and is reported when executed.
func Compile(s *ast.Script) *Program {
	p := &Program{gslot: map[string]int{}, pslot: map[string]int{}, subs: map[string]int{}}
	for _, d := range s.Variables.GlobalDecls() {
		p.globalSlot(d.Name)
	}
	p.gDeclared = len(p.globals)
	for _, d := range s.Variables.PlayerDecls() {
		p.playerSlot(d.Name)
	}
	p.pDeclared = len(p.pvars)
	for i, r := range s.Rules {
		if name := r.Subroutine(); name != "" && !r.Disabled {
			if _, dup := p.subs[name]; !dup {
				p.subs[name] = i
			}
		}
	}
	for i, r := range s.Rules {
		p.rules = append(p.rules, p.rule(i, r, s.File.Text))
	}
	return p
}

func (p *Program) globalSlot(name string) int {
	if i, ok := p.gslot[name]; ok {
		return i
	}
	p.gslot[name] = len(p.globals)
	p.globals = append(p.globals, name)
	return len(p.globals) - 1
}

func (p *Program) playerSlot(name string) int {
	if i, ok := p.pslot[name]; ok {
		return i
	}
	p.pslot[name] = len(p.pvars)
	p.pvars = append(p.pvars, name)
	return len(p.pvars) - 1
}

func (p *Program) newSite() int {
	p.sites++
	return p.sites
}

func (p *Program) rule(i int, r *ast.Rule, text string) *rule {
	out := &rule{index: i, name: r.Name, disabled: r.Disabled, slot: -1, kind: evUnknown}
	if r.Event != nil {
		for _, l := range r.Event.Lines {
			switch l.Kind {
			case ast.EventLineEvent:
				if ev, ok := l.Ref.(*vocab.Event); ok {
					out.event = ev.ID
					switch ev.ID {
					case "global":
						out.kind = evGlobal
					case "eachPlayer":
						out.kind = evEachPlayer
					case "__subroutine__":
						out.kind = evSubroutine
					default:
						out.kind = evPlayer
					}
				}
			case ast.EventLineTeam:
				if l.Ref != nil {
					switch vocab.EntryOf(l.Ref).ID {
					case "1":
						out.team = 1
					case "2":
						out.team = 2
					}
				}
			case ast.EventLinePlayer:
				switch ref := l.Ref.(type) {
				case *vocab.Member:
					out.hero = ref.English()
				case *vocab.Entry:
					if n, ok := strings.CutPrefix(ref.ID, "slot"); ok {
						out.slot = atoi(n)
					}
				}
			case ast.EventLineSubroutine:
				out.sub = l.Text
			}
		}
	}
	if r.Conditions != nil {
		for _, st := range r.Conditions.Statements {
			if st.Disabled || st.Body == nil {
				continue
			}
			out.conds = append(out.conds, p.value(st.Body, nil, statementText(text, st)))
		}
	}
	if r.Actions != nil {
		for k, st := range r.Actions.Statements {
			out.acts = append(out.acts, p.stmt(k, st, statementText(text, st)))
		}
	}
	chains(out.acts)
	return out
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// chains links each opener to its middles and End at the same nesting
// level (§1.9). Disabled statements take no part.
func chains(acts []*stmt) {
	type open struct{ at, last int }
	var stack []open
	for k, st := range acts {
		st.next, st.end, st.opener = -1, len(acts), -1
		switch st.flow {
		case vocab.FlowOpen:
			stack = append(stack, open{k, k})
		case vocab.FlowMiddle, vocab.FlowEnd:
			if len(stack) == 0 {
				continue
			}
			top := &stack[len(stack)-1]
			acts[top.last].next = k
			st.opener = top.at
			top.last = k
			if st.flow == vocab.FlowEnd {
				for j := top.at; j != -1 && j < k; j = acts[j].next {
					acts[j].end = k
				}
				stack = stack[:len(stack)-1]
			}
		}
	}
	for _, o := range stack {
		if acts[o.last].next == -1 {
			acts[o.last].next = len(acts)
		}
	}
	for _, st := range acts {
		if st.next == -1 {
			st.next = st.end
		}
	}
}

func (p *Program) stmt(k int, st *ast.Statement, text string) *stmt {
	out := &stmt{i: k, disabled: st.Disabled, site: p.newSite()}
	body := st.Body
	if body != nil && body.Kind == ast.Assign {
		if el, args := p.assign(body, text); el != nil {
			out.el, out.args = el, args
		}
	} else if body != nil && body.Kind == ast.Call && body.Elem != nil && body.Elem.IsAction() {
		out.el = body.Elem
		for i, a := range body.Args {
			out.args = append(out.args, p.value(a, body.Elem.ParamAt(i), text))
		}
	}
	if out.el != nil && (out.el.ID == "__forGlobalVariable__" || out.el.ID == "__forPlayerVariable__") && len(out.args) < len(out.el.Params) {
		// A For the parser's recovery left arguments out has no variable,
		// bounds or step to count with, and its End none to step: it is
		// not run, like a statement that does not resolve.
		out.el, out.args = nil, nil
	}
	if out.el == nil {
		out.text = spanText(text, 0, st.Span.Len())
		out.run = runUnresolved
		return out
	}
	if !st.Disabled {
		out.flow = vocab.FlowOf(out.el.ID)
	}
	out.run = actionFuncs[out.el.ID]
	if out.run == nil {
		out.run = runUnsimulated
	}
	return out
}

// statementText returns the text from where st starts: the text its
// expressions' spans are measured in (value, stmt and assign read them
// from there).
func statementText(text string, st *ast.Statement) string {
	if b := st.Base(); b >= 0 && b <= len(text) {
		return text[b:]
	}
	return ""
}

func spanText(text string, a, b int) string {
	if a < 0 || a > b || b > len(text) {
		return "?"
	}
	return strings.TrimSpace(text[a:b])
}

// assign lowers "target op value" to its Set or Modify action: Global.x
// = v is Set Global Variable(x, v), P.x[i] += v is Modify Player
// Variable At Index(P, x, i, Add, v).
func (p *Program) assign(e *ast.Expr, text string) (*vocab.Element, []*node) {
	target, val := e.Args[0], e.Args[1]
	var at *ast.Expr
	if target.Kind == ast.Index {
		target, at = target.Args[0], target.Args[1]
	}
	var args []*node
	kind := ""
	switch target.Kind {
	case ast.Global:
		kind = "GlobalVariable"
		args = append(args, p.varRef(target.Text, true))
	case ast.PlayerVar:
		kind = "PlayerVariable"
		args = append(args, p.value(target.Args[0], nil, text), p.varRef(target.Text, false))
	default:
		return nil, nil
	}
	verb, suffix := "set", ""
	if e.Op != ast.OpAssign {
		verb = "modify"
	}
	if at != nil {
		suffix = "AtIndex"
		args = append(args, p.value(at, nil, text))
	}
	if verb == "modify" {
		id := operatorIDs[e.Op.Arithmetic()]
		m := vocab.Default().Enum("__Operation__").Member(id)
		if m == nil {
			return nil, nil
		}
		args = append(args, &node{op: opConst, val: Value{K: KEnum, S: m.English(), C: m.ID}})
	}
	args = append(args, p.value(val, nil, text))
	el := vocab.Default().Action("__" + verb + kind + suffix + "__")
	return el, args
}

// operatorIDs names the element each operator stands for; the arithmetic
// ones are also the __Operation__ members of Modify.
var operatorIDs = map[ast.Op]string{
	ast.OpOr: "__or__", ast.OpAnd: "__and__", ast.OpAdd: "__add__", ast.OpSub: "__subtract__",
	ast.OpMul: "__multiply__", ast.OpDiv: "__divide__", ast.OpMod: "__modulo__", ast.OpPow: "__raiseToPower__",
}

func (p *Program) varRef(name string, global bool) *node {
	n := &node{op: opVarRef, val: Value{K: KVarRef, S: name}, global: global}
	if global {
		n.slot = p.globalSlot(name)
	} else {
		n.slot = p.playerSlot(name)
	}
	return n
}

// literalKinds names the trace kind of the constants each literal enum's
// members stand for.
var literalKinds = map[string]string{
	"TeamLiteral": "team", "ColorLiteral": "color", "ButtonLiteral": "button",
	"HeroLiteral": "hero", "MapLiteral": "map", "GamemodeLiteral": "gamemode",
}

// value lowers e read for param (nil: any value).
func (p *Program) value(e *ast.Expr, param *vocab.Param, text string) *node {
	switch e.Kind {
	case ast.Number:
		if !math.IsNaN(e.Num) && !math.IsInf(e.Num, 0) {
			return &node{op: opConst, val: num(e.Num)}
		}
	case ast.String:
		s := e.Text
		if e.LocStr != nil {
			s = e.LocStr.English()
		}
		return &node{op: opConst, val: str(s)}
	case ast.Call:
		if e.Elem != nil {
			n := &node{op: opCall, el: e.Elem, site: p.newSite()}
			for i, a := range e.Args {
				n.args = append(n.args, p.value(a, e.Elem.ParamAt(i), text))
			}
			n.fn = valueFuncs[e.Elem.ID]
			if n.fn == nil {
				n.fn = evalUnsimulated
			}
			return n
		}
	case ast.Member:
		m := e.Member
		if param != nil && param.Enum != nil || literalKinds[m.Enum.ID] == "" {
			return &node{op: opConst, val: Value{K: KEnum, S: m.English(), C: m.ID}}
		}
		return &node{op: opConst, val: constant(literalKinds[m.Enum.ID], m.English())}
	case ast.Name:
		if param != nil {
			switch param.Ident {
			case vocab.IdentGlobalVariable:
				return p.varRef(e.Text, true)
			case vocab.IdentPlayerVariable:
				return p.varRef(e.Text, false)
			case vocab.IdentSubroutine:
				return &node{op: opConst, val: Value{K: KSubRef, S: e.Text}}
			}
		}
	case ast.Global:
		return &node{op: opGlobal, slot: p.globalSlot(e.Text)}
	case ast.PlayerVar:
		return &node{op: opPlayerVar, slot: p.playerSlot(e.Text), args: []*node{p.value(e.Args[0], nil, text)}}
	case ast.Index:
		return &node{op: opIndex, args: []*node{p.value(e.Args[0], nil, text), p.value(e.Args[1], nil, text)}}
	case ast.Binary:
		return &node{op: opBinary, bop: e.Op, site: p.newSite(),
			args: []*node{p.value(e.Args[0], nil, text), p.value(e.Args[1], nil, text)}}
	case ast.Not:
		return &node{op: opNot, args: []*node{p.value(e.Args[0], nil, text)}}
	case ast.Ternary:
		return &node{op: opTernary, args: []*node{p.value(e.Args[0], nil, text), p.value(e.Args[1], nil, text), p.value(e.Args[2], nil, text)}}
	case ast.Paren:
		return p.value(e.Args[0], param, text)
	}
	sp := e.Span.In(0)
	return &node{op: opBad, site: p.newSite(), text: spanText(text, sp.Start, sp.End)}
}
