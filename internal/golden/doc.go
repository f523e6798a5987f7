// Package golden owns the comparison of test output with golden files,
// for the tests of every package; nothing outside tests imports it.
//
// [Check] compares the output with its golden file, or rewrites the file
// when the test runs with -update; each test package keeps its own
// -update flag and passes its value. On a difference it reports the file
// and the first differing line, so the message says where to look and
// the diff after -update says what changed.
//
// [FirstDifference] is the line comparison on its own, for tests that
// compare two texts neither of which is a golden file (a structural dump
// before and after a round trip, say) and word the report themselves.
//
// Golden files are compared byte for byte. Anything a test wants to
// ignore (absolute paths, map order, JSON formatting) it normalizes in
// the output before calling Check.
package golden
