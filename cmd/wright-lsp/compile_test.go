package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/service"
)

const legacyExport = "../../../shared/corpus/workshop/game-exports/ow1_2019_mercy_protect.txt"

func abs(t *testing.T, path string) string {
	t.Helper()
	a, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func sha(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

var wroteLine = regexp.MustCompile(`^wrote (.+) \((\d+) bytes, \d+ elements?, sha256 ([0-9a-f]{64})\)$`)

// lastLine returns the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestCompileCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ow")
	r := wright(t, "compile", "-o", out, example)
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m := wroteLine.FindStringSubmatch(lastLine(r.stderr))
	if m == nil || m[1] != out || m[2] != strconv.Itoa(len(data)) || m[3] != sha(data) {
		t.Errorf("summary %q does not describe the file (%d bytes, %s)", lastLine(r.stderr), len(data), sha(data))
	}
	// The example is in the game's style: compiling reproduces it.
	if src, _ := os.ReadFile(example); !bytes.Equal(src, data) {
		t.Error("compiling the example did not reproduce it")
	}

	// -o - streams the program and nothing else on standard output.
	r = wright(t, "compile", "-o", "-", example)
	if r.code != 0 || r.stdout != string(data) || !strings.HasPrefix(lastLine(r.stderr), "wrote standard output (") {
		t.Errorf("-o -: exit %d, same program %v, stderr %q", r.code, r.stdout == string(data), r.stderr)
	}
	r = wright(t, "compile", "-o", "-", "--format", "json", example)
	var env contract.CompileResult
	if err := json.Unmarshal([]byte(r.stderr), &env); err != nil || r.stdout != string(data) {
		t.Fatalf("-o - --format json: the envelope belongs on stderr (%v), the program on stdout: %q", err, r.stderr)
	}
	if env.Output == nil || env.Output.WrittenTo != "-" || env.Output.SHA256 != sha(data) {
		t.Errorf("-o - --format json: output %+v", env.Output)
	}

	// An existing file needs --force.
	r = wright(t, "compile", "-o", out, "--to", "de-DE", example)
	if r.code != 2 || !strings.Contains(r.stderr, "error output-exists:") {
		t.Errorf("existing output: exit %d, stderr %q", r.code, r.stderr)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Error("the existing output was changed")
	}
	r = wright(t, "compile", "--force", "-o", out, "--to", "de-DE", example)
	if r.code != 0 {
		t.Fatalf("--force: exit %d, %s", r.code, r.stderr)
	}
	german, _ := os.ReadFile(out)
	if !bytes.Contains(german, []byte("regel(\"")) {
		t.Errorf("--to de-DE wrote no German keywords:\n%s", german)
	}
	// Back to en-US from the German text, read with --locale.
	back := filepath.Join(dir, "back.ow")
	if r = wright(t, "compile", "--locale", "de-DE", "--to", "en-US", "-o", back, out); r.code != 0 {
		t.Fatalf("back to en-US: exit %d, %s", r.code, r.stderr)
	}
	if en, _ := os.ReadFile(back); !bytes.Equal(en, data) {
		t.Error("compiled to de-DE and back, the program differs")
	}
}

func TestCompileDefaultOutputAndInput(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	// The binary runs in the test's working directory.
	exampleAbs := abs(t, example)
	t.Chdir(dir)
	r := wright(t, "compile", exampleAbs)
	if r.code != 0 {
		t.Fatalf("exit %d, %s", r.code, r.stderr)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "king-of-the-hill.ow")); err != nil || !bytes.Equal(got, src) {
		t.Errorf("the default output is INPUT's stem + .ow in the working directory: %v", err)
	}
	// In the input's own directory the default would be the input
	// itself: it is NAME.out.ow instead, and no spelling of the input is
	// ever overwritten, --force or not.
	input := filepath.Join(dir, "prog.ow")
	if err := os.WriteFile(input, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := wright(t, "compile", "prog.ow"); r.code != 0 || r.stderr != "wrote prog.out.ow (1692 bytes, 68 elements, sha256 bfe81103060442330c463f50a99faf604131cbb8bb552a40a547521d933f6ad8)\n" {
		t.Errorf("compile prog.ow in its directory: exit %d, stderr %q", r.code, r.stderr)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "prog.out.ow")); err != nil || !bytes.Equal(got, src) {
		t.Errorf("prog.out.ow: %v", err)
	}
	if r := wright(t, "compile", "prog.ow"); r.code != 2 || !strings.Contains(r.stderr, "prog.out.ow already exists: pass --force to replace it, or name another output with -o") {
		t.Errorf("compile prog.ow again: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, args := range [][]string{
		{"compile", "--force", "-o", "./prog.ow", "prog.ow"},
		{"compile", "--force", "-o", input, "prog.ow"},
		{"compile", "--force", "--profile", "compat", "-o", "sub/../prog.ow", "./prog.ow"},
	} {
		r := wright(t, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "error output-is-input:") {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if got, _ := os.ReadFile(input); !bytes.Equal(got, src) {
		t.Error("the input was changed")
	}
}

func TestCompileFailures(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ow")
	bad := writeFile(t, "broken.ow", []byte(broken))
	legacy := writeFile(t, "legacy.ow", []byte(strings.Replace(broken, "Wiat(1, Ignore Condition);\n\t\tGlobal.A = 1", "Global.A = Compare(1, ==, 2);", 1)))
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"program errors", []string{"compile", "-o", out, bad}, 1, "error unknown-action:"},
		{"unknown locale", []string{"compile", "-o", out, "--to", "xx-XX", example}, 2, "error invalid-locale:"},
		{"missing mapping", []string{"compile", "-o", out, "--to", "ja-JP", legacy}, 2, "error missing-mapping:"},
		{"unknown profile", []string{"compile", "-o", out, "--profile", "strict", example}, 2, "error invalid-profile:"},
		{"output is a directory", []string{"compile", "--force", "-o", dir, example}, 2, "error output-io:"},
		{"missing input", []string{"compile", "-o", out, filepath.Join(dir, "none.ow")}, 2, "no such file"},
		{"no input", []string{"compile", "-o", out}, 2, "expected INPUT, got 0 arguments"},
		{"two inputs", []string{"compile", "-o", out, example, example}, 2, "expected INPUT, got 2 arguments"},
		{"bad format", []string{"compile", "--format", "yaml", "-o", out, example}, 2, "unknown format"},
		{"bad flag", []string{"compile", "--bogus", "-o", out, example}, 2, "bogus"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := wright(t, c.args...)
			if r.code != c.code || r.stdout != "" || !strings.Contains(r.stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d mentioning %q", r.code, r.stdout, r.stderr, c.code, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Fatal("a failed compile wrote its output")
			}
		})
	}
	// The program's errors are printed as check prints them.
	r := wright(t, "compile", "-o", out, bad)
	if !strings.Contains(r.stderr, bad+":10:3: error unknown-action: ") || !strings.Contains(r.stderr, "nothing written") {
		t.Errorf("stderr %q", r.stderr)
	}
	// compat writes the operator, which ja-JP spells.
	if r := wright(t, "compile", "-o", out, "--to", "ja-JP", "--profile", "compat", legacy); r.code != 0 {
		t.Errorf("--profile compat --to ja-JP: exit %d, %s", r.code, r.stderr)
	}
}

