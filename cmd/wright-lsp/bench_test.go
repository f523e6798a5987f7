package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCheckCorpus measures the whole process a person waits for:
// wright-lsp check on the directory holding the whole shared corpus
// (every Workshop and OverPy program under it), start-up included, output
// to a pipe. It fails unless the run ends as it should: exit 1 (the
// OverPy test inputs that use features wright-lsp refuses have errors)
// and the one summary line. Besides the wall time it reports the
// process's processor time (user + system) and its peak memory, which a
// machine shared with other work disturbs less.
func BenchmarkCheckCorpus(b *testing.B) {
	dir, err := filepath.Abs(corpus)
	if err != nil {
		b.Fatal(err)
	}
	var summary string
	var cpu time.Duration
	var peak int64
	for b.Loop() {
		cmd := exec.Command(binary, "check", dir)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailed {
			b.Fatalf("check %s: %v\n%s", dir, err, stderr.String())
		}
		summary = stderr.String()
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss)
		}
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(peak)/1024, "peak-MB")
	if !strings.HasPrefix(summary, "checked ") {
		b.Fatalf("no summary: %q", summary)
	}
	b.Log(strings.TrimSpace(summary))
}
