package transport_test

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/wright-lsp/wright-lsp/contract"
)

var (
	resultSchemasOnce sync.Once
	resultSchemas     map[string]*jsonschema.Schema
	errorSchema       *jsonschema.Schema
	resultSchemasErr  error
)

// compileResultSchemas compiles each operation's result definition and
// the error definition of the committed schema.
func compileResultSchemas() error {
	resultSchemasOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(contract.Schema))
		if err != nil {
			resultSchemasErr = err
			return
		}
		c := jsonschema.NewCompiler()
		if resultSchemasErr = c.AddResource(contract.SchemaID, doc); resultSchemasErr != nil {
			return
		}
		resultSchemas = map[string]*jsonschema.Schema{}
		for _, o := range contract.Operations {
			if resultSchemas[o.Name], resultSchemasErr = c.Compile(contract.SchemaID + "#/$defs/" + o.ResultDef()); resultSchemasErr != nil {
				return
			}
		}
		errorSchema, resultSchemasErr = c.Compile(contract.SchemaID + "#/$defs/Error")
	})
	return resultSchemasErr
}

// checkAgainstSchema validates a response line against the schema of the
// request's operation: its result against the result definition, a
// refusal against the error definition.
func checkAgainstSchema(t *testing.T, request string, response []byte) {
	t.Helper()
	if err := compileResultSchemas(); err != nil {
		t.Fatal(err)
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(response, &resp); err != nil {
		t.Fatalf("%s: the response is not JSON: %v", request, err)
	}
	sch, data := errorSchema, resp.Error
	if resp.Result != nil {
		var req struct {
			Op string `json:"op"`
		}
		json.Unmarshal([]byte(request), &req)
		sch, data = resultSchemas[req.Op], resp.Result
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s: the response does not match the schema: %v", request, err)
	}
}
