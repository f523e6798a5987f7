package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/internal/golden"
)

// TestSimulateConformance runs the built binary on each shared
// conformance case by path, as a person would, and requires --format
// json to print the expected trace byte for byte, at both verbosities
// where the case has both, with the exit code the run calls for.
func TestSimulateConformance(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(corpus, "sim", "[0-9]*"))
	if err != nil || len(dirs) != 10 {
		t.Fatalf("the shared conformance cases must be present (found %d): %v", len(dirs), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, v := range []struct{ file, verbosity string }{{"expected.trace.json", "effects"}, {"expected.actions.trace.json", "actions"}} {
				want, err := os.ReadFile(filepath.Join(dir, v.file))
				if os.IsNotExist(err) {
					continue
				}
				cmd := exec.Command(binary, "simulate", "--scenario", filepath.Join(dir, "scenario.json"),
					"--verbosity", v.verbosity, "--format", "json", filepath.Join(dir, "program.txt"))
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err = cmd.Run()
				wantExit := 0
				if filepath.Base(dir) == "10-overload" {
					wantExit = 1
				}
				if code := cmd.ProcessState.ExitCode(); code != wantExit {
					t.Errorf("%s: exit %d, want %d (%v): %s", v.file, code, wantExit, err, stderr.String())
				}
				if line, w, g, differ := golden.FirstDifference(string(want), stdout.String()); differ {
					t.Errorf("%s: first difference at line %d:\nwant %s\n got %s", v.file, line, w, g)
				}
			}
		})
	}
}
