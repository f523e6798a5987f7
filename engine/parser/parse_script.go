package parser

// This file reads the top level: the settings, variables and subroutines
// blocks, rules and their event, conditions and actions blocks, and the
// payloads that hold only actions or only conditions.

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Structural keyword ids (catalog ruleKeywords).
const (
	kwRule        = "__rule__"
	kwEvent       = "__event__"
	kwConditions  = "__conditions__"
	kwActions     = "__actions__"
	kwDisabled    = "__disabled__"
	kwSettings    = "__settings__"
	kwVariables   = "__variables__"
	kwSubroutines = "__subroutines__"
	kwGlobal      = "__global__"
	kwPlayer      = "__player__"
)

// keywordAt reports the structural keyword written at p.pos (after white
// space), and where it ends. It returns "" when the longest name there is
// not a keyword.
func (p *parser) keywordAt() (id string, end int) {
	p.skip()
	p.matchAt(p.pos)
	for _, h := range p.hits {
		for _, r := range h.Refs {
			if r.Kind() == vocab.KindKeyword && r.Locales&p.accept != 0 {
				p.vote(r.Locales)
				return vocab.EntryOf(r.Item).ID, h.End
			}
		}
	}
	return "", p.pos
}

// nextIs reports whether, after white space from off, the text continues
// with c.
func (p *parser) nextIs(off int, c byte) bool {
	save := p.pos
	p.pos = off
	ok := p.peek() == c
	p.pos = save
	return ok
}

func (p *parser) parseScript() *ast.Script {
	s := &ast.Script{}
	p.readTop(s)
	p.finishScript(s)
	return s
}

// readTop reads the top level of p.src from p.pos to its end into s.
func (p *parser) readTop(s *ast.Script) {
	const (
		orderSettings = iota + 1
		orderVariables
		orderSubroutines
		orderRules
	)
	last := 0
	order := func(which int, span source.Span, what string) {
		if which < last {
			p.warnf(diag.BlockOrder, span, "the %s block comes after a block that the game writes after it (order: settings, variables, subroutines, rules)", what)
		}
		if which > last {
			last = which
		}
	}
	for {
		p.skip()
		if p.pos >= len(p.src) {
			break
		}
		start := p.pos
		id, end := p.keywordAt()
		kwSpan := source.Span{Start: start, End: end}
		switch {
		case id == kwSettings && p.nextIs(end, '{'):
			p.topBlock(order, orderSettings, kwSpan, "settings", s.Settings != nil)
			if st := p.parseSettings(kwSpan); s.Settings == nil {
				s.Settings = st
			}
		case id == kwVariables && p.nextIs(end, '{'):
			p.topBlock(order, orderVariables, kwSpan, "variables", s.Variables != nil)
			if vb := p.parseVariables(kwSpan); s.Variables == nil {
				s.Variables = vb
			}
		case id == kwSubroutines && p.nextIs(end, '{'):
			p.topBlock(order, orderSubroutines, kwSpan, "subroutines", s.Subroutines != nil)
			if sb := p.parseSubroutines(kwSpan); s.Subroutines == nil {
				s.Subroutines = sb
			}
		case id == kwRule || id == kwDisabled && p.ruleFollows(end):
			order(orderRules, kwSpan, "rule")
			if s.Actions != nil || s.Conditions != nil {
				p.errorf(diag.UnexpectedToken, kwSpan, "a rule after an actions or conditions payload: a payload holds one block and no rules")
			}
			s.Rules = append(s.Rules, p.parseRule())
		case (id == kwActions || id == kwConditions) && p.nextIs(end, '{'):
			kind := blockActions
			if id == kwConditions {
				kind = blockConditions
			}
			b := p.parseBlock(kind, kwSpan, end)
			switch {
			case len(s.Rules) > 0 || s.Actions != nil || s.Conditions != nil:
				p.errorf(diag.UnexpectedToken, kwSpan, "an actions or conditions block outside a rule: only a payload of one block may stand alone")
			case kind == blockActions:
				s.Actions = b
			default:
				s.Conditions = b
			}
		default:
			p.strayAtTopLevel()
		}
		if p.pos == start {
			p.advanceRune()
		}
	}
}

