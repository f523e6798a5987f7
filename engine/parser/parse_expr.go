package parser

// This file reads values: the ternary, binary operators with the game's
// precedence, '!', indexing and player variables, and primaries (numbers,
// strings, names of values, enum members and bare identifiers).

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// parseExpr reads a value for the argument slot param (nil: any value).
func (p *parser) parseExpr(param *vocab.Param) *ast.Expr {
	p.depth++
	e := p.parseTernary(param)
	p.depth--
	return e
}

func (p *parser) parseTernary(param *vocab.Param) *ast.Expr {
	if p.depth > maxDepth {
		return p.tooDeep()
	}
	cond := p.parseBinary(ast.OpOr.Precedence(), param)
	save := p.pos
	if p.peek() != '?' {
		p.pos = save
		return cond
	}
	p.pos++
	then := p.parseExpr(nil)
	if !p.eat(':') {
		p.errorf(diag.UnexpectedToken, p.here(), "expected ':' in the conditional value (c ? a : b), found %s", p.describe(p.pos))
		e := p.newExpr(ast.Ternary, source.Span{Start: p.span(cond).Start, End: p.span(then).End})
		e.Args = p.args([]*ast.Expr{cond, then, p.newExpr(ast.Bad, source.Span{Start: p.span(then).End, End: p.span(then).End})})
		return e
	}
	els := p.parseExpr(nil)
	e := p.newExpr(ast.Ternary, source.Span{Start: p.span(cond).Start, End: p.span(els).End})
	e.Args = p.args([]*ast.Expr{cond, then, els})
	return e
}

// tooDeep reports a value nested deeper than maxDepth and skips it.
func (p *parser) tooDeep() *ast.Expr {
	start := p.pos
	if p.depth == maxDepth+1 {
		p.errorf(diag.NestingTooDeep, p.here(), "values are nested more than %d levels deep here", maxDepth)
	}
	depth := 0
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '"' {
			p.readString()
			continue
		}
		if c == '(' || c == '[' {
			depth++
		} else if c == ')' || c == ']' {
			if depth == 0 {
				break
			}
			depth--
		} else if (c == ',' || c == ';' || c == '}') && depth == 0 {
			break
		}
		p.pos++
	}
	return p.newExpr(ast.Bad, source.Span{Start: start, End: p.pos})
}

// parseBinary reads operands joined by binary operators of at least
// precedence minPrec, left-associatively.
func (p *parser) parseBinary(minPrec int, param *vocab.Param) *ast.Expr {
	left := p.parseUnary(param)
	for {
		save := p.pos
		op, n := p.peekBinaryOp()
		if op == ast.OpNone || op.Precedence() < minPrec {
			p.pos = save
			return left
		}
		opSpan := source.Span{Start: p.pos, End: p.pos + n}
		p.pos += n
		right := p.parseBinary(op.Precedence()+1, nil)
		e := p.newExpr(ast.Binary, source.Span{Start: p.span(left).Start, End: p.span(right).End})
		e.Op = op
		e.NameSpan = p.rel(opSpan)
		e.Args = p.args([]*ast.Expr{left, right})
		left = e
	}
}

// parseUnary reads "!value" or a postfix value.
func (p *parser) parseUnary(param *vocab.Param) *ast.Expr {
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == '!' && (p.pos+1 >= len(p.src) || p.src[p.pos+1] != '=') {
		start := p.pos
		p.pos++
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > maxDepth {
			return p.tooDeep()
		}
		operand := p.parseUnary(nil)
		e := p.newExpr(ast.Not, source.Span{Start: start, End: p.span(operand).End})
		e.NameSpan = p.rel(source.Span{Start: start, End: start + 1})
		e.Args = p.args([]*ast.Expr{operand})
		return e
	}
	return p.parsePostfix(param)
}

