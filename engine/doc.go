// Package engine is the entry point to the Workshop engine: Check reads a
// Workshop file into a tree and returns every problem the parser and the
// validator find; Recheck returns the same for an edit of a checked file,
// reading and validating again only the rules the edit touched.
//
// The subpackages own the pieces: source (files and byte spans), diag
// (diagnostics and their codes), vocab (the Workshop vocabulary in 15
// languages), ast (the tree), parser, validate and printer. The engine never
// imports the LSP, the agent contract or the edits package: positions here
// are byte offsets, and conversions happen at the edges.
package engine
