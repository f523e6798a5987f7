package optimize

// This file reads and builds expression nodes. The game's text writes most
// operations two ways (Add(a, b) and a + b, Compare(a, ==, b) and a == b,
// Value In Array(a, i) and a[i], Not(x) and !x, Global Variable(x) and
// Global.x): the readers accept both, and the builders write a new node in
// the form of the node it replaces, so that an OverPy lowering keeps its
// calls and a game export its operators.

import (
	"math"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// unparen strips grouping parentheses.
func unparen(e *ast.Expr) *ast.Expr {
	for e != nil && e.Kind == ast.Paren && len(e.Args) == 1 {
		e = e.Args[0]
	}
	return e
}

// callID returns the element id of a call of a known element, after
// parentheses; "" for anything else.
func callID(e *ast.Expr) string {
	e = unparen(e)
	if e == nil || e.Kind != ast.Call || e.Elem == nil {
		return ""
	}
	return e.Elem.ID
}

// isCall reports whether e calls the element id.
func isCall(e *ast.Expr, id string) bool { return callID(e) == id }

// arg returns argument i of e after parentheses, or nil.
func arg(e *ast.Expr, i int) *ast.Expr {
	if e == nil || i >= len(e.Args) {
		return nil
	}
	return unparen(e.Args[i])
}

// The element ids of the two-operand operations that also have an
// operator form.
var opIDs = map[ast.Op]string{
	ast.OpOr: "__or__", ast.OpAnd: "__and__", ast.OpAdd: "__add__", ast.OpSub: "__subtract__",
	ast.OpMul: "__multiply__", ast.OpDiv: "__divide__", ast.OpMod: "__modulo__",
	ast.OpPow: "__raiseToPower__",
}

var idOps = func() map[string]ast.Op {
	m := map[string]ast.Op{}
	for op, id := range opIDs {
		m[id] = op
	}
	return m
}()

// binary reads a two-operand operation in either form: a + b and
// Add(a, b) both give "__add__", a, b. Comparisons are read by compare.
func binary(e *ast.Expr) (id string, a, b *ast.Expr, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Binary && len(e.Args) == 2:
		if id, ok := opIDs[e.Op]; ok {
			return id, unparen(e.Args[0]), unparen(e.Args[1]), true
		}
	case e.Kind == ast.Call && e.Elem != nil && len(e.Args) == 2:
		switch e.Elem.ID {
		case "__or__", "__and__", "__add__", "__subtract__", "__multiply__", "__divide__",
			"__modulo__", "__raiseToPower__", "min", "max":
			return e.Elem.ID, unparen(e.Args[0]), unparen(e.Args[1]), true
		}
	}
	return "", nil, nil, false
}

// compare reads a comparison in either form: a == b and
// Compare(a, ==, b).
func compare(e *ast.Expr) (op ast.Op, a, b *ast.Expr, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Binary && e.Op.IsComparison() && len(e.Args) == 2:
		return e.Op, unparen(e.Args[0]), unparen(e.Args[1]), true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__compare__" && len(e.Args) == 3:
		m := unparen(e.Args[1])
		if m.Kind == ast.Member && m.Member != nil {
			if op, ok := comparisonOps[m.Member.ID]; ok {
				return op, unparen(e.Args[0]), unparen(e.Args[2]), true
			}
		}
	}
	return ast.OpNone, nil, nil, false
}

var comparisonOps = map[string]ast.Op{
	"==": ast.OpEq, "!=": ast.OpNe, "<": ast.OpLt, "<=": ast.OpLe, ">": ast.OpGt, ">=": ast.OpGe,
}

// negated returns the comparison that is true exactly when op is false.
// The game's comparisons are tolerant (numbers within 2^-23 are equal,
// and < is false within it while >= is true), which keeps < and >= exact
// complements.
func negated(op ast.Op) ast.Op {
	switch op {
	case ast.OpEq:
		return ast.OpNe
	case ast.OpNe:
		return ast.OpEq
	case ast.OpLt:
		return ast.OpGe
	case ast.OpGe:
		return ast.OpLt
	case ast.OpGt:
		return ast.OpLe
	case ast.OpLe:
		return ast.OpGt
	}
	return ast.OpNone
}