// parsePostfix reads a primary followed by [index] and .variable parts.
func (p *parser) parsePostfix(param *vocab.Param) *ast.Expr {
	e := p.parsePrimary(param)
	for {
		save := p.pos
		switch p.peek() {
		case '[':
			open := p.pos
			p.pos++
			idx := p.parseExpr(nil)
			end := p.span(idx).End
			if p.eat(']') {
				end = p.pos
			} else {
				n := len(p.diags)
				p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "this '[' is never closed: expected ']' after the index, found %s", p.describe(p.pos))
				p.closeAtStatementEnd(n, "]", idx)
			}
			n := p.newExpr(ast.Index, source.Span{Start: p.span(e).Start, End: end})
			n.Args = p.args([]*ast.Expr{e, idx})
			e = n
		case '.':
			nameStart := p.pos + 1
			nameEnd := identEnd(p.src, nameStart)
			if nameEnd == nameStart || isDigit(p.src[nameStart]) {
				p.errorf(diag.UnexpectedToken, source.Span{Start: p.pos, End: p.pos + 1}, "expected a variable name after '.', found %s", p.describe(nameStart))
				p.pos = nameStart
				return e
			}
			p.pos = nameEnd
			n := p.newExpr(ast.PlayerVar, source.Span{Start: p.span(e).Start, End: nameEnd})
			n.NameSpan = p.rel(source.Span{Start: nameStart, End: nameEnd})
			n.Text = p.src[nameStart:nameEnd]
			n.Args = p.args([]*ast.Expr{e})
			e = n
		default:
			p.pos = save
			return e
		}
	}
}

// parsePrimary reads a number, a string, a parenthesized value or a name.
func (p *parser) parsePrimary(param *vocab.Param) *ast.Expr {
	p.skip()
	start := p.pos
	if p.pos >= len(p.src) {
		p.errorf(diag.ExpectedExpression, p.here(), "expected a value, found end of file")
		return p.newExpr(ast.Bad, source.Span{Start: start, End: start})
	}
	switch c := p.src[p.pos]; {
	case c == '(':
		p.pos++
		inner := p.parseExpr(nil)
		end := p.span(inner).End
		if p.eat(')') {
			end = p.pos
		} else {
			n := len(p.diags)
			p.errorf(diag.UnclosedBracket, source.Span{Start: start, End: start + 1}, "this '(' is never closed: expected ')', found %s", p.describe(p.pos))
			p.closeAtStatementEnd(n, ")", inner)
		}
		e := p.newExpr(ast.Paren, source.Span{Start: start, End: end})
		e.Args = p.args([]*ast.Expr{inner})
		return e
	case c == '"':
		return p.readString()
	case c == ')' || c == ',' || c == ';' || c == ']' || c == '}' || c == '{':
		p.errorf(diag.ExpectedExpression, p.here(), "expected a value, found %s", p.describe(p.pos))
		return p.newExpr(ast.Bad, source.Span{Start: start, End: start})
	case c == '-' || c == '.' || isDigit(c):
		if e := p.parseName(param); e != nil {
			return e
		}
		if c == '-' && !(p.pos+1 < len(p.src) && (isDigit(p.src[p.pos+1]) || p.src[p.pos+1] == '.')) {
			p.errorf(diag.UnexpectedToken, p.here(), "the Workshop has no unary minus: write 0 - x or -1 * x")
			p.pos++
			operand := p.parseUnary(nil)
			return p.newExpr(ast.Bad, source.Span{Start: start, End: p.span(operand).End})
		}
		return p.readNumber()
	}
	if e := p.parseName(param); e != nil {
		return e
	}
	return p.parseUnknownName()
}

// nameRank orders the meanings a name can have in a slot; lower is
// preferred, -1 means not acceptable.
func (p *parser) nameRank(r vocab.NameRef, param *vocab.Param, preferAction bool) int {
	if r.Locales&p.accept == 0 {
		return -1
	}
	switch item := r.Item.(type) {
	case *vocab.Element:
		if item.IsAction() {
			if preferAction {
				return 0
			}
			return 5
		}
		return 2
	case *vocab.Member:
		if param != nil && param.Enum != nil {
			if item.Enum == param.Enum {
				return 1
			}
			return 4
		}
		if param != nil && param.Type.LiteralEnum() == item.Enum.ID {
			// A bare colour, button or team in a slot of that type, as
			// OW1 exports and modern Team slots write them.
			return 3
		}
		if item.Enum.ID == "TeamLiteral" && (param == nil || param.Type.LiteralEnum() == "") {
			// Where the slot says nothing (Array(…), an assignment), a
			// bare "Team 1" is the team: the game writes teams bare and
			// wraps colours (Color(Team 1)).
			return 3
		}
		return 4
	}
	return -1
}

