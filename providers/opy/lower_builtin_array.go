package opy

// This file lowers OverPy's array functions: sorted, any, all, the
// lambda members (.map, .filter, .any, .all), .reverse(), .unique(),
// arrayToString and ENUM.toArray().

// Shorthands for the values array functions are built of.
func (c *compiler) element(at Loc) *wnode { return c.call("__currentArrayElement__", at) }
func (c *compiler) index(at Loc) *wnode   { return c.call("__currentArrayIndex__", at) }

// compare builds Compare(x, op, y).
func (c *compiler) compare(x *wnode, op string, y *wnode, at Loc) *wnode {
	return c.call("__compare__", at, x, c.node(wnode{kind: wCompare, text: op, loc: at}), y)
}

// customStr builds Custom String(text, args…): text is already in
// Workshop form ({0}, {1}, … for the arguments).
func (c *compiler) customStr(text string, at Loc, args ...*wnode) *wnode {
	return c.call("__customString__", at, append([]*wnode{{kind: wString, text: text, loc: at}}, args...)...)
}

// sorted lowers sorted(A) and sorted(A, key=lambda x: RANK).
func (c *compiler) sorted(b *builtinCall) *wnode {
	e := b.e
	if len(e.Args) < 1 || len(e.Args) > 2 {
		c.d.errorf(codeWrongArgumentCount, e.ArgLoc, "'sorted' takes an array and, optionally, key=lambda x: …; got "+plural(len(e.Args), "argument"))
		return nil
	}
	if e.Args[0].Name != "" {
		c.d.errorf(codeUnknownKeywordArg, e.Args[0].NameLoc, "the array of 'sorted' is its first argument, without a keyword")
		return nil
	}
	arr := c.expr(e.Args[0].Value)
	if arr == nil {
		return nil
	}
	if len(e.Args) == 1 {
		return c.sortedArray(arr, c.element(e.Loc), e.Loc)
	}
	if e.Args[1].Name != "" && e.Args[1].Name != "key" {
		c.d.errorf(codeUnknownKeywordArg, e.Args[1].NameLoc, "'sorted' has no parameter '"+e.Args[1].Name+"': it takes key=")
		return nil
	}
	rank := c.lambdaBody(e.Args[1].Value, "sorted")
	if rank == nil {
		return nil
	}
	return c.sortedArray(arr, rank, e.Loc)
}

// sortedArray builds Sorted Array(arr, rank). Like OverPy, even
// unoptimised, it reverses a literal array sorted by its negated index
// (A.reverse()) at once.
func (c *compiler) sortedArray(arr, rank *wnode, at Loc) *wnode {
	isMinusOne := func(w *wnode) bool { return w.kind == wNumber && w.num == -1 }
	isIndex := func(w *wnode) bool { return w.kind == wCall && w.elem.ID == "__currentArrayIndex__" }
	if arr.kind == wCall && arr.elem.ID == "__array__" && rank.kind == wCall && rank.elem.ID == "__multiply__" &&
		(isMinusOne(rank.args[0]) && isIndex(rank.args[1]) || isIndex(rank.args[0]) && isMinusOne(rank.args[1])) {
		n := len(arr.args)
		reversed := make([]*wnode, n)
		for i, a := range arr.args {
			reversed[n-1-i] = a
		}
		return c.call("__array__", arr.loc, reversed...)
	}
	return c.call("__sortedArray__", at, arr, rank)
}

// anyAll lowers any(A), all(A) and their comprehension forms,
// any([COND for x in A]).
func (c *compiler) anyAll(b *builtinCall) *wnode {
	e := b.e
	if !c.arity(e, b.name, 1, 1) {
		return nil
	}
	key := map[string]string{"any": "__any__", "all": "__all__"}[b.name]
	if comp, ok := e.Args[0].Value.(*Comprehension); ok {
		iter := c.expr(comp.Iter)
		if iter == nil {
			return nil
		}
		c.pushAliases(comp.Var, comp.IndexVar, comp.Loc)
		defer c.popAliases()
		if comp.Cond != nil {
			cond := c.expr(comp.Cond)
			if cond == nil {
				return nil
			}
			iter = c.call("__filteredArray__", comp.Loc, iter, cond)
		}
		body := c.expr(comp.Elem)
		if body == nil {
			return nil
		}
		return c.call(key, e.Loc, iter, body)
	}
	arr := c.expr(e.Args[0].Value)
	if arr == nil {
		return nil
	}
	return c.call(key, e.Loc, arr, c.element(e.Loc))
}

