// Package protocol is wright-provider/1: how wright-lsp talks to a
// source-language provider that runs as a separate process (a frontend
// for OSTW, or the OverPy frontend itself behind `wright-lsp provider
// opy`). It is JSON-RPC 2.0 over the process's standard input and output,
// framed with Content-Length headers as the Language Server Protocol
// frames its messages; docs/provider-protocol.md is its specification.
//
// This package holds the wire types and the server loop; it knows no
// language. Positions on the wire are 0-based lines and UTF-16 characters,
// as LSP counts them; a provider converts at its edge.
package protocol
