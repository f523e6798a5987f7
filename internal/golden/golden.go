package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// reporter is the part of [testing.TB] that check uses, so that its
// failures can be observed by a fake in this package's tests.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Check compares got with the golden file at path. With update it
// writes got to path instead (creating the directory) and checks
// nothing. A missing or unreadable golden file is a fatal error; a
// difference is an error naming the file and its first differing line.
func Check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	check(t, path, got, update)
}

func check(t reporter, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("%v", err)
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("%v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
		return
	}
	if line, w, g, differ := FirstDifference(string(want), string(got)); differ {
		t.Errorf("%s differs at line %d (run go test -update and read the diff):\nwant: %q\n got: %q", path, line, w, g)
	}
}

// FirstDifference reports whether texts a and b differ and, if they do,
// the 1-based number of the first line where they differ and that line
// of each. Each line keeps its "\n", so that a difference in line
// endings or in the final newline shows when the lines are printed with
// %q; a text that has no such line (it is shorter) gives "".
func FirstDifference(a, b string) (line int, aLine, bLine string, differ bool) {
	if a == b {
		return 0, "", "", false
	}
	// The texts differ, so before both run out some pair of lines does.
	for line = 1; ; line++ {
		aLine, a = cutLine(a)
		bLine, b = cutLine(b)
		if aLine != bLine {
			return line, aLine, bLine, true
		}
	}
}

// cutLine splits s after its first "\n", or returns all of s.
func cutLine(s string) (line, rest string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1], s[i+1:]
	}
	return s, ""
}
