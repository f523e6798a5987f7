package parser

// This file reads an edited text again without reading all of it. The
// top level of a text is a head (settings, variables, subroutines) and a
// list of rules; reading a rule depends only on the text from where it
// starts, so after an edit the rules the edit touches are read again, from
// the end of the rule before them until the parser stops exactly where a
// rule it did not touch starts, and every other rule is reused. Whatever
// the whole text decides (its locale, its head) must come out as before,
// or the whole text is read again.

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Reparse returns what Parse returns for f, whose text is prev's text with
// edit applied (edit.Span is an offset range of prev's text). It reads
// again only the rules the edit touches, and reuses the others: those
// after the edit as copies moved by its change of length, so that prev,
// which other readers may hold, is never changed. sp says which rules
// were read again; ok is false when the whole text was read instead (the
// edit touched the head, or changed what only the whole text decides),
// and sp then means nothing.
func Reparse(prev *Result, f *source.File, edit source.Edit) (res *Result, sp ast.Splice, ok bool) {
	if res, sp, ok := reparse(prev, f, edit); ok {
		return res, sp, true
	}
	return Parse(f, Options{Locale: prev.Script.Locale, LocaleGiven: prev.Detection.Given, Vocab: prev.vocab}), ast.Splice{}, false
}

func reparse(prev *Result, f *source.File, edit source.Edit) (*Result, ast.Splice, bool) {
	old := prev.Script
	if old == nil || old.File == nil || prev.vocab == nil {
		return nil, ast.Splice{}, false
	}
	oldText, text := old.File.Text, f.Text
	delta := len(edit.New) - (edit.Span.End - edit.Span.Start)
	if edit.Span.Start < 0 || edit.Span.Start > edit.Span.End || edit.Span.End > len(oldText) ||
		len(text) != len(oldText)+delta {
		return nil, ast.Splice{}, false
	}
	// A payload has no rules to reuse; a text with no rules is read whole
	// (it may be empty, which only the whole text can tell); a byte-order
	// mark or invalid UTF-8 concerns the whole text.
	rules := old.Rules
	if old.Actions != nil || old.Conditions != nil || len(rules) == 0 ||
		strings.HasPrefix(oldText, byteOrderMark) || strings.HasPrefix(text, byteOrderMark) ||
		hasCode(prev.Diags, diag.InvalidUTF8) || !validAround(text, edit.Span.Start, edit.Span.Start+len(edit.New)) {
		return nil, ast.Splice{}, false
	}
	// The rules the edit touches are rules[lo:hi]. A rule's reading may
	// look past its end: a rule whose '}' is missing ends where the next
	// "rule (" or block is found, so it counts as touched by an edit up to
	// the next rule's name, and the last rule by any edit after it. A
	// rule that starts where the edit ends counts too.
	reach := func(i int) int {
		if i+1 < len(rules) { // i == -1 for the head
			if next := rules[i+1]; !next.NameSpan.IsZero() {
				return next.NameSpan.Start
			}
			return rules[i+1].Span.End
		}
		return len(oldText)
	}
	lo := sort.Search(len(rules), func(i int) bool { return reach(i) >= edit.Span.Start })
	hi := sort.Search(len(rules), func(i int) bool { return rules[i].Span.Start > edit.Span.End })
	start, ok := headEnd(old)
	if !ok {
		return nil, ast.Splice{}, false
	}
	if lo > 0 {
		start = rules[lo-1].Span.End
	}
	// The head's last block, like a rule, ends where the first rule is
	// found when its '}' is missing.
	if lo == 0 && edit.Span.Start <= reach(-1) || edit.Span.Start < start || commentAcross(old.Comments, start) {
		return nil, ast.Splice{}, false
	}
	// oldEnd is where the text read again ends in the old text when it
	// stops before rules[i].
	oldEnd := func(i int) int {
		if i < len(rules) {
			return rules[i].Span.Start
		}
		return len(oldText)
	}

	p := prev.parserFor(text)
	if p == nil {
		return nil, ast.Splice{}, false
	}
	p.pos = start
	p.sizeSlabsFor(oldEnd(hi) + delta - start)
	read, ok := p.readRules(func(pos int) int {
		// Reading may run past the rules the edit touched (a '}' deleted
		// joins the next rule): read on to the next rule that starts at
		// or after where reading got to.
		for hi < len(rules) && oldEnd(hi)+delta < pos {
			hi++
		}
		return oldEnd(hi) + delta
	})
	if !ok || lo+len(read)+len(rules)-hi == 0 && old.Settings == nil && old.Variables == nil && old.Subroutines == nil {
		return nil, ast.Splice{}, false
	}
	sp := ast.Splice{First: lo, Old: hi - lo, New: len(read), Start: start, OldEnd: oldEnd(hi), NewEnd: oldEnd(hi) + delta}
	if hi == len(rules) {
		// Read to the end: a problem found at the very end (an empty
		// span there) belongs to what was read again.
		sp.OldEnd++
		sp.NewEnd++
	}

	res := &Result{Detection: prev.Detection, vocab: prev.vocab, votes: prev.votes}
	if p.detect {
		// The locale is decided by the votes of the whole text: take the
		// replaced text's votes away and add the new text's.
		po := prev.parserFor(oldText)
		po.pos = start
		po.sizeSlabsFor(sp.OldEnd - start)
		if _, ok := po.readRules(func(int) int { return sp.OldEnd }); !ok {
			return nil, ast.Splice{}, false
		}
		for l := range res.votes {
			res.votes[l] += p.votes[l] - po.votes[l]
		}
		p.votes = res.votes
		locale, ambiguous := p.decideLocale(prev.Detection.Candidates)
		if locale != old.Locale {
			return nil, ast.Splice{}, false
		}
		res.Detection.Ambiguous = ambiguous
	}
	p.resolveLocalizedStrings(old.Locale)

	s := *old
	s.File = f
	s.FinalNewline = strings.HasSuffix(text, "\n")
	s.Rules = nil // as Parse leaves a text without rules
	if n := lo + len(read) + len(rules) - hi; n > 0 {
		s.Rules = make([]*ast.Rule, 0, n)
	}
	s.Rules = append(s.Rules, rules[:lo]...)
	s.Rules = append(s.Rules, read...)
	s.Rules = append(s.Rules, ast.ShiftRules(rules[hi:], delta)...)
	s.Comments = spliceComments(old.Comments, p.comments, sp)
	res.Script = &s

	p.diags.Sort()
	diag.CleanAll(p.diags)
	res.Diags = diag.Splice(prev.Diags, p.diags, sp.Start, sp.OldEnd, sp.Delta())
	return res, sp, true
}

