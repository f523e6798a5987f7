package contract_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

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

// TestToolSchemas checks the tool input schemas derived from the catalog:
// standalone, without op, compiling as JSON Schema 2020-12, and the tool
// definitions deterministic to the byte.
func TestToolSchemas(t *testing.T) {
	for _, op := range contract.Operations {
		s, err := contract.ToolSchema(op)
		if err != nil {
			t.Errorf("%s: %v", op.Name, err)
			continue
		}
		if s["type"] != "object" {
			t.Errorf("%s: the input schema is not of type object", op.Name)
		}
		if props, _ := s["properties"].(map[string]any); props["op"] != nil {
			t.Errorf("%s: the input schema keeps op", op.Name)
		}
		if s["description"] != op.Description {
			t.Errorf("%s: the input schema does not carry the description", op.Name)
		}
		data, _ := json.Marshal(s)
		if bytes.Contains(data, []byte(`"$ref":"#/$defs/`)) && s["$defs"] == nil {
			t.Errorf("%s: references without local definitions", op.Name)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("tool.json", doc); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Compile("tool.json"); err != nil {
			t.Errorf("%s: the input schema does not compile: %v", op.Name, err)
		}
	}
	first, err := contract.Tools()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(first)
	for range 5 {
		again, _ := contract.Tools()
		if b, _ := json.Marshal(again); !bytes.Equal(a, b) {
			t.Fatal("tool definitions differ between runs")
		}
	}
}

// TestRecursiveReferencesAreRefused feeds the derivation a schema whose
// definitions refer to themselves.
func TestRecursiveReferencesAreRefused(t *testing.T) {
	defs := map[string]any{
		"Node": map[string]any{"type": "object", "properties": map[string]any{
			"children": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/Node"}}}},
		"Request": map[string]any{"type": "object", "properties": map[string]any{"root": map[string]any{"$ref": "#/$defs/Node"}}},
	}
	if _, err := contract.StandaloneSchema(defs, "Request"); err == nil || !strings.Contains(err.Error(), "recursive") {
		t.Errorf("a recursive reference was not refused: %v", err)
	}
	if _, err := contract.StandaloneSchema(defs, "Node"); err == nil {
		t.Error("a self-referencing definition was not refused")
	}
}
