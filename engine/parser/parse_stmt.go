package parser

// This file reads conditions and actions blocks and their statements.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

type blockKind uint8

const (
	blockActions blockKind = iota + 1
	blockConditions
)

// parseBlock reads "conditions { … }" or "actions { … }"; kw is the
// keyword's span and end where it ends.
func (p *parser) parseBlock(kind blockKind, kw source.Span, end int) *ast.Block {
	p.pos = end
	b := &ast.Block{Span: kw, KeywordSpan: kw}
	p.eat('{')
	open := p.pos - 1
	p.stmtBuf = p.stmtBuf[:0]
	for {
		c := p.peek()
		if c == '}' {
			p.pos++
			break
		}
		if c == 0 || p.blockEndsHere() {
			what := "actions"
			if kind == blockConditions {
				what = "conditions"
			}
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1},
				"the %s block is never closed: expected '}'", what)
			break
		}
		start := p.pos
		p.stmtBuf = append(p.stmtBuf, p.parseStatement(kind))
		if p.pos == start {
			p.advanceRune()
		}
	}
	b.Statements = carve(&p.stmtsSlab, p.stmtBuf, p.slabSize(512))
	b.Span.End = p.pos
	return b
}

// parseStatement reads ["comment"] [disabled] body ';'.
func (p *parser) parseStatement(kind blockKind) *ast.Statement {
	st := p.newStatement()
	st.Span.Start = p.pos
	p.base = p.pos
	if p.peek() == '"' {
		st.Comment = p.readString()
		if c := p.peek(); c == '}' || c == 0 {
			p.errorf(diag.UnexpectedToken, p.span(st.Comment), "a comment must be followed by the action or condition it describes")
			st.Body = p.newExpr(ast.Bad, source.Span{Start: p.pos, End: p.pos})
			st.Span.End = p.span(st.Comment).End
			return st
		}
	}
	p.skip()
	before := len(p.diags) // the statement's own problems come after
	if span, ok := p.disabledPrefix(); ok {
		st.Disabled, st.DisabledSpan = true, span
		p.pos = span.End
		p.skip()
	}
	if kind == blockActions {
		st.Body = p.parseAction()
	} else {
		st.Body = p.parseExpr(nil)
	}
	bodyEnd := p.span(st.Body).End
	st.Span.End = bodyEnd
	for {
		save := p.pos
		c := p.peek()
		if c == ';' {
			p.pos++
			st.HasSemicolon = true
			st.Span.End = p.pos
			return st
		}
		if c == ')' || c == ']' {
			p.errorf(diag.UnmatchedBracket, p.here(), "'%c' closes nothing: no bracket is open here", c)
			p.pos++
			continue
		}
		what := "action"
		if kind == blockConditions {
			what = "condition"
		}
		n := len(p.diags)
		p.errorf(diag.MissingSemicolon, source.Span{Start: bodyEnd, End: bodyEnd},
			"expected ';' after the %s, found %s", what, p.describe(p.pos))
		// Only a statement read without another problem surely ends
		// where its ';' is missing.
		if n == before {
			p.fixLast(n, "Insert ';'", source.Span{Start: bodyEnd, End: bodyEnd}, ";")
		}
		// When the statement is followed by a line break, the ';' was
		// simply forgotten: keep reading from the next line. Otherwise
		// skip the rest of the statement.
		if !hasLineBreak(p.src[bodyEnd:p.pos]) {
			p.pos = save
			p.skipStatement()
		}
		return st
	}
}

func hasLineBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}

// skipStatement skips to just after the next ';' at bracket depth 0, or to
// a '}' that closes the enclosing block, or to a line that starts a block.
func (p *parser) skipStatement() {
	depth := 0
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '"':
			p.readString()
			continue
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case ';':
			if depth == 0 {
				p.pos++
				return
			}
		case '}':
			return
		case '\n':
			p.pos++
			if p.blockEndsHere() {
				return
			}
			continue
		}
		p.pos++
	}
}

// disabledPrefix reports a "disabled " prefix at p.pos. The keyword must
// be followed by white space (zh-CN actions such as 禁用查看器录制 begin
// with the same characters) and must not be the start of a longer name.
func (p *parser) disabledPrefix() (source.Span, bool) {
	p.matchAt(p.pos)
	for _, h := range p.hits {
		for _, r := range h.Refs {
			if r.Locales&p.accept == 0 {
				continue
			}
			switch r.Kind() {
			case vocab.KindAction, vocab.KindValue:
				return source.Span{}, false
			case vocab.KindKeyword:
				if vocab.EntryOf(r.Item).ID == kwDisabled && h.End < len(p.src) && isBlank(p.src[h.End]) {
					p.vote(r.Locales)
					return source.Span{Start: p.pos, End: h.End}, true
				}
			}
		}
	}
	return source.Span{}, false
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// parseAction reads an action: a call of an action, or an assignment to a
// variable ("Global.x = 1", "Event Player.y[2] += 3").
func (p *parser) parseAction() *ast.Expr {
	p.skip()
	start := p.pos
	p.actionAt = start
	target := p.parseExpr(nil)
	if target.Kind == ast.Call && target.Elem != nil && target.Elem.IsAction() {
		return target
	}
	op, n := p.peekAssignOp()
	if op == ast.OpNone {
		return target
	}
	opSpan := source.Span{Start: p.pos, End: p.pos + n}
	p.pos += n
	value := p.parseExpr(nil)
	e := p.newExpr(ast.Assign, source.Span{Start: start, End: p.span(value).End})
	e.Op = op
	e.NameSpan = p.rel(opSpan)
	e.Args = p.args([]*ast.Expr{target, value})
	return e
}
