package lsp

// This file keeps the documents: the editor's text of open ones (the
// truth while they are open) and the disk's text of the other Workshop
// files under the workspace folders. A document value never changes; an
// edit makes a new one, so a request works on a consistent snapshot.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/service"
)

// A document is one version of one Workshop file.
type document struct {
	uri     string
	path    string
	version int32
	text    string
	// open is set while the editor has the document open.
	open bool
	opts engine.Options

	once   sync.Once
	prog   *service.Program
	mapper *edits.Mapper
	// overpy is set for an OverPy document; read then reads the files it
	// includes (the editor's text first).
	overpy bool
	read   func(path string) (string, error)
	// tooLarge is set for a text over the 4 MiB limit of source files:
	// it is kept (edits apply to it, and may bring it back under the
	// limit) but not analysed; its one diagnostic says so.
	tooLarge bool

	// symbols are its workspace/symbol entries, built on first use.
	symbolsOnce sync.Once
	symbols     []workspaceEntry

	// revises is the program of an earlier version of the document,
	// edited into this one: program checks again only what the edits
	// touched (nil: the whole text). It is dropped once used, so that a
	// document keeps at most one older program alive.
	revises atomic.Pointer[service.Program]
	// built is prog once program built it, for the next version to
	// start from.
	built atomic.Pointer[service.Program]
}

func newDocument(uri, path string, version int32, text string, open bool, opts engine.Options, read func(string) (string, error)) *document {
	return &document{uri: uri, path: path, version: version, text: text, open: open, opts: opts, mapper: edits.NewMapper(text),
		overpy: isOverPy(path), read: read, tooLarge: len(text) > source.MaxFileSize}
}

// program returns the document's checked program, built on first use.
// A document over the size limit has the program of an empty text.
func (d *document) program() *service.Program {
	d.once.Do(func() {
		if d.tooLarge {
			d.prog = service.NewProgram(source.NewFile(d.path, ""), d.opts, 0)
			return
		}
		if d.overpy {
			d.prog = service.NewOverPyProgram(source.NewFile(d.path, d.text), d.opts, d.read)
			return
		}
		f := source.NewFile(d.path, d.text)
		if base := d.revises.Load(); base != nil {
			d.prog = service.RevisedProgram(base, f, source.Difference(base.File.Text, d.text), d.opts, 0)
		} else {
			d.prog = service.NewProgram(f, d.opts, 0)
		}
		// built first: a version edited from this one while it was
		// being built starts from the older program meanwhile, never
		// from nothing.
		d.built.Store(d.prog)
		d.revises.Store(nil)
	})
	return d.prog
}

// revise makes d start from the program of prev, the version it was
// edited from, when both are Workshop texts read under the same options:
// prev's program if built, else the one prev itself started from (an
// analysis a newer version superseded never built its own).
func (d *document) revise(prev *document) {
	if d.overpy || d.tooLarge || prev.overpy || prev.tooLarge || prev.opts != d.opts {
		return
	}
	if p := prev.built.Load(); p != nil {
		d.revises.Store(p)
	} else if p := prev.revises.Load(); p != nil {
		d.revises.Store(p)
	}
}

// isWorkshop reports whether a path names a Workshop file.
func isWorkshop(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".ow" || ext == ".workshop"
}

// isOverPy reports whether a path names an OverPy file.
func isOverPy(path string) bool { return strings.ToLower(filepath.Ext(path)) == ".opy" }

// isServed reports whether a path names a file the server serves.
func isServed(path string) bool { return isWorkshop(path) || isOverPy(path) }

// store holds the documents by URI.
type store struct {
	mu   sync.Mutex
	docs map[string]*document
	opts engine.Options
	// roots are the workspace folders.
	roots []string
	// changed is called with the URIs whose text changed.
	changed func(uris ...string)
}

func newStore() *store { return &store{docs: map[string]*document{}} }

func (st *store) get(uri string) *document {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.docs[documentKey(uri)]
}

