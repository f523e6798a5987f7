package service

// This file builds the syntax tree of a decoded statement document,
// checking each call, enum member and name against the catalog, in the
// game's export forms (operators, assignments, Global.x) or in call form.

import (
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A nodeBuilder builds the syntax tree of a statement document, checking
// each call, enum member and name against the catalog.
type nodeBuilder struct {
	v *vocab.Vocabulary
	// export selects the game's export forms; false writes every element
	// in its call form (Compare(a, ==, b), Set Global Variable(x, v)).
	export bool
}

func (b nodeBuilder) statement(path string, st contract.ContentStatement, action bool) (*ast.Statement, error) {
	var el *vocab.Element
	if action {
		if el = b.v.Action(st.Call); el == nil {
			if b.v.Value(st.Call) != nil {
				return nil, invalidStatement("%s.call: %s is a value, not an action: actions hold actions", path, st.Call)
			}
			return nil, invalidStatement("%s.call: %q is not the catalog id of an action (lookup gives the id of a name)", path, st.Call)
		}
	} else if el = b.v.Value(st.Call); el == nil {
		if b.v.Action(st.Call) != nil {
			return nil, invalidStatement("%s.call: %s is an action, not a value: a condition is a value (a comparison is __compare__)", path, st.Call)
		}
		return nil, invalidStatement("%s.call: %q is not the catalog id of a value (lookup gives the id of a name)", path, st.Call)
	}
	body, err := b.call(path, el, st.Args, nil, action)
	if err != nil {
		return nil, err
	}
	out := &ast.Statement{Body: body, Disabled: !st.Enabled, HasSemicolon: true}
	if st.Comment != nil {
		out.Comment = &ast.Expr{Kind: ast.String, Text: *st.Comment}
	}
	return out, nil
}

// call builds a call of el in the slot param (nil: any value, or the
// statement itself).
func (b nodeBuilder) call(path string, el *vocab.Element, args []contract.ContentNode, param *vocab.Param, action bool) (*ast.Expr, error) {
	if !arityAccepted(el, len(args)) {
		return nil, invalidStatement("%s: %s (%s) takes %s arguments, found %d", path, el.English(), el.ID, arityText(el), len(args))
	}
	xs := make([]*ast.Expr, len(args))
	for j, a := range args {
		x, err := b.node(fmt.Sprintf("%s.args[%d]", path, j), a, el.ParamAt(j))
		if err != nil {
			return nil, err
		}
		xs[j] = x
	}
	if !b.export {
		return &ast.Expr{Kind: ast.Call, Elem: el, Parens: !el.Bare, Args: xs}, nil
	}
	if action {
		if x := assignment(el.ID, args, xs); x != nil {
			return x, nil
		}
	} else if x := shortForm(el.ID, args, xs, param); x != nil {
		return x, nil
	}
	if el.ID == "__customString__" || el.ID == "__localizedString__" {
		for len(xs) > 1 && isNullCall(args[len(xs)-1]) {
			xs = xs[:len(xs)-1]
		}
	}
	return &ast.Expr{Kind: ast.Call, Elem: el, Parens: !el.Bare, Args: xs}, nil
}

func isNullCall(n contract.ContentNode) bool {
	return n.Call != nil && n.Call.Call == "null" && len(n.Call.Args) == 0
}

// node builds one value node in the slot param.
func (b nodeBuilder) node(path string, n contract.ContentNode, param *vocab.Param) (*ast.Expr, error) {
	switch {
	case n.Number != nil:
		return &ast.Expr{Kind: ast.Number, Num: *n.Number}, nil
	case n.Call != nil:
		el := b.v.Value(n.Call.Call)
		if el == nil {
			if b.v.Action(n.Call.Call) != nil {
				return nil, invalidStatement("%s: %s is an action, not a value", path, n.Call.Call)
			}
			return nil, invalidStatement("%s: %q is not the catalog id of a value (lookup gives the id of a name)", path, n.Call.Call)
		}
		return b.call(path, el, n.Call.Args, param, false)
	case n.Enum != nil:
		en := b.v.Enum(n.Enum.Enum)
		if en == nil {
			return nil, invalidStatement("%s: %q is not a catalog enum", path, n.Enum.Enum)
		}
		m := en.Member(n.Enum.Member)
		if m == nil {
			return nil, invalidStatement("%s: %q is not a member of %s (listEntries lists them)", path, n.Enum.Member, en.ID)
		}
		if wrapper := literalWrappers[en.ID]; wrapper != "" && (param == nil || param.Enum == nil) {
			return nil, invalidStatement(`%s: a %s member stands for a value here: write {"call":%q,"args":[{"enum":%q,"member":%q}]}`,
				path, en.ID, wrapper, en.ID, m.ID)
		}
		return &ast.Expr{Kind: ast.Member, Member: m}, nil
	case n.Variable != nil:
		if param == nil || param.Ident != vocab.IdentGlobalVariable && param.Ident != vocab.IdentPlayerVariable {
			return nil, invalidStatement(`%s: a variable node stands only where a variable name belongs; read a variable with {"call":"__globalVar__","args":[{"variable":%q}]} or __playerVar__`, path, n.Variable.Variable)
		}
		return identifier(path, n.Variable.Variable)
	case n.Subroutine != nil:
		if param == nil || param.Ident != vocab.IdentSubroutine {
			return nil, invalidStatement("%s: a subroutine node stands only where a subroutine name belongs (Call Subroutine, Start Rule)", path)
		}
		return identifier(path, n.Subroutine.Subroutine)
	case n.String != nil:
		return &ast.Expr{Kind: ast.String, Text: n.String.String}, nil
	case n.LocalizedString != nil:
		key := n.LocalizedString.LocalizedString
		if key == "" {
			return &ast.Expr{Kind: ast.String}, nil
		}
		ls := b.v.LocalizedString(key)
		if ls == nil {
			return nil, invalidStatement("%s: %q is not a catalog localized string key (listEntries kind localized-string lists them)", path, key)
		}
		return &ast.Expr{Kind: ast.String, LocStr: ls, Text: ls.English()}, nil
	}
	return nil, invalidStatement("%s: an empty node", path)
}

// identifier builds a variable or subroutine name.
func identifier(path, name string) (*ast.Expr, error) {
	ok := name != "" && !('0' <= name[0] && name[0] <= '9')
	for _, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r >= 0x80 && vocab.IsWordRune(r)) {
			ok = false
		}
	}
	if !ok {
		return nil, invalidStatement("%s: %q is not a variable or subroutine name (letters, digits and _, not starting with a digit)", path, name)
	}
	return &ast.Expr{Kind: ast.Name, Text: name}, nil
}

