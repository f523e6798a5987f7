package service

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

// TestSimulateConformance sends each shared conformance case through the
// simulate operation, as an agent would (its program as the session's
// input, its scenario document in the request), and requires the trace
// the envelope carries to be the expected trace byte for byte, at both
// verbosities where the case has both.
func TestSimulateConformance(t *testing.T) {
	dirs, err := filepath.Glob("../../shared/corpus/sim/[0-9]*")
	if err != nil || len(dirs) != 10 {
		t.Fatalf("the shared conformance cases must be present (found %d): %v", len(dirs), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			program := filepath.Join(dir, "program.txt")
			text, err := os.ReadFile(program)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(filepath.Join(dir, "scenario.json"))
			if err != nil {
				t.Fatal(err)
			}
			var scenario map[string]any
			if err := json.Unmarshal(raw, &scenario); err != nil {
				t.Fatal(err)
			}
			s := NewSession(SessionOptions{Input: program})
			for _, v := range []struct{ file, verbosity string }{{"expected.trace.json", "effects"}, {"expected.actions.trace.json", "actions"}} {
				want, err := os.ReadFile(filepath.Join(dir, v.file))
				if os.IsNotExist(err) {
					continue
				}
				scenario["verbosity"] = v.verbosity
				req, _ := json.Marshal(map[string]any{"op": "simulate", "inputIdentity": fmt.Sprintf("%x", sha256.Sum256(text)), "scenario": scenario})
				resp := s.Handle(context.Background(), req)
				if resp.Error != nil {
					t.Fatalf("%s: refused: %s: %s", v.file, resp.Error.Code, resp.Error.Message)
				}
				data, err := Marshal(resp.Result)
				if err != nil {
					t.Fatal(err)
				}
				var res contract.SimulateResult
				if err := json.Unmarshal(data, &res); err != nil {
					t.Fatal(err)
				}
				if line, w, g, differ := golden.FirstDifference(string(want), res.Output.Trace); differ {
					t.Errorf("%s: first difference at line %d:\nwant %s\n got %s", v.file, line, w, g)
				}
				halted := filepath.Base(dir) == "10-overload"
				if res.Output.Halted != halted || (res.Verdict == "fail") != halted {
					t.Errorf("%s: halted %v, verdict %s; want halted %v", v.file, res.Output.Halted, res.Verdict, halted)
				}
			}
		})
	}
}
