package opy

// This file lowers calls: catalog actions and values by their OverPy
// names, with keyword arguments and defaults; member calls (p.teleport(x)
// is Teleport(p, x)); subroutine calls; and OverPy's own functions.

import (
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// callExpr lowers a call, as an action or as a value.
func (c *compiler) callExpr(e *Call, asAction bool) *wnode {
	switch fn := e.Fn.(type) {
	case *Name:
		if w, handled := c.builtin(fn.Name, e, nil, asAction); handled {
			return w
		}
		if fn.Name == "len" && len(e.Args) == 1 {
			// len(ENUM) is the number of the enum's members, known now.
			if n, ok := e.Args[0].Value.(*Name); ok && c.enums[n.Name] != nil && !c.isValueName(n.Name) {
				return num(float64(len(c.enums[n.Name].order)), e.Loc)
			}
		}
		if c.subs.wasRefused(fn.Name) {
			return nil // its declaration has the error
		}
		if c.isSubroutine(fn.Name) {
			if !asAction {
				c.d.errorf(codeExpectedValue, e.Loc, "'"+fn.Name+"()' calls a subroutine: it is an action, and has no value")
				return nil
			}
			if len(e.Args) > 0 {
				c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "a subroutine takes no arguments")
			}
			c.subs.use(fn.Name)
			c.record(Subroutine, fn.Name, CallUse, fn.Loc)
			return c.call("__callSubroutine__", e.Loc, c.node(wnode{kind: wIdent, text: fn.Name, loc: fn.Loc}))
		}
		if m := c.macros[fn.Name]; m != nil && m.Fn {
			c.record(Macro, fn.Name, CallUse, fn.Loc)
			return c.expandMacroCall(m, e, nil, asAction)
		}
		// Internal names (__skipIf__) are callable too: OverPy's
		// decompiler writes them.
		if el := c.names.element(fn.Name); el != nil {
			return c.elementCall(el, fn.Name, e, nil, asAction)
		}
		x := c.d.errorf(codeUnknownFunction, fn.Loc, "unknown function '"+diag.Excerpt(fn.Name)+"'")
		if s := c.d.suggest.NearestIn(fn.Name, c.functionNames); len(s) > 0 {
			x.Message += "; did you mean '" + s[0] + "'?"
			x.suggest(s...)
		}
		return nil
	case *Member:
		if n, ok := fn.X.(*Name); ok && n.Name == "random" {
			if el := c.names.element("random." + fn.Name); el != nil {
				return c.elementCall(el, "random."+fn.Name, e, nil, asAction)
			}
			c.d.errorf(codeUnknownFunction, fn.NameLoc, "'random' has no function '"+fn.Name+"': it has randint, uniform, choice and shuffle")
			return nil
		}
		if n, ok := fn.X.(*Name); ok && fn.Name == "toArray" && c.enums[n.Name] != nil && !c.isValueName(n.Name) {
			if !c.arityOf(e, "toArray", 0) {
				return nil
			}
			return c.userEnumArray(c.enums[n.Name], e.Loc)
		}
		if w, handled := c.builtin("."+fn.Name, e, fn.X, asAction); handled {
			return w
		}
		if m := c.macros["Player."+fn.Name]; m != nil && m.Fn {
			c.record(Macro, fn.Name, CallUse, fn.NameLoc)
			return c.expandMacroCall(m, e, fn.X, asAction)
		}
		if el := c.names.element("." + fn.Name); el != nil {
			return c.elementCall(el, fn.Name, e, fn.X, asAction)
		}
		x := c.d.errorf(codeUnknownFunction, fn.NameLoc, "unknown member function '"+diag.Excerpt(fn.Name)+"'")
		if s := c.d.suggest.NearestIn(fn.Name, func() []string { return c.names.memberNames }); len(s) > 0 {
			x.Message += "; did you mean '" + s[0] + "'?"
			x.suggest(s...)
		}
		return nil
	}
	c.d.errorf(codeSyntax, e.Loc, "this is not something that can be called")
	return nil
}

