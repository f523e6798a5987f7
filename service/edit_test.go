package service

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestEveryCorpusFixValidates offers every lint fix on the corpus to
// validateEditTransaction, as an agent would: each must validate, and
// leave no error the file did not have.
func TestEveryCorpusFixValidates(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "workshop", "*", "*.txt"))
	if len(paths) < 50 {
		t.Fatalf("the shared corpus must be present: found %d files", len(paths))
	}
	var fixes atomic.Int64
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			f, err := source.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s := NewSession(SessionOptions{Input: path, Kind: KindWorkshop})
			p := NewProgram(f, s.opts.Engine, 1)
			before := map[string]bool{}
			for _, d := range p.Checked.Diags {
				if d.Severity.String() == "error" {
					before[string(d.Code)] = true
				}
			}
			res, err := Findings(p, nil, Select{All: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, finding := range res.Findings {
				if finding.Fix == nil {
					continue
				}
				fixes.Add(1)
				req, _ := json.Marshal(contract.ValidateEditTransactionRequest{Op: "validateEditTransaction", Transaction: finding.Fix.Transaction})
				resp := s.Handle(context.Background(), req)
				if resp.Error != nil {
					t.Fatalf("%s fix at %s refused: %v", finding.Code, finding.Location, resp.Error)
				}
				var v contract.EditValidation
				json.Unmarshal(resp.Result.(json.RawMessage), &v)
				for _, d := range v.Diagnostics {
					if d.Severity == "error" && !before[d.Code] {
						t.Errorf("%s fix at %s introduces %s: %s", finding.Code, finding.Location, d.Code, d.Message)
					}
				}
				if !v.OK && len(before) == 0 {
					t.Errorf("%s fix at %s does not validate", finding.Code, finding.Location)
				}
			}
		})
	}
	t.Cleanup(func() {
		if n := fixes.Load(); n < 100 {
			t.Errorf("only %d fixes offered on the corpus", n)
		}
	})
}

// BenchmarkValidateOneLineEdit validates a one-line edit of the largest
// corpus file, read from disk: apply, re-read and validate, preview.
func BenchmarkValidateOneLineEdit(b *testing.B) {
	path := corpusFile(b, "z_owware.txt")
	f, err := source.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s := NewSession(SessionOptions{Input: path})
	p := NewProgram(f, s.opts.Engine, 1)
	// Change the first number of the last rule's first action.
	last := p.Checked.Script.Rules[len(p.Checked.Script.Rules)-1]
	at := p.Range(last.Span)
	req := &contract.ValidateEditTransactionRequest{Op: "validateEditTransaction", Transaction: contract.EditTransaction{Edits: []contract.TransactionEdit{{
		Source: path, SourceIdentity: p.Identity(),
		Range:   contract.EditRange{Start: at.Start, End: contract.Point{Line: at.Start.Line, Column: at.Start.Column + 4}},
		NewText: "rule",
	}}}}
	if v, err := s.ValidateEdit(req); err != nil || !v.OK {
		b.Fatalf("%v %+v", err, v)
	}
	for b.Loop() {
		if _, err := s.ValidateEdit(req); err != nil {
			b.Fatal(err)
		}
	}
}
