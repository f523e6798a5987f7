// Package rename computes the edits that rename a variable, a subroutine
// or a rule: every reference the semantic index records, replaced. It
// refuses a name the game would not accept or one already taken, so that
// a rename never changes what a program means.
package rename