// parseName reads the longest vocabulary name at p.pos that fits the slot,
// with its arguments. It returns nil when no name fits.
func (p *parser) parseName(param *vocab.Param) *ast.Expr {
	start := p.pos
	preferAction := p.actionAt == start
	p.matchAt(start)
	for hi := range p.hits {
		h := p.hits[hi]
		best, bestRank, tied := vocab.NameRef{}, -1, false
		for _, r := range h.Refs {
			rank := p.nameRank(r, param, preferAction)
			switch {
			case rank < 0:
			case bestRank < 0 || rank < bestRank:
				best, bestRank, tied = r, rank, false
			case rank == bestRank:
				tied = true
			}
		}
		if bestRank < 0 {
			continue
		}
		if tied {
			best = p.pickOverload(h, param, preferAction, bestRank)
		}
		p.vote(best.Locales)
		nameSpan := source.Span{Start: start, End: h.End}
		p.pos = h.End
		switch item := best.Item.(type) {
		case *vocab.Element:
			if item.ID == "__global__" {
				return p.parseGlobalVar(nameSpan)
			}
			return p.parseCall(item, nameSpan)
		case *vocab.Member:
			e := p.newExpr(ast.Member, nameSpan)
			e.NameSpan = p.rel(nameSpan)
			e.Member = item
			return e
		}
	}
	return nil
}

// pickOverload chooses among entries spelled alike in the text's locale
// (tr-TR writes both Hero(Ana) and Hero Of(Event Player) as "Kahraman"):
// the one whose argument count fits the text, and whose enum first
// argument, if it has one, matches the first argument written.
func (p *parser) pickOverload(h vocab.Hit, param *vocab.Param, preferAction bool, rank int) vocab.NameRef {
	var cands []vocab.NameRef
	for _, r := range h.Refs {
		if p.nameRank(r, param, preferAction) == rank {
			cands = append(cands, r)
		}
	}
	args, firstArg := countArgs(p.src, h.End)
	best, bestScore := cands[0], -1
	for _, r := range cands {
		el, ok := r.Item.(*vocab.Element)
		if !ok {
			continue
		}
		score := 0
		switch {
		case args < 0 && el.Bare, args >= 0 && !el.Bare && (el.MaxArgs() < 0 || el.MaxArgs() == args):
			score += 2
		}
		// A first argument that is a member of the element's enum slot
		// decides (Hero(Ana)); an element without an enum first slot
		// comes next; one whose enum slot does not match comes last.
		switch en := firstParamEnum(el); {
		case en == nil:
			score++
		case args > 0 && p.memberAt(firstArg, en):
			score += 2
		}
		if score > bestScore {
			best, bestScore = r, score
		}
	}
	return best
}

func firstParamEnum(el *vocab.Element) *vocab.Enum {
	if len(el.Params) == 0 {
		return nil
	}
	return el.Params[0].Enum
}

// memberAt reports whether a member of en is written at off, followed by
// ',' or ')'.
func (p *parser) memberAt(off int, en *vocab.Enum) bool {
	for _, h := range p.matcher.Match(p.src, off, nil) {
		for _, r := range h.Refs {
			if m, ok := r.Item.(*vocab.Member); ok && m.Enum == en && r.Locales&p.accept != 0 {
				rest := strings.TrimLeft(p.src[h.End:], " \t\r\n")
				if rest != "" && (rest[0] == ',' || rest[0] == ')') {
					return true
				}
			}
		}
	}
	return false
}

// countArgs counts the arguments of the list that opens after off: -1 when
// no '(' follows, 0 for "()". firstArg is where the first argument starts.
func countArgs(src string, off int) (n, firstArg int) {
	i := off
	for i < len(src) && isBlank(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '(' {
		return -1, i
	}
	i++
	for i < len(src) && isBlank(src[i]) {
		i++
	}
	firstArg = i
	if i < len(src) && src[i] == ')' {
		return 0, firstArg
	}
	n, depth := 1, 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '(', '[':
			depth++
		case ')', ']':
			if depth == 0 {
				return n, firstArg
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		case ';':
			return n, firstArg
		}
	}
	return n, firstArg
}

