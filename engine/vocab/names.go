package vocab

// This file holds the name matcher: a compressed trie over folded
// spellings that finds, at an offset of Workshop text, every vocabulary name
// that starts there. Workshop names contain spaces and characters that are
// also operators ("Ongoing - Global", "Soldier: 76", "D.Va"), so the parser
// asks for the longest name first and only then reads operators.
//
// Text is folded once per parse (see FoldText) in a way that keeps every
// byte at its offset, so matching compares bytes and reports offsets of the
// original text.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// foldRune lowers r when its lower case has the same UTF-8 length (true of
// every letter in the catalog's alphabets but a handful such as 'İ'), so
// that folding never moves a byte.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	l := unicode.ToLower(r)
	if utf8.RuneLen(l) != utf8.RuneLen(r) {
		return r
	}
	return l
}

// Fold returns the comparison form of a spelling: lower case, every run of
// white space replaced by one space, trimmed. Names compare equal when
// their folded forms do.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if isSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	return false
}

// FoldedText is a text folded for matching: letters lowered and white space
// turned into spaces, byte for byte, so that offsets are the original
// text's.
type FoldedText struct{ s string }

// asciiFold maps each ASCII byte to its folded form.
var asciiFold = func() (t [utf8.RuneSelf]byte) {
	for i := range t {
		t[i] = byte(i)
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = byte(c + 'a' - 'A')
	}
	for _, c := range "\t\n\r\v\f" {
		t[c] = ' '
	}
	return t
}()

// FoldText folds text for MatchFolded. O(len(text)).
func FoldText(text string) FoldedText {
	b := make([]byte, len(text))
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			b[i] = asciiFold[c]
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			b[i] = text[i]
			i++
			continue
		}
		utf8.EncodeRune(b[i:], foldRune(r))
		i += size
	}
	// b is never written again: share it instead of copying a large text.
	return FoldedText{s: unsafe.String(unsafe.SliceData(b), len(b))}
}

// IsWordRune reports whether r continues a word: a letter, a digit or '_'.
// A name only matches where the text does not go on with a word rune after
// a name that ends in one ("Team 1" does not match "Team 10").
func IsWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// A NameRef is one entry spelled a given way, with the locales that spell
// it so.
type NameRef struct {
	Item    Named
	Locales LocaleSet
}

// Kind returns the kind of the referenced entry.
func (r NameRef) Kind() Kind { return r.Item.entry().Kind }

// A Hit is a name found in text: it spans [start, End) and means any of Refs.
type Hit struct {
	End  int
	Refs []NameRef
}

// trieNode is a node of the compressed trie. The edge into a node carries
// the label labels[labelStart:labelEnd] (folded bytes; a space matches a
// run of white space).
type trieNode struct {
	labelStart, labelEnd int32
	firstChild           int32 // children are nodes[firstChild:firstChild+childCount], sorted by first label byte
	childCount           int32
	refs                 int32 // index into trie.refs, or -1
	spaced               bool  // the label holds a space
}

// trie is immutable after build.
type trie struct {
	nodes []trieNode
	// first holds the first label byte of each node, so that a node's
	// children can be searched with one IndexByte.
	first  string
	labels string
	refs   [][]NameRef
	root   [256]int32 // the root's child by first byte (0: none)
}

type trieKey struct {
	key string
	seq int32 // insertion order, so that sorting is deterministic
	ref NameRef
}

// trieBuilder collects folded spellings; build sorts them and lays the trie
// out in flat arrays, which keeps loading the vocabulary fast.
type trieBuilder struct {
	keys []trieKey
}

func (tb *trieBuilder) add(name string, item Named, loc Locale) {
	key := Fold(name)
	if key == "" {
		return
	}
	tb.keys = append(tb.keys, trieKey{key: key, seq: int32(len(tb.keys)), ref: NameRef{Item: item, Locales: Of(loc)}})
}

type mergedKey struct {
	key  string
	refs []NameRef
}

// subset returns a builder holding the spellings of the locales in set.
func (tb *trieBuilder) subset(set LocaleSet) *trieBuilder {
	out := &trieBuilder{}
	for _, k := range tb.keys {
		if k.ref.Locales&set != 0 {
			out.keys = append(out.keys, k)
		}
	}
	return out
}