// lambdaMember lowers A.map(lambda x: …), A.filter(…), A.any(…) and
// A.all(…); .any() and .all() without a lambda test the elements
// themselves.
func (c *compiler) lambdaMember(b *builtinCall) *wnode {
	e := b.e
	lo := 1
	if b.name == ".any" || b.name == ".all" {
		lo = 0
	}
	if !c.arity(e, b.name, lo, 1) {
		return nil
	}
	arr := c.expr(b.recv)
	if arr == nil {
		return nil
	}
	key := map[string]string{".map": "__mappedArray__", ".filter": "__filteredArray__", ".any": "__any__", ".all": "__all__"}[b.name]
	if len(e.Args) == 0 {
		return c.call(key, e.Loc, arr, c.element(e.Loc))
	}
	body := c.lambdaBody(e.Args[0].Value, b.name)
	if body == nil {
		return nil
	}
	return c.call(key, e.Loc, arr, body)
}

// reverse lowers A.reverse(): A sorted by its indexes, descending.
func (c *compiler) reverse(b *builtinCall) *wnode {
	args := c.args(b, need("self"))
	if args == nil {
		return nil
	}
	at := b.e.Loc
	return c.sortedArray(args[0], c.call("__multiply__", at, num(-1, at), c.index(at)), at)
}

// unique lowers A.unique(): the elements whose first index is their
// own.
func (c *compiler) unique(b *builtinCall) *wnode {
	args := c.args(b, need("self"))
	if args == nil {
		return nil
	}
	at, a := b.e.Loc, args[0]
	first := c.compare(c.call(".index", at, a, c.element(at)), "==", c.index(at), at)
	return c.call("__mappedArray__", at, c.call("__filteredArray__", at, a, first), c.element(at))
}

// enumToArray lowers ENUM.toArray(): the array of the enum's members.
func (c *compiler) enumToArray(b *builtinCall) *wnode {
	if !c.arity(b.e, b.name, 0, 0) {
		return nil
	}
	if n, ok := b.recv.(*Name); ok {
		if en := c.names.enums[n.Name]; en != nil {
			return c.enumArray(en, b.e.Loc)
		}
		if ue := c.enums[n.Name]; ue != nil {
			return c.userEnumArray(ue, b.e.Loc)
		}
	}
	c.d.errorf(codeSyntax, b.recv.exprLoc(), "'.toArray()' is a member of enums (Hero.toArray())")
	return nil
}

// ellipsis ends the display of arrayToString. OverPy follows it with
// U+0001, which shows as nothing.
const ellipsis = "…\x01"

// arrayToStringLimit is the largest maxLength of arrayToString whose
// strings stay within a Custom String's 128 characters.
const arrayToStringLimit = 41

// arrayToStringCall lowers arrayToString(A, maxLength=12).
func (c *compiler) arrayToStringCall(b *builtinCall) *wnode {
	args := c.args(b, need("array"), orDefault("maxLength", "12"))
	if args == nil {
		return nil
	}
	n := 12
	if len(b.e.Args) > 1 {
		arg := b.e.Args[len(b.e.Args)-1].Value
		for _, a := range b.e.Args {
			if a.Name == "maxLength" {
				arg = a.Value
			}
		}
		v, ok := literalNumber(arg)
		if !ok || v != float64(int(v)) || v < 0 {
			c.d.errorf(codeExpectedLiteral, arg.exprLoc(), "the maxLength of 'arrayToString' is a whole number written as is (arrayToString(A, 5))")
			return nil
		}
		if v > arrayToStringLimit {
			c.d.errorf(codeUnsupportedFeature, arg.exprLoc(), "'arrayToString' with a maxLength above "+itoa(arrayToStringLimit)+" is not supported by wright-lsp: its strings would need splitting")
			return nil
		}
		n = int(v)
	}
	return c.arrayToString(args[0], n, b.e.Loc)
}

