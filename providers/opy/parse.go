package opy

// This file groups logical lines into blocks by indentation and reads
// declarations, rules, annotations and statements. Every line is read on
// its own, so a broken line is reported and the next one still reads.

import (
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// A node is a logical line and the block it heads.
type node struct {
	l        line
	children []*node
	// colon is the index of the header's ':' in l.tokens, or -1.
	colon int
}

// headerWords start lines that take an indented block.
var headerWords = map[string]bool{"rule": true, "def": true, "if": true, "elif": true, "else": true, "while": true,
	"for": true, "do": true, "switch": true, "case": true, "default": true, "enum": true, "macro": true}

// headerColon returns the index of a block header's ':' or -1.
func headerColon(l *line) int {
	if len(l.tokens) == 0 || l.tokens[0].kind != tName || !headerWords[l.tokens[0].text] {
		return -1
	}
	isMacro := l.tokens[0].text == "macro"
	depth := 0
	for i := range l.tokens {
		t := &l.tokens[i]
		if t.kind != tOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ":":
			if depth != 0 {
				continue
			}
			if isMacro && i+1 < len(l.tokens) {
				return -1 // macro NAME = lambda…: not a block
			}
			return i
		case "=":
			if isMacro && depth == 0 {
				return -1
			}
		}
	}
	return -1
}

// topLevel calls f with each token outside brackets and its index; f
// returns false to stop.
func topLevel(toks []token, f func(i int, t *token) bool) {
	depth := 0
	for i := range toks {
		t := &toks[i]
		if t.kind == tOp {
			switch t.text {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				depth--
				continue
			}
		}
		if depth == 0 && !f(i, t) {
			return
		}
	}
}

type parser struct {
	p     *Program
	d     *diagnostics
	nodes nodeSlabs
	expr  exprParser
	// lineNodes hands out the nodes of blocks, from the read's scratch
	// memory (scratch.go).
	lineNodes []node
	mem       *scratch
	// kept holds the tokens the tree keeps (annotation arguments).
	kept []token
	// mixedReported: the mixed-indentation warning is given once.
	mixedReported bool
	// comments are the comment lines read since the last declaration,
	// lastRule the last rule read (decls).
	comments []string
	lastRule *Rule
}

// blocks groups lines[*i:] with indentation deeper than outer. OverPy
// puts every deeper line in the block; lines whose indentation does not
// match the block's are reported, and kept where OverPy keeps them.
func (ps *parser) blocks(lines []line, i *int, outer int, top bool) []*node {
	var out []*node
	indent := -1
	if top {
		indent = 0
	}
	var first *line
	for *i < len(lines) && lines[*i].indent > outer {
		l := lines[*i]
		*i++
		if len(l.tokens) == 0 {
			// A comment line: its indentation says nothing.
			n := ps.newNode()
			n.l, n.colon = l, -1
			out = append(out, n)
			continue
		}
		switch {
		case indent < 0:
			indent, first = l.indent, &lines[*i-1]
		case l.indent > indent:
			ps.d.errorf(codeUnexpectedIndent, l.indentLoc, "unexpected indentation: this line is deeper than the lines before it, and the line before does not open a block ("+itoa(l.indent)+" columns, the block's lines have "+itoa(indent)+")")
		case l.indent < indent:
			ps.d.errorf(codeInconsistentDedent, l.indentLoc, "this line's indentation ("+itoa(l.indent)+" columns) matches no enclosing block (its block's lines have "+itoa(indent)+")")
		}
		if first != nil && !ps.mixedReported && l.indent == indent && (l.tabs != first.tabs || l.spaces != first.spaces) && l.indent > 0 {
			ps.mixedReported = true
			ps.d.warn(codeMixedIndentation, l.indentLoc, "indentation mixes tabs and spaces: OverPy counts a tab as 4 columns, which an editor may show otherwise")
		}
		n := ps.newNode()
		n.l, n.colon = l, headerColon(&l)
		if n.colon >= 0 {
			n.children = ps.blocks(lines, i, l.indent, false)
		}
		out = append(out, n)
	}
	return out
}

// newNode returns a block node from a slab.
func (ps *parser) newNode() *node {
	if len(ps.lineNodes) == 0 {
		s := ps.mem.blockNodes.get(blockNodeChunk, 1)
		ps.lineNodes = s[:cap(s)]
	}
	n := &ps.lineNodes[0]
	ps.lineNodes = ps.lineNodes[1:]
	return n
}

