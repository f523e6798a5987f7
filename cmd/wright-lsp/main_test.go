package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// binary is the wright-lsp executable built for these tests: commands are
// tested through the real entry point, as a user runs them.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "wright-lsp-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "wright-lsp")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building wright-lsp: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

func wright(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errb bytes.Buffer
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

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const broken = `rule("broken")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Wiat(1, Ignore Condition);
		Global.A = 1
	}
}
`

func TestCheckExample(t *testing.T) {
	r := wright(t, "check", "../../examples/king-of-the-hill.ow")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r.stderr != "checked 1 file: 0 errors, 0 warnings, 0 info\n" {
		t.Errorf("stderr lacks the summary: %q", r.stderr)
	}
}

var diagLine = regexp.MustCompile(`^(.+):(\d+):(\d+): (error|warning|info|hint) ([a-z0-9-]+): (.+)$`)

func TestCheckReportsErrors(t *testing.T) {
	path := writeFile(t, "broken.ow", []byte(broken))
	r := wright(t, "check", path)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	for _, l := range lines {
		if !diagLine.MatchString(l) {
			t.Errorf("line %q is not path:line:col: severity code: message", l)
		}
	}
	want := []string{
		path + `:10:3: error unknown-action: unknown action "Wiat"; did you mean "Wait"?`,
		path + `:11:15: error missing-semicolon: expected ';' after the action, found '}'`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", r.stdout, strings.Join(want, "\n"))
	}
}

func TestCheckJSON(t *testing.T) {
	path := writeFile(t, "broken.ow", []byte(broken))
	r := wright(t, "check", "--format", "json", path)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1", r.code)
	}
	var env struct {
		Contract, Command, Verdict string
		Exit                       int
		Diagnostics                []struct {
			Code, Severity, Message string
			Range                   struct{ Start, End struct{ Line, Column int } }
			Suggestions             []string
		}
		Program struct{ Locale string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &env); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, r.stdout)
	}
	if env.Contract != "wright-result/v1" || env.Command != "check" || env.Verdict != "fail" || env.Exit != 1 ||
		len(env.Diagnostics) != 2 || env.Program.Locale != "en-US" {
		t.Fatalf("unexpected envelope: %+v", env)
	}
	d := env.Diagnostics[0]
	if d.Code != "unknown-action" || d.Range.Start.Line != 10 || d.Range.Start.Column != 3 ||
		d.Range.End.Column != 7 || len(d.Suggestions) == 0 || d.Suggestions[0] != "Wait" {
		t.Errorf("first diagnostic: %+v", d)
	}
	// Same input, same bytes.
	if again := wright(t, "check", "--format", "json", path); again.stdout != r.stdout {
		t.Error("JSON output is not deterministic")
	}
}

func TestCheckInputProblems(t *testing.T) {
	dir := t.TempDir()
	big := make([]byte, 4<<20+1)
	for i := range big {
		big[i] = ' '
	}
	for _, c := range []struct {
		name string
		path string
		want string
	}{
		{"missing file", filepath.Join(dir, "nope.ow"), "no such file"},
		{"directory without a source file", dir, "no Workshop (.ow, .workshop, .txt) or OverPy (.opy) file under it"},
		{"not UTF-8", writeFile(t, "latin1.ow", []byte("rule(\"caf\xe9\")\n")), ":1:10: not UTF-8 text: invalid byte 0xe9"},
		{"over 4 MiB", writeFile(t, "big.ow", big), "the file is 4194305 bytes; the limit is 4 MiB (4194304 bytes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := wright(t, "check", c.path)
			if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, no stdout, a message with %q", r.code, r.stdout, r.stderr, c.want)
			}
		})
	}
	// One bad file among good ones: nothing on stdout.
	r := wright(t, "check", "../../examples/king-of-the-hill.ow", filepath.Join(dir, "nope.ow"))
	if r.code != 2 || r.stdout != "" {
		t.Errorf("mixed inputs: exit %d, stdout %q", r.code, r.stdout)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"check"},
		{"check", "--format", "yaml", "../../examples/king-of-the-hill.ow"},
		{"check", "--locale", "xx-XX", "../../examples/king-of-the-hill.ow"},
		{"check", "--bogus", "../../examples/king-of-the-hill.ow"},
		{"frobnicate"},
	} {
		r := wright(t, args...)
		if r.code != 2 || r.stdout != "" || r.stderr == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 with a message", args, r.code, r.stdout, r.stderr)
		}
	}
}

func TestCheckLocale(t *testing.T) {
	zh := "../../../shared/corpus/workshop/game-exports/zhCN_lijiang_parkour_EXCERPT.txt"
	for _, args := range [][]string{{"check", zh}, {"check", "--locale", "zh-CN", zh}} {
		r := wright(t, args...)
		if r.code != 0 {
			t.Errorf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
	}
	// Read as English, the Chinese text is full of unknown names.
	if r := wright(t, "check", "--locale", "en-US", zh); r.code != 1 {
		t.Errorf("zh-CN text read as en-US: exit %d, want 1", r.code)
	}
}

// TestVersion: version, --version and -v print the module version the
// build information carries (a release, else the commit, else devel).
func TestVersion(t *testing.T) {
	out, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "devel"
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "mod" && f[2] != "(devel)":
			want = f[2]
		case len(f) == 2 && f[0] == "build" && strings.HasPrefix(f[1], "vcs.revision=") && want == "devel":
			want = "devel-" + strings.TrimPrefix(f[1], "vcs.revision=")[:12]
		}
	}
	var first string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		r := wright(t, args...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "wright-lsp "+want) {
			t.Errorf("%v: exit %d, stdout %q; want wright-lsp %s", args, r.code, r.stdout, want)
		}
		if first == "" {
			first = r.stdout
		} else if r.stdout != first {
			t.Errorf("%v prints %q, version prints %q", args, r.stdout, first)
		}
	}
}

// TestPanicIsInternalError checks that a panic in a command is reported as
// exit 3, not as Go's exit 2 (a usage error).
func TestPanicIsInternalError(t *testing.T) {
	var out, errb bytes.Buffer
	commands["panic-for-test"] = func([]string, io.Writer, io.Writer) int { panic("boom") }
	defer delete(commands, "panic-for-test")
	if code := run([]string{"panic-for-test"}, &out, &errb); code != exitInternal {
		t.Errorf("exit %d, want %d", code, exitInternal)
	}
}
