package service

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
)

// The context the validation tests tamper with: truncated, with whole
// and compact items of several kinds.
const (
	validateTask   = "estimate the cost of a rule and lint it"
	validateBudget = 1500
)

// contextJSON returns the binary's context for validateTask, changed by
// edit (on a decoded copy); with reestimate, the estimate is recomputed
// after the edit, as a forger covering their tracks would.
func contextJSON(t *testing.T, edit func(*contract.AgentContext), reestimate bool) []byte {
	t.Helper()
	doc, err := AgentContext(validateTask, validateBudget)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := Marshal(doc)
	var c contract.AgentContext
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	edit(&c)
	if reestimate {
		for range 3 { // the estimate's own width is part of the estimate
			if c.Budget.Estimated, err = EstimateTokens(&c); err != nil {
				t.Fatal(err)
			}
		}
	}
	out, err := Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestValidateContextAcceptsTheBinarysContext(t *testing.T) {
	doc, _ := AgentContext(validateTask, validateBudget)
	if !doc.Truncated || len(doc.Items) < 3 || !slices.ContainsFunc(doc.Items, func(it contract.ContextItem) bool { return it.Projection == "compact" }) {
		t.Fatalf("the fixture should be truncated with a compact item: %+v", doc)
	}
	if ps := ValidateContext(contextJSON(t, func(*contract.AgentContext) {}, false)); len(ps) != 0 {
		t.Fatalf("the binary's own context: %v", ps)
	}
}

func TestValidateContextRejectsUnknownFields(t *testing.T) {
	good := string(contextJSON(t, func(*contract.AgentContext) {}, false))
	for _, bad := range []string{
		strings.Replace(good, `"document_type"`, `"extra":1,"document_type"`, 1),
		strings.Replace(good, `"estimator"`, `"tokenizer":"cl100k","estimator"`, 1),
		strings.Replace(good, `"projection"`, `"weight":2,"projection"`, 1),
		strings.Replace(good, `"vocabulary_sha256"`, `"lint_sha256":"","vocabulary_sha256"`, 1),
	} {
		if got := problemCodes(ValidateContext([]byte(bad))); !slices.Equal(got, []string{"unknown-field"}) {
			t.Errorf("problems %v", got)
		}
	}
}

func TestValidateContextRejectsOtherSchemaVersions(t *testing.T) {
	for _, v := range []int{0, 2} {
		data := contextJSON(t, func(c *contract.AgentContext) { c.SchemaVersion = v }, true)
		if got := problemCodes(ValidateContext(data)); !slices.Equal(got, []string{"schema-version"}) {
			t.Errorf("schema_version %d: problems %v", v, got)
		}
	}
	good := string(contextJSON(t, func(*contract.AgentContext) {}, false))
	bad := strings.Replace(good, `"schema_version":1`, `"schema_version":"1"`, 1)
	if got := problemCodes(ValidateContext([]byte(bad))); !slices.Equal(got, []string{"malformed-document"}) {
		t.Errorf("a string version: problems %v", got)
	}
	// A catalog is not a context.
	cat := catalogJSON(t, func(*contract.AgentCatalog) {}, false)
	if got := problemCodes(ValidateContext(cat)); !slices.Equal(got, []string{"unknown-field"}) {
		t.Errorf("a catalog: problems %v", got)
	}
}

// TestValidateContextRejectsFingerprintDrift: a context taken from
// another binary's catalog or vocabulary (each source changed, the
// estimate still right: the fingerprints keep their width).
func TestValidateContextRejectsFingerprintDrift(t *testing.T) {
	for name, edit := range map[string]func(*contract.AgentContext){
		"catalog schema":  func(c *contract.AgentContext) { c.Sources.CatalogSchema = "fnv1a64:0000000000000000" },
		"catalog content": func(c *contract.AgentContext) { c.Sources.CatalogContent = "fnv1a64:0123456789abcdef" },
		"vocabulary":      func(c *contract.AgentContext) { c.Sources.VocabularySHA256 = strings.Repeat("0", 64) },
	} {
		if got := problemCodes(ValidateContext(contextJSON(t, edit, true))); !slices.Equal(got, []string{"fingerprint-drift"}) {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}

func TestValidateContextRejectsNondeterministicOrdering(t *testing.T) {
	for name, edit := range map[string]func(*contract.AgentContext){
		"items swapped":   func(c *contract.AgentContext) { c.Items[0], c.Items[1] = c.Items[1], c.Items[0] },
		"items reversed":  func(c *contract.AgentContext) { slices.Reverse(c.Items) },
		"an item twice":   func(c *contract.AgentContext) { c.Items = slices.Insert(c.Items, 2, c.Items[1]) },
		"terms repeated":  func(c *contract.AgentContext) { c.Terms = append(c.Terms, c.Terms[0]) },
		"refusals sorted": func(c *contract.AgentContext) { slices.Reverse(c.Items[0].RefusalCodes) },
	} {
		// (An item repeated may also take the document over its budget.)
		got := problemCodes(ValidateContext(contextJSON(t, edit, true)))
		if got = slices.DeleteFunc(got, func(c string) bool { return c == "budget-drift" && name == "an item twice" }); !slices.Equal(got, []string{"nondeterministic-order"}) {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}

// TestValidateContextRejectsBudgetDrift: an estimate its bytes do not
// reproduce (edited, or an item dropped without re-estimating), an
// estimate over the budget (the budget lowered), another estimator.
func TestValidateContextRejectsBudgetDrift(t *testing.T) {
	for name, tc := range map[string]struct {
		edit       func(*contract.AgentContext)
		reestimate bool
	}{
		"estimate edited":   {func(c *contract.AgentContext) { c.Budget.Estimated -= 100 }, false},
		"an item dropped":   {func(c *contract.AgentContext) { c.Items = c.Items[:len(c.Items)-1] }, false},
		"budget lowered":    {func(c *contract.AgentContext) { c.Budget.Requested = c.Budget.Estimated - 1 }, false},
		"another estimator": {func(c *contract.AgentContext) { c.Budget.Estimator = "tiktoken-cl100k" }, true},
	} {
		if got := problemCodes(ValidateContext(contextJSON(t, tc.edit, tc.reestimate))); !slices.Equal(got, []string{"budget-drift"}) {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}

// TestValidateContextRejectsContentChanges: edits that keep the shape,
// the order, the sources and a consistent estimate are still not what
// the binary makes for the task and budget.
func TestValidateContextRejectsContentChanges(t *testing.T) {
	for name, edit := range map[string]func(*contract.AgentContext){
		"truncated cleared":  func(c *contract.AgentContext) { c.Truncated = false },
		"an item dropped":    func(c *contract.AgentContext) { c.Items = c.Items[:len(c.Items)-1] },
		"a description":      func(c *contract.AgentContext) { c.Items[0].Description = "does everything" },
		"a score raised":     func(c *contract.AgentContext) { c.Items[0].Score++ },
		"the budget doubled": func(c *contract.AgentContext) { c.Budget.Requested *= 2 },
	} {
		if got := problemCodes(ValidateContext(contextJSON(t, edit, true))); !slices.Equal(got, []string{"content-mismatch"}) {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}
