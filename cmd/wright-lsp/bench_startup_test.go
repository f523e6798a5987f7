package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// oneRule is the smallest program a person checks: one rule, one action.
const oneRule = `rule("Hello")
{
	event
	{
		Ongoing - Each Player;
		All;
		All;
	}

	actions
	{
		Small Message(Event Player, Custom String("Hello"));
	}
}
`

// BenchmarkCheckProcess measures the whole process of wright-lsp check
// on one file, start-up included, output to a pipe: what a person waits
// for at a prompt or in an editor's save hook. Besides the mean it
// reports the median wall time and the median processor time (user +
// system) of the process, which a machine shared with other work
// disturbs less. It fails unless the check ends as it should.
func BenchmarkCheckProcess(b *testing.B) {
	small := filepath.Join(b.TempDir(), "one-rule.ow")
	if err := os.WriteFile(small, []byte(oneRule), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name, path, summary string
	}{
		{"one-rule", small, "checked 1 file: 0 errors, 0 warnings, 0 info"},
		{"z_owware", filepath.Join(corpus, "workshop", "game-exports", "z_owware.txt"), "checked 1 file: 0 errors, 1 warning, 0 info"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var wall, cpu []time.Duration
			for b.Loop() {
				cmd := exec.Command(binary, "check", c.path)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				start := time.Now()
				err := cmd.Run()
				wall = append(wall, time.Since(start))
				if err != nil {
					b.Fatalf("check %s: %v\n%s", c.path, err, stderr.String())
				}
				if got := strings.TrimSpace(stderr.String()); got != c.summary {
					b.Fatalf("check %s: summary %q, want %q", c.path, got, c.summary)
				}
				cpu = append(cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
			}
			b.ReportMetric(median(wall), "median-ms")
			b.ReportMetric(median(cpu), "cpu-median-ms")
		})
	}
}

// median returns the median of ds in milliseconds.
func median(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}
