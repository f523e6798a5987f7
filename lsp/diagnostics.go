package lsp

// This file publishes diagnostics: parse and validation problems and
// lint findings of each open document, a short while after typing
// pauses, always as an array (empty to clear).

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/service"
)

// diagnosticData rides in a published diagnostic's data member: how a
// code action finds the fix again, whatever the client does to ranges.
type diagnosticData struct {
	// Version is the document version the diagnostic was made for.
	Version int32 `json:"version"`
	// Kind is "lint" for a finding, "check" for a parse or validation
	// problem.
	Kind string `json:"kind"`
	Code string `json:"code"`
	// Start and End are the byte span in that version.
	Start int `json:"start"`
	End   int `json:"end"`
	// Fix names a finding's fix kind; Suggestions a problem's
	// replacement spellings.
	Fix         string   `json:"fix,omitempty"`
	Suggestions []string `json:"suggestions,omitempty"`
	// Entry is set on a problem published on a file an OverPy document
	// includes: the URI of that document, whose compile found it (Version
	// is then its version; Start and End are in the included file).
	Entry string `json:"entry,omitempty"`
}

// codeDocumentTooLarge is the code of the diagnostic of a document over
// the 4 MiB limit of source files, which the server does not analyse.
const codeDocumentTooLarge = "document-too-large"

// publisher debounces and sends publishDiagnostics.
type publisher struct {
	s      *Server
	mu     sync.Mutex
	timers map[string]*time.Timer
	shown  map[string]bool // URIs whose last publication was not empty
	// includedBy maps the URI of a file an open OverPy document includes
	// to that document's URI: the includer publishes its problems.
	includedBy map[string]string
	stopped    bool
	// running holds the URIs being analysed, again those changed since
	// their analysis started: one analysis per document at a time.
	running, again map[string]bool
	// sendMu orders publications: a document's diagnostics are sent
	// only while it is still the current version, so an older analysis
	// that finishes late never overwrites a newer one's.
	sendMu sync.Mutex
}

func newPublisher(s *Server) *publisher {
	p := &publisher{s: s, timers: map[string]*time.Timer{}, shown: map[string]bool{}, includedBy: map[string]string{},
		running: map[string]bool{}, again: map[string]bool{}}
	s.docs.changed = p.schedule
	return p
}

// schedule publishes the diagnostics of uris: at once, or once they have
// been quiet for a configured debounce delay.
func (p *publisher) schedule(uris ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	for _, uri := range uris {
		if t := p.timers[uri]; t != nil {
			t.Stop()
		}
		p.timers[uri] = time.AfterFunc(p.s.opts.Debounce, func() { p.publish(uri) })
	}
}

// all schedules every document, after a configuration change.
func (p *publisher) all() {
	var uris []string
	for _, d := range p.s.docs.all() {
		uris = append(uris, d.uri)
	}
	p.schedule(uris...)
}

func (p *publisher) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	for _, t := range p.timers {
		t.Stop()
	}
}

// publishHooks let tests watch publications: published is called as a
// debounced publication starts, analysed as the analysis of a document
// version starts.
type publishHooks struct {
	published func(uri string)
	analysed  func(uri string, version int32)
}

var testHooks atomic.Pointer[publishHooks]

// publish sends the current diagnostics of uri: those of its open
// document, or an empty array to clear what was shown.
//
// A document has one analysis at a time. A publication that comes while
// one runs (the user typed on while a large file was checked) only asks
// for another once it ends, of the version current then: the versions in
// between are never analysed, so a burst of edits costs two analyses, not
// one each, and their memory. An analysis whose document is replaced
// while it runs is abandoned at the next stage (between the check, the
// lint rules and the conversion of positions).
func (p *publisher) publish(uri string) {
	if h := testHooks.Load(); h != nil {
		h.published(uri)
	}
	p.mu.Lock()
	if p.running[uri] {
		p.again[uri] = true
		p.mu.Unlock()
		return
	}
	p.running[uri] = true
	p.mu.Unlock()
	for {
		p.publishOnce(uri)
		p.mu.Lock()
		if !p.again[uri] || p.stopped {
			delete(p.running, uri)
			delete(p.again, uri)
			p.mu.Unlock()
			return
		}
		delete(p.again, uri)
		p.mu.Unlock()
	}
}

