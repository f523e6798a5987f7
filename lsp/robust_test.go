package lsp_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/lsp"
)

const small = `variables
{
	global:
		0: Score
}

rule("Start")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Global.Score = 1;
		Small Message(All Players(All Teams), Custom String("héllo 中文 😀 {0}", Global.Score));
	}
}
`

// rawServer starts a server on a pipe and returns the client's end, for
// tests that write frames by hand.
func rawServer(t *testing.T) net.Conn {
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		lsp.Serve(context.Background(), serverEnd, lsp.Options{Version: "test", Debounce: time.Millisecond})
		serverEnd.Close()
	}()
	t.Cleanup(func() {
		clientEnd.Close()
		<-done
	})
	return clientEnd
}

// frames reads messages from r and sends them on a channel.
func frames(r io.Reader) <-chan map[string]any {
	out := make(chan map[string]any, 100)
	go func() {
		defer close(out)
		s := jsonrpc2.NewBufferedStream(readOnly{r}, jsonrpc2.VSCodeObjectCodec{})
		for {
			var m map[string]any
			if err := s.ReadObject(&m); err != nil {
				return
			}
			out <- m
		}
	}()
	return out
}

type readOnly struct{ io.Reader }

func (readOnly) Write(p []byte) (int, error) { return len(p), nil }
func (readOnly) Close() error                { return nil }

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// TestBadInputKeepsServing writes malformed frames, unknown methods and
// bad requests by hand; each gets an error (or is dropped, for a
// notification) and the next ping of the connection is still answered.
func TestBadInputKeepsServing(t *testing.T) {
	conn := rawServer(t)
	in := frames(conn)
	write := func(s string) {
		if _, err := io.WriteString(conn, s); err != nil {
			t.Fatal(err)
		}
	}
	next := func() map[string]any {
		select {
		case m, ok := <-in:
			if !ok {
				t.Fatal("the server closed the connection")
			}
			return m
		case <-time.After(10 * time.Second):
			t.Fatal("no answer")
			return nil
		}
	}
	// nextID reads until the answer to id (skipping notifications).
	nextID := func(id float64) map[string]any {
		for {
			m := next()
			if v, ok := m["id"].(float64); ok && v == id {
				return m
			}
		}
	}
	errCode := func(m map[string]any) float64 {
		e, _ := m["error"].(map[string]any)
		c, _ := e["code"].(float64)
		return c
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "a.ow")
	os.WriteFile(path, []byte(small), 0o644)
	uri := pathURI(path)

	write(frame(`{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}`))
	if m := nextID(1); errCode(m) != -32002 {
		t.Errorf("a request before initialize: %v", m)
	}
	write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"rootUri":%q,"capabilities":{}}}`, pathURI(dir))))
	if m := nextID(2); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	write(frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`))

	cases := []struct {
		name  string
		input string
		id    float64 // the id answered with an error; 0: a null id
		code  float64
	}{
		{"a body that is not JSON", frame(`{"jsonrpc":`), 0, -32700},
		{"a header without Content-Length", "Content-Type: x\r\n\r\n", 0, -32700},
		{"a bad Content-Length", "Content-Length: lots\r\n\r\n", 0, -32700},
		{"JSON that is not a message", frame(`[1,2,3]`), 0, -32600},
		{"an unknown method", frame(`{"jsonrpc":"2.0","id":10,"method":"textDocument/frobnicate","params":{}}`), 10, -32601},
		{"params of the wrong shape", frame(`{"jsonrpc":"2.0","id":11,"method":"textDocument/references","params":[1]}`), 11, -32602},
		{"an unopened document", frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":12,"method":"textDocument/references","params":{"textDocument":{"uri":%q},"position":{"line":0,"character":0},"context":{"includeDeclaration":true}}}`, pathURI(filepath.Join(dir, "missing.ow")))), 12, -32803},
		{"a position past the end of a line", frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":13,"method":"textDocument/references","params":{"textDocument":{"uri":%q},"position":{"line":3,"character":400},"context":{"includeDeclaration":true}}}`, uri)), 13, -32602},
		{"a position past the end of the file", frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":14,"method":"textDocument/definition","params":{"textDocument":{"uri":%q},"position":{"line":400,"character":0}}}`, uri)), 14, -32602},
		{"a position inside a surrogate pair", frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":15,"method":"textDocument/definition","params":{"textDocument":{"uri":%q},"position":{"line":16,"character":65}}}`, uri)), 15, -32602},
		{"an unknown command", frame(`{"jsonrpc":"2.0","id":16,"method":"workspace/executeCommand","params":{"command":"wright.nope","arguments":[{}]}}`), 16, -32602},
		{"an agent command without its argument", frame(`{"jsonrpc":"2.0","id":17,"method":"workspace/executeCommand","params":{"command":"wright.request","arguments":[]}}`), 17, -32602},
		{"an unknown notification", frame(`{"jsonrpc":"2.0","method":"$/frobnicate","params":{}}`), -1, 0},
		{"a change to an unopened document", frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":2},"contentChanges":[{"text":"x"}]}}`, pathURI(filepath.Join(dir, "b.ow")))), -1, 0},
	}
	for i, c := range cases {
		write(c.input)
		if c.id >= 0 {
			var m map[string]any
			if c.id == 0 {
				for {
					m = next()
					if _, ok := m["error"]; ok && m["id"] == nil {
						break
					}
				}
			} else {
				m = nextID(c.id)
			}
			if errCode(m) != c.code {
				t.Errorf("%s: got %v, want error %v", c.name, m, c.code)
			}
		}
		// The server still answers.
		ping := float64(100 + i)
		write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%v,"method":"workspace/executeCommand","params":{"command":"wright.request","arguments":[{"op":"capabilities"}]}}`, ping)))
		if m := nextID(ping); m["result"] == nil {
			t.Fatalf("after %s the server stopped answering: %v", c.name, m)
		}
	}
	// A stale version is refused (the document stays as it was): the
	// user is told, and requests still see the last good text.
	write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"workshop","version":5,"text":%q}}}`, uri, small)))
	write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":4},"contentChanges":[{"text":"garbage"}]}}`, uri)))
	for {
		m := next()
		if m["method"] == "window/showMessage" {
			break
		}
	}
	write(frame(`{"jsonrpc":"2.0","id":200,"method":"shutdown"}`))
	if m := nextID(200); m["error"] != nil {
		t.Errorf("shutdown: %v", m)
	}
	write(frame(`{"jsonrpc":"2.0","id":201,"method":"textDocument/hover","params":{}}`))
	if m := nextID(201); errCode(m) != -32600 {
		t.Errorf("a request after shutdown: %v", m)
	}
}

// TestInterleavedEditsAndRequests sends 1,000 random edits interleaved
// with requests on one document from several goroutines' worth of
// requests, under -race: nothing deadlocks, every request is answered,
// and the server's final text equals the client's.
func TestInterleavedEditsAndRequests(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.ow")
	os.WriteFile(path, []byte(small), 0o644)
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test", Debounce: time.Millisecond})
	c.initialize(dir, map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": small}})
	text := small
	rng := rand.New(rand.NewPCG(7, 8))
	inserts := []string{"x", "é", "😀", "中", "\n", " ", "Wait(1);\n", ""}
	var wg sync.WaitGroup
	var failures sync.Map
	for i := range 1000 {
		// An edit at a random character boundary, stated in UTF-16.
		runes := []rune(text)
		a := rng.IntN(len(runes) + 1)
		b := min(len(runes), a+rng.IntN(3))
		ins := inserts[rng.IntN(len(inserts))]
		start, end := lspPosition(text, len(string(runes[:a]))), lspPosition(text, len(string(runes[:b])))
		text = string(runes[:a]) + ins + string(runes[b:])
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 2},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": start, "end": end}, "text": ins}}})
		if i%10 == 0 {
			wg.Add(1)
			go func(i int, pos map[string]int) {
				defer wg.Done()
				methods := []string{"textDocument/references", "textDocument/documentHighlight", "textDocument/definition"}
				_, err := c.try(methods[i%3], map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos,
					"context": map[string]any{"includeDeclaration": true}})
				var je *jsonrpc2.Error
				if err != nil && (!errors.As(err, &je) || je.Code != -32602) {
					failures.Store(i, err)
				}
			}(i, start)
		}
	}
	wg.Wait()
	failures.Range(func(k, v any) bool {
		t.Errorf("request %v: %v", k, v)
		return true
	})
	// The server's text is the client's: ask the agent service for the
	// document's identity.
	res := c.call("wright/request", map[string]any{"op": "project", "document": path})
	var resp struct {
		Result struct {
			InputIdentity string `json:"inputIdentity"`
		} `json:"result"`
		Error *struct{ Code, Message string } `json:"error"`
	}
	json.Unmarshal(res, &resp)
	if resp.Error != nil && resp.Error.Code != "parse-error" {
		t.Fatalf("project: %+v", resp.Error)
	}
	if resp.Error == nil && resp.Result.InputIdentity != identity(text) {
		t.Error("the server's text differs from the client's after 1,000 edits")
	}
	if resp.Error != nil {
		// The text does not parse: compare through validateEditTransaction
		// preconditions instead, which read the same overlay.
		res := c.call("wright/request", map[string]any{"op": "validateEditTransaction", "document": path, "transaction": map[string]any{"edits": []any{
			map[string]any{"source": path, "source_identity": identity(text), "range": map[string]any{"start": map[string]int{"line": 1, "column": 1}, "end": map[string]int{"line": 1, "column": 1}}, "new_text": ""}}}})
		if !strings.HasPrefix(string(res), `{"result":`) {
			t.Errorf("the server's text differs from the client's after 1,000 edits: %.300s", res)
		}
	}
}