// getOrLoad returns the document of uri, reading it from disk when it is
// a served file under the workspace folders that the store does not hold
// yet (a request may name a file before indexing reaches it).
func (st *store) getOrLoad(uri string) *document {
	if d := st.get(uri); d != nil {
		return d
	}
	path, ok := uriPath(uri)
	if !ok || !isServed(path) {
		return nil
	}
	st.mu.Lock()
	in := st.inRoots(path)
	st.mu.Unlock()
	// A regular file only, as indexing reads: not a link out of the
	// workspace, not a pipe that blocks the read.
	if info, err := os.Lstat(path); !in || err != nil || !info.Mode().IsRegular() {
		return nil
	}
	if loaded := st.load(path, true); loaded != "" {
		st.notify(loaded)
	}
	return st.get(uri)
}

// documentKey is the key of a document in the store: a file URI spelled
// as pathURI spells it. Clients escape paths differently (VS Code writes
// "+" as "%2B", Go's url package does not), and one file must be one
// document whichever spelling a message uses.
func documentKey(uri string) string {
	if path, ok := uriPath(uri); ok {
		return pathURI(path)
	}
	return uri
}

// all returns every document, sorted by URI.
func (st *store) all() []*document {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := make([]*document, 0, len(st.docs))
	for _, d := range st.docs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].uri < out[j].uri })
	return out
}

func (st *store) notify(uris ...string) {
	if st.changed != nil && len(uris) > 0 {
		st.changed(uris...)
	}
}

// setOptions rebuilds every document with new engine options.
func (st *store) setOptions(opts engine.Options) {
	st.mu.Lock()
	st.opts = opts
	var uris []string
	for uri, d := range st.docs {
		st.docs[uri] = newDocument(d.uri, d.path, d.version, d.text, d.open, opts, st.readText)
		uris = append(uris, uri)
	}
	st.mu.Unlock()
	st.notify(uris...)
}

// open records an opened document.
func (st *store) open(uri string, version int32, text string) {
	path, ok := uriPath(uri)
	if !ok {
		path = uri
	}
	st.mu.Lock()
	st.docs[documentKey(uri)] = newDocument(uri, path, version, text, true, st.opts, st.readText)
	st.mu.Unlock()
	st.notify(uri)
}

// change applies an edit of an open document. The changes apply in
// order, each against the text the previous one left, positions counted
// in enc. A change that does not apply (an unknown or closed document, a
// stale version, a range outside the text) leaves the document as it was
// and is reported.
func (st *store) change(uri string, version int32, changes []any, enc edits.Encoding) error {
	if err := st.apply(uri, version, changes, enc); err != nil {
		return err
	}
	st.notify(uri)
	return nil
}

func (st *store) apply(uri string, version int32, changes []any, enc edits.Encoding) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	d := st.docs[documentKey(uri)]
	if d == nil || !d.open {
		return fmt.Errorf("%s is not open", uri)
	}
	if version <= d.version {
		return fmt.Errorf("%s: version %d is not newer than %d", uri, version, d.version)
	}
	text := d.text
	// m maps text: the document's own mapper, whose line table the
	// publication built, until a change replaces the text.
	m := d.mapper
	// whole is set by a change of the whole text: a new text more than
	// an edit, read whole.
	whole := false
	for i, c := range changes {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			text, m, whole = c.Text, nil, true
		case protocol.TextDocumentContentChangeEvent:
			if m == nil {
				m = edits.NewMapper(text)
			}
			start, err := m.PositionOffset(position(c.Range.Start), enc)
			if err != nil {
				return fmt.Errorf("%s: change %d: start: %w", uri, i, err)
			}
			end, err := m.PositionOffset(position(c.Range.End), enc)
			if err != nil {
				return fmt.Errorf("%s: change %d: end: %w", uri, i, err)
			}
			if end < start {
				return fmt.Errorf("%s: change %d: the range ends before it starts", uri, i)
			}
			text, m = text[:start]+c.Text+text[end:], nil
		default:
			return fmt.Errorf("%s: change %d: unknown change %T", uri, i, c)
		}
	}
	nd := newDocument(uri, d.path, version, text, true, st.opts, st.readText)
	if !whole {
		nd.revise(d)
	}
	st.docs[documentKey(uri)] = nd
	return nil
}