// finishScript records what is known once the whole text is read: its
// comments, its final newline, and whether it holds anything.
func (p *parser) finishScript(s *ast.Script) {
	s.Comments = p.comments
	s.FinalNewline = strings.HasSuffix(p.src, "\n")
	if s.Settings == nil && s.Variables == nil && s.Subroutines == nil && len(s.Rules) == 0 &&
		s.Actions == nil && s.Conditions == nil && !p.diags.HasErrors() {
		p.warnf(diag.EmptyProgram, source.Span{}, "the text holds no rules, settings or blocks")
	}
}

// topBlock checks the place of a settings, variables or subroutines block:
// one of each, in that order, before the rules. The first block of a kind
// is kept; a second is read (to recover) and reported.
func (p *parser) topBlock(order func(int, source.Span, string), which int, kw source.Span, what string, seen bool) {
	if seen {
		p.errorf(diag.DuplicateBlock, kw, "a second %s block: the text can hold only one", what)
	}
	order(which, kw, what)
}

// ruleFollows reports whether the rule keyword follows the disabled keyword
// ending at off.
func (p *parser) ruleFollows(off int) bool {
	save := p.pos
	p.pos = off
	id, _ := p.keywordAt()
	p.pos = save
	return id == kwRule
}

func (p *parser) advanceRune() {
	if p.pos < len(p.src) {
		_, size := utf8.DecodeRuneInString(p.src[p.pos:])
		p.pos += size
	}
}

// skipToTopLevel skips to the start of the next line that begins a rule or
// a top-level block, so that one bad stretch of text costs one diagnostic.
func (p *parser) skipToTopLevel() {
	for {
		nl := strings.IndexByte(p.src[p.pos:], '\n')
		if nl < 0 {
			p.pos = len(p.src)
			return
		}
		p.pos += nl + 1
		save := p.pos
		id, end := p.keywordAt()
		switch {
		case id == kwRule, id == kwDisabled && p.ruleFollows(end),
			(id == kwSettings || id == kwVariables || id == kwSubroutines) && p.nextIs(end, '{'):
			p.pos = save
			return
		}
		p.pos = save
	}
}

// parseVariables reads "variables { global: 0: name … player: … }".
func (p *parser) parseVariables(kw source.Span) *ast.Variables {
	p.pos = kw.End
	vb := &ast.Variables{Span: kw}
	open := p.pos
	if !p.expect('{', "after 'variables'") {
		return vb
	}
	open = p.pos - 1
	var cur *ast.VarSection
	// The section being read collects its declarations in p.declBuf.
	p.declBuf = p.declBuf[:0]
	flush := func() {
		if cur != nil {
			cur.Decls = carve(&p.declSlab, p.declBuf, 256)
		}
		p.declBuf = p.declBuf[:0]
	}
	for {
		c := p.peek()
		if c == '}' {
			p.pos++
			break
		}
		if c == 0 {
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the variables block is never closed: expected '}'")
			break
		}
		start := p.pos
		if isDigit(c) {
			d := p.parseDecl()
			if cur == nil {
				p.errorf(diag.UnexpectedToken, d.Span, "a variable before 'global:' or 'player:': expected a section name first")
				cur = &ast.VarSection{Span: d.Span}
				vb.Global = cur
			}
			p.declBuf = append(p.declBuf, d)
			cur.Span.End = d.Span.End
			continue
		}
		id, end := p.keywordAt()
		if (id == kwGlobal || id == kwPlayer) && p.nextIs(end, ':') {
			p.pos = end
			p.eat(':')
			sec := &ast.VarSection{Span: source.Span{Start: start, End: p.pos}}
			if id == kwGlobal {
				if vb.Global != nil {
					p.errorf(diag.DuplicateBlock, sec.Span, "a second 'global:' section in the variables block")
				}
				vb.Global = sec
			} else {
				if vb.Player != nil {
					p.errorf(diag.DuplicateBlock, sec.Span, "a second 'player:' section in the variables block")
				}
				vb.Player = sec
			}
			flush()
			cur = sec
			continue
		}
		if p.blockEndsHere() {
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the variables block is never closed: expected '}'")
			break
		}
		p.errorf(diag.UnexpectedToken, p.here(), "expected 'global:', 'player:' or 'index: name' in the variables block, found %s", p.describe(p.pos))
		p.skipLine()
		if p.pos == start {
			p.advanceRune()
		}
	}
	flush()
	vb.Span.End = p.pos
	return vb
}

