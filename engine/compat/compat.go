package compat

import (
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Kind names one family of rewrites (see the package documentation).
type Kind uint8

// The kinds of rewrite.
const (
	SetVariable    Kind = iota + 1 // Set … Variable(…) → x = v
	ModifyVariable                 // Modify … Variable(…, Add, v) → x += v
	ReadVariable                   // Global Variable(x) → Global.x
	Compare                        // Compare(a, op, b) → a op b
	Arithmetic                     // Add(a, b) → a + b, …
	Logic                          // And, Or, Not → &&, ||, !
	Conditional                    // If-Then-Else(c, a, b) → c ? a : b
	Index                          // Value In Array(a, i) → a[i]
	Literal                        // White → Color(White), Ability 1 → Button(Ability 1)
	FormatNulls                    // Custom String("x", Null) → Custom String("x")
	numKinds
)

var kindNames = [numKinds]string{
	SetVariable: "set-variable", ModifyVariable: "modify-variable", ReadVariable: "read-variable",
	Compare: "compare", Arithmetic: "arithmetic", Logic: "logic", Conditional: "conditional",
	Index: "index", Literal: "literal", FormatNulls: "format-nulls",
}

// String returns the kind's kebab-case name.
func (k Kind) String() string {
	if k > 0 && k < numKinds {
		return kindNames[k]
	}
	return "?"
}

// Kinds returns every kind, in declaration order.
func Kinds() []Kind {
	out := make([]Kind, 0, numKinds-1)
	for k := SetVariable; k < numKinds; k++ {
		out = append(out, k)
	}
	return out
}

// A Change is one rewrite: its kind and the span of the legacy text it
// replaced, in the original file.
type Change struct {
	Kind Kind
	Span source.Span
}

// Options control Rewrite.
type Options struct {
	// Vocab is the vocabulary the script was parsed with; nil means
	// vocab.Default().
	Vocab *vocab.Vocabulary
}

// Rewrite returns s with its legacy forms replaced by the forms the game
// exports today, and the changes made, ordered by position. s itself is
// never changed; when nothing is legacy, Rewrite returns s and no changes.
func Rewrite(s *ast.Script, opts Options) (*ast.Script, []Change) {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	rw := &rewriter{color: v.Value("__color__"), button: v.Value("__button__")}
	out := *s
	var rules []*ast.Rule
	for i, r := range s.Rules {
		nr := rw.rule(r)
		if nr != r && rules == nil {
			rules = slices.Clone(s.Rules)
		}
		if rules != nil {
			rules[i] = nr
		}
	}
	if rules != nil {
		out.Rules = rules
	}
	out.Conditions = rw.block(s.Conditions, true)
	out.Actions = rw.block(s.Actions, false)
	if len(rw.changes) == 0 {
		return s, nil
	}
	slices.SortStableFunc(rw.changes, func(a, b Change) int { return a.Span.Start - b.Span.Start })
	return &out, rw.changes
}

type rewriter struct {
	color, button *vocab.Element
	changes       []Change
	// base is where the statement being rewritten starts: its
	// expressions' spans are measured from there.
	base int
}

func (rw *rewriter) note(k Kind, span ast.Rel) {
	rw.changes = append(rw.changes, Change{Kind: k, Span: span.In(rw.base)})
}

func (rw *rewriter) rule(r *ast.Rule) *ast.Rule {
	conds, acts := rw.block(r.Conditions, true), rw.block(r.Actions, false)
	if conds == r.Conditions && acts == r.Actions {
		return r
	}
	nr := *r
	nr.Conditions, nr.Actions = conds, acts
	return &nr
}

// block returns b with its statements rewritten, or b itself when none
// changed.
func (rw *rewriter) block(b *ast.Block, conditions bool) *ast.Block {
	if b == nil {
		return nil
	}
	var stmts []*ast.Statement
	for i, st := range b.Statements {
		rw.base = st.Base()
		var body *ast.Expr
		if conditions {
			// The comparison a condition is made of stays as written
			// when it is a Compare call: see the package documentation.
			body = rw.expr(st.Body, nil, true)
		} else {
			body = rw.action(st.Body)
		}
		if body != st.Body && stmts == nil {
			stmts = slices.Clone(b.Statements)
		}
		if stmts != nil && body != st.Body {
			ns := *st
			ns.Body = body
			stmts[i] = &ns
		}
	}
	if stmts == nil {
		return b
	}
	nb := *b
	nb.Statements = stmts
	return &nb
}

// action rewrites an action statement's body.
func (rw *rewriter) action(e *ast.Expr) *ast.Expr {
	n := rw.expr(e, nil, false)
	if n != nil && n.Kind == ast.Call && n.Elem != nil && n.Elem.IsAction() {
		return rw.assignment(n)
	}
	return n
}

// expr rewrites e, read for the argument slot slot (nil: any value),
// children first. keepCompare leaves a Compare call at e (or under its
// parentheses) as it is, rewriting only inside it.
func (rw *rewriter) expr(e *ast.Expr, slot *vocab.Param, keepCompare bool) *ast.Expr {
	if e == nil {
		return nil
	}
	var args []*ast.Expr // a copy of e.Args, once a child changes
	for i, a := range e.Args {
		var s *vocab.Param
		if e.Kind == ast.Call && e.Elem != nil {
			s = e.Elem.ParamAt(i)
		}
		na := rw.expr(a, s, keepCompare && e.Kind == ast.Paren)
		if na == a {
			continue
		}
		if args == nil {
			args = slices.Clone(e.Args)
		}
		args[i] = operand(e, i, na)
	}
	n := e
	if args != nil {
		c := *e
		c.Args = args
		n = &c
	}
	switch n.Kind {
	case ast.Member:
		return rw.literal(n, slot)
	case ast.Call:
		if n.Elem != nil && !(keepCompare && n.Elem.ID == "__compare__") {
			return rw.call(n)
		}
	}
	return n
}

// Operators and their elements.
var (
	binaryOps = map[string]ast.Op{
		"__add__": ast.OpAdd, "__subtract__": ast.OpSub, "__multiply__": ast.OpMul, "__divide__": ast.OpDiv,
		"__modulo__": ast.OpMod, "__raiseToPower__": ast.OpPow, "__and__": ast.OpAnd, "__or__": ast.OpOr,
	}
	// compareOps maps the members of __Operator__ (Compare's operator).
	compareOps = map[string]ast.Op{
		"==": ast.OpEq, "!=": ast.OpNe, "<": ast.OpLt, "<=": ast.OpLe, ">": ast.OpGt, ">=": ast.OpGe,
	}
	// modifyOps maps the members of __Operation__ that have an
	// assignment operator; the others (Append To Array, Min, …) do not.
	modifyOps = map[string]ast.Op{
		"__add__": ast.OpAddAssign, "__subtract__": ast.OpSubAssign, "__multiply__": ast.OpMulAssign,
		"__divide__": ast.OpDivAssign, "__modulo__": ast.OpModAssign, "__raiseToPower__": ast.OpPowAssign,
	}
)

// call rewrites a legacy value call whose arguments are already
// rewritten, or returns it.
func (rw *rewriter) call(n *ast.Expr) *ast.Expr {
	id, args := n.Elem.ID, n.Args
	if !n.Parens {
		return n
	}
	switch id {
	case "__globalVar__":
		if len(args) == 1 && isIdent(args[0]) {
			rw.note(ReadVariable, n.Span)
			return &ast.Expr{Kind: ast.Global, Text: args[0].Text, Span: n.Span, NameSpan: args[0].Span}
		}
	case "__playerVar__":
		if len(args) == 2 && playerOK(args[0]) && isIdent(args[1]) {
			rw.note(ReadVariable, n.Span)
			return &ast.Expr{Kind: ast.PlayerVar, Text: args[1].Text, Span: n.Span, NameSpan: args[1].Span,
				Args: []*ast.Expr{args[0]}}
		}
	case "__compare__":
		if len(args) == 3 && args[1].Kind == ast.Member && args[1].Member != nil && args[1].Member.Enum.ID == "__Operator__" {
			if op := compareOps[args[1].Member.ID]; op != ast.OpNone {
				rw.note(Compare, n.Span)
				return binary(op, args[0], args[2], n)
			}
		}
	case "__add__", "__subtract__", "__multiply__", "__divide__", "__modulo__", "__raiseToPower__":
		if len(args) == 2 {
			rw.note(Arithmetic, n.Span)
			return binary(binaryOps[id], args[0], args[1], n)
		}
	case "__and__", "__or__":
		if len(args) == 2 {
			rw.note(Logic, n.Span)
			return binary(binaryOps[id], args[0], args[1], n)
		}
	case "__not__":
		if len(args) == 1 {
			rw.note(Logic, n.Span)
			e := &ast.Expr{Kind: ast.Not, Span: n.Span, NameSpan: n.NameSpan}
			e.Args = []*ast.Expr{operand(e, 0, args[0])}
			return e
		}
	case "__ifThenElse__":
		if len(args) == 3 {
			rw.note(Conditional, n.Span)
			e := &ast.Expr{Kind: ast.Ternary, Span: n.Span, NameSpan: n.NameSpan}
			e.Args = []*ast.Expr{operand(e, 0, args[0]), operand(e, 1, args[1]), operand(e, 2, args[2])}
			return e
		}
	case "__valueInArray__":
		if len(args) == 2 {
			rw.note(Index, n.Span)
			e := &ast.Expr{Kind: ast.Index, Span: n.Span}
			e.Args = []*ast.Expr{operand(e, 0, args[0]), args[1]}
			return e
		}
	case "__customString__", "__localizedString__":
		keep := len(args)
		for keep > 1 && isNull(args[keep-1]) {
			keep--
		}
		if keep < len(args) {
			rw.note(FormatNulls, n.Span)
			c := *n
			c.Args = args[:keep:keep]
			return &c
		}
	}
	return n
}

// assignment rewrites a Set or Modify variable action (arguments already
// rewritten) to assignment syntax, or returns it.
func (rw *rewriter) assignment(n *ast.Expr) *ast.Expr {
	var player, index, modify bool
	switch n.Elem.ID {
	case "__setGlobalVariable__":
	case "__setPlayerVariable__":
		player = true
	case "__setGlobalVariableAtIndex__":
		index = true
	case "__setPlayerVariableAtIndex__":
		player, index = true, true
	case "__modifyGlobalVariable__":
		modify = true
	case "__modifyPlayerVariable__":
		player, modify = true, true
	case "__modifyGlobalVariableAtIndex__":
		index, modify = true, true
	case "__modifyPlayerVariableAtIndex__":
		player, index, modify = true, true, true
	default:
		return n
	}
	want := 2
	for _, b := range []bool{player, index, modify} {
		if b {
			want++
		}
	}
	if !n.Parens || len(n.Args) != want {
		return n
	}
	args := n.Args
	var who *ast.Expr
	if player {
		who, args = args[0], args[1:]
		if !playerOK(who) {
			return n
		}
	}
	name := args[0]
	args = args[1:]
	if !isIdent(name) {
		return n
	}
	var at *ast.Expr
	if index {
		at, args = args[0], args[1:]
	}
	op, kind := ast.OpAssign, SetVariable
	if modify {
		m := args[0]
		args = args[1:]
		if m.Kind != ast.Member || m.Member == nil || m.Member.Enum.ID != "__Operation__" {
			return n
		}
		if op = modifyOps[m.Member.ID]; op == ast.OpNone {
			return n
		}
		kind = ModifyVariable
	}
	target := &ast.Expr{Kind: ast.Global, Text: name.Text, Span: n.Span, NameSpan: name.Span}
	if player {
		target = &ast.Expr{Kind: ast.PlayerVar, Text: name.Text, Span: n.Span, NameSpan: name.Span, Args: []*ast.Expr{who}}
	}
	if at != nil {
		target = &ast.Expr{Kind: ast.Index, Span: n.Span, Args: []*ast.Expr{target, at}}
	}
	rw.note(kind, n.Span)
	return &ast.Expr{Kind: ast.Assign, Op: op, Span: n.Span, NameSpan: n.NameSpan, Args: []*ast.Expr{target, args[0]}}
}

// literal wraps a bare colour or button written where a value belongs,
// as OW1 exports wrote them, in the value the game reads it as.
func (rw *rewriter) literal(n *ast.Expr, slot *vocab.Param) *ast.Expr {
	m := n.Member
	if m == nil || slot != nil && slot.Enum == m.Enum {
		return n
	}
	var el *vocab.Element
	switch m.Enum.ID {
	case "ColorLiteral":
		if m.ID == "TEAM_1" || m.ID == "TEAM_2" {
			// Old exports meant the colour, current ones write the team
			// value bare here: the text does not say which.
			return n
		}
		el = rw.color
	case "ButtonLiteral":
		el = rw.button
	}
	if el == nil {
		return n
	}
	rw.note(Literal, n.Span)
	return &ast.Expr{Kind: ast.Call, Elem: el, Parens: true, Span: n.Span, NameSpan: n.NameSpan, Args: []*ast.Expr{n}}
}

// playerOK reports whether e can stand before ".x" without parentheses in
// every form the game is known to write: a call, a variable or an index.
func playerOK(e *ast.Expr) bool {
	switch e.Kind {
	case ast.Call:
		return e.Elem != nil
	case ast.Global, ast.PlayerVar, ast.Index:
		return true
	}
	return false
}

// isIdent reports whether e is a bare name that is a valid variable name.
func isIdent(e *ast.Expr) bool {
	if e.Kind != ast.Name || e.Text == "" {
		return false
	}
	for i := 0; i < len(e.Text); i++ {
		c := e.Text[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// isNull reports whether e is the value Null, written bare.
func isNull(e *ast.Expr) bool {
	return e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "null" && !e.Parens && len(e.Args) == 0
}
