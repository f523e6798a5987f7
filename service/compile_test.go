package service

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

const compileCorpus = "../../shared/corpus/workshop"

// compileExample is a small valid program.
const compileExample = "../examples/king-of-the-hill.ow"

// compileLegacy is a 2019 game export in the legacy syntax.
var compileLegacy = filepath.Join(compileCorpus, "game-exports", "ow1_2019_mercy_protect.txt")

// compileLoad reads and checks a file as the session would, with the
// snapshot a session gives its first program.
func compileLoad(t testing.TB, path string) *Program {
	t.Helper()
	f, err := source.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (the example and the shared corpus must be present)", err)
	}
	return NewProgram(f, engine.Options{}, 1)
}

// compileWrite writes a file in a new temporary directory and returns its
// path.
func compileWrite(t testing.TB, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	write(t, path, text)
	return path
}

func compileSum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// codes lists the codes of a result's diagnostics.
func codes(res *contract.CompileResult) []string {
	var out []string
	for _, d := range res.Diagnostics {
		out = append(out, d.Code)
	}
	return out
}

// expectFailure checks a failed compile: the exit code, the first
// diagnostic's code, and no output.
func expectFailure(t *testing.T, res *contract.CompileResult, exit int, code string) {
	t.Helper()
	if res.Exit != exit || res.Verdict != "fail" || res.Output != nil {
		t.Fatalf("exit %d, verdict %s, output %+v; want exit %d, fail, no output (diagnostics %v)", res.Exit, res.Verdict, res.Output, exit, codes(res))
	}
	if len(res.Diagnostics) == 0 || res.Diagnostics[0].Code != code {
		t.Fatalf("diagnostics %v, want %s first", codes(res), code)
	}
}

// expectWritten checks a successful compile and returns the file's bytes.
func expectWritten(t *testing.T, res *contract.CompileResult, path string) []byte {
	t.Helper()
	if res.Exit != 0 || res.Verdict != "pass" || res.Output == nil {
		t.Fatalf("exit %d, verdict %s, output %+v, diagnostics %v", res.Exit, res.Verdict, res.Output, codes(res))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if res.Output.SHA256 != compileSum(data) || res.Output.Bytes != len(data) {
		t.Errorf("output says %d bytes, sha256 %s; the file has %d bytes, sha256 %s", res.Output.Bytes, res.Output.SHA256, len(data), compileSum(data))
	}
	return data
}

// readBack parses compiled text in loc and fails on any error.
func readBack(t *testing.T, text []byte, loc vocab.Locale) *engine.Checked {
	t.Helper()
	c := engine.Check(source.NewFile("compiled.ow", string(text)), engine.Options{Locale: loc, LocaleGiven: true})
	for _, d := range c.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("the compiled program reads back in %s with %s: %s", loc, d.Code, d.Message)
		}
	}
	return c
}

func TestCompileWrites(t *testing.T) {
	p := compileLoad(t, compileExample)
	out := filepath.Join(t.TempDir(), "out.ow")
	res := Compile(p, CompileOptions{Output: out})
	data := expectWritten(t, res, out)
	o := res.Output
	if o.WrittenTo != out || o.Locale != "en-US" || o.Profile != "off" || o.Rewrites != nil {
		t.Errorf("output %+v", o)
	}
	if res.Command != "compile" || res.Contract != contract.ResultContract || res.Program == nil || res.Snapshot != 1 {
		t.Errorf("envelope %+v", res.Envelope)
	}
	if !slices.Equal(res.Next, []string{"wright-lsp check " + out}) {
		t.Errorf("next %v", res.Next)
	}
	back := readBack(t, data, vocab.EnUS)
	if ast.Dump(back.Script) != ast.Dump(p.Checked.Script) {
		t.Error("the written program does not read back as the input")
	}
	// The answer names the file; it never carries the program.
	raw, _ := Marshal(res)
	if strings.Contains(string(raw), "King of the Hill") || strings.Contains(string(raw), `rule(`) {
		t.Errorf("the envelope carries program text: %s", raw)
	}
	// Render gives the same text, described as written to "-".
	text, rres := Render(p, CompileOptions{Output: "ignored", Force: true})
	if text != string(data) || rres.Exit != 0 || rres.Output == nil || rres.Output.WrittenTo != "-" || rres.Output.SHA256 != o.SHA256 {
		t.Errorf("Render: exit %d, output %+v, same text %v", rres.Exit, rres.Output, text == string(data))
	}
}

