package vocab

// This file holds the name matcher: a compressed trie over folded
// spellings that finds, at an offset of Workshop text, every vocabulary name
// that starts there. Workshop names contain spaces and characters that are
// also operators ("Ongoing - Global", "Soldier: 76", "D.Va"), so the parser
// asks for the longest name first and only then reads operators.
//
// The text is folded while it is matched (see match.go), in a way that keeps
// every byte at its offset, so matching compares bytes and reports offsets
// of the original text.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
	for i := 0; i < len(s); {
		// ASCII, most of every spelling, a byte at a time.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if c = asciiFold[c]; c == ' ' {
				space = b.Len() > 0
				continue
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
			continue
		}
		// No rune past ASCII is white space here (isSpace); a byte that
		// starts no valid sequence reads as U+FFFD, as ranging does.
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
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
	name                 int32 // index of the name that ends at the node (see trie.refAt), or -1
	table                int32 // offset into trie.tables of the node's child table, or -1
	end                  uint8 // what the label ends with: endOther, endWordASCII or endNonASCII
}

// The ends of labels: a name ending in an ASCII word rune matches only
// where no word rune follows; one ending in a non-ASCII byte needs its last
// rune decoded to know.
const (
	endOther uint8 = iota
	endWordASCII
	endNonASCII
)

// trie is immutable after build. It holds no pointers but for refs, so
// that the vocabulary's tables can be generated as static data (see
// static.go) and cost the garbage collector little.
type trie struct {
	nodes []trieNode
	// first holds the first label byte of each node, so that a node's
	// few children are found by a scan of adjacent bytes.
	first  string
	labels string
	// refs holds the entries of every name, name after name in sorted
	// order: name k means refs[refAt[k]:refAt[k+1]].
	refs  []NameRef
	refAt []int32
	// tables holds a 256-entry child table for each node with more than
	// tableMinChildren children (the root has one): entry b is 1 + the
	// index, among the node's children, of the child whose label starts
	// with b, or 0.
	tables []uint16
	// names holds the folded names themselves, one after the other (name
	// k is names[nameAt[k]:nameAt[k+1]]), so that the tries of Matchers
	// are built from the whole vocabulary's without folding or sorting.
	names  string
	nameAt []int32
}

// refsOf returns the entries of name k, capped so that appending to
// them copies.
func (t *trie) refsOf(k int32) []NameRef {
	a, b := t.refAt[k], t.refAt[k+1]
	return t.refs[a:b:b]
}

// tableMinChildren is the child count above which a node gets a child
// table: below it, scanning the first bytes is as fast.
const tableMinChildren = 4

type trieKey struct {
	key string
	seq int32 // insertion order, so that sorting is deterministic
	ref NameRef
}

// trieBuilder collects folded spellings; merged sorts and merges them
// for buildTrie.
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

// merged sorts the spellings and merges equal keys, and the same item
// under one key across locales, keeping the items in the order they were
// added.
func (tb *trieBuilder) merged() []mergedKey {
	slices.SortFunc(tb.keys, func(a, b trieKey) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return int(a.seq - b.seq)
	})
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
	return merged
}

// subset returns the names of t spelled so in a locale of set, each with
// the entries so spelled there and only those locales: the keys that
// merging only those locales' spellings gives. An item's spellings are
// added one after the other, before the next item's, so the items of a
// name keep their order.
func (t *trie) subset(set LocaleSet) []mergedKey {
	nkeys, nrefs := 0, 0
	for k := range int32(len(t.refAt) - 1) {
		n := 0
		for _, r := range t.refsOf(k) {
			if r.Locales&set != 0 {
				n++
			}
		}
		if n > 0 {
			nkeys++
			nrefs += n
		}
	}
	out := make([]mergedKey, 0, nkeys)
	refs := make([]NameRef, 0, nrefs)
	for k := range int32(len(t.refAt) - 1) {
		start := len(refs)
		for _, r := range t.refsOf(k) {
			if r.Locales&set != 0 {
				refs = append(refs, NameRef{Item: r.Item, Locales: r.Locales & set})
			}
		}
		if len(refs) > start {
			out = append(out, mergedKey{key: t.names[t.nameAt[k]:t.nameAt[k+1]], refs: refs[start:len(refs):len(refs)]})
		}
	}
	return out
}

// buildTrie lays sorted, merged keys out in flat arrays.
func buildTrie(merged []mergedKey) *trie {
	nrefs, nbytes := 0, 0
	for _, k := range merged {
		nrefs += len(k.refs)
		nbytes += len(k.key)
	}
	t := &trie{
		nodes: make([]trieNode, 1, len(merged)*2), refs: make([]NameRef, 0, nrefs),
		refAt: make([]int32, 1, len(merged)+1), nameAt: make([]int32, 1, len(merged)+1),
	}
	var labels, names strings.Builder
	labels.Grow(nbytes)
	names.Grow(nbytes)
	t.nodes[0] = trieNode{name: -1, table: -1}
	// groups holds the children being laid out, a run for each node on
	// the way down from the root.
	type group struct {
		keys []mergedKey
		end  int // the group's common prefix ends here
	}
	var groups []group
	// fill lays out the children of node idx, whose keys share their first
	// depth bytes. It visits the keys in order: name k is merged[k].
	var fill func(idx int32, keys []mergedKey, depth int)
	fill = func(idx int32, keys []mergedKey, depth int) {
		if len(keys) > 0 && len(keys[0].key) == depth {
			t.nodes[idx].name = int32(len(t.refAt) - 1)
			t.refs = append(t.refs, keys[0].refs...)
			t.refAt = append(t.refAt, int32(len(t.refs)))
			names.WriteString(keys[0].key)
			t.nameAt = append(t.nameAt, int32(names.Len()))
			keys = keys[1:]
		}
		base := len(groups)
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
		n := len(groups) - base
		first := int32(len(t.nodes))
		t.nodes[idx].firstChild = first
		t.nodes[idx].childCount = int32(n)
		for _, g := range groups[base:] {
			start := int32(labels.Len())
			labels.WriteString(g.keys[0].key[depth:g.end])
			t.nodes = append(t.nodes, trieNode{labelStart: start, labelEnd: int32(labels.Len()), name: -1, table: -1})
		}
		// The recursion appends past base+n and truncates back to it.
		for i := range n {
			g := groups[base+i]
			fill(first+int32(i), g.keys, g.end)
		}
		groups = groups[:base]
	}
	fill(0, merged, 0)
	t.labels = labels.String()
	t.names = names.String()
	first := make([]byte, len(t.nodes))
	for i := 1; i < len(t.nodes); i++ {
		first[i] = t.labels[t.nodes[i].labelStart]
	}
	t.first = string(first)
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.labelEnd > n.labelStart {
			switch last := t.labels[n.labelEnd-1]; {
			case last >= utf8.RuneSelf:
				n.end = endNonASCII
			case IsWordRune(rune(last)):
				n.end = endWordASCII
			}
		}
		if i != 0 && n.childCount <= tableMinChildren {
			continue
		}
		n.table = int32(len(t.tables))
		t.tables = append(t.tables, make([]uint16, 256)...)
		for k := range n.childCount {
			t.tables[int(n.table)+int(first[n.firstChild+k])] = uint16(k + 1)
		}
	}
	return t
}
