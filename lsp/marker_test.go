package lsp_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/lsp"
)

var update = flag.Bool("update", false, "rewrite the golden outputs of the marker tests")

// marker is ⟦name⟧ in a test file: a named position, removed from the
// text the server sees.
var marker = regexp.MustCompile(`⟦([A-Za-z0-9_]+)⟧`)

// A markedFile is a test file with its markers taken out.
type markedFile struct {
	name, text string
	marks      map[string]int // byte offsets in text
}

func unmark(name, text string) markedFile {
	f := markedFile{name: name, marks: map[string]int{}}
	var b strings.Builder
	last := 0
	for _, m := range marker.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:m[0]])
		f.marks[text[m[2]:m[3]]] = b.Len()
		last = m[1]
	}
	b.WriteString(text[last:])
	f.text = b.String()
	return f
}

// lspPosition converts a byte offset to a UTF-16 LSP position.
func lspPosition(text string, off int) map[string]int {
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndex(text[:off], "\n") + 1
	return map[string]int{"line": line, "character": len(utf16.Encode([]rune(text[start:off])))}
}

func pathURI(path string) string {
	abs, _ := filepath.Abs(path)
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// TestMarkers runs each testdata/markers/*.txtar: its files (with ⟦name⟧
// markers) go into a workspace, files under open/ are opened in the
// editor, and each line of its script section sends one request; the
// answers, rendered readably, are compared with the archive's .golden.
//
// Script lines: METHOD MARK [ARGS] for a position request (references,
// definition, highlight, prepareRename, rename NEWNAME, hover,
// completion, signature, codeAction, inlay), METHOD FILE for a document
// request (diagnostics, symbols, folding, tokens, format, lens, colors;
// tokensText for the tokens decoded one a line with the text each covers),
// "colorPresentation MARK1 MARK2 COLOR" (the range between two markers of
// one file, COLOR as LSP's JSON), "workspaceSymbol QUERY", "request JSON"
// (wright/request), "command JSON" (wright.request), "simulate FILE
// [RULE]" (wright.simulate, its document as text), "selection MARK"
// (textDocument/selectionRange, the chain's texts), "calls MARK"
// (prepareCallHierarchy, then each item's incoming and outgoing calls),
// "applyFix MARK" (wright.applyFix with the data of the diagnostic with a
// fix at MARK, then the workspace/applyEdit it sent), "change FILE MARK1
// MARK2 TEXT" (an incremental edit replacing the text between two
// markers), "configure JSON" (workspace/didChangeConfiguration with JSON
// as its settings, then the open files' diagnostics), "close FILE"
// (textDocument/didClose, then its last publication) and "watched FILE
// [TEXT]" (FILE written with TEXT on disk, or deleted without it, then
// workspace/didChangeWatchedFiles). A mark is FILE:NAME or NAME (searched
// in every file); TEXT is a JSON string.
func TestMarkers(t *testing.T) {
	paths, _ := filepath.Glob("testdata/markers/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no marker tests")
	}
	for _, path := range paths {
		path, _ := filepath.Abs(path)
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			got := runMarkers(t, path)
			golden.Check(t, strings.TrimSuffix(path, ".txtar")+".golden", got, *update)
		})
	}
}

