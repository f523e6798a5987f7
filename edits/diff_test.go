package edits_test

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func TestUnified(t *testing.T) {
	lines := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString(strings.Repeat("x", i%3+1) + "\n")
		}
		return b.String()
	}
	ten := lines(10)
	cases := []struct{ name, old, new, want string }{
		{"equal", "a\n", "a\n", ""},
		{"one line changed", "a\nb\nc\n", "a\nB\nc\n", "--- a/f.ow\n+++ b/f.ow\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"insertion at the start", "a\n", "z\na\n", "--- a/f.ow\n+++ b/f.ow\n@@ -1 +1,2 @@\n+z\n a\n"},
		{"into an empty file", "", "a\n", "--- a/f.ow\n+++ b/f.ow\n@@ -0,0 +1 @@\n+a\n"},
		{"no final newline", "a\nb", "a\nc", "--- a/f.ow\n+++ b/f.ow\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"final newline added", "a", "a\n", "--- a/f.ow\n+++ b/f.ow\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n"},
		{"change on the first line", ten, strings.Replace(ten, "xx\n", "YY\n", 1),
			"--- a/f.ow\n+++ b/f.ow\n@@ -1,4 +1,4 @@\n-xx\n+YY\n xxx\n x\n xx\n"},
	}
	// Changes far apart make separate hunks; near ones share one.
	far := strings.Split(ten, "\n")
	far[0], far[9] = "first", "last"
	cases = append(cases, struct{ name, old, new, want string }{"far apart", ten, strings.Join(far, "\n"),
		"--- a/f.ow\n+++ b/f.ow\n@@ -1,4 +1,4 @@\n-xx\n+first\n xxx\n x\n xx\n@@ -7,4 +7,4 @@\n xx\n xxx\n x\n-xx\n+last\n"})
	for _, c := range cases {
		if got := edits.Unified("f.ow", c.old, c.new); got != c.want {
			t.Errorf("%s:\n got: %q\nwant: %q", c.name, got, c.want)
		}
	}
}

// TestMinimalEditsProperty applies the edits MinimalEdits computes for
// random pairs of texts and requires the new text exactly.
func TestMinimalEditsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"Wait(1);", "😀", "中", "e\u0301", "\r\n", "\n", "\t", "a", " "}
	random := func() string {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 2000 {
		old, new := random(), random()
		es := edits.MinimalEdits(old, new)
		got, err := source.Apply(old, es)
		if err != nil || got != new {
			t.Fatalf("MinimalEdits(%q, %q) = %v: applies to %q (%v)", old, new, es, got, err)
		}
	}
	if es := edits.MinimalEdits("a\nb\nc\n", "a\nB\nc\n"); len(es) != 1 || es[0].Span != (source.Span{Start: 2, End: 4}) || es[0].New != "B\n" {
		t.Errorf("one changed line: %v", es)
	}
}

// TestUnifiedAppliesWithPatch feeds random diffs to GNU patch, which must
// turn the old text into the new one exactly: our unified diffs are real
// ones, including the missing-final-newline marker.
func TestUnifiedAppliesWithPatch(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Fatal("GNU patch is needed (.ci/run installs it)")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	lines := []string{"a\n", "b\n", "c\n", "Wait(1);\n", "😀 中\n", "}\n", "{\n", "\r\n"}
	random := func() string {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(lines[rng.IntN(len(lines))])
		}
		s := b.String()
		if rng.IntN(4) == 0 && s != "" {
			s = s[:len(s)-1]
		}
		return s
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f.ow")
	for i := range 200 {
		old, new := random(), random()
		d := edits.Unified("f.ow", old, new)
		if d == "" {
			continue
		}
		if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("patch", "-s", "-p1", "--binary")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("case %d: patch refused the diff: %v %s\n%s", i, err, out, d)
		}
		if got, _ := os.ReadFile(file); string(got) != new {
			t.Fatalf("case %d: patch made %q, want %q from\n%s", i, got, new, d)
		}
	}
}
