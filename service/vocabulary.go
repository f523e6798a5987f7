package service

// This file answers the vocabulary operations: targetMetadata, lookup and
// listEntries. They read the Workshop vocabulary (package vocab) only,
// never a program, so a session answers them even when its project cannot
// load.
//
// The first call builds a lexicon over the vocabulary: every served entry
// by kind in catalog order and, on the first lookup, every folded spelling
// and id with the entries it names. Later calls share it, so an exact
// lookup is a map probe and a near-miss search scans a few thousand
// precomputed keys.

import (
	"cmp"
	"encoding/base64"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Bounds of lookup and listEntries. A larger limit or page size is lowered
// to the cap and echoed in the result, so the client sees what applied.
const (
	LookupDefaultLimit  = 20
	LookupMaxLimit      = 100
	ListDefaultPageSize = 50
	ListMaxPageSize     = 200
)

// CatalogSource is where the embedded vocabulary comes from, relative to
// the directory holding the project (see engine/vocab).
const CatalogSource = "shared/data/catalog.json"

const lexWorkshop = KindWorkshop

// lexUnserved are real languages whose owners' vocabularies are not
// served yet. Asking for them is answered (available: false) rather than
// refused, so an agent can tell "not yet" from "no such language".
var lexUnserved = map[string]string{
	KindOverPy: "the OverPy vocabulary (owned by OverPy) is not served yet; lookup and listEntries serve workshop",
	KindOSTW:   "the OSTW vocabulary (owned by OSTW) is not served yet; lookup and listEntries serve workshop",
}

// lexKinds are the kinds served, in owner order: results rank kinds in
// this order. Event teams, event players, setting words and abilities stay
// engine-internal; the contract does not name them.
var lexKinds = []vocab.Kind{
	vocab.KindAction, vocab.KindValue, vocab.KindEnumMember, vocab.KindEvent, vocab.KindHero,
	vocab.KindMap, vocab.KindGameMode, vocab.KindKeyword, vocab.KindLocalizedString,
}

// A lexEntry is one served entry with what every answer about it needs.
type lexEntry struct {
	named  vocab.Named
	entry  *vocab.Entry
	ord    int // position among every entry
	kind   int // index in lexKinds
	seq    int // position in its kind's list (under 1<<20, see Lookup)
	enum   int // index in lexicon.enums, or -1
	within string
	// accepted holds the distinct spellings across locales, sorted.
	accepted []string
	// signatures caches an element's vocab.Signature by locale: rendering
	// one costs microseconds (it concatenates argument by argument), and
	// a lookup answers up to 100 entries.
	signatures [vocab.NumLocales]atomic.Pointer[string]
}

// signature returns el's signature in l, rendering it on first use.
func (x *lexEntry) signature(el *vocab.Element, l vocab.Locale) string {
	if s := x.signatures[l].Load(); s != nil {
		return *s
	}
	s := el.Signature(l)
	x.signatures[l].Store(&s) // a racing caller stores the same text
	return s
}

// A lexRef is one entry spelled a key's way, with the locales that do.
type lexRef struct {
	x        *lexEntry
	locales  vocab.LocaleSet
	spelling string // the catalog's spelling in the first of locales
}

// A lexKey is one folded spelling or id.
type lexKey struct {
	key   string
	runes []rune
	kinds uint16 // bit i: some entry of lexKinds[i] is spelled or named so
	refs  []lexRef
	ids   []*lexEntry // entries whose id folds to key
}

type lexEnum struct {
	id         string
	start, end int // its members are byKind[enum-member][start:end]
}

// A lexicon is immutable once built. Its search index is built on the
// first lookup: targetMetadata and listEntries only walk kinds, and need
// not pay for folding and indexing some 30,000 spellings.
type lexicon struct {
	v       *vocab.Vocabulary
	byKind  [][]*lexEntry // indexed like lexKinds
	entries int           // across kinds
	enums   []lexEnum

	indexOnce sync.Once
	index     *lexIndex
}

// A lexIndex finds entries by folded spelling or id, exactly or nearly.
type lexIndex struct {
	keys    map[string]*lexKey
	sorted  []*lexKey   // by key, for prefix search
	byRunes []lexLength // by rune count, for near search
	// scratch holds zeroed []int32 of one element per entry: a search's
	// hit index + 1 by lexEntry.ord. Pooled, because clearing a fresh
	// one cost more than many searches' scans.
	scratch sync.Pool
}

// A lexLength holds the keys of one rune count column by column. The near
// search reads the probe of every key and the bag of a few, so keeping
// them apart (rather than in a struct per key, let alone behind a pointer
// per key) lets the scan stream 8 bytes a key.
type lexLength struct {
	probes []uint64 // lexKey.kinds<<48 | lexSig(key)
	bags   []lexBag
	keys   []*lexKey
}

var (
	lexOnce sync.Once
	lex     *lexicon
)

// theLexicon returns the lexicon of the embedded vocabulary. The first
// call pays for decoding the vocabulary.
func theLexicon() *lexicon {
	lexOnce.Do(func() { lex = buildLexicon(vocab.Default()) })
	return lex
}

func buildLexicon(v *vocab.Vocabulary) *lexicon {
	lx := &lexicon{v: v, byKind: make([][]*lexEntry, len(lexKinds))}
	kindIndex := map[vocab.Kind]int{}
	for i, k := range lexKinds {
		kindIndex[k] = i
	}
	add := func(n vocab.Named, enum int, within string) {
		e := vocab.EntryOf(n)
		ki := kindIndex[e.Kind]
		x := &lexEntry{named: n, entry: e, ord: lx.entries, kind: ki, seq: len(lx.byKind[ki]), enum: enum, within: within}
		lx.entries++
		lx.byKind[ki] = append(lx.byKind[ki], x)
		for _, name := range e.Names {
			if name != "" && !slices.Contains(x.accepted, name) {
				x.accepted = append(x.accepted, name)
			}
		}
		slices.Sort(x.accepted)
	}
	for _, el := range v.Elements {
		add(el, -1, "")
	}
	for _, en := range v.Enums {
		members := &lx.byKind[kindIndex[vocab.KindEnumMember]]
		start := len(*members)
		for _, m := range en.Members {
			add(m, len(lx.enums), en.ID)
		}
		lx.enums = append(lx.enums, lexEnum{id: en.ID, start: start, end: len(*members)})
	}
	for _, e := range v.Events {
		add(e, -1, "")
	}
	for _, e := range v.Heroes {
		add(e, -1, "")
	}
	for _, e := range v.Maps {
		add(e, -1, "")
	}
	for _, e := range v.GameModes {
		add(e, -1, "")
	}
	for _, e := range v.Keywords {
		add(e, -1, "")
	}
	for _, e := range v.LocalizedStrings {
		add(e, -1, "")
	}
	return lx
}

// searchIndex returns the lexicon's search index, building it on first
// use.
func (lx *lexicon) searchIndex() *lexIndex {
	lx.indexOnce.Do(func() { lx.index = buildIndex(lx) })
	return lx.index
}

func buildIndex(lx *lexicon) *lexIndex {
	// Some 18,500 keys: sizing the map up front saves its rehashing.
	ix := &lexIndex{keys: make(map[string]*lexKey, 1<<15)}
	ix.scratch.New = func() any { at := make([]int32, lx.entries); return &at }
	var folded []string // x.accepted, folded
	for _, list := range lx.byKind {
		for _, x := range list {
			folded = folded[:0]
			for _, name := range x.accepted {
				folded = append(folded, vocab.Fold(name))
			}
			for l, name := range x.entry.Names {
				if name != "" {
					i, _ := slices.BinarySearch(x.accepted, name)
					ix.addSpelling(folded[i], x, vocab.Locale(l), name)
				}
			}
			id := x.entry.ID
			ids := []string{id, strings.Trim(id, "._")}
			if x.within != "" {
				ids = append(ids, x.within+"."+id)
			}
			for _, id := range ids {
				if lk := ix.key(vocab.Fold(id)); lk != nil && !slices.Contains(lk.ids, x) {
					lk.ids = append(lk.ids, x)
					lk.kinds |= 1 << x.kind
				}
			}
		}
	}
	keys := make([]string, 0, len(ix.keys))
	runes := 0
	for k := range ix.keys {
		keys = append(keys, k)
		runes += utf8.RuneCountInString(k)
	}
	slices.Sort(keys)
	arena := make([]rune, 0, runes) // one allocation for every key's runes
	ix.sorted = make([]*lexKey, len(keys))
	for i, k := range keys {
		lk := ix.keys[k]
		ix.sorted[i] = lk
		start := len(arena)
		for _, r := range k {
			arena = append(arena, r)
		}
		lk.runes = arena[start:len(arena):len(arena)]
		for len(ix.byRunes) <= len(lk.runes) {
			ix.byRunes = append(ix.byRunes, lexLength{})
		}
		c := &ix.byRunes[len(lk.runes)]
		c.probes = append(c.probes, uint64(lk.kinds)<<48|lexSig(lk.runes))
		c.bags = append(c.bags, makeBag(lk.runes))
		c.keys = append(c.keys, lk)
	}
	return ix
}

// key returns the lexKey of a folded string, creating it; nil for "".
func (ix *lexIndex) key(folded string) *lexKey {
	if folded == "" {
		return nil
	}
	lk := ix.keys[folded]
	if lk == nil {
		lk = &lexKey{key: folded}
		ix.keys[folded] = lk
	}
	return lk
}

func (ix *lexIndex) addSpelling(folded string, x *lexEntry, l vocab.Locale, spelling string) {
	lk := ix.key(folded)
	if lk == nil {
		return
	}
	lk.kinds |= 1 << x.kind
	for i := range lk.refs {
		if lk.refs[i].x == x {
			lk.refs[i].locales |= vocab.Of(l)
			return
		}
	}
	lk.refs = append(lk.refs, lexRef{x: x, locales: vocab.Of(l), spelling: spelling})
}

// lexSig sets one of 48 bits per distinct rune class of s (a letter, a
// digit pair, the space, or one of 16 classes of every other rune). An
// edit changes at most two bits, so two strings whose signatures differ in
// more than 2k bits are more than k edits apart: the near search skips
// them without a closer look. The top 16 bits are left for the key's
// kinds (see lexLength).
func lexSig(s []rune) uint64 {
	var sig uint64
	for _, r := range s {
		switch {
		case 'a' <= r && r <= 'z':
			sig |= 1 << (r - 'a')
		case '0' <= r && r <= '9':
			sig |= 1 << (26 + (r-'0')/2)
		case r == ' ':
			sig |= 1 << 31
		default:
			sig |= 1 << (32 + uint32(r)*2654435761>>16%16)
		}
	}
	return sig
}

const lexSigBits = 1<<48 - 1

// A lexBag counts the runes of a string by class (a letter or digit, a
// space, or one of four classes of every other rune), a byte per class
// capped at 31. One edit moves the counts by at most one up and one down
// (capping keeps that true), so when one bag holds more than k runes the
// other lacks, the strings are more than k edits apart. It rejects nearly
// everything lexSig lets through.
type lexBag [4]uint64

func makeBag(s []rune) lexBag {
	var counts [32]uint8
	for _, r := range s {
		var c uint32
		switch {
		case 'a' <= r && r <= 'z':
			c = uint32(r - 'a')
		case '0' <= r && r <= '9':
			c = 26
		case r == ' ':
			c = 27
		default:
			c = 28 + uint32(r)*2654435761>>16%4
		}
		counts[c] = min(counts[c]+1, 31)
	}
	var b lexBag
	for i, n := range counts {
		b[i/8] |= uint64(n) << (8 * (i % 8))
	}
	return b
}

// apart reports whether the strings of bags a and b are more than k edits
// apart. It works on eight counts at once: the near search calls it for
// hundreds of keys a query, and a byte-by-byte loop was most of a lookup.
func (a *lexBag) apart(b *lexBag, k int) bool {
	more, fewer := 0, 0
	for i := range a {
		more += excess(a[i], b[i])
		fewer += excess(b[i], a[i])
	}
	return more > k || fewer > k
}

// excess sums max(x_i - y_i, 0) over the eight bytes of x and y, each at
// most 31. Setting each byte's high bit before subtracting keeps borrows
// from crossing bytes and leaves that bit set exactly where x_i >= y_i.
func excess(x, y uint64) int {
	const hi, lo = 0x8080808080808080, 0x0101010101010101
	d := (x | hi) - y
	keep := (d & hi) >> 7 * 0xff
	// Eight differences of at most 31 sum below 256: one multiply adds
	// them into the top byte.
	return int((((d ^ hi) & keep) * lo) >> 56)
}

// A lexFilter is a request's kind and within, resolved.
type lexFilter struct {
	kind int // index in lexKinds, or -1 for every kind
	enum int // index in lexicon.enums, or -1
}

func (f lexFilter) admits(x *lexEntry) bool {
	return (f.kind < 0 || x.kind == f.kind) && (f.enum < 0 || x.enum == f.enum)
}

func (f lexFilter) mask() uint16 {
	if f.kind < 0 {
		return 1<<len(lexKinds) - 1
	}
	return 1 << f.kind
}

// filter resolves kind and within; within implies enum-member.
func (lx *lexicon) filter(kind, within string) (lexFilter, error) {
	f := lexFilter{kind: -1, enum: -1}
	if kind = strings.TrimSpace(kind); kind != "" {
		f.kind = slices.IndexFunc(lexKinds, func(k vocab.Kind) bool { return k.String() == kind })
		if f.kind < 0 {
			names := make([]string, len(lexKinds))
			for i, k := range lexKinds {
				names[i] = k.String()
			}
			return f, lexUnknown("kind", kind, names)
		}
	}
	if within = strings.TrimSpace(within); within != "" {
		members := slices.Index(lexKinds, vocab.KindEnumMember)
		if f.kind >= 0 && f.kind != members {
			return f, errorf("invalid-selection", "within narrows enum members; kind %s has no enum", lexKinds[f.kind])
		}
		f.kind = members
		f.enum = slices.IndexFunc(lx.enums, func(e lexEnum) bool { return e.id == within })
		if f.enum < 0 {
			f.enum = slices.IndexFunc(lx.enums, func(e lexEnum) bool { return strings.EqualFold(e.id, within) })
		}
		if f.enum < 0 {
			ids := make([]string, len(lx.enums))
			for i, e := range lx.enums {
				ids[i] = e.id
			}
			return f, lexUnknown("enum", within, ids)
		}
	}
	return f, nil
}

// list returns the entries f selects, in owner order.
func (lx *lexicon) list(f lexFilter) []*lexEntry {
	switch {
	case f.enum >= 0:
		e := lx.enums[f.enum]
		return lx.byKind[f.kind][e.start:e.end]
	case f.kind >= 0:
		return lx.byKind[f.kind]
	}
	var all []*lexEntry
	for _, list := range lx.byKind {
		all = append(all, list...)
	}
	return all
}

// lexUnknown refuses an unknown name of a closed set, naming the nearest.
func lexUnknown(what, got string, names []string) *Error {
	near := vocab.Nearest(got, names)
	msg := "unknown " + what + " " + strconv.Quote(got)
	if len(near) > 0 {
		msg += " (did you mean " + strings.Join(near, ", ") + "?)"
	}
	if len(names) <= 10 {
		msg += "; expected one of " + strings.Join(names, ", ")
	}
	err := errorf("invalid-selection", "%s", msg)
	err.Candidates = near
	return err
}

// lexLanguage resolves the request's language: served reports whether its
// vocabulary is served here; reason says why not.
func lexLanguage(lang string) (name string, served bool, reason string, err error) {
	name = strings.ToLower(strings.TrimSpace(lang))
	switch {
	case name == "":
		return "", false, "", errorf("malformed-request", "language is required: workshop")
	case name == lexWorkshop:
		return name, true, "", nil
	case lexUnserved[name] != "":
		return name, false, lexUnserved[name], nil
	}
	return "", false, "", lexUnknown("language", lang, []string{lexWorkshop, KindOverPy, KindOSTW})
}

func lexLocale(s string) (vocab.Locale, error) {
	if strings.TrimSpace(s) == "" {
		return vocab.EnUS, nil
	}
	l, err := vocab.ParseLocale(s)
	if err != nil {
		tags := make([]string, vocab.NumLocales)
		for i, l := range vocab.Locales() {
			tags[i] = l.String()
		}
		e := errorf("invalid-locale", "%v", err)
		// A bare language ("fr", "zh") names its regional locales.
		for _, tag := range tags {
			if lang, _, _ := strings.Cut(tag, "-"); strings.EqualFold(lang, strings.TrimSpace(s)) {
				e.Candidates = append(e.Candidates, tag)
			}
		}
		if e.Candidates == nil {
			e.Candidates = vocab.Nearest(s, tags)
		}
		return 0, e
	}
	return l, nil
}

// lexCount reads an optional count, lowering it to hi.
func lexCount(field string, n *int, def, lo, hi int) (int, error) {
	switch {
	case n == nil:
		return def, nil
	case *n < lo:
		return 0, errorf("malformed-request", "%s must be at least %d (got %d)", field, lo, *n)
	}
	return min(*n, hi), nil
}

// TargetMetadata describes the catalog the service reads and writes
// against. The counts are the lexicon's, so they always equal the totals
// listEntries reports.
func TargetMetadata() *contract.TargetMetadata {
	lx := theLexicon()
	out := &contract.TargetMetadata{
		Language: lexWorkshop, CatalogSource: CatalogSource, SourceCommit: lx.v.SourceCommit,
		CatalogSHA256: lx.v.CatalogSHA256, DefaultLocale: vocab.EnUS.String(), ElementBudget: cost.Budget,
		Counts: map[string]int{},
	}
	for _, l := range vocab.Locales() {
		out.Locales = append(out.Locales, l.String())
	}
	for i, k := range lexKinds {
		out.Kinds = append(out.Kinds, k.String())
		out.Counts[k.String()] = len(lx.byKind[i])
	}
	for _, e := range lx.enums {
		out.Enums = append(out.Enums, contract.VocabularyEnum{ID: e.id, Members: e.end - e.start})
	}
	actions, values := sim.Unsimulated()
	out.Simulator = contract.SimulatorCoverage{Release: sim.Release, UnsimulatedActions: actions, UnsimulatedValues: values}
	return out
}

// Match kinds, best first.
const (
	lexExact = iota
	lexID
	lexNear
)

var lexMatchNames = [...]string{lexExact: "exact", lexID: "id", lexNear: "near"}

type lexHit struct {
	x        *lexEntry
	match    int
	distance int
	matched  string
	locales  vocab.LocaleSet // empty when an id matched
}

// Lookup resolves a free-text name guess to vocabulary entries. See
// [contract.LookupRequest] for the fields and [contract.LookupResult] for
// the ranking.
func Lookup(req *contract.LookupRequest) (*contract.LookupResult, error) {
	if req == nil {
		return nil, errorf("malformed-request", "lookup needs a request")
	}
	lang, served, reason, err := lexLanguage(req.Language)
	if err != nil {
		return nil, err
	}
	loc, err := lexLocale(req.Locale)
	if err != nil {
		return nil, err
	}
	limit, err := lexCount("limit", req.Limit, LookupDefaultLimit, 0, LookupMaxLimit)
	if err != nil {
		return nil, err
	}
	out := &contract.LookupResult{Language: lang, Owner: lang, Query: req.Query, Kind: req.Kind, Within: req.Within,
		Locale: loc.String(), Limit: limit, Entries: []contract.VocabularyEntry{}}
	if !served {
		out.Reason = reason
		return out, nil
	}
	lx := theLexicon()
	f, err := lx.filter(req.Kind, req.Within)
	if err != nil {
		return nil, err
	}
	out.Available = true
	out.Kind, out.Within = lx.echo(f)
	key := vocab.Fold(req.Query)
	if key == "" {
		if f.kind < 0 {
			return nil, errorf("malformed-request", "lookup needs a query, or a kind or within to list")
		}
		list := lx.list(f)
		out.Total = len(list)
		for _, x := range list[:min(limit, len(list))] {
			w := x.wire(loc)
			w.Accepted = slices.Clone(x.accepted)
			out.Entries = append(out.Entries, w)
		}
		return out, nil
	}
	hits := lx.search(key, f)
	// Rank by one integer per hit: match, distance, whether an exact
	// spelling is the requested locale's (what the caller most likely
	// meant), then owner order (kind in 4 bits, seq in 20), with the
	// hit's index in the low half. Sorting these is several times cheaper
	// than sorting the hits.
	order := make([]uint64, len(hits))
	for i, h := range hits {
		other := lexBit(h.match != lexExact || !h.locales.Has(loc))
		rank := uint64(h.match)<<29 | uint64(h.distance)<<25 | uint64(other)<<24 | uint64(h.x.kind)<<20 | uint64(h.x.seq)
		order[i] = rank<<32 | uint64(i)
	}
	slices.Sort(order)
	out.Total = len(hits)
	for _, o := range order[:min(limit, len(order))] {
		h := hits[uint32(o)]
		w := h.x.wire(loc)
		w.Accepted = slices.Clone(h.x.accepted)
		w.Match, w.Matched, w.Distance = lexMatchNames[h.match], h.matched, h.distance
		for _, l := range h.locales.List() {
			w.MatchedLocales = append(w.MatchedLocales, l.String())
		}
		out.Entries = append(out.Entries, w)
	}
	return out, nil
}

func lexBit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// echo returns the canonical kind and within of f.
func (lx *lexicon) echo(f lexFilter) (kind, within string) {
	if f.kind >= 0 {
		kind = lexKinds[f.kind].String()
	}
	if f.enum >= 0 {
		within = lx.enums[f.enum].id
	}
	return kind, within
}

// lexMaxNearRunes bounds the queries the near search considers: the longest
// spelling is under 150 bytes, so a longer query has no near miss.
const lexMaxNearRunes = 160

// search finds the entries f admits whose spelling or id is key, or a
// near miss of it, one hit per entry (its best match).
//
// A near miss is what vocab.Nearest accepts for a query of two runes or
// more (its distance limit and prefix rule) and, since a swap counts as
// one edit here, a little more. It is found without Nearest: Nearest folds
// every candidate on every call and keeps three, where lookup needs every
// near miss among some 18,000 precomputed keys in well under a
// millisecond.
func (lx *lexicon) search(key string, f lexFilter) []lexHit {
	ix := lx.searchIndex()
	var hits []lexHit
	at := ix.scratch.Get().(*[]int32)
	defer func() {
		// Clear only what this search set: the slice spans every entry.
		for _, h := range hits {
			(*at)[h.x.ord] = 0
		}
		ix.scratch.Put(at)
	}()
	consider := func(lk *lexKey, match, d int) {
		for i := range lk.refs {
			r := &lk.refs[i]
			if f.admits(r.x) {
				hits = lexRecord(hits, *at, lexHit{x: r.x, match: match, distance: d, matched: r.spelling, locales: r.locales})
			}
		}
		idMatch := max(match, lexID)
		for _, x := range lk.ids {
			if f.admits(x) {
				hits = lexRecord(hits, *at, lexHit{x: x, match: idMatch, distance: d, matched: x.entry.ID})
			}
		}
	}
	if lk := ix.keys[key]; lk != nil {
		consider(lk, lexExact, 0)
	}
	n := utf8.RuneCountInString(key)
	if n > lexMaxNearRunes {
		return hits
	}
	q := []rune(key)
	// vocab.Nearest's limit, except that a one-rune query has no near
	// miss: any one-rune spelling would be one.
	limit := min(n/3+1, 4, n-1)
	qsig, qbag, mask := lexSig(q), makeBag(q), f.mask()
	kinds := uint64(mask) << 48
	buf := make([]int, 3*(n+limit+1))
	for length := max(n-limit, 1); limit > 0 && length <= n+limit && length < len(ix.byRunes); length++ {
		c := &ix.byRunes[length]
		for i, p := range c.probes {
			if p&kinds == 0 || bits.OnesCount64((p^qsig)&lexSigBits) > 2*limit || qbag.apart(&c.bags[i], limit) {
				continue
			}
			if lk := c.keys[i]; lk.key != key {
				if d := lexDistance(q, lk.runes, limit, buf); d <= limit {
					consider(lk, lexNear, d)
				}
			}
		}
	}
	if n >= 4 {
		// A spelling the query begins ("Create HUD" for "Create HUD
		// Text") is a near miss too; sorted keys hold them in one run.
		i := sort.Search(len(ix.sorted), func(i int) bool { return ix.sorted[i].key >= key })
		for ; i < len(ix.sorted) && strings.HasPrefix(ix.sorted[i].key, key); i++ {
			if lk := ix.sorted[i]; lk.key != key && lk.kinds&mask != 0 {
				consider(lk, lexNear, limit)
			}
		}
	}
	return hits
}

// lexRecord adds h unless its entry already has a match at least as good;
// between equally near matches, a spelling beats an id, since it is what
// the caller can write.
func lexRecord(hits []lexHit, at []int32, h lexHit) []lexHit {
	i := at[h.x.ord] - 1
	if i < 0 {
		at[h.x.ord] = int32(len(hits)) + 1
		return append(hits, h)
	}
	old := hits[i]
	if cmp.Or(cmp.Compare(h.match, old.match), cmp.Compare(h.distance, old.distance),
		cmp.Compare(lexBit(h.locales == 0), lexBit(old.locales == 0))) < 0 {
		hits[i] = h
	}
	return hits
}

// lexDistance is the optimal string alignment distance between a and b
// (Levenshtein plus swaps of adjacent runes, so "wiat" is one edit from
// "wait"), cut off above limit (it then returns limit+1). It never exceeds
// the Levenshtein distance vocab.Nearest uses. Only the diagonal band of
// width 2*limit+1 is computed: a cell outside it is already past the
// limit. buf holds at least 3*(len(b)+1) ints.
func lexDistance(a, b []rune, limit int, buf []int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	over := limit + 1
	w := len(b) + 1
	prev2, prev, cur := buf[:w], buf[w:2*w], buf[2*w:3*w]
	for j := range prev {
		prev[j] = min(j, over)
	}
	prevMin := 0
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c = min(c, prev[j], cur[j-1]) + 1
				if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
					c = min(c, prev2[j-2]+1)
				}
				c = min(c, over)
			}
			cur[j] = c
			rowMin = min(rowMin, c)
		}
		if hi < len(b) {
			cur[hi+1] = over
		}
		// A swap reaches back two rows: later rows stay past the limit
		// once this row is and the one before cannot bring them back
		// with its one extra edit.
		if rowMin > limit && prevMin >= limit {
			return over
		}
		prev2, prev, cur = prev, cur, prev2
		prevMin = rowMin
	}
	return prev[len(b)]
}

