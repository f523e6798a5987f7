package opy

// This file reads expressions from a line's tokens by precedence climbing,
// loosest first: ternary, or, and, not, comparisons and in, + -, * / %,
// unary + -, **, then calls, members and indexes.

import (
	"strings"
)

// An exprParser reads one run of tokens.
type exprParser struct {
	d    *diagnostics
	toks []token
	pos  int
	// end is a Loc just past the last token, for "missing operand"
	// errors at the end of the run.
	end Loc
	// failed is set once an error is reported in this run: later errors
	// of the same run are usually its echoes.
	failed bool
	eof    token
	// nodes hands out the most frequent nodes from slabs, when set.
	nodes *nodeSlabs
	// parens holds the span with its parentheses of a parenthesised
	// expression whose node keeps its own span (a name, a call, an
	// index…): what encloses it starts or ends at the parenthesis.
	parens map[Expr]Loc
}

// outer returns an operand's span as written: with the parentheses
// around it, if any.
func (p *exprParser) outer(x Expr) Loc {
	if l, ok := p.parens[x]; ok {
		return l
	}
	return loc(x)
}

// nodeSlabs allocate the most frequent tree nodes in blocks: a large
// program has tens of thousands of names, numbers and calls, and one
// allocation each kept the garbage collector busy.
type nodeSlabs struct {
	names   []Name
	numbers []Number
	calls   []Call
	members []Member
	args    []Arg
	binary  []Binary
	// argLists holds the argument lists of calls, argStack the lists
	// being read (see args).
	argLists []*Arg
	argStack []*Arg
}

// carve copies list to the free end of *slab, replacing it by a new slab
// of at least chunk elements when list does not fit, and returns the
// copy; nil when list is empty. The copy's capacity is its length, so
// that appending to it never writes into the slab.
func carve[T any](slab *[]T, list []T, chunk int) []T {
	if len(list) == 0 {
		return nil
	}
	if cap(*slab)-len(*slab) < len(list) {
		*slab = make([]T, 0, max(chunk, len(list)))
	}
	start := len(*slab)
	*slab = append(*slab, list...)
	return (*slab)[start:len(*slab):len(*slab)]
}

// argList pops the arguments pushed since start and returns them.
func (s *nodeSlabs) argList(start int) []*Arg {
	args := carve(&s.argLists, s.argStack[start:], 1024)
	clear(s.argStack[start:])
	s.argStack = s.argStack[:start]
	return args
}

func take[T any](slab *[]T) *T {
	if len(*slab) == 0 {
		*slab = make([]T, 256)
	}
	x := &(*slab)[0]
	*slab = (*slab)[1:]
	return x
}

func (p *exprParser) newName(n Name) *Name {
	if p.nodes == nil {
		// Not &n: that would move every n to the heap, slab or not.
		x := new(Name)
		*x = n
		return x
	}
	x := take(&p.nodes.names)
	*x = n
	return x
}

func (p *exprParser) newNumber(n Number) *Number {
	if p.nodes == nil {
		// Not &n: that would move every n to the heap, slab or not.
		x := new(Number)
		*x = n
		return x
	}
	x := take(&p.nodes.numbers)
	*x = n
	return x
}

func (p *exprParser) newCall(n Call) *Call {
	if p.nodes == nil {
		// Not &n: that would move every n to the heap, slab or not.
		x := new(Call)
		*x = n
		return x
	}
	x := take(&p.nodes.calls)
	*x = n
	return x
}

func (p *exprParser) newMember(n Member) *Member {
	if p.nodes == nil {
		// Not &n: that would move every n to the heap, slab or not.
		x := new(Member)
		*x = n
		return x
	}
	x := take(&p.nodes.members)
	*x = n
	return x
}

func (p *exprParser) newArg() *Arg {
	if p.nodes == nil {
		return &Arg{}
	}
	return take(&p.nodes.args)
}

func (p *exprParser) newBinary(n Binary) *Binary {
	if p.nodes == nil {
		// Not &n: that would move every n to the heap, slab or not.
		x := new(Binary)
		*x = n
		return x
	}
	x := take(&p.nodes.binary)
	*x = n
	return x
}

