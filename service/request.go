package service

// This file turns the bytes of one request into a validated operation
// call, refusing anything malformed before it reaches an operation.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// MaxRequestSize bounds one request, before it is parsed.
const MaxRequestSize = 4 << 20

// maxDepth bounds how deeply a request may nest arrays and objects. No
// operation's request nests more than a few levels; a deeper one is an
// attack or a bug, refused before it costs anything.
const maxDepth = 64

func tooLarge(size int) *Error {
	return errorf("request-too-large", "the request is %d bytes; the limit is %d bytes (4 MiB)", size, MaxRequestSize)
}

// TooLarge is the refusal of a request of size bytes that a transport
// did not read whole because it exceeds MaxRequestSize.
func TooLarge(size int) contract.Response { return refusal(tooLarge(size)) }

// A request is a decoded, validated request.
type request struct {
	op  contract.Operation
	raw []byte
}

// decodeRequest checks raw and finds its operation: size, UTF-8, JSON
// syntax, nesting, duplicate members, the op member, the request schema.
func decodeRequest(raw []byte) (*request, *Error) {
	if len(raw) > MaxRequestSize {
		return nil, tooLarge(len(raw))
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, errorf("malformed-request", "empty request: expected a JSON object such as {\"op\":\"capabilities\"}")
	}
	if !utf8.Valid(raw) {
		return nil, errorf("malformed-request", "the request is not UTF-8 (first bad byte at offset %d)", invalidUTF8(raw))
	}
	if e := scan(raw); e != nil {
		return nil, e
	}
	var value any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&value); err != nil {
		return nil, errorf("malformed-request", "the request is not valid JSON: %v", err)
	}
	obj, ok := value.(map[string]any)
	if !ok {
		return nil, errorf("malformed-request", "a request is a JSON object with an op member, not %s", jsonType(value))
	}
	rawOp, ok := obj["op"]
	if !ok {
		return nil, errorf("malformed-request", "the request has no op member naming the operation (capabilities lists them)")
	}
	name, ok := rawOp.(string)
	if !ok {
		return nil, errorf("malformed-request", "op must be a string naming the operation, not %s", jsonType(rawOp))
	}
	op, ok := contract.Lookup(name)
	if !ok {
		e := errorf("unknown-op", "unknown operation %q%s (capabilities lists the operations)", name, didYouMean(name, operationNames()))
		e.Candidates = vocab.Nearest(name, operationNames())
		return nil, e
	}
	if _, ok := obj["name"]; ok && op.Name == "rules" {
		return nil, errorf("malformed-request", "rules no longer takes name; select one rule with rule: NAME or NAME#N")
	}
	if e := validate(op, obj); e != nil {
		return nil, e
	}
	return &request{op: op, raw: raw}, nil
}

// scan reads raw token by token, refusing syntax errors with their
// offset, nesting deeper than maxDepth and duplicate object members
// (which decoders resolve differently, so the request is ambiguous).
func scan(raw []byte) *Error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next token of an object is a key
	}
	var stack []frame
	done := false // the top-level value is complete
	for {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			if len(stack) > 0 {
				return errorf("malformed-request", "the request is not valid JSON: it ends inside an unclosed %s", containerName(stack[len(stack)-1].object))
			}
			return nil
		}
		if err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return errorf("malformed-request", "the request is not valid JSON: %v (at byte %d)", err, se.Offset)
			}
			return errorf("malformed-request", "the request is not valid JSON: %v (near byte %d)", err, at)
		}
		if done {
			return errorf("malformed-request", "the request holds more than one JSON value (the second starts near byte %d); send one request per line", at)
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) > 0 && stack[len(stack)-1].object {
					stack[len(stack)-1].key = true
				}
				if len(stack) >= maxDepth {
					return errorf("malformed-request", "the request nests deeper than %d levels (at byte %d)", maxDepth, at)
				}
				stack = append(stack, frame{object: d == '{', keys: map[string]bool{}, key: d == '{'})
			case '}', ']':
				stack = stack[:len(stack)-1]
				if len(stack) > 0 && stack[len(stack)-1].object {
					stack[len(stack)-1].key = true
				}
				done = len(stack) == 0
			}
			continue
		}
		if len(stack) == 0 {
			done = true
			continue
		}
		top := &stack[len(stack)-1]
		if !top.object {
			continue
		}
		if top.key {
			k, _ := tok.(string)
			if top.keys[k] {
				return errorf("malformed-request", "member %q appears twice in one object (at byte %d)", k, at)
			}
			top.keys[k] = true
			top.key = false
		} else {
			top.key = true
		}
	}
}

func containerName(object bool) string {
	if object {
		return "object"
	}
	return "array"
}

// invalidUTF8 returns the offset of the first byte that is not UTF-8.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// jsonType names the JSON type of a decoded value.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}

func operationNames() []string {
	names := make([]string, len(contract.Operations))
	for i, o := range contract.Operations {
		names[i] = o.Name
	}
	return names
}

// didYouMean suggests the nearest of names, or nothing.
func didYouMean(s string, names []string) string {
	if near := vocab.Nearest(s, names); len(near) > 0 {
		return "; did you mean " + strings.Join(near, " or ") + "?"
	}
	return ""
}

