//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// onTerminalStderr runs the binary in the corpus with its standard error
// on a pseudo-terminal and returns its standard output and what the
// terminal received.
func onTerminalStderr(t *testing.T, env []string, args ...string) (stdout, shown string, code int) {
	t.Helper()
	reader, terminal := openPTY(t)
	defer reader.Close()
	cmd := exec.Command(binary, args...)
	cmd.Dir = corpus
	cmd.Env = append(append(withoutEnv(withoutEnv(os.Environ(), "NO_COLOR"), "TERM"), "TERM=xterm-256color"), env...)
	var out, seen bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, terminal
	done := make(chan struct{})
	go func() {
		io.Copy(&seen, reader)
		close(done)
	}()
	err := cmd.Run()
	terminal.Close()
	<-done
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), strings.ReplaceAll(seen.String(), "\r\n", "\n"), code
}

// TestProgressBarOnTerminal: a directory check with standard error on a
// terminal draws a bar there (WRIGHT_PROGRESS_DELAY=0 draws it at once,
// where a real run waits a moment), erases it before the summary, and
// leaves standard output as it is without a terminal.
func TestProgressBarOnTerminal(t *testing.T) {
	plain := runIn(t, corpus, "lint", "sim")
	for _, format := range []string{"text", "json", "sarif"} {
		stdout, shown, code := onTerminalStderr(t, []string{"WRIGHT_PROGRESS_DELAY=0"}, "lint", "--format", format, "sim")
		if code != plain.code {
			t.Errorf("%s: exit %d, want %d", format, code, plain.code)
		}
		if !strings.Contains(shown, "\r\x1b[K[") || !strings.Contains(shown, " 99% ") ||
			!strings.Contains(shown, "10/10 linted: sim/") {
			t.Errorf("%s: no bar on the terminal: %q", format, shown)
		}
		// The bar is erased, then the summary printed on a clean line.
		if format == "json" && !strings.HasSuffix(shown, "\r\x1b[K") ||
			format != "json" && !strings.Contains(shown, "\r\x1b[Klinted 10 files:") {
			t.Errorf("%s: the bar is not erased before the summary: %q", format, shown)
		}
		if format == "text" && stdout != plain.stdout {
			t.Errorf("text output on stdout changed with a bar on stderr:\n%s\nwant\n%s", stdout, plain.stdout)
		}
	}
}
