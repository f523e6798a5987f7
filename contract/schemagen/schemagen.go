// Package schemagen writes the JSON Schema (draft 2020-12) of the
// wright-agent/v1 requests and results from the Go types of package
// contract and their doc comments. `go generate ./contract` runs it; a
// test in package contract fails when the committed schema is stale.
package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
)

// SchemaID is the schema's $id.
const SchemaID = contract.SchemaID

// Generate returns the schema document. srcDir is the directory of package
// contract, whose doc comments become descriptions.
func Generate(srcDir string) ([]byte, error) {
	docs, err := readDocs(srcDir)
	if err != nil {
		return nil, err
	}
	g := &generator{docs: docs, defs: map[string]any{}, opOf: map[reflect.Type]string{}}
	var requests []any
	for _, op := range contract.Operations {
		g.opOf[op.Request] = op.Name
		requests = append(requests, ref(op.Request.Name()))
	}
	for _, op := range contract.Operations {
		g.define(op.Request)
		g.define(op.Result)
	}
	g.define(reflect.TypeFor[contract.Error]())
	g.defs["Response"] = map[string]any{
		"description": "Every answer: a result, or an error refusing the request.",
		"oneOf": []any{
			map[string]any{"type": "object", "required": []string{"result"}, "properties": map[string]any{"result": map[string]any{}}},
			map[string]any{"type": "object", "required": []string{"error"}, "properties": map[string]any{"error": ref("Error")}},
		},
	}
	ops := map[string]any{}
	for _, op := range contract.Operations {
		ops[op.Name] = map[string]any{"request": "#/$defs/" + op.Request.Name(), "result": "#/$defs/" + op.Result.Name()}
	}
	doc := map[string]any{
		"$schema":            "https://json-schema.org/draft/2020-12/schema",
		"$id":                SchemaID,
		"title":              contract.AgentContract + " requests",
		"description":        "A wright-agent/v1 request: one JSON object whose op names the operation. Results are described by the definitions the x-operations map names.",
		"oneOf":              requests,
		"$defs":              g.defs,
		"x-operations":       ops,
		"x-result-contract":  contract.ResultContract,
		"x-agent-contract":   contract.AgentContract,
		"x-position-columns": "codepoint",
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func ref(name string) map[string]any { return map[string]any{"$ref": "#/$defs/" + name} }

type generator struct {
	docs map[string]string // "Type" and "Type.Field" → doc text
	defs map[string]any
	opOf map[reflect.Type]string
}

var addressType = reflect.TypeFor[contract.Address]()

// define adds the definition of a named struct type (and of the named
// types it uses) to defs.
func (g *generator) define(t reflect.Type) {
	if _, done := g.defs[t.Name()]; done {
		return
	}
	g.defs[t.Name()] = true // placeholder against recursion
	g.defs[t.Name()] = g.object(t)
}

func (g *generator) object(t reflect.Type) map[string]any {
	if isUnion(t) {
		return g.union(t)
	}
	props := map[string]any{}
	var required []string
	g.fields(t, t, props, &required)
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if d := g.docs[t.Name()]; d != "" {
		s["description"] = d
	}
	return s
}

// isUnion reports whether t is a union: a struct whose fields carry a
// oneof tag. Its JSON form (written by its own MarshalJSON) is exactly one
// of its fields' values, not an object of them.
func isUnion(t reflect.Type) bool {
	for i := range t.NumField() {
		if _, ok := t.Field(i).Tag.Lookup("oneof"); ok {
			return true
		}
	}
	return false
}

// union returns the schema of a union: oneOf the schemas of its fields'
// types (a pointer field stands for the value it points to), each titled
// with its oneof tag and described by the field's doc comment.
func (g *generator) union(t reflect.Type) map[string]any {
	var alts []any
	for i := range t.NumField() {
		f := t.Field(i)
		label, ok := f.Tag.Lookup("oneof")
		if !ok || !f.IsExported() {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		s := map[string]any{}
		for k, v := range g.schema(ft) {
			s[k] = v
		}
		s["title"] = label
		if d := g.docs[t.Name()+"."+f.Name]; d != "" {
			s["description"] = d
		}
		alts = append(alts, s)
	}
	s := map[string]any{"oneOf": alts}
	if d := g.docs[t.Name()]; d != "" {
		s["description"] = d
	}
	return s
}

// fields adds t's fields (embedded ones flattened) to props; owner is the
// outermost type, whose doc comments describe its own fields.
func (g *generator) fields(owner, t reflect.Type, props map[string]any, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			g.fields(t, f.Type, props, required)
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := g.schema(f.Type)
		if m, ok := f.Tag.Lookup("minimum"); ok {
			s = withMinimum(s, m)
		}
		if f.Tag.Get("nullable") == "true" {
			s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
		if name == "op" && f.Type.Kind() == reflect.String {
			if op, ok := g.opOf[owner]; ok {
				s = map[string]any{"const": op}
			}
		}
		if d := g.docs[t.Name()+"."+f.Name]; d != "" {
			s = withDescription(s, d)
		}
		props[name] = s
		omit := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
		if !omit {
			*required = append(*required, name)
		}
	}
}

// withMinimum bounds the integer of s (a pointer's anyOf included) below
// by m, a field's minimum tag.
func withMinimum(s map[string]any, m string) map[string]any {
	var n json.Number = json.Number(m)
	if _, err := n.Int64(); err != nil {
		panic(fmt.Sprintf("schemagen: minimum tag %q is not an integer", m))
	}
	if s["type"] == "integer" {
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["minimum"] = n
		return out
	}
	if alts, ok := s["anyOf"].([]any); ok {
		out := make([]any, len(alts))
		for i, a := range alts {
			out[i] = a
			if as, ok := a.(map[string]any); ok && as["type"] == "integer" {
				out[i] = withMinimum(as, m)
			}
		}
		return map[string]any{"anyOf": out}
	}
	panic(fmt.Sprintf("schemagen: minimum tag on a field that is not an integer: %v", s))
}

func withDescription(s map[string]any, d string) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		out[k] = v
	}
	out["description"] = d // next to a $ref too: allowed since 2020-12
	return out
}

// schema returns the schema of a field type.
func (g *generator) schema(t reflect.Type) map[string]any {
	if t == addressType {
		return map[string]any{"anyOf": []any{
			map[string]any{"type": "string"},
			map[string]any{"type": "integer", "minimum": 0},
		}}
	}
	switch t.Kind() {
	case reflect.Pointer:
		inner := g.schema(t.Elem())
		return map[string]any{"anyOf": []any{inner, map[string]any{"type": "null"}}}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		g.define(t)
		return ref(t.Name())
	}
	panic(fmt.Sprintf("schemagen: unsupported type %s", t))
}

// readDocs collects the doc comments of the types and fields of the Go
// files in dir, normalized to one paragraph.
func readDocs(dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/wright-lsp/wright-lsp/contract", doc.AllDecls)
	if err != nil {
		return nil, err
	}
	docs := map[string]string{}
	clean := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, t := range p.Types {
		docs[t.Name] = clean(t.Doc)
		for _, spec := range t.Decl.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, f := range st.Fields.List {
				text := ""
				if f.Doc != nil {
					text = f.Doc.Text()
				} else if f.Comment != nil {
					text = f.Comment.Text()
				}
				for _, n := range f.Names {
					if text != "" {
						docs[t.Name+"."+n.Name] = clean(text)
					}
				}
			}
		}
	}
	return docs, nil
}