// program reads the top level.
func (ps *parser) program(lines []line) {
	i := 0
	var nodes []*node
	for i < len(lines) {
		nodes = append(nodes, ps.blocks(lines, &i, -1, true)...)
	}
	ps.split(nodes)
}

// decls reads top-level nodes into declarations; a second call goes on
// where the first stopped.
func (ps *parser) decls(nodes []*node) {
	comments, lastRule := ps.comments, ps.lastRule
	defer func() { ps.comments, ps.lastRule = comments, lastRule }()
	for _, n := range nodes {
		if len(n.l.tokens) == 0 {
			for _, c := range n.l.comments {
				comments = append(comments, c.text)
			}
			continue
		}
		t0 := n.l.tokens[0]
		var decl Decl
		switch {
		case t0.kind == tDirective:
			decl = &Directive{Name: t0.text, Args: t0.str, Loc: t0.loc}
			ps.p.forSizeAggressive = ps.p.forSizeAggressive || t0.text == "optimizeForSizeAggressive"
		case t0.kind == tName && (t0.text == "globalvar" || t0.text == "playervar"):
			decl = ps.varDecl(n)
		case t0.kind == tName && t0.text == "subroutine":
			decl = ps.subDecl(n)
		case t0.kind == tName && (t0.text == "rule" || t0.text == "def"):
			r := ps.rule(n)
			r.Comments = comments
			lastRule = r
			decl = r
		case t0.kind == tName && t0.text == "enum":
			decl = ps.enumDecl(n)
		case t0.kind == tName && t0.text == "macro":
			decl = ps.macroDecl(n)
		case t0.kind == tName && t0.text == "settings":
			decl = ps.settings(n)
		case t0.kind == tName && len(n.l.tokens) > 1 && n.l.tokens[1].kind == tOp && n.l.tokens[1].text == "(" && ps.isMacroName(t0.text):
			decl = &TopStmt{Stmt: ps.stmt(n), Loc: n.l.loc()}
		default:
			x := ps.d.errorf(codeOutsideRule, n.l.loc(), "this line is not inside a rule: actions and annotations belong to an indented rule or subroutine body")
			if lastRule != nil && len(lastRule.Body) == 0 && len(lastRule.Annotations) == 0 {
				x.related(lastRule.Loc, "indent it to make it part of this rule")
			}
		}
		comments = nil
		if decl != nil {
			ps.p.Decls = append(ps.p.Decls, decl)
		}
	}
}

// isMacroName reports a name declared by an earlier "macro" line.
func (ps *parser) isMacroName(name string) bool {
	for _, d := range ps.p.Decls {
		if m, ok := d.(*MacroDecl); ok && m.Name == name && m.Class == "" {
			return true
		}
	}
	return false
}

// exprOf reads tokens as one expression; after is the Loc where a missing
// value would go.
func (ps *parser) exprOf(toks []token, after Loc) Expr {
	if len(toks) > 0 {
		last := toks[len(toks)-1].loc
		after = Loc{File: last.File, Span: source.Span{Start: last.End, End: last.End}}
	}
	// One expression parser serves every line: a statement does not read
	// another expression while its own is being read.
	ps.expr = exprParser{d: ps.d, toks: toks, end: after, nodes: &ps.nodes}
	return ps.expr.parseAll()
}

// endOf is the empty Loc at the end of l.
func endOf(l Loc) Loc { return Loc{File: l.File, Span: source.Span{Start: l.End, End: l.End}} }

func (ps *parser) varDecl(n *node) Decl {
	toks := n.l.tokens
	d := &VarDecl{Player: toks[0].text == "playervar", Index: -1, Loc: n.l.loc()}
	eq := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tOp && t.text == "=" {
			eq = i
			break
		}
	}
	head := toks
	if eq >= 0 {
		head = toks[:eq]
		d.Init = ps.exprOf(toks[eq+1:], endOf(toks[eq].loc))
	}
	if len(head) < 2 || head[1].kind != tName || len(head) > 3 || len(head) == 3 && head[2].kind != tNumber {
		ps.d.errorf(codeMalformedDecl, d.Loc, "expected '"+toks[0].text+" NAME [INDEX] [= VALUE]'")
		return nil
	}
	d.Name, d.NameLoc = head[1].text, head[1].loc
	if len(head) == 3 {
		d.Index, d.IndexLoc = ps.index(head[2])
	}
	ps.noBlock(n)
	return d
}