func TestCompileDefaultOutput(t *testing.T) {
	p := compileLoad(t, compileExample)
	dir := t.TempDir()
	t.Chdir(dir)
	res := Compile(p, CompileOptions{})
	expectWritten(t, res, filepath.Join(dir, "king-of-the-hill.ow"))
	if res.Output.WrittenTo != "king-of-the-hill.ow" {
		t.Errorf("written_to %q, want the default as a relative name", res.Output.WrittenTo)
	}
	// "-" is a file like any other in the service.
	res = Compile(p, CompileOptions{Output: "-"})
	expectWritten(t, res, filepath.Join(dir, "-"))
	if res.Output.WrittenTo != "-" {
		t.Errorf("written_to %q", res.Output.WrittenTo)
	}
	// The default for an input in the working directory is the input.
	input := filepath.Join(dir, "prog.ow")
	if err := os.WriteFile(input, []byte(ruleText("x")), 0o644); err != nil {
		t.Fatal(err)
	}
	res = Compile(compileLoad(t, "prog.ow"), CompileOptions{Force: true})
	expectFailure(t, res, 2, "output-is-input")
	if DefaultOutput("dir/a.b.txt") != "a.b.ow" || DefaultOutput("x") != "x.ow" {
		t.Error("DefaultOutput")
	}
}

func TestCompileOutputExists(t *testing.T) {
	p := compileLoad(t, compileExample)
	out := compileWrite(t, "out.ow", "old content\n")
	if err := os.Chmod(out, 0o600); err != nil {
		t.Fatal(err)
	}
	res := Compile(p, CompileOptions{Output: out})
	expectFailure(t, res, 2, "output-exists")
	if data, _ := os.ReadFile(out); string(data) != "old content\n" {
		t.Fatalf("the existing file was changed: %q", data)
	}
	if len(res.Next) != 1 || !strings.Contains(res.Next[0], "--force -o "+out) {
		t.Errorf("next %v", res.Next)
	}
	if d := res.Diagnostics[0]; d.Range.Path != out || d.Range.Start.Line != 1 || !strings.Contains(d.Message, "force") {
		t.Errorf("diagnostic %+v", d)
	}
	res = Compile(p, CompileOptions{Output: out, Force: true})
	expectWritten(t, res, out)
	if info, err := os.Stat(out); err != nil {
		t.Error(err)
	} else if info.Mode().Perm() != 0o600 && runtime.GOOS != "windows" {
		t.Errorf("the replaced file's permissions were not kept: %v", info.Mode())
	}
	// A directory is never replaced.
	res = Compile(p, CompileOptions{Output: t.TempDir(), Force: true})
	expectFailure(t, res, 2, "output-io")
	// A dangling symbolic link exists.
	link := filepath.Join(t.TempDir(), "link.ow")
	if err := os.Symlink(filepath.Join(t.TempDir(), "nowhere.ow"), link); err == nil {
		expectFailure(t, Compile(p, CompileOptions{Output: link}), 2, "output-exists")
	}
	// A missing directory is an output problem.
	expectFailure(t, Compile(p, CompileOptions{Output: filepath.Join(t.TempDir(), "no", "such.ow")}), 2, "output-io")
}