// not reads a negation in either form: !x and Not(x).
func not(e *ast.Expr) (*ast.Expr, bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Not && len(e.Args) == 1:
		return unparen(e.Args[0]), true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__not__" && len(e.Args) == 1:
		return unparen(e.Args[0]), true
	}
	return nil, false
}

// ternary reads a conditional value in either form: c ? a : b and
// If-Then-Else(c, a, b).
func ternary(e *ast.Expr) (c, a, b *ast.Expr, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Ternary && len(e.Args) == 3:
		return unparen(e.Args[0]), unparen(e.Args[1]), unparen(e.Args[2]), true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__ifThenElse__" && len(e.Args) == 3:
		return unparen(e.Args[0]), unparen(e.Args[1]), unparen(e.Args[2]), true
	}
	return nil, nil, nil, false
}

// index reads an array element in either form: a[i] and
// Value In Array(a, i).
func index(e *ast.Expr) (a, i *ast.Expr, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Index && len(e.Args) == 2:
		return unparen(e.Args[0]), unparen(e.Args[1]), true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__valueInArray__" && len(e.Args) == 2:
		return unparen(e.Args[0]), unparen(e.Args[1]), true
	}
	return nil, nil, false
}

// globalVar reads a global variable in either form: Global.x and
// Global Variable(x).
func globalVar(e *ast.Expr) (name string, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.Global:
		return e.Text, true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__globalVar__" && len(e.Args) == 1:
		if n := unparen(e.Args[0]); n.Kind == ast.Name {
			return n.Text, true
		}
	}
	return "", false
}

// playerVar reads a player variable in either form: P.x and
// Player Variable(P, x).
func playerVar(e *ast.Expr) (player *ast.Expr, name string, ok bool) {
	e = unparen(e)
	switch {
	case e == nil:
	case e.Kind == ast.PlayerVar && len(e.Args) == 1:
		return unparen(e.Args[0]), e.Text, true
	case e.Kind == ast.Call && e.Elem != nil && e.Elem.ID == "__playerVar__" && len(e.Args) == 2:
		if n := unparen(e.Args[1]); n.Kind == ast.Name {
			return unparen(e.Args[0]), n.Text, true
		}
	}
	return nil, "", false
}

// numberLit returns the value of a number literal.
func numberLit(e *ast.Expr) (float64, bool) {
	e = unparen(e)
	if e == nil || e.Kind != ast.Number {
		return 0, false
	}
	return e.Num, true
}

// literalNumber returns the number a literal stands for where a number is
// expected: a number literal, True (1), False and Null (0).
func literalNumber(e *ast.Expr) (float64, bool) {
	if v, ok := numberLit(e); ok {
		return v, true
	}
	switch callID(e) {
	case "true":
		return 1, true
	case "false", "null":
		return 0, true
	}
	return 0, false
}

// truthLiteral returns the truthiness of a literal: True, False, Null, a
// number literal.
func truthLiteral(e *ast.Expr) (truth, ok bool) {
	switch callID(e) {
	case "true":
		return true, true
	case "false", "null":
		return false, true
	}
	if v, ok := numberLit(e); ok {
		// A number is true when it is not about 0 (within the
		// tolerance); one too close to tell is left alone.
		f := math.Abs(float64(float32(v)))
		if f != 0 && f < decisive {
			return false, false
		}
		return f != 0, true
	}
	return false, false
}

// optimizer holds what the passes share: the vocabulary and options.
type optimizer struct {
	v    *vocab.Vocabulary
	opts Options
	// operators is set when the script writes operations as operators
	// (a game export): new nodes that replace nothing are written so.
	operators bool
}

