package lsp

// This file answers LSP 3.17's pull diagnostics (textDocument/diagnostic)
// for clients that ask for them. Such a client pulls an open document's
// diagnostics when it opens, changes or shows it, so the server stops
// publishing them (the client would show both), and asks for a pull
// (workspace/diagnostic/refresh) when they change without an edit of the
// document: a setting, the project's policy file, an included file. A
// client without pull support keeps publishDiagnostics, unchanged.
//
// Problems of files an open OverPy document includes are still published:
// the client does not pull files it has not opened.

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

func init() {
	register("textDocument/diagnostic", handler(func(ctx context.Context, s *Server, p *documentDiagnosticParams) (any, error) {
		d, err := s.servedDocument(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		if d.overpy {
			s.overpyFindings(d)
		} else {
			s.findings(d)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		items := s.diagnostics(d)
		s.describeCodes(items)
		id := resultID(d, items)
		s.pulls.answered(d.uri, d.version, id)
		s.diags.clearPushed(d.uri)
		if d.overpy && d.open {
			s.diags.sendMu.Lock()
			s.diags.publishIncluded(d)
			s.diags.sendMu.Unlock()
		}
		if p.PreviousResultID == id {
			return map[string]any{"kind": "unchanged", "resultId": id}, nil
		}
		return map[string]any{"kind": "full", "resultId": id, "items": items}, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, client *clientCapabilities) {
		if client.TextDocument.Diagnostic != nil {
			caps["diagnosticProvider"] = map[string]any{
				"identifier":            "wright",
				"interFileDependencies": true, // an OverPy document's problems depend on the files it includes
				"workspaceDiagnostics":  false,
			}
		}
	})
}

// documentDiagnosticParams are textDocument/diagnostic's parameters
// (LSP 3.17, which the protocol package predates).
type documentDiagnosticParams struct {
	TextDocument     protocol.TextDocumentIdentifier `json:"textDocument"`
	Identifier       string                          `json:"identifier,omitempty"`
	PreviousResultID string                          `json:"previousResultId,omitempty"`
}

// resultID names a document's diagnostics: equal ids, equal diagnostics,
// so a client that pulls again with the id it holds is answered
// "unchanged" without the items.
func resultID(d *document, items []protocol.Diagnostic) string {
	h := fnv.New64a()
	b, _ := json.Marshal(items)
	h.Write(b)
	return fmt.Sprintf("%d-%x", d.version, h.Sum64())
}

// pullState remembers, for a pulling client, the last answer of each
// document, to tell when its diagnostics changed without an edit the
// client knows of.
type pullState struct {
	mu       sync.Mutex
	last     map[string]pulled
	pending  bool // a refresh is scheduled
	interval time.Duration
}

type pulled struct {
	version int32
	id      string
}

func (ps *pullState) answered(uri string, version int32, id string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.last == nil {
		ps.last = map[string]pulled{}
	}
	ps.last[documentKey(uri)] = pulled{version, id}
}

// stale reports whether the client holds diagnostics of uri's version
// that differ from items: it pulled this version, and the answer changed
// since (a setting, the policy file or an included file changed). A newer
// version the client pulls by itself.
func (ps *pullState) stale(uri string, d *document, items []protocol.Diagnostic) bool {
	ps.mu.Lock()
	last, ok := ps.last[documentKey(uri)]
	ps.mu.Unlock()
	return ok && last.version == d.version && last.id != resultID(d, items)
}

// forget drops a closed document's last answer.
func (ps *pullState) forget(uri string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	delete(ps.last, documentKey(uri))
}

// pullsDiagnostics reports whether the client pulls diagnostics.
func (s *Server) pullsDiagnostics() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.client.TextDocument.Diagnostic != nil
}

// refreshDiagnostics asks a pulling client to pull again, once for a
// burst of changes (a setting reanalyses every open document).
func (s *Server) refreshDiagnostics() {
	s.mu.Lock()
	ok := s.client.Workspace.Diagnostics.RefreshSupport
	s.mu.Unlock()
	if !ok {
		return
	}
	ps := &s.pulls
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.pending {
		return
	}
	ps.pending = true
	time.AfterFunc(ps.interval, func() {
		ps.mu.Lock()
		ps.pending = false
		ps.mu.Unlock()
		s.call("workspace/diagnostic/refresh", nil, nil, 10*time.Second, nil)
	})
}

// clearPushed clears what the server published on uri before the client
// pulled it (the problems of an included file, published while it was
// not open): a client shows pushed and pulled diagnostics side by side.
func (p *publisher) clearPushed(uri string) {
	p.mu.Lock()
	shown := p.shown[uri]
	p.shown[uri] = false
	p.mu.Unlock()
	if shown {
		p.s.notify("textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
	}
}