// wire renders x in locale l, without lookup's match fields.
func (x *lexEntry) wire(l vocab.Locale) contract.VocabularyEntry {
	e := x.entry
	w := contract.VocabularyEntry{ID: e.ID, Kind: e.Kind.String(), Within: x.within, English: e.English()}
	w.Name, _ = e.Name(l)
	switch n := x.named.(type) {
	case *vocab.Element:
		w.Signature = x.signature(n, l)
		for _, p := range n.Params {
			wp := contract.VocabularyParam{Name: p.Name, Type: p.Type.String(), Default: p.Default}
			if p.Enum != nil {
				wp.Enum = p.Enum.ID
			}
			w.Params = append(w.Params, wp)
		}
	case *vocab.Member:
		w.OverPyOnly, w.Extension = n.OnlyInOverPy, n.Extension
	}
	return w
}

// ListEntries returns one page of a vocabulary kind in owner order.
func ListEntries(req *contract.ListEntriesRequest) (*contract.ListEntriesResult, error) {
	if req == nil {
		return nil, errorf("malformed-request", "listEntries needs a request")
	}
	lang, served, reason, err := lexLanguage(req.Language)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Kind) == "" {
		return nil, errorf("malformed-request", "kind is required")
	}
	loc, err := lexLocale(req.Locale)
	if err != nil {
		return nil, err
	}
	size, err := lexCount("pageSize", req.PageSize, ListDefaultPageSize, 1, ListMaxPageSize)
	if err != nil {
		return nil, err
	}
	out := &contract.ListEntriesResult{Language: lang, Owner: lang, Kind: req.Kind, Within: req.Within,
		Locale: loc.String(), PageSize: size, Entries: []contract.VocabularyEntry{}}
	if !served {
		out.Reason = reason
		return out, nil
	}
	lx := theLexicon()
	f, err := lx.filter(req.Kind, req.Within)
	if err != nil {
		return nil, err
	}
	out.Available = true
	out.Kind, out.Within = lx.echo(f)
	list := lx.list(f)
	if req.Cursor != "" {
		if out.Offset, err = lx.decodeCursor(req.Cursor, f, len(list)); err != nil {
			return nil, err
		}
	}
	end := min(out.Offset+size, len(list))
	for _, x := range list[out.Offset:end] {
		out.Entries = append(out.Entries, x.wire(loc))
	}
	out.Total = len(list)
	if end < len(list) {
		out.NextCursor = lx.cursor(f, end)
	}
	return out, nil
}

