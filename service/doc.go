// Package service answers the wright-agent/v1 operations over a loaded
// program: each function adapts one engine result to the contract's wire
// types (package contract), applying the request's selection (filters,
// max, the default cap). The one-shot CLI commands and, later, the
// session transports and the language server call the same functions, so
// every surface reports the same payloads.
package service
