package transport_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// A scenario is a project and the requests TestTransportsAgree sends to
// a session over it.
type scenario struct {
	name string
	// files are written into a fresh working directory; input is the
	// session's input there.
	files    map[string]string
	input    string
	requests []string
}

// arenaText is the arena fixture of the operations transcript.
func arenaText(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/transcripts/operations.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "project/arena.ow" {
			return string(f.Data)
		}
	}
	t.Fatal("no project/arena.ow in the operations transcript")
	return ""
}

// scenarios holds every operation, succeeding, and every refusal the
// service gives, each over a project that provokes it.
func scenarios(t *testing.T) []scenario {
	arena := arenaText(t)
	// A player variable named as a global one: Round is then ambiguous.
	collide := strings.Replace(arena, "\t\t0: Kills\n", "\t\t0: Kills\n\t\t1: Round\n", 1)
	id := fmt.Sprintf("%x", sha256.Sum256([]byte(collide)))
	edit := func(line, col, endLine, endCol int, text string) string {
		return fmt.Sprintf(`{"source":"project/arena.ow","source_identity":"%s","range":{"start":{"line":%d,"column":%d},"end":{"line":%d,"column":%d}},"new_text":%q}`,
			id, line, col, endLine, endCol, text)
	}
	huge := `{"op":"capabilities","padding":"` + strings.Repeat("x", service.MaxRequestSize) + `"}`
	opy := "rule \"Main\":\n    A = 1\n"
	return []scenario{{
		name:  "arena",
		files: map[string]string{"project/arena.ow": collide},
		input: "project/arena.ow",
		requests: []string{
			// Every operation.
			`{"op":"capabilities"}`,
			`{"op":"check"}`,
			`{"op":"check","all":true}`,
			`{"op":"analyze"}`,
			`{"op":"analyze","severity":"warning","max":1}`,
			`{"op":"inspect"}`,
			`{"op":"project"}`,
			`{"op":"rules","max":3}`,
			`{"op":"rules","rule":"Tick#2"}`,
			`{"op":"rules","rule":"Setup","content":true}`,
			`{"op":"symbols"}`,
			`{"op":"symbols","kind":"subroutine","max":1}`,
			`{"op":"references","symbol":"Kills"}`,
			`{"op":"references","symbol":3,"snapshot":1}`,
			`{"op":"usage","symbol":"subroutine:ResetRound"}`,
			`{"op":"cfg","rule":"Tick#1"}`,
			`{"op":"findings","severity":"warning"}`,
			`{"op":"persistentObjects"}`,
			`{"op":"callGraph"}`,
			`{"op":"callGraph","caller":0,"snapshot":1}`,
			`{"op":"lint"}`,
			`{"op":"lintRules"}`,
			`{"op":"costEstimate","rule":"Setup"}`,
			`{"op":"targetMetadata"}`,
			`{"op":"lookup","language":"workshop","query":"Wiat"}`,
			`{"op":"listEntries","language":"workshop","kind":"event"}`,
			`{"op":"validateEditTransaction","transaction":{"edits":[` + edit(1, 1, 1, 1, "\n") + `]}}`,
			`{"op":"editStatements","inputIdentity":"` + id + `","edits":[{"rule":"Setup","list":"actions","kind":"delete","index":0}]}`,
			`{"op":"compile","output":"project/out.ow"}`,
			`{"op":"compile","output":"project/out.ow","force":true,"to":"de-DE"}`,
			`{"op":"simulate","inputIdentity":"` + id + `","seconds":0.5}`,
			`{"op":"simulate","inputIdentity":"` + id + `","scenario":{"format":"owsim-scenario/1","ticks":3,"verbosity":"actions"}}`,
			// Every refusal, and the compile envelope's failures.
			`{"op":"nope"}`,
			`{"op":"references"}`,
			`{"op":"symbols","max":-1}`,
			`{"op":"rules","name":"Setup"}`,
			huge,
			`{"op":"references","symbol":3}`,
			`{"op":"rules","rule":1,"snapshot":7}`,
			`{"op":"cfg","rule":"Nowhere"}`,
			`{"op":"usage","symbol":"Nobody"}`,
			`{"op":"cfg","rule":"Tick"}`,
			`{"op":"usage","symbol":"Round"}`,
			`{"op":"findings","rule":"no-such-rule"}`,
			`{"op":"costEstimate","file":"other.ow"}`,
			`{"op":"lookup","language":"workshop","query":"Wait","locale":"xx-XX"}`,
			`{"op":"validateEditTransaction","transaction":{"edits":[` + strings.Replace(edit(1, 1, 1, 1, "x"), id, strings.Repeat("0", 64), 1) + `]}}`,
			`{"op":"validateEditTransaction","transaction":{"edits":[` + strings.Replace(edit(1, 1, 1, 1, "x"), "project/arena.ow", "project/other.ow", 1) + `]}}`,
			`{"op":"validateEditTransaction","transaction":{"edits":[` + edit(9999, 1, 9999, 1, "x") + `]}}`,
			`{"op":"validateEditTransaction","transaction":{"edits":[` + edit(2, 1, 3, 1, "x") + `,` + edit(2, 1, 4, 1, "y") + `]}}`,
			`{"op":"editStatements","inputIdentity":"` + id + `","edits":[{"rule":"Setup","list":"actions","kind":"insert","index":0,"statement":{"call":"wiat","args":[]}}]}`,
			`{"op":"providerValidateEdit","language_id":"opy","transaction":{"edits":[` + edit(1, 1, 1, 1, "x") + `]}}`,
			`{"op":"simulate","inputIdentity":"` + id + `","scenario":{"ticks":3,"timeline":[{"tick":0,"do":"join","player":"nobody"}]}}`,
			`{"op":"simulate","inputIdentity":"` + id + `"}`,
			`{"op":"simulate","inputIdentity":"` + strings.Repeat("0", 64) + `","seconds":1}`,
			`{"op":"compile","output":"project/out.ow"}`,
			`{"op":"compile","output":"project/arena.ow","force":true}`,
			`{"op":"compile","output":"../out.ow"}`,
			`{"op":"compile","output":"project/x.ow","to":"xx-XX"}`,
		},
	}, {
		name:     "missing input",
		files:    map[string]string{},
		input:    "project/arena.ow",
		requests: []string{`{"op":"symbols"}`, `{"op":"check"}`, `{"op":"compile"}`},
	}, {
		name:     "parse error",
		files:    map[string]string{"project/arena.ow": "rule(\"x\")\n{\n"},
		input:    "project/arena.ow",
		requests: []string{`{"op":"symbols"}`, `{"op":"check","all":true}`},
	}, {
		name:     "two candidate entries",
		files:    map[string]string{"project/a.ow": arena, "project/b.ow": arena},
		input:    "project",
		requests: []string{`{"op":"project"}`},
	}, {
		name:     "a text file of no clear kind",
		files:    map[string]string{"project/notes.txt": "just words\n"},
		input:    "project/notes.txt",
		requests: []string{`{"op":"project"}`},
	}, {
		name:     "an input kind with no provider",
		files:    map[string]string{"project/main.ostw": "rule: \"Main\"\n", "project/.wright.yaml": "entry: main.ostw\n"},
		input:    "project",
		requests: []string{`{"op":"project"}`, `{"op":"check"}`},
	}, {
		name:  "OverPy edits",
		files: map[string]string{"project/main.opy": opy},
		input: "project/main.opy",
		requests: []string{
			`{"op":"project"}`,
			fmt.Sprintf(`{"op":"validateEditTransaction","transaction":{"edits":[{"source":"project/main.opy","source_identity":"%x","range":{"start":{"line":1,"column":1},"end":{"line":1,"column":1}},"new_text":"\n"}]}}`, sha256.Sum256([]byte(opy))),
			// The OverPy provider validates them: the session's project,
			// then the caller's documents.
			fmt.Sprintf(`{"op":"providerValidateEdit","language_id":"opy","transaction":{"edits":[{"source":"project/main.opy","source_identity":"%x","range":{"start":{"line":2,"column":5},"end":{"line":2,"column":6}},"new_text":"B"}]}}`, sha256.Sum256([]byte(opy))),
			fmt.Sprintf(`{"op":"providerValidateEdit","language_id":"opy","documents":{"file://$WORK/project/main.opy":{"uri":"file://$WORK/project/main.opy","languageId":"opy","version":3,"text":%q}},"transaction":{"edits":[{"source":"file://$WORK/project/main.opy","source_identity":"%x","range":{"start":{"line":2,"column":9},"end":{"line":2,"column":10}},"new_text":"nope"}]}}`, opy, sha256.Sum256([]byte(opy))),
			`{"op":"providerValidateEdit","language_id":"ostw","transaction":{"edits":[{"source":"project/main.opy","source_identity":"0","range":{"start":{"line":1,"column":1},"end":{"line":1,"column":1}},"new_text":""}]}}`,
		},
	}, {
		name:     "an entry outside the project",
		files:    map[string]string{"outside/secret.ow": arena, "project/.wright.yaml": "entry: secret.ow\n", "link project/secret.ow": "../outside/secret.ow"},
		input:    "project",
		requests: []string{`{"op":"project"}`},
	}, {
		name:     "a project file that does not read",
		files:    map[string]string{"project/arena.ow": arena, "project/.wright.yaml": "entry: arena.ow\nfialOn: warning\n"},
		input:    "project",
		requests: []string{`{"op":"lint"}`},
	}}
}