// parseGlobalVar reads ".name" after the Global keyword.
func (p *parser) parseGlobalVar(kw source.Span) *ast.Expr {
	e := p.newExpr(ast.Global, kw)
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		nameStart := p.pos + 1
		nameEnd := identEnd(p.src, nameStart)
		if nameEnd > nameStart {
			p.pos = nameEnd
			e.NameSpan = p.rel(source.Span{Start: nameStart, End: nameEnd})
			e.Text = p.src[nameStart:nameEnd]
			p.setEnd(e, nameEnd)
			return e
		}
	}
	p.errorf(diag.UnexpectedToken, p.here(), "expected '.' and a variable name after 'Global', found %s", p.describe(p.pos))
	e.Kind = ast.Bad
	return e
}

// parseCall reads the argument list of el, whose name spans nameSpan.
func (p *parser) parseCall(el *vocab.Element, nameSpan source.Span) *ast.Expr {
	e := p.newExpr(ast.Call, nameSpan)
	e.NameSpan = p.rel(nameSpan)
	e.Elem = el
	save := p.pos
	if p.peek() != '(' {
		p.pos = save
		return e
	}
	e.Parens = true
	open := p.pos
	p.pos++
	if el.Bare && p.peek() == ')' {
		p.pos++
		p.setEnd(e, p.pos)
		n := len(p.diags)
		p.report(diag.Info, diag.EmptyParentheses, source.Span{Start: open, End: p.pos},
			"%s takes no arguments; the game writes it without '()'", el.English())
		p.fixLast(n, "Remove '()'", source.Span{Start: open, End: p.pos}, "")
		return e
	}
	if (el.ID == "__map__" || el.ID == "__gamemode__") && p.removedName() {
		p.warnf(diag.RemovedMap, source.Span{Start: nameSpan.Start, End: open + 1},
			"%s( names nothing: the game writes this for a map or mode removed from Overwatch 2", el.English())
		p.setEnd(e, open+1)
		return e
	}
	e.Args = p.parseArgs(el.Params, open)
	p.setEnd(e, p.pos)
	return e
}

// removedName reports whether the text after "Map(" is one of the
// characters that follow the dangling "Map(" the game exports for a removed
// map: anything that cannot start a map name.
func (p *parser) removedName() bool {
	if p.pos >= len(p.src) {
		return false
	}
	switch p.src[p.pos] {
	case ',', ';', '.', ':', '?', '!', '=', '&', '|', '-', '*', ')':
		return p.src[p.pos] != ')'
	}
	return false
}

// parseArgs reads "a, b, …)" after the '(' at open. Slot i takes
// params[i]; extra arguments are read as any value.
func (p *parser) parseArgs(params []vocab.Param, open int) []*ast.Expr {
	var buf [16]*ast.Expr
	list := buf[:0]
	if p.peek() == ')' {
		p.pos++
		return nil
	}
	for i := 0; ; i++ {
		var param *vocab.Param
		if i < len(params) {
			param = &params[i]
		}
		list = append(list, p.parseArg(param))
		switch p.peek() {
		case ',':
			p.pos++
			continue
		case ')':
			p.pos++
			return p.args(list)
		case ';', '}', 0:
			n := len(p.diags)
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1},
				"this '(' is never closed: expected ')' after the arguments, found %s", p.describe(p.pos))
			p.closeAtStatementEnd(n, ")", list[len(list)-1])
			return p.args(list)
		}
		p.errorf(diag.UnexpectedToken, p.here(), "expected ',' or ')' after an argument, found %s", p.describe(p.pos))
		if !p.skipArgument() {
			return p.args(list)
		}
		if p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		p.pos++
		return p.args(list)
	}
}

// skipArgument skips to the next ',' or ')' at bracket depth 0 within the
// current statement. It reports false when the statement ends first.
func (p *parser) skipArgument() bool {
	depth := 0
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '"':
			p.readString()
			continue
		case '(', '[':
			depth++
		case ')', ']':
			if depth == 0 {
				return p.src[p.pos] == ')'
			}
			depth--
		case ',':
			if depth == 0 {
				return true
			}
		case ';', '}':
			return false
		}
		p.pos++
	}
	return false
}