// arityOf checks that a call has n arguments.
func (c *compiler) arityOf(e *Call, name string, n int) bool {
	if len(e.Args) != n {
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'"+name+"' takes "+plural(n, "argument")+", got "+itoa(len(e.Args)))
		return false
	}
	return true
}

// isSubroutine reports a subroutine name.
func (c *compiler) isSubroutine(name string) bool {
	if c.subs.has(name) {
		return true
	}
	_, ok := defaultSub(name)
	return ok
}

// functionNames are the names a call may name, for suggestions.
func (c *compiler) functionNames() []string {
	out := append([]string{}, c.names.freeNames...)
	out = append(out, builtinNames...)
	for k, m := range c.macros {
		if m.Fn && m.Class == "" {
			out = append(out, k)
		}
	}
	return append(out, c.subs.names...)
}

// elementCall lowers a call of a catalog element; recv is the receiver
// of a member call (its first argument).
func (c *compiler) elementCall(el *vocab.Element, name string, e *Call, recv Expr, asAction bool) *wnode {
	if asAction && !el.IsAction() {
		c.d.errorf(codeExpectedAction, e.Loc, "'"+name+"' is a value, not an action: assign it or use it in one")
		return nil
	}
	if !asAction && el.IsAction() {
		c.d.errorf(codeExpectedValue, e.Loc, "'"+name+"' is an action, not a value")
		return nil
	}
	args := c.bindArgs(el.Params, name, e, recv)
	if args == nil {
		return nil
	}
	c.recordCall(el, e, recv != nil, c.callArgs(el.Params, e, recv != nil))
	return c.node(wnode{kind: wCall, elem: el, args: args, loc: e.Loc})
}

