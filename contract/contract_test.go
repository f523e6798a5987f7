package contract_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/contract/schemagen"
)

// TestSchemaIsFresh fails when the committed schema no longer matches the
// Go types and their comments: run go generate ./contract.
func TestSchemaIsFresh(t *testing.T) {
	want, err := schemagen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, contract.Schema) {
		t.Fatal("wright-agent-v1.schema.json is stale: run go generate ./contract")
	}
}

// TestCatalog checks every operation has a description, a request and a
// result definition in the schema, and a tool name of the contract's
// form.
func TestCatalog(t *testing.T) {
	var doc struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(contract.Schema, &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, op := range contract.Operations {
		if seen[op.Name] {
			t.Errorf("%s is listed twice", op.Name)
		}
		seen[op.Name] = true
		if len(op.Description) < 40 {
			t.Errorf("%s: the description is missing or too short to tell an agent what it returns", op.Name)
		}
		for _, def := range []string{op.RequestDef(), op.ResultDef()} {
			if _, ok := doc.Defs[def]; !ok {
				t.Errorf("%s: no schema definition %s", op.Name, def)
			}
		}
		if !strings.HasPrefix(op.ToolName(), "wright_") || strings.ToLower(op.ToolName()) != op.ToolName() {
			t.Errorf("%s: tool name %s", op.Name, op.ToolName())
		}
	}
	if got := (contract.Operation{Name: "persistentObjects"}).ToolName(); got != "wright_persistent_objects" {
		t.Errorf("ToolName: %s", got)
	}
}
