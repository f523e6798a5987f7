package service

// This file builds the agent catalog (`wright-lsp agent catalog`): every
// operation of contract.Operations with its schemas, effects and refusal
// codes, a summary of the vocabulary, and the fingerprints capabilities
// repeats so that a client holding a catalog can tell it is current.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

var (
	catalogOnce sync.Once
	catalogDoc  *contract.AgentCatalog
	catalogErr  error
)

// AgentCatalog returns the catalog of the running binary. It is built
// once; callers must not change it.
func AgentCatalog() (*contract.AgentCatalog, error) {
	catalogOnce.Do(func() { catalogDoc, catalogErr = buildCatalog() })
	return catalogDoc, catalogErr
}

func buildCatalog() (*contract.AgentCatalog, error) {
	doc := &contract.AgentCatalog{DocumentType: contract.CatalogDocumentType, SchemaVersion: contract.CatalogSchemaVersion,
		Contract: contract.AgentContract, Operations: []contract.CatalogOperation{}}
	for _, o := range contract.Operations {
		req, err := contract.ToolSchema(o)
		if err != nil {
			return nil, err
		}
		delete(req, "description") // the operation's own member says it
		res, err := contract.ResultSchema(o)
		if err != nil {
			return nil, err
		}
		doc.Operations = append(doc.Operations, contract.CatalogOperation{Name: o.Name, Tool: o.ToolName(),
			Description: o.Description, RequestSchema: req, ResultSchema: res, Effects: o.Effects(), RefusalCodes: o.RefusalCodes()})
	}
	meta := TargetMetadata()
	doc.Vocabulary = contract.CatalogVocabulary{CatalogSHA256: meta.CatalogSHA256, Locales: meta.Locales, Counts: meta.Counts,
		LintRules: []contract.CatalogLintRule{}, DiagnosticCodes: len(diag.Codes) + len(opy.Codes)}
	for _, r := range lint.Builtin() {
		doc.Vocabulary.LintRules = append(doc.Vocabulary.LintRules, contract.CatalogLintRule{ID: r.ID, Severity: r.Severity.String(), Summary: r.Summary})
	}
	slices.SortFunc(doc.Vocabulary.LintRules, func(a, b contract.CatalogLintRule) int { return strings.Compare(a.ID, b.ID) })
	fp, err := CatalogFingerprints(doc)
	if err != nil {
		return nil, err
	}
	doc.Fingerprints = fp
	return doc, nil
}

// CatalogFingerprints computes a catalog's fingerprints from its content
// (its own fingerprints aside), as agent validate recomputes them.
func CatalogFingerprints(doc *contract.AgentCatalog) (contract.CatalogFingerprints, error) {
	type schemas struct {
		Name          string         `json:"name"`
		RequestSchema map[string]any `json:"request_schema"`
		ResultSchema  map[string]any `json:"result_schema"`
	}
	var structural []schemas
	for _, o := range doc.Operations {
		structural = append(structural, schemas{o.Name, o.RequestSchema, o.ResultSchema})
	}
	s, err := canonical(structural)
	if err != nil {
		return contract.CatalogFingerprints{}, err
	}
	content := *doc
	content.Fingerprints = contract.CatalogFingerprints{}
	c, err := canonical(content)
	if err != nil {
		return contract.CatalogFingerprints{}, err
	}
	return contract.CatalogFingerprints{Schema: fnv1a64(s), Content: fnv1a64(c)}, nil
}

// canonical is v's compact JSON: members in declaration order, map keys
// sorted, no HTML escaping.
func canonical(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// fnv1a64 names data's FNV-1a 64-bit checksum.
func fnv1a64(data []byte) string {
	h := fnv.New64a()
	h.Write(data)
	return fmt.Sprintf("fnv1a64:%016x", h.Sum64())
}
