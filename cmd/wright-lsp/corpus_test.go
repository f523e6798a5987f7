package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

// corpusPrograms lists, relative to the corpus, every Workshop text of
// the corpus (game exports, OverPy's outputs, the decompiler's inputs,
// the simulator's programs: every .txt that is a program) and the nine
// real OverPy modes.
func corpusPrograms(t testing.TB) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || filepath.Ext(path) != ".txt" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if service.KindOfText(string(data)) == service.KindWorkshop {
			rel, _ := filepath.Rel(corpus, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("the shared corpus: %v", err)
	}
	modes, _ := filepath.Glob(filepath.Join(corpus, "opy", "tests", "z_*.opy"))
	for _, m := range modes {
		rel, _ := filepath.Rel(corpus, m)
		out = append(out, filepath.ToSlash(rel))
	}
	if len(out) < 130 || len(modes) != 9 {
		t.Fatalf("%d programs and %d OverPy modes in the corpus: is ../shared there?", len(out), len(modes))
	}
	return out
}

// runIn runs the binary in dir.
func runIn(t testing.TB, dir string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = withoutEnv(os.Environ(), "NO_COLOR")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errb.String()}
}

// TestCheckEveryCorpusFile checks each program of the corpus by its path,
// with no flag, as a person would: none has an error. The golden records
// each one's summary.
func TestCheckEveryCorpusFile(t *testing.T) {
	var got strings.Builder
	for _, path := range corpusPrograms(t) {
		r := runIn(t, corpus, "check", path)
		fmt.Fprintf(&got, "%s: exit %d: %s", path, r.code, r.stderr)
		if r.code != 0 || !strings.Contains(r.stderr, ": 0 errors,") {
			t.Errorf("check %s: exit %d\n%s%s", path, r.code, r.stdout, r.stderr)
		}
	}
	golden.Check(t, filepath.Join("testdata", "corpus-check.golden"), []byte(got.String()), *update)
}

// copyCorpus copies the corpus's Workshop programs into a fresh
// directory, keeping their relative paths.
func copyCorpus(t *testing.T, programs []string) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range programs {
		if filepath.Ext(p) != ".txt" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(corpus, p))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// envelopes reads check --format json's output: one envelope a line, by
// path.
func envelopes(t *testing.T, out string) map[string][]string {
	t.Helper()
	errs := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var env struct {
			Program     struct{ Origin struct{ Entry string } }
			Diagnostics []struct{ Code, Severity, Message string }
		}
		if err := json.Unmarshal(sc.Bytes(), &env); err != nil {
			t.Fatalf("not an envelope: %v", err)
		}
		path := env.Program.Origin.Entry
		errs[path] = []string{}
		for _, d := range env.Diagnostics {
			if d.Severity == "error" {
				errs[path] = append(errs[path], d.Code+": "+d.Message)
			}
		}
	}
	return errs
}

// TestFixCorpus runs lint --fix over a copy of every Workshop program of
// the corpus, then check and lint: no program has an error it did not
// have, and no finding of a kind --fix applies is left.
func TestFixCorpus(t *testing.T) {
	dir := copyCorpus(t, corpusPrograms(t))
	before := envelopes(t, runIn(t, dir, "check", "--format", "json", "--all", ".").stdout)
	fix := runIn(t, dir, "lint", "--fix", ".")
	if fix.code == exitUsage || fix.code == exitInternal || !strings.Contains(fix.stderr, "fixed ") {
		t.Fatalf("lint --fix: exit %d\n%s", fix.code, fix.stderr)
	}
	after := envelopes(t, runIn(t, dir, "check", "--format", "json", "--all", ".").stdout)
	if len(after) != len(before) || len(before) < 120 {
		t.Fatalf("%d programs checked before the fixes, %d after", len(before), len(after))
	}
	for path, errs := range after {
		was := map[string]bool{}
		for _, e := range before[path] {
			was[e] = true
		}
		for _, e := range errs {
			if !was[e] {
				t.Errorf("%s: the fixes added an error: %s", path, e)
			}
		}
	}
	linted := runIn(t, dir, "lint", "--format", "json", "--all", ".")
	sc := bufio.NewScanner(strings.NewReader(linted.stdout))
	sc.Buffer(nil, 64<<20)
	results := 0
	for sc.Scan() {
		var res struct {
			Findings []struct{ Code, FixKind, Location string }
		}
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatalf("not a lint result: %v", err)
		}
		results++
		for _, f := range res.Findings {
			if f.FixKind != "" && !lint.IsAcknowledgement(f.FixKind) {
				t.Errorf("%s: %s is left, with a %s fix", f.Location, f.Code, f.FixKind)
			}
		}
	}
	if results != len(after) {
		t.Errorf("lint answered %d programs, check %d", results, len(after))
	}
	golden.Check(t, filepath.Join("testdata", "corpus-fix.golden"), []byte(fix.stderr), *update)
}

