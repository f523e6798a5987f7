// Package edittest holds what the tests and benchmarks of incremental
// re-analysis share: the keystroke the benchmarks type into a large
// script, the percentiles they report, and the pieces of the random
// edits the property tests make (an edit keeps whole characters, as an
// editor's does; a statement is deleted with its ';').
package edittest
