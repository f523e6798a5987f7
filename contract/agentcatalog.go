package contract

import "fmt"

// The agent catalog document's identity. SchemaVersion is an integer that
// changes only when the document's shape does.
const (
	CatalogDocumentType  = "wright-agent-catalog"
	CatalogSchemaVersion = 1
)

// AgentCatalog is what `wright-lsp agent catalog --format json` prints:
// every operation with its schemas, effects and refusal codes, and a
// summary of the vocabulary, with fingerprints a client compares with
// capabilities' to detect drift.
type AgentCatalog struct {
	DocumentType  string              `json:"document_type"`
	SchemaVersion int                 `json:"schema_version"`
	Contract      string              `json:"contract"`
	Fingerprints  CatalogFingerprints `json:"fingerprints"`
	Operations    []CatalogOperation  `json:"operations"`
	Vocabulary    CatalogVocabulary   `json:"vocabulary"`
}

// CatalogFingerprints are FNV-1a 64-bit checksums ("fnv1a64:" and 16
// hex digits) of the catalog's canonical compact JSON: freshness
// checksums, not authenticity. Schema covers each operation's name,
// request schema and result schema; Content covers the operations and
// the vocabulary summary (the whole document but these fingerprints).
type CatalogFingerprints struct {
	Schema  string `json:"schema"`
	Content string `json:"content"`
}

// CatalogOperation is one operation of the catalog.
type CatalogOperation struct {
	Name string `json:"name"`
	// Tool is the operation's MCP and client tool name.
	Tool        string `json:"tool"`
	Description string `json:"description"`
	// RequestSchema and ResultSchema are standalone JSON schemas: each
	// carries the definitions it references under its own $defs.
	RequestSchema map[string]any `json:"request_schema"`
	ResultSchema  map[string]any `json:"result_schema"`
	Effects       CatalogEffects `json:"effects"`
	// RefusalCodes are the codes of the refusals the operation can give,
	// sorted.
	RefusalCodes []string `json:"refusal_codes"`
}

// CatalogEffects say what an operation reads and writes outside the
// request: project-files (the input's files and its .wright.yaml),
// lint-policy (the policy files), edited-sources (the files a
// transaction names, when it carries no text for them), vocabulary (the
// embedded Workshop catalog); output-file (the file compile writes).
type CatalogEffects struct {
	Reads  []string `json:"reads"`
	Writes []string `json:"writes"`
}

// CatalogVocabulary summarises the vocabulary the operations answer from.
type CatalogVocabulary struct {
	// CatalogSHA256 identifies the Workshop catalog the vocabulary is
	// generated from.
	CatalogSHA256 string   `json:"catalog_sha256"`
	Locales       []string `json:"locales"`
	// Counts gives the number of entries of each kind lookup and
	// listEntries serve.
	Counts map[string]int `json:"counts"`
	// LintRules are the built-in lint rules, by id.
	LintRules []CatalogLintRule `json:"lint_rules"`
	// DiagnosticCodes counts the stable codes of parse and validation
	// diagnostics (the engine's and the OverPy frontend's).
	DiagnosticCodes int `json:"diagnostic_codes"`
}

// CatalogLintRule is a lint rule in the vocabulary summary.
type CatalogLintRule struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
}

// ResultSchema returns the result schema of op, standalone: the result's
// definition with every definition it references under its own $defs.
// Unlike a tool's input schema, a result may be recursive (the settings
// tree).
func ResultSchema(o Operation) (map[string]any, error) {
	defs, err := definitions()
	if err != nil {
		return nil, err
	}
	def, ok := defs[o.ResultDef()].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("operation %s: no definition %s in the schema", o.Name, o.ResultDef())
	}
	out := map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema"}
	for k, v := range def {
		out[k] = v
	}
	used := map[string]any{}
	var walk func(v any) error
	walk = func(v any) error {
		switch t := v.(type) {
		case map[string]any:
			for k, x := range t {
				if k != "$ref" {
					if err := walk(x); err != nil {
						return err
					}
					continue
				}
				ref, _ := x.(string)
				if len(ref) <= len(schemaDefsPrefix) || ref[:len(schemaDefsPrefix)] != schemaDefsPrefix {
					return fmt.Errorf("reference %q does not name a local definition", ref)
				}
				name := ref[len(schemaDefsPrefix):]
				if _, seen := used[name]; seen {
					continue
				}
				d, ok := defs[name]
				if !ok {
					return fmt.Errorf("reference to missing definition %s", name)
				}
				used[name] = d
				if err := walk(d); err != nil {
					return err
				}
			}
		case []any:
			for _, x := range t {
				if err := walk(x); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(def); err != nil {
		return nil, fmt.Errorf("operation %s: %w", o.Name, err)
	}
	if len(used) > 0 {
		out["$defs"] = used
	}
	return out, nil
}
