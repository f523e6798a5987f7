package service

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// confinedProject writes a project directory holding the compile example
// and a directory outside it, and returns both.
func confinedProject(t *testing.T) (project, outside string) {
	t.Helper()
	dir := t.TempDir()
	project, outside = filepath.Join(dir, "project"), filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(project, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(compileExample)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "main.ow"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return project, outside
}

// TestCompileLinkSwappedAfterTheCheck: a directory of the output replaced
// by a link leading out after compile checked the path (and wrote its
// temporary file) still writes nothing outside: the write goes through
// an os.Root at the output root, which refuses the link.
func TestCompileLinkSwappedAfterTheCheck(t *testing.T) {
	project, outside := confinedProject(t)
	s := NewSession(SessionOptions{Input: project})
	sub := filepath.Join(project, "sub")
	setHook(t, &beforeCommit, func(tmp string) {
		// Move the directory (and the temporary file in it) out of the
		// project, and leave a link to it in its place.
		if err := os.Rename(sub, filepath.Join(outside, "sub")); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(filepath.Join(outside, "sub"), sub); err != nil {
			t.Error(err)
		}
	})
	res, err := s.Compile(CompileOptions{Output: filepath.Join(sub, "out.ow")})
	if err != nil {
		t.Fatal(err)
	}
	expectFailure(t, res, 2, CodeOutputOutsideProject)
	if _, err := os.Stat(filepath.Join(outside, "sub", "out.ow")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the program was written outside the project: %v", err)
	}
}

// TestFingerprintDoesNotFollowLinksOut: a member of a directory input
// that is a link leading out of the root is stamped as the link, its
// target neither statted nor read; a change of the target is no change
// of the input.
func TestFingerprintDoesNotFollowLinksOut(t *testing.T) {
	project, outside := confinedProject(t)
	target := filepath.Join(outside, "other.ow")
	if err := os.WriteFile(target, []byte("rule(\"x\") {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(project, "sub", "link.ow")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	r, err := openRoot(project)
	if err != nil {
		t.Fatal(err)
	}
	info, out, err := statMember(link, r)
	if err != nil || !out || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("statMember(%s) = %v, outside %v, %v; want the link itself, outside", link, info, out, err)
	}
	fp, err := takeFingerprint(project, filepath.Join(project, ProjectFile), nil, r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("rule(\"changed outside\") {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !fp.unchanged(project, filepath.Join(project, ProjectFile), nil, r) {
		t.Error("a change outside the root, behind a link, changed the input's fingerprint")
	}
	// Unconfined (the CLI), the link is followed as before.
	if info, out, err := statMember(link, nil); err != nil || out || !info.Mode().IsRegular() {
		t.Errorf("unconfined statMember(%s) = %v, outside %v, %v", link, info, out, err)
	}
}