func TestCompileNeverReplacesInput(t *testing.T) {
	const text = "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n"
	dir := t.TempDir()
	input := filepath.Join(dir, "prog.ow")
	if err := os.WriteFile(input, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := compileLoad(t, input)
	other := t.TempDir()
	spellings := map[string]string{
		"the same path": input,
		"a dotted path": filepath.Join(dir, ".", "sub", "..", "prog.ow"),
		"a relative path": func() string {
			rel, err := filepath.Rel(mustGetwd(t), input)
			if err != nil {
				t.Fatal(err)
			}
			return rel
		}(),
	}
	if err := os.Symlink(input, filepath.Join(other, "sym.ow")); err == nil {
		spellings["a symbolic link"] = filepath.Join(other, "sym.ow")
	}
	if err := os.Symlink(dir, filepath.Join(other, "dirlink")); err == nil {
		spellings["a linked directory"] = filepath.Join(other, "dirlink", "prog.ow")
	}
	if err := os.Link(input, filepath.Join(other, "hard.ow")); err == nil {
		spellings["a hard link"] = filepath.Join(other, "hard.ow")
	}
	for name, out := range spellings {
		t.Run(name, func(t *testing.T) {
			for _, force := range []bool{false, true} {
				res := Compile(p, CompileOptions{Output: out, Force: force})
				expectFailure(t, res, 2, "output-is-input")
				if data, _ := os.ReadFile(input); string(data) != text {
					t.Fatal("the input was changed")
				}
			}
		})
	}
	if len(spellings) < 5 {
		t.Logf("links are not available here: %d spellings tried", len(spellings))
	}
	// The spelling with "./" from the input's directory.
	t.Chdir(dir)
	expectFailure(t, Compile(compileLoad(t, "prog.ow"), CompileOptions{Output: "./prog.ow", Force: true}), 2, "output-is-input")
}

func mustGetwd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestCompileProgramErrors(t *testing.T) {
	invalid := compileWrite(t, "bad.ow", strings.Replace(ruleText("x"), "Small Message", "Smal Message", 1))
	out := filepath.Join(t.TempDir(), "out.ow")
	res := Compile(compileLoad(t, invalid), CompileOptions{Output: out})
	expectFailure(t, res, 1, "unknown-action")
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a failed compile wrote %s", out)
	}
	// Through the session: a program that does not parse is answered with
	// its diagnostics, not refused.
	unparsable := compileWrite(t, "broken.ow", "rule(\"x\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\tactions\n\t{\n\t\tWait(1, Ignore Condition\n\t}\n}\n")
	s := NewSession(SessionOptions{Input: unparsable})
	out = filepath.Join(filepath.Dir(unparsable), "out.ow") // inside the session's project
	res, err := s.Compile(CompileOptions{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exit != 1 || res.Output != nil || len(res.Diagnostics) == 0 || res.Diagnostics[0].Severity != "error" {
		t.Errorf("a program that does not parse: exit %d, diagnostics %v", res.Exit, codes(res))
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a failed compile wrote %s", out)
	}
	// An input that cannot be read is answered with the loader's refusal
	// in the envelope, as check answers it.
	res, err = NewSession(SessionOptions{Input: filepath.Join(t.TempDir(), "none.ow")}).Compile(CompileOptions{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	expectFailure(t, res, 2, "input-io")
	// Usage problems come first; the program's errors are still listed.
	res = Compile(compileLoad(t, invalid), CompileOptions{Output: out, To: "xx"})
	expectFailure(t, res, 2, "invalid-locale")
	if !slices.Contains(codes(res), "unknown-action") {
		t.Errorf("the program's errors are missing: %v", codes(res))
	}
}

func TestCompileTruncatesDiagnostics(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "rule(\"r%d\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\tactions\n\t{\n\t\tWiat(1, Ignore Condition);\n\t}\n}\n", i)
	}
	res := Compile(compileLoad(t, compileWrite(t, "many.ow", b.String())), CompileOptions{Output: filepath.Join(t.TempDir(), "o.ow")})
	if res.Exit != 1 || len(res.Diagnostics) != DefaultLimit || res.Truncation == nil || res.Truncation.Total != 30 {
		t.Errorf("exit %d, %d diagnostics, truncation %+v", res.Exit, len(res.Diagnostics), res.Truncation)
	}
}

func TestCompileLocaleAndProfileOptions(t *testing.T) {
	p := compileLoad(t, compileExample)
	dir := t.TempDir()
	expectFailure(t, Compile(p, CompileOptions{Output: filepath.Join(dir, "a.ow"), To: "xx-XX"}), 2, "invalid-locale")
	expectFailure(t, Compile(p, CompileOptions{Output: filepath.Join(dir, "a.ow"), Profile: "strict"}), 2, "invalid-profile")
	if _, err := os.Stat(filepath.Join(dir, "a.ow")); err == nil {
		t.Error("a failed compile wrote its output")
	}
	res := Compile(p, CompileOptions{Output: filepath.Join(dir, "b.ow"), To: "DE_de"})
	expectWritten(t, res, filepath.Join(dir, "b.ow"))
	if res.Output.Locale != "de-DE" {
		t.Errorf("locale %s", res.Output.Locale)
	}
	for _, s := range []string{"", "off", "compat"} {
		if _, err := ParseProfile(s); err != nil {
			t.Errorf("ParseProfile(%q): %v", s, err)
		}
	}
	if _, err := ParseProfile("Compat"); err == nil {
		t.Error("ParseProfile accepts Compat")
	}
}

// TestCompileMissingMapping: Compare's operators have no ja-JP spelling
// in the catalog, so the legacy form cannot be written in ja-JP; the
// compat profile writes the operator instead, which can.
func TestCompileMissingMapping(t *testing.T) {
	text := strings.Replace(ruleText("x"), "Small Message(All Players(All Teams), Custom String(\"x\"));",
		"Global.A = Compare(1, ==, 2);\n\t\tGlobal.B = Compare(3, <, 4);\n\t\tGlobal.C = Compare(1, ==, 5);", 1)
	input := compileWrite(t, "legacy.ow", text)
	p := compileLoad(t, input)
	out := filepath.Join(t.TempDir(), "ja.ow")
	res := Compile(p, CompileOptions{Output: out, To: "ja-JP"})
	expectFailure(t, res, 2, "missing-mapping")
	if n := strings.Count(strings.Join(codes(res), " "), "missing-mapping"); n != 2 {
		t.Errorf("%d missing-mapping diagnostics, want one per name (== and <): %v", n, res.Diagnostics)
	}
	d := res.Diagnostics[0]
	if d.Range.Path != input || d.Range.Start.Line != 10 || !strings.Contains(d.Message, "ja-JP") || !strings.Contains(d.Message, "(2 uses)") {
		t.Errorf("diagnostic %+v", d)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a compile with missing names wrote its output")
	}
	res = Compile(p, CompileOptions{Output: out, To: "ja-JP", Profile: ProfileCompat})
	data := expectWritten(t, res, out)
	if res.Output.Rewrites["compare"] != 3 || res.Output.Profile != "compat" {
		t.Errorf("output %+v", res.Output)
	}
	readBack(t, data, vocab.JaJP)
}

// TestCompileLocales compiles a corpus file into each of the 15 locales
// and reads each back in its locale: no error, the same structure. Each
// translation compiled back to en-US gives the same bytes as the direct
// compile.
func TestCompileLocales(t *testing.T) {
	p := compileLoad(t, filepath.Join(compileCorpus, "game-exports", "mysteryUltimates.txt"))
	want := ast.Dump(p.Checked.Script)
	dir := t.TempDir()
	direct := filepath.Join(dir, "direct.ow")
	english := expectWritten(t, Compile(p, CompileOptions{Output: direct}), direct)
	for _, l := range vocab.Locales() {
		t.Run(l.String(), func(t *testing.T) {
			out := filepath.Join(dir, l.String()+".ow")
			res := Compile(p, CompileOptions{Output: out, To: l.String()})
			data := expectWritten(t, res, out)
			if res.Output.Locale != l.String() {
				t.Errorf("locale %s", res.Output.Locale)
			}
			if got := ast.Dump(readBack(t, data, l).Script); got != want {
				t.Errorf("the %s program reads back differently", l)
			}
			q := NewProgram(source.NewFile(out, string(data)), engine.Options{Locale: l, LocaleGiven: true}, 1)
			again := filepath.Join(dir, l.String()+".en.ow")
			if back := expectWritten(t, Compile(q, CompileOptions{Output: again, To: "en-US"}), again); string(back) != string(english) {
				t.Errorf("compiled to %s and back to en-US, the text differs from the direct compile", l)
			}
		})
	}
}

// TestCompileCompatCorpus compiles every corpus file with the compat
// profile and reads it back: no error, the same element count, the same
// settings, declarations and rule-content documents (the canonical
// program, which does not see legacy spellings) as the input.
func TestCompileCompatCorpus(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(compileCorpus, "*", "*.txt"))
	if err != nil || len(paths) < 60 {
		t.Fatalf("the shared corpus must be present at %s: %v", compileCorpus, err)
	}
	dir := t.TempDir()
	rewritten := 0
	for i, path := range paths {
		p := compileLoad(t, path)
		out := filepath.Join(dir, fmt.Sprintf("%d.ow", i))
		res := Compile(p, CompileOptions{Output: out, Profile: ProfileCompat})
		data := expectWritten(t, res, out)
		if res.Output.Rewrites != nil {
			rewritten++
		}
		q := NewProgram(source.NewFile(path, string(data)), engine.Options{Locale: p.Checked.Script.Locale, LocaleGiven: true}, 1)
		if q.Checked.Diags.HasErrors() {
			t.Fatalf("%s: the compiled program reads back with errors: %v", path, q.Diagnostics()[0])
		}
		if a, b := p.Cost().Total, q.Cost().Total; a != b {
			t.Errorf("%s: %d elements before, %d after", path, a, b)
		}
		if a, b := canonicalDecls(p), canonicalDecls(q); a != b {
			t.Errorf("%s: settings or declarations differ:\n%s\n%s", path, a, b)
		}
		if len(q.Checked.Script.Rules) != len(p.Checked.Script.Rules) {
			t.Fatalf("%s: %d rules before, %d after", path, len(p.Checked.Script.Rules), len(q.Checked.Script.Rules))
		}
		for r := range p.Checked.Script.Rules {
			if a, b := ruleDoc(p, r), ruleDoc(q, r); !reflect.DeepEqual(a, b) {
				t.Errorf("%s: rule %d differs after compat:\n%s", path, r, jsonDifference(indented(t, a), indented(t, b)))
			}
		}
	}
	if rewritten < 40 {
		t.Errorf("only %d corpus files had legacy forms rewritten", rewritten)
	}
}

// ruleDoc is rule i's rule-content document without its spans.
func ruleDoc(p *Program, i int) *contract.RuleContent {
	doc := p.RuleContent(i)
	for _, list := range [][]contract.ContentStatement{doc.Conditions, doc.Actions} {
		for j := range list {
			list[j].Span = contract.Range{}
		}
	}
	return doc
}

func indented(t *testing.T, doc *contract.RuleContent) string {
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// canonicalDecls is what a program holds besides its rules.
func canonicalDecls(p *Program) string {
	s := *p.Checked.Script
	s.Rules, s.Actions, s.Conditions = nil, nil, nil
	return ast.Dump(&s) + fmt.Sprint(p.Counts())
}

// jsonDifference describes the first difference between two documents
// written as indented JSON.
func jsonDifference(a, b string) string {
	line, x, y, differ := golden.FirstDifference(a, b)
	if !differ {
		return "the JSON is the same; the documents differ in what JSON does not show"
	}
	return fmt.Sprintf("line %d:\n  before: %q\n  after:  %q", line, x, y)
}

// ---- Crash safety

// setHook replaces one of writeAtomic's operations for the test.
func setHook[T any](t *testing.T, hook *T, f T) {
	old := *hook
	*hook = f
	t.Cleanup(func() { *hook = old })
}

// entries lists a directory's names.
func entries(t *testing.T, dir string) []string {
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range des {
		out = append(out, d.Name())
	}
	return out
}

// TestCompileFailedWriteKeepsOldFile injects a failure at each step of
// the write: the old file stays whole and no temporary file is left.
func TestCompileFailedWriteKeepsOldFile(t *testing.T) {
	p := compileLoad(t, compileExample)
	boom := errors.New("injected failure")
	for _, c := range []struct {
		name  string
		force bool
		set   func(t *testing.T)
	}{
		{"rename", true, func(t *testing.T) {
			setHook(t, &renameFile, func(writeDir, string, string) error { return boom })
		}},
		{"write", true, func(t *testing.T) {
			setHook(t, &writeTemp, func(f *os.File, data []byte) error {
				f.Write(data[:len(data)/2])
				return boom
			})
		}},
		{"link and rename", false, func(t *testing.T) {
			setHook(t, &linkFile, func(writeDir, string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} })
			setHook(t, &renameFile, func(writeDir, string, string) error { return boom })
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.set(t)
			dir := t.TempDir()
			out := filepath.Join(dir, "out.ow")
			if c.force {
				if err := os.WriteFile(out, []byte("old content\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			res := Compile(p, CompileOptions{Output: out, Force: c.force})
			expectFailure(t, res, 2, "output-io")
			if !strings.Contains(res.Diagnostics[0].Message, "injected failure") {
				t.Errorf("message %q", res.Diagnostics[0].Message)
			}
			want := []string(nil)
			if c.force {
				want = []string{"out.ow"}
				if data, _ := os.ReadFile(out); string(data) != "old content\n" {
					t.Errorf("the old file was changed: %q", data)
				}
			}
			if got := entries(t, dir); !slices.Equal(got, want) {
				t.Errorf("the directory holds %v, want %v", got, want)
			}
		})
	}
}

// TestCompileNoReplaceRace: a file that appears while the program is
// being written is not replaced without force.
func TestCompileNoReplaceRace(t *testing.T) {
	p := compileLoad(t, compileExample)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ow")
	setHook(t, &beforeCommit, func(string) {
		if err := os.WriteFile(out, []byte("theirs\n"), 0o644); err != nil {
			t.Error(err)
		}
	})
	expectFailure(t, Compile(p, CompileOptions{Output: out}), 2, "output-exists")
	if data, _ := os.ReadFile(out); string(data) != "theirs\n" {
		t.Errorf("the file that appeared was replaced: %q", data)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"out.ow"}) {
		t.Errorf("the directory holds %v", got)
	}
	// Where links are not supported, the check before the rename still
	// sees it.
	setHook(t, &linkFile, func(writeDir, string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} })
	expectFailure(t, Compile(p, CompileOptions{Output: out}), 2, "output-exists")
	if got := entries(t, dir); !slices.Equal(got, []string{"out.ow"}) {
		t.Errorf("the directory holds %v", got)
	}
	// And without the race, the fallback writes.
	setHook(t, &beforeCommit, func(string) {})
	other := filepath.Join(dir, "other.ow")
	expectWritten(t, Compile(p, CompileOptions{Output: other}), other)
}

// The crash test runs the compile in a child process (this test binary,
// re-run with compileChildEnv set), stops it at a chosen point of the
// write and kills it.
const compileChildEnv = "WRIGHT_COMPILE_CRASH_CHILD"

// TestCompileCrashChild is the child: it compiles, announcing "ready" on
// standard output at the point named by the environment, then waits to
// be killed.
func TestCompileCrashChild(t *testing.T) {
	point := os.Getenv(compileChildEnv)
	if point == "" {
		t.Skip("run by TestCompileCrash")
	}
	input, out := os.Getenv("WRIGHT_COMPILE_INPUT"), os.Getenv("WRIGHT_COMPILE_OUTPUT")
	stop := func() {
		fmt.Println("ready")
		os.Stdout.Sync()
		select {} // until killed
	}
	switch point {
	case "mid-write":
		writeTemp = func(f *os.File, data []byte) error {
			f.Write(data[:len(data)/2])
			f.Sync()
			stop()
			return nil
		}
	case "before-commit":
		beforeCommit = func(string) { stop() }
	case "after-commit":
		renameFile = func(d writeDir, from, to string) error {
			if err := d.Rename(from, to); err != nil {
				return err
			}
			stop()
			return nil
		}
	}
	Compile(compileLoad(t, input), CompileOptions{Output: out, Force: true})
	fmt.Println("finished without stopping")
}

// TestCompileCrash kills a compile replacing a file at three points:
// while the temporary file is half written, when it is complete but not
// yet renamed, and just after the rename. The file holds its old content
// in the first two cases and the whole new program in the last: never a
// part of either.
func TestCompileCrash(t *testing.T) {
	if os.Getenv(compileChildEnv) != "" {
		t.Skip("in the child")
	}
	p := compileLoad(t, compileLegacy)
	newText, res := Render(p, CompileOptions{})
	if res.Exit != 0 {
		t.Fatalf("render: %v", codes(res))
	}
	const old = "the old program\n"
	for _, c := range []struct {
		point string
		want  string
	}{
		{"mid-write", old},
		{"before-commit", old},
		{"after-commit", newText},
	} {
		t.Run(c.point, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.ow")
			if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCompileCrashChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), compileChildEnv+"="+c.point,
				"WRIGHT_COMPILE_INPUT="+compileLegacy, "WRIGHT_COMPILE_OUTPUT="+out)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ready := false
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if sc.Text() == "ready" {
					ready = true
					break
				}
			}
			cmd.Process.Kill()
			cmd.Wait()
			if !ready {
				t.Fatal("the child never reached the crash point")
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			switch string(data) {
			case c.want:
			case old, newText:
				t.Errorf("killed at %s, the file holds the %s content", c.point, map[bool]string{true: "old", false: "new"}[string(data) == old])
			default:
				t.Errorf("killed at %s, the file holds %d bytes that are neither the old content nor the new program", c.point, len(data))
			}
		})
	}
}
