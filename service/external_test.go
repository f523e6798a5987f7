package service

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// TestReadProviders reads providers: entries and refuses those that do
// not read, at their line and column.
func TestReadProviders(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want, err string
	}{
		{"none", "failOn: error\n", "", ""},
		{"list", "providers:\n  - command: [ostw-wright, --stdio]\n    kind: ostw\n    extensions: [.OSTW, .del]\n    timeout: 2s\n",
			"ostw-wright --stdio|ostw|.ostw,.del|2s|p.yaml:2:5", ""},
		{"command as one string", "providers:\n  - command: ./tools/p\n    kind: opy\n", "./tools/p|opy||0s|p.yaml:2:5", ""},
		{"unknown key", "providers:\n  - command: [x]\n    kind: ostw\n    extension: [.x]\n", "", `p.yaml:4:5: providers: unknown key "extension"`},
		{"no command", "providers:\n  - kind: ostw\n", "", "p.yaml:2:5: providers: command is missing"},
		{"no kind", "providers:\n  - command: [x]\n", "", "p.yaml:2:5: providers: kind is missing"},
		{"workshop", "providers:\n  - command: [x]\n    kind: workshop\n", "", `p.yaml:3:11: providers: kind: "workshop" is not a source language`},
		{"extension without dot", "providers:\n  - command: [x]\n    kind: ostw\n    extensions: [ostw]\n", "", `extensions: "ostw" is not an extension (write it with its dot: .ostw)`},
		{"bad timeout", "providers:\n  - command: [x]\n    kind: ostw\n    timeout: soon\n", "", `timeout: "soon" is not a duration`},
		{"not a list", "providers: x\n", "", "p.yaml:1:12: providers: expected a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			specs, err := ReadProviders("p.yaml", []byte(tc.yaml))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, sp := range specs {
				got = append(got, strings.Join(sp.Command, " ")+"|"+sp.Kind+"|"+strings.Join(sp.Extensions, ",")+"|"+sp.Timeout.String()+"|"+sp.At)
			}
			if g := strings.Join(got, ";"); g != tc.want {
				t.Errorf("got %q, want %q", g, tc.want)
			}
		})
	}
}

// TestMatchProvider picks the provider of an entry: by extension first,
// then by kind (the configured one, else the extension's).
func TestMatchProvider(t *testing.T) {
	specs := []ProviderSpec{
		{Command: []string{"by-kind"}, Kind: KindOSTW},
		{Command: []string{"by-ext"}, Kind: KindOverPy, Extensions: []string{".xopy"}},
		{Command: []string{"del-only"}, Kind: "other", Extensions: []string{".del"}},
	}
	for _, tc := range []struct{ entry, kind, want string }{
		{"a.ostw", KindAuto, "by-kind"},
		{"a.XOPY", KindAuto, "by-ext"},
		{"a.del", KindAuto, "del-only"},
		{"a.opy", KindAuto, ""},
		{"a.ow", KindAuto, ""},
		{"a.txt", KindOSTW, "by-kind"},
		{"a.xopy", KindOSTW, "by-kind"},
		{"a.xopy", KindWorkshop, ""},
	} {
		got := ""
		if sp := matchProvider(specs, tc.entry, tc.kind); sp != nil {
			got = sp.Command[0]
		}
		if got != tc.want {
			t.Errorf("%s (--kind %s): %q, want %q", tc.entry, tc.kind, got, tc.want)
		}
	}
}

// providerEnv, set in a test binary's environment, makes it serve the
// OverPy provider over stdio instead of running tests: the test's own
// executable is then an external provider a project file can name.
const providerEnv = "WRIGHT_SERVICE_TEST_PROVIDER"

func TestMain(m *testing.M) {
	if os.Getenv(providerEnv) == "opy" {
		err := protocol.Serve(context.Background(), stdioPipe{os.Stdin, os.Stdout}, OverPyProvider{Version: "test"})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type stdioPipe struct {
	io.Reader
	io.Writer
}

func (stdioPipe) Close() error { return nil }

// TestExternalProviderReadsOverlay: an external provider reads the
// files an entry includes from the disk, but the editor's unsaved text of
// an included file is what the program is made of, positions included.
func TestExternalProviderReadsOverlay(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(providerEnv, "opy")
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write(ProjectFile, "providers:\n  - command: ["+strconv.Quote(exe)+"]\n    extensions: [.xopy]\n    kind: opy\n")
	entry := write("game.xopy", "#!include \"lib.opy\"\n\nrule \"Tick\":\n    A = 1\n")
	lib := write("lib.opy", "rule \"Lib\":\n    B = nope\n")
	unsaved := map[string]string{}
	s := NewSession(SessionOptions{Input: entry, Version: "test", Overlay: func(p string) (string, int64, bool) {
		text, ok := unsaved[p]
		return text, 1, ok
	}})
	defer s.Close()

	// The disk's lib.opy has an error; the editor's does not.
	if _, err := s.Program(); err == nil || !strings.Contains(err.Error(), "lib.opy:2:9") {
		t.Fatalf("the disk's included file: %v, want its error at lib.opy:2:9", err)
	}
	unsaved[lib] = "rule \"Lib\":\n    B = 2\n"
	if _, err := s.Program(); err != nil {
		t.Fatalf("the editor's included file, which is correct: %v", err)
	}
	// An error the editor's text has, at its place in that text.
	unsaved[lib] = "\n\nrule \"Lib\":\n    B = 2\n    C = nope2\n"
	if _, err := s.Program(); err == nil || !strings.Contains(err.Error(), "lib.opy:5:9") || !strings.Contains(err.Error(), "nope2") {
		t.Fatalf("the editor's included file with an error: %v, want it at lib.opy:5:9", err)
	}
}
