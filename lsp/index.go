package lsp

// This file indexes the workspace: the Workshop and OverPy files under
// the workspace folders are read into the store, so that workspace-wide
// features (symbols, agent requests) see them. It runs on its own
// goroutine, never on the read loop (a rootUri of "file:///" once held
// the first reply for seconds), within a budget of files, bytes and
// directory entries, and reports its progress when the client takes
// window/workDoneProgress.

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// indexBudget bounds what indexing reads.
type indexBudget struct {
	files   int   // served files read
	bytes   int64 // bytes of them read
	entries int   // directory entries looked at
}

// defaultIndexBudget is ten thousand files, 64 MiB of them, among two
// hundred thousand directory entries: far above a real workspace of
// Workshop files, far below a whole file system.
var defaultIndexBudget = indexBudget{files: 10000, bytes: 64 << 20, entries: 200000}

// indexHook, when set, is called with each file before indexing reads it
// (tests hold indexing there).
var indexHook atomic.Pointer[func(path string)]

// An indexResult says what indexing read, and why it stopped early.
type indexResult struct {
	files   int
	bytes   int64
	stopped string // the budget it ran out of, or "" when it read everything
}

// indexRoots reads the served files under roots into the store, without
// replacing the documents it already holds, until ctx ends or the budget
// runs out. report is called every so often with the files read so far.
// The documents read are scheduled for publication in batches.
func (st *store) indexRoots(ctx context.Context, roots []string, budget indexBudget, report func(files int)) indexResult {
	var res indexResult
	entries := 0
	var uris []string
	flush := func() {
		st.notify(uris...)
		uris = nil
	}
	defer flush()
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			entries++
			if entries > budget.entries {
				res.stopped = fmt.Sprintf("%d directory entries", budget.entries)
				return filepath.SkipAll
			}
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			// Only regular files: a FIFO or a device would block the read,
			// and a link may lead out of the workspace.
			if !d.Type().IsRegular() || !isServed(path) {
				return nil
			}
			if res.files >= budget.files {
				res.stopped = fmt.Sprintf("%d files", budget.files)
				return filepath.SkipAll
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			if res.bytes+info.Size() > budget.bytes {
				res.stopped = fmt.Sprintf("%d bytes", budget.bytes)
				if budget.bytes%(1<<20) == 0 {
					res.stopped = fmt.Sprintf("%d MiB", budget.bytes>>20)
				}
				return filepath.SkipAll
			}
			if h := indexHook.Load(); h != nil {
				(*h)(path)
			}
			res.files++
			res.bytes += info.Size()
			if uri := st.load(path, true); uri != "" {
				uris = append(uris, uri)
			}
			if res.files%500 == 0 {
				flush()
				if report != nil {
					report(res.files)
				}
			}
			return nil
		})
		if err != nil || res.stopped != "" {
			break
		}
	}
	return res
}

// startIndexing indexes roots on its own goroutine, with progress when
// the client takes it. Serve waits for it after cancelling s.ctx.
func (s *Server) startIndexing(roots []string) {
	s.docs.mu.Lock()
	s.docs.roots = roots
	s.docs.mu.Unlock()
	if len(roots) == 0 {
		return
	}
	done := make(chan struct{})
	s.mu.Lock()
	progress := s.client.Window.WorkDoneProgress
	s.indexDone = done
	s.mu.Unlock()
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		defer close(done)
		p := s.beginProgress(progress, "Indexing Workshop files")
		res := s.docs.indexRoots(s.ctx, roots, defaultIndexBudget, func(n int) { p.report(fmt.Sprintf("%d files", n)) })
		msg := fmt.Sprintf("%d files indexed", res.files)
		if res.stopped != "" {
			msg += "; stopped at the budget of " + res.stopped
			s.log.Warningf("wright-lsp: workspace indexing %s", msg)
		}
		p.end(msg)
	}()
}

// A progress is one work-done progress the server reports; the zero
// value reports nothing.
type progress struct {
	s     *Server
	token string
}

// progressTokens numbers the server's progress tokens.
var progressTokens atomic.Int64

// beginProgress asks the client for a progress token and begins a
// progress under it; it reports nothing when the client does not take
// work-done progress or refuses the token.
func (s *Server) beginProgress(supported bool, title string) progress {
	if !supported || s.conn == nil {
		return progress{}
	}
	token := fmt.Sprintf("wright-%d", progressTokens.Add(1))
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	if err := s.conn.Call(ctx, "window/workDoneProgress/create", map[string]any{"token": token}, nil); err != nil {
		return progress{}
	}
	p := progress{s: s, token: token}
	p.send(map[string]any{"kind": "begin", "title": title, "cancellable": false})
	return p
}

func (p progress) send(value map[string]any) {
	if p.s != nil {
		p.s.notify("$/progress", map[string]any{"token": p.token, "value": value})
	}
}

func (p progress) report(message string) {
	p.send(map[string]any{"kind": "report", "message": message})
}

func (p progress) end(message string) {
	p.send(map[string]any{"kind": "end", "message": message})
}

// waitIndexed waits until the workspace's first indexing ends (or ctx
// does), for the requests that answer about the whole workspace. It
// returns at once when no indexing started.
func (s *Server) waitIndexed(ctx context.Context) {
	s.mu.Lock()
	done := s.indexDone
	s.mu.Unlock()
	if done != nil {
		select {
		case <-done:
		case <-ctx.Done():
		}
	}
}
