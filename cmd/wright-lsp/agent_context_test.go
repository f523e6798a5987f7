package main

import (
	"encoding/json"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// taskWords are the words random tasks are drawn from: words that match
// operations, vocabulary entries and lint rules, stop words, words that
// match nothing, and text JSON escapes or counts in more than a byte.
var taskWords = strings.Fields(`check lint rule cost estimate element hud text create destroy player position
	teleport wait loop event heal damage kills variable team hero simulate compile edit references costEstimate
	duplicate-condition the a to of with zzqx 42 é 大字体信息 🎮 "quoted" back\slash <tag> &amp;` +
	" bad\xffbyte") // invalid UTF-8, echoed as U+FFFD

func randomContextRequest(rng *rand.Rand) (string, int) {
	words := make([]string, rng.Intn(20))
	for i := range words {
		words[i] = taskWords[rng.Intn(len(taskWords))]
	}
	budgets := []int{1 + rng.Intn(150), 100 + rng.Intn(1000), 1000 + rng.Intn(20000)}
	return strings.Join(words, " "), budgets[rng.Intn(len(budgets))]
}

// TestAgentContextCommandProperties runs agent context through the binary
// on seeded random tasks and budgets: it answers a document whose
// estimate, recomputed from the bytes printed, is the one it records and
// within the budget, or refuses (exit 2) a budget below the envelope or a
// task with no words to rank by; two runs print the same bytes; agent
// validate accepts what it printed; and its Markdown is never longer.
func TestAgentContextCommandProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	answered := 0
	for range 16 {
		task, budget := randomContextRequest(rng)
		r := wright(t, "agent", "context", "--token-budget", strconv.Itoa(budget), task)
		if r.code != exitOK {
			if r.code != exitUsage || r.stdout != "" ||
				!strings.Contains(r.stderr, "(token-budget-too-small)") && !strings.Contains(r.stderr, "(invalid-selection)") {
				t.Errorf("%q %d: exit %d, %s", task, budget, r.code, r.stderr)
			}
			continue
		}
		answered++
		printed := strings.TrimSuffix(r.stdout, "\n")
		var doc contract.AgentContext
		if err := json.Unmarshal([]byte(printed), &doc); err != nil {
			t.Fatal(err)
		}
		if est := (utf8.RuneCountInString(printed) + 3) / 4; est != doc.Budget.Estimated || est > budget {
			t.Errorf("%q %d: %d tokens printed, %d recorded", task, budget, est, doc.Budget.Estimated)
		}
		if again := wright(t, "agent", "context", "--token-budget", strconv.Itoa(budget), task); again.stdout != r.stdout {
			t.Errorf("%q %d: two runs differ", task, budget)
		}
		path := writeFile(t, "context.json", []byte(r.stdout))
		if v := wright(t, "agent", "validate", "--kind", "context", path); v.code != exitOK {
			t.Errorf("%q %d: validate: exit %d %s", task, budget, v.code, v.stdout)
		}
		md := wright(t, "agent", "context", "--format", "markdown", "--token-budget", strconv.Itoa(budget), task)
		if utf8.RuneCountInString(md.stdout) > utf8.RuneCountInString(r.stdout) {
			t.Errorf("%q %d: the Markdown is longer than the JSON", task, budget)
		}
	}
	if answered == 0 {
		t.Error("no request was answered")
	}
}

// TestContextMarkdownNeverLonger renders many contexts in process: the
// Markdown never takes more Unicode scalars than the JSON document, so
// the budget the document keeps holds for it too.
func TestContextMarkdownNeverLonger(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for range 300 {
		task, budget := randomContextRequest(rng)
		if rng.Intn(4) == 0 {
			budget = 1 << 30
		}
		doc, err := service.AgentContext(task, budget)
		if err != nil {
			continue
		}
		data, _ := service.Marshal(doc)
		if md, js := utf8.RuneCountInString(contextMarkdown(doc)), utf8.RuneCount(data)+1; md > js {
			t.Errorf("%q %d: Markdown %d scalars, JSON %d", task, budget, md, js)
		}
	}
}

// TestAgentContextCommandIsTheService: the command prints exactly what
// the service answers agentContext over stdio.
func TestAgentContextCommandIsTheService(t *testing.T) {
	r := wright(t, "agent", "context", "--token-budget", "700", "create a HUD text")
	served := wrightWithInput(t, `{"op":"agentContext","task":"create a HUD text","token_budget":700}`+"\n", "serve", t.TempDir())
	if r.code != exitOK || served.stdout != `{"result":`+strings.TrimSuffix(r.stdout, "\n")+"}\n" {
		t.Errorf("exit %d\n cli: %.300s\nserve: %.300s", r.code, r.stdout, served.stdout)
	}
}

