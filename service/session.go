package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// SessionOptions are a session's startup options.
type SessionOptions struct {
	// Input is the file or directory the session serves; empty means the
	// working directory.
	Input string
	// Kind is the input frontend (see ParseKind); empty means auto.
	Kind string
	// Engine carries the locale override.
	Engine engine.Options
	// Lint is the lint policy every lint-consuming operation applies,
	// when Policy is nil.
	Lint *lint.Config
	// Policy, when set, is the lint policy as the user stated it: the
	// session builds its configuration from it at each load, with the
	// failOn and rules of the project file (.wright.yaml beside the
	// input) applied unless Policy names a policy file. serve and the CLI
	// set it; Lint is then not read.
	Policy *Policy
	// Version is the service version capabilities reports.
	Version string
	// Profile is the transformation compile applies: off (also "") or
	// compat.
	Profile Profile
	// Overlay, when set, gives the unsaved text of files open in an
	// editor: the session reads and fingerprints that text instead of
	// the disk's.
	Overlay Overlay
	// Root is the project root: every file the session reads for the
	// program (the entry, the project file, the members, the files OverPy
	// includes) must resolve inside it, links followed, or the read is
	// refused input-outside-project. Empty means the input when it is a
	// directory, else the input's directory.
	Root string
	// OutputRoot is where compile may write: an output must resolve
	// inside it, or compile fails output-outside-project. Empty means the
	// project root.
	OutputRoot string
	// Unconfined lifts both confinements: the session reads and writes
	// any path the process can. The one-shot CLI sets it (its user names
	// the files); a served session never does.
	Unconfined bool
}

// A Session serves wright-agent/v1 requests over one input. It loads the
// program on first need, reloads it when the files change, and numbers
// each adopted program with a new generation (the snapshot).
//
// Handle may be called from several goroutines; loads are serialized and
// a request works on the program current when it started.
type Session struct {
	opts SessionOptions

	mu         sync.Mutex
	generation int
	// program is the adopted program, nil before the first load and after
	// a failed one (the failed attempt drops it: it is never served again).
	program *Program
	fp      *fingerprint
	// lint is the lint configuration built at the last load (Policy set).
	lint *lint.Config
	// loads counts reads of the input, for tests of freshness.
	loads int
	// ext holds the provider processes the project file names.
	ext externals
}

// LintConfig returns the lint configuration the operations apply: the
// one built at the last load, or Lint.
func (s *Session) LintConfig() *lint.Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lint != nil {
		return s.lint
	}
	return s.opts.Lint
}

// projectFile is the path of the project file: .wright.yaml in the input
// directory, or beside the input file.
func (s *Session) projectFile() string {
	dir := s.opts.Input
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	return filepath.Join(dir, ProjectFile)
}

// buildLint builds the lint configuration from Policy and the project
// file; without Policy it is Lint. A project file that is not valid
// refuses the load (project-file-invalid, naming the problem).
func (s *Session) buildLint() (*lint.Config, *Error) {
	if s.opts.Policy == nil {
		return s.opts.Lint, nil
	}
	path := s.projectFile()
	var data []byte
	if _, err := os.Lstat(path); err == nil {
		f, err := s.readSource(path)
		if err != nil {
			return nil, readError(err)
		}
		data = []byte(f.Text)
	}
	cfg, projectErr, err := s.opts.Policy.ConfigWith(path, data)
	switch {
	case projectErr != nil:
		return nil, errorf(CodeProjectFileInvalid, "%v", projectErr)
	case err != nil:
		return nil, errorf("input-io", "the lint policy: %v", err)
	}
	return cfg, nil
}

// CodeProjectFileInvalid refuses a project file (.wright.yaml) that does
// not read: an unknown key, a bad severity, an unknown rule, an entry
// outside the directory.
const CodeProjectFileInvalid = "project-file-invalid"

// NewSession binds a session to its input. It does not read the input:
// a project that cannot load still answers the operations that need no
// program.
func NewSession(opts SessionOptions) *Session {
	if opts.Input == "" {
		opts.Input = "."
	}
	if opts.Kind == "" {
		opts.Kind = KindAuto
	}
	if opts.Lint == nil {
		opts.Lint = &lint.Config{}
	}
	return &Session{opts: opts}
}

// Options returns the session's startup options.
func (s *Session) Options() SessionOptions { return s.opts }

// A load is the outcome of bringing the program up to date.
type load struct {
	// program is the adopted program, when the input loads.
	program *Program
	// rejected is the checked text of an entry that read but does not
	// parse: check reports its diagnostics, queries are refused.
	rejected *Program
	err      *Error
}

