package contract

//go:generate go run ./gen

import _ "embed"

// Schema is the committed JSON Schema (draft 2020-12) of the requests and
// results, generated from these types by `go generate ./contract`.
//
//go:embed wright-agent-v1.schema.json
var Schema []byte

// SchemaID is the schema's $id.
const SchemaID = "https://wright-lsp.dev/schemas/wright-agent-v1.schema.json"