// index reads a declared index.
func (ps *parser) index(t token) (int, Loc) {
	v, err := strconv.Atoi(t.text)
	if err != nil || v < 0 || v > 127 {
		ps.d.errorf(codeIndexOutOfRange, t.loc, "index "+t.text+" is not a whole number from 0 to 127")
		return -1, t.loc
	}
	return v, t.loc
}

func (ps *parser) subDecl(n *node) Decl {
	toks := n.l.tokens
	if len(toks) < 2 || len(toks) > 3 || toks[1].kind != tName || len(toks) == 3 && toks[2].kind != tNumber {
		ps.d.errorf(codeMalformedDecl, n.l.loc(), "expected 'subroutine NAME [INDEX]'")
		return nil
	}
	d := &SubDecl{Name: toks[1].text, NameLoc: toks[1].loc, Index: -1, Loc: n.l.loc()}
	if len(toks) == 3 {
		d.Index, d.IndexLoc = ps.index(toks[2])
	}
	ps.noBlock(n)
	return d
}

// noBlock reports a block under a line that takes none.
func (ps *parser) noBlock(n *node) {
	if len(n.children) > 0 {
		ps.d.errorf(codeUnexpectedIndent, n.children[0].l.indentLoc, "unexpected indentation: the line above opens no block")
	}
}

// headerParts splits a header line at its colon: the tokens before it
// (after the keyword) and a one-line body after it. A missing colon is
// reported.
func (ps *parser) headerParts(n *node) (head []token, rest []token, ok bool) {
	toks := n.l.tokens
	if n.colon < 0 {
		for i := range toks {
			t := &toks[i]
			if t.kind == tOp && t.text == ":" {
				return toks[1:i], toks[i+1:], true
			}
		}
		last := toks[len(toks)-1].loc
		ps.d.errorf(codeExpectedColon, endOf(last), "expected ':' at the end of the '"+toks[0].text+"' line")
		return toks[1:], nil, false
	}
	return toks[1:n.colon], toks[n.colon+1:], true
}

func (ps *parser) rule(n *node) *Rule {
	toks := n.l.tokens
	r := &Rule{Def: toks[0].text == "def", Loc: n.l.loc()}
	head, rest, _ := ps.headerParts(n)
	if r.Def {
		if len(head) != 3 || head[0].kind != tName || head[1].text != "(" || head[2].text != ")" {
			ps.d.errorf(codeMalformedDecl, r.Loc, "expected 'def NAME():' (a subroutine takes no parameters)")
		}
		if len(head) > 0 && head[0].kind == tName {
			r.Name, r.NameLoc = head[0].text, head[0].loc
		}
	} else {
		var b strings.Builder
		ok := len(head) > 0
		for i := range head {
			t := &head[i]
			if t.kind != tString {
				ok = false
				break
			}
			b.WriteString(t.str)
			r.NameLoc = r.NameLoc.Cover(t.loc)
		}
		if !ok {
			ps.d.errorf(codeMalformedDecl, r.Loc, "expected 'rule \"NAME\":'")
		}
		r.Name = b.String()
	}
	body := n.children
	if len(rest) > 0 {
		body = append([]*node{{l: line{tokens: rest, indent: n.l.indent + 1}, colon: -1}}, body...)
	}
	r.Annotations, r.Body = ps.ruleBody(body)
	r.Block = r.Loc
	if len(n.children) > 0 {
		r.Block = r.Block.Cover(lastLoc(n.children))
	}
	return r
}

// lastLoc is the end of the last line of a block, nested blocks included.
func lastLoc(ns []*node) Loc {
	n := ns[len(ns)-1]
	if len(n.children) > 0 {
		return lastLoc(n.children)
	}
	return n.l.loc()
}

// ruleBody reads a rule's annotations, then its statements.
func (ps *parser) ruleBody(ns []*node) ([]*Annotation, []Stmt) {
	var annots []*Annotation
	i := 0
	var pending []string
	for ; i < len(ns); i++ {
		n := ns[i]
		if len(n.l.tokens) == 0 {
			for _, c := range n.l.comments {
				pending = append(pending, c.text)
			}
			continue
		}
		if !isAnnotation(n) {
			break
		}
		a := ps.annotation(n)
		a.Comments = append(pending, lineComments(n)...)
		pending = nil
		annots = append(annots, a)
	}
	rest := ns[i:]
	if len(pending) > 0 && i > 0 {
		// Comments between the annotations and the first action belong to
		// the action.
		rest = ns[i-countTrailingComments(ns[:i]):]
	}
	return annots, ps.stmts(rest)
}