// TestCompileParity checks that --format json prints what service.Compile
// answers in process for the same input and options, byte for byte, and
// that both write the same file.
func TestCompileParity(t *testing.T) {
	dir := t.TempDir()
	input := abs(t, legacyExport)
	invalid := writeFile(t, "broken.ow", []byte(broken))
	for _, c := range []struct {
		name  string
		input string
		flags []string
		opts  service.CompileOptions
		exist bool
	}{
		{"plain", abs(t, example), nil, service.CompileOptions{}, false},
		{"compat in zh-CN", input, []string{"--profile", "compat", "--to", "zh-CN"}, service.CompileOptions{Profile: service.ProfileCompat, To: "zh-CN"}, false},
		{"output exists", input, nil, service.CompileOptions{}, true},
		{"program errors", invalid, nil, service.CompileOptions{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".ow")
			if c.exist {
				if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := wright(t, append(append([]string{"compile", "--format", "json", "-o", out}, c.flags...), c.input)...)
			written, werr := os.ReadFile(out)
			if !c.exist {
				os.Remove(out)
			}
			f, err := source.ReadFile(c.input)
			if err != nil {
				t.Fatal(err)
			}
			c.opts.Output = out
			p := service.NewProgram(f, engine.Options{}, 1)
			if p.Checked.ParseErrors > 0 {
				p.Snapshot = 0 // a program that does not parse is never adopted
			}
			res := service.Compile(p, c.opts)
			want, err := service.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if r.stdout != string(want)+"\n" {
				t.Errorf("the binary printed\n%s\nthe service answers\n%s", r.stdout, want)
			}
			if r.code != res.Exit {
				t.Errorf("exit %d, the envelope says %d", r.code, res.Exit)
			}
			again, aerr := os.ReadFile(out)
			if (werr == nil) != (aerr == nil) || !bytes.Equal(written, again) {
				t.Errorf("the binary and the service wrote different files")
			}
		})
	}
}
