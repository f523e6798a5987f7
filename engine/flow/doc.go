// Package flow holds the control-flow facts of a Workshop program: the
// control-flow graph of each rule's actions (entry, exit, basic blocks, If,
// While and For blocks, with Skip, Loop, Abort, Break and Continue
// honoured), the subroutine call graph (Call Subroutine and Start Rule),
// and the condition trees of rules.
//
// Graphs index actions by their position in the rule's actions block, the
// same indices the contract's rule content, references and findings use.
package flow