// parseSubroutines reads "subroutines { 0: name … }".
func (p *parser) parseSubroutines(kw source.Span) *ast.Subroutines {
	p.pos = kw.End
	sb := &ast.Subroutines{Span: kw}
	if !p.expect('{', "after 'subroutines'") {
		return sb
	}
	open := p.pos - 1
	for {
		c := p.peek()
		if c == '}' {
			p.pos++
			break
		}
		if c == 0 || p.blockEndsHere() {
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the subroutines block is never closed: expected '}'")
			break
		}
		start := p.pos
		if isDigit(c) {
			sb.Decls = append(sb.Decls, p.parseDecl())
			continue
		}
		p.errorf(diag.UnexpectedToken, p.here(), "expected 'index: name' in the subroutines block, found %s", p.describe(p.pos))
		p.skipLine()
		if p.pos == start {
			p.advanceRune()
		}
	}
	sb.Span.End = p.pos
	return sb
}

// parseDecl reads "index: name".
func (p *parser) parseDecl() ast.VarDecl {
	d := ast.VarDecl{Index: -1}
	start := p.pos
	i := p.pos
	for i < len(p.src) && isDigit(p.src[i]) {
		i++
	}
	d.IndexSpan = source.Span{Start: start, End: i}
	if n, err := strconv.Atoi(p.src[start:i]); err == nil {
		d.Index = n
	}
	p.pos = i
	if !p.eat(':') {
		p.errorf(diag.UnexpectedToken, p.here(), "expected ':' after the slot index %s, found %s", p.src[start:i], p.describe(p.pos))
		d.Span = source.Span{Start: start, End: p.pos}
		p.skipLine()
		return d
	}
	p.skipSpaces()
	nameStart := p.pos
	end := identEnd(p.src, p.pos)
	if end == nameStart {
		p.errorf(diag.UnexpectedToken, p.here(), "expected a name after '%s:', found %s", p.src[start:i], p.describe(p.pos))
		d.Span = source.Span{Start: start, End: p.pos}
		p.skipLine()
		return d
	}
	d.Name = p.src[nameStart:end]
	d.NameSpan = source.Span{Start: nameStart, End: end}
	p.pos = end
	d.Span = source.Span{Start: start, End: end}
	return d
}

// skipLine moves to the start of the next line.
func (p *parser) skipLine() {
	nl := strings.IndexByte(p.src[p.pos:], '\n')
	if nl < 0 {
		p.pos = len(p.src)
		return
	}
	p.pos += nl + 1
}

// blockEndsHere reports whether the text at p.pos starts a rule or a block
// that cannot be inside the current one, meaning a '}' is missing.
func (p *parser) blockEndsHere() bool {
	save := p.pos
	defer func() { p.pos = save }()
	id, end := p.keywordAt()
	switch id {
	case kwRule:
		return p.nextIs(end, '(')
	case kwDisabled:
		return p.ruleFollows(end)
	case kwEvent, kwConditions, kwActions, kwSettings, kwVariables, kwSubroutines:
		return p.nextIs(end, '{')
	}
	return false
}

