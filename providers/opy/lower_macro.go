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
	outside := func(l Loc) bool { return l.File != at.File || l.Start < at.Start || l.End > at.End }
	if outside(w.loc) {
		w.loc = at
	}
	if !w.nameLoc.IsZero() && outside(w.nameLoc) {
		w.nameLoc = Loc{}
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
	params := m.Params
	if recv != nil {
		scope["self"] = recv
		// macro Player.NAME(self, …): the receiver is the self parameter.
		if len(params) > 0 && params[0].Name == "self" {
			params = params[1:]
		}
	}
	pos := 0
	for _, a := range e.Args {
		if a.Name != "" {
			found := false
			for _, p := range params {
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
		// Positional arguments fill the parameters not given by keyword.
		for pos < len(params) && scope[params[pos].Name] != nil {
			pos++
		}
		if pos >= len(params) {
			c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), "macro '"+m.Name+"' takes "+plural(len(params), "argument")).related(m.Loc, "its definition")
			return nil
		}
		scope[params[pos].Name] = a.Value
		pos++
	}
	for _, p := range params {
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
			if c.callComments != nil && st.r.actions[i].comment == "" && st.r.actions[i].node != nil {
				st.r.actions[i].comment = joinComments(c.callComments)
			}
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

// macroAnnotations takes the annotations that macros used at the start of
// a rule add to it (a macro whose body is annotations).
func (c *compiler) macroAnnotations(r *Rule) (annots []*Annotation, body []Stmt) {
	annots = r.Annotations
	body = r.Body
	for len(body) > 0 {
		es, ok := body[0].(*ExprStmt)
		if !ok {
			break
		}
		call, ok := es.X.(*Call)
		name, isName := callName(call)
		if !ok || !isName {
			break
		}
		m := c.macros[name]
		if m == nil || !m.Fn || len(m.Annotations) == 0 || len(m.Body) > 0 {
			break
		}
		annots = append(append([]*Annotation{}, annots...), m.Annotations...)
		body = body[1:]
	}
	return annots, body
}

// macroRules lowers the rules a macro used at the top level creates.
func (c *compiler) macroRules(ts *TopStmt) {
	es, ok := ts.Stmt.(*ExprStmt)
	var call *Call
	if ok {
		call, ok = es.X.(*Call)
	}
	name, isName := callName(call)
	if !ok || !isName {
		c.d.errorf(codeOutsideRule, ts.Loc, "this line is not inside a rule")
		return
	}
	m := c.macros[name]
	if m == nil || !m.Fn || len(m.Rules) == 0 {
		x := c.d.errorf(codeOutsideRule, ts.Loc, "only a macro that holds rules can be used outside a rule")
		if m != nil {
			x.related(m.Loc, "the macro")
		}
		return
	}
	scope := macroScope{}
	for i, a := range call.Args {
		if a.Name != "" {
			scope[a.Name] = a.Value
			continue
		}
		if i >= len(m.Params) {
			c.d.errorf(codeWrongArgumentCount, a.Value.exprLoc(), "macro '"+m.Name+"' takes "+plural(len(m.Params), "argument")).related(m.Loc, "its definition")
			return
		}
		scope[m.Params[i].Name] = a.Value
	}
	for _, p := range m.Params {
		if scope[p.Name] == nil {
			if p.Default == nil {
				c.d.errorf(codeMissingArgument, call.Loc, "macro '"+m.Name+"' needs its argument '"+p.Name+"'").related(m.Loc, "its definition")
				return
			}
			scope[p.Name] = p.Default
		}
	}
	c.macroArgs = append(c.macroArgs, scope)
	defer func() { c.macroArgs = c.macroArgs[:len(c.macroArgs)-1] }()
	for _, r := range m.Rules {
		first := len(c.rules)
		c.lowerRule(r)
		for _, wr := range c.rules[first:] {
			wr.loc = ts.Loc
			for i := range wr.actions {
				wr.actions[i].loc = ts.Loc
				relocate(wr.actions[i].node, ts.Loc)
			}
			for i := range wr.conditions {
				wr.conditions[i].loc = ts.Loc
				relocate(wr.conditions[i].lhs, ts.Loc)
				relocate(wr.conditions[i].rhs, ts.Loc)
			}
		}
	}
}
