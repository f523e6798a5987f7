package vocab

// This file matches names against text. The text is folded while it is
// read, byte for byte (see foldedByte): a parser looks at a small part of a
// large text (string literals, variable names and numbers are never
// matched), so folding all of it first would cost more than the matching.

import (
	"slices"
	"unicode/utf8"
)

// A Matcher finds names of some locales only. Its trie is a fraction of
// the whole vocabulary's, which keeps it in the processor's caches while a
// parser calls it tens of thousands of times.
type Matcher struct {
	t *trie
}

// Matcher returns a matcher for the spellings of the locales in set,
// building it on first use.
func (v *Vocabulary) Matcher(set LocaleSet) *Matcher {
	v.matchersMu.Lock()
	defer v.matchersMu.Unlock()
	if m, ok := v.matchers[set]; ok {
		return m
	}
	m := &Matcher{t: buildTrie(v.names.subset(set))}
	if v.matchers == nil {
		v.matchers = map[LocaleSet]*Matcher{}
	}
	v.matchers[set] = m
	return m
}

// Match appends to hits every name of the matcher's locales that starts at
// offset start of text, longest first, and returns the extended slice (the
// NameRefs still list every locale that spells the name). Names compare
// folded (see Fold): a space in a name matches any run of white space (a
// line may wrap inside a name). A name ending in a word rune only matches
// where the text does not go on with a word rune. start must be at a
// character boundary.
func (m *Matcher) Match(text string, start int, hits []Hit) []Hit {
	return m.t.match(text, start, len(text), hits)
}

// MatchUpTo is Match on text[:end]: names end at or before end, and the
// text is taken to stop there.
func (m *Matcher) MatchUpTo(text string, start, end int, hits []Hit) []Hit {
	return m.t.match(text, start, end, hits)
}

// MatchUpTo is Matcher.MatchUpTo over the names of every locale.
func (v *Vocabulary) MatchUpTo(text string, start, end int, hits []Hit) []Hit {
	return v.names.match(text, start, end, hits)
}

// maxMatchWindow bounds the text Match reads: the longest name is under
// 150 bytes, which leaves room for wrapped white space.
const maxMatchWindow = 1024

// Match is MatchUpTo over the names of every locale, with the text taken to
// stop at the first byte no name contains, or maxMatchWindow bytes after
// start.
func (v *Vocabulary) Match(text string, start int, hits []Hit) []Hit {
	end := start
	for end < len(text) && end-start < maxMatchWindow {
		switch text[end] {
		case '(', ')', ',', ';', '"', '[', ']', '{', '}':
		default:
			end++
			continue
		}
		break
	}
	return v.names.match(text, start, end, hits)
}

// Lookup returns the entries spelled exactly name (after folding).
func (v *Vocabulary) Lookup(name string) []NameRef {
	key := Fold(name)
	hits := v.Match(key, 0, nil)
	for _, h := range hits {
		if h.End == len(key) {
			return h.Refs
		}
	}
	return nil
}

// match appends the names starting at start of text[:limit], longest
// first.
func (t *trie) match(s string, start, limit int, hits []Hit) []Hit {
	if limit < len(s) {
		s = s[:limit]
	}
	base := len(hits)
	n := &t.nodes[0]
	for i := start; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			b = asciiFold[b]
		} else {
			b = foldedByteSlow(s, i)
		}
		// Find the child whose label starts with b.
		c := int32(0)
		if n.table >= 0 {
			if k := t.tables[int(n.table)+int(b)]; k != 0 {
				c = n.firstChild + int32(k) - 1
			}
		} else {
			first := t.first[n.firstChild : n.firstChild+n.childCount]
			for k := 0; k < len(first); k++ {
				if first[k] == b {
					c = n.firstChild + int32(k)
					break
				}
			}
		}
		if c == 0 {
			break
		}
		n = &t.nodes[c]
		// Compare the rest of the label. Each label byte takes at least
		// one byte of text.
		j := i + 1
		if b == ' ' {
			j = skipFoldedSpaces(s, j)
		}
		label := t.labels[n.labelStart+1 : n.labelEnd]
		if len(label) > len(s)-j {
			break
		}
		ok := true
		for k := 0; k < len(label); k++ {
			tb := s[j]
			if tb >= utf8.RuneSelf {
				j, ok = matchFoldedSlow(s, j, label[k:])
				break
			}
			if asciiFold[tb] != label[k] {
				ok = false
				break
			}
			j++
			if label[k] == ' ' {
				j = skipFoldedSpaces(s, j)
				if len(label)-k-1 > len(s)-j {
					ok = false
					break
				}
			}
		}
		if !ok {
			break
		}
		i = j
		if n.name < 0 {
			continue
		}
		if i < len(s) {
			switch n.end {
			case endWordASCII:
				if c := s[i]; c < utf8.RuneSelf && asciiWord[c] || c >= utf8.RuneSelf && !boundaryOK(s, start, i) {
					continue
				}
			case endNonASCII:
				if !boundaryOK(s, start, i) {
					continue
				}
			}
		}
		hits = append(hits, Hit{End: i, Refs: t.refsOf(n.name)})
	}
	if len(hits)-base > 1 {
		slices.Reverse(hits[base:])
	}
	return hits
}

