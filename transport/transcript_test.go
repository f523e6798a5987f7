package transport_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// TestTranscripts replays each testdata/transcripts/*.txtar through the
// stdio transport, validates every answer against the committed schema,
// and compares the exchange with its .golden file. It then replays the
// archive over JSON-RPC and over MCP, each in a fresh work directory with
// its own session, and requires every request either transport can carry
// as a service request to be answered with the same service response as
// on stdio: the transcripts hold for all three transports.
//
// An archive holds the project (its files are those in a directory, such
// as project/a.ow, written before the script runs), alternative file
// versions (files at the top of the archive, written by !copy), and a
// script: one request per line, or a directive —
// "!copy SRC DST" copies an archive file into the work directory,
// "!remove PATH" deletes one, "!age PATH" moves a file's modification
// time back a minute without touching its content, "!mkdir DIR" makes a
// directory, "!symlink TARGET LINK" makes a symbolic link, "!link SRC DST"
// a hard link, "!chmod MODE PATH" sets a mode (octal), and "!assert-absent
// PATH", "!assert-link PATH" (still a symbolic link) and "!assert-same
// PATH ARCHIVE-FILE" (the file holds the archive file's bytes) check the
// work directory; "!at POINTER FILE QUOTED" checks a position the last
// answer reports: the range at the JSON pointer (a contract range, or a
// provider range of 0-based lines and UTF-16 characters; the pointer may
// name the object holding it as range or span) covers exactly the Go-quoted
// text in FILE (an archive file, else a file of the work directory). A
// request may name the work directory as $WORK; answers name it so.
// Lines starting with # are comments. The archive's comment sets
// options: "input: PATH" (the session's input, default project),
// "disable-rule: ID" and "kind: KIND".
// fingerprintPattern matches the agent catalog's fingerprints.
var fingerprintPattern = regexp.MustCompile(`fnv1a64:[0-9a-f]{16}`)

func TestTranscripts(t *testing.T) {
	paths, err := filepath.Glob("testdata/transcripts/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		path, _ := filepath.Abs(path) // replay changes the working directory
		t.Run(name, func(t *testing.T) {
			var stdio []exchange
			t.Run("stdio", func(t *testing.T) {
				got, ex := replay(t, path, "stdio")
				stdio = ex
				// The catalog's fingerprints change with every change of
				// the contract's schema or descriptions;
				// service.TestAgentCatalog pins them.
				got = fingerprintPattern.ReplaceAll(got, []byte("fnv1a64:FINGERPRINT"))
				golden.Check(t, strings.TrimSuffix(path, ".txtar")+".golden", got, *update)
			})
			for _, tr := range transportNames[1:] {
				t.Run(tr, func(t *testing.T) {
					_, ex := replay(t, path, tr)
					compared := 0
					for i, e := range ex {
						if !e.carried {
							continue
						}
						compared++
						if i >= len(stdio) || e.response != stdio[i].response {
							want := ""
							if i < len(stdio) {
								want = stdio[i].response
							}
							t.Errorf("%s answers %.200s differently from stdio:\n got: %.400s\nwant: %.400s", tr, e.request, e.response, want)
						}
					}
					if compared == 0 && len(ex) > 0 {
						t.Errorf("%s carried none of the %d requests", tr, len(ex))
					}
				})
			}
		})
	}
}

// An exchange is one request of a script and the service response it got;
// carried is false when the transport could not carry the request as a
// service request (stdio carries every line).
type exchange struct {
	request, response string
	carried           bool
}

