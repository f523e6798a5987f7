package contract

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// schemaDefsPrefix is how the committed schema's references start.
const schemaDefsPrefix = "#/$defs/"

var (
	schemaDocOnce sync.Once
	schemaDefs    map[string]any
	schemaDocErr  error
)

func definitions() (map[string]any, error) {
	schemaDocOnce.Do(func() {
		var doc struct {
			Defs map[string]any `json:"$defs"`
		}
		schemaDocErr = json.Unmarshal(Schema, &doc)
		schemaDefs = doc.Defs
	})
	return schemaDefs, schemaDocErr
}

// ToolSchema returns the input schema of op's tool: the operation's
// request schema with op removed (the tool name carries it), standalone —
// every definition it references is copied under its own $defs — and
// carrying the operation's description. It refuses a schema whose
// references are recursive, which tool consumers reject.
func ToolSchema(o Operation) (map[string]any, error) {
	defs, err := definitions()
	if err != nil {
		return nil, err
	}
	out, err := StandaloneSchema(defs, o.RequestDef())
	if err != nil {
		return nil, fmt.Errorf("operation %s: %w", o.Name, err)
	}
	out["description"] = o.Description
	return out, nil
}

// MCPToolSchema returns the input schema of op's MCP tool: ToolSchema
// without the fields the catalog lists in MCPOmits.
func MCPToolSchema(o Operation) (map[string]any, error) {
	out, err := ToolSchema(o)
	if err != nil || len(o.MCPOmits) == 0 {
		return out, err
	}
	props := map[string]any{}
	for k, v := range out["properties"].(map[string]any) {
		props[k] = v
	}
	for _, f := range o.MCPOmits {
		if _, ok := props[f]; !ok {
			return nil, fmt.Errorf("operation %s: MCPOmits names %s, which its request does not have", o.Name, f)
		}
		delete(props, f)
	}
	out["properties"] = props
	if required, ok := out["required"].([]any); ok {
		var r []any
		for _, k := range required {
			if !slices.Contains(o.MCPOmits, k.(string)) {
				r = append(r, k)
			}
		}
		out["required"] = r
	}
	return out, nil
}

// ToolHints are the MCP tool annotations of an operation, derived from
// the catalog: only an operation that writes is not read-only; it may
// replace a file (destructive) and a repeat does not answer the same
// (idempotent is false: without force a repeat compile is output-exists).
// No tool reaches beyond the session's own files (open world is false).
type ToolHints struct {
	ReadOnly, Destructive, Idempotent, OpenWorld bool
}

// Hints returns o's tool annotations.
func (o Operation) Hints() ToolHints {
	return ToolHints{ReadOnly: !o.Writes, Destructive: o.Writes, Idempotent: !o.Writes, OpenWorld: false}
}

// StandaloneSchema returns definition name of defs without its op
// property, with every definition it references copied under its own
// $defs. A recursive reference is an error.
func StandaloneSchema(defs map[string]any, name string) (map[string]any, error) {
	req, ok := defs[name].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("no definition %s in the schema", name)
	}
	out := map[string]any{}
	for k, v := range req {
		out[k] = v
	}
	if props, ok := req["properties"].(map[string]any); ok {
		p := map[string]any{}
		for k, v := range props {
			if k != "op" {
				p[k] = v
			}
		}
		out["properties"] = p
	}
	if required, ok := req["required"].([]any); ok {
		var r []any
		for _, k := range required {
			if k != "op" {
				r = append(r, k)
			}
		}
		if len(r) == 0 {
			delete(out, "required")
		} else {
			out["required"] = r
		}
	}
	out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	used := map[string]any{}
	if err := collectDefs(out, defs, used, []string{name}); err != nil {
		return nil, err
	}
	if len(used) > 0 {
		out["$defs"] = used
	}
	return out, nil
}

// collectDefs copies into used every definition v references, directly
// or through other definitions; path is the chain of definitions being
// expanded, which a recursive reference would revisit.
func collectDefs(v any, defs, used map[string]any, path []string) error {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k == "$ref" {
				ref, _ := t[k].(string)
				name, ok := strings.CutPrefix(ref, schemaDefsPrefix)
				if !ok {
					return fmt.Errorf("reference %q does not name a local definition", ref)
				}
				for _, p := range path {
					if p == name {
						return fmt.Errorf("recursive $ref: %s", strings.Join(append(path, name), " → "))
					}
				}
				def, ok := defs[name]
				if !ok {
					return fmt.Errorf("reference to missing definition %s", name)
				}
				used[name] = def
				if err := collectDefs(def, defs, used, append(path, name)); err != nil {
					return err
				}
				continue
			}
			if err := collectDefs(t[k], defs, used, path); err != nil {
				return err
			}
		}
	case []any:
		for _, x := range t {
			if err := collectDefs(x, defs, used, path); err != nil {
				return err
			}
		}
	}
	return nil
}

// CodeExecutionCaller is the Messages API tool that may call the client
// tools `wright-lsp agent tools` emits.
const CodeExecutionCaller = "code_execution_20260120"

// ClientTool is one client tool definition in the Anthropic Messages API
// shape.
type ClientTool struct {
	Name           string         `json:"name"`
	Description    string         `json:"description"`
	InputSchema    map[string]any `json:"input_schema"`
	AllowedCallers []string       `json:"allowed_callers"`
}

// ClientTools is the output of `wright-lsp agent tools --format messages`.
type ClientTools struct {
	Contract string       `json:"contract"`
	Tools    []ClientTool `json:"tools"`
}

// RequestSchemas is the output of `wright-lsp agent tools --format
// json-schema`: each operation's standalone request schema.
type RequestSchemas struct {
	Contract string                    `json:"contract"`
	Schemas  map[string]map[string]any `json:"schemas"`
}

// Tools derives the client tool definitions from the catalog.
func Tools() (*ClientTools, error) {
	out := &ClientTools{Contract: AgentContract, Tools: []ClientTool{}}
	for _, o := range Operations {
		if o.Description == "" {
			return nil, fmt.Errorf("operation %s has no description", o.Name)
		}
		schema, err := ToolSchema(o)
		if err != nil {
			return nil, err
		}
		out.Tools = append(out.Tools, ClientTool{Name: o.ToolName(), Description: o.Description,
			InputSchema: schema, AllowedCallers: []string{CodeExecutionCaller}})
	}
	return out, nil
}

// Schemas derives the standalone request schemas from the catalog.
func Schemas() (*RequestSchemas, error) {
	out := &RequestSchemas{Contract: AgentContract, Schemas: map[string]map[string]any{}}
	for _, o := range Operations {
		schema, err := ToolSchema(o)
		if err != nil {
			return nil, err
		}
		out.Schemas[o.Name] = schema
	}
	return out, nil
}