func identity(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// TestMalformedFramesResynchronise writes frames broken the ways a
// client breaks them, each followed at once by a request: the broken
// frame is answered with a parse error (with its id when it has a
// readable one) and the request after it is answered. Before, each of
// them desynchronised the stream for good: the server lived on and
// answered nothing again.
func TestMalformedFramesResynchronise(t *testing.T) {
	conn := rawServer(t)
	in := frames(conn)
	write := func(s string) {
		if _, err := io.WriteString(conn, s); err != nil {
			t.Fatal(err)
		}
	}
	// next reads until the answer to id (skipping other messages), and
	// collects the parse errors on the way.
	var parseErrors []map[string]any
	nextID := func(id string) map[string]any {
		for {
			select {
			case m, ok := <-in:
				if !ok {
					t.Fatal("the server closed the connection")
				}
				if e, _ := m["error"].(map[string]any); e != nil && e["code"] == float64(-32700) {
					parseErrors = append(parseErrors, m)
				}
				if fmt.Sprint(m["id"]) == id {
					return m
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("no answer to %s: the stream is out of step", id)
				return nil
			}
		}
	}
	dir := t.TempDir()
	write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":%q,"capabilities":{}}}`, pathURI(dir))))
	if m := nextID("1"); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	write(frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`))
	hover := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere.ow"},"position":{"line":0,"character":0}}}`, id)
	}
	big := `{"jsonrpc":"2.0","id":28,"method":"textDocument/hover","params":{"pad":"` + strings.Repeat("x", 25<<20) + `"}}`
	cases := []struct {
		name  string
		input string
		// errID is the id of the parse error answering the broken frame
		// ("<nil>" for null).
		errID string
	}{
		{"a body without Content-Length", "Content-Type: application/json\r\n\r\n" + hover(20), "<nil>"},
		{"a body without any header", hover(21), "21"},
		{"a body without any header, on its own line", hover(22) + "\r\n", "22"},
		{"a Content-Length one too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover(23))+1, hover(23)), "23"},
		{"a Content-Length one too short", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover(24))-1, hover(24)), "24"},
		{"a Content-Length ten too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover(25))+10, hover(25)), "25"},
		{"a bad Content-Length with a body", "Content-Length: 12x\r\n\r\n" + hover(26), "<nil>"},
		{"a header line of junk", "Content-Length: 5\r\nnot a header\r\n\r\n" + hover(27), "27"},
		{"a frame over the limit", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(big), big), "28"},
	}
	for i, c := range cases {
		parseErrors = nil
		ping := 100 + i
		write(c.input + frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"workspace/executeCommand","params":{"command":"wright.request","arguments":[{"op":"capabilities"}]}}`, ping)))
		if m := nextID(fmt.Sprint(ping)); m["result"] == nil {
			t.Fatalf("%s: the request after it: %v", c.name, m)
		}
		found := false
		for _, e := range parseErrors {
			found = found || fmt.Sprint(e["id"]) == c.errID
		}
		if !found {
			t.Errorf("%s: no parse error with id %s among %v", c.name, c.errID, parseErrors)
		}
	}
}

// TestDocumentOverTheLimit opens a document of 5 MiB: its one diagnostic
// says it is over the 4 MiB limit and not checked, and requests about it
// answer empty; an edit that brings it under the limit brings the usual
// diagnostics back. (It used to be analysed whatever its size: 16 MiB
// documents were accepted.)
func TestDocumentOverTheLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.ow")
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test", Debounce: time.Millisecond})
	c.initialize(dir, map[string]any{})
	line := "\t\tFrobnicate(1);\n"
	big := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" + strings.Repeat(line, (5<<20)/len(line)) + "\t}\n}\n"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": big}})
	var diags []struct {
		Code     string `json:"code"`
		Message  string `json:"message"`
		Severity int    `json:"severity"`
	}
	json.Unmarshal(c.waitDiagnostics(uri), &diags)
	want := fmt.Sprintf("the document is %d bytes; the limit is 4 MiB (4194304 bytes): it is not checked until it is smaller", len(big))
	if len(diags) != 1 || diags[0].Code != "document-too-large" || diags[0].Message != want || diags[0].Severity != 1 {
		t.Fatalf("diagnostics of a 5 MiB document: %+v", diags)
	}
	for _, m := range []string{"textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange"} {
		if res := c.call(m, map[string]any{"textDocument": map[string]any{"uri": uri}}); string(res) != "null" {
			t.Errorf("%s: %.200s, want null", m, res)
		}
	}
	// Delete all but the first two actions: the document is checked.
	cut := strings.Index(big, line) + 2*len(line)
	end := lspPosition(big, len(big)-len("\t}\n}\n"))
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": lspPosition(big, cut), "end": end}, "text": ""}}})
	for {
		diags = nil
		json.Unmarshal(c.waitDiagnostics(uri), &diags)
		if len(diags) == 2 && diags[0].Code == "unknown-action" && diags[1].Code == "unknown-action" {
			break
		}
		if len(diags) != 1 || diags[0].Code != "document-too-large" {
			t.Fatalf("diagnostics after the edit: %+v", diags)
		}
	}
}
