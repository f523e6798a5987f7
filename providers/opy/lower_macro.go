package opy

// This file expands AST macros (macro NAME = VALUE, macro NAME(a, b):
// body, and their Player.NAME member forms) and user enums.

// A userEnum is an enum the program declares.
type userEnum struct {
	decl    *EnumDecl
	members map[string]Expr
	order   []string
}

func (c *compiler) declareEnum(d *EnumDecl) {
	ue := c.enums[d.Name]
	if ue == nil {
		ue = &userEnum{decl: d, members: map[string]Expr{}}
	}
	// Extending a built-in enum (enum Team:) is left to the built-in.
	if c.names.enums[d.Name] != nil {
		c.d.errorf(codeUnsupportedFeature, d.NameLoc, "extending the built-in enum '"+d.Name+"' is not supported by wright-lsp yet")
		return
	}
	next := 0.0
	for _, m := range d.Members {
		if _, dup := ue.members[m.Name]; dup {
			c.d.errorf(codeDuplicateDecl, m.Loc, "'"+d.Name+"' already has a member '"+m.Name+"'")
			continue
		}
		v := m.Value
		if v == nil {
			v = &Number{Value: next, Loc: m.Loc}
			next++
		} else if n, ok := literalNumber(v); ok {
			next = n + 1
		}
		ue.members[m.Name] = v
		ue.order = append(ue.order, m.Name)
	}
	c.enums[d.Name] = ue
}

// userEnumMember lowers ENUM.MEMBER of a user enum: its value, inlined.
func (c *compiler) userEnumMember(ue *userEnum, e *Member) *wnode {
	if e.Name == "toArray" {
		return c.userEnumArray(ue, e.Loc)
	}
	v, ok := ue.members[e.Name]
	if !ok {
		c.d.errorf(codeUnknownEnumMember, e.NameLoc, "'"+ue.decl.Name+"' has no member '"+e.Name+"'")
		return nil
	}
	w := c.expr(v)
	relocate(w, e.Loc)
	return w
}

// userEnumArray is a user enum used alone: the array of its values.
func (c *compiler) userEnumArray(ue *userEnum, at Loc) *wnode {
	var args []*wnode
	for _, n := range ue.order {
		w := c.expr(ue.members[n])
		if w == nil {
			return nil
		}
		relocate(w, at)
		args = append(args, w)
	}
	if len(args) == 0 {
		return c.call("__emptyArray__", at)
	}
	return c.call("__array__", at, args...)
}

// relocate gives every node built from a definition (a macro body, an
// enum value) the Loc of the use, where the source map must send them.
func relocate(w *wnode, at Loc) {
	if w == nil {
		return
	}
	if w.loc.File != at.File || w.loc.Start < at.Start || w.loc.End > at.End {
		w.loc = at
	}
	for _, a := range w.args {
		relocate(a, at)
	}
}

// A macroScope binds a macro's parameters to the arguments of one use.
type macroScope map[string]Expr

// macroArg lowers a parameter of the macro being expanded.
func (c *compiler) macroArg(name string) (*wnode, bool) {
	scope := c.macroArgs[len(c.macroArgs)-1]
	e, ok := scope[name]
	if !ok {
		return nil, false
	}
	// The argument is read where it was written: outside this macro.
	saved := c.macroArgs
	c.macroArgs = c.macroArgs[:len(c.macroArgs)-1]
	if len(c.macroArgs) == 0 {
		c.macroArgs = nil
	}
	w := c.expr(e)
	c.macroArgs = saved
	return w, true
}

// expandConstMacro lowers a use of "macro NAME = VALUE".
func (c *compiler) expandConstMacro(m *MacroDecl, at Loc) *wnode {
	if c.macroDepth > 32 {
		c.d.errorf(codeMacroRecursion, at, "macro '"+m.Name+"' expands into itself").related(m.Loc, "its definition")
		return nil
	}
	c.macroDepth++
	defer func() { c.macroDepth-- }()
	w := c.expr(m.Value)
	relocate(w, at)
	return w
}

// expandMemberConstMacro lowers X.NAME for "macro Player.NAME = VALUE".
func (c *compiler) expandMemberConstMacro(m *MacroDecl, e *Member) *wnode {
	c.macroArgs = append(c.macroArgs, macroScope{"self": e.X})
	defer func() { c.macroArgs = c.macroArgs[:len(c.macroArgs)-1] }()
	return c.expandConstMacro(m, e.Loc)
}

// expandMacroCall lowers a use of "macro NAME(params):" as a value or as
// a statement.
func (c *compiler) expandMacroCall(m *MacroDecl, e *Call, recv Expr, asAction bool) *wnode {
	if c.macroDepth > 32 {
		c.d.errorf(codeMacroRecursion, e.Loc, "macro '"+m.Name+"' expands into itself").related(m.Loc, "its definition")
		return nil
	}
	scope := macroScope{}
	if recv != nil {
		scope["self"] = recv
	}
	pos := 0
	for _, a := range e.Args {
		if a.Name != "" {
			found := false
			for _, p := range m.Params {
				if p.Name == a.Name {
					scope[p.Name] = a.Value
					found = true
				}
			}
			if !found {
				c.d.errorf(codeUnknownKeywordArg, a.NameLoc, "macro '"+m.Name+"' has no parameter '"+a.Name+"'")
				return nil
			}
			continue
		}
		if pos >= len(m.Params) {
			c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), "macro '"+m.Name+"' takes "+plural(len(m.Params), "argument")).related(m.Loc, "its definition")
			return nil
		}
		scope[m.Params[pos].Name] = a.Value
		pos++
	}
	for _, p := range m.Params {
		if _, ok := scope[p.Name]; !ok {
			if p.Default == nil {
				c.d.errorf(codeMissingArgument, e.Loc, "macro '"+m.Name+"' needs its argument '"+p.Name+"'").related(m.Loc, "its definition")
				return nil
			}
			scope[p.Name] = p.Default
		}
	}
	c.macroDepth++
	c.macroArgs = append(c.macroArgs, scope)
	defer func() {
		c.macroDepth--
		c.macroArgs = c.macroArgs[:len(c.macroArgs)-1]
	}()
	if asAction && m.Value == nil || asAction && len(m.Body) > 0 {
		st := c.rule
		first := len(st.r.actions)
		c.stmts(m.Body)
		for i := first; i < len(st.r.actions); i++ {
			st.r.actions[i].loc = e.Loc
			relocate(st.r.actions[i].node, e.Loc)
		}
		return nil
	}
	if m.Value == nil {
		c.d.errorf(codeExpectedValue, e.Loc, "macro '"+m.Name+"' holds statements, not a value").related(m.Loc, "its definition")
		return nil
	}
	w := c.expr(m.Value)
	relocate(w, e.Loc)
	return w
}