// asciiWord says which ASCII bytes are word runes (see IsWordRune).
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = IsWordRune(rune(c))
	}
	return t
}()

// foldedByteSlow returns byte i of the folded text where the text holds a
// non-ASCII byte: the byte of the folded character (see Fold), which keeps
// every byte at its offset.
func foldedByteSlow(s string, i int) byte {
	buf, _, off := foldedRuneAt(s, i)
	return buf[off]
}

// foldedRuneAt returns the folded bytes of the character that covers byte
// i of s, their count, and the offset of byte i among them. A byte that is
// not part of a valid UTF-8 sequence folds to itself.
func foldedRuneAt(s string, i int) (buf [utf8.UTFMax]byte, n, off int) {
	// Every byte that does not continue a sequence starts a character
	// (the text is read from its start in steps of whole characters or
	// single invalid bytes), so the character covering i starts at the
	// nearest such byte at or before i.
	r0 := i
	for r0 > 0 && i-r0 < utf8.UTFMax-1 && !utf8.RuneStart(s[r0]) {
		r0--
	}
	r, size := utf8.DecodeRuneInString(s[r0:])
	if r == utf8.RuneError && size == 1 || r0+size <= i {
		buf[0] = s[i]
		return buf, 1, 0
	}
	return buf, utf8.EncodeRune(buf[:], foldRune(r)), i - r0
}

// matchFoldedSlow compares label with the folded text from j on, where
// the text holds non-ASCII bytes. It returns where the match ends.
func matchFoldedSlow(s string, j int, label string) (int, bool) {
	for k := 0; k < len(label); {
		if j >= len(s) {
			return j, false
		}
		if c := s[j]; c < utf8.RuneSelf {
			if asciiFold[c] != label[k] {
				return j, false
			}
			j++
			k++
			if label[k-1] == ' ' {
				j = skipFoldedSpaces(s, j)
			}
			continue
		}
		buf, n, off := foldedRuneAt(s, j)
		for ; off < n && k < len(label); off, j, k = off+1, j+1, k+1 {
			if j >= len(s) || buf[off] != label[k] {
				return j, false
			}
		}
	}
	return j, true
}

// skipFoldedSpaces returns the end of the run of white space at j.
func skipFoldedSpaces(s string, j int) int {
	for j < len(s) && s[j] < utf8.RuneSelf && asciiFold[s[j]] == ' ' {
		j++
	}
	return j
}

// boundaryOK reports whether a name matched at [start, end) of s ends
// where a word may end: not between two word runes. end < len(s).
func boundaryOK(s string, start, end int) bool {
	var last rune
	if c := s[end-1]; c < utf8.RuneSelf {
		last = rune(c)
	} else {
		last, _ = utf8.DecodeLastRuneInString(s[start:end])
		last = foldRune(last)
	}
	if !IsWordRune(last) {
		return true
	}
	next := rune(s[end])
	if next >= utf8.RuneSelf {
		next, _ = utf8.DecodeRuneInString(s[end:])
		next = foldRune(next)
	}
	return !IsWordRune(next)
}