// value returns the value element id; it panics on an id the vocabulary
// lacks, which is a defect of this package.
func (o *optimizer) value(id string) *vocab.Element {
	el := o.v.Value(id)
	if el == nil {
		panic("optimize: no value " + id)
	}
	return el
}

func (o *optimizer) action(id string) *vocab.Element {
	el := o.v.Action(id)
	if el == nil {
		panic("optimize: no action " + id)
	}
	return el
}

func (o *optimizer) member(enum, id string) *vocab.Member {
	en := o.v.Enum(enum)
	if en == nil || en.Member(id) == nil {
		panic("optimize: no member " + enum + "." + id)
	}
	return en.Member(id)
}

// call builds a call of a value; like gives the span.
func (o *optimizer) call(like *ast.Expr, id string, args ...*ast.Expr) *ast.Expr {
	return o.callOf(like, o.value(id), args...)
}

// actionCall builds a call of an action.
func (o *optimizer) actionCall(like *ast.Expr, id string, args ...*ast.Expr) *ast.Expr {
	return o.callOf(like, o.action(id), args...)
}

func (o *optimizer) callOf(like *ast.Expr, el *vocab.Element, args ...*ast.Expr) *ast.Expr {
	e := &ast.Expr{Kind: ast.Call, Elem: el, Parens: !el.Bare, Args: args}
	if like != nil {
		e.Span = like.Span
	}
	return e
}

// memberExpr builds a bare enum member.
func (o *optimizer) memberExpr(like *ast.Expr, enum, id string) *ast.Expr {
	e := &ast.Expr{Kind: ast.Member, Member: o.member(enum, id)}
	if like != nil {
		e.Span = like.Span
	}
	return e
}

// boolean builds True or False.
func (o *optimizer) boolean(like *ast.Expr, b bool) *ast.Expr {
	if b {
		return o.call(like, "true")
	}
	return o.call(like, "false")
}

// number builds a number literal of value v, which must be a float32
// value printNumber accepts.
func (o *optimizer) number(like *ast.Expr, v float32) *ast.Expr {
	text := formatNumber(v)
	f, _ := strconv.ParseFloat(text, 64)
	e := &ast.Expr{Kind: ast.Number, Num: f, Text: text}
	if like != nil {
		e.Span = like.Span
	}
	return e
}

// useOperators reports whether a node replacing like is written as an
// operator: like's own form when it is an operation (a + b or Add(a, b)),
// else the script's.
func (o *optimizer) useOperators(like *ast.Expr) bool {
	like = unparen(like)
	if like != nil {
		switch like.Kind {
		case ast.Binary, ast.Not, ast.Ternary, ast.Index, ast.Assign:
			return true
		case ast.Call:
			if like.Elem != nil && operatorForms[like.Elem.ID] {
				return false
			}
		}
	}
	return o.operators
}

// operatorForms lists the values the game also writes as operators.
var operatorForms = map[string]bool{
	"__or__": true, "__and__": true, "__add__": true, "__subtract__": true, "__multiply__": true,
	"__divide__": true, "__modulo__": true, "__raiseToPower__": true, "__compare__": true, "__not__": true,
	"__ifThenElse__": true, "__valueInArray__": true, "__globalVar__": true, "__playerVar__": true,
}

// binaryOf builds the two-operand operation id (an element id) in the form
// like suggests.
func (o *optimizer) binaryOf(like *ast.Expr, id string, a, b *ast.Expr) *ast.Expr {
	if op, ok := idOps[id]; ok && o.useOperators(like) {
		e := &ast.Expr{Kind: ast.Binary, Op: op, Args: []*ast.Expr{a, b}}
		if like != nil {
			e.Span = like.Span
		}
		return fitOperands(e)
	}
	return o.call(like, id, a, b)
}