// current returns the adopted program, loading or reloading it when the
// input's files changed since it was loaded. It never serves a program
// whose input failed to load since.
func (s *Session) current() load {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A root that does not resolve holds nothing to read: the read below
	// fails, naming the input.
	r, _ := s.confinement()
	project := s.projectFile()
	if s.program != nil && s.fp.unchanged(s.opts.Input, project, s.opts.Overlay, r) {
		return load{program: s.program}
	}
	// Fingerprint before reading: a change racing the read then shows up
	// as a change at the next request instead of being missed.
	fp, fperr := takeFingerprint(s.opts.Input, project, s.opts.Overlay, r)
	cfg, e := s.buildLint()
	if e != nil {
		s.program, s.fp, s.lint = nil, nil, nil
		return load{err: e}
	}
	s.lint = cfg
	l := s.read()
	if l.err != nil || fperr != nil {
		if l.err == nil {
			var e *Error
			if !errors.As(fperr, &e) {
				e = errorf("input-io", "%s: %v", s.opts.Input, fperr)
			}
			l = load{err: e}
		}
		s.program, s.fp = nil, nil
		return l
	}
	p := l.program
	fp.addInputs(p.compileInputs())
	if old := s.program; old != nil && old.File.Path == p.File.Path && old.File.Text == p.File.Text && old.Identity() == p.Identity() {
		// A member file changed but the program did not: keep the
		// generation and its ids. (For OverPy, File is the lowered text:
		// an included file's change is a change of the program.)
		s.fp = fp
		return load{program: old}
	}
	s.generation++
	p.Snapshot = s.generation
	s.program, s.fp = p, fp
	return load{program: p}
}

// Program returns the current program, loading or reloading it as a
// program-reading request would; the error is the loader's refusal.
func (s *Session) Program() (*Program, error) {
	l := s.current()
	if l.err != nil {
		return nil, l.err
	}
	return l.program, nil
}

// read resolves, reads and checks the input's entry.
func (s *Session) read() load {
	s.loads++
	entry, e := s.entry()
	if e != nil {
		return load{err: e}
	}
	f, err := s.readSource(entry)
	if err != nil {
		return load{err: readError(err)}
	}
	specs, e := s.projectProviders()
	if e != nil {
		return load{err: e}
	}
	if sp := matchProvider(specs, entry, s.opts.Kind); sp != nil {
		p, e := s.newExternalProgram(f, *sp)
		if e != nil {
			return load{err: e}
		}
		if l, rejected := providerRejection(p); rejected {
			return l
		}
		return s.parsed(p)
	}
	kind, e := detectKind(s.opts.Kind, entry, f.Text)
	if e != nil {
		return load{err: e}
	}
	var p *Program
	switch kind {
	case KindWorkshop:
		p = NewProgram(f, s.opts.Engine, 0)
	case KindOverPy:
		// An include refused for leading out of the project refuses the
		// load with that code, whatever the provider calls the failure.
		var outside *Error
		readText := func(path string) (string, error) {
			text, err := s.readText(path)
			var e *Error
			if errors.As(err, &e) && e.Code == CodeInputOutsideProject && outside == nil {
				outside = e
			}
			return text, err
		}
		readDir := func(path string) ([]string, error) {
			names, err := s.readDirNames(path)
			var e *Error
			if errors.As(err, &e) && e.Code == CodeInputOutsideProject && outside == nil {
				outside = e
			}
			return names, err
		}
		p = newOverPyProgram(f, s.opts.Engine, readText, readDir)
		if outside != nil {
			p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: kind}
			return load{rejected: p, err: outside}
		}
		p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: kind}
		if l, rejected := providerRejection(p); rejected {
			return l
		}
	default:
		return load{err: errorf("source-provider-unavailable", "%s: input kind %s has no provider in this wright-lsp; only Workshop and OverPy input can be loaded, and the kinds a provider named under providers: in %s serves", entry, kind, ProjectFile)}
	}
	p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: kind}
	return s.parsed(p)
}

// providerRejection refuses a program its provider found errors in,
// naming the first; check still lists them all.
func providerRejection(p *Program) (load, bool) {
	n := p.providerErrors()
	if n == 0 {
		return load{}, false
	}
	for _, d := range p.providerDiagnostics() {
		if d.Severity == "error" {
			more := ""
			if n > 1 {
				more = fmt.Sprintf(" (and %d more errors; check lists them)", n-1)
			}
			return load{rejected: p, err: errorf(d.Code, "%s:%d:%d: %s%s", d.Range.Path, d.Range.Start.Line, d.Range.Start.Column, d.Message, more)}, true
		}
	}
	return load{}, false
}

