package transport_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// TestMCPProviderValidateEdit drives wright_provider_validate_edit with
// the MCP SDK's own client over an OverPy project whose entry includes a
// second file: a valid rename (its provider positions counted in UTF-16,
// after an astral character), an invalid edit whose errors are reported
// at the .opy positions of both files, a stale identity and an unknown
// source (tool errors carrying the refusal), and nothing written.
func TestMCPProviderValidateEdit(t *testing.T) {
	t.Chdir(t.TempDir())
	main := "#!include \"lib.opy\"\nglobalvar score\n\nrule \"Start\":\n    @Event eachPlayer\n    score = 1\n    smallMessage(eventPlayer, \"𝔘 {}\".format(score))\n    addScore()\n"
	lib := "subroutine addScore\n\ndef addScore():\n    @Name \"add score\"\n    score += 1\n"
	writeFile(t, "project/main.opy", []byte(main))
	writeFile(t, "project/lib.opy", []byte(lib))
	ctx := context.Background()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	go transport.ServeMCP(ctx, service.NewSession(service.SessionOptions{Input: "project/main.opy", Version: "test"}), serverIn, serverOut)
	client := mcp.NewClient(&mcp.Implementation{Name: "provider-edit-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	edit := func(source, text string, line, col, endCol int, newText string) map[string]any {
		return map[string]any{"source": source, "source_identity": edits.Identity(text), "new_text": newText,
			"range": map[string]any{"start": map[string]any{"line": line, "column": col}, "end": map[string]any{"line": line, "column": endCol}}}
	}
	call := func(es ...map[string]any) (*contract.ProviderEditValidation, *contract.Error) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wright_provider_validate_edit",
			Arguments: map[string]any{"language_id": "opy", "transaction": map[string]any{"edits": es}}})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError {
			var e contract.Error
			if err := json.Unmarshal([]byte(text), &e); err != nil {
				t.Fatalf("%v: %s", err, text)
			}
			return nil, &e
		}
		var v contract.ProviderEditValidation
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("%v: %s", err, text)
		}
		return &v, nil
	}
	// covers returns the text a contract range covers in text.
	covers := func(text string, r contract.Range) string {
		m := edits.NewMapper(text)
		a, err1 := m.PointOffset(edits.Point(r.Start))
		b, err2 := m.PointOffset(edits.Point(r.End))
		if err1 != nil || err2 != nil || b < a {
			return fmt.Sprintf("<no range %v>", r)
		}
		return text[a:b]
	}

	// Valid: score renamed everywhere.
	v, e := call(edit("project/main.opy", main, 2, 11, 16, "total"), edit("project/main.opy", main, 6, 5, 10, "total"),
		edit("project/main.opy", main, 7, 45, 50, "total"), edit("project/lib.opy", lib, 5, 5, 10, "total"))
	if e != nil || !v.OK || len(v.Previews) != 2 {
		t.Fatalf("the rename: %+v %+v", v, e)
	}
	for _, pe := range v.Edits {
		text := main
		if filepath.Base(pe.URI) == "lib.opy" {
			text = lib
		}
		m := edits.NewMapper(text)
		a, err1 := m.PositionOffset(edits.Position(pe.Range.Start), edits.UTF16)
		b, err2 := m.PositionOffset(edits.Position(pe.Range.End), edits.UTF16)
		if err1 != nil || err2 != nil || text[a:b] != "score" {
			t.Errorf("provider edit %+v does not cover score in %s", pe, filepath.Base(pe.URI))
		}
	}
	// The reference after "𝔘" (two UTF-16 units, one code point).
	if got := v.Edits[2].Range.Start; got.Line != 6 || got.Character != 45 {
		t.Errorf("the third provider edit starts at %+v, want 6:45 (UTF-16)", got)
	}

	// Invalid: only the declaration renamed; the uses in both files are
	// reported where they are.
	v, e = call(edit("project/main.opy", main, 2, 11, 16, "total"))
	if e != nil || v.OK || len(v.Previews) != 0 || len(v.Diagnostics) != 3 {
		t.Fatalf("the partial rename: %+v %+v", v, e)
	}
	edited := main[:len("#!include \"lib.opy\"\nglobalvar ")] + "total" + main[len("#!include \"lib.opy\"\nglobalvar score"):]
	for _, d := range v.Diagnostics {
		text := edited
		if filepath.Base(d.Range.Path) == "lib.opy" {
			text = lib
		}
		if d.Code != "unknown-name" || covers(text, d.Range) != "score" {
			t.Errorf("diagnostic %s at %v covers %q", d.Code, d.Range, covers(text, d.Range))
		}
	}

	// Refusals are tool errors carrying the code.
	if _, e = call(edit("project/main.opy", lib, 6, 9, 10, "2")); e == nil || e.Code != "edit-stale-source" {
		t.Errorf("a stale identity: %+v", e)
	}
	if _, e = call(edit("project/other.opy", main, 1, 1, 1, "x")); e == nil || e.Code != "edit-unknown-source" {
		t.Errorf("an unknown source: %+v", e)
	}
	if data, _ := os.ReadFile("project/main.opy"); string(data) != main {
		t.Errorf("the entry was written")
	}
}
