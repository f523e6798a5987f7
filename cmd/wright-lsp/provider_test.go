package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/providers/protocol"
	"github.com/wright-lsp/wright-lsp/service"
)

// rwc joins a child's pipes into one stream.
type rwc struct {
	io.ReadCloser
	io.WriteCloser
}

func (s rwc) Close() error { s.WriteCloser.Close(); return s.ReadCloser.Close() }

// TestProviderProtocol drives `wright-lsp provider opy` through
// wright-provider/1 as another program would: initialize, check (from
// disk and from the caller's text), compile with its source map,
// sourceIdentity, validateEdit (ok, invalid, out of range), a refused
// method, shutdown and exit.
func TestProviderProtocol(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "game.opy")
	text := "#!include \"part.opy\"\nrule \"r\":\n    A = 1\n    wait(1)\n"
	os.WriteFile(entry, []byte(text), 0o644)
	os.WriteFile(filepath.Join(dir, "part.opy"), []byte("rule \"p\":\n    B = 2\n"), 0o644)
	uri := service.PathURI(entry)

	cmd := exec.Command(binary, "provider", "opy")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(rwc{out, in}, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	call := func(method string, params, result any) error {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return conn.Call(ctx, method, params, result)
	}

	var check protocol.CheckResult
	if err := call("check", protocol.ProgramParams{Entry: uri}, &check); err == nil || !strings.Contains(err.Error(), "initialize") {
		t.Errorf("check before initialize: %v", err)
	}
	var init protocol.InitializeResult
	if err := call("initialize", protocol.InitializeParams{Protocol: protocol.Version}, &init); err != nil {
		t.Fatal(err)
	}
	if init.Protocol != protocol.Version || len(init.Languages) != 1 || init.Languages[0] != "opy" || len(init.Operations) != 4 {
		t.Errorf("initialize: %+v", init)
	}

	if err := call("check", protocol.ProgramParams{Entry: uri}, &check); err != nil {
		t.Fatal(err)
	}
	if len(check.Diagnostics) != 0 || len(check.Inputs) != 2 || check.Inputs[0] != uri {
		t.Errorf("check: %+v", check)
	}
	// The caller's unsaved text wins over the disk, in included files too.
	part := service.PathURI(filepath.Join(dir, "part.opy"))
	if err := call("check", protocol.ProgramParams{Entry: uri, Documents: map[string]string{part: "rule \"p\":\n    B = nope\n"}}, &check); err != nil {
		t.Fatal(err)
	}
	if len(check.Diagnostics) != 1 || check.Diagnostics[0].URI != part || check.Diagnostics[0].Code != "unknown-name" ||
		check.Diagnostics[0].Range != (protocol.Range{Start: protocol.Position{Line: 1, Character: 8}, End: protocol.Position{Line: 1, Character: 12}}) {
		t.Errorf("check with an unsaved include: %+v", check.Diagnostics)
	}

	var comp protocol.CompileResult
	if err := call("compile", protocol.ProgramParams{Entry: uri}, &comp); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(comp.Workshop, "Set Global Variable(A, 1);") || len(comp.SourceMap) == 0 {
		t.Fatalf("compile: %+v", comp)
	}
	// The mapping of the action goes to the statement that wrote it.
	at := strings.Index(comp.Workshop, "Set Global Variable(A, 1);")
	found := false
	for _, m := range comp.SourceMap {
		if m.Start == at && m.End == at+len("Set Global Variable(A, 1);") {
			found = m.URI == uri && m.Range == protocol.Range{Start: protocol.Position{Line: 2, Character: 4}, End: protocol.Position{Line: 2, Character: 9}}
		}
	}
	if !found {
		t.Errorf("no mapping of the action to game.opy 2:4-2:9")
	}

	var id protocol.SourceIdentityResult
	if err := call("sourceIdentity", protocol.SourceIdentityParams{URI: uri}, &id); err != nil || id.Identity != sha([]byte(text)) {
		t.Errorf("sourceIdentity: %+v %v", id, err)
	}

	var v protocol.ValidateEditResult
	edit := func(line, from, to int, newText string) protocol.ValidateEditParams {
		return protocol.ValidateEditParams{ProgramParams: protocol.ProgramParams{Entry: uri},
			Edits: []protocol.TextEdit{{URI: uri, Range: protocol.Range{Start: protocol.Position{Line: line, Character: from}, End: protocol.Position{Line: line, Character: to}}, NewText: newText}}}
	}
	if err := call("validateEdit", edit(3, 9, 10, "2"), &v); err != nil || !v.OK || !strings.Contains(v.Documents[uri], "wait(2)") {
		t.Errorf("a valid edit: %+v %v", v, err)
	}
	if err := call("validateEdit", edit(3, 4, 8, "waiit"), &v); err != nil || v.OK || len(v.Diagnostics) == 0 || v.Diagnostics[0].Code != "unknown-function" {
		t.Errorf("an invalid edit: %+v %v", v, err)
	}
	err := call("validateEdit", edit(40, 0, 1, "x"), &v)
	var re *jsonrpc2.Error
	if !errorsAs(err, &re) || re.Data == nil || !strings.Contains(string(*re.Data), "edit-out-of-range") {
		t.Errorf("an edit outside the text: %v", err)
	}
	if err := call("frobnicate", nil, &v); err == nil || !strings.Contains(err.Error(), "unknown method") {
		t.Errorf("an unknown method: %v", err)
	}
	if err := call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	conn.Notify(context.Background(), "exit", nil)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Error("the provider did not exit")
	}
}

func errorsAs(err error, target **jsonrpc2.Error) bool {
	e, ok := err.(*jsonrpc2.Error)
	if ok {
		*target = e
	}
	return ok
}