func countTrailingComments(ns []*node) int {
	n := 0
	for i := len(ns) - 1; i >= 0 && len(ns[i].l.tokens) == 0; i-- {
		n++
	}
	return n
}

func isAnnotation(n *node) bool {
	t := n.l.tokens[0]
	return t.kind == tName && strings.HasPrefix(t.text, "@")
}

func lineComments(n *node) []string {
	var out []string
	for _, c := range n.l.comments {
		out = append(out, c.text)
	}
	return out
}

func (ps *parser) annotation(n *node) *Annotation {
	t := n.l.tokens[0]
	// The tree keeps its own copy of the tokens: the lexer's are reused.
	a := &Annotation{Name: t.text[1:], Loc: t.loc, Args: carve(&ps.kept, n.l.tokens[1:], 512)}
	if len(a.Args) > 0 {
		a.ArgLoc = a.Args[0].loc.Cover(a.Args[len(a.Args)-1].loc)
	}
	switch a.Name {
	case "Condition", "Name", "NewPage":
		if len(a.Args) > 0 || a.Name != "NewPage" {
			a.Expr = ps.exprOf(a.Args, endOf(t.loc))
		}
	}
	ps.noBlock(n)
	return a
}

// stmts reads a block's statements.
func (ps *parser) stmts(ns []*node) []Stmt {
	var out []Stmt
	var pending []string
	for i := 0; i < len(ns); i++ {
		n := ns[i]
		if len(n.l.tokens) == 0 {
			for _, c := range n.l.comments {
				pending = append(pending, c.text)
			}
			continue
		}
		if isAnnotation(n) {
			ps.d.errorf(codeMisplacedAnnot, n.l.tokens[0].loc, "annotations come first in a rule, before its actions")
			continue
		}
		s := ps.stmt(n)
		if do, ok := s.(*DoStmt); ok {
			// "do:" is closed by the "while COND" line that follows it.
			if i+1 < len(ns) && len(ns[i+1].l.tokens) > 0 && ns[i+1].l.tokens[0].text == "while" && ns[i+1].colon < 0 {
				i++
				w := ns[i]
				do.Cond = ps.exprOf(w.l.tokens[1:], endOf(w.l.tokens[0].loc))
				do.WhileLoc = w.l.loc()
				do.Loc = do.Loc.Cover(w.l.loc())
				ps.noBlock(w)
			} else {
				ps.d.errorf(codeSyntax, do.Loc, "'do:' needs a 'while CONDITION' line after its block, at its indentation")
			}
		}
		if s == nil {
			continue
		}
		base := stmtBase(s)
		base.Comments = append(pending, lineComments(n)...)
		pending = nil
		out = append(out, s)
	}
	return out
}

// stmtBase returns the shared part of a statement.
func stmtBase(s Stmt) *StmtBase {
	switch s := s.(type) {
	case *ExprStmt:
		return &s.StmtBase
	case *AssignStmt:
		return &s.StmtBase
	case *IfStmt:
		return &s.StmtBase
	case *WhileStmt:
		return &s.StmtBase
	case *ForStmt:
		return &s.StmtBase
	case *DoStmt:
		return &s.StmtBase
	case *SwitchStmt:
		return &s.StmtBase
	case *CaseStmt:
		return &s.StmtBase
	case *SimpleStmt:
		return &s.StmtBase
	case *GotoStmt:
		return &s.StmtBase
	case *LabelStmt:
		return &s.StmtBase
	case *DelStmt:
		return &s.StmtBase
	case *DirectiveStmt:
		return &s.StmtBase
	case *BadStmt:
		return &s.StmtBase
	}
	panic("opy: unknown statement")
}

// block reads a header's block, with a one-line body after the colon.
func (ps *parser) block(n *node, rest []token) []Stmt {
	ns := n.children
	if len(rest) > 0 {
		ns = append([]*node{{l: line{tokens: rest, indent: n.l.indent + 1}, colon: headerColon(&line{tokens: rest})}}, ns...)
	}
	return ps.stmts(ns)
}

