package lsp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestNodeClient runs testdata/node/*.test.cjs: the built wright-lsp
// binary, started over stdio as an editor starts it, driven by
// vscode-languageserver-protocol (the JSON-RPC client layer of VS Code)
// under Node's own test runner. It needs node, and npm when node_modules
// is missing or stale (it runs npm ci then); it fails, never skips,
// without them: CI installs both. Under -race the binary is built with
// -race too, so a data race in the real process fails the run.
func TestNodeClient(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not installed (Node.js 18 or later; CI installs it): %v", err)
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "node"))
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(corpus, "z_owware.txt")); err != nil {
		t.Fatalf("the shared corpus is missing: %v", err)
	}
	tests, err := filepath.Glob(filepath.Join(dir, "*.test.cjs"))
	if err != nil || len(tests) == 0 {
		t.Fatalf("no Node tests in %s", dir)
	}

	// go test caches a passing result by the files the test reads: read
	// every input of the run that is not a Go dependency of this package,
	// so that changing one runs the test again.
	for _, pattern := range []string{"testdata/node/*.cjs", "testdata/node/*.json", "testdata/node/fixtures/*", "../cmd/wright-lsp/*.go"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			if _, err := os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	if !nodeModulesCurrent(ctx, node, dir) {
		npm, err := exec.LookPath("npm")
		if err != nil {
			t.Fatalf("node_modules is missing or stale and npm is not installed (CI installs it): %v", err)
		}
		cmd := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
		}
		if !nodeModulesCurrent(ctx, node, dir) {
			t.Fatalf("npm ci in %s left node_modules without a loadable vscode-languageserver-protocol/node", dir)
		}
	}

	bin := filepath.Join(t.TempDir(), "wright-lsp")
	args := []string{"build", "-o", bin}
	// How big the slow program of the cancellation test is: z_owware's
	// rules 8 times over, 3.5 MB (3 times took 158 to 184 ms once the
	// settings schema was built on use, under the test's 200 ms).
	copies := "8"
	if raceEnabled() {
		args = append(args, "-race")
		copies = "2"
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go is not on PATH: %v", err)
	}
	build := exec.CommandContext(ctx, goCmd, append(args, "../cmd/wright-lsp")...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	start := time.Now()
	cmd := exec.CommandContext(ctx, node, append([]string{"--test", "--test-reporter=spec"}, tests...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"WRIGHT_LSP_BINARY="+bin,
		"WRIGHT_NODE_FIXTURES="+filepath.Join(dir, "fixtures"),
		"WRIGHT_NODE_CORPUS="+corpus,
		"WRIGHT_NODE_SLOW_COPIES="+copies,
		// A data race in the server is an error its exit code shows.
		"GORACE=exitcode=66 halt_on_error=1",
		"NO_COLOR=1",
	)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err = cmd.Run()
	if err != nil {
		t.Fatalf("node --test failed (%v) after %v:\n%s", err, time.Since(start).Round(time.Millisecond), out.String())
	}
	// The passed tests, the runner's summary and its measurements.
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "ℹ") || strings.HasPrefix(line, "✔") {
			t.Log(line)
		}
	}
}

// nodeModulesCurrent reports whether dir/node_modules holds the packages
// package-lock.json pins (npm's own record of what it installed says the
// same versions and integrities) and the client layer loads.
func nodeModulesCurrent(ctx context.Context, node, dir string) bool {
	type lock struct {
		Packages map[string]struct {
			Version   string `json:"version"`
			Integrity string `json:"integrity"`
		} `json:"packages"`
	}
	read := func(path string) (map[string]string, bool) {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, false
		}
		var l lock
		if json.Unmarshal(data, &l) != nil {
			return nil, false
		}
		out := map[string]string{}
		for name, p := range l.Packages {
			if name != "" {
				out[name] = p.Version + " " + p.Integrity
			}
		}
		return out, true
	}
	want, ok := read(filepath.Join(dir, "package-lock.json"))
	if !ok {
		return false
	}
	have, ok := read(filepath.Join(dir, "node_modules", ".package-lock.json"))
	if !ok || !maps.Equal(want, have) {
		return false
	}
	load := exec.CommandContext(ctx, node, "-e", "require('vscode-languageserver-protocol/node')")
	load.Dir = dir
	return load.Run() == nil
}

// raceEnabled reports whether this test binary was built with -race.
func raceEnabled() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" && s.Value == "true" {
			return true
		}
	}
	return false
}