// peek returns the next token without consuming it; past the end, a
// tEOF token at p.end. Tokens are handed out by pointer: they are large,
// and the parser looks at each several times.
func (p *exprParser) peek() *token {
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	p.eof = token{kind: tEOF, loc: p.end}
	return &p.eof
}

func (p *exprParser) next() *token {
	t := p.peek()
	if p.pos < len(p.toks) {
		p.pos++
	}
	return t
}

func (p *exprParser) isOp(op string) bool {
	if p.pos >= len(p.toks) {
		return false
	}
	t := &p.toks[p.pos]
	return t.kind == tOp && t.text == op
}

func (p *exprParser) isWord(w string) bool {
	if p.pos >= len(p.toks) {
		return false
	}
	t := &p.toks[p.pos]
	return t.kind == tName && t.text == w
}

func (p *exprParser) errorf(at Loc, msg string) {
	if p.failed {
		return
	}
	p.failed = true
	p.d.errorf(codeSyntax, at, msg)
}

// expect consumes op or reports it missing.
func (p *exprParser) expect(op string, what string) (*token, bool) {
	if p.isOp(op) {
		return p.next(), true
	}
	t := p.peek()
	p.errorf(t.loc, "expected '"+op+"' "+what+", found "+describe(t))
	return t, false
}

// describe names a token for messages.
func describe(t *token) string {
	switch t.kind {
	case tEOF:
		return "the end of the line"
	case tString:
		return "a string"
	case tNumber:
		return "number " + t.text
	}
	return "'" + t.text + "'"
}

// parseAll reads the whole run as one expression.
func (p *exprParser) parseAll() Expr {
	if len(p.toks) == 0 {
		p.d.errorf(codeExpectedExpression, p.end, "expected a value")
		return &BadExpr{Loc: p.end}
	}
	e := p.ternary()
	if p.pos < len(p.toks) {
		t := p.peek()
		p.errorf(t.loc, "unexpected "+describe(t)+" after the value")
	}
	return e
}

func loc(e Expr) Loc { return e.exprLoc() }

func (p *exprParser) ternary() Expr {
	x := p.or()
	if p.isWord("if") {
		p.next()
		cond := p.or()
		if !p.isWord("else") {
			t := p.peek()
			p.errorf(t.loc, "expected 'else' to complete 'A if CONDITION else B', found "+describe(t))
			return &Ternary{Then: x, Cond: cond, Else: &BadExpr{Loc: t.loc}, Loc: p.outer(x).Cover(p.outer(cond))}
		}
		p.next()
		y := p.ternary()
		return &Ternary{Then: x, Cond: cond, Else: y, Loc: p.outer(x).Cover(p.outer(y))}
	}
	return x
}

