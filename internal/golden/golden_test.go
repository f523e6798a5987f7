package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstDifference(t *testing.T) {
	for _, c := range []struct {
		name, a, b string
		line       int
		aLine      string
		bLine      string
		differ     bool
	}{
		{name: "identical", a: "x\ny\n", b: "x\ny\n"},
		{name: "both empty", a: "", b: ""},
		{name: "differing line", a: "x\ny\nz\n", b: "x\nY\nz\n", line: 2, aLine: "y\n", bLine: "Y\n", differ: true},
		{name: "first line", a: "x", b: "y", line: 1, aLine: "x", bLine: "y", differ: true},
		{name: "a longer", a: "x\ny\n", b: "x\n", line: 2, aLine: "y\n", bLine: "", differ: true},
		{name: "b longer", a: "x\n", b: "x\ny", line: 2, aLine: "", bLine: "y", differ: true},
		{name: "empty line added", a: "x\n", b: "x\n\n", line: 2, aLine: "", bLine: "\n", differ: true},
		{name: "final newline", a: "x\ny", b: "x\ny\n", line: 2, aLine: "y", bLine: "y\n", differ: true},
		{name: "line endings", a: "x\r\ny\n", b: "x\ny\n", line: 1, aLine: "x\r\n", bLine: "x\n", differ: true},
		{name: "one empty", a: "", b: "x\n", line: 1, aLine: "", bLine: "x\n", differ: true},
	} {
		line, aLine, bLine, differ := FirstDifference(c.a, c.b)
		if line != c.line || aLine != c.aLine || bLine != c.bLine || differ != c.differ {
			t.Errorf("%s: FirstDifference(%q, %q) = %d, %q, %q, %v; want %d, %q, %q, %v",
				c.name, c.a, c.b, line, aLine, bLine, differ, c.line, c.aLine, c.bLine, c.differ)
		}
	}
}

// fake records what check reports instead of failing the test.
type fake struct{ errors, fatals []string }

func (f *fake) Helper() {}
func (f *fake) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fake) Fatalf(format string, args ...any) {
	f.fatals = append(f.fatals, fmt.Sprintf(format, args...))
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing.golden")
	if err := os.WriteFile(existing, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.golden")
	for _, c := range []struct {
		name, path, got string
		errors, fatals  []string // substrings the one message must hold; nil: no message
	}{
		{name: "identical", path: existing, got: "a\nb\nc\n"},
		{name: "differing line", path: existing, got: "a\nB \nc\n",
			errors: []string{existing, "line 2", `want: "b\n"`, `got: "B \n"`, "run go test -update and read the diff"}},
		{name: "output longer", path: existing, got: "a\nb\nc\nd\n",
			errors: []string{"line 4", `want: ""`, `got: "d\n"`}},
		{name: "output shorter", path: existing, got: "a\nb\n",
			errors: []string{"line 3", `want: "c\n"`, `got: ""`}},
		{name: "missing file", path: missing, got: "a\n",
			fatals: []string{"missing.golden", "run go test -update to create it"}},
	} {
		f := &fake{}
		check(f, c.path, []byte(c.got), false)
		expect(t, c.name+": Errorf", f.errors, c.errors)
		expect(t, c.name+": Fatalf", f.fatals, c.fatals)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("checking without update created %s", missing)
	}
}

// expect checks that msgs is one message holding every part, or none
// when parts is nil.
func expect(t *testing.T, what string, msgs, parts []string) {
	t.Helper()
	if parts == nil {
		if len(msgs) > 0 {
			t.Errorf("%s: unexpected %q", what, msgs)
		}
		return
	}
	if len(msgs) != 1 {
		t.Errorf("%s: got %d messages %q, want 1", what, len(msgs), msgs)
		return
	}
	for _, p := range parts {
		if !strings.Contains(msgs[0], p) {
			t.Errorf("%s: %q lacks %q", what, msgs[0], p)
		}
	}
}

func TestCheckUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "dir", "out.golden")
	f := &fake{}
	check(f, path, []byte("x\n"), true)
	expect(t, "update: Errorf", f.errors, nil)
	expect(t, "update: Fatalf", f.fatals, nil)
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "x\n" {
		t.Fatalf("update wrote %q, %v; want %q", data, err, "x\n")
	}
	// Updating again replaces the file, and the file then checks.
	Check(t, path, []byte("y\n"), true)
	Check(t, path, []byte("y\n"), false)
}