func (p *publisher) publishOnce(uri string) {
	p.s.protect("publishDiagnostics", func() {
		d := p.s.docs.get(uri)
		params := protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}}
		if d != nil && d.open {
			if h := testHooks.Load(); h != nil {
				h.analysed(uri, d.version)
			}
			d.program()
			if p.superseded(uri, d) {
				return
			}
			if !d.tooLarge {
				if d.overpy {
					p.s.overpyFindings(d) // none, and no lint run, while the compile has errors
				} else {
					p.s.findings(d)
				}
				if p.superseded(uri, d) {
					return
				}
			}
			params.Diagnostics = p.s.diagnostics(d)
			v := protocol.UInteger(d.version)
			params.Version = &v
		}
		p.sendMu.Lock()
		defer p.sendMu.Unlock()
		if p.superseded(uri, d) {
			return
		}
		p.mu.Lock()
		if includer, ok := p.includedBy[uri]; ok && (d == nil || !d.open) {
			if other := p.s.docs.get(includer); other != nil && other.open {
				p.mu.Unlock()
				return // its includer publishes its problems
			}
			delete(p.includedBy, uri)
		}
		if d != nil && d.open && p.s.pullsDiagnostics() {
			// The client pulls an open document's diagnostics; it is asked
			// to when they changed without an edit it knows of.
			stopped := p.stopped
			p.mu.Unlock()
			if stopped {
				return
			}
			p.s.describeCodes(params.Diagnostics)
			if p.s.pulls.stale(uri, d, params.Diagnostics) {
				p.s.refreshDiagnostics()
			}
			if d.overpy {
				p.publishIncluded(d)
			}
			return
		}
		wasShown := p.shown[uri]
		p.shown[uri] = len(params.Diagnostics) > 0
		stopped := p.stopped
		p.mu.Unlock()
		if stopped || (!wasShown && len(params.Diagnostics) == 0 && (d == nil || !d.open)) {
			return
		}
		p.s.describeCodes(params.Diagnostics)
		p.s.notify("textDocument/publishDiagnostics", params)
		if d != nil && d.open && d.overpy {
			p.publishIncluded(d)
		}
	})
}

// publishIncluded publishes the problems an OverPy document's compile
// finds in the files it includes, on those files, unless the editor has
// one open (its own analysis speaks for it then). Called with sendMu
// held.
func (p *publisher) publishIncluded(d *document) {
	res := d.program().OverPy()
	byPath := map[string][]service.SourceDiagnostic{}
	for _, x := range d.program().SourceDiagnostics() {
		byPath[x.File.Path] = append(byPath[x.File.Path], x)
	}
	findings := map[string][]overpyFinding{}
	for _, f := range p.s.overpyFindings(d) {
		findings[f.file.Path] = append(findings[f.file.Path], f)
	}
	source := "wright"
	for _, f := range res.Program.Files {
		if sameFile(f.Path, d.path) {
			continue
		}
		uri := pathURI(f.Path)
		if other := p.s.docs.get(uri); other != nil && other.open {
			continue
		}
		m := edits.NewMapper(f.Text)
		out := []protocol.Diagnostic{}
		for _, x := range byPath[f.Path] {
			r, err := mapperRange(m, x.Span, p.s.encoding())
			if err != nil {
				continue
			}
			out = append(out, protocol.Diagnostic{Range: r, Severity: severity(x.Severity), Code: &protocol.IntegerOrString{Value: string(x.Code)},
				Source: &source, Message: x.Message, Data: diagnosticData{Version: d.version, Kind: "check", Code: string(x.Code),
					Start: x.Span.Start, End: x.Span.End, Suggestions: x.Suggestions, Entry: d.uri}})
		}
		for _, lf := range findings[f.Path] {
			if r, err := mapperRange(m, lf.span, p.s.encoding()); err == nil {
				out = append(out, overpyFindingDiagnostic(d, lf, r))
			}
		}
		p.mu.Lock()
		p.includedBy[uri] = d.uri
		wasShown := p.shown[uri]
		p.shown[uri] = len(out) > 0
		p.mu.Unlock()
		if wasShown || len(out) > 0 {
			p.s.describeCodes(out)
			p.s.notify("textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: out})
		}
	}
}

// superseded reports whether the store no longer holds d for uri.
func (p *publisher) superseded(uri string, d *document) bool {
	return p.s.docs.get(uri) != d
}

// diagnostics computes a document's diagnostics in the client's
// position encoding.
func (s *Server) diagnostics(d *document) []protocol.Diagnostic {
	if d.tooLarge {
		msg := fmt.Sprintf("the document is %d bytes; the limit is 4 MiB (%d bytes): it is not checked until it is smaller",
			len(d.text), source.MaxFileSize)
		src, sev := "wright", protocol.DiagnosticSeverityError
		return []protocol.Diagnostic{{Severity: &sev, Code: &protocol.IntegerOrString{Value: codeDocumentTooLarge}, Source: &src, Message: msg}}
	}
	p := d.program()
	if d.overpy {
		return s.overpyDiagnostics(d, p)
	}
	out := []protocol.Diagnostic{}
	source := "wright"
	for _, x := range p.Checked.Diags {
		r, err := s.lspRange(d, x.Span)
		if err != nil {
			continue
		}
		pd := protocol.Diagnostic{Range: r, Severity: severity(x.Severity), Code: &protocol.IntegerOrString{Value: string(x.Code)},
			Source: &source, Message: x.Message,
			Data: diagnosticData{Version: d.version, Kind: "check", Code: string(x.Code), Start: x.Span.Start, End: x.Span.End, Suggestions: x.Suggestions}}
		for _, rel := range x.Related {
			if rr, err := s.lspRange(d, rel.Span); err == nil {
				pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: d.uri, Range: rr}, Message: rel.Message})
			}
		}
		out = append(out, pd)
	}
	for _, f := range s.findings(d).Findings {
		r, err := s.lspRange(d, f.Span)
		if err != nil {
			continue
		}
		data := diagnosticData{Version: d.version, Kind: "lint", Code: f.Code, Start: f.Span.Start, End: f.Span.End}
		if f.Fix != nil {
			data.Fix = f.Fix.Kind
		}
		out = append(out, protocol.Diagnostic{Range: r, Severity: severity(f.Severity), Code: &protocol.IntegerOrString{Value: f.Code},
			Source: &source, Message: f.Message, Data: data})
	}
	return out
}

