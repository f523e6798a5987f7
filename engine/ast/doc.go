// Package ast defines the syntax tree of a Workshop program.
//
// The tree follows the text closely (legacy function forms stay function
// calls, parentheses and comments are kept) so that printing a parsed
// program reproduces the game's text; names are resolved to vocabulary
// entries, so that the tree is the same whatever client language the text
// was written in. Every node carries its exact byte span.
//
// Trees are built by the parser and never changed afterwards: analyses
// read them concurrently.
//
// # Where expressions are
//
// Rules, blocks and statements hold spans of the text ([source.Span]).
// Expressions hold theirs measured from the start of their statement
// ([Rel]); [Statement.SpanOf] gives the span in the text, and analyses
// work on that. An edit moves every statement after it, and a script read
// again after the edit copies those statements to move them, but shares
// their expressions, which are most of the tree, with the script before
// (the way rowan's green nodes, under rust-analyzer, know only their
// lengths and are shared between versions of a file).
package ast
