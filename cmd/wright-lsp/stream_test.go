package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// streamEvent is what every line of a stream holds.
type streamEvent struct {
	Type      string            `json:"type"`
	Contract  string            `json:"contract"`
	Stage     string            `json:"stage"`
	Event     string            `json:"event"`
	Progress  *int              `json:"progress"`
	Message   string            `json:"message"`
	Timestamp int64             `json:"timestamp"`
	Command   string            `json:"command"`
	Verdict   string            `json:"verdict"`
	Exit      *int              `json:"exit"`
	Results   []json.RawMessage `json:"results"`
	Error     *struct {
		Code, Message string
	} `json:"error"`
}

// readStream checks the stream's shape: every line one JSON object,
// progress events whose progress never decreases and ends at 100, and
// the result last (and only there). It returns the result.
func readStream(t *testing.T, stdout string) streamEvent {
	t.Helper()
	if !strings.HasSuffix(stdout, "\n") {
		t.Fatalf("the stream does not end with a line break: %q", stdout)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	last := -1
	var result streamEvent
	for i, line := range lines {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var e streamEvent
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("line %d is not one event: %v: %s", i+1, err, line)
		}
		if dec.More() {
			t.Fatalf("line %d holds more than one JSON value: %s", i+1, line)
		}
		if e.Contract != "wright-stream/v1" {
			t.Errorf("line %d: contract %q", i+1, e.Contract)
		}
		switch e.Type {
		case "progress":
			if i == len(lines)-1 {
				t.Fatal("the last line is a progress event")
			}
			if e.Progress == nil || *e.Progress < last || *e.Progress > 100 {
				t.Fatalf("line %d: progress %v after %d", i+1, e.Progress, last)
			}
			last = *e.Progress
			if e.Stage == "" || e.Message == "" || e.Timestamp < 1_600_000_000_000 ||
				!slices.Contains([]string{"stage-start", "stage-update", "stage-complete", "pipeline-complete"}, e.Event) {
				t.Errorf("line %d: incomplete progress event: %s", i+1, line)
			}
		case "result":
			if i != len(lines)-1 {
				t.Fatalf("a result on line %d of %d", i+1, len(lines))
			}
			result = e
		default:
			t.Fatalf("line %d: type %q", i+1, e.Type)
		}
	}
	if result.Type != "result" || result.Exit == nil || result.Results == nil {
		t.Fatalf("no complete result event: %+v", result)
	}
	if last != 100 {
		t.Errorf("progress ends at %d", last)
	}
	return result
}

// TestJSONStream runs the long commands with --json-stream, by their
// paths, and checks each stream; the result holds what --format json
// prints, line for line, and the exit code is the process's.
func TestJSONStream(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.ow")
	for _, tc := range []struct {
		name string
		args []string
		// json is the same command with --format json, "" when it is
		// args itself.
		code     int
		programs int
	}{
		{"check a directory", []string{"check", "sim"}, exitOK, 10},
		{"lint a directory", []string{"lint", "sim"}, exitOK, 10},
		{"lint a directory with errors", []string{"lint", "opy/tests/results"}, exitFailed, -1},
		{"lint several inputs", []string{"lint", "opy/noopt/strings.txt", "workshop/game-exports/ruRU_arena_duels_1v1.txt"}, exitOK, 2},
		{"compile", []string{"compile", "--force", "-o", out, "workshop/game-exports/BapPogo.txt"}, exitOK, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stream := append([]string{tc.args[0], "--json-stream"}, tc.args[1:]...)
			r := runIn(t, corpus, stream...)
			if r.code != tc.code || r.stderr != "" {
				t.Fatalf("exit %d (want %d), stderr %q", r.code, tc.code, r.stderr)
			}
			res := readStream(t, r.stdout)
			if *res.Exit != r.code || res.Command != tc.args[0] || res.Verdict != verdict(r.code) {
				t.Errorf("result: command %s, verdict %s, exit %d; the process exits %d", res.Command, res.Verdict, *res.Exit, r.code)
			}
			if tc.programs >= 0 && len(res.Results) != tc.programs {
				t.Errorf("%d results, want %d", len(res.Results), tc.programs)
			}
			plain := runIn(t, corpus, append([]string{tc.args[0], "--format", "json"}, tc.args[1:]...)...)
			var want []string
			for _, l := range strings.Split(strings.TrimSpace(plain.stdout), "\n") {
				want = append(want, l)
			}
			var got []string
			for _, raw := range res.Results {
				var b bytes.Buffer
				if err := json.Compact(&b, raw); err != nil {
					t.Fatal(err)
				}
				got = append(got, b.String())
			}
			if plain.code != r.code || len(got) != len(want) {
				t.Fatalf("%d results, exit %d; --format json prints %d, exit %d", len(got), r.code, len(want), plain.code)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("result %d differs from --format json's line:\n%.300s\nwant\n%.300s", i, got[i], want[i])
				}
			}
		})
	}
}

// TestJSONStreamRefusals: an input that cannot be read (not UTF-8) still
// ends the stream with a result (exit 2), with the refusal when the
// command stopped at it; the message also goes to stderr. A usage
// problem, such as a file that does not exist, is refused before the
// stream starts: nothing on stdout.
func TestJSONStreamRefusals(t *testing.T) {
	bad := writeFile(t, "bad.ow", []byte("rule(\"a\xff\")\n"))
	missing := filepath.Join(t.TempDir(), "missing.ow")
	for _, cmd := range []string{"check", "lint", "compile"} {
		if r := wright(t, cmd, "--json-stream", missing); r.code != exitUsage || r.stdout != "" {
			t.Errorf("%s of a missing file: exit %d, stdout %q", cmd, r.code, r.stdout)
		}
		r := wright(t, cmd, "--json-stream", bad)
		if r.code != exitUsage || !strings.Contains(r.stderr, "not UTF-8") {
			t.Errorf("%s: exit %d, stderr %q", cmd, r.code, r.stderr)
			continue
		}
		res := readStream(t, r.stdout)
		if *res.Exit != exitUsage || res.Verdict != "fail" {
			t.Errorf("%s: result exit %d, verdict %s", cmd, *res.Exit, res.Verdict)
		}
		if cmd != "check" && (res.Error == nil || res.Error.Code == "") {
			t.Errorf("%s: the result does not carry the refusal: %s", cmd, r.stdout)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--json-stream", "--format", "sarif", "x.ow"}, "--json-stream writes JSON: it takes no --format sarif"},
		{[]string{"compile", "--json-stream", "-o", "-", "x.ow"}, "--json-stream takes standard output"},
		{[]string{"lint", "--json-stream", "--fix", "x.ow"}, "--fix reports in text"},
	} {
		r := wright(t, tc.args...)
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr)
		}
	}
}
