// Package index is the semantic index of a Workshop program: its symbols
// (global variables, player variables, subroutines, rules) and every
// reference to them, classified as a declaration, a definition, a read, a
// write or a call, with its span and owning rule.
//
// It also resolves the contract's addresses: rules by NAME or NAME#N,
// symbols by NAME or KIND:NAME, with the nearest names for unknown ones.
//
// An Index is built once from a parsed script and never changes. After an
// edit, Rebuild makes the new script's index from the previous one,
// walking only the rules read again.
package index
