package transport_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/service"
)

// pipelined are the requests of TestPipelinedRequests: compiles to one
// output (with and without force), reads, and refusals, in a fixed mix.
func pipelined() []string {
	mix := []string{
		`{"op":"compile","output":"project/out.ow"}`,
		`{"op":"symbols","max":3}`,
		`{"op":"rules"}`,
		`{"op":"compile","output":"project/out.ow","force":true,"to":"de-DE"}`,
		`{"op":"lint"}`,
		`{"op":"references","symbol":"Kills"}`,
		`{"op":"check"}`,
		`{"op":"compile","output":"project/out.ow"}`,
		`{"op":"usage","symbol":"Round"}`,
		`{"op":"cfg","rule":"Setup"}`,
		`{"op":"costEstimate","rule":"Setup"}`,
		`{"op":"compile","output":"project/out.ow","force":true}`,
		`{"op":"project"}`,
		`{"op":"findings","max":2}`,
		`{"op":"cfg","rule":"Tick"}`,
		`{"op":"capabilities"}`,
		`{"op":"lookup","language":"workshop","query":"Wait"}`,
	}
	out := make([]string, 100)
	for i := range out {
		out[i] = mix[i%len(mix)]
	}
	return out
}

// TestPipelinedRequests writes 100 mixed requests to each transport
// without waiting for answers, in two halves with the input file changed
// on disk between them, and requires every transport to give the answers
// stdio gives, in the order of the requests: requests that write or can
// reload apply in arrival order on every transport.
func TestPipelinedRequests(t *testing.T) {
	requests := pipelined()
	answers := map[string][]string{}
	for _, name := range transportNames {
		t.Run(name, func(t *testing.T) {
			project(t)
			w := startWire(t, name, service.NewSession(sessionOptions()))
			got := w.pipeline(requests[:50])
			// A change on disk midway: a new program, a new snapshot.
			input := filepath.Join("project", "arena.ow")
			data, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			changed := strings.Replace(string(data), `rule("Setup")`, `rule("Start")`, 1)
			if err := os.WriteFile(input, []byte(changed), 0o644); err != nil {
				t.Fatal(err)
			}
			got = append(got, w.pipeline(requests[50:])...)
			answers[name] = got
		})
	}
	want := answers["stdio"]
	if len(want) != len(requests) {
		t.Fatalf("stdio gave %d answers to %d requests", len(want), len(requests))
	}
	for _, name := range transportNames[1:] {
		got := answers[name]
		if len(got) != len(want) {
			t.Errorf("%s gave %d answers to %d requests", name, len(got), len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: request %d %s answered differently from stdio:\n got: %.300s\nwant: %.300s", name, i, requests[i], got[i], want[i])
			}
		}
	}
}

// pipeline writes the frames of every request before reading any answer,
// then reads one answer per request and returns the service responses
// they carry. The answers must come in the order of the requests.
func (w *wire) pipeline(requests []string) []string {
	w.t.Helper()
	frames := make([]string, len(requests))
	for i, r := range requests {
		f, ok := w.wrap(r)
		if !ok {
			w.t.Fatalf("%s cannot carry %s", w.name, r)
		}
		frames[i] = f
	}
	written := make(chan error, 1)
	go func() {
		_, err := w.in.Write([]byte(strings.Join(frames, "\n") + "\n"))
		written <- err
	}()
	out := make([]string, len(requests))
	for i := range requests {
		answer := w.recv()
		if w.name != "stdio" {
			var msg struct {
				ID json.RawMessage `json:"id"`
			}
			json.Unmarshal([]byte(answer), &msg)
			var frame struct {
				ID json.RawMessage `json:"id"`
			}
			json.Unmarshal([]byte(frames[i]), &frame)
			if string(msg.ID) != string(frame.ID) {
				w.t.Errorf("%s: answer %d has id %s, but request %d has id %s: answers are out of order", w.name, i, msg.ID, i, frame.ID)
			}
		}
		resp, ok := w.unwrap(answer)
		if !ok {
			resp = fmt.Sprintf("protocol error: %s", answer)
		}
		out[i] = resp
	}
	if err := <-written; err != nil {
		w.t.Fatal(err)
	}
	return out
}
