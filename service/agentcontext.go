package service

// This file builds the budgeted agent context (`wright-lsp agent context`,
// the agentContext operation): the operations, actions, values, events
// and lint rules whose words match a task, ranked with fixed weights, cut
// to a token budget that the whole document never exceeds.
//
// The estimator is Quirl's: the canonical compact JSON's length in
// Unicode scalar values, divided by four and rounded up. Selection is
// exact arithmetic on those lengths, so no document is built twice: the
// envelope is measured once with its widest members (truncated false,
// the estimate as wide as the budget), each item's length is known from
// the index, and an item is taken when it still fits in four characters
// a token. The estimate is then the fixed point of its own width.

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Bounds of the task's terms: a longer task adds no terms (its text is
// still echoed, and counts against the budget).
const contextMaxTerms = 64

// contextKinds are the kinds of ranked entries, in tie-break order.
var contextKinds = []string{"operation", "action", "value", "event", "lint-rule"}

// Score weights (documented on contract.ContextItem.Score): a term that
// is a word of the entry's name or id, one that begins such a word or is
// begun by it, and the same for a word of its other text.
const (
	weightName       = 6
	weightNamePrefix = 3
	weightText       = 2
	weightTextPrefix = 1
)

// contextStopWords are common English words that say nothing about which
// entry a task needs; they are never terms.
var contextStopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and any are as at be by can do does for from has have how i if in into is it
		its me my no not of on or our so that the their then there these this those to up use using want we what when
		where which while who why will with would you your`) {
		contextStopWords[w] = true
	}
}

// A contextRecord is one entry that can be ranked, with its two
// projections measured.
type contextRecord struct {
	kind      int // index in contextKinds
	id        string
	nameWords []string // sorted, distinct
	textWords []string // sorted, distinct
	full      contract.ContextItem
	compact   *contract.ContextItem // nil when the full record is already compact
	// fullLen and compactLen are the projections' lengths in Unicode
	// scalars with score 0.
	fullLen, compactLen int
}

// A contextIndex holds every record and the sources they came from.
type contextIndex struct {
	records []*contextRecord
	sources contract.ContextSources
}

var (
	contextOnce sync.Once
	contextIx   *contextIndex
	contextErr  error
)

func theContextIndex() (*contextIndex, error) {
	contextOnce.Do(func() { contextIx, contextErr = buildContextIndex() })
	return contextIx, contextErr
}

func buildContextIndex() (*contextIndex, error) {
	cat, err := AgentCatalog()
	if err != nil {
		return nil, err
	}
	lx := theLexicon()
	ix := &contextIndex{sources: contract.ContextSources{CatalogSchema: cat.Fingerprints.Schema,
		CatalogContent: cat.Fingerprints.Content, VocabularySHA256: lx.v.CatalogSHA256}}
	add := func(kind int, id string, name, text []string, full contract.ContextItem, compact *contract.ContextItem) error {
		r := &contextRecord{kind: kind, id: id, nameWords: wordSet(name), textWords: wordSet(text), full: full, compact: compact}
		r.full.Kind, r.full.ID, r.full.Projection = contextKinds[kind], id, "full"
		if r.fullLen, err = runeLen(r.full); err != nil {
			return err
		}
		if compact != nil {
			compact.Kind, compact.ID, compact.Projection = contextKinds[kind], id, "compact"
			if r.compactLen, err = runeLen(*compact); err != nil {
				return err
			}
		}
		ix.records = append(ix.records, r)
		return nil
	}
	for _, o := range cat.Operations {
		effects := o.Effects
		members := []string{}
		if props, ok := o.RequestSchema["properties"].(map[string]any); ok {
			for k := range props {
				members = append(members, k)
			}
		}
		slices.Sort(members)
		full := contract.ContextItem{Tool: o.Tool, Description: o.Description, RequestSchema: o.RequestSchema,
			Effects: &effects, RefusalCodes: o.RefusalCodes}
		compact := &contract.ContextItem{Tool: o.Tool, Summary: firstSentence(o.Description), RequestMembers: members, Effects: &effects}
		if err := add(0, o.Name, splitWords(o.Name), splitWords(o.Description), full, compact); err != nil {
			return nil, err
		}
	}
	for _, k := range []vocab.Kind{vocab.KindAction, vocab.KindValue, vocab.KindEvent} {
		kind := slices.Index(contextKinds, k.String())
		for _, x := range lx.byKind[slices.Index(lexKinds, k)] {
			w := x.wire(vocab.EnUS)
			name := append(splitWords(w.English), splitWords(w.ID)...)
			var text []string
			for _, p := range w.Params {
				text = append(text, splitWords(p.Name)...)
			}
			full := contract.ContextItem{Name: w.English, Signature: w.Signature, Params: w.Params}
			var compact *contract.ContextItem
			if len(w.Params) > 0 {
				compact = &contract.ContextItem{Name: w.English, Signature: w.Signature}
			}
			if err := add(kind, w.ID, name, text, full, compact); err != nil {
				return nil, err
			}
		}
	}
	for _, r := range lint.Builtin() {
		text := append(splitWords(r.Summary), r.Tags...)
		full := contract.ContextItem{Severity: r.Severity.String(), Summary: r.Summary, Rationale: r.Rationale, Limits: r.Limits,
			Tags: r.Tags, Fixes: r.Fixes}
		compact := &contract.ContextItem{Severity: r.Severity.String(), Summary: r.Summary}
		if err := add(len(contextKinds)-1, r.ID, splitWords(r.ID), text, full, compact); err != nil {
			return nil, err
		}
	}
	return ix, nil
}

// AgentContext ranks the index's records for task and keeps, best first,
// what fits in budget tokens: each record whole when it fits, else its
// compact projection when that fits, else nothing. Truncated is set when
// any matching record was not kept whole.
func AgentContext(task string, budget int) (*contract.AgentContext, error) {
	if budget < 1 {
		return nil, errorf("invalid-selection", "token_budget is %d; it must be at least 1", budget)
	}
	// Invalid UTF-8 (a command-line argument may hold it) is echoed as
	// U+FFFD: JSON would escape each bad byte as six characters that
	// decode to one, so a client re-encoding the document would measure
	// another estimate.
	task = strings.ToValidUTF8(task, "\uFFFD")
	terms := taskTerms(task)
	if len(terms) == 0 {
		return nil, errorf("invalid-selection", "the task has no words to rank entries by (words of two or more letters or digits, besides common English words such as \"the\" and \"to\")")
	}
	ix, err := theContextIndex()
	if err != nil {
		return nil, err
	}
	type hit struct {
		r     *contextRecord
		score int
	}
	var hits []hit
	for _, r := range ix.records {
		if s := r.score(terms); s > 0 {
			hits = append(hits, hit{r, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.r.kind, b.r.kind), strings.Compare(a.r.id, b.r.id))
	})
	doc := &contract.AgentContext{DocumentType: contract.ContextDocumentType, SchemaVersion: contract.ContextSchemaVersion,
		Contract: contract.AgentContract, Task: task, Terms: terms,
		Budget:  contract.ContextBudget{Estimator: contract.ContextEstimator, Requested: budget, Estimated: budget},
		Sources: ix.sources, Items: []contract.ContextItem{}}
	// The envelope at its widest: truncated false (one character more
	// than true) and an estimate as wide as the budget it never exceeds.
	envelope, err := runeLen(doc)
	if err != nil {
		return nil, err
	}
	// Four characters a token; a budget past a quarter of the largest
	// int holds anything.
	capacity := math.MaxInt
	if budget <= math.MaxInt/4 {
		capacity = 4 * budget
	}
	if envelope > capacity {
		return nil, errorf("token-budget-too-small", "token_budget %d is too small for this task: the document's envelope alone (the task is echoed in it) takes more; the least budget that works is %d",
			budget, leastBudget(envelope, budget))
	}
	used := envelope
	for _, h := range hits {
		sep := 0
		if len(doc.Items) > 0 {
			sep = 1 // the comma before it
		}
		grow := digits(h.score) - 1 // the lengths were measured with score 0
		switch {
		case used+sep+h.r.fullLen+grow <= capacity:
			used += sep + h.r.fullLen + grow
			doc.Items = append(doc.Items, h.r.full)
		case h.r.compact != nil && used+sep+h.r.compactLen+grow <= capacity:
			used += sep + h.r.compactLen + grow
			doc.Items = append(doc.Items, *h.r.compact)
			doc.Truncated = true
		default:
			doc.Truncated = true
			continue
		}
		doc.Items[len(doc.Items)-1].Score = h.score
	}
	// The exact estimate: the document measured with an estimate of one
	// digit, then the fixed point of the estimate's own width (it only
	// grows, so the first fixed point from below is the least).
	doc.Budget.Estimated = 0
	base, err := runeLen(doc)
	if err != nil {
		return nil, err
	}
	est := 0
	for {
		next := (base - 1 + digits(est) + 3) / 4
		if next == est {
			break
		}
		est = next
	}
	if est > budget {
		return nil, errorf("internal-error", "the context's estimate %d exceeds its budget %d", est, budget)
	}
	doc.Budget.Estimated = est
	return doc, nil
}

// leastBudget is the least budget whose envelope fits it, given the
// envelope's length measured with budget's digits (twice: requested and
// estimated).
func leastBudget(envelope, budget int) int {
	bare := envelope - 2*digits(budget)
	b := max(1, (bare+2+3)/4)
	for bare+2*digits(b) > 4*b {
		b++
	}
	return b
}

// score sums each term's best weight in r.
func (r *contextRecord) score(terms []string) int {
	total := 0
	for _, t := range terms {
		total += max(matchWeight(t, r.nameWords, weightName, weightNamePrefix), matchWeight(t, r.textWords, weightText, weightTextPrefix))
	}
	return total
}

// matchWeight is exact when term is one of words, prefix when one of them
// begins the other and the shorter has four or more runes, else 0.
func matchWeight(term string, words []string, exact, prefix int) int {
	if _, found := slices.BinarySearch(words, term); found {
		return exact
	}
	for _, w := range words {
		short, long := term, w
		if len(short) > len(long) {
			short, long = long, short
		}
		if utf8.RuneCountInString(short) >= 4 && strings.HasPrefix(long, short) {
			return prefix
		}
	}
	return 0
}

// taskTerms returns the task's distinct terms in order of first
// appearance: its words, without stop words, at most contextMaxTerms.
func taskTerms(task string) []string {
	terms := []string{}
	for _, w := range splitWords(task) {
		if contextStopWords[w] || slices.Contains(terms, w) {
			continue
		}
		terms = append(terms, w)
		if len(terms) == contextMaxTerms {
			break
		}
	}
	return terms
}

// splitWords splits s into lower-case words: runs of letters and digits,
// cut where camelCase starts a new word (costEstimate, HUDText); words of
// one rune are dropped.
func splitWords(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end-start >= 2 {
			out = append(out, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start >= 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(rs))
	return out
}

func wordSet(words []string) []string {
	out := slices.Clone(words)
	slices.Sort(out)
	return slices.Compact(out)
}

// firstSentence is s up to its first ". " (the stop kept), or s.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// runeLen is the length of v's canonical compact JSON in Unicode scalars.
func runeLen(v any) (int, error) {
	data, err := canonical(v)
	if err != nil {
		return 0, err
	}
	return utf8.RuneCount(data), nil
}

// EstimateTokens is the context estimator applied to v: its canonical
// compact JSON's length in Unicode scalars, divided by four, rounded up.
func EstimateTokens(v any) (int, error) {
	n, err := runeLen(v)
	return (n + 3) / 4, err
}

func digits(n int) int { return len(strconv.Itoa(n)) }