// statementLegacyArity lists the older argument counts the game still
// reads; keep it in step with legacyArity in engine/validate.
var statementLegacyArity = map[string][]int{
	"hudText": {10}, "createInWorldText": {6, 7}, ".startForcingOutlineFor": {4},
	"createWorkshopSettingBool": {3}, "createWorkshopSettingInt": {5}, "createWorkshopSettingFloat": {5},
}

// arityAccepted reports whether el may be written with n arguments, as
// validation accepts it: its slot count (1 to 4 for Custom String and
// String, at least one for Array), an older version's count, or the
// empty Map( / Game Mode( the game exports for a removed map or mode.
func arityAccepted(el *vocab.Element, n int) bool {
	switch {
	case el.Bare:
		return n == 0
	case n == 0 && (el.ID == "__map__" || el.ID == "__gamemode__"):
		return true
	case n >= el.MinArgs() && (el.MaxArgs() < 0 || n <= el.MaxArgs()):
		return true
	}
	return slices.Contains(statementLegacyArity[el.ID], n)
}

func arityText(el *vocab.Element) string {
	switch {
	case el.Bare:
		return "no"
	case el.MaxArgs() < 0:
		return fmt.Sprintf("at least %d", el.MinArgs())
	case el.MinArgs() != el.MaxArgs():
		return fmt.Sprintf("%d to %d", el.MinArgs(), el.MaxArgs())
	}
	return fmt.Sprint(el.MaxArgs())
}

// binaryOps and comparisonOps map the elements operators stand for back
// to the operators; compoundOps maps Modify operations to the assignment
// operators that write them.
var (
	binaryOps = func() map[string]ast.Op {
		m := map[string]ast.Op{}
		for op, id := range operatorCalls {
			m[id] = op
		}
		return m
	}()
	comparisonOps = func() map[string]ast.Op {
		m := map[string]ast.Op{}
		for op := ast.OpEq; op <= ast.OpGe; op++ {
			m[op.String()] = op
		}
		return m
	}()
	compoundOps = map[string]ast.Op{"__add__": ast.OpAddAssign, "__subtract__": ast.OpSubAssign, "__multiply__": ast.OpMulAssign,
		"__divide__": ast.OpDivAssign, "__modulo__": ast.OpModAssign, "__raiseToPower__": ast.OpPowAssign}
)