// excusedCodes are refusal codes no request over a transport can give,
// and why.
var excusedCodes = map[string]string{
	"cancelled":          "the transports never cancel a request's context",
	"internal-error":     "only a defect gives it",
	"simulation-timeout": "only a run past the wall-clock limit gives it, which no request sets; engine/sim's TestWallClock covers the limit",
	"simulation-stopped": "only the language server's Simulate lens stops a run (service.SimulateDocument, no operation); service's TestSimulateDocumentRefusals covers it",
}

// TestTransportsAgree sends every scenario's requests in process, over
// stdio, over JSON-RPC and over MCP, each to a fresh session in a fresh
// working directory, and requires identical service responses wherever
// the transport can carry the request (MCP carries only an object whose op
// names a tool; JSON-RPC only an object). The scenarios hold every
// operation of the catalog and every refusal code the service gives.
func TestTransportsAgree(t *testing.T) {
	ctx := context.Background()
	ops, codes := map[string]bool{}, map[string]bool{}
	for _, sc := range scenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			setUp(t, sc)
			session := service.NewSession(service.SessionOptions{Input: sc.input, Version: "test", Policy: &service.Policy{}})
			want := make([]string, len(sc.requests))
			for i, req := range sc.requests {
				data, err := service.Marshal(session.Handle(ctx, []byte(inWork(t, req))))
				if err != nil {
					t.Fatal(err)
				}
				want[i] = ofWork(t, string(data))
				if o, ok := contract.Lookup(opOf(req)); ok && strings.HasPrefix(want[i], `{"result":`) {
					ops[o.Name] = true
				}
				// The agent catalog lists every refusal an operation gives.
				if o, ok := contract.Lookup(opOf(req)); ok && strings.HasPrefix(want[i], `{"error":`) {
					if m := codeOf.FindStringSubmatch(want[i]); m != nil && !slices.Contains(o.RefusalCodes(), m[1]) {
						t.Errorf("%s refuses %s, which its catalog entry does not list: %.200s", o.Name, m[1], req)
					}
				}
				for _, m := range codeOf.FindAllStringSubmatch(want[i], -1) {
					codes[m[1]] = true
				}
			}
			for _, name := range transportNames {
				setUp(t, sc)
				w := startWire(t, name, service.NewSession(service.SessionOptions{Input: sc.input, Version: "test", Policy: &service.Policy{}}))
				carried := 0
				for i, req := range sc.requests {
					got, ok := w.request(req)
					if !ok {
						if name == "stdio" {
							t.Errorf("stdio did not carry %.200s", req)
						}
						continue
					}
					carried++
					if got != want[i] {
						t.Errorf("%s answers %.200s differently:\n got: %.300s\nwant: %.300s", name, req, got, want[i])
					}
				}
				if carried == 0 {
					t.Errorf("%s carried none of the requests", name)
				}
				w.close()
			}
		})
	}
	for _, o := range contract.Operations {
		if !ops[o.Name] {
			t.Errorf("no scenario answers %s with a result", o.Name)
		}
	}
	for _, code := range refusalCodes(t) {
		if !codes[code] && excusedCodes[code] == "" {
			t.Errorf("no scenario gives the refusal %s", code)
		}
	}
}

