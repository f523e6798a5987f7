package service

import (
	"errors"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
)

// contextWords are the words random tasks are drawn from: words of
// operations, vocabulary entries and lint rules, stop words, words that
// match nothing, and text the estimator must count in Unicode scalars
// (accents, CJK, an emoji outside the BMP, quotes and escapes JSON
// lengthens).
var contextWords = strings.Fields(`check lint rule rules cost estimate element hud text create destroy player
	position teleport wait loop event ongoing global heal damage kills counting variable array team hero map
	simulate compile edit statements references symbols callGraph costEstimate lintRules HUDText duplicate-condition
	the a to of and with my how zzqx florp 42 x é Ärger 大字体信息 🎮 "quoted" back\slash tab	<tag> &amp; ""` +
	// Invalid UTF-8 (encoded as U+FFFD), a control character (\u0001)
	// and a line separator (\u2028): JSON writes each longer than a scalar.
	" bad\xffbyte ctl\x01char line\u2028sep")

// randomTask is a task of 0 to 30 words of contextWords.
func randomTask(rng *rand.Rand) string {
	n := rng.Intn(31)
	words := make([]string, n)
	for i := range words {
		words[i] = contextWords[rng.Intn(len(contextWords))]
	}
	return strings.Join(words, " ")
}

// randomBudget spreads budgets over magnitudes: tiny ones (below any
// envelope), small, large and enormous ones.
func randomBudget(rng *rand.Rand) int {
	switch rng.Intn(5) {
	case 0:
		return 1 + rng.Intn(40)
	case 1:
		return 40 + rng.Intn(400)
	case 2:
		return 400 + rng.Intn(4000)
	case 3:
		return 4000 + rng.Intn(200000)
	}
	return math.MaxInt - rng.Intn(3)
}

// TestAgentContextProperties is a property test over random tasks and
// budgets: every answer is a document whose estimate, recomputed from
// its own bytes, is what it records and never over its budget, or a
// refusal (no terms; a budget below the envelope, naming the least one
// that works, which does); the same request gives the same bytes; its
// items are, in order, a subsequence of the unbounded ranking, each whole
// or its compact projection; and truncated is set exactly when that
// subsequence is not the whole ranking kept whole. Validate accepts it.
func TestAgentContextProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	iterations := 400
	if testing.Short() {
		iterations = 60
	}
	refusedSmall, truncated, whole, compact := 0, 0, 0, 0
	for i := range iterations {
		task, budget := randomTask(rng), randomBudget(rng)
		doc, err := AgentContext(task, budget)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q %d: %v", task, budget, err)
			}
			switch e.Code {
			case "invalid-selection":
				if len(taskTerms(task)) != 0 {
					t.Errorf("%q has terms %v but was refused: %v", task, taskTerms(task), err)
				}
			case "token-budget-too-small":
				refusedSmall++
				least := leastFromMessage(t, e.Message)
				if least <= budget {
					t.Errorf("%q %d: refused, naming the least budget %d", task, budget, least)
				} else if _, err := AgentContext(task, least); err != nil {
					t.Errorf("%q: the least budget %d named is refused too: %v", task, least, err)
				} else if _, err := AgentContext(task, least-1); err == nil {
					t.Errorf("%q: %d works, below the least budget %d named", task, least-1, least)
				}
			default:
				t.Errorf("%q %d: refused %v", task, budget, err)
			}
			continue
		}
		data, err := Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		est := (utf8.RuneCount(data) + 3) / 4
		if est != doc.Budget.Estimated || est > budget || doc.Budget.Requested != budget || doc.Budget.Estimator != contract.ContextEstimator {
			t.Fatalf("%q %d: estimate %d from its bytes, budget %+v", task, budget, est, doc.Budget)
		}
		again, _ := AgentContext(task, budget)
		if b, _ := Marshal(again); string(b) != string(data) {
			t.Fatalf("%q %d: two answers differ", task, budget)
		}
		all, err := AgentContext(task, math.MaxInt)
		if err != nil || all.Truncated {
			t.Fatalf("%q unbounded: truncated %v, %v", task, all != nil && all.Truncated, err)
		}
		cut, ok := subsequence(doc.Items, all.Items)
		if !ok {
			t.Fatalf("%q %d: the items are not a subsequence of the ranking", task, budget)
		}
		if cut != doc.Truncated {
			t.Fatalf("%q %d: truncated %t, but something cut: %t", task, budget, doc.Truncated, cut)
		}
		compact += len(slices.DeleteFunc(slices.Clone(doc.Items), func(it contract.ContextItem) bool { return it.Projection != "compact" }))
		if doc.Truncated {
			truncated++
		} else {
			whole++
		}
		if i%8 == 0 {
			if ps := ValidateContext(data); len(ps) != 0 {
				t.Errorf("%q %d: validate: %v", task, budget, ps)
			}
		}
	}
	// The generator must reach every outcome, or the properties above
	// were not exercised.
	if refusedSmall == 0 || truncated == 0 || whole == 0 || compact == 0 {
		t.Errorf("outcomes: %d refused as too small, %d truncated, %d whole, %d compact items", refusedSmall, truncated, whole, compact)
	}
	t.Logf("%d refused as too small, %d truncated, %d whole, %d compact items", refusedSmall, truncated, whole, compact)
}