func runMarkers(t *testing.T, path string) []byte {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	files := map[string]*markedFile{}
	var script string
	for _, f := range ar.Files {
		if f.Name == "script" {
			script = string(f.Data)
			continue
		}
		mf := unmark(f.Name, string(f.Data))
		files[f.Name] = &mf
		full := filepath.Join(root, f.Name)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(mf.text), 0o644)
	}
	c := startClient(t, lsp.Options{Version: "test"})
	caps := map[string]any{}
	if err := json.Unmarshal(bytes.TrimSpace(ar.Comment), &caps); len(bytes.TrimSpace(ar.Comment)) > 0 && err != nil {
		t.Fatalf("the archive's comment must be the client capabilities as JSON: %v", err)
	}
	init := c.initialize(root, caps)
	// A client that pulls diagnostics gets none published for open
	// documents: the script pulls them ("pull FILE").
	textCaps, _ := caps["textDocument"].(map[string]any)
	_, pulls := textCaps["diagnostic"]
	resultIDs := map[string]string{}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	version := map[string]int{}
	for _, name := range names {
		if strings.HasPrefix(name, "open/") {
			version[name] = 1
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
				"uri": pathURI(filepath.Join(root, name)), "languageId": "workshop", "version": 1, "text": files[name].text}})
			if !pulls {
				c.waitDiagnostics(pathURI(filepath.Join(root, name)))
			}
		}
	}
	r := &renderer{root: root, files: files}
	var out strings.Builder
	for line := range strings.Lines(script) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			out.WriteString(line + "\n")
			continue
		}
		out.WriteString("> " + line + "\n")
		verb, rest, _ := strings.Cut(line, " ")
		mark := func() (string, map[string]int) {
			name, _, _ := strings.Cut(rest, " ")
			file, pos := r.mark(t, name)
			return file, pos
		}
		arg := func() string {
			_, a, _ := strings.Cut(rest, " ")
			return a
		}
		docParams := func(file string, extra map[string]any) map[string]any {
			p := map[string]any{"textDocument": map[string]any{"uri": pathURI(filepath.Join(root, file))}}
			for k, v := range extra {
				p[k] = v
			}
			return p
		}
		var res json.RawMessage
		var callErr error
		method := map[string]string{"references": "textDocument/references", "definition": "textDocument/definition",
			"highlight": "textDocument/documentHighlight", "prepareRename": "textDocument/prepareRename", "rename": "textDocument/rename",
			"hover": "textDocument/hover", "completion": "textDocument/completion", "signature": "textDocument/signatureHelp",
			"codeAction": "textDocument/codeAction", "symbols": "textDocument/documentSymbol", "folding": "textDocument/foldingRange",
			"tokens": "textDocument/semanticTokens/full", "format": "textDocument/formatting", "lens": "textDocument/codeLens",
			"colors": "textDocument/documentColor", "inlay": "textDocument/inlayHint"}[verb]
		switch verb {
		case "references", "definition", "highlight", "prepareRename", "hover", "completion", "signature":
			file, pos := mark()
			p := docParams(file, map[string]any{"position": pos})
			if verb == "references" {
				p["context"] = map[string]any{"includeDeclaration": true}
			}
			res, callErr = c.try(method, p)
		case "rename":
			file, pos := mark()
			res, callErr = c.try(method, docParams(file, map[string]any{"position": pos, "newName": arg()}))
		case "codeAction":
			file, pos := mark()
			uri := pathURI(filepath.Join(root, file))
			var diags []any
			json.Unmarshal(c.diagnosticsOf(uri), &diags)
			var here []any
			for _, d := range diags {
				if covers(d, pos) {
					here = append(here, d)
				}
			}
			ctx := map[string]any{"diagnostics": nonNilSlice(here)}
			if a := arg(); a != "" {
				ctx["only"] = []string{a}
			}
			res, callErr = c.try(method, docParams(file, map[string]any{"range": map[string]any{"start": pos, "end": pos}, "context": ctx}))
		case "applyFix":
			// applyFix MARK: wright.applyFix with the data of the first
			// diagnostic at MARK that has a fix; the answer, then the
			// workspace/applyEdit the client was sent.
			file, pos := mark()
			uri := pathURI(filepath.Join(root, file))
			var diags []map[string]any
			json.Unmarshal(c.diagnosticsOf(uri), &diags)
			arg := map[string]any{"uri": uri}
			for _, d := range diags {
				if data, ok := d["data"].(map[string]any); ok && data["fix"] != nil && covers(d, pos) {
					for k, v := range data {
						arg[k] = v
					}
					break
				}
			}
			c.mu.Lock()
			before := len(c.applied)
			c.mu.Unlock()
			res, callErr = c.try("workspace/executeCommand", map[string]any{"command": "wright.applyFix", "arguments": []any{arg}})
			if callErr == nil {
				out.WriteString(r.render(res) + "\n")
				c.mu.Lock()
				applied := append([]json.RawMessage(nil), c.applied[before:]...)
				c.mu.Unlock()
				for _, a := range applied {
					out.WriteString("applyEdit " + r.render(a) + "\n")
				}
				continue
			}
		case "inlay":
			file, _, _ := strings.Cut(rest, " ")
			mf := files[file]
			res, callErr = c.try(method, docParams(file, map[string]any{"range": map[string]any{"start": lspPosition(mf.text, 0), "end": lspPosition(mf.text, len(mf.text))}}))
		case "diagnostics":
			c.settle() // publications of other files may follow the one awaited
			res = c.diagnosticsOf(pathURI(filepath.Join(root, rest)))
		case "symbols", "folding", "tokens", "lens", "colors":
			res, callErr = c.try(method, docParams(rest, nil))
		case "tokensText":
			res, callErr = c.try("textDocument/semanticTokens/full", docParams(rest, nil))
			if callErr == nil {
				out.WriteString(semDecode(t, res, semLegend(t, init), files[rest].text, "utf-16"))
				continue
			}
		case "format":
			res, callErr = c.try(method, docParams(rest, map[string]any{"options": map[string]any{"tabSize": 4, "insertSpaces": false}}))
		case "colorPresentation":
			fields := strings.SplitN(rest, " ", 3)
			if len(fields) != 3 {
				t.Fatalf("%s: want MARK1 MARK2 COLOR", line)
			}
			file, start := r.mark(t, fields[0])
			_, end := r.mark(t, file+":"+fields[1])
			res, callErr = c.try("textDocument/colorPresentation", docParams(file, map[string]any{
				"color": json.RawMessage(fields[2]), "range": map[string]any{"start": start, "end": end}}))
		case "configure":
			c.drainPublished()
			c.notify("workspace/didChangeConfiguration", map[string]any{"settings": json.RawMessage(rest)})
			var open []string
			for _, name := range names {
				if strings.HasPrefix(name, "open/") {
					open = append(open, pathURI(filepath.Join(root, name)))
				}
			}
			c.waitAllDiagnostics(open)
			c.settle()
			continue
		case "close":
			c.notify("textDocument/didClose", docParams(rest, nil))
			c.settle()
			continue
		case "watched":
			file, text, hasText := strings.Cut(rest, " ")
			full := filepath.Join(root, file)
			change := 2 // Changed
			if _, err := os.Stat(full); err != nil {
				change = 1 // Created
			}
			if hasText {
				text, err := strconvUnquote(text)
				if err != nil {
					t.Fatalf("%s: the text must be a JSON string: %v", line, err)
				}
				mf := unmark(file, text)
				files[file] = &mf
				os.MkdirAll(filepath.Dir(full), 0o755)
				os.WriteFile(full, []byte(mf.text), 0o644)
			} else {
				change = 3 // Deleted
				delete(files, file)
				os.Remove(full)
			}
			c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathURI(full), "type": change}}})
			// Notifications apply in order, so once a request after it is
			// answered the change is in, and any publication it causes
			// (a new policy checks every document again) is on its way.
			c.try("workspace/symbol", map[string]any{"query": ""})
			c.settle()
			continue
		case "workspaceSymbol":
			res, callErr = c.try("workspace/symbol", map[string]any{"query": rest})
		case "request":
			res, callErr = c.try("wright/request", json.RawMessage(rest))
		case "selection":
			file, pos := mark()
			res, callErr = c.try("textDocument/selectionRange", docParams(file, map[string]any{"positions": []any{pos}}))
			if callErr == nil {
				// The chain, innermost first, one covered text a line.
				var srs []json.RawMessage
				json.Unmarshal(res, &srs)
				if len(srs) == 0 {
					out.WriteString("(no ranges)\n")
				}
				for _, sr := range srs {
					for len(sr) > 0 && string(sr) != "null" {
						var node struct {
							Range  map[string]any  `json:"range"`
							Parent json.RawMessage `json:"parent"`
						}
						json.Unmarshal(sr, &node)
						text, _ := r.covered(pathURI(filepath.Join(root, file)), node.Range)
						if first, _, cut := strings.Cut(text, "\n"); cut {
							text = first + " …" // the first line says which node it is
						}
						rng, _ := compactRange(node.Range)
						fmt.Fprintf(&out, "%s %s\n", rng, strconv.Quote(text))
						sr = node.Parent
					}
				}
				continue
			}
		case "calls":
			// calls MARK: prepareCallHierarchy there, then each item's
			// incoming and outgoing calls.
			file, pos := mark()
			res, callErr = c.try("textDocument/prepareCallHierarchy", docParams(file, map[string]any{"position": pos}))
			r.doc = pathURI(filepath.Join(root, file))
			if callErr == nil {
				out.WriteString(r.render(res) + "\n")
				var items []json.RawMessage
				json.Unmarshal(res, &items)
				for _, it := range items {
					for _, m := range []string{"callHierarchy/incomingCalls", "callHierarchy/outgoingCalls"} {
						calls, err := c.try(m, map[string]any{"item": it})
						if err != nil {
							fmt.Fprintf(&out, "%s: error: %v\n", m, err)
							continue
						}
						fmt.Fprintf(&out, "%s:\n%s\n", m, r.render(calls))
					}
				}
				r.doc = ""
				continue
			}
		case "simulate":
			// simulate FILE [RULE]: wright.simulate with show false; the
			// answer is its title and document as they read.
			file, ruleArg, hasRule := strings.Cut(rest, " ")
			args := map[string]any{"uri": pathURI(filepath.Join(root, file)), "show": false}
			if hasRule {
				args["rule"] = json.RawMessage(ruleArg)
			}
			res, callErr = c.try("workspace/executeCommand", map[string]any{"command": "wright.simulate", "arguments": []any{args}})
			var doc struct {
				URI, Title, Text string
			}
			if callErr == nil && json.Unmarshal(res, &doc) == nil {
				fmt.Fprintf(&out, "%s\n%s", r.render(json.RawMessage(strconv.Quote(doc.URI))), doc.Text)
				continue
			}
		case "command":
			res, callErr = c.try("workspace/executeCommand", map[string]any{"command": "wright.request", "arguments": []json.RawMessage{json.RawMessage(rest)}})
		case "change":
			fields := strings.SplitN(rest, " ", 4)
			file, a, b := fields[0], files[fields[0]].marks[fields[1]], files[fields[0]].marks[fields[2]]
			text := ""
			if len(fields) == 4 {
				text, _ = strconvUnquote(fields[3])
			}
			mf := files[file]
			version[file]++
			uri := pathURI(filepath.Join(root, file))
			c.drainPublished()
			c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version[file]},
				"contentChanges": []any{map[string]any{"range": map[string]any{"start": lspPosition(mf.text, a), "end": lspPosition(mf.text, b)}, "text": text}}})
			*mf = unmarkEdit(*mf, a, b, text)
			if !pulls {
				c.waitDiagnostics(uri)
			}
			continue
		case "pull":
			// The previous answer's result id rides along, as a client
			// sends it.
			p := docParams(rest, map[string]any{"identifier": "wright"})
			if id := resultIDs[rest]; id != "" {
				p["previousResultId"] = id
			}
			res, callErr = c.try("textDocument/diagnostic", p)
			var report struct {
				ResultID string `json:"resultId"`
			}
			if callErr == nil && json.Unmarshal(res, &report) == nil {
				resultIDs[rest] = report.ResultID
			}
		default:
			t.Fatalf("unknown script verb %q", verb)
		}
		if callErr != nil {
			fmt.Fprintf(&out, "error: %v\n", callErr)
			continue
		}
		out.WriteString(r.render(res) + "\n")
	}
	return []byte(out.String())
}

