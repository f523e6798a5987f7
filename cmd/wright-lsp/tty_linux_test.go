//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/wright-lsp/wright-lsp/internal/golden"
)

// openPTY opens a pseudo-terminal pair: the program writes to the
// terminal end, the test reads what it shows from the other.
func openPTY(t *testing.T) (reader, terminal *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	unlock := int32(0)
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlocking the pseudo-terminal: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("naming the pseudo-terminal: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// onTerminal runs the binary with its standard output on a
// pseudo-terminal and returns what the terminal received (its line ends
// as \n) and the standard error.
func onTerminal(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	reader, terminal := openPTY(t)
	defer reader.Close()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(append(withoutEnv(withoutEnv(os.Environ(), "NO_COLOR"), "TERM"), "TERM=xterm-256color"), env...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = terminal, &stderr
	var shown bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&shown, reader) // ends with EIO once the terminal end closes
		close(done)
	}()
	err := cmd.Run()
	terminal.Close()
	<-done
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(shown.String(), "\r\n", "\n"), stderr.String(), code
}

const terminalProgram = "rule(\"on a terminal\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" +
	"\t\tWiat(1, Ignore Condition);\n\t\tSmall Message(All Players(All Teams), Custom String(\"日本語 {0}\"));\n\t\tGlobal.A = 1\n\t}\n}\n"

// TestTerminalOutput: on a terminal, problems are coloured and shown with
// their source line and carets under the span (tabs and wide characters
// measured as the terminal draws them).
func TestTerminalOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.ow")
	if err := os.WriteFile(path, []byte(terminalProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	shown, stderr, code := onTerminal(t, nil, "lint", path)
	if code != exitFailed {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(shown, "\x1b[1;31merror\x1b[0m") || !strings.Contains(shown, "\x1b[1;33mwarning\x1b[0m") {
		t.Errorf("no colour on a terminal:\n%q", shown)
	}
	shown = strings.ReplaceAll(shown, path, "game.ow")
	golden.Check(t, filepath.Join("testdata", "terminal.golden"), []byte(shown), *update)
	plain := stripANSI(shown)
	for _, want := range []string{
		"game.ow:10:3: error unknown-action: unknown action \"Wiat\"; did you mean \"Wait\"?\n   |\n10 |         Wiat(1, Ignore Condition);\n   |         ^^^^\n",
		"11 |         Small Message(All Players(All Teams), Custom String(\"日本語 {0}\"));\n   |                                                             ^^^^^^^^^^^^\n",
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("the excerpt lacks:\n%s\nin:\n%s", want, plain)
		}
	}
}

// TestTerminalNoColor: NO_COLOR gives the plain lines on a terminal too.
func TestTerminalNoColor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.ow")
	if err := os.WriteFile(path, []byte(terminalProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	shown, _, code := onTerminal(t, []string{"NO_COLOR=1"}, "lint", path)
	piped := wright(t, "lint", path)
	if code != exitFailed || shown != piped.stdout {
		t.Errorf("with NO_COLOR, exit %d, the terminal shows:\n%q\nwant what a pipe gets:\n%q", code, shown, piped.stdout)
	}
	if strings.Contains(shown, "\x1b[") || strings.Contains(shown, " | ") {
		t.Errorf("colour or an excerpt with NO_COLOR:\n%s", shown)
	}
}

// stripANSI removes colour sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < '@' || s[j] > '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