// bindArgs matches a call's arguments (and receiver) to parameters,
// fills defaults, and lowers each; nil when something is wrong (and
// reported).
func (c *compiler) bindArgs(params []vocab.Param, name string, e *Call, recv Expr) []*wnode {
	// On the stack for the usual few parameters.
	var givenBuf [10]Expr
	var givenAtBuf [10]Loc
	given, givenAt := givenBuf[:0], givenAtBuf[:0]
	if len(params) <= len(givenBuf) {
		given, givenAt = givenBuf[:len(params)], givenAtBuf[:len(params)]
	} else {
		given, givenAt = make([]Expr, len(params)), make([]Loc, len(params))
	}
	pos := 0
	if recv != nil {
		if len(params) == 0 {
			c.d.errorf(codeWrongArgumentCount, e.Loc, "'"+name+"' takes no receiver")
			return nil
		}
		given[0], givenAt[0] = recv, recv.exprLoc()
		pos = 1
	}
	ok := true
	seenKeyword := false
	for _, a := range e.Args {
		if a.Name != "" {
			seenKeyword = true
			i := paramIndex(params, a.Name)
			if i < 0 {
				x := c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "'"+name+"' has no parameter '"+a.Name+"'")
				names := func() []string {
					var names []string
					for _, p := range params {
						names = append(names, p.Name)
					}
					return names
				}
				if s := c.d.suggest.NearestIn(a.Name, names); len(s) > 0 {
					x.Message += "; did you mean '" + s[0] + "'?"
					x.suggest(s...)
				}
				ok = false
				continue
			}
			if given[i] != nil {
				c.d.errorf(codeDuplicateArgument, a.NameLoc, "'"+a.Name+"' is given twice")
				ok = false
				continue
			}
			given[i], givenAt[i] = a.Value, a.Value.exprLoc()
			continue
		}
		if seenKeyword {
			c.d.errorf(codePositionalAfterKw, a.Value.exprLoc(), "a positional argument cannot follow keyword arguments")
			ok = false
			continue
		}
		if pos >= len(params) {
			c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), "'"+name+"' takes "+plural(len(params)-boolInt(recv != nil), "argument")+": this one is extra")
			ok = false
			pos++
			continue
		}
		given[pos], givenAt[pos] = a.Value, a.Value.exprLoc()
		pos++
	}
	if !ok {
		return nil
	}
	// A list of the argument slab: the arguments' own lists, carved
	// while they are lowered, come after it.
	out := c.reserve(len(params))
	for i := range params {
		p := &params[i]
		if given[i] == nil {
			w := c.defaultArg(p, name, e)
			if w == nil {
				return nil
			}
			out[i] = w
			continue
		}
		w := c.argument(p, name, i, given[i])
		if w == nil {
			ok = false
		}
		out[i] = w
	}
	if !ok {
		return nil
	}
	// Trailing format arguments of Custom String and String that are
	// Null are not written.
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func paramIndex(params []vocab.Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// argument lowers one argument for its parameter.
func (c *compiler) argument(p *vocab.Param, fn string, i int, e Expr) *wnode {
	if p.Enum != nil && (p.Type.LiteralEnum() == "" || p.Type.Name == p.Enum.ID) && !isValueEnum(p.Enum.ID) {
		return c.enumArgument(p, fn, i, e)
	}
	switch p.Ident {
	case vocab.IdentSubroutine:
		n, ok := e.(*Name)
		if !ok || !c.isSubroutine(n.Name) {
			c.d.errorf(codeSyntax, e.exprLoc(), "the "+ordinal(i)+" argument of '"+fn+"' takes a subroutine name")
			return nil
		}
		c.subs.use(n.Name)
		c.record(Subroutine, n.Name, CallUse, n.Loc)
		return c.node(wnode{kind: wIdent, text: n.Name, loc: n.Loc})
	}
	switch p.Type.Name {
	case "CustomStringLiteral", "LocalizedStringLiteral":
		if p.Name != "string" {
			// Other literal string slots (a workshop setting's category
			// and name) take the text as a Custom String, as OverPy
			// writes it.
			break
		}
		s, ok := e.(*String)
		if !ok {
			c.d.errorf(codeSyntax, e.exprLoc(), "the "+ordinal(i)+" argument of '"+fn+"' takes a string literal")
			return nil
		}
		return c.node(wnode{kind: wString, text: s.Value, loc: s.Loc})
	}
	return c.expr(e)
}

// isValueEnum reports an enum whose members are values in their own
// right (Team 1, All Teams), taken in value slots too.
func isValueEnum(id string) bool { return id == "TeamLiteral" }

// enumArgument lowers an argument that must be a member of the slot's
// enum: ENUM.MEMBER.
func (c *compiler) enumArgument(p *vocab.Param, fn string, i int, e Expr) *wnode {
	m, ok := e.(*Member)
	if ok {
		if n, isName := m.X.(*Name); isName {
			// A member a program added to a built-in enum stands for its
			// value.
			if ue := c.enums[n.Name]; ue != nil && ue.members[m.Name] != nil && c.macroDepth < 32 {
				c.macroDepth++
				defer func() { c.macroDepth-- }()
				w := c.enumArgument(p, fn, i, ue.members[m.Name])
				relocate(w, e.exprLoc())
				return w
			}
			if en := c.names.enums[n.Name]; en != nil {
				member := en.members[m.Name]
				if member == nil {
					c.d.errorf(codeUnknownEnumMember, m.NameLoc, "'"+n.Name+"' has no member '"+m.Name+"'")
					return nil
				}
				if member.Enum != p.Enum && !sameEnumWords(member, p.Enum) {
					c.d.errorf(codeExpectedEnum, e.exprLoc(), "the "+ordinal(i)+" argument of '"+fn+"' takes a member of "+opyEnumName(c.names, p.Enum)+", not of "+n.Name)
					return nil
				}
				if member.Enum != p.Enum {
					member = equivalentMember(member, p.Enum)
				}
				return c.node(wnode{kind: wEnum, member: member, loc: e.exprLoc()})
			}
		}
	}
	if _, bad := e.(*BadExpr); bad {
		return nil
	}
	c.d.errorf(codeExpectedEnum, e.exprLoc(), "the "+ordinal(i)+" argument of '"+fn+"' takes a member of "+opyEnumName(c.names, p.Enum)+" ("+opyEnumName(c.names, p.Enum)+".MEMBER)")
	return nil
}

// sameEnumWords reports a member of another enum spelled like one of
// want's (OverPy's ChaseReeval stands for the chase enums).
func sameEnumWords(m *vocab.Member, want *vocab.Enum) bool { return equivalentMember(m, want) != nil }

func equivalentMember(m *vocab.Member, want *vocab.Enum) *vocab.Member {
	for _, x := range want.Members {
		if x.ID == m.ID {
			return x
		}
	}
	return nil
}

// opyEnumName is the name OverPy code uses for an enum.
func opyEnumName(t *nameTables, e *vocab.Enum) string {
	for name, oe := range t.enums {
		if oe.enum == e && name != "AsyncBehavior" {
			return name
		}
	}
	return e.ID
}

// defaultArg lowers a parameter's default, for a call that leaves it out.
func (c *compiler) defaultArg(p *vocab.Param, fn string, e *Call) *wnode {
	if !p.HasDefault {
		c.d.errorf(codeMissingArgument, e.Loc, "'"+fn+"' needs its argument '"+p.Name+"'")
		return nil
	}
	at := e.Loc
	if p.Default == "" || p.Default == "null" {
		return c.call("null", at)
	}
	if p.Enum != nil {
		if m := p.Enum.Member(p.Default); m != nil {
			return c.node(wnode{kind: wEnum, member: m, loc: at})
		}
	}
	if oe := c.names.enums[p.Type.Name]; oe != nil && oe.members[p.Default] != nil {
		return c.enumValue(oe, oe.members[p.Default], at)
	}
	// The default is OverPy text: read it once, lower it at each call,
	// where everything it makes maps.
	w := c.expr(c.defaultExpr(p, fn))
	relocate(w, at)
	return w
}

// defaultExpr reads a catalog default written in OverPy, once.
func (c *compiler) defaultExpr(p *vocab.Param, fn string) Expr {
	if x, ok := c.defaults[p]; ok {
		return x
	}
	d := &diagnostics{}
	nowhere := Loc{File: -1}
	lx := &lexer{file: -1, src: p.Default, d: d, exp: &expansion{call: nowhere}}
	lines := lx.run()
	if len(d.list) > 0 || len(lines) != 1 {
		panic("opy: unreadable catalog default " + p.Default + " of " + fn)
	}
	ep := &exprParser{d: d, toks: lines[0].tokens, end: nowhere}
	x := ep.parseAll()
	if len(d.list) > 0 {
		panic("opy: unreadable catalog default " + p.Default + " of " + fn)
	}
	if c.defaults == nil {
		c.defaults = map[*vocab.Param]Expr{}
	}
	c.defaults[p] = x
	return x
}

// ordinal spells the argument position i (0-based) for messages.
func ordinal(i int) string {
	switch i {
	case 0:
		return "1st"
	case 1:
		return "2nd"
	case 2:
		return "3rd"
	}
	return itoa(i+1) + "th"
}

// callArgs says which parameter each argument of a call fills.
func (c *compiler) callArgs(params []vocab.Param, e *Call, member bool) []CallArg {
	if len(e.Args) == 0 {
		return []CallArg{}
	}
	if cap(c.callArgSlab)-len(c.callArgSlab) < len(e.Args) {
		c.callArgSlab = make([]CallArg, 0, max(512, len(e.Args)))
	}
	start := len(c.callArgSlab)
	out := c.callArgSlab[start : start : start+len(e.Args)]
	pos := 0
	if member {
		pos = 1
	}
	for _, a := range e.Args {
		if a.Name != "" {
			out = append(out, CallArg{Loc: a.Value.exprLoc(), Param: paramIndex(params, a.Name), Named: true})
			continue
		}
		out = append(out, CallArg{Loc: a.Value.exprLoc(), Param: pos})
		pos++
	}
	c.callArgSlab = c.callArgSlab[:start+len(out)]
	return out
}
