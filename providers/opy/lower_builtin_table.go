package opy

// This file lowers splitDictArray and tabular: statements that fill
// several array variables from one table written in the source, one
// assignment per variable.
//
//	splitDictArray({hero: H, length: L}, [{hero: Hero.ANA, length: 3}, {hero: Hero.MEI}])
//	tabular([H, L], [Hero.ANA, 3, Hero.MEI, null])
//
// both set H to [Hero.ANA, Hero.MEI] and L to [3, null].

// splitTableCall lowers splitDictArray or tabular reached as an action
// outside a statement of its own: its assignments are written, and
// there is no single action to return.
func (c *compiler) splitTableCall(b *builtinCall) *wnode {
	c.splitTable(b, b.e.Loc, nil)
	return nil
}

// splitTable writes the assignments of splitDictArray(VARIABLES, ROWS,
// compress=false) or tabular(VARIABLES, VALUES, compress=false); the
// statement's comments go on the first.
func (c *compiler) splitTable(b *builtinCall, at Loc, comments []string) {
	given, ok := c.bindExprs(b, need("variables"), need("values"), orDefault("compress", "false"))
	if !ok {
		return
	}
	if x := given[2]; x != nil {
		n, isName := x.(*Name)
		switch {
		case isName && n.Name == "true":
			c.d.errorf(codeUnsupportedFeature, x.exprLoc(), "'"+b.label()+"' with compression is not supported by wright-lsp: it needs OverPy's compression algorithm")
			return
		case !isName || n.Name != "false":
			c.d.errorf(codeExpectedLiteral, x.exprLoc(), "the 3rd argument of '"+b.label()+"' is true or false")
			return
		}
	}
	var targets []Expr
	var columns [][]Expr
	if b.name == "splitDictArray" {
		targets, columns, ok = c.dictColumns(b, given[0], given[1])
	} else {
		targets, columns, ok = c.tableColumns(b, given[0], given[1])
	}
	if !ok {
		return
	}
	var actions []*wnode
	for i, t := range targets {
		var value *wnode
		if len(columns[i]) == 0 {
			value = c.call("__emptyArray__", at)
		} else {
			elems := make([]*wnode, len(columns[i]))
			for j, x := range columns[i] {
				if x == nil {
					elems[j] = c.call("null", at)
				} else if elems[j] = c.expr(x); elems[j] == nil {
					ok = false
				}
			}
			value = c.call("__array__", at, elems...)
		}
		if !ok {
			continue
		}
		w := c.setVariable(t, value, at)
		if w == nil {
			ok = false
			continue
		}
		actions = append(actions, w)
	}
	if !ok {
		return
	}
	for i, w := range actions {
		if i == 0 {
			c.emitAction(w, at, comments)
		} else {
			c.emitAction(w, at, nil)
		}
	}
}

// dictColumns reads splitDictArray's {KEY: VARIABLE, …} and [{KEY:
// VALUE, …}, …]: a column per variable, nil where a row leaves its key
// out.
func (c *compiler) dictColumns(b *builtinCall, vars, rows Expr) ([]Expr, [][]Expr, bool) {
	head, ok := vars.(*Dict)
	if !ok {
		c.d.errorf(codeSyntax, vars.exprLoc(), "the 1st argument of 'splitDictArray' is a dictionary {KEY: VARIABLE, …}")
		return nil, nil, false
	}
	keys := make([]string, len(head.Keys))
	for i, k := range head.Keys {
		if keys[i], ok = c.tableKey(k); !ok {
			return nil, nil, false
		}
	}
	list, ok := rows.(*List)
	if !ok {
		c.d.errorf(codeSyntax, rows.exprLoc(), "the 2nd argument of 'splitDictArray' is an array of dictionaries [{KEY: VALUE, …}, …]")
		return nil, nil, false
	}
	columns := make([][]Expr, len(keys))
	for _, r := range list.Elems {
		row, isDict := r.(*Dict)
		if !isDict {
			c.d.errorf(codeSyntax, r.exprLoc(), "each row of 'splitDictArray' is a dictionary {KEY: VALUE, …}")
			return nil, nil, false
		}
		values := map[string]Expr{}
		for i, k := range row.Keys {
			name, ok := c.tableKey(k)
			if !ok {
				return nil, nil, false
			}
			if !contains(keys, name) {
				c.d.errorf(codeUnknownKeywordArg, k.exprLoc(), "the key '"+name+"' is not one of the variables of 'splitDictArray' ("+joinKeys(keys)+")")
				return nil, nil, false
			}
			values[name] = row.Values[i]
		}
		for i, k := range keys {
			columns[i] = append(columns[i], values[k])
		}
	}
	return head.Values, columns, true
}

// tableKey reads a key of splitDictArray's dictionaries: a name.
func (c *compiler) tableKey(k Expr) (string, bool) {
	n, ok := k.(*Name)
	if !ok {
		c.d.errorf(codeSyntax, k.exprLoc(), "the keys of 'splitDictArray' are names: {hero: …}")
		return "", false
	}
	return n.Name, true
}

func joinKeys(keys []string) string {
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += ", "
		}
		out += k
	}
	return out
}

// tableColumns reads tabular's [VARIABLE, …] and its values, row after
// row: value i goes to variable i modulo their count.
func (c *compiler) tableColumns(b *builtinCall, vars, values Expr) ([]Expr, [][]Expr, bool) {
	head, ok := vars.(*List)
	if !ok || len(head.Elems) == 0 {
		c.d.errorf(codeSyntax, vars.exprLoc(), "the 1st argument of 'tabular' is an array of variables [A, B, …]")
		return nil, nil, false
	}
	list, ok := values.(*List)
	if !ok || len(list.Elems) == 0 {
		c.d.errorf(codeSyntax, values.exprLoc(), "the 2nd argument of 'tabular' is an array of values, row after row")
		return nil, nil, false
	}
	n := len(head.Elems)
	if len(list.Elems)%n != 0 {
		c.d.errorf(codeWrongArgumentCount, values.exprLoc(), "'tabular' has "+plural(n, "variable")+", so its values come by "+itoa(n)+": there are "+itoa(len(list.Elems)))
		return nil, nil, false
	}
	columns := make([][]Expr, n)
	for i, x := range list.Elems {
		columns[i%n] = append(columns[i%n], x)
	}
	return head.Elems, columns, true
}