// findings returns the findings of the configured lint rules over a
// document. The program computes them once per configuration, so the
// publication and the code action requests that follow it share one run.
func (s *Server) findings(d *document) *lint.Result {
	s.mu.Lock()
	cfg := s.lintConfig
	s.mu.Unlock()
	return d.program().Lint(cfg)
}

func severity(s diag.Severity) *protocol.DiagnosticSeverity {
	v := protocol.DiagnosticSeverityInformation
	switch s {
	case diag.Error:
		v = protocol.DiagnosticSeverityError
	case diag.Warning:
		v = protocol.DiagnosticSeverityWarning
	}
	return &v
}

// lspRange converts a byte span of a document to an LSP range.
func (s *Server) lspRange(d *document, span source.Span) (protocol.Range, error) {
	enc := s.encoding()
	a, err := d.mapper.OffsetPosition(span.Start, enc)
	if err != nil {
		return protocol.Range{}, err
	}
	b, err := d.mapper.OffsetPosition(span.End, enc)
	if err != nil {
		return protocol.Range{}, err
	}
	return protocol.Range{Start: protocol.Position{Line: protocol.UInteger(a.Line), Character: protocol.UInteger(a.Character)},
		End: protocol.Position{Line: protocol.UInteger(b.Line), Character: protocol.UInteger(b.Character)}}, nil
}

// overpyDiagnostics are an OverPy document's problems: the provider's and
// the engine's, and the lint findings of its lowered program (overpy_lint.go),
// at OverPy positions. Those of files it includes are published on those
// files unless they are open.
func (s *Server) overpyDiagnostics(d *document, p *service.Program) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	source := "wright"
	for _, x := range p.SourceDiagnostics() {
		if x.File.Path != d.path {
			continue
		}
		r, err := s.lspRange(d, x.Span)
		if err != nil {
			continue
		}
		pd := protocol.Diagnostic{Range: r, Severity: severity(x.Severity), Code: &protocol.IntegerOrString{Value: string(x.Code)},
			Source: &source, Message: x.Message,
			Data: diagnosticData{Version: d.version, Kind: "check", Code: string(x.Code), Start: x.Span.Start, End: x.Span.End, Suggestions: x.Suggestions}}
		for i, rel := range x.Related {
			if x.RelatedFiles[i].Path != d.path {
				continue
			}
			if rr, err := s.lspRange(d, rel.Span); err == nil {
				pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: d.uri, Range: rr}, Message: rel.Message})
			}
		}
		out = append(out, pd)
	}
	for _, f := range s.overpyFindings(d) {
		if !sameFile(f.file.Path, d.path) {
			continue
		}
		if r, err := s.lspRange(d, f.span); err == nil {
			out = append(out, overpyFindingDiagnostic(d, f, r))
		}
	}
	return out
}
