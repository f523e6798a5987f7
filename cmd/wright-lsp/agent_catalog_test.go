package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestAgentCatalogCommand prints the catalog through the CLI: a
// document of its declared type and integer schema version listing
// every operation capabilities advertises, with fingerprints that
// capabilities over stdio repeats; the same bytes twice.
func TestAgentCatalogCommand(t *testing.T) {
	r := wright(t, "agent", "catalog", "--format", "json")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var doc struct {
		DocumentType  string          `json:"document_type"`
		SchemaVersion json.RawMessage `json:"schema_version"`
		Fingerprints  struct{ Schema, Content string }
		Operations    []struct {
			Name          string
			RequestSchema map[string]any `json:"request_schema"`
			ResultSchema  map[string]any `json:"result_schema"`
			Effects       struct{ Reads, Writes []string }
			RefusalCodes  []string `json:"refusal_codes"`
		}
		Vocabulary struct {
			Counts    map[string]int
			LintRules []struct{ ID string } `json:"lint_rules"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.DocumentType != "wright-agent-catalog" || string(doc.SchemaVersion) != "1" {
		t.Errorf("document_type %q, schema_version %s", doc.DocumentType, doc.SchemaVersion)
	}
	form := regexp.MustCompile(`^fnv1a64:[0-9a-f]{16}$`)
	if !form.MatchString(doc.Fingerprints.Schema) || !form.MatchString(doc.Fingerprints.Content) {
		t.Errorf("fingerprints %+v", doc.Fingerprints)
	}
	caps := wrightWithInput(t, `{"op":"capabilities"}`+"\n", "serve", t.TempDir())
	var answer struct {
		Result struct {
			Operations          []string
			CatalogFingerprints struct{ Schema, Content string } `json:"catalog_fingerprints"`
		}
	}
	if err := json.Unmarshal([]byte(strings.SplitN(caps.stdout, "\n", 2)[0]), &answer); err != nil {
		t.Fatalf("capabilities: %v: %s", err, caps.stdout)
	}
	if answer.Result.CatalogFingerprints != doc.Fingerprints {
		t.Errorf("capabilities carries %+v, the catalog %+v", answer.Result.CatalogFingerprints, doc.Fingerprints)
	}
	if len(doc.Operations) != len(answer.Result.Operations) {
		t.Fatalf("%d operations, capabilities advertises %d", len(doc.Operations), len(answer.Result.Operations))
	}
	for i, o := range doc.Operations {
		if o.Name != answer.Result.Operations[i] || o.RequestSchema["type"] != "object" || o.ResultSchema["type"] != "object" ||
			len(o.RefusalCodes) == 0 {
			t.Errorf("operation %d: %s", i, o.Name)
		}
		if o.Name == "compile" && (len(o.Effects.Writes) != 1 || o.Effects.Writes[0] != "output-file") {
			t.Errorf("compile writes %v", o.Effects.Writes)
		}
	}
	if doc.Vocabulary.Counts["action"] == 0 || len(doc.Vocabulary.LintRules) == 0 {
		t.Errorf("vocabulary %+v", doc.Vocabulary)
	}
	if again := wright(t, "agent", "catalog"); again.stdout != r.stdout {
		t.Error("two runs differ (json is the default format)")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"agent", "catalog", "--format", "markdown"}, `unknown format "markdown": expected json`},
		{[]string{"agent", "tools", "--format", "json"}, `unknown format "json": expected messages or json-schema`},
		{[]string{"agent", "catalogue"}, `did you mean "catalog"`},
	} {
		if r := wright(t, tc.args...); r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, r.code, r.stderr)
		}
	}
}

// TestAgentValidateCommand validates, by its path, the catalog the
// binary prints (valid, exit 0), an edited one (invalid, exit 1, the
// problem named), and refuses a file over 4 MiB before parsing it and a
// kind of document wright-lsp does not make (exit 2). A catalog is not a
// context (exit 1).
func TestAgentValidateCommand(t *testing.T) {
	catalog := wright(t, "agent", "catalog").stdout
	good := writeFile(t, "catalog.json", []byte(catalog))
	r := wright(t, "agent", "validate", "--kind", "catalog", good)
	if r.code != exitOK || strings.TrimSpace(r.stdout) != `{"document_type":"wright-agent-validation","schema_version":1,"kind":"catalog","valid":true,"problems":[]}` {
		t.Fatalf("the binary's catalog: exit %d, %s %s", r.code, r.stdout, r.stderr)
	}
	edited := writeFile(t, "edited.json", []byte(strings.Replace(catalog, `"schema_version":1`, `"schema_version":2`, 1)))
	r = wright(t, "agent", "validate", "--kind", "catalog", edited)
	if r.code != exitFailed || !strings.Contains(r.stdout, `"valid":false`) || !strings.Contains(r.stdout, `"code":"schema-version"`) {
		t.Errorf("an edited catalog: exit %d, %s", r.code, r.stdout)
	}
	// Not JSON at all, and 4 MiB and one byte: refused by its size.
	huge := writeFile(t, "huge.json", []byte(strings.Repeat("x", 4<<20+1)))
	r = wright(t, "agent", "validate", "--kind", "catalog", huge)
	if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "the limit is 4194304 bytes (4 MiB)") {
		t.Errorf("a file over 4 MiB: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := wright(t, "agent", "validate", "--kind", "context", good); r.code != exitFailed || !strings.Contains(r.stdout, `"code":"unknown-field"`) {
		t.Errorf("a catalog as a context: exit %d, %s", r.code, r.stdout)
	}
	for _, args := range [][]string{
		{"agent", "validate", "--kind", "manifest", good},
		{"agent", "validate", good},
		{"agent", "validate", "--kind", "catalog"},
		{"agent", "catalog", good},
	} {
		if r := wright(t, args...); r.code != exitUsage || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
}