// diagnosticsOf returns the last publication for uri.
func (c *client) diagnosticsOf(uri string) json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.diagnostics[uri]
}

// settle waits until no publication has come for a while, so that the
// last one of each URI is the newest.
func (c *client) settle() {
	for {
		select {
		case <-c.published:
		case <-time.After(100 * time.Millisecond):
			return
		}
	}
}

// covers reports whether a diagnostic's range holds a position.
func covers(d any, pos map[string]int) bool {
	m, _ := d.(map[string]any)
	rng, _ := m["range"].(map[string]any)
	start, _ := rng["start"].(map[string]any)
	end, _ := rng["end"].(map[string]any)
	at := func(p map[string]any) [2]float64 { return [2]float64{p["line"].(float64), p["character"].(float64)} }
	if start == nil || end == nil {
		return false
	}
	s, e, q := at(start), at(end), [2]float64{float64(pos["line"]), float64(pos["character"])}
	less := func(a, b [2]float64) bool { return a[0] < b[0] || a[0] == b[0] && a[1] <= b[1] }
	return less(s, q) && less(q, e)
}

func nonNilSlice(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}

// unmarkEdit applies an edit to a marked file, moving its marks.
func unmarkEdit(f markedFile, a, b int, text string) markedFile {
	out := markedFile{name: f.name, text: f.text[:a] + text + f.text[b:], marks: map[string]int{}}
	for name, off := range f.marks {
		switch {
		case off <= a:
			out.marks[name] = off
		case off >= b:
			out.marks[name] = off - (b - a) + len(text)
		}
	}
	return out
}