// TestFmtCheckGameExports runs fmt --check on every game export: each is
// in the printer's layout, so each passes. Two (customGameSettings.txt and
// shionSettings.txt, the OverPy decompiler's test inputs) are indented with
// four spaces rather than the game's tabs; fmt keeps a file's own
// indentation unit, so they pass too. Spellings are the file's: the 2019
// export's "Player earned elimination" and the ru-RU export's English
// Color(White) stay as written. Reindented copies fail: one with its
// indentation removed, and one with four spaces under --indent tab; fmt -w
// gives the export back from each.
func TestFmtCheckGameExports(t *testing.T) {
	exports, _ := filepath.Glob(filepath.Join(corpus, "workshop", "game-exports", "*.txt"))
	if len(exports) < 20 {
		t.Fatalf("%d game exports", len(exports))
	}
	var got strings.Builder
	for _, path := range exports {
		r := runIn(t, ".", "fmt", "--check", path)
		name := filepath.Base(path)
		fmt.Fprintf(&got, "%s: exit %d", name, r.code)
		want := exitOK
		got.WriteString("\n")
		if r.code != want {
			t.Errorf("fmt --check %s: exit %d, want %d\n%s%s", name, r.code, want, r.stdout, r.stderr)
		}
	}
	golden.Check(t, filepath.Join("testdata", "corpus-fmt.golden"), []byte(got.String()), *update)

	src, err := os.ReadFile(filepath.Join(corpus, "workshop", "game-exports", "z_uno.txt"))
	if err != nil {
		t.Fatal(err)
	}
	flat := regexp.MustCompile(`(?m)^\t+`).ReplaceAllString(string(src), "")
	spaced := strings.ReplaceAll(string(src), "\t", "    ")
	for _, tc := range []struct {
		name, text string
		flags      []string
	}{
		{"indentation removed", flat, nil},
		{"four spaces, --indent tab", spaced, []string{"--indent", "tab"}},
	} {
		reindented := writeFile(t, "z_uno.txt", []byte(tc.text))
		args := append(append([]string{"fmt"}, tc.flags...), "--check", reindented)
		if r := runIn(t, ".", args...); r.code != exitFailed || r.stdout != "would reformat "+reindented+"\n" {
			t.Errorf("fmt --check on a copy with %s: exit %d, stdout %q", tc.name, r.code, r.stdout)
		}
		args = append(append([]string{"fmt"}, tc.flags...), "-w", reindented)
		if r := runIn(t, ".", args...); r.code != exitOK {
			t.Fatalf("fmt -w on a copy with %s: exit %d %s", tc.name, r.code, r.stderr)
		}
		if back, _ := os.ReadFile(reindented); string(back) != string(src) {
			t.Errorf("fmt -w on a copy with %s did not give the game's export back", tc.name)
		}
	}
	spacedCopy := writeFile(t, "z_uno.txt", []byte(spaced))
	if r := runIn(t, ".", "fmt", "--check", spacedCopy); r.code != exitOK {
		t.Errorf("fmt --check on a copy consistently indented with four spaces: exit %d, stdout %q", r.code, r.stdout)
	}
	if r := runIn(t, ".", "fmt", "--indent", "3x", spacedCopy); r.code != exitUsage || !strings.Contains(r.stderr, "--indent") {
		t.Errorf("fmt --indent 3x: exit %d, stderr %q", r.code, r.stderr)
	}
}