// parseRule reads "[disabled] rule("name") { event {…} conditions {…} actions {…} }".
func (p *parser) parseRule() *ast.Rule {
	r := &ast.Rule{}
	start := p.pos
	r.Span.Start = start
	id, end := p.keywordAt()
	if id == kwDisabled {
		r.Disabled = true
		r.DisabledSpan = source.Span{Start: p.pos, End: end}
		p.pos = end
		id, end = p.keywordAt()
	}
	r.KeywordSpan = source.Span{Start: p.pos, End: end}
	p.pos = end
	defer func() { r.Span.End = p.pos }()

	if p.expect('(', "after 'rule'") {
		if p.peek() == '"' {
			name := p.readString()
			r.Name, r.NameSpan = name.Text, p.span(name)
		} else {
			p.errorf(diag.UnexpectedToken, p.here(), "expected the rule's name as a string, found %s", p.describe(p.pos))
		}
		if !p.eat(')') {
			p.errorf(diag.UnexpectedToken, p.here(), "expected ')' after the rule's name, found %s", p.describe(p.pos))
		}
	}
	p.skip()
	if !p.eat('{') {
		p.errorf(diag.UnexpectedToken, p.here(), "expected '{' to open the rule's body, found %s", p.describe(p.pos))
		p.skipToTopLevel()
		return r
	}
	open := p.pos - 1
	const (
		seenEvent = 1 << iota
		seenConditions
		seenActions
	)
	seen := 0
	for {
		c := p.peek()
		if c == '}' {
			p.pos++
			break
		}
		if c == 0 {
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1},
				"the body of rule %s is never closed: expected '}' before the end of the file", diag.Quote(r.Name))
			break
		}
		bstart := p.pos
		id, end := p.keywordAt()
		kwSpan := source.Span{Start: bstart, End: end}
		switch {
		case id == kwEvent && p.nextIs(end, '{'):
			if seen&seenEvent != 0 {
				p.errorf(diag.DuplicateBlock, kwSpan, "a second event block in rule %s", diag.Quote(r.Name))
			} else if seen != 0 {
				p.warnf(diag.BlockOrder, kwSpan, "the event block must come first in a rule")
			}
			seen |= seenEvent
			ev := p.parseEventBlock(kwSpan)
			if r.Event == nil {
				r.Event = ev
			}
		case id == kwConditions && p.nextIs(end, '{'):
			if seen&seenConditions != 0 {
				p.errorf(diag.DuplicateBlock, kwSpan, "a second conditions block in rule %s", diag.Quote(r.Name))
			} else if seen&seenActions != 0 {
				p.warnf(diag.BlockOrder, kwSpan, "the conditions block must come before the actions block")
			}
			seen |= seenConditions
			b := p.parseBlock(blockConditions, kwSpan, end)
			if r.Conditions == nil {
				r.Conditions = b
			}
		case id == kwActions && p.nextIs(end, '{'):
			if seen&seenActions != 0 {
				p.errorf(diag.DuplicateBlock, kwSpan, "a second actions block in rule %s", diag.Quote(r.Name))
			}
			seen |= seenActions
			b := p.parseBlock(blockActions, kwSpan, end)
			if r.Actions == nil {
				r.Actions = b
			}
		case id == kwRule || id == kwDisabled && p.ruleFollows(end) ||
			(id == kwSettings || id == kwVariables || id == kwSubroutines) && p.nextIs(end, '{'):
			p.pos = bstart
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1},
				"the body of rule %s is never closed: expected '}' before the next rule", diag.Quote(r.Name))
			if r.Event == nil {
				p.errorf(diag.MissingEvent, r.KeywordSpan, "rule %s has no event block", diag.Quote(r.Name))
			}
			return r
		default:
			p.errorf(diag.UnexpectedToken, p.here(), "expected an event, conditions or actions block in rule %s, found %s", diag.Quote(r.Name), p.describe(p.pos))
			p.skipToBlockOrRuleEnd()
		}
		if p.pos == bstart {
			p.advanceRune()
		}
	}
	if r.Event == nil {
		p.errorf(diag.MissingEvent, r.KeywordSpan, "rule %s has no event block: expected 'event { … }' first in its body", diag.Quote(r.Name))
	}
	return r
}

// skipToBlockOrRuleEnd skips text inside a rule body up to the next block
// keyword, the rule's closing brace or a new rule.
func (p *parser) skipToBlockOrRuleEnd() {
	depth := 0
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '"':
			p.readString()
			continue
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return
			}
			depth--
		case '\n':
			p.pos++
			if depth == 0 && p.blockEndsHere() {
				p.skip()
				return
			}
			continue
		}
		p.pos++
	}
}