// parseArg reads one argument for param.
func (p *parser) parseArg(param *vocab.Param) *ast.Expr {
	p.skip()
	if param != nil && param.Ident != vocab.IdentNone {
		if e := p.bareIdent(); e != nil {
			return e
		}
	}
	e := p.parseExpr(param)
	if e.Kind == ast.String && param != nil && param.Type.Name == "LocalizedStringLiteral" {
		// Which key a text names depends on the locale, which detection
		// only settles at the end.
		p.locStrs = append(p.locStrs, e)
	}
	return e
}

// resolveLocalizedStrings finds the String("…") key of each localized
// string literal read, in the text's locale first, then in en-US, then in
// the other accepted locales.
func (p *parser) resolveLocalizedStrings(l vocab.Locale) {
	order := append([]vocab.Locale{l, vocab.EnUS}, p.accept.List()...)
	for _, e := range p.locStrs {
		for _, loc := range order {
			if s := p.v.LocalizedStringByText(loc, e.Text); s != nil {
				e.LocStr = s
				break
			}
		}
	}
}

// bareIdent reads a bare variable or subroutine name when the argument is
// exactly one identifier.
func (p *parser) bareIdent() *ast.Expr {
	start := p.pos
	end := identEnd(p.src, start)
	if end == start || isDigit(p.src[start]) {
		return nil
	}
	save := p.pos
	p.pos = end
	c := p.peek()
	p.pos = save
	if c != ',' && c != ')' {
		return nil
	}
	p.pos = end
	e := p.newExpr(ast.Name, source.Span{Start: start, End: end})
	e.NameSpan = e.Span
	e.Text = p.src[start:end]
	return e
}

// parseUnknownName reads a name that is not in the vocabulary (a typo, a
// variable written without Global., a word of another locale) so that the
// validator can say what is wrong and suggest a name.
func (p *parser) parseUnknownName() *ast.Expr {
	start := p.pos
	end := unknownNameEnd(p.src, start)
	if end == start {
		p.errorf(diag.UnexpectedToken, p.here(), "expected a value, found %s", p.describe(p.pos))
		p.advanceRune()
		return p.newExpr(ast.Bad, source.Span{Start: start, End: p.pos})
	}
	p.pos = end
	nameSpan := source.Span{Start: start, End: end}
	save := p.pos
	if p.peek() == '(' {
		e := p.newExpr(ast.Call, nameSpan)
		e.NameSpan = p.rel(nameSpan)
		e.Text = p.src[start:end]
		e.Parens = true
		open := p.pos
		p.pos++
		e.Args = p.parseArgs(nil, open)
		p.setEnd(e, p.pos)
		return e
	}
	p.pos = save
	e := p.newExpr(ast.Name, nameSpan)
	e.NameSpan = p.rel(nameSpan)
	e.Text = p.src[start:end]
	return e
}

// unknownNameEnd returns the end of an unknown name starting at off: words
// separated by single spaces, stopping at punctuation and operators.
func unknownNameEnd(src string, off int) int {
	i := off
	end := off
	for i < len(src) {
		j := i
		for j < len(src) && !isNameStop(src[j]) {
			j++
		}
		if j == i {
			break
		}
		end = j
		// Continue over one space if another word follows.
		if j+1 < len(src) && src[j] == ' ' && !isNameStop(src[j+1]) && src[j+1] != '-' {
			i = j + 1
			continue
		}
		break
	}
	return end
}

func isNameStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '(', ')', '[', ']', '{', '}', ',', ';', '"', '.',
		'!', '=', '<', '>', '&', '|', '+', '*', '/', '%', '^', '?', ':':
		return true
	}
	return false
}

// closeAtStatementEnd gives the unclosed-bracket diagnostic just reported
// (n diagnostics before it) its fix when the statement's ';' ends the
// bracket: the closer goes after last, the bracket's last value, whatever
// it holds. Two brackets left open at one ';' could close in more than
// one order: neither gets a fix.
func (p *parser) closeAtStatementEnd(n int, closer string, last *ast.Expr) {
	if p.unclosedAt == p.pos && p.unclosedDiag < len(p.diags) {
		p.diags[p.unclosedDiag].Fix = nil
	} else if p.peek() == ';' && last.Kind != ast.Bad && last.Span.Len() > 0 {
		p.fixLast(n, "Insert '"+closer+"'", source.Span{Start: p.span(last).End, End: p.span(last).End}, closer)
	}
	p.unclosedAt, p.unclosedDiag = p.pos, len(p.diags)-1
}