// shortForm returns the export form of a value call: an operator,
// Global.x, P.x, x[i] or a bare team; nil when it has none.
func shortForm(id string, args []contract.ContentNode, xs []*ast.Expr, param *vocab.Param) *ast.Expr {
	binary := func(op ast.Op, l, r *ast.Expr) *ast.Expr {
		return &ast.Expr{Kind: ast.Binary, Op: op, Args: []*ast.Expr{l, r}}
	}
	switch n := len(args); {
	case id == "__compare__" && n == 3 && args[1].Enum != nil && args[1].Enum.Enum == "__Operator__":
		if op, ok := comparisonOps[args[1].Enum.Member]; ok {
			return binary(op, xs[0], xs[2])
		}
	case binaryOps[id] != ast.OpNone && n == 2:
		return binary(binaryOps[id], xs[0], xs[1])
	case id == "__not__" && n == 1:
		return &ast.Expr{Kind: ast.Not, Args: xs}
	case id == "__ifThenElse__" && n == 3:
		return &ast.Expr{Kind: ast.Ternary, Args: xs}
	case id == "__valueInArray__" && n == 2:
		return &ast.Expr{Kind: ast.Index, Args: []*ast.Expr{postfixBase(xs[0]), xs[1]}}
	case id == "__globalVar__" && n == 1 && args[0].Variable != nil:
		return &ast.Expr{Kind: ast.Global, Text: args[0].Variable.Variable}
	case id == "__playerVar__" && n == 2 && args[1].Variable != nil:
		return &ast.Expr{Kind: ast.PlayerVar, Text: args[1].Variable.Variable, Args: []*ast.Expr{postfixBase(xs[0])}}
	case id == "__team__" && n == 1 && args[0].Enum != nil && (param == nil || param.Enum == nil):
		// The game writes teams bare (All Players(All Teams)); in an
		// enum slot a bare member would read as the member itself.
		return xs[0]
	}
	return nil
}

// assignForms are the Set and Modify variable actions the game writes as
// assignments: whether each has a player, an index and an operation.
var assignForms = map[string]struct{ player, index, modify bool }{
	"__setGlobalVariable__": {}, "__setGlobalVariableAtIndex__": {index: true},
	"__setPlayerVariable__": {player: true}, "__setPlayerVariableAtIndex__": {player: true, index: true},
	"__modifyGlobalVariable__": {modify: true}, "__modifyGlobalVariableAtIndex__": {index: true, modify: true},
	"__modifyPlayerVariable__": {player: true, modify: true}, "__modifyPlayerVariableAtIndex__": {player: true, index: true, modify: true},
}

// assignment returns the assignment form of a Set or Modify variable
// action (Global.x[i] += v); nil for another action, and for a Modify
// whose operation has no operator (Append To Array, Min, …).
func assignment(id string, args []contract.ContentNode, xs []*ast.Expr) *ast.Expr {
	f, ok := assignForms[id]
	if !ok {
		return nil
	}
	want := 2
	for _, set := range [...]bool{f.player, f.index, f.modify} {
		if set {
			want++
		}
	}
	if len(args) != want {
		return nil
	}
	i := 0
	var owner *ast.Expr
	if f.player {
		owner, i = postfixBase(xs[0]), 1
	}
	v := args[i].Variable
	if v == nil {
		return nil
	}
	i++
	target := &ast.Expr{Kind: ast.Global, Text: v.Variable}
	if f.player {
		target = &ast.Expr{Kind: ast.PlayerVar, Text: v.Variable, Args: []*ast.Expr{owner}}
	}
	if f.index {
		target = &ast.Expr{Kind: ast.Index, Args: []*ast.Expr{target, xs[i]}}
		i++
	}
	op := ast.OpAssign
	if f.modify {
		e := args[i].Enum
		if e == nil || e.Enum != "__Operation__" || compoundOps[e.Member] == ast.OpNone {
			return nil
		}
		op = compoundOps[e.Member]
		i++
	}
	return &ast.Expr{Kind: ast.Assign, Op: op, Args: []*ast.Expr{target, xs[i]}}
}

// postfixBase returns x ready to take .name or [index] after it: a call,
// variable or index as it is, anything else in parentheses.
func postfixBase(x *ast.Expr) *ast.Expr {
	switch {
	case x.Kind == ast.Call && x.Elem != nil, x.Kind == ast.Global, x.Kind == ast.PlayerVar, x.Kind == ast.Index, x.Kind == ast.Paren:
		return x
	}
	return &ast.Expr{Kind: ast.Paren, Args: []*ast.Expr{x}}
}
