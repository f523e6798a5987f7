package lsp

// This file runs the Simulate code lenses: the command wright.simulate
// runs a document's program, or one rule of it, in the editor scenario
// (service.SimulateDocument) and shows the trace as a read-only document.
//
// How the document is shown depends on what the client can open
// (docs/simulate.md, "In the editor"):
//   - a client that declares the experimental capability
//     wrightTraceDocuments serves the scheme wright-trace: itself, reading
//     the text with the request wright/traceDocument; the server asks it to
//     open that URI with window/showDocument (the VS Code extension);
//   - another client that takes window/showDocument is sent a file the
//     server writes under the user's cache directory, never inside a
//     workspace folder;
//   - every client gets the text in the command's result, and a caller
//     that shows it itself passes "show": false (the Neovim setup).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/service"
)

const (
	simulateCommand = "wright.simulate"
	traceScheme     = "wright-trace"
	// maxTraces is how many trace documents the server keeps for
	// wright/traceDocument: the latest run of each lens, up to this many.
	maxTraces = 32
)

// simulateArgs is wright.simulate's one argument.
type simulateArgs struct {
	URI string `json:"uri"`
	// Rule is the rule's index in the program; absent for the program.
	Rule *int `json:"rule,omitempty"`
	// Show false leaves showing the document to the caller.
	Show *bool `json:"show,omitempty"`
}

// simulateResult is wright.simulate's result.
type simulateResult struct {
	// URI is the trace document's wright-trace: URI.
	URI   string `json:"uri"`
	Title string `json:"title"`
	Text  string `json:"text"`
	// File is the file:// URI of the copy written for a client without
	// the wright-trace scheme; empty when none was written.
	File   string `json:"file,omitempty"`
	Shown  bool   `json:"shown"`
	Events int    `json:"events"`
	Halted bool   `json:"halted"`
}

// traceStore keeps the latest trace documents by URI, oldest dropped.
type traceStore struct {
	mu    sync.Mutex
	order []string
	texts map[string]string
}

// traceKey is what names a trace whatever a client's spelling of its URI:
// the decoded path (VS Code writes wright-trace:/p for wright-trace:///p,
// and escapes characters Go's URLs keep).
func traceKey(uri string) string {
	if u, err := url.Parse(uri); err == nil && u.Scheme == traceScheme {
		return u.Path
	}
	return uri
}

func (t *traceStore) put(uri, text string) {
	uri = traceKey(uri)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.texts == nil {
		t.texts = map[string]string{}
	}
	if _, ok := t.texts[uri]; ok {
		for i, u := range t.order {
			if u == uri {
				t.order = append(t.order[:i], t.order[i+1:]...)
				break
			}
		}
	}
	t.order = append(t.order, uri)
	t.texts[uri] = text
	if len(t.order) > maxTraces {
		delete(t.texts, t.order[0])
		t.order = t.order[1:]
	}
}

func (t *traceStore) get(uri string) (string, bool) {
	uri = traceKey(uri)
	t.mu.Lock()
	defer t.mu.Unlock()
	text, ok := t.texts[uri]
	return text, ok
}

func init() {
	commands[simulateCommand] = func(ctx context.Context, s *Server, arg json.RawMessage) (any, error) {
		var a simulateArgs
		if err := json.Unmarshal(arg, &a); err != nil {
			return nil, invalidParams(err)
		}
		return s.simulate(ctx, a)
	}
	register("wright/traceDocument", handler(func(_ context.Context, s *Server, p *struct {
		URI string `json:"uri"`
	}) (any, error) {
		text, ok := s.traces.get(p.URI)
		if !ok {
			text = "This trace is no longer held by the server (it keeps the latest " + strconv.Itoa(maxTraces) +
				" and forgets them when it restarts): run Simulate again.\n"
		}
		return map[string]string{"text": text}, nil
	}))
}

