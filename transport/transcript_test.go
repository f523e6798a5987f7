package transport_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// TestTranscripts replays each testdata/transcripts/*.txtar through the
// stdio transport, validates every answer against the committed schema,
// and compares the exchange with its .golden file.
//
// An archive holds the project (files under project/), alternative file
// versions, and a script: one request per line, or a directive —
// "!copy SRC DST" copies an archive file into the work directory,
// "!remove PATH" deletes one, "!age PATH" moves a file's modification
// time back a minute without touching its content. Lines starting with #
// are comments. The archive's comment sets options: "input: PATH" (the
// session's input, default project) and "disable-rule: ID".
func TestTranscripts(t *testing.T) {
	paths, err := filepath.Glob("testdata/transcripts/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		path, _ := filepath.Abs(path) // replay changes the working directory
		t.Run(name, func(t *testing.T) {
			got := replay(t, path)
			golden.Check(t, strings.TrimSuffix(path, ".txtar")+".golden", got, *update)
		})
	}
}

// replay runs one archive's script in a fresh work directory.
func replay(t *testing.T, path string) []byte {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	files := map[string][]byte{}
	var script []byte
	for _, f := range ar.Files {
		files[f.Name] = f.Data
		switch {
		case f.Name == "script":
			script = f.Data
		case strings.HasPrefix(f.Name, "project/"):
			writeFile(t, f.Name, f.Data)
		}
	}
	opts := service.SessionOptions{Input: "project", Version: "test", Lint: &lint.Config{}}
	for line := range strings.Lines(string(ar.Comment)) {
		key, value, _ := strings.Cut(strings.TrimSpace(line), ": ")
		switch key {
		case "input":
			opts.Input = value
		case "disable-rule":
			if err := opts.Lint.Disable(value); err != nil {
				t.Fatal(err)
			}
		case "":
		default:
			t.Fatalf("unknown option %q", key)
		}
	}
	session := service.NewSession(opts)
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(script))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			out.WriteString("\n")
		case strings.HasPrefix(line, "#"):
			out.WriteString(line + "\n")
		case strings.HasPrefix(line, "!"):
			out.WriteString(line + "\n")
			directive(t, strings.Fields(line[1:]), files)
		default:
			var resp bytes.Buffer
			if err := transport.ServeStdio(context.Background(), session, strings.NewReader(line+"\n"), &resp); err != nil {
				t.Fatal(err)
			}
			checkAgainstSchema(t, line, resp.Bytes())
			fmt.Fprintf(&out, "> %s\n< %s", line, resp.Bytes())
		}
	}
	return out.Bytes()
}

func directive(t *testing.T, args []string, files map[string][]byte) {
	t.Helper()
	switch {
	case len(args) == 3 && args[0] == "copy":
		data, ok := files[args[1]]
		if !ok {
			t.Fatalf("!copy: no archive file %s", args[1])
		}
		writeFile(t, args[2], data)
	case len(args) == 2 && args[0] == "remove":
		if err := os.Remove(args[1]); err != nil {
			t.Fatal(err)
		}
	case len(args) == 2 && args[0] == "age":
		old := time.Now().Add(-time.Minute)
		if err := os.Chtimes(args[1], old, old); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("unknown directive %v", args)
	}
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