// headEnd returns where the head blocks end: the offset after the last of
// the settings, variables and subroutines blocks, 0 when there is none.
// ok is false when one of them comes after a rule.
func headEnd(s *ast.Script) (end int, ok bool) {
	first := s.Rules[0].Span.Start
	for _, sp := range []source.Span{settingsSpan(s), variablesSpan(s), subroutinesSpan(s)} {
		if sp.End > first {
			return 0, false
		}
		end = max(end, sp.End)
	}
	return end, true
}

func settingsSpan(s *ast.Script) source.Span {
	if s.Settings == nil {
		return source.Span{}
	}
	return s.Settings.Span
}

func variablesSpan(s *ast.Script) source.Span {
	if s.Variables == nil {
		return source.Span{}
	}
	return s.Variables.Span
}

func subroutinesSpan(s *ast.Script) source.Span {
	if s.Subroutines == nil {
		return source.Span{}
	}
	return s.Subroutines.Span
}

// parserFor returns a parser of text set up as the one that read r: the
// same locale, or the same candidate locales to detect. It returns nil
// when text's candidates differ from r's: the text reads differently.
func (r *Result) parserFor(text string) *parser {
	p := newParser(text, r.vocab)
	if r.Detection.Given {
		p.giveLocale(r.Script.Locale)
		return p
	}
	cands := detectCandidates(r.vocab, text)
	if cands != r.Detection.Candidates {
		return nil
	}
	p.startDetecting(cands)
	return p
}

// readRules reads rules (and stray text between them) from p.pos, as
// readTop does, until, at the top level, it gets to the offset stop
// returns when given the offset reached (or to the end of the text, for
// an offset past it). ok is false when it finds
// anything else than a rule or stray text, or passes the offset.
func (p *parser) readRules(stop func(pos int) int) (rules []*ast.Rule, ok bool) {
	for {
		p.skip()
		switch end := stop(p.pos); {
		case p.pos == end, p.pos == len(p.src) && end > p.pos:
			return rules, true
		case p.pos > end:
			return nil, false
		}
		start := p.pos
		id, end := p.keywordAt()
		switch {
		case id == kwRule || id == kwDisabled && p.ruleFollows(end):
			rules = append(rules, p.parseRule())
		case (id == kwSettings || id == kwVariables || id == kwSubroutines || id == kwActions || id == kwConditions) &&
			p.nextIs(end, '{'):
			return nil, false
		default:
			p.strayAtTopLevel()
		}
		if p.pos == start {
			p.advanceRune()
		}
	}
}

// spliceComments returns the comments of a text read again: those of old
// before sp, then read, then those of old after sp, moved.
func spliceComments(old, read []source.Span, sp ast.Splice) []source.Span {
	i := sort.Search(len(old), func(i int) bool { return old[i].Start >= sp.Start })
	j := sort.Search(len(old), func(i int) bool { return old[i].Start >= sp.OldEnd })
	n := i + len(read) + len(old) - j
	if n == 0 {
		return nil
	}
	out := make([]source.Span, 0, n)
	out = append(out, old[:i]...)
	out = append(out, read...)
	for _, c := range old[j:] {
		out = append(out, c.Shift(sp.Delta()))
	}
	return out
}

// validAround reports whether text, made from a valid UTF-8 text by
// writing [start, end), is still valid: only the characters from the one
// before start to the one after end can have changed.
func validAround(text string, start, end int) bool {
	start = max(start-1, 0)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	end = min(end+1, len(text))
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	return utf8.ValidString(text[start:end])
}

// commentAcross reports whether a comment starts before off and ends
// after it: a /* never closed runs to the end of the text, which the text
// after off decides. (Reading may go on after such a comment: recovery
// looks for the next rule line by line.)
func commentAcross(comments []source.Span, off int) bool {
	for _, c := range comments {
		if c.Start >= off {
			break
		}
		if c.End > off {
			return true
		}
	}
	return false
}

func hasCode(l diag.List, code diag.Code) bool {
	for _, d := range l {
		if d.Code == code {
			return true
		}
	}
	return false
}