// contextFile writes the binary's context, changed by edit on its
// decoded form (with reestimate, the estimate recomputed afterwards), and
// returns its path.
func contextFile(t *testing.T, edit func(*contract.AgentContext), reestimate bool) string {
	t.Helper()
	r := wright(t, "agent", "context", "--token-budget", "1500", "estimate the cost of a rule and lint it")
	var doc contract.AgentContext
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	edit(&doc)
	if reestimate {
		for range 3 {
			doc.Budget.Estimated, _ = service.EstimateTokens(&doc)
		}
	}
	data, err := service.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "context.json", data)
}

// validateContext runs agent validate --kind context on path and returns
// the problem codes; it requires exit 1 and valid false.
func validateContext(t *testing.T, path string) []string {
	t.Helper()
	r := wright(t, "agent", "validate", "--kind", "context", path)
	var v struct {
		Valid    bool
		Problems []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || r.code != exitFailed || v.Valid {
		t.Fatalf("exit %d, %v: %s %s", r.code, err, r.stdout, r.stderr)
	}
	var codes []string
	for _, p := range v.Problems {
		codes = append(codes, p.Code)
	}
	return codes
}

// The tests below tamper with a context the binary printed, one kind of
// tampering each, and require agent validate to reject it with its code.

func TestAgentValidateContextUnknownField(t *testing.T) {
	good := contextFile(t, func(*contract.AgentContext) {}, false)
	r := wright(t, "agent", "validate", "--kind", "context", good)
	if r.code != exitOK {
		t.Fatalf("the binary's own context: exit %d %s", r.code, r.stdout)
	}
	data := strings.Replace(wright(t, "agent", "context", "--token-budget", "1500", "estimate the cost of a rule and lint it").stdout,
		`"projection"`, `"weight":1,"projection"`, 1)
	if got := validateContext(t, writeFile(t, "c.json", []byte(data))); !slices.Equal(got, []string{"unknown-field"}) {
		t.Errorf("problems %v", got)
	}
}

func TestAgentValidateContextSchemaVersion(t *testing.T) {
	path := contextFile(t, func(c *contract.AgentContext) { c.SchemaVersion = 2 }, true)
	if got := validateContext(t, path); !slices.Equal(got, []string{"schema-version"}) {
		t.Errorf("problems %v", got)
	}
}

func TestAgentValidateContextFingerprintDrift(t *testing.T) {
	path := contextFile(t, func(c *contract.AgentContext) { c.Sources.CatalogContent = "fnv1a64:0000000000000000" }, true)
	if got := validateContext(t, path); !slices.Equal(got, []string{"fingerprint-drift"}) {
		t.Errorf("problems %v", got)
	}
}

func TestAgentValidateContextOrdering(t *testing.T) {
	path := contextFile(t, func(c *contract.AgentContext) { c.Items[0], c.Items[1] = c.Items[1], c.Items[0] }, true)
	if got := validateContext(t, path); !slices.Equal(got, []string{"nondeterministic-order"}) {
		t.Errorf("problems %v", got)
	}
}

func TestAgentValidateContextBudgetDrift(t *testing.T) {
	for name, edit := range map[string]func(*contract.AgentContext){
		"estimate edited": func(c *contract.AgentContext) { c.Budget.Estimated-- },
		"budget lowered":  func(c *contract.AgentContext) { c.Budget.Requested = c.Budget.Estimated - 1 },
	} {
		if got := validateContext(t, contextFile(t, edit, false)); !slices.Equal(got, []string{"budget-drift"}) {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}

func TestAgentValidateContextContentMismatch(t *testing.T) {
	path := contextFile(t, func(c *contract.AgentContext) { c.Truncated = false }, true)
	if got := validateContext(t, path); !slices.Equal(got, []string{"content-mismatch"}) {
		t.Errorf("problems %v", got)
	}
}

func TestAgentValidateContextOver4MiB(t *testing.T) {
	// Valid JSON up to the limit, so only its size can refuse it.
	data := `{"document_type":"wright-agent-context","task":"` + strings.Repeat("x", 4<<20) + `"}`
	r := wright(t, "agent", "validate", "--kind", "context", writeFile(t, "huge.json", []byte(data)))
	if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "the limit is 4194304 bytes (4 MiB)") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