func strconvUnquote(s string) (string, error) {
	var v string
	err := json.Unmarshal([]byte(s), &v)
	return v, err
}

// renderer turns answers into stable, readable text: the workspace
// root becomes $ROOT, and every range gets the text it covers.
type renderer struct {
	root  string
	files map[string]*markedFile
	// doc, when set, is the URI of ranges that name none (the call
	// hierarchy's fromRanges, in the document asked about).
	doc string
}

func (r *renderer) mark(t *testing.T, name string) (string, map[string]int) {
	t.Helper()
	file, mark, ok := strings.Cut(name, ":")
	if !ok {
		mark = file
		var found []string
		for fn, f := range r.files {
			if _, ok := f.marks[mark]; ok {
				found = append(found, fn)
			}
		}
		if len(found) != 1 {
			t.Fatalf("marker %s is in %d files", mark, len(found))
		}
		file = found[0]
	}
	f := r.files[file]
	off, ok := f.marks[mark]
	if !ok {
		t.Fatalf("no marker %s in %s", mark, file)
	}
	return file, lspPosition(f.text, off)
}

func (r *renderer) render(raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	v = r.annotate(v, "")
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	enc.Encode(v)
	out := strings.ReplaceAll(strings.TrimSpace(b.String()), pathURI(r.root), "$ROOT")
	return strings.ReplaceAll(out, r.root, "$ROOT")
}