// subsequence reports whether items are, in order, items of all (whole,
// or the compact projection of the same kind and id with the same
// score), and whether anything of all was cut: left out or compacted.
func subsequence(items, all []contract.ContextItem) (cut, ok bool) {
	j := 0
	for _, it := range items {
		for j < len(all) && (all[j].Kind != it.Kind || all[j].ID != it.ID) {
			j++
			cut = true
		}
		if j == len(all) || all[j].Score != it.Score {
			return cut, false
		}
		a, _ := canonical(all[j])
		b, _ := canonical(it)
		switch {
		case string(a) == string(b):
		case it.Projection == "compact":
			cut = true
		default:
			return cut, false
		}
		j++
	}
	return cut || j < len(all), true
}

func leastFromMessage(t *testing.T, msg string) int {
	t.Helper()
	_, after, ok := strings.Cut(msg, "the least budget that works is ")
	n := 0
	for _, r := range after {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	if !ok || n == 0 {
		t.Fatalf("no least budget in %q", msg)
	}
	return n
}

// TestAgentContextRanking pins the ranking's rules on tasks whose best
// entries are known: a name beats a description, a prefix counts, ties go
// by kind then id, and a budget that holds a top operation only in part
// keeps its compact projection.
func TestAgentContextRanking(t *testing.T) {
	doc, err := AgentContext("estimate the element cost", 100000)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Items[0].Kind != "operation" || doc.Items[0].ID != "costEstimate" || doc.Items[0].Score != 2*weightName+weightText {
		t.Errorf("first item %s %s score %d", doc.Items[0].Kind, doc.Items[0].ID, doc.Items[0].Score)
	}
	if !slices.Equal(doc.Terms, []string{"estimate", "element", "cost"}) {
		t.Errorf("terms %v", doc.Terms)
	}
	// "counting" begins with "count": a prefix match.
	if w := matchWeight("counting", []string{"count"}, weightName, weightNamePrefix); w != weightNamePrefix {
		t.Errorf("counting against count: %d", w)
	}
	if w := matchWeight("hud", []string{"huds"}, weightName, weightNamePrefix); w != 0 {
		t.Errorf("a three-rune prefix counted: %d", w)
	}
	if got := splitWords("costEstimate HUDText duplicate-condition Ärger"); !slices.Equal(got, []string{"cost", "estimate", "hud", "text", "duplicate", "condition", "ärger"}) {
		t.Errorf("words %v", got)
	}
	// Just enough for the envelope and costEstimate's compact projection,
	// not its whole record.
	ix, _ := theContextIndex()
	var rec *contextRecord
	for _, r := range ix.records {
		if r.id == "costEstimate" {
			rec = r
		}
	}
	env := envelopeLen(t, "estimate the element cost", 2000)
	budget := (env + rec.compactLen + 1 + 3) / 4
	small, err := AgentContext("estimate the element cost", budget)
	if err != nil {
		t.Fatal(err)
	}
	if len(small.Items) == 0 || small.Items[0].ID != "costEstimate" || small.Items[0].Projection != "compact" || !small.Truncated ||
		small.Items[0].RequestSchema != nil || len(small.Items[0].RequestMembers) == 0 {
		t.Errorf("budget %d: %+v", budget, small.Items)
	}
}

// envelopeLen is the length of a context's envelope for task at a
// budget of budget's width.
func envelopeLen(t *testing.T, task string, budget int) int {
	t.Helper()
	ix, _ := theContextIndex()
	doc := &contract.AgentContext{DocumentType: contract.ContextDocumentType, SchemaVersion: contract.ContextSchemaVersion,
		Contract: contract.AgentContract, Task: task, Terms: taskTerms(task),
		Budget:  contract.ContextBudget{Estimator: contract.ContextEstimator, Requested: budget, Estimated: budget},
		Sources: ix.sources, Items: []contract.ContextItem{}}
	n, err := runeLen(doc)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// BenchmarkAgentContext measures agentContext's work from task to encoded
// document, the index built beforehand (BenchmarkContextIndex).
func BenchmarkAgentContext(b *testing.B) {
	if _, err := theContextIndex(); err != nil {
		b.Fatal(err)
	}
	long := strings.Repeat("teleport player position heal damage team hero wait loop event ", 8)
	for _, c := range []struct {
		name, task string
		budget     int
	}{
		{"narrow-2000", "destroy the HUD text", 2000},
		{"broad-8000", "set the player position and team", 8000},
		{"broad-unbounded", "set the player position and team", math.MaxInt},
		{"38-terms-8000", long + strings.Join(contextWords[:40], " "), 8000},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				doc, err := AgentContext(c.task, c.budget)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Marshal(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkContextIndex measures building the ranked records once per
// process (the catalog and the lexicon built beforehand).
func BenchmarkContextIndex(b *testing.B) {
	if _, err := AgentCatalog(); err != nil {
		b.Fatal(err)
	}
	theLexicon()
	for b.Loop() {
		if _, err := buildContextIndex(); err != nil {
			b.Fatal(err)
		}
	}
}
