package service

// This file decodes editStatements' statement documents (rule-content-v1
// statements, from JSON or from Go values) into their canonical form,
// refusing malformed nodes.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/wright-lsp/wright-lsp/contract"
)

func invalidStatement(format string, args ...any) *Error {
	return errorf(codeInvalidStatement, format, args...)
}

// decodeStatement reads a statement document into its rule-content form,
// normalized as reading its text back normalizes it: the format arguments
// of Custom String and String padded with Null, -0 written 0.
func decodeStatement(path string, d *contract.StatementDocument) (contract.ContentStatement, error) {
	st := contract.ContentStatement{Call: d.Call, Args: []contract.ContentNode{}, Enabled: d.Enabled == nil || *d.Enabled}
	if d.Comment != nil {
		c := *d.Comment
		st.Comment = &c
	}
	if d.Call == "" {
		return st, invalidStatement("%s.call is missing: a statement is a call of an action (in actions) or a value (in conditions) by catalog id", path)
	}
	for j, a := range d.Args {
		n, err := decodeNode(fmt.Sprintf("%s.args[%d]", path, j), a)
		if err != nil {
			return st, err
		}
		st.Args = append(st.Args, n)
	}
	st.Args = padFormat(st.Call, st.Args)
	return st, nil
}

// padFormat pads the format arguments of Custom String and String, which
// the text may leave out, with Null: the catalog gives both four slots.
func padFormat(id string, args []contract.ContentNode) []contract.ContentNode {
	if (id == "__customString__" || id == "__localizedString__") && len(args) > 0 {
		for len(args) < 4 {
			args = append(args, callNode("null"))
		}
	}
	return args
}

// nodeMembers are the members a value node object may have.
var nodeMembers = map[string]bool{"call": true, "args": true, "enum": true, "member": true, "variable": true,
	"subroutine": true, "string": true, "localizedString": true, "unresolved": true}

// decodeNode reads one value node from its decoded JSON (or from a Go
// value, such as a contract.ContentNode, through its JSON form).
func decodeNode(path string, a any) (contract.ContentNode, error) {
	switch t := a.(type) {
	case float64:
		if t == 0 {
			t = 0 // -0 reads back as 0
		}
		return contract.ContentNode{Number: &t}, nil
	case json.Number:
		f, err := t.Float64()
		if err != nil {
			return contract.ContentNode{}, invalidStatement("%s: %s is not a number the Workshop can hold", path, t)
		}
		return decodeNode(path, f)
	case map[string]any:
		return decodeObject(path, t)
	case contract.ContentNode:
		return fromNode(path, t)
	case *contract.ContentNode:
		if t == nil {
			return decodeNode(path, nil)
		}
		return fromNode(path, *t)
	case nil, bool, string, []any:
		return contract.ContentNode{}, invalidStatement("%s is %s: a value node is a number or an object (call and args, enum and member, variable, subroutine, string or localizedString)", path, jsonType(t))
	}
	data, err := json.Marshal(a)
	if err != nil {
		return contract.ContentNode{}, invalidStatement("%s: %v", path, err)
	}
	var g any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&g); err != nil {
		return contract.ContentNode{}, invalidStatement("%s: %v", path, err)
	}
	return decodeNode(path, g)
}

// fromNode checks and normalizes a node given as a Go value.
func fromNode(path string, n contract.ContentNode) (contract.ContentNode, error) {
	forms := 0
	for _, set := range [...]bool{n.Number != nil, n.Call != nil, n.Enum != nil, n.Variable != nil, n.Subroutine != nil,
		n.String != nil, n.LocalizedString != nil, n.Unresolved != nil} {
		if set {
			forms++
		}
	}
	switch {
	case forms != 1:
		return n, invalidStatement("%s holds %d node forms, not one", path, forms)
	case n.Unresolved != nil:
		return n, invalidStatement("%s is unresolved source text, which cannot be written: give the node it stands for", path)
	case n.Number != nil:
		return decodeNode(path, *n.Number)
	case n.Call != nil:
		args := []contract.ContentNode{}
		for j, a := range n.Call.Args {
			d, err := fromNode(fmt.Sprintf("%s.args[%d]", path, j), a)
			if err != nil {
				return n, err
			}
			args = append(args, d)
		}
		return contract.ContentNode{Call: &contract.ContentCall{Call: n.Call.Call, Args: padFormat(n.Call.Call, args)}}, nil
	}
	return n, nil
}

// decodeObject reads a node object: the members of exactly one form.
func decodeObject(path string, m map[string]any) (contract.ContentNode, error) {
	var unknown []string
	for k := range m {
		if !nodeMembers[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return contract.ContentNode{}, invalidStatement("%s has the unknown member %q", path, unknown[0])
	}
	has := func(k string) bool { _, ok := m[k]; return ok }
	if has("unresolved") {
		return contract.ContentNode{}, invalidStatement("%s is unresolved source text, which cannot be written: give the node it stands for", path)
	}
	forms := 0
	for _, set := range [...]bool{has("call") || has("args"), has("enum") || has("member"), has("variable"), has("subroutine"), has("string"), has("localizedString")} {
		if set {
			forms++
		}
	}
	if forms != 1 {
		return contract.ContentNode{}, invalidStatement("%s has the members of %d node forms: a node object is exactly one of call and args, enum and member, variable, subroutine, string or localizedString", path, forms)
	}
	str := func(k string) (string, error) {
		s, ok := m[k].(string)
		if !ok {
			return "", invalidStatement("%s.%s is %s: expected a string", path, k, jsonType(m[k]))
		}
		return s, nil
	}
	switch {
	case has("call") || has("args"):
		id, err := str("call")
		if err != nil {
			return contract.ContentNode{}, err
		}
		raw, ok := m["args"].([]any)
		if !ok {
			return contract.ContentNode{}, invalidStatement("%s.args is %s: a call node has call (a catalog id) and args (an array, [] for none)", path, jsonType(m["args"]))
		}
		args := []contract.ContentNode{}
		for j, a := range raw {
			n, err := decodeNode(fmt.Sprintf("%s.args[%d]", path, j), a)
			if err != nil {
				return contract.ContentNode{}, err
			}
			args = append(args, n)
		}
		return contract.ContentNode{Call: &contract.ContentCall{Call: id, Args: padFormat(id, args)}}, nil
	case has("enum") || has("member"):
		enum, err := str("enum")
		if err != nil {
			return contract.ContentNode{}, err
		}
		member, err := str("member")
		if err != nil {
			return contract.ContentNode{}, err
		}
		return enumNode(enum, member), nil
	case has("variable"):
		s, err := str("variable")
		return variableNode(s), err
	case has("subroutine"):
		s, err := str("subroutine")
		return contract.ContentNode{Subroutine: &contract.ContentSubroutine{Subroutine: s}}, err
	case has("string"):
		s, err := str("string")
		return contract.ContentNode{String: &contract.ContentString{String: s}}, err
	}
	s, err := str("localizedString")
	return contract.ContentNode{LocalizedString: &contract.ContentLocalizedString{LocalizedString: s}}, err
}
