package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden command transcripts")

// fingerprintPattern matches the agent catalog's fingerprints.
var fingerprintPattern = regexp.MustCompile(`fnv1a64:[0-9a-f]{16}`)

// corpus is the shared corpus, from this package's directory.
const corpus = "../../../shared/corpus"

// TestCommands runs the command scripts of testdata/cli through the
// built binary, as a person types them, and compares each command's exit
// code, standard output and standard error with the golden transcript
// beside the script.
//
// A script is a txtar archive: its comment holds the commands, one a
// line, and its files are written to a fresh directory the commands run
// in. A command line is
//
//	[NAME=VALUE…] wright-lsp ARG… [< FILE] [> FILE]
//
// with arguments split at spaces outside '…' or "…" quotes, $CORPUS
// naming the shared corpus; "cat FILE" prints a file the commands
// wrote, "cp FROM TO" copies one. Outputs show the corpus as $CORPUS and
// the directory as $WORK, and the agent catalog's fingerprints (which
// change with every description of the contract; service.TestAgentCatalog
// pins them) as fnv1a64:FINGERPRINT. "> FILE" writes standard output to
// FILE instead of showing it. NO_COLOR is unset unless a line sets it; the
// output is a pipe, never a terminal (tty_test.go runs one).
func TestCommands(t *testing.T) {
	scripts, _ := filepath.Glob("testdata/cli/*.txtar")
	if len(scripts) == 0 {
		t.Fatal("no scripts in testdata/cli")
	}
	corpusAbs, err := filepath.Abs(corpus)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(corpusAbs); err != nil {
		t.Fatalf("the shared corpus: %v", err)
	}
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(script)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				path := filepath.Join(dir, f.Name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				data := f.Data
				// A file named *.crlf.* holds CRLF line ends; one named
				// *.bom.* starts with a byte-order mark.
				if strings.Contains(f.Name, ".crlf.") {
					data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
				}
				if strings.Contains(f.Name, ".bom.") {
					data = append([]byte("\ufeff"), data...)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var out strings.Builder
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				out.WriteString("$ " + line + "\n")
				runScriptLine(t, dir, corpusAbs, line, &out)
			}
			got := strings.ReplaceAll(out.String(), corpusAbs, "$CORPUS")
			got = strings.ReplaceAll(got, dir, "$WORK")
			got = fingerprintPattern.ReplaceAllString(got, "fnv1a64:FINGERPRINT")
			golden.Check(t, filepath.Join("testdata", "cli", name+".golden"), []byte(got), *update)
		})
	}
}

// runScriptLine runs one line of a command script.
func runScriptLine(t *testing.T, dir, corpusAbs, line string, out *strings.Builder) {
	t.Helper()
	words := splitWords(strings.ReplaceAll(line, "$CORPUS", corpusAbs))
	var env []string
	for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
		env = append(env, words[0])
		words = words[1:]
	}
	if len(words) == 0 {
		t.Fatalf("%q: no command", line)
	}
	switch words[0] {
	case "cat":
		data, err := os.ReadFile(filepath.Join(dir, words[1]))
		if err != nil {
			out.WriteString(err.Error() + "\n")
			return
		}
		out.Write(data)
		return
	case "cp":
		data, err := os.ReadFile(words[1])
		if err != nil {
			data, err = os.ReadFile(filepath.Join(dir, words[1]))
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, words[2]), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	case "wright-lsp":
	default:
		t.Fatalf("%q: unknown command %s", line, words[0])
	}
	args := words[1:]
	var outFile string
	if n := len(args); n >= 2 && args[n-2] == ">" {
		outFile, args = filepath.Join(dir, args[n-1]), args[:n-2]
	}
	var stdin []byte
	if n := len(args); n >= 2 && args[n-2] == "<" {
		data, err := os.ReadFile(filepath.Join(dir, args[n-1]))
		if err != nil {
			t.Fatal(err)
		}
		stdin, args = data, args[:n-2]
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	// wright-lsp is on PATH, as for a user who installed it: a project
	// file may name it as a provider's command.
	cmd.Env = append(withoutEnv(withoutEnv(os.Environ(), "NO_COLOR"), "PATH"), "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	out.WriteString("exit " + itoa(code) + "\n")
	if outFile != "" {
		if err := os.WriteFile(outFile, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout.Reset()
	}
	if stdout.Len() > 0 {
		out.WriteString("-- stdout --\n" + stdout.String())
		if !strings.HasSuffix(stdout.String(), "\n") {
			out.WriteString("\n(no final newline)\n")
		}
	}
	if stderr.Len() > 0 {
		out.WriteString("-- stderr --\n" + stderr.String())
	}
}

// splitWords splits a command line at spaces outside quotes.
func splitWords(line string) []string {
	var words []string
	var cur strings.Builder
	quote, inWord := rune(0), false
	for _, c := range line {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

func withoutEnv(env []string, name string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, name+"=") {
			out = append(out, e)
		}
	}
	return out
}

func itoa(n int) string {
	return strconv.Itoa(n)
}