// compareOf builds a comparison in the form like suggests.
func (o *optimizer) compareOf(like *ast.Expr, op ast.Op, a, b *ast.Expr) *ast.Expr {
	if o.useOperators(like) {
		e := &ast.Expr{Kind: ast.Binary, Op: op, Args: []*ast.Expr{a, b}}
		if like != nil {
			e.Span = like.Span
		}
		return fitOperands(e)
	}
	return o.call(like, "__compare__", a, o.memberExpr(like, "__Operator__", op.String()), b)
}

// notOf builds a negation in the form like suggests.
func (o *optimizer) notOf(like *ast.Expr, x *ast.Expr) *ast.Expr {
	if o.useOperators(like) {
		e := &ast.Expr{Kind: ast.Not, Args: []*ast.Expr{x}}
		if like != nil {
			e.Span = like.Span
		}
		return fitOperands(e)
	}
	return o.call(like, "__not__", x)
}

// withArgs returns a copy of e with other arguments.
func withArgs(e *ast.Expr, args []*ast.Expr) *ast.Expr {
	c := *e
	c.Args = args
	return fitOperands(&c)
}

// fitOperands wraps in parentheses each operand of a new operator node
// that binds more loosely than its place requires (!(a || b), not !a ||
// b), as the parser reads the printed text back: a Paren node where the
// printer must write parentheses. Without it the written program holds
// the same elements but does not read back as the tree compile checked.
// e is new (the caller's copy); its Args slice is replaced, never written.
func fitOperands(e *ast.Expr) *ast.Expr {
	var args []*ast.Expr
	for i, a := range e.Args {
		if a == nil || a.Precedence() >= e.OperandPrecedence(i) {
			continue
		}
		if args == nil {
			args = append([]*ast.Expr(nil), e.Args...)
		}
		args[i] = &ast.Expr{Kind: ast.Paren, Span: a.Span, Args: []*ast.Expr{a}}
	}
	if args != nil {
		e.Args = args
	}
	return e
}

// withArg returns a copy of e with argument i replaced.
func withArg(e *ast.Expr, i int, a *ast.Expr) *ast.Expr {
	args := append([]*ast.Expr(nil), e.Args...)
	args[i] = a
	return withArgs(e, args)
}

// same reports whether two expressions are written alike: the same tree
// whatever the spans, parentheses and forms (Global.x and
// Global Variable(x) are the same).
func same(a, b *ast.Expr) bool {
	a, b = unparen(a), unparen(b)
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	if na, ok := globalVar(a); ok {
		nb, ok := globalVar(b)
		return ok && na == nb
	}
	if pa, na, ok := playerVar(a); ok {
		pb, nb, ok := playerVar(b)
		return ok && na == nb && same(pa, pb)
	}
	if ia, xa, ok := index(a); ok {
		ib, xb, ok := index(b)
		return ok && same(ia, ib) && same(xa, xb)
	}
	if ida, la, ra, ok := binary(a); ok {
		idb, lb, rb, ok := binary(b)
		return ok && ida == idb && same(la, lb) && same(ra, rb)
	}
	if opa, la, ra, ok := compare(a); ok {
		opb, lb, rb, ok := compare(b)
		return ok && opa == opb && same(la, lb) && same(ra, rb)
	}
	if xa, ok := not(a); ok {
		xb, ok := not(b)
		return ok && same(xa, xb)
	}
	if ca, ta, ea, ok := ternary(a); ok {
		cb, tb, eb, ok := ternary(b)
		return ok && same(ca, cb) && same(ta, tb) && same(ea, eb)
	}
	if a.Kind != b.Kind || len(a.Args) != len(b.Args) {
		return false
	}
	switch a.Kind {
	case ast.Number:
		if a.Num != b.Num {
			return false
		}
	case ast.String:
		if a.Text != b.Text || a.LocStr != b.LocStr {
			return false
		}
	case ast.Call:
		if a.Elem == nil || a.Elem != b.Elem {
			return false
		}
	case ast.Member:
		if a.Member == nil || a.Member != b.Member {
			return false
		}
	case ast.Name:
		if a.Text != b.Text {
			return false
		}
	default:
		return false
	}
	for i := range a.Args {
		if !same(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}
