package optimize

// This file holds the passes over variable assignments.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// An assignment is a Set Variable action read in any of its forms.
type assignment struct {
	body *ast.Expr
	// player is set for a player variable; index for an element of an
	// array variable.
	player *ast.Expr
	name   string
	index  *ast.Expr
	value  *ast.Expr
	// assign is set for assignment syntax (Global.x = v).
	assign bool
}

// readAssignment reads a Set Global/Player Variable [At Index] action or
// an assignment Global.x = v, P.x = v, Global.x[i] = v, P.x[i] = v.
func readAssignment(st *ast.Statement) (assignment, bool) {
	var a assignment
	if st.Disabled || st.Body == nil {
		return a, false
	}
	b := unparen(st.Body)
	a.body = b
	name := func(e *ast.Expr) (string, bool) {
		if e = unparen(e); e != nil && e.Kind == ast.Name {
			return e.Text, true
		}
		return "", false
	}
	ok := false
	switch callID(b) {
	case "__setGlobalVariable__":
		if len(b.Args) == 2 {
			a.name, ok = name(b.Args[0])
			a.value = unparen(b.Args[1])
		}
	case "__setPlayerVariable__":
		if len(b.Args) == 3 {
			a.player = unparen(b.Args[0])
			a.name, ok = name(b.Args[1])
			a.value = unparen(b.Args[2])
		}
	case "__setGlobalVariableAtIndex__":
		if len(b.Args) == 3 {
			a.name, ok = name(b.Args[0])
			a.index, a.value = unparen(b.Args[1]), unparen(b.Args[2])
		}
	case "__setPlayerVariableAtIndex__":
		if len(b.Args) == 4 {
			a.player = unparen(b.Args[0])
			a.name, ok = name(b.Args[1])
			a.index, a.value = unparen(b.Args[2]), unparen(b.Args[3])
		}
	default:
		if b.Kind != ast.Assign || b.Op != ast.OpAssign || len(b.Args) != 2 {
			return a, false
		}
		a.assign, a.value = true, unparen(b.Args[1])
		t := unparen(b.Args[0])
		if t.Kind == ast.Index && len(t.Args) == 2 {
			a.index = unparen(t.Args[1])
			t = unparen(t.Args[0])
		}
		switch t.Kind {
		case ast.Global:
			a.name, ok = t.Text, true
		case ast.PlayerVar:
			a.player, a.name, ok = unparen(t.Args[0]), t.Text, true
		}
	}
	return a, ok && a.value != nil
}

// reads reports whether e reads the variable a assigns, at the same
// element: Global.x for Global.x, P.x for P.x, Global.x[i] (or First Of
// Global.x for index 0) for Global.x[i].
func (a *assignment) reads(e *ast.Expr) bool {
	whole := func(e *ast.Expr) bool {
		if a.player == nil {
			n, ok := globalVar(e)
			return ok && n == a.name
		}
		p, n, ok := playerVar(e)
		return ok && n == a.name && same(p, a.player)
	}
	if a.index == nil {
		return whole(e)
	}
	if arr, i, ok := index(e); ok {
		return whole(arr) && same(i, a.index)
	}
	if isCall(e, "__firstOf__") {
		v, ok := numberLit(a.index)
		return ok && v == 0 && whole(arg(unparen(e), 0))
	}
	return false
}

// target reports whether the variable a assigns is the same each time it
// is named: its player is one pure player (a Set on an array of players
// reads the variable of the array), its index pure.
func (a *assignment) target() bool {
	if a.player != nil && (!pure(a.player) || !isOnePlayer(a.player)) {
		return false
	}
	return a.index == nil || pure(a.index)
}

// A modifyOp is an operation Modify Variable applies.
type modifyOp struct {
	member      string // the __Operation__ member
	assign      ast.Op // the compound assignment, if the syntax has one
	commutative bool
}

var modifyOps = map[string]modifyOp{
	"__add__":          {"__add__", ast.OpAddAssign, true},
	"__subtract__":     {"__subtract__", ast.OpSubAssign, false},
	"__multiply__":     {"__multiply__", ast.OpMulAssign, true},
	"__divide__":       {"__divide__", ast.OpDivAssign, false},
	"__modulo__":       {"__modulo__", ast.OpModAssign, false},
	"__raiseToPower__": {"__raiseToPower__", ast.OpPowAssign, false},
	"min":              {"__min__", ast.OpNone, true},
	"max":              {"__max__", ast.OpNone, true},
	".concat":          {"__appendToArray__", ast.OpNone, false},
	".exclude":         {"__removeFromArrayByValue__", ast.OpNone, false},
}

// modifyVariable writes X = X op v as Modify Variable(X, op, v) (or
// X op= v): the variable is named once instead of twice. For a player
// variable the player must be one pure player, and an index pure.
func modifyVariable(w *work) int {
	n := 0
	for _, node := range w.acts {
		a, ok := readAssignment(node.st)
		if !ok {
			continue
		}
		var id string
		var l, r *ast.Expr
		switch callID(a.value) {
		case ".concat", ".exclude":
			if len(a.value.Args) == 2 {
				id, l, r = a.value.Elem.ID, unparen(a.value.Args[0]), unparen(a.value.Args[1])
			}
		default:
			id, l, r, ok = binary(a.value)
			if !ok {
				continue
			}
		}
		op, ok := modifyOps[id]
		if !ok {
			continue
		}
		var v *ast.Expr
		switch {
		case a.reads(l):
			v = r
		case op.commutative && a.reads(r):
			v = l
		default:
			continue
		}
		if !a.target() {
			continue
		}
		node.st = withBody(node.st, w.modify(a, op, v))
		n++
	}
	return n
}

// modify builds the Modify action of a's variable.
func (w *work) modify(a assignment, op modifyOp, v *ast.Expr) *ast.Expr {
	o := w.o
	b := a.body
	if a.assign && op.assign != ast.OpNone {
		e := *b
		e.Op = op.assign
		e.Args = []*ast.Expr{b.Args[0], v}
		return &e
	}
	nameOf := func() *ast.Expr {
		return &ast.Expr{Kind: ast.Name, Text: a.name, Span: b.Span}
	}
	opm := o.memberExpr(b, "__Operation__", op.member)
	switch {
	case a.player == nil && a.index == nil:
		return o.actionCall(b, "__modifyGlobalVariable__", nameOf(), opm, v)
	case a.player == nil:
		return o.actionCall(b, "__modifyGlobalVariableAtIndex__", nameOf(), a.index, opm, v)
	case a.index == nil:
		return o.actionCall(b, "__modifyPlayerVariable__", a.player, nameOf(), opm, v)
	}
	return o.actionCall(b, "__modifyPlayerVariableAtIndex__", a.player, nameOf(), a.index, opm, v)
}

// selfAssignment removes X = X, which changes nothing. (X[i] = X[i] is
// kept: it grows a shorter array, or makes a non-array one.)
func selfAssignment(w *work) int {
	n := 0
	for i := 0; i < len(w.acts); i++ {
		a, ok := readAssignment(w.acts[i].st)
		if !ok || a.index != nil || !a.reads(a.value) || !a.target() || !w.free(i, i+1) {
			continue
		}
		w.splice(i, i+1)
		i--
		n++
	}
	return n
}
