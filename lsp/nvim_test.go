package lsp_test

// This file runs the headless Neovim test: Neovim's own LSP client, set up
// by editors/nvim exactly as users set it up, against the built server.
// The checks are in testdata/nvim/init.lua; Neovim's exit code is the
// verdict and its results file says which check failed.

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimTimeout bounds one Neovim run; the checks take a few seconds.
const nvimTimeout = 90 * time.Second

func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatalf("nvim is not installed: the Neovim test needs it (.ci/run installs it with apt-get install neovim; Debian 12 has 0.7.2): %v", err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin", "wright-lsp")
	build := exec.Command("go", "build", "-o", bin, "../cmd/wright-lsp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building wright-lsp: %v\n%s", err, out)
	}
	ws := filepath.Join(tmp, "workspace")
	if err := os.CopyFS(ws, os.DirFS("testdata/nvim/workspace")); err != nil {
		t.Fatal(err)
	}
	setup, err := filepath.Abs("../editors/nvim")
	if err != nil {
		t.Fatal(err)
	}
	initLua, err := filepath.Abs("testdata/nvim/init.lua")
	if err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(tmp, "results.txt")
	xdg := filepath.Join(tmp, "xdg")

	ctx, cancel := context.WithTimeout(context.Background(), nvimTimeout)
	defer cancel()
	// -n: no swap file; -i NONE: no shada. The XDG directories keep the
	// user's configuration, plugins and state out, and hold lsp.log.
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", initLua, "fixture.ow")
	cmd.Dir = ws
	cmd.Env = append(os.Environ(),
		"XDG_CONFIG_HOME="+filepath.Join(xdg, "config"),
		"XDG_DATA_HOME="+filepath.Join(xdg, "data"),
		"XDG_STATE_HOME="+filepath.Join(xdg, "state"),
		"XDG_CACHE_HOME="+filepath.Join(xdg, "cache"),
		"WRIGHT_NVIM_SETUP="+setup,
		"WRIGHT_LSP_BIN="+bin,
		"WRIGHT_NVIM_RESULTS="+results,
	)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	runErr := cmd.Run()
	t.Logf("nvim ran for %v", time.Since(start).Round(time.Millisecond))

	got, readErr := os.ReadFile(results)
	if runErr == nil && readErr == nil && strings.HasSuffix(strings.TrimSpace(string(got)), "PASSED") {
		t.Logf("results:\n%s", got)
		return
	}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		t.Errorf("nvim did not finish within %v", nvimTimeout)
	case runErr != nil:
		t.Errorf("nvim: %v", runErr)
	default:
		t.Errorf("nvim exited 0 but the results do not end in PASSED")
	}
	if readErr != nil {
		t.Errorf("no results file: %v", readErr)
	} else {
		t.Errorf("results:\n%s", got)
	}
	if output.Len() > 0 {
		t.Logf("nvim's output:\n%s", output.Bytes())
	}
	// Neovim 0.7 writes its LSP log (the RPC trace and the server's
	// stderr) to $XDG_CACHE_HOME/nvim/lsp.log; newer ones to the state
	// directory.
	for _, log := range []string{filepath.Join(xdg, "cache", "nvim", "lsp.log"), filepath.Join(xdg, "state", "nvim", "lsp.log")} {
		if data, err := os.ReadFile(log); err == nil {
			t.Logf("%s (the end):\n%s", log, lastLines(data, 300))
		}
	}
}

// lastLines returns the last n lines of data.
func lastLines(data []byte, n int) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) > n {
		lines = append([][]byte{[]byte("…\n")}, lines[len(lines)-n:]...)
	}
	return bytes.Join(lines, nil)
}