// stmt reads one statement line (and its block).
func (ps *parser) stmt(n *node) Stmt {
	toks := n.l.tokens
	t0 := toks[0]
	base := StmtBase{Loc: n.l.loc()}
	if t0.kind == tDirective {
		ps.p.forSizeAggressive = ps.p.forSizeAggressive || t0.text == "optimizeForSizeAggressive"
		return &DirectiveStmt{StmtBase: base, Name: t0.text, Args: t0.str}
	}
	if t0.kind == tName {
		switch t0.text {
		case "if", "elif", "while", "switch", "case":
			head, rest, _ := ps.headerParts(n)
			cond := ps.exprOf(head, endOf(t0.loc))
			body := ps.block(n, rest)
			switch t0.text {
			case "while":
				return &WhileStmt{StmtBase: base, Cond: cond, Body: body}
			case "switch":
				return &SwitchStmt{StmtBase: base, Value: cond, Body: body}
			case "case":
				return &CaseStmt{StmtBase: base, Value: cond, Body: body}
			}
			return &IfStmt{StmtBase: base, Kind: t0.text, Cond: cond, Body: body}
		case "else", "do", "default":
			head, rest, _ := ps.headerParts(n)
			if len(head) > 0 {
				ps.d.errorf(codeSyntax, head[0].loc, "expected ':' right after '"+t0.text+"'")
			}
			body := ps.block(n, rest)
			switch t0.text {
			case "do":
				return &DoStmt{StmtBase: base, Body: body}
			case "default":
				return &CaseStmt{StmtBase: base, Default: true, Body: body}
			}
			return &IfStmt{StmtBase: base, Kind: "else", Body: body}
		case "for":
			return ps.forStmt(n, base)
		case "break", "continue", "return", "pass":
			if len(toks) > 1 {
				ps.d.errorf(codeSyntax, toks[1].loc.Cover(toks[len(toks)-1].loc), "'"+t0.text+"' takes nothing after it")
			}
			ps.noBlock(n)
			return &SimpleStmt{StmtBase: base, Kind: t0.text}
		case "goto":
			return ps.gotoStmt(n, base)
		case "del":
			ps.noBlock(n)
			return &DelStmt{StmtBase: base, Target: ps.exprOf(toks[1:], endOf(t0.loc))}
		case "rule", "def", "globalvar", "playervar", "subroutine", "enum", "macro", "settings":
			ps.d.errorf(codeSyntax, t0.loc, "'"+t0.text+"' declarations belong at the top level, not inside a rule")
			return nil
		}
		if len(toks) == 2 && toks[1].kind == tOp && toks[1].text == ":" {
			ps.noBlock(n)
			return &LabelStmt{StmtBase: base, Name: t0.text}
		}
	}
	ps.noBlock(n)
	return ps.simpleStmt(toks, base)
}

// assignOps are the assignment operators.
var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "**=": true}

// simpleStmt reads an assignment, an increment or an expression.
func (ps *parser) simpleStmt(toks []token, base StmtBase) Stmt {
	at := -1
	topLevel(toks, func(i int, t *token) bool {
		if t.kind == tOp && assignOps[t.text] {
			at = i
			return false
		}
		return true
	})
	if at >= 0 {
		i, t := at, toks[at]
		op, opLoc, target := t.text, t.loc, toks[:i]
		// "min=" and "max=" are written without a space.
		if op == "=" && i >= 2 && toks[i-1].kind == tName && (toks[i-1].text == "min" || toks[i-1].text == "max") && !t.spaceBefore {
			op, opLoc, target = toks[i-1].text+"=", toks[i-1].loc.Cover(t.loc), toks[:i-1]
		}
		if len(target) == 0 {
			ps.d.errorf(codeExpectedExpression, t.loc, "expected a variable before '"+op+"'")
			return &BadStmt{StmtBase: base}
		}
		return &AssignStmt{StmtBase: base, Target: ps.exprOf(target, base.Loc), Op: op, OpLoc: opLoc, Value: ps.exprOf(toks[i+1:], endOf(t.loc))}
	}
	if n := len(toks); n >= 3 && toks[n-1].kind == tOp && toks[n-2].kind == tOp && toks[n-1].text == toks[n-2].text && (toks[n-1].text == "+" || toks[n-1].text == "-") && !toks[n-1].spaceBefore {
		opLoc := toks[n-2].loc.Cover(toks[n-1].loc)
		return &AssignStmt{StmtBase: base, Target: ps.exprOf(toks[:n-2], base.Loc), Op: toks[n-1].text + toks[n-1].text, OpLoc: opLoc}
	}
	return &ExprStmt{StmtBase: base, X: ps.exprOf(toks, base.Loc)}
}