// annotate adds "text" beside each range found under a URI it can read.
func (r *renderer) annotate(v any, uri string) any {
	switch x := v.(type) {
	case map[string]any:
		if u, ok := x["uri"].(string); ok {
			uri = u
		}
		for k, val := range x {
			x[k] = r.annotate(val, uri)
		}
		// A list of ranges (a call's fromRanges): each as its compact
		// range and the text it covers.
		if list, ok := x["fromRanges"].([]any); ok {
			for i, rv := range list {
				rng, ok := rv.(map[string]any)
				if !ok {
					continue
				}
				compact, _ := compactRange(rng)
				if text, ok := r.covered(uri, rng); ok {
					compact += " " + strconv.Quote(text)
				}
				list[i] = compact
			}
		}
		for _, key := range []string{"range", "selectionRange"} {
			rng, ok := x[key].(map[string]any)
			if !ok {
				continue
			}
			if text, ok := r.covered(uri, rng); ok && key == "range" {
				x["covers"] = text
			}
			if compact, ok := compactRange(rng); ok {
				x[key] = compact
			}
		}
		return x
	case []any:
		for i := range x {
			x[i] = r.annotate(x[i], uri)
		}
	}
	return v
}

// compactRange writes a range as LINE:CHARACTER-LINE:CHARACTER (0-based,
// as LSP counts).
func compactRange(rng map[string]any) (string, bool) {
	s, _ := rng["start"].(map[string]any)
	e, _ := rng["end"].(map[string]any)
	if s == nil || e == nil {
		return "", false
	}
	return fmt.Sprintf("%v:%v-%v:%v", s["line"], s["character"], e["line"], e["character"]), true
}

// covered returns the text a range covers in the current text of the
// file at uri, or of the only file when uri is unknown.
func (r *renderer) covered(uri string, rng map[string]any) (string, bool) {
	if uri == "" {
		uri = r.doc
	}
	var f *markedFile
	for name, mf := range r.files {
		if uri == "" || pathURI(filepath.Join(r.root, name)) == uri {
			if f != nil && uri == "" {
				return "", false
			}
			f = mf
		}
	}
	if f == nil {
		return "", false
	}
	off := func(p any) (int, bool) {
		m, _ := p.(map[string]any)
		line, ok1 := m["line"].(float64)
		char, ok2 := m["character"].(float64)
		if !ok1 || !ok2 {
			return 0, false
		}
		lines := strings.SplitAfter(f.text, "\n")
		if int(line) >= len(lines) {
			return 0, false
		}
		at := 0
		for _, l := range lines[:int(line)] {
			at += len(l)
		}
		units := 0
		for i, ch := range lines[int(line)] {
			if units >= int(char) {
				return at + i, true
			}
			units += len(utf16.Encode([]rune{ch}))
		}
		return at + len(strings.TrimRight(lines[int(line)], "\n")), units >= int(char)
	}
	a, ok1 := off(rng["start"])
	b, ok2 := off(rng["end"])
	if !ok1 || !ok2 || b < a || !utf8.ValidString(f.text[a:b]) {
		return "", false
	}
	return f.text[a:b], true
}
