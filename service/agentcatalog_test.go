package service

import (
	"bytes"
	"encoding/json"
	"regexp"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/wright-lsp/wright-lsp/contract"
)

var fingerprintForm = regexp.MustCompile(`^fnv1a64:[0-9a-f]{16}$`)

// TestAgentCatalog: the catalog lists every operation of the catalog in
// order with schemas that compile, its fingerprints are what
// CatalogFingerprints recomputes and capabilities carries, and it is the
// same on every build.
func TestAgentCatalog(t *testing.T) {
	doc, err := AgentCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if doc.DocumentType != "wright-agent-catalog" || doc.SchemaVersion != 1 || len(doc.Operations) != len(contract.Operations) {
		t.Fatalf("document %s version %d with %d operations", doc.DocumentType, doc.SchemaVersion, len(doc.Operations))
	}
	for i, o := range doc.Operations {
		if o.Name != contract.Operations[i].Name || o.Description == "" || len(o.RefusalCodes) == 0 || o.Effects.Reads == nil {
			t.Errorf("operation %d: %s, %d refusal codes, effects %+v", i, o.Name, len(o.RefusalCodes), o.Effects)
		}
		for what, s := range map[string]map[string]any{"request": o.RequestSchema, "result": o.ResultSchema} {
			data, _ := json.Marshal(s)
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			c := jsonschema.NewCompiler()
			if err := c.AddResource("s.json", v); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Compile("s.json"); err != nil {
				t.Errorf("%s: the %s schema does not compile: %v", o.Name, what, err)
			}
		}
	}
	if !fingerprintForm.MatchString(doc.Fingerprints.Schema) || !fingerprintForm.MatchString(doc.Fingerprints.Content) {
		t.Errorf("fingerprints %+v", doc.Fingerprints)
	}
	again, err := buildCatalog()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(doc)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Error("two builds of the catalog differ")
	}
	if c := Capabilities("test"); c.CatalogFingerprints != doc.Fingerprints {
		t.Errorf("capabilities carries %+v, the catalog %+v", c.CatalogFingerprints, doc.Fingerprints)
	}
}

// TestCatalogFingerprintsTrackContent changes a copy of the catalog: a
// description changes the content fingerprint only, a schema both.
func TestCatalogFingerprintsTrackContent(t *testing.T) {
	doc, err := AgentCatalog()
	if err != nil {
		t.Fatal(err)
	}
	copyOf := func() *contract.AgentCatalog {
		data, _ := json.Marshal(doc)
		var c contract.AgentCatalog
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		return &c
	}
	same := copyOf()
	fp, err := CatalogFingerprints(same)
	if err != nil || fp != doc.Fingerprints {
		t.Fatalf("a decoded copy fingerprints %+v, want %+v (%v)", fp, doc.Fingerprints, err)
	}
	described := copyOf()
	described.Operations[3].Description += " More."
	fp, _ = CatalogFingerprints(described)
	if fp.Schema != doc.Fingerprints.Schema || fp.Content == doc.Fingerprints.Content {
		t.Errorf("a description change: %+v, was %+v", fp, doc.Fingerprints)
	}
	schema := copyOf()
	schema.Operations[3].ResultSchema["additionalProperties"] = true
	fp, _ = CatalogFingerprints(schema)
	if fp.Schema == doc.Fingerprints.Schema || fp.Content == doc.Fingerprints.Content {
		t.Errorf("a schema change: %+v, was %+v", fp, doc.Fingerprints)
	}
	vocab := copyOf()
	vocab.Vocabulary.Counts["action"]++
	fp, _ = CatalogFingerprints(vocab)
	if fp.Schema != doc.Fingerprints.Schema || fp.Content == doc.Fingerprints.Content {
		t.Errorf("a vocabulary change: %+v, was %+v", fp, doc.Fingerprints)
	}
}