func (p *exprParser) or() Expr {
	x := p.and()
	for p.isWord("or") {
		op := p.next()
		y := p.and()
		x = p.newBinary(Binary{Op: "or", X: x, Y: y, OpLoc: op.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
	return x
}

func (p *exprParser) and() Expr {
	x := p.not()
	for p.isWord("and") {
		op := p.next()
		y := p.not()
		x = p.newBinary(Binary{Op: "and", X: x, Y: y, OpLoc: op.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
	return x
}

func (p *exprParser) not() Expr {
	if p.isWord("not") {
		op := p.next()
		x := p.not()
		return &Unary{Op: "not", X: x, OpLoc: op.loc, Loc: op.loc.Cover(p.outer(x))}
	}
	return p.comparison()
}

var comparisons = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func (p *exprParser) comparison() Expr {
	x := p.additive()
	for {
		t := p.peek()
		var op string
		switch {
		case t.kind == tOp && comparisons[t.text]:
			op = t.text
			p.next()
		case t.kind == tName && t.text == "in":
			op = "in"
			p.next()
		case t.kind == tName && t.text == "not" && p.pos+1 < len(p.toks) && p.toks[p.pos+1].kind == tName && p.toks[p.pos+1].text == "in":
			op = "not in"
			p.next()
			p.next()
		default:
			return x
		}
		y := p.additive()
		x = p.newBinary(Binary{Op: op, X: x, Y: y, OpLoc: t.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
}

func (p *exprParser) additive() Expr {
	x := p.multiplicative()
	for p.isOp("+") || p.isOp("-") {
		op := p.next()
		y := p.multiplicative()
		x = p.newBinary(Binary{Op: op.text, X: x, Y: y, OpLoc: op.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
	return x
}

func (p *exprParser) multiplicative() Expr {
	x := p.unary()
	for p.isOp("*") || p.isOp("/") || p.isOp("%") {
		op := p.next()
		y := p.unary()
		x = p.newBinary(Binary{Op: op.text, X: x, Y: y, OpLoc: op.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
	return x
}

func (p *exprParser) unary() Expr {
	if p.isWord("not") {
		// OverPy takes "not" as the first token of any operand: 3 * not B.
		op := p.next()
		x := p.unary()
		return &Unary{Op: "not", X: x, OpLoc: op.loc, Loc: op.loc.Cover(p.outer(x))}
	}
	if p.isOp("-") || p.isOp("+") {
		op := p.next()
		x := p.unary()
		return &Unary{Op: op.text, X: x, OpLoc: op.loc, Loc: op.loc.Cover(p.outer(x))}
	}
	return p.power()
}

func (p *exprParser) power() Expr {
	x := p.postfix()
	if p.isOp("**") {
		op := p.next()
		y := p.unary()
		return p.newBinary(Binary{Op: "**", X: x, Y: y, OpLoc: op.loc, Loc: p.outer(x).Cover(p.outer(y))})
	}
	return x
}

func (p *exprParser) postfix() Expr {
	x := p.primary()
	for {
		switch {
		case p.isOp("."):
			dot := p.next()
			t := p.peek()
			if t.kind != tName && t.kind != tNumber {
				p.errorf(t.loc, "expected a name after '.', found "+describe(t))
				return &BadExpr{Loc: p.outer(x).Cover(dot.loc)}
			}
			p.next()
			x = p.newMember(Member{X: x, Name: t.text, NameLoc: t.loc, Loc: p.outer(x).Cover(t.loc)})
		case p.isOp("("):
			open := p.next()
			var typeArg *Arg
			if n, ok := x.(*Name); ok && n.Name == "createWorkshopSetting" {
				typeArg = p.settingType()
			}
			args, closeLoc := p.args()
			if typeArg != nil {
				args = append([]*Arg{typeArg}, args...)
			}
			x = p.newCall(Call{Fn: x, Args: args, Loc: p.outer(x).Cover(closeLoc), ArgLoc: open.loc.Cover(closeLoc)})
		case p.isOp("["):
			p.next()
			if p.isOp("]") {
				t := p.peek()
				p.errorf(t.loc, "expected an index between '[' and ']'")
				p.next()
				return &BadExpr{Loc: p.outer(x).Cover(t.loc)}
			}
			i := p.ternary()
			c, _ := p.expect("]", "to close the index")
			x = &Index{X: x, Index: i, Loc: p.outer(x).Cover(c.loc)}
		default:
			return x
		}
	}
}

// settingType reads the first argument of createWorkshopSetting, a type
// written in its own syntax (int<2:19>, unsigned int, Hero, enum[…]), up
// to its comma.
func (p *exprParser) settingType() *Arg {
	start := p.pos
	depth := 0
	for p.pos < len(p.toks) {
		t := p.peek()
		if t.kind == tOp {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if depth < 0 || depth == 0 && t.text == "," {
				break
			}
		}
		p.pos++
	}
	toks := p.toks[start:p.pos]
	if depth == 0 && p.isOp(",") {
		p.next()
	}
	if len(toks) == 0 {
		at := p.peek().loc
		p.errorf(at, "expected the setting's type (bool, int, float, Hero, int<MIN:MAX>, enum[…]) as the first argument")
		return &Arg{Value: &BadExpr{Loc: at}}
	}
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.spaceBefore {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	toks = append([]token(nil), toks...) // the lexer's tokens are reused
	return &Arg{Value: &TypeExpr{Text: b.String(), Toks: toks, Loc: toks[0].loc.Cover(toks[len(toks)-1].loc)}}
}

// args reads call arguments after '(' up to and including ')'.
func (p *exprParser) args() ([]*Arg, Loc) {
	// The list is built on a stack shared with the calls in its
	// arguments, then copied to a slab at its length.
	s := p.nodes
	if s == nil {
		s = &nodeSlabs{}
	}
	start := len(s.argStack)
	for {
		if p.isOp(")") {
			return s.argList(start), p.next().loc
		}
		t := p.peek()
		if t.kind == tEOF {
			p.errorf(t.loc, "expected ')' to close the arguments")
			return s.argList(start), t.loc
		}
		a := p.newArg()
		if t.kind == tName && p.pos+1 < len(p.toks) && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].text == "=" {
			a.Name, a.NameLoc = t.text, t.loc
			p.pos += 2
		}
		if p.isOp(",") || p.isOp(")") {
			at := p.peek().loc
			p.d.errorf(codeExpectedExpression, at, "expected an argument before "+describe(p.peek()))
			p.failed = true
			a.Value = &BadExpr{Loc: at}
		} else {
			a.Value = p.ternary()
		}
		s.argStack = append(s.argStack, a)
		if p.isOp(",") {
			p.next()
			continue
		}
		if !p.isOp(")") {
			t := p.peek()
			p.errorf(t.loc, "expected ',' or ')' after an argument, found "+describe(t))
			// Skip to the closing bracket so the rest of the line reads.
			for p.pos < len(p.toks) && !p.isOp(")") {
				p.pos++
			}
		}
	}
}

func (p *exprParser) primary() Expr {
	t := p.peek()
	switch t.kind {
	case tName:
		switch t.text {
		case "lambda":
			return p.lambda()
		case "if", "else", "and", "or", "in", "for":
			p.errorf(t.loc, "expected a value, found '"+t.text+"'")
			p.next()
			return &BadExpr{Loc: t.loc}
		}
		p.next()
		return p.newName(Name{Name: t.text, Loc: t.loc})
	case tNumber:
		p.next()
		return p.newNumber(Number{Value: t.num, Text: t.text, Loc: t.loc})
	case tString:
		return p.strings()
	case tOp:
		switch t.text {
		case "(":
			p.next()
			if p.isOp(")") {
				c := p.next()
				p.errorf(t.loc.Cover(c.loc), "empty parentheses: expected a value inside")
				return &BadExpr{Loc: t.loc.Cover(c.loc)}
			}
			x := p.ternary()
			c, ok := p.expect(")", "to close the parenthesis")
			if ok {
				// Keep the parentheses in the span: the value is what
				// the user wrote between them.
				l := t.loc.Cover(c.loc)
				if r := reloc(x, l); r != x {
					return r
				}
				if p.parens == nil {
					p.parens = map[Expr]Loc{}
				}
				p.parens[x] = l
			}
			return x
		case "[":
			return p.list()
		case "{":
			return p.dict()
		}
	case tEOF:
		p.d.errorf(codeExpectedExpression, t.loc, "expected a value")
		p.failed = true
		return &BadExpr{Loc: t.loc}
	}
	p.errorf(t.loc, "expected a value, found "+describe(t))
	p.next()
	return &BadExpr{Loc: t.loc}
}

// reloc widens a parenthesised expression's span to its parentheses
// where the node keeps one span for itself.
func reloc(x Expr, l Loc) Expr {
	switch e := x.(type) {
	case *Binary:
		c := *e
		c.Loc = l
		return &c
	case *Ternary:
		c := *e
		c.Loc = l
		return &c
	case *Unary:
		c := *e
		c.Loc = l
		return &c
	}
	return x
}

// strings reads string literals written side by side.
func (p *exprParser) strings() Expr {
	first := p.peek()
	s := &String{Prefix: first.prefix(), Loc: first.loc}
	var b strings.Builder
	for p.peek().kind == tString {
		t := p.next()
		if t.prefix() != "" && len(s.Parts) > 0 {
			p.d.errorf(codeStringPrefix, t.loc, "only the first of strings written side by side takes a prefix")
		}
		b.WriteString(t.str)
		raw, at := t.text, -1
		if q := strings.IndexAny(raw, "\"'"); q >= 0 && len(raw) >= q+2 {
			raw = raw[q+1 : len(raw)-1]
			if t.exp == nil {
				at = t.loc.Start + q + 1
			}
		}
		s.Parts = append(s.Parts, &StringPart{Value: t.str, Raw: raw, RawAt: at, Loc: t.loc})
		s.Loc = s.Loc.Cover(t.loc)
	}
	s.Value = b.String()
	return s
}

func (p *exprParser) lambda() Expr {
	kw := p.next()
	l := &Lambda{Loc: kw.loc}
	for {
		t := p.peek()
		if t.kind != tName {
			p.errorf(t.loc, "expected a parameter name after 'lambda', found "+describe(t))
			return &BadExpr{Loc: kw.loc}
		}
		p.next()
		l.Params = append(l.Params, t.text)
		l.ParamLocs = append(l.ParamLocs, t.loc)
		if p.isOp(",") {
			p.next()
			continue
		}
		break
	}
	if _, ok := p.expect(":", "after the lambda's parameters"); !ok {
		return &BadExpr{Loc: kw.loc}
	}
	l.Body = p.ternary()
	l.Loc = kw.loc.Cover(loc(l.Body))
	return l
}

// list reads "[…]": an array or a comprehension.
func (p *exprParser) list() Expr {
	open := p.next()
	var elems []Expr
	for {
		if p.isOp("]") {
			c := p.next()
			return &List{Elems: elems, Loc: open.loc.Cover(c.loc)}
		}
		if p.peek().kind == tEOF {
			p.errorf(p.peek().loc, "expected ']' to close the array")
			return &List{Elems: elems, Loc: open.loc}
		}
		e := p.ternary()
		if len(elems) == 0 && p.isWord("for") {
			return p.comprehension(open, e)
		}
		elems = append(elems, e)
		if p.isOp(",") {
			p.next()
			continue
		}
		if !p.isOp("]") {
			t := p.peek()
			p.errorf(t.loc, "expected ',' or ']' in the array, found "+describe(t))
			for p.pos < len(p.toks) && !p.isOp("]") {
				p.pos++
			}
		}
	}
}

func (p *exprParser) comprehension(open *token, elem Expr) Expr {
	p.next() // for
	c := &Comprehension{Elem: elem}
	v := p.peek()
	if v.kind != tName {
		p.errorf(v.loc, "expected a variable after 'for', found "+describe(v))
		return &BadExpr{Loc: open.loc}
	}
	p.next()
	c.Var, c.VarLoc = v.text, v.loc
	if p.isOp(",") {
		p.next()
		i := p.peek()
		if i.kind != tName {
			p.errorf(i.loc, "expected an index variable after ',', found "+describe(i))
			return &BadExpr{Loc: open.loc}
		}
		p.next()
		c.IndexVar, c.IndexLoc = i.text, i.loc
	}
	if !p.isWord("in") {
		t := p.peek()
		p.errorf(t.loc, "expected 'in' after the comprehension's variable, found "+describe(t))
		return &BadExpr{Loc: open.loc}
	}
	p.next()
	c.Iter = p.or()
	if p.isWord("if") {
		p.next()
		c.Cond = p.ternary()
	}
	cl, _ := p.expect("]", "to close the comprehension")
	c.Loc = open.loc.Cover(cl.loc)
	return c
}

// dict reads "{K: V, …}".
func (p *exprParser) dict() Expr {
	open := p.next()
	d := &Dict{}
	for {
		if p.isOp("}") {
			c := p.next()
			d.Loc = open.loc.Cover(c.loc)
			return d
		}
		if p.peek().kind == tEOF {
			p.errorf(p.peek().loc, "expected '}' to close the dictionary")
			d.Loc = open.loc
			return d
		}
		k := p.ternary()
		if _, ok := p.expect(":", "between a dictionary key and its value"); !ok {
			for p.pos < len(p.toks) && !p.isOp("}") {
				p.pos++
			}
			continue
		}
		v := p.ternary()
		d.Keys = append(d.Keys, k)
		d.Values = append(d.Values, v)
		if p.isOp(",") {
			p.next()
			continue
		}
		if !p.isOp("}") {
			t := p.peek()
			p.errorf(t.loc, "expected ',' or '}' in the dictionary, found "+describe(t))
			for p.pos < len(p.toks) && !p.isOp("}") {
				p.pos++
			}
		}
	}
}