func (ps *parser) forStmt(n *node, base StmtBase) Stmt {
	head, rest, _ := ps.headerParts(n)
	in := -1
	depth := 0
	for i := range head {
		t := &head[i]
		if t.kind == tOp && (t.text == "(" || t.text == "[" || t.text == "{") {
			depth++
		} else if t.kind == tOp && (t.text == ")" || t.text == "]" || t.text == "}") {
			depth--
		} else if depth == 0 && t.kind == tName && t.text == "in" {
			in = i
			break
		}
	}
	body := ps.block(n, rest)
	if in <= 0 {
		ps.d.errorf(codeInvalidLoop, n.l.loc(), "expected 'for VARIABLE in range(…):'")
		return &BadStmt{StmtBase: base}
	}
	f := &ForStmt{StmtBase: base, Var: ps.exprOf(head[:in], base.Loc), Body: body}
	iter := ps.exprOf(head[in+1:], endOf(head[in].loc))
	call, ok := iter.(*Call)
	if name, isName := callName(call); !ok || !isName || name != "range" {
		if _, bad := iter.(*BadExpr); !bad {
			ps.d.errorf(codeInvalidLoop, iter.exprLoc(), "a for loop runs over range(…): the Workshop has no loop over an array's elements (use range(len(ARRAY)) and index it)")
		}
		return &BadStmt{StmtBase: base}
	}
	f.RangeLoc = call.Loc
	for _, a := range call.Args {
		if a.Name != "" {
			ps.d.errorf(codeUnknownKeywordArg, a.NameLoc, "range() takes no keyword arguments")
		}
		f.Range = append(f.Range, a.Value)
	}
	if len(f.Range) < 1 || len(f.Range) > 3 {
		ps.d.errorf(codeWrongArgumentCount, call.ArgLoc, "range() takes 1 to 3 arguments: range(STOP), range(START, STOP) or range(START, STOP, STEP)")
		return &BadStmt{StmtBase: base}
	}
	return f
}

// callName returns the name a call calls, when it is a plain name.
func callName(c *Call) (string, bool) {
	if c == nil {
		return "", false
	}
	n, ok := c.Fn.(*Name)
	if !ok {
		return "", false
	}
	return n.Name, true
}

func (ps *parser) gotoStmt(n *node, base StmtBase) Stmt {
	toks := n.l.tokens
	ps.noBlock(n)
	g := &GotoStmt{StmtBase: base}
	if len(toks) == 2 && toks[1].kind == tName && toks[1].text != "loc" {
		g.Label, g.LabelLoc = toks[1].text, toks[1].loc
		return g
	}
	if len(toks) >= 4 && toks[1].kind == tName && toks[1].text == "loc" && toks[2].kind == tOp && toks[2].text == "+" {
		g.Dynamic = ps.exprOf(toks[3:], endOf(toks[2].loc))
		return g
	}
	ps.d.errorf(codeSyntax, base.Loc, "expected 'goto LABEL', 'goto loc+VALUE' or 'goto RULE_START'")
	return &BadStmt{StmtBase: base}
}

func (ps *parser) enumDecl(n *node) Decl {
	head, rest, _ := ps.headerParts(n)
	e := &EnumDecl{Loc: n.l.loc()}
	if len(head) != 1 || head[0].kind != tName || len(rest) > 0 {
		ps.d.errorf(codeMalformedDecl, e.Loc, "expected 'enum NAME:' and the members indented below it")
		return nil
	}
	e.Name, e.NameLoc = head[0].text, head[0].loc
	for _, c := range n.children {
		toks := c.l.tokens
		if len(toks) == 0 {
			continue
		}
		// Members are separated by commas, on one line or several.
		var cuts []int
		topLevel(toks, func(i int, t *token) bool {
			if t.kind == tOp && t.text == "," {
				cuts = append(cuts, i)
			}
			return true
		})
		cuts = append(cuts, len(toks))
		start := 0
		for _, i := range cuts {
			part := toks[start:i]
			start = i + 1
			if len(part) == 0 {
				continue
			}
			if part[0].kind != tName {
				ps.d.errorf(codeMalformedDecl, part[0].loc, "expected an enum member name")
				continue
			}
			m := &EnumMember{Name: part[0].text, Loc: part[0].loc}
			if len(part) > 1 {
				if part[1].kind != tOp || part[1].text != "=" {
					ps.d.errorf(codeMalformedDecl, part[1].loc, "expected '=' or ',' after the enum member")
					continue
				}
				m.Value = ps.exprOf(part[2:], endOf(part[1].loc))
			}
			e.Members = append(e.Members, m)
		}
	}
	return e
}

