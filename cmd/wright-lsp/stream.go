package main

// This file gives the long commands (check and lint of many programs,
// compile) their progress: --json-stream's newline-delimited events on
// standard output, and a bar on standard error when it is a terminal
// (internal/progress).

import (
	"flag"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/wright-lsp/wright-lsp/internal/progress"
)

// streamFlag registers --json-stream.
func streamFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("json-stream", false, "write newline-delimited JSON on standard output: progress events, then one result event holding the JSON answer, and nothing else")
}

// checkStream refuses --json-stream with a format other than JSON's.
func checkStream(name string, stream bool, c *commonFlags, stderr io.Writer) bool {
	if stream && c.format != "text" && c.format != "json" {
		fmt.Fprintf(stderr, "wright-lsp %s: --json-stream writes JSON: it takes no --format %s\n", name, c.format)
		return false
	}
	return true
}

// newProgress returns a command's progress reporter: the stream on
// stdout with --json-stream, a bar on stderr when it is a terminal; nil
// when there is neither.
func newProgress(stream bool, stdout, stderr io.Writer) *progress.Reporter {
	var s, bar io.Writer
	if stream {
		s = stdout
	}
	if isTerminal(stderr) {
		bar = stderr
	}
	if s == nil && bar == nil {
		return nil
	}
	return progress.New(s, bar)
}

// A programCounter reports programs finished by parallel workers as a
// stage's updates, from 1 to 99 percent (0 is the start, 100 the end).
type programCounter struct {
	prog        *progress.Reporter
	stage, verb string
	done        atomic.Int64
	total       int
}

func startPrograms(prog *progress.Reporter, stage, verb string, total int) *programCounter {
	prog.Report(stage, progress.StageStart, 1, fmt.Sprintf("%s to %s", plural(total, "input"), stage))
	return &programCounter{prog: prog, stage: stage, verb: verb, total: total}
}

// finished reports that the program of path is done.
func (c *programCounter) finished(path string) {
	n := int(c.done.Add(1))
	c.prog.Report(c.stage, progress.StageUpdate, progress.Of(n, c.total, 1, 99), fmt.Sprintf("%d/%d %s: %s", n, c.total, c.verb, path))
}

// complete ends the stage.
func (c *programCounter) complete() {
	c.prog.Report(c.stage, progress.StageComplete, 99, fmt.Sprintf("%s %s", c.verb, plural(c.total, "input")))
}

// verdict is pass for exit 0, fail otherwise.
func verdict(exit int) string {
	if exit == exitOK {
		return "pass"
	}
	return "fail"
}
