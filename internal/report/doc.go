// Package report writes the problems of a check or lint run in the
// formats continuous integration reads: SARIF 2.1.0 for code scanning,
// JUnit XML for test dashboards, GitHub workflow commands for
// annotations, and a Markdown summary for pull-request comments.
//
// A [Report] is plain data the command line builds from the service's
// answers: the sources read (with their text), the rules that ran, the
// selected problems in contract positions (1-based lines, columns in
// code points). Every writer is a pure function of the Report, so the
// same run gives the same bytes: nothing depends on the clock, the
// machine or map order.
//
// Positions change unit here only through [edits.Mapper]: SARIF and the
// workflow commands count columns in UTF-16 code units (SARIF's default
// columnKind, which the log also declares, and what GitHub's annotations
// count), so a column is converted from the contract's code points
// through the byte offset.
//
// Each format names its version, [Contract], where the format has room
// for it: SARIF in the run's properties, JUnit in each suite's
// properties, the workflow commands in a leading debug command, Markdown
// in a leading HTML comment.
//
// testdata holds the schemas the tests validate against (see its
// README.md for where they come from).
package report