// simulate runs one lens. It runs on the request's own goroutine (never
// the read loop); cancelling the request stops the simulation, which is
// bounded by service.EditorWallClock anyway.
func (s *Server) simulate(ctx context.Context, a simulateArgs) (*simulateResult, error) {
	d := s.docs.getOrLoad(a.URI)
	if d == nil {
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: fmt.Sprintf("%s is neither open nor a Workshop or OverPy file of the workspace", a.URI)}
	}
	if d.tooLarge {
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: fmt.Sprintf("%s is over the 4 MiB limit: it is not analysed, so it cannot be simulated", a.URI)}
	}
	rule := -1
	if a.Rule != nil {
		if *a.Rule < 0 {
			return nil, invalidParams(fmt.Errorf("rule must be a rule's index, 0 or more; got %d", *a.Rule))
		}
		rule = *a.Rule
	}
	doc, err := service.SimulateDocument(d.program(), rule, ctx.Done())
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "Simulate: " + err.Error()}
	}
	res := &simulateResult{URI: traceURI(d.path, rule), Title: doc.Title, Text: doc.Text, Events: doc.Events, Halted: doc.Halted}
	s.traces.put(res.URI, doc.Text)
	if a.Show != nil && !*a.Show {
		return res, nil
	}
	s.mu.Lock()
	virtual, showDoc := s.client.Experimental.WrightTraceDocuments, s.client.Window.ShowDocument.Support
	roots := append([]string(nil), s.roots...)
	s.mu.Unlock()
	if !showDoc {
		return res, nil
	}
	show := res.URI
	if !virtual {
		path, err := writeTraceFile(d.path, rule, doc.Text, roots)
		if err != nil {
			// Sent before the result, so the client reads it first.
			msg := "wright-lsp: the trace could not be shown: " + err.Error()
			s.log.Warning(msg)
			s.notify("window/showMessage", map[string]any{"type": 2, "message": msg})
			return res, nil
		}
		res.File = pathURI(path)
		show = res.File
	}
	var shown struct {
		Success bool `json:"success"`
	}
	done := make(chan error, 1)
	s.call("window/showDocument", map[string]any{"uri": show, "takeFocus": true}, &shown, 10*time.Second, func(err error) { done <- err })
	select {
	case err := <-done:
		res.Shown = err == nil && shown.Success
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return res, nil
}

// traceURI names the trace document of a program's lens: the document's
// path under the wright-trace scheme, then program.trace or
// rule-N.trace, so an editor's tab reads what ran.
func traceURI(path string, rule int) string {
	name := "program.trace"
	if rule >= 0 {
		name = "rule-" + strconv.Itoa(rule) + ".trace"
	}
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x on Windows
	}
	return (&url.URL{Scheme: traceScheme, Path: p + "/" + name}).String()
}

// writeTraceFile writes a trace for a client that opens files only:
// under the user's cache directory (wright-lsp/traces), one file per
// document and lens, replaced by the next run. It refuses a cache
// directory inside a workspace folder: the server never writes into the
// user's project.
func writeTraceFile(docPath string, rule int, text string, roots []string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory to write the trace to: %w", err)
	}
	dir := filepath.Join(cache, "wright-lsp", "traces")
	for _, root := range roots {
		if inside(dir, root) {
			return "", fmt.Errorf("the user cache directory %s is inside the workspace folder %s, where the server does not write", cache, root)
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(docPath))
	lens := "program"
	if rule >= 0 {
		lens = "rule-" + strconv.Itoa(rule)
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%s.%s.txt", filepath.Base(docPath), hex.EncodeToString(sum[:4]), lens))
	tmp, err := os.CreateTemp(dir, ".trace-*.tmp")
	if err != nil {
		return "", err
	}
	_, werr := tmp.WriteString(text)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return "", werr
	}
	return path, nil
}

// inside reports whether path is root or under it, links resolved where
// they exist.
func inside(path, root string) bool {
	resolve := func(p string) string {
		p, _ = filepath.Abs(p)
		// The longest existing prefix, resolved, with the rest kept.
		rest := ""
		for q := p; ; q = filepath.Dir(q) {
			if r, err := filepath.EvalSymlinks(q); err == nil {
				return filepath.Join(r, rest)
			}
			if filepath.Dir(q) == q {
				return p
			}
			rest = filepath.Join(filepath.Base(q), rest)
		}
	}
	rel, err := filepath.Rel(resolve(root), resolve(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// simulateLenses are the Simulate lenses of a program: "Simulate
// program" at top (the program's first block, or first rule) and
// "Simulate this rule" at each enabled rule (at heads(i); a rule without
// one is skipped). A program with no rule gets none, and none when the
// codeLens.simulate setting is off.
func (s *Server) simulateLenses(d *document, rules []*ast.Rule, top protocol.Range, heads func(i int) (protocol.Range, bool)) []codeLens {
	s.mu.Lock()
	off := s.config.CodeLens.Simulate != nil && !*s.config.CodeLens.Simulate
	s.mu.Unlock()
	if off || len(rules) == 0 {
		return nil
	}
	var out []codeLens
	add := func(rng protocol.Range, title string, args simulateArgs) {
		raw, _ := json.Marshal(args)
		out = append(out, codeLens{Range: rng, Command: &command{Title: title, Command: simulateCommand, Arguments: []json.RawMessage{raw}}})
	}
	add(top, "▶ Simulate program ("+strconv.Itoa(service.EditorSeconds)+" s)", simulateArgs{URI: d.uri})
	for i, r := range rules {
		if r.Disabled {
			continue
		}
		if head, ok := heads(i); ok {
			add(head, "▶ Simulate this rule", simulateArgs{URI: d.uri, Rule: &i})
		}
	}
	return out
}