// arrayToString builds OverPy's display of an array as "[a, b, …+N]":
// each element is shown as itself, or as "[FIRST]" / "[FIRST, …+N]" when
// it is an array; a value that is not an array is shown as itself.
func (c *compiler) arrayToString(a *wnode, n int, at Loc) *wnode {
	elem := func() *wnode { return c.element(at) }
	count := func(x *wnode) *wnode { return c.call("len", at, x) }
	// isArray: the value has elements, or is the empty array (and not
	// null, which equals it).
	isEmptyArray := func() *wnode {
		return c.call("__and__", at, c.compare(elem(), "==", c.call("__emptyArray__", at), at), c.compare(elem(), "!=", c.call("null", at), at))
	}
	shown := c.call("__ifThenElse__", at,
		c.call("__or__", at, c.compare(count(elem()), "==", num(1, at), at), isEmptyArray()),
		c.customStr("[{0}]", at, elem()),
		c.call("__ifThenElse__", at, count(elem()),
			c.customStr("[{0}, …+{1}]", at, elem(), c.call("__subtract__", at, count(elem()), num(1, at))),
			elem()))
	// Each row: [is an array, 3 × length (3 for a value), elements…].
	header := c.call(".concat", at,
		c.call(".concat", at,
			c.call("__or__", at, count(elem()), isEmptyArray()),
			c.call("__ifThenElse__", at,
				c.call("__and__", at, c.call("__not__", at, count(elem())), c.compare(elem(), "!=", c.call("__emptyArray__", at), at)),
				num(3, at), c.call("__multiply__", at, count(elem()), num(3, at)))),
		elem())
	rows := c.call("__mappedArray__", at, c.call("__array__", at, c.call("__mappedArray__", at, a, shown)), header)
	field := func(i int) *wnode { return c.call("__valueInArray__", at, elem(), num(float64(i), at)) }
	zeros := ""
	for range n {
		zeros += "0, "
	}
	zeros += ellipsis
	// The display of n elements, with the unused ones cut off: the
	// placeholders are as wide as the zeros, three characters each.
	cut := c.call(".substring", at, c.customStr(zeros, at),
		c.call("__add__", at, num(-2, at), field(1)),
		c.call("__subtract__", at, num(float64(3*n+4), at), field(1)))
	more := c.call("__ifThenElse__", at, c.compare(field(1), ">", num(float64(3*n), at), at),
		c.customStr("+{0}", at, c.call("__subtract__", at, c.call("__divide__", at, field(1), num(3, at)), num(float64(n), at))),
		c.call("__emptyArray__", at))
	list := c.call("__customString__", at, &wnode{kind: wString, text: "[{0}{1}]", loc: at},
		c.call(".replace", at, c.arrayDisplay(field, 2, n, at), cut, c.call("__emptyArray__", at)), more)
	return c.call("__mappedArray__", at, rows, c.call("__ifThenElse__", at, field(0), list, c.call(".split", at, field(2), c.call("__emptyArray__", at))))
}

// arrayDisplay is "{0}, {1}, …, …" over n fields from first on, three
// arguments at most to a Custom String: the third holds the rest.
func (c *compiler) arrayDisplay(field func(int) *wnode, first, n int, at Loc) *wnode {
	if n <= 3 {
		text := ""
		var args []*wnode
		for i := range n {
			text += "{" + itoa(i) + "}, "
			args = append(args, field(first+i))
		}
		return c.customStr(text+ellipsis, at, args...)
	}
	return c.customStr("{0}, {1}, {2}", at, field(first), field(first+1), c.arrayDisplay(field, first+2, n-2, at))
}