// replay runs one archive's script over the named transport in a fresh
// work directory, returning the transcript (for stdio, the golden text)
// and the exchanges.
func replay(t *testing.T, path, transportName string) ([]byte, []exchange) {
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
		case strings.Contains(f.Name, "/"):
			writeFile(t, f.Name, f.Data)
		}
	}
	// The session is configured as serve configures it: a lint policy
	// the session applies with the project's .wright.yaml.
	policy := &service.Policy{}
	opts := service.SessionOptions{Input: "project", Version: "test", Policy: policy}
	for line := range strings.Lines(string(ar.Comment)) {
		key, value, _ := strings.Cut(strings.TrimSpace(line), ": ")
		switch key {
		case "input":
			opts.Input = value
		case "disable-rule":
			policy.Disable = append(policy.Disable, value)
			if _, err := policy.Config(); err != nil {
				t.Fatal(err)
			}
		case "kind":
			opts.Kind = value
		case "":
		default:
			t.Fatalf("unknown option %q", key)
		}
	}
	w := startWire(t, transportName, service.NewSession(opts))
	var out bytes.Buffer
	var exchanges []exchange
	last := ""
	sc := bufio.NewScanner(bytes.NewReader(script))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			out.WriteString("\n")
		case strings.HasPrefix(line, "#"):
			out.WriteString(line + "\n")
		case strings.HasPrefix(line, "!at "):
			out.WriteString(line + "\n")
			checkAt(t, line, last, files)
		case strings.HasPrefix(line, "!"):
			out.WriteString(line + "\n")
			directive(t, strings.Fields(line[1:]), files)
		default:
			resp, carried := w.request(line)
			last = resp
			exchanges = append(exchanges, exchange{request: line, response: resp, carried: carried})
			if transportName == "stdio" {
				checkAgainstSchema(t, line, []byte(resp))
			}
			fmt.Fprintf(&out, "> %s\n< %s\n", line, resp)
		}
	}
	return out.Bytes(), exchanges
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
	case len(args) == 2 && args[0] == "mkdir":
		if err := os.MkdirAll(args[1], 0o755); err != nil {
			t.Fatal(err)
		}
	case len(args) == 3 && args[0] == "symlink":
		if err := os.Symlink(args[1], args[2]); err != nil {
			t.Fatal(err)
		}
	case len(args) == 3 && args[0] == "link":
		if err := os.Link(args[1], args[2]); err != nil {
			t.Fatal(err)
		}
	case len(args) == 3 && args[0] == "chmod":
		mode, err := strconv.ParseUint(args[1], 8, 32)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(args[2], os.FileMode(mode)); err != nil {
			t.Fatal(err)
		}
	case len(args) == 2 && args[0] == "assert-absent":
		if _, err := os.Lstat(args[1]); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("!assert-absent %s: it exists (%v)", args[1], err)
		}
	case len(args) == 2 && args[0] == "assert-link":
		if info, err := os.Lstat(args[1]); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("!assert-link %s: not a symbolic link (%v)", args[1], err)
		}
	case len(args) == 3 && args[0] == "assert-same":
		got, err := os.ReadFile(args[1])
		if err != nil {
			t.Fatal(err)
		}
		if want, ok := files[args[2]]; !ok || !bytes.Equal(got, want) {
			t.Errorf("!assert-same %s %s: the file changed (%d bytes)", args[1], args[2], len(got))
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

// checkAt runs "!at POINTER FILE QUOTED" against the answer resp (a
// service response: {"result": …} or {"error": …}).
func checkAt(t *testing.T, line, resp string, files map[string][]byte) {
	t.Helper()
	fields := strings.SplitN(line, " ", 4)
	if len(fields) != 4 {
		t.Fatalf("%s: want !at POINTER FILE QUOTED", line)
	}
	pointer, file := fields[1], fields[2]
	want, err := strconv.Unquote(fields[3])
	if err != nil {
		t.Fatalf("%s: the text is not Go-quoted: %v", line, err)
	}
	var v any
	if err := json.Unmarshal([]byte(resp), &v); err != nil {
		t.Fatalf("%s: the answer does not read: %v", line, err)
	}
	for _, part := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(x) {
				t.Errorf("%s: %s is not an index of a list of %d", line, part, len(x))
				return
			}
			v = x[i]
		default:
			v = nil
		}
	}
	obj, _ := v.(map[string]any)
	for _, key := range []string{"range", "span"} {
		if inner, ok := obj[key].(map[string]any); ok {
			obj = inner
		}
	}
	if obj == nil {
		t.Errorf("%s: no range at %s in %.300s", line, pointer, resp)
		return
	}
	text, ok := files[file]
	if !ok || strings.Contains(file, "/") {
		text, err = os.ReadFile(file)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	m := edits.NewMapper(string(text))
	offset := func(p any) int {
		pos, _ := p.(map[string]any)
		line, _ := pos["line"].(float64)
		var off int
		var err error
		if c, ok := pos["character"].(float64); ok {
			off, err = m.PositionOffset(edits.Position{Line: int(line), Character: int(c)}, edits.UTF16)
		} else {
			c, _ := pos["column"].(float64)
			off, err = m.PointOffset(edits.Point{Line: int(line), Column: int(c)})
		}
		if err != nil {
			t.Errorf("%s: %v is not a position of %s: %v", fields[0], p, file, err)
			return -1
		}
		return off
	}
	a, b := offset(obj["start"]), offset(obj["end"])
	if a < 0 || b < 0 {
		return
	}
	if a > b {
		t.Errorf("%s: the range ends before it starts", line)
		return
	}
	if got := string(text[a:b]); got != want {
		t.Errorf("%s: the range covers %q", line, got)
	}
}