func (ps *parser) macroDecl(n *node) Decl {
	toks := n.l.tokens
	m := &MacroDecl{Loc: n.l.loc()}
	i := 1
	if i+2 < len(toks) && toks[i].kind == tName && toks[i+1].kind == tOp && toks[i+1].text == "." {
		m.Class = toks[i].text
		i += 2
	}
	if i >= len(toks) || toks[i].kind != tName {
		ps.d.errorf(codeMalformedDecl, m.Loc, "expected 'macro NAME = VALUE' or 'macro NAME(PARAMETERS):'")
		return nil
	}
	m.Name, m.NameLoc = toks[i].text, toks[i].loc
	i++
	if i < len(toks) && toks[i].kind == tOp && toks[i].text == "(" {
		m.Fn = true
		i++
		for i < len(toks) && !(toks[i].kind == tOp && toks[i].text == ")") {
			if toks[i].kind == tOp && toks[i].text == "," {
				i++
				continue
			}
			if toks[i].kind != tName {
				ps.d.errorf(codeMalformedDecl, toks[i].loc, "expected a parameter name")
				return nil
			}
			p := &MacroParam{Name: toks[i].text, Loc: toks[i].loc}
			i++
			if i < len(toks) && toks[i].kind == tOp && toks[i].text == "=" {
				j := i + 1
				depth := 0
				for j < len(toks) {
					t := toks[j]
					if t.kind == tOp && (t.text == "(" || t.text == "[" || t.text == "{") {
						depth++
					} else if t.kind == tOp && (t.text == ")" || t.text == "]" || t.text == "}") {
						if depth == 0 {
							break
						}
						depth--
					} else if depth == 0 && t.kind == tOp && t.text == "," {
						break
					}
					j++
				}
				p.Default = ps.exprOf(toks[i+1:j], endOf(toks[i].loc))
				i = j
			}
			m.Params = append(m.Params, p)
		}
		if i >= len(toks) {
			ps.d.errorf(codeMalformedDecl, m.Loc, "expected ')' after the macro's parameters")
			return nil
		}
		i++
	}
	switch {
	case i < len(toks) && toks[i].kind == tOp && toks[i].text == "=":
		m.Value = ps.exprOf(toks[i+1:], endOf(toks[i].loc))
		ps.noBlock(n)
	case i < len(toks) && toks[i].kind == tOp && toks[i].text == ":":
		body := n.children
		if i+1 < len(toks) {
			body = append([]*node{{l: line{tokens: toks[i+1:], indent: n.l.indent + 1}, colon: -1}}, body...)
		}
		ps.macroBody(m, body)
	default:
		ps.d.errorf(codeMalformedDecl, m.Loc, "expected '=' or ':' after the macro's name")
		return nil
	}
	return m
}

// macroBody reads a block macro: annotations, rules, or statements (a
// body of one expression is the macro's value).
func (ps *parser) macroBody(m *MacroDecl, ns []*node) {
	var stmtNodes []*node
	for _, c := range ns {
		if len(c.l.tokens) > 0 && c.l.tokens[0].kind == tName && c.l.tokens[0].text == "rule" {
			m.Rules = append(m.Rules, ps.rule(c))
			continue
		}
		stmtNodes = append(stmtNodes, c)
	}
	m.Annotations, m.Body = ps.ruleBody(stmtNodes)
	if len(m.Body) == 1 {
		if e, ok := m.Body[0].(*ExprStmt); ok {
			m.Value = e.X
		}
	}
}

func (ps *parser) settings(n *node) Decl {
	toks := n.l.tokens
	s := &SettingsDecl{Loc: n.l.loc()}
	s.Value = ps.exprOf(toks[1:], endOf(toks[0].loc))
	ps.noBlock(n)
	return s
}