// A cursor is "le1|kind|within|offset|catalog" in unpadded URL base64.
// It binds the kind and within it pages through, and the catalog, so a
// cursor replayed against another listing or vocabulary is refused
// instead of silently paging through something else.
const lexCursorVersion = "le1"

func (lx *lexicon) cursorCatalog() string {
	return lx.v.CatalogSHA256[:min(12, len(lx.v.CatalogSHA256))]
}

func (lx *lexicon) cursor(f lexFilter, offset int) string {
	kind, within := lx.echo(f)
	raw := strings.Join([]string{lexCursorVersion, kind, within, strconv.Itoa(offset), lx.cursorCatalog()}, "|")
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func (lx *lexicon) decodeCursor(c string, f lexFilter, total int) (int, error) {
	bad := func(why string) (int, error) {
		return 0, errorf("invalid-selection", "the cursor was not issued for this listing (%s): pass a nextCursor back unchanged, with the same kind and within", why)
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || !utf8.Valid(raw) {
		return bad("not a cursor")
	}
	parts := strings.Split(string(raw), "|")
	if len(parts) != 5 || parts[0] != lexCursorVersion {
		return bad("not a cursor")
	}
	kind, within := lx.echo(f)
	if parts[1] != kind || parts[2] != within {
		return bad("it pages through another kind or enum")
	}
	if parts[4] != lx.cursorCatalog() {
		return bad("it was issued for another catalog")
	}
	offset, err := strconv.Atoi(parts[3])
	if err != nil || offset <= 0 || offset >= total || strconv.Itoa(offset) != parts[3] {
		return bad("its position is out of range")
	}
	return offset, nil
}