// parseEventBlock reads "event { Event; Team; Player; }".
func (p *parser) parseEventBlock(kw source.Span) *ast.EventBlock {
	p.pos = kw.End
	ev := &ast.EventBlock{Span: kw, KeywordSpan: kw}
	p.eat('{')
	open := p.pos - 1
	var event *vocab.Event
	p.lineBuf = p.lineBuf[:0]
	for i := 0; ; i++ {
		c := p.peek()
		if c == '}' {
			p.pos++
			break
		}
		if c == 0 || p.blockEndsHere() {
			p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the event block is never closed: expected '}'")
			break
		}
		line := p.parseEventLine(i, event)
		if i == 0 {
			event, _ = line.Ref.(*vocab.Event)
		}
		p.lineBuf = append(p.lineBuf, line)
	}
	ev.Lines = carve(&p.lineSlab, p.lineBuf, p.slabSize(256))
	ev.Span.End = p.pos
	return ev
}

// parseEventLine reads one event line up to its ';'.
func (p *parser) parseEventLine(i int, event *vocab.Event) ast.EventLine {
	start := p.pos
	end := start
	for end < len(p.src) {
		c := p.src[end]
		if c == ';' || c == '}' || c == '\n' || c == '\r' {
			break
		}
		end++
	}
	text := strings.TrimRight(p.src[start:end], " \t")
	line := ast.EventLine{Span: source.Span{Start: start, End: start + len(text)}, Text: text}
	lines := 3
	if event != nil {
		lines = event.Lines
	}
	switch {
	case i == 0:
		line.Kind = ast.EventLineEvent
	case i >= lines:
		line.Kind = ast.EventLineExtra
	case i == 1 && lines == 2:
		line.Kind = ast.EventLineSubroutine
	case i == 1:
		line.Kind = ast.EventLineTeam
	default:
		line.Kind = ast.EventLinePlayer
	}
	if line.Kind != ast.EventLineSubroutine && line.Kind != ast.EventLineExtra {
		line.Ref = p.eventWord(line.Kind, start, line.Span.End)
	}
	p.pos = end
	if !p.eat(';') {
		n := len(p.diags)
		p.errorf(diag.MissingSemicolon, source.Span{Start: line.Span.End, End: line.Span.End},
			"expected ';' after the event line %s, found %s", diag.Quote(text), p.describe(p.pos))
		p.fixLast(n, "Insert ';'", source.Span{Start: line.Span.End, End: line.Span.End}, ";")
		if p.pos < len(p.src) && p.src[p.pos] != '}' && p.pos == end && (p.src[p.pos] != '\n' && p.src[p.pos] != '\r') {
			p.advanceRune()
		}
	}
	return line
}

// eventWord resolves the text [start, end) of an event line.
func (p *parser) eventWord(kind ast.EventLineKind, start, end int) vocab.Named {
	p.hitsAt = -1
	p.hits = p.matcher.MatchUpTo(p.src, start, end, p.hits[:0])
	for _, h := range p.hits {
		if h.End != end {
			continue
		}
		for _, r := range h.Refs {
			if r.Locales&p.accept == 0 {
				continue
			}
			ok := false
			switch kind {
			case ast.EventLineEvent:
				ok = r.Kind() == vocab.KindEvent
			case ast.EventLineTeam:
				ok = r.Kind() == vocab.KindEventTeam
			case ast.EventLinePlayer:
				if r.Kind() == vocab.KindEventPlayer {
					ok = true
				} else if m, isMember := r.Item.(*vocab.Member); isMember && m.Enum.ID == "HeroLiteral" {
					ok = true
				}
			}
			if ok {
				p.vote(r.Locales)
				return r.Item
			}
		}
	}
	return nil
}

// strayAtTopLevel reports what stands where a rule or a block belongs and
// skips to the next thing that can start one.
func (p *parser) strayAtTopLevel() {
	p.errorf(diag.UnexpectedToken, p.here(),
		"expected a rule, or a settings, variables or subroutines block, found %s", p.describe(p.pos))
	p.skipToTopLevel()
}
