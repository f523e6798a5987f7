package service

// This file validates agent documents a client holds (`wright-lsp agent
// validate`): a catalog is checked field by field against the document
// type, rebuilt fingerprints and the running binary's own catalog.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// MaxAgentDocument is the largest agent document validate reads: larger
// ones are refused before they are parsed.
const MaxAgentDocument = source.MaxFileSize

// A ValidationProblem is one reason a document is not valid: a stable
// code and a message for people.
type ValidationProblem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// decodeDocument decodes data, one JSON value with no unknown field, into
// doc (what names the kind, for messages); ok is false when it does not
// decode, and the problems say why.
func decodeDocument(data []byte, doc any, what string) (out []ValidationProblem, ok bool) {
	// Validation problems are not refusals: they are written as add's
	// arguments, which transport's scan for refusal codes skips.
	add := func(code, format string, args ...any) {
		out = append(out, ValidationProblem{Code: code, Message: fmt.Sprintf(format, args...)})
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(doc); err != nil {
		if strings.Contains(err.Error(), "unknown field") {
			add("unknown-field", "the document does not decode as %s: %v", what, err)
		} else {
			add("malformed-document", "the document does not decode as %s: %v", what, err)
		}
		return out, false
	}
	if _, err := dec.Token(); err != io.EOF {
		add("malformed-document", "the document holds more than one JSON value")
		return out, false
	}
	return out, true
}

// documentHeader checks a document's type and schema version; ok is
// false when the version is another, whose fields cannot be judged.
func documentHeader(docType, wantType string, version, wantVersion int) (out []ValidationProblem, ok bool) {
	add := func(code, format string, args ...any) {
		out = append(out, ValidationProblem{Code: code, Message: fmt.Sprintf(format, args...)})
	}
	if docType != wantType {
		add("document-type", "document_type is %q, expected %q", docType, wantType)
	}
	if version != wantVersion {
		add("schema-version", "schema_version is %d; this binary reads and writes %d", version, wantVersion)
		return out, false
	}
	return out, true
}

// ValidateCatalog checks a catalog document: it must decode with no
// unknown field, name the catalog's document type and schema version,
// keep the catalog's orders (operations as capabilities lists them,
// refusal codes, effects and lint rules sorted), carry fingerprints that
// its own content reproduces, and match the running binary's catalog.
// It returns every problem found; none means valid.
func ValidateCatalog(data []byte) []ValidationProblem {
	var doc contract.AgentCatalog
	out, ok := decodeDocument(data, &doc, "a catalog")
	if !ok {
		return out
	}
	header, ok := documentHeader(doc.DocumentType, contract.CatalogDocumentType, doc.SchemaVersion, contract.CatalogSchemaVersion)
	out = append(out, header...)
	if !ok {
		return out // another version's fields cannot be judged
	}
	add := func(code, format string, args ...any) {
		out = append(out, ValidationProblem{Code: code, Message: fmt.Sprintf(format, args...)})
	}
	out = append(out, catalogOrder(&doc)...)
	if fp, err := CatalogFingerprints(&doc); err != nil {
		add("malformed-document", "the fingerprints cannot be recomputed: %v", err)
	} else if fp != doc.Fingerprints {
		add("fingerprint-mismatch", "the fingerprints (%s, %s) are not those of the document's content (%s, %s): it was changed after it was made",
			doc.Fingerprints.Schema, doc.Fingerprints.Content, fp.Schema, fp.Content)
	}
	own, err := AgentCatalog()
	if err != nil {
		add("internal-error", "the running binary's catalog: %v", err)
		return out
	}
	if doc.Fingerprints != own.Fingerprints {
		add("fingerprint-drift", "the catalog (%s, %s) is not this binary's (%s, %s): run wright-lsp agent catalog again",
			doc.Fingerprints.Schema, doc.Fingerprints.Content, own.Fingerprints.Schema, own.Fingerprints.Content)
	}
	return out
}

// catalogOrder reports the orders a catalog keeps that doc breaks: a
// catalog is deterministic, so another order means it was not made by
// wright-lsp or was rewritten.
func catalogOrder(doc *contract.AgentCatalog) []ValidationProblem {
	var out []ValidationProblem
	bad := func(what string) {
		out = append(out, ValidationProblem{Code: "nondeterministic-order", Message: what + " are not in the catalog's order"})
	}
	names := make([]string, len(doc.Operations))
	for i, o := range doc.Operations {
		names[i] = o.Name
		if !slices.IsSorted(o.RefusalCodes) || hasDuplicates(o.RefusalCodes) {
			bad(o.Name + "'s refusal codes")
		}
		if !slices.IsSorted(o.Effects.Reads) || !slices.IsSorted(o.Effects.Writes) {
			bad(o.Name + "'s effects")
		}
	}
	want := make([]string, len(contract.Operations))
	for i, o := range contract.Operations {
		want[i] = o.Name
	}
	// Operations the binary lacks are drift, not disorder: compare the
	// order of the names both know.
	known := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !slices.Contains(want, n) })
	order := slices.DeleteFunc(slices.Clone(want), func(n string) bool { return !slices.Contains(names, n) })
	if !slices.Equal(known, order) || hasDuplicates(names) {
		bad("the operations")
	}
	ids := make([]string, len(doc.Vocabulary.LintRules))
	for i, r := range doc.Vocabulary.LintRules {
		ids[i] = r.ID
	}
	if !slices.IsSorted(ids) || hasDuplicates(ids) {
		bad("the lint rules")
	}
	return out
}

func hasDuplicates(s []string) bool {
	seen := map[string]bool{}
	for _, x := range s {
		if seen[x] {
			return true
		}
		seen[x] = true
	}
	return false
}