func (tb *trieBuilder) build() *trie {
	slices.SortFunc(tb.keys, func(a, b trieKey) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return int(a.seq - b.seq)
	})
	// Merge equal keys, and the same item under one key across locales.
	var merged []mergedKey
	for _, k := range tb.keys {
		if n := len(merged); n > 0 && merged[n-1].key == k.key {
			last := &merged[n-1]
			found := false
			for i := range last.refs {
				if last.refs[i].Item == k.ref.Item {
					last.refs[i].Locales |= k.ref.Locales
					found = true
				}
			}
			if !found {
				last.refs = append(last.refs, k.ref)
			}
			continue
		}
		merged = append(merged, mergedKey{key: k.key, refs: []NameRef{k.ref}})
	}
	t := &trie{nodes: make([]trieNode, 1, len(merged)*2)}
	var labels strings.Builder
	t.nodes[0] = trieNode{refs: -1}
	// fill lays out the children of node idx, whose keys share their first
	// depth bytes.
	var fill func(idx int32, keys []mergedKey, depth int)
	fill = func(idx int32, keys []mergedKey, depth int) {
		if len(keys) > 0 && len(keys[0].key) == depth {
			t.nodes[idx].refs = int32(len(t.refs))
			t.refs = append(t.refs, keys[0].refs)
			keys = keys[1:]
		}
		type group struct {
			keys []mergedKey
			end  int // the group's common prefix ends here
		}
		var groups []group
		for i := 0; i < len(keys); {
			b := keys[i].key[depth]
			j := i + 1
			for j < len(keys) && keys[j].key[depth] == b {
				j++
			}
			g := keys[i:j]
			// Extend the label while every key continues alike and none
			// ends (an ending key needs a node of its own).
			end := depth + 1
			for {
				if len(g[0].key) == end {
					break
				}
				c := g[0].key[end]
				same := true
				for _, k := range g[1:] {
					if len(k.key) == end || k.key[end] != c {
						same = false
						break
					}
				}
				if !same {
					break
				}
				end++
			}
			groups = append(groups, group{keys: g, end: end})
			i = j
		}
		first := int32(len(t.nodes))
		t.nodes[idx].firstChild = first
		t.nodes[idx].childCount = int32(len(groups))
		for _, g := range groups {
			start := int32(labels.Len())
			labels.WriteString(g.keys[0].key[depth:g.end])
			label := g.keys[0].key[depth:g.end]
			t.nodes = append(t.nodes, trieNode{labelStart: start, labelEnd: int32(labels.Len()), refs: -1,
				spaced: strings.IndexByte(label, ' ') >= 0})
		}
		for i, g := range groups {
			fill(first+int32(i), g.keys, g.end)
		}
	}
	fill(0, merged, 0)
	t.labels = labels.String()
	first := make([]byte, len(t.nodes))
	for i := 1; i < len(t.nodes); i++ {
		first[i] = t.labels[t.nodes[i].labelStart]
	}
	t.first = string(first)
	root := t.nodes[0]
	for c := root.firstChild; c < root.firstChild+root.childCount; c++ {
		t.root[t.labels[t.nodes[c].labelStart]] = c
	}
	return t
}

// child returns the child of node idx whose label starts with b, or 0.
func (t *trie) child(idx int32, b byte) int32 {
	if idx == 0 {
		return t.root[b]
	}
	n := &t.nodes[idx]
	if i := strings.IndexByte(t.first[n.firstChild:n.firstChild+n.childCount], b); i >= 0 {
		return n.firstChild + int32(i)
	}
	return 0
}

// MatchFolded appends to hits every name that starts at offset start of
// the folded text, longest first, and returns the extended slice. A space
// in a name matches any run of white space (a line may wrap inside a
// name). A name ending in a word rune only matches where the text does
// not continue with a word rune.
func (v *Vocabulary) MatchFolded(f FoldedText, start int, hits []Hit) []Hit {
	return v.names.match(f, start, hits)
}

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
	m := &Matcher{t: v.allNames.subset(set).build()}
	if v.matchers == nil {
		v.matchers = map[LocaleSet]*Matcher{}
	}
	v.matchers[set] = m
	return m
}

// MatchFolded is Vocabulary.MatchFolded restricted to the matcher's
// locales (the NameRefs still list every locale that spells the name).
func (m *Matcher) MatchFolded(f FoldedText, start int, hits []Hit) []Hit {
	return m.t.match(f, start, hits)
}

func (t *trie) match(f FoldedText, start int, hits []Hit) []Hit {
	s := f.s
	base := len(hits)
	node := int32(0)
	i := start
	for i < len(s) {
		c := t.child(node, s[i])
		if c == 0 {
			break
		}
		n := &t.nodes[c]
		label := t.labels[n.labelStart:n.labelEnd]
		if !n.spaced {
			if !strings.HasPrefix(s[i:], label) {
				break
			}
			node, i = c, i+len(label)
			if n.refs >= 0 && boundaryOK(s, start, i) {
				hits = append(hits, Hit{End: i, Refs: t.refs[n.refs]})
			}
			continue
		}
		j := i
		ok := true
		for k := n.labelStart; k < n.labelEnd; k++ {
			lb := t.labels[k]
			if j >= len(s) {
				ok = false
				break
			}
			if lb == ' ' {
				if s[j] != ' ' {
					ok = false
					break
				}
				for j < len(s) && s[j] == ' ' {
					j++
				}
				continue
			}
			if s[j] != lb {
				ok = false
				break
			}
			j++
		}
		if !ok {
			break
		}
		node, i = c, j
		if n.refs >= 0 && boundaryOK(s, start, i) {
			hits = append(hits, Hit{End: i, Refs: t.refs[n.refs]})
		}
	}
	slices.Reverse(hits[base:])
	return hits
}

// maxMatchWindow bounds the text Match folds: the longest name is under
// 150 bytes, which leaves room for wrapped white space.
const maxMatchWindow = 1024

// Match is MatchFolded on unfolded text.
func (v *Vocabulary) Match(text string, start int, hits []Hit) []Hit {
	// Names never contain these bytes, so folding stops at the first (or
	// at a length no name with its wrapped white space reaches).
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
	base := len(hits)
	hits = v.MatchFolded(FoldText(text[start:end]), 0, hits)
	for i := base; i < len(hits); i++ {
		hits[i].End += start
	}
	return hits
}

// Prefix returns the first n bytes of f.
func (f FoldedText) Prefix(n int) FoldedText { return FoldedText{s: f.s[:n]} }

func boundaryOK(text string, start, end int) bool {
	if end >= len(text) {
		return true
	}
	last, _ := utf8.DecodeLastRuneInString(text[start:end])
	next, _ := utf8.DecodeRuneInString(text[end:])
	return !(IsWordRune(last) && IsWordRune(next))
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
