package service

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
)

// catalogJSON returns the binary's catalog as JSON, changed by edit (on
// a decoded copy); with refingerprint, the changed copy's fingerprints
// are recomputed, as a forger would.
func catalogJSON(t *testing.T, edit func(*contract.AgentCatalog), refingerprint bool) []byte {
	t.Helper()
	doc, err := AgentCatalog()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(doc)
	var c contract.AgentCatalog
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	edit(&c)
	if refingerprint {
		if c.Fingerprints, err = CatalogFingerprints(&c); err != nil {
			t.Fatal(err)
		}
	}
	out, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func problemCodes(ps []ValidationProblem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code)
	}
	return out
}

func TestValidateAcceptsTheBinarysCatalog(t *testing.T) {
	if ps := ValidateCatalog(catalogJSON(t, func(*contract.AgentCatalog) {}, false)); len(ps) != 0 {
		t.Fatalf("the binary's own catalog: %v", ps)
	}
}

func TestValidateRejectsUnknownFields(t *testing.T) {
	good := string(catalogJSON(t, func(*contract.AgentCatalog) {}, false))
	for _, bad := range []string{
		strings.Replace(good, `"document_type"`, `"extra":1,"document_type"`, 1),
		strings.Replace(good, `"refusal_codes"`, `"retries":3,"refusal_codes"`, 1),
		strings.Replace(good, `"catalog_sha256"`, `"catalog_sha512":"","catalog_sha256"`, 1),
	} {
		if got := problemCodes(ValidateCatalog([]byte(bad))); !slices.Equal(got, []string{"unknown-field"}) {
			t.Errorf("problems %v", got)
		}
	}
}

func TestValidateRejectsOtherSchemaVersions(t *testing.T) {
	for _, v := range []int{0, 2} {
		data := catalogJSON(t, func(c *contract.AgentCatalog) { c.SchemaVersion = v }, true)
		if got := problemCodes(ValidateCatalog(data)); !slices.Equal(got, []string{"schema-version"}) {
			t.Errorf("schema_version %d: problems %v", v, got)
		}
	}
	// A version written as a string is not an integer version.
	good := string(catalogJSON(t, func(*contract.AgentCatalog) {}, false))
	bad := strings.Replace(good, `"schema_version":1`, `"schema_version":"1"`, 1)
	if got := problemCodes(ValidateCatalog([]byte(bad))); !slices.Equal(got, []string{"malformed-document"}) {
		t.Errorf("a string version: problems %v", got)
	}
}

// TestValidateRejectsFingerprintDrift: a catalog changed after it was
// made (its fingerprints no longer match its content), and a consistent
// catalog of another binary (its fingerprints are not this binary's).
func TestValidateRejectsFingerprintDrift(t *testing.T) {
	edited := catalogJSON(t, func(c *contract.AgentCatalog) { c.Operations[1].Description = "checks" }, false)
	if got := problemCodes(ValidateCatalog(edited)); !slices.Equal(got, []string{"fingerprint-mismatch"}) {
		t.Errorf("edited after it was made: problems %v", got)
	}
	other := catalogJSON(t, func(c *contract.AgentCatalog) { c.Vocabulary.Counts["action"]++ }, true)
	if got := problemCodes(ValidateCatalog(other)); !slices.Equal(got, []string{"fingerprint-drift"}) {
		t.Errorf("another binary's: problems %v", got)
	}
	schema := catalogJSON(t, func(c *contract.AgentCatalog) { c.Operations[2].RequestSchema["additionalProperties"] = true }, true)
	if got := problemCodes(ValidateCatalog(schema)); !slices.Equal(got, []string{"fingerprint-drift"}) {
		t.Errorf("another schema: problems %v", got)
	}
}

func TestValidateRejectsNondeterministicOrdering(t *testing.T) {
	for name, edit := range map[string]func(*contract.AgentCatalog){
		"operations swapped":     func(c *contract.AgentCatalog) { c.Operations[0], c.Operations[1] = c.Operations[1], c.Operations[0] },
		"refusal codes reversed": func(c *contract.AgentCatalog) { slices.Reverse(c.Operations[4].RefusalCodes) },
		"lint rules reversed":    func(c *contract.AgentCatalog) { slices.Reverse(c.Vocabulary.LintRules) },
		"an operation twice":     func(c *contract.AgentCatalog) { c.Operations = append(c.Operations, c.Operations[3]) },
	} {
		got := problemCodes(ValidateCatalog(catalogJSON(t, edit, true)))
		if !slices.Contains(got, "nondeterministic-order") {
			t.Errorf("%s: problems %v", name, got)
		}
	}
}
