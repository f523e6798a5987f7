// Package edits owns positions and changes to text: the Mapper, the one
// place that converts between the engine's byte offsets, the contract's
// 1-based line and column (in code points) and LSP positions (UTF-16 by
// default, UTF-8 or UTF-32 when negotiated).
package edits
