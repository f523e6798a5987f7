package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/lsp"
)

const symFixture = `variables
{
	global:
		0: Round
}

subroutines
{
	0: Reset
}

rule("Tick")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Global.Round += 1;
	}
}
`

// TestDocumentSymbolsFlat: a client without hierarchical document symbol
// support gets SymbolInformation, each with its location and the name of
// the symbol holding it.
func TestDocumentSymbolsFlat(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "a.ow")
	os.WriteFile(path, []byte(symFixture), 0o644)
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{"textDocument": map[string]any{"documentSymbol": map[string]any{}}})
	raw := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": pathURI(path)}})
	var got []struct {
		Name          string `json:"name"`
		Kind          int    `json:"kind"`
		ContainerName string `json:"containerName"`
		Location      struct {
			URI   string `json:"uri"`
			Range struct {
				Start struct{ Line int } `json:"start"`
			} `json:"range"`
		} `json:"location"`
		Children json.RawMessage `json:"children"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, s := range got {
		if s.Location.URI != pathURI(path) || s.Children != nil {
			t.Errorf("%s: not a SymbolInformation of the document: %+v", s.Name, s)
		}
		lines = append(lines, fmt.Sprintf("%s/%s %d @%d", s.ContainerName, s.Name, s.Kind, s.Location.Range.Start.Line))
	}
	want := "/variables 3 @0\nvariables/global 3 @2\nglobal/Round 13 @3\n/subroutines 3 @6\nsubroutines/Reset 12 @8\n" +
		"/Tick 24 @11\nTick/actions 3 @18\n"
	if got := strings.Join(lines, "\n") + "\n"; got != want {
		t.Errorf("flat symbols:\n%s\nwant:\n%s", got, want)
	}
}

// TestWorkspaceSymbolsCapped: a query matching more than the cap answers
// the same first 500 every time.
func TestWorkspaceSymbolsCapped(t *testing.T) {
	root := t.TempDir()
	for f := range 3 {
		var b strings.Builder
		b.WriteString("variables\n{\n\tglobal:\n")
		for i := range 128 {
			fmt.Fprintf(&b, "\t\t%d: G%d_%d\n", i, f, i)
		}
		b.WriteString("\n\tplayer:\n")
		for i := range 128 {
			fmt.Fprintf(&b, "\t\t%d: P%d_%d\n", i, f, i)
		}
		b.WriteString("}\n\nsubroutines\n{\n")
		for i := range 128 {
			fmt.Fprintf(&b, "\t%d: S%d_%d\n", i, f, i)
		}
		b.WriteString("}\n")
		os.WriteFile(filepath.Join(root, fmt.Sprintf("f%d.ow", f)), []byte(b.String()), 0o644)
	}
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{})
	first := c.call("workspace/symbol", map[string]any{"query": ""})
	var got []struct{ Name string }
	if err := json.Unmarshal(first, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 500 {
		t.Fatalf("%d symbols, want the cap of 500", len(got))
	}
	// An empty query matches all 1,152 alike: the first 500 by name.
	for i := 1; i < len(got); i++ {
		if got[i].Name < got[i-1].Name {
			t.Fatalf("%s comes after %s", got[i].Name, got[i-1].Name)
		}
	}
	for range 3 {
		if again := c.call("workspace/symbol", map[string]any{"query": ""}); string(again) != string(first) {
			t.Fatal("the same query gave another list")
		}
	}
}