// parsed adopts a program unless its Workshop text does not parse.
func (s *Session) parsed(p *Program) load {
	if n := p.Checked.ParseErrors; n > 0 {
		first := firstError(p.Checked)
		r := p.Range(first.Span)
		more := ""
		if n > 1 {
			more = fmt.Sprintf(" (and %d more parse errors; check lists them)", n-1)
		}
		return load{rejected: p, err: errorf("parse-error", "%s:%d:%d: %s%s", r.Path, r.Start.Line, r.Start.Column, first.Message, more)}
	}
	return load{program: p}
}

// entry resolves the input to its entry file. An input the overlay holds
// is a file whatever the disk has: the CLI serves standard input so.
func (s *Session) entry() (string, *Error) {
	if s.opts.Overlay != nil {
		if _, _, ok := s.opts.Overlay(s.opts.Input); ok {
			return s.opts.Input, nil
		}
	}
	return s.resolveEntry()
}

// readText reads a file's text as readSource does, for a provider.
func (s *Session) readText(path string) (string, error) {
	f, err := s.readSource(path)
	if err != nil {
		return "", err
	}
	return f.Text, nil
}

// readSource reads a file: the overlay's text when it holds the file,
// else the disk's.
func (s *Session) readSource(path string) (*source.File, error) {
	if s.opts.Overlay != nil {
		if text, _, ok := s.opts.Overlay(path); ok {
			if e := s.checkInside(path); e != nil {
				return nil, e
			}
			if len(text) > source.MaxFileSize {
				return nil, &source.ReadError{Path: path, Problem: source.ReadTooLarge, Size: int64(len(text))}
			}
			return source.NewFile(path, text), nil
		}
	}
	return s.readConfined(path)
}

// firstError returns the first error of the file, which the refusal points at.
func firstError(c *engine.Checked) diag.Diagnostic {
	for _, d := range c.Diags {
		if d.Severity == diag.Error {
			return d
		}
	}
	return diag.Diagnostic{}
}

// Handle answers one request: the raw bytes of one JSON object. It never
// panics and never fails to answer; a request it cannot serve is refused
// with a structured error.
func (s *Session) Handle(ctx context.Context, raw []byte) (resp contract.Response) {
	defer func() {
		if r := recover(); r != nil {
			resp = refusal(errorf("internal-error", "the service failed on this request and recovered: %v", r))
		}
	}()
	req, e := decodeRequest(raw)
	if e != nil {
		return refusal(e)
	}
	result, err := s.serve(ctx, req)
	if err != nil {
		var se *Error
		if !errors.As(err, &se) {
			se = errorf("internal-error", "%v", err)
		}
		return refusal(se)
	}
	data, err := Marshal(result)
	if err != nil {
		return refusal(errorf("internal-error", "encoding the result: %v", err))
	}
	return contract.Response{Result: data}
}

// refusal is the response refusing a request.
func refusal(e *Error) contract.Response {
	return contract.Response{Error: &contract.Error{Code: e.Code, Message: e.Message, Candidates: e.Candidates}}
}

// serve runs a decoded request.
func (s *Session) serve(ctx context.Context, req *request) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, errorf("cancelled", "the request was cancelled: %v", err)
	}
	h := handlers[req.op.Name]
	if !req.op.Program {
		return h(s, nil, req.raw)
	}
	l := s.current()
	if l.err != nil {
		if req.op.Name == "check" {
			var r contract.CheckRequest
			if err := json.Unmarshal(req.raw, &r); err != nil {
				return nil, decodeError(req.op.Request, err)
			}
			return s.failedCheck(l, r.All), nil
		}
		return nil, l.err
	}
	return h(s, l.program, req.raw)
}

// Check answers the check operation as Handle does, without encoding
// the result: the command line prints text from it, and a program with
// a hundred thousand diagnostics would otherwise be encoded and decoded
// again (tens of megabytes held twice).
func (s *Session) Check(all bool) *contract.CheckResult {
	l := s.current()
	if l.err != nil {
		return s.failedCheck(l, all)
	}
	return Check(l.program, all)
}

// failedCheck is check's answer when the input does not load: the parse
// diagnostics of an entry that read (all of them with all), else the
// loader's refusal as the one diagnostic.
func (s *Session) failedCheck(l load, all bool) *contract.CheckResult {
	if l.rejected != nil {
		return Check(l.rejected, all)
	}
	return FailedCheck("check", l.err, s.opts.Input)
}
