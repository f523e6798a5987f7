// Package service implements the wright-agent/v1 service.
//
// A Session is bound to one input (a file or a directory). Handle takes
// the bytes of one request and always answers: it refuses what is
// malformed (size, JSON, nesting, duplicate members, the request schema)
// before any operation runs, loads the program on first need, and checks
// the input's files before every program-reading operation, reloading
// when they changed and numbering each adopted program with a new
// snapshot. A failed load drops the program: it is refused until the
// input loads again, never served stale.
//
// Each operation is one function over a loaded Program that adapts an
// engine result to the contract's wire types (package contract), applying
// the request's selection (filters, max, the default caps). The
// transports (package transport), the one-shot CLI commands and the
// language server all come through here, so every surface reports the
// same payloads.
package service
