package parser

// This file detects the client language of a text. The structural
// keywords (rule, event, actions, …) narrow it to a few candidates; while
// parsing, every name whose spelling belongs to only some of them votes for
// those; the candidate with the most votes wins.

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// detectCandidates returns the locales whose structural keywords begin the
// text's top-level lines (at most the first 50 such lines are read).
func detectCandidates(v *vocab.Vocabulary, text string) vocab.LocaleSet {
	cands := vocab.AllLocales
	seen := 0
	var hits []vocab.Hit
	for off := 0; off < len(text) && seen < 50; {
		// Top-level lines start at column 0; OverPy's output and the game
		// both write keywords there.
		lineEnd := strings.IndexByte(text[off:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text) - off
		}
		if off < len(text) && text[off] != ' ' && text[off] != '\t' {
			hits = v.MatchUpTo(text, off, len(text), hits[:0])
			var set vocab.LocaleSet
			found := false
			for _, h := range hits {
				for _, r := range h.Refs {
					if r.Kind() == vocab.KindKeyword {
						set |= r.Locales
						found = true
					}
				}
				if found {
					break
				}
			}
			if found {
				seen++
				if cands&set != 0 {
					cands &= set
				}
			}
		}
		off += lineEnd + 1
	}
	return cands
}

// vote records that a name spelled for the locales in set was read.
func (p *parser) vote(set vocab.LocaleSet) {
	if !p.detect {
		return
	}
	set &= p.accept
	if set == p.accept {
		return
	}
	for l := range vocab.NumLocales {
		if set.Has(vocab.Locale(l)) {
			p.votes[l]++
		}
	}
}

// decideLocale picks the candidate with the most votes. ambiguous is set
// when several candidates tie; the first of them in catalog order wins.
func (p *parser) decideLocale(cands vocab.LocaleSet) (l vocab.Locale, ambiguous bool) {
	best, bestVotes, ties := vocab.EnUS, -1, 0
	for _, c := range cands.List() {
		switch n := p.votes[c]; {
		case n > bestVotes:
			best, bestVotes, ties = c, n, 1
		case n == bestVotes:
			ties++
		}
	}
	if bestVotes < 0 {
		return vocab.EnUS, true
	}
	return best, ties > 1
}
