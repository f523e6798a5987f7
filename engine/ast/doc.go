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
package ast