var english = message.NewPrinter(language.English)

var (
	schemasOnce sync.Once
	schemas     map[string]*jsonschema.Schema
	schemasErr  error
)

// requestSchema returns the compiled request schema of op.
func requestSchema(op contract.Operation) (*jsonschema.Schema, error) {
	schemasOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(contract.Schema))
		if err != nil {
			schemasErr = err
			return
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(contract.SchemaID, doc); err != nil {
			schemasErr = err
			return
		}
		schemas = map[string]*jsonschema.Schema{}
		for _, o := range contract.Operations {
			sch, err := c.Compile(contract.SchemaID + "#/$defs/" + o.RequestDef())
			if err != nil {
				schemasErr = fmt.Errorf("compiling %s: %w", o.RequestDef(), err)
				return
			}
			schemas[o.Name] = sch
		}
	})
	if schemasErr != nil {
		return nil, schemasErr
	}
	return schemas[op.Name], nil
}

// validate checks a request against its operation's schema, describing
// the first problems by their location in the request.
func validate(op contract.Operation, obj map[string]any) *Error {
	sch, err := requestSchema(op)
	if err != nil {
		return errorf("internal-error", "the request schema does not compile: %v", err)
	}
	err = sch.Validate(any(obj))
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return errorf("malformed-request", "%s request: %v", op.Name, err)
	}
	problems := map[string][]string{}
	collect(ve, problems)
	locs := make([]string, 0, len(problems))
	for loc := range problems {
		locs = append(locs, loc)
	}
	sort.Strings(locs)
	var parts []string
	for _, loc := range locs {
		parts = append(parts, loc+": "+strings.Join(problems[loc], "; "))
	}
	return errorf("malformed-request", "%s request: %s (the schema's %s definition lists the fields)", op.Name, strings.Join(parts, "; "), op.RequestDef())
}

// collect gathers the leaf problems of a validation error by instance
// location, merging the alternatives of an anyOf ("a string or an
// integer") into one phrase.
func collect(ve *jsonschema.ValidationError, out map[string][]string) {
	if len(ve.Causes) > 0 {
		// An optional member is anyOf its type and null: when the value
		// fails the type on something other than its type (a minimum),
		// that is the problem, and "expected null" only noise.
		if causes := withoutNullAlternative(ve.Causes); len(causes) < len(ve.Causes) {
			for _, c := range causes {
				collect(c, out)
			}
			return
		}
		// The alternatives of one anyOf fail at one location with type
		// errors only: say what the location accepts, in one phrase.
		var want []string
		got, loc := "", ""
		merge := true
		for i, c := range ve.Causes {
			t, ok := c.ErrorKind.(*kind.Type)
			if !ok || len(c.Causes) > 0 || i > 0 && location(c.InstanceLocation) != loc {
				merge = false
				break
			}
			got, loc = t.Got, location(c.InstanceLocation)
			want = append(want, t.Want...)
		}
		if merge {
			out[loc] = append(out[loc], fmt.Sprintf("expected %s, got %s", orList(want), got))
			return
		}
		for _, c := range ve.Causes {
			collect(c, out)
		}
		return
	}
	loc := location(ve.InstanceLocation)
	var msg string
	switch k := ve.ErrorKind.(type) {
	case *kind.Type:
		msg = fmt.Sprintf("expected %s, got %s", orList(k.Want), k.Got)
	case *kind.Required:
		msg = "missing required " + orList(k.Missing)
	case *kind.Const:
		msg = fmt.Sprintf("must be %v", k.Want)
	case *kind.Minimum:
		msg = fmt.Sprintf("must be at least %s, got %s", numberText(k.Want), numberText(k.Got))
	default:
		msg = ve.ErrorKind.LocalizedString(english)
	}
	out[loc] = append(out[loc], msg)
}

// withoutNullAlternative drops, from the failed alternatives of an
// anyOf, a null type alternative failing beside one that failed on more
// than its type; it returns causes itself otherwise.
func withoutNullAlternative(causes []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	null, other := -1, false
	for i, c := range causes {
		t, ok := c.ErrorKind.(*kind.Type)
		switch {
		case ok && len(t.Want) == 1 && t.Want[0] == "null":
			null = i
		case !ok:
			other = true
		}
	}
	if null < 0 || !other {
		return causes
	}
	return append(append([]*jsonschema.ValidationError{}, causes[:null]...), causes[null+1:]...)
}

// numberText writes a number of a validation error: an integer in full
// when it is short, else in exponent form (-1e+400).
func numberText(r *big.Rat) string {
	if r.IsInt() && len(r.Num().String()) <= 20 {
		return r.Num().String()
	}
	return new(big.Float).SetRat(r).Text('g', 10)
}

func location(tokens []string) string {
	if len(tokens) == 0 {
		return "request"
	}
	return "/" + strings.Join(tokens, "/")
}

func orList(words []string) string {
	switch len(words) {
	case 0:
		return "nothing"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Marshal encodes v as the service's compact, deterministic JSON: struct
// fields in declaration order, map keys sorted, no HTML escaping.
func Marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