// codeOf finds the codes of a response: a refusal's, or a diagnostic's.
var codeOf = regexp.MustCompile(`"code":"([a-z-]+)"`)

// opOf returns a request's op, or "".
func opOf(req string) string {
	m := regexp.MustCompile(`^\{"op":"([A-Za-z]+)"`).FindStringSubmatch(req)
	if m == nil {
		return ""
	}
	return m[1]
}

// refusalCodes lists the refusal codes of the service's and the edit
// package's sources (errorf's literal codes and the Code constants), and
// the address codes of the index.
func refusalCodes(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{"unknown-rule": true, "unknown-symbol": true, "ambiguous-rule": true, "ambiguous-symbol": true}
	pattern := regexp.MustCompile(`(?:errorf\(|[cC]ode[A-Za-z]*\s*=\s*)"([a-z]+(?:-[a-z]+)+)"`)
	for _, dir := range []string{"../service", "../edits"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range pattern.FindAllStringSubmatch(string(data), -1) {
				seen[m[1]] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	if !slices.Contains(out, "output-outside-project") || len(out) < 20 {
		t.Fatalf("the scan found only %v", out)
	}
	return out
}

// setUp writes a scenario's files into a fresh working directory. A file
// named "link PATH" is a symbolic link at PATH to its content.
func setUp(t *testing.T, sc scenario) {
	t.Helper()
	t.Chdir(t.TempDir())
	for name, text := range sc.files {
		if link, ok := strings.CutPrefix(name, "link "); ok {
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(text, link); err != nil {
				t.Fatal(err)
			}
			continue
		}
		writeFile(t, name, []byte(text))
	}
}

// project writes the arena fixture of the operations transcript into a
// fresh working directory.
func project(t *testing.T) {
	arena := arenaText(t)
	t.Chdir(t.TempDir())
	writeFile(t, filepath.Join("project", "arena.ow"), []byte(arena))
}

func sessionOptions() service.SessionOptions {
	return service.SessionOptions{Input: filepath.Join("project", "arena.ow"), Version: "test"}
}