// close forgets the editor's text: the document goes back to the disk's
// text when the file is a workspace file, or away.
func (st *store) close(uri string) {
	key := documentKey(uri)
	st.mu.Lock()
	d := st.docs[key]
	delete(st.docs, key)
	if d != nil && isServed(d.path) {
		if f, err := source.ReadFile(d.path); err == nil && st.inRoots(d.path) {
			st.docs[key] = newDocument(key, d.path, 0, f.Text, false, st.opts, st.readText)
		}
	}
	st.mu.Unlock()
	st.notify(uri)
}

func (st *store) inRoots(path string) bool {
	for _, r := range st.roots {
		if rel, err := filepath.Rel(r, path); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// reload reads a workspace file from disk unless the editor has it open;
// it returns the document's URI when it changed. A path that names no
// Workshop file (the watched .wright.yaml) is no document.
func (st *store) reload(path string) string { return st.load(path, false) }

// load reads a workspace file from disk as reload does; onlyNew leaves a
// document the store already holds as it is (the index must not replace
// the text a watched-file event read after the index read its own).
func (st *store) load(path string, onlyNew bool) string {
	if !isServed(path) {
		return ""
	}
	uri := pathURI(path)
	f, err := source.ReadFile(path)
	st.mu.Lock()
	defer st.mu.Unlock()
	if d := st.docs[uri]; d != nil && (d.open || onlyNew) {
		return ""
	}
	if err != nil {
		if _, had := st.docs[uri]; had {
			delete(st.docs, uri)
			return uri
		}
		return ""
	}
	if d := st.docs[uri]; d != nil && d.text == f.Text {
		return ""
	}
	st.docs[uri] = newDocument(uri, path, 0, f.Text, false, st.opts, st.readText)
	return uri
}

// readText reads a file an OverPy document includes: the editor's text
// when it has the file open, else the disk's.
func (st *store) readText(path string) (string, error) {
	if text, _, ok := st.overlay(path); ok {
		return text, nil
	}
	f, err := source.ReadFile(path)
	if err != nil {
		return "", err
	}
	return f.Text, nil
}

// overlay gives the service the editor's unsaved text of a path.
func (st *store) overlay(path string) (string, int64, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, d := range st.docs {
		if d.open && (d.path == path || sameFile(d.path, path)) {
			return d.text, int64(d.version), true
		}
	}
	return "", 0, false
}

func sameFile(a, b string) bool {
	x, errA := filepath.Abs(a)
	y, errB := filepath.Abs(b)
	return errA == nil && errB == nil && x == y
}

// position converts a glsp position.
func position(p protocol.Position) edits.Position {
	return edits.Position{Line: int(p.Line), Character: int(p.Character)}
}

// errOverPyFeature answers a request that the server serves for Workshop
// documents but not yet for OverPy ones: handlers turn it into an empty
// result, never an error and never an answer at a wrong place.
var errOverPyFeature = errors.New("this feature does not serve OverPy documents yet")

// errTooLarge answers a request about a document over the size limit the
// same way: an empty result (its diagnostic says why).
var errTooLarge = errors.New("the document is over the size limit")

// documentAt returns the document a request names and the byte offset of
// a position in it: the opening of every request made at a position.
func (s *Server) documentAt(uri string, pos protocol.Position) (*document, int, error) {
	d, err := s.document(uri)
	if err != nil {
		return nil, 0, err
	}
	off, err := s.offset(d, pos)
	if err != nil {
		return nil, 0, err
	}
	return d, off, nil
}
