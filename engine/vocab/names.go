package vocab

// This file holds the name matcher: a byte trie over folded spellings that
// finds, at an offset of raw Workshop text, every vocabulary name that
// starts there. Workshop names contain spaces and characters that are also
// operators ("Ongoing - Global", "Soldier: 76", "D.Va"), so the parser asks
// for the longest name first and only then reads operators.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold returns the comparison form of a spelling: lower case (Unicode simple
// folding), every run of white space replaced by one space, trimmed. Names
// compare equal when their folded forms do.
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
		b.WriteRune(unicode.ToLower(r))
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

type trieNode struct {
	edgeStart int32 // index of the node's first edge in trie.edges
	edgeCount int32
	refs      int32 // index into trie.refs, or -1
}

type trieEdge struct {
	b     byte
	child int32
}

// trie is immutable after build.
type trie struct {
	nodes []trieNode
	edges []trieEdge
	refs  [][]NameRef
	root  [256]int32 // the root's children by byte (0: none)
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
	size := 1
	for _, k := range merged {
		size += len(k.key)
	}
	tb.keys = nil
	t := &trie{nodes: make([]trieNode, 0, size), edges: make([]trieEdge, 0, size), refs: make([][]NameRef, 0, len(merged))}
	var stack []trieEdge
	var build func(keys []mergedKey, depth int) int32
	build = func(keys []mergedKey, depth int) int32 {
		idx := int32(len(t.nodes))
		t.nodes = append(t.nodes, trieNode{refs: -1})
		if len(keys) > 0 && len(keys[0].key) == depth {
			t.nodes[idx].refs = int32(len(t.refs))
			t.refs = append(t.refs, keys[0].refs)
			keys = keys[1:]
		}
		base := len(stack)
		for i := 0; i < len(keys); {
			b := keys[i].key[depth]
			j := i + 1
			for j < len(keys) && keys[j].key[depth] == b {
				j++
			}
			child := build(keys[i:j], depth+1)
			stack = append(stack, trieEdge{b: b, child: child})
			i = j
		}
		t.nodes[idx].edgeStart = int32(len(t.edges))
		t.nodes[idx].edgeCount = int32(len(stack) - base)
		t.edges = append(t.edges, stack[base:]...)
		stack = stack[:base]
		return idx
	}
	build(merged, 0)
	root := t.nodes[0]
	for _, e := range t.edges[root.edgeStart : root.edgeStart+root.edgeCount] {
		t.root[e.b] = e.child
	}
	return t
}

func (t *trie) step(node int32, b byte) int32 {
	if node == 0 {
		return t.root[b]
	}
	n := &t.nodes[node]
	edges := t.edges[n.edgeStart : n.edgeStart+n.edgeCount]
	if len(edges) <= 8 {
		for _, e := range edges {
			if e.b == b {
				return e.child
			}
			if e.b > b {
				return 0
			}
		}
		return 0
	}
	lo, hi := 0, len(edges)
	for lo < hi {
		m := (lo + hi) / 2
		if edges[m].b < b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(edges) && edges[lo].b == b {
		return edges[lo].child
	}
	return 0
}

// Match appends to hits every name that starts at text[start:], longest
// first, and returns the extended slice. White space inside a name matches
// any run of white space (a line may wrap inside a name); letters match
// case-insensitively. A name ending in a word rune only matches when the
// text does not continue with a word rune.
func (v *Vocabulary) Match(text string, start int, hits []Hit) []Hit {
	t := v.names
	base := len(hits)
	node := int32(0)
	i := start
	var buf [utf8.UTFMax]byte
	for i < len(text) {
		c := text[i]
		var consumed int
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			j := i + 1
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			node = t.step(node, ' ')
			consumed = j - i
		case c < utf8.RuneSelf:
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			node = t.step(node, c)
			consumed = 1
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			lr := unicode.ToLower(r)
			n := utf8.EncodeRune(buf[:], lr)
			for k := 0; k < n && node >= 0; k++ {
				node = t.step(node, buf[k])
				if node == 0 {
					break
				}
			}
			consumed = size
		}
		if node == 0 {
			break
		}
		i += consumed
		if r := t.nodes[node].refs; r >= 0 && boundaryOK(text, start, i) {
			hits = append(hits, Hit{End: i, Refs: t.refs[r]})
		}
	}
	// Longest first.
	for l, r := base, len(hits)-1; l < r; l, r = l+1, r-1 {
		hits[l], hits[r] = hits[r], hits[l]
	}
	return hits
}

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
