package service

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
)

// treeState records every file under dir: its bytes and modification
// time.
func treeState(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		info, err := d.Info()
		if err != nil {
			t.Fatal(err)
		}
		if d.IsDir() {
			out[path] = "dir " + info.ModTime().String()
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[path] = info.ModTime().String() + " " + string(data)
		return nil
	})
	return out
}

// TestValidationWritesNothing runs every outcome of
// validateEditTransaction (valid, invalid program, each refusal, with and
// without sources) on a directory and checks that no file was created,
// changed or touched.
func TestValidationWritesNothing(t *testing.T) {
	dir := t.TempDir()
	text := "variables\n{\n\tglobal:\n\t\t0: Score\n}\n\nrule(\"Start\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.Score = 1;\n\t}\n}\n"
	entry := filepath.Join(dir, "main.ow")
	if err := os.WriteFile(entry, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// Old enough that a changed modification time shows.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(entry, old, old)
	os.Chtimes(dir, old, old)
	before := treeState(t, dir)

	id := edits.Identity(text)
	line16 := func(from, to int, newText string) contract.TransactionEdit {
		return contract.TransactionEdit{Source: entry, SourceIdentity: id,
			Range: contract.EditRange{Start: contract.Point{Line: 16, Column: from}, End: contract.Point{Line: 16, Column: to}}, NewText: newText}
	}
	for _, tc := range []struct {
		name    string
		edits   []contract.TransactionEdit
		sources map[string]string
		code    string // a refusal's code, or "" for a validation
		ok      bool
	}{
		{"valid", []contract.TransactionEdit{line16(18, 19, "2")}, nil, "", true},
		{"valid with sources", []contract.TransactionEdit{line16(18, 19, "2")}, map[string]string{entry: text}, "", true},
		{"invalid program", []contract.TransactionEdit{line16(3, 3, "Bogus Action(1);\n\t\t")}, nil, "", false},
		{"stale identity", []contract.TransactionEdit{{Source: entry, SourceIdentity: edits.Identity("other"), Range: line16(1, 1, "").Range}}, nil, "edit-stale-source", false},
		{"overlap", []contract.TransactionEdit{line16(3, 10, "a"), line16(5, 12, "b")}, nil, "edit-overlap", false},
		{"out of range", []contract.TransactionEdit{line16(3, 400, "")}, nil, "edit-out-of-range", false},
		{"unknown source", []contract.TransactionEdit{{Source: filepath.Join(dir, "nope.ow"), SourceIdentity: id, Range: line16(1, 1, "").Range}}, nil, "edit-unknown-source", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(SessionOptions{Input: dir})
			req, _ := json.Marshal(contract.ValidateEditTransactionRequest{Op: "validateEditTransaction",
				Transaction: contract.EditTransaction{Edits: tc.edits}, Sources: tc.sources})
			resp := s.Handle(context.Background(), req)
			switch {
			case tc.code != "":
				if resp.Error == nil || resp.Error.Code != tc.code {
					t.Fatalf("want refusal %s, got %+v", tc.code, resp.Error)
				}
			case resp.Error != nil:
				t.Fatalf("refused: %+v", resp.Error)
			default:
				var v contract.EditValidation
				if err := json.Unmarshal(resp.Result.(json.RawMessage), &v); err != nil {
					t.Fatal(err)
				}
				if v.OK != tc.ok {
					t.Fatalf("ok = %v, want %v (%+v)", v.OK, tc.ok, v.Diagnostics)
				}
			}
			after := treeState(t, dir)
			for path, state := range after {
				if before[path] != state {
					t.Errorf("%s was created or changed by validation", path)
				}
			}
			for path := range before {
				if _, ok := after[path]; !ok {
					t.Errorf("%s was removed by validation", path)
				}
			}
		})
	}
}

// TestValidateEditRequiresProvider: an OverPy entry's edits belong to its
// provider; validateEditTransaction refuses them, naming
// providerValidateEdit, before reading the program.
func TestValidateEditRequiresProvider(t *testing.T) {
	dir := t.TempDir()
	text := "rule \"Start\":\n    @Event global\n    hudText(getAllPlayers(), \"hi\")\n"
	entry := filepath.Join(dir, "main.opy")
	if err := os.WriteFile(entry, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := NewSession(SessionOptions{Input: entry})
	req, _ := json.Marshal(contract.ValidateEditTransactionRequest{Op: "validateEditTransaction",
		Transaction: contract.EditTransaction{Edits: []contract.TransactionEdit{{Source: entry, SourceIdentity: edits.Identity(text),
			Range: contract.EditRange{Start: contract.Point{Line: 1, Column: 7}, End: contract.Point{Line: 1, Column: 12}}, NewText: "Begin"}}}})
	resp := s.Handle(context.Background(), req)
	if resp.Error == nil || resp.Error.Code != "edit-requires-provider" || !strings.Contains(resp.Error.Message, "providerValidateEdit") {
		t.Fatalf("want edit-requires-provider naming providerValidateEdit, got %+v", resp.Error)
	}
}
