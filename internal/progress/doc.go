// Package progress tells how far a long command has come (a directory
// check or lint, a compile), two ways:
//
//   - with --json-stream, as newline-delimited JSON on standard output:
//     "progress" events (stage, event, progress 0-100, message, Unix
//     timestamp in milliseconds), then one final "result" event holding
//     the command's usual JSON answer, and nothing else; every line
//     names the stream's version, [Contract];
//   - on a terminal, as a one-line bar on standard error, drawn only once
//     the command has run longer than a moment (WRIGHT_PROGRESS_DELAY, a
//     Go duration, default 300ms) and erased before anything else is
//     printed.
//
// A [Reporter] is safe for concurrent use: programs checked in parallel
// report as they finish. Progress never goes back: an update below the
// last one reported is raised to it.
package progress
