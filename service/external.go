package service

// This file serves input whose provider runs out of process, speaking
// wright-provider/1 (docs/provider-protocol.md): a project's .wright.yaml
// names, under providers:, a command for a kind of input or for file
// extensions. The session starts the command on first need, keeps it for
// later loads, and uses it for what that input needs: compile (the
// Workshop text and its source map, from which the program is built as an
// OverPy program is), sourceIdentity (the program's inputIdentity),
// check, and validateEdit (providerValidateEdit, and the lint fixes
// stated on the sources). A process that is missing or misbehaves
// (exits, writes what is not the protocol, answers too late) refuses the
// request with provider-failed, positioned at the providers: entry that
// names it; it never takes the session down, and the next request starts
// it again.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/opy"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// A ProviderSpec is one entry of a project file's providers: list.
type ProviderSpec struct {
	// Command is the program and its arguments. A program named with a
	// path separator is relative to the project file's directory; a bare
	// name is looked up on PATH.
	Command []string
	// Extensions are the file extensions it serves (lower case, with the
	// dot); empty serves every file of Kind.
	Extensions []string
	// Kind is the input kind it serves and that its programs report
	// (opy, ostw, or another language's id).
	Kind string
	// Timeout bounds each request (zero: protocol.DefaultTimeout).
	Timeout time.Duration
	// Dir is the project file's directory, the process's working
	// directory; At is where the entry is written: FILE:LINE:COLUMN.
	Dir  string
	At   string
	file string
	line int
	col  int
}

// ReadProviders reads the providers: list of a project file's text (name
// is its path); nil when it has none.
func ReadProviders(name string, data []byte) ([]ProviderSpec, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return nil, nil // lint reports a file that does not read
	}
	root := doc.Content[0]
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "providers" {
			list = root.Content[i+1]
		}
	}
	if list == nil || list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		return nil, nil
	}
	bad := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: providers: %s", name, n.Line, n.Column, fmt.Sprintf(format, args...))
	}
	if list.Kind != yaml.SequenceNode {
		return nil, bad(list, "expected a list of {command, extensions, kind, timeout}")
	}
	var out []ProviderSpec
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			return nil, bad(item, "expected {command, extensions, kind, timeout}")
		}
		sp := ProviderSpec{Dir: filepath.Dir(name), At: fmt.Sprintf("%s:%d:%d", name, item.Line, item.Column), file: name, line: item.Line, col: item.Column}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "command":
				switch v.Kind {
				case yaml.ScalarNode:
					sp.Command = []string{v.Value}
				case yaml.SequenceNode:
					if err := v.Decode(&sp.Command); err != nil {
						return nil, bad(v, "command: expected a program and its arguments, as a list of strings")
					}
				}
			case "extensions":
				var exts []string
				if err := v.Decode(&exts); err != nil {
					return nil, bad(v, "extensions: expected a list such as [.ostw, .del]")
				}
				for _, e := range exts {
					if !strings.HasPrefix(e, ".") || len(e) < 2 {
						return nil, bad(v, "extensions: %q is not an extension (write it with its dot: .%s)", e, strings.TrimPrefix(e, "."))
					}
					sp.Extensions = append(sp.Extensions, strings.ToLower(e))
				}
			case "kind":
				sp.Kind = v.Value
				if sp.Kind == KindWorkshop || sp.Kind == KindAuto || sp.Kind == "" {
					return nil, bad(v, "kind: %q is not a source language (Workshop text needs no provider)", v.Value)
				}
			case "timeout":
				d, err := time.ParseDuration(v.Value)
				if err != nil || d <= 0 {
					return nil, bad(v, "timeout: %q is not a duration such as 30s", v.Value)
				}
				sp.Timeout = d
			default:
				return nil, bad(k, "unknown key %q (expected command, extensions, kind or timeout)", k.Value)
			}
		}
		if len(sp.Command) == 0 || sp.Command[0] == "" {
			return nil, bad(item, "command is missing: name the provider's program and its arguments")
		}
		if sp.Kind == "" {
			return nil, bad(item, "kind is missing: name the language the provider serves (opy, ostw, …)")
		}
		out = append(out, sp)
	}
	return out, nil
}

// match finds the spec serving an entry: one naming its extension, else
// one serving its kind (the configured kind, or the extension's).
func matchProvider(specs []ProviderSpec, entry, configured string) *ProviderSpec {
	ext := strings.ToLower(filepath.Ext(entry))
	if configured == KindAuto {
		for i, sp := range specs {
			if slices.Contains(sp.Extensions, ext) {
				return &specs[i]
			}
		}
		configured = kindsByExtension[ext]
	}
	for i, sp := range specs {
		if sp.Kind == configured && (len(sp.Extensions) == 0 || slices.Contains(sp.Extensions, ext)) {
			return &specs[i]
		}
	}
	return nil
}

// projectProviders reads the providers: of the session's project file.
func (s *Session) projectProviders() ([]ProviderSpec, *Error) {
	path := s.projectFile()
	if _, err := os.Lstat(path); err != nil {
		return nil, nil
	}
	f, err := s.readSource(path)
	if err != nil {
		return nil, readError(err)
	}
	specs, err := ReadProviders(path, []byte(f.Text))
	if err != nil {
		return nil, errorf(CodeProjectFileInvalid, "%v", err)
	}
	return specs, nil
}

// externals holds a session's provider processes, by command and place.
type externals struct {
	mu      sync.Mutex
	clients map[string]*protocol.Client
}

// client returns the running (or next to start) process of a spec.
func (s *Session) client(sp ProviderSpec) *protocol.Client {
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	key := sp.At + "\x00" + strings.Join(sp.Command, "\x00") + "\x00" + sp.Timeout.String()
	if c := s.ext.clients[key]; c != nil {
		return c
	}
	cmd := slices.Clone(sp.Command)
	if strings.ContainsRune(cmd[0], filepath.Separator) && !filepath.IsAbs(cmd[0]) {
		cmd[0] = filepath.Join(sp.Dir, cmd[0])
	}
	c := &protocol.Client{Command: cmd, Dir: sp.Dir, Timeout: sp.Timeout}
	if s.ext.clients == nil {
		s.ext.clients = map[string]*protocol.Client{}
	}
	s.ext.clients[key] = c
	return c
}

// Close stops the session's provider processes.
func (s *Session) Close() {
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	for _, c := range s.ext.clients {
		c.Close()
	}
	s.ext.clients = nil
}

// providerRefusal states a provider's failure as the session's refusal,
// at the providers: entry that names it.
func providerRefusal(sp ProviderSpec, what string, err error) *Error {
	e := providerError(err)
	// The client names the command too; the entry names it once.
	e.Message = strings.TrimPrefix(e.Message, fmt.Sprintf("provider %q: ", strings.Join(sp.Command, " ")))
	ext := sp.Kind
	if len(sp.Extensions) > 0 {
		ext = strings.Join(sp.Extensions, ", ")
	}
	e.Message = fmt.Sprintf("%s: the provider for %s (%s) %s: %s", sp.At, ext, strings.Join(sp.Command, " "), what, e.Message)
	e.At = &contract.Range{Path: sp.file, Start: contract.Point{Line: sp.line, Column: sp.col}, End: contract.Point{Line: sp.line, Column: sp.col}}
	return e
}

// newExternalProgram has the provider compile the entry and builds the
// program from what it answers, as an OverPy program is built from the
// OverPy frontend's compile.
func (s *Session) newExternalProgram(f *source.File, sp ProviderSpec) (*Program, *Error) {
	c := s.client(sp)
	entryURI := PathURI(f.Path)
	res, err := s.externalCompile(c, entryURI, f.Text)
	if err != nil {
		return nil, providerRefusal(sp, "could not compile "+f.Path, err)
	}
	id, err := c.SourceIdentity(protocol.SourceIdentityParams{URI: entryURI, Text: &f.Text})
	if err != nil {
		return nil, providerRefusal(sp, "could not name the identity of "+f.Path, err)
	}
	// The files positions are in: the entry, what the provider read.
	files := []*source.File{f}
	mappers := []*edits.Mapper{edits.NewMapper(f.Text)}
	byPath := map[string]int{}
	if abs, err := filepath.Abs(f.Path); err == nil {
		byPath[abs] = 0
	}
	fileOf := func(uri string) int {
		path, err := URIPath(uri)
		if err != nil {
			return -1
		}
		abs, _ := filepath.Abs(path)
		if i, ok := byPath[abs]; ok {
			return i
		}
		text, err := s.readText(path)
		if err != nil {
			byPath[abs] = -1
			return -1
		}
		files = append(files, source.NewFile(path, text))
		mappers = append(mappers, edits.NewMapper(text))
		byPath[abs] = len(files) - 1
		return len(files) - 1
	}
	for _, u := range res.Inputs {
		fileOf(u)
	}
	span := func(file int, r protocol.Range) (source.Span, bool) {
		m := mappers[file]
		a, err1 := m.PositionOffset(edits.Position{Line: r.Start.Line, Character: r.Start.Character}, edits.UTF16)
		b, err2 := m.PositionOffset(edits.Position{Line: r.End.Line, Character: r.End.Character}, edits.UTF16)
		return source.Span{Start: a, End: b}, err1 == nil && err2 == nil && a <= b
	}
	var maps []opy.Mapping
	for _, m := range res.SourceMap {
		from := opy.Loc{File: -1}
		if i := fileOf(m.URI); i >= 0 {
			if sp, ok := span(i, m.Range); ok {
				from = opy.Loc{File: i, Span: sp}
			}
		}
		maps = append(maps, opy.Mapping{Span: source.Span{Start: m.Start, End: m.End}, From: from})
	}
	var diags []opy.Diagnostic
	for _, d := range res.Diagnostics {
		x := opy.Diagnostic{Diagnostic: diag.Diagnostic{Severity: severityOf(d.Severity), Code: diag.Code(d.Code), Message: d.Message}}
		// A place the provider names outside its files is the entry's
		// start, the message saying what it is.
		if i := fileOf(d.URI); i >= 0 {
			if sp, ok := span(i, d.Range); ok {
				x.File, x.Span = i, sp
			}
		}
		for _, r := range d.Related {
			if i := fileOf(r.URI); i >= 0 {
				if sp, ok := span(i, r.Range); ok {
					x.Related = append(x.Related, diag.Related{Span: sp, Message: r.Message})
					x.RelatedFiles = append(x.RelatedFiles, i)
				}
			}
		}
		diags = append(diags, x)
	}
	r := opy.External(files, res.Workshop, maps, diags)
	p := loweredProgram(f, r, s.opts.Engine)
	if res.Workshop == "" && opy.Errors(diags) > 0 {
		// The protocol's compile gives no text for a program with
		// errors: the engine's finding of an empty program is not one.
		p.Checked.Diags, p.Checked.ParseErrors = nil, 0
	}
	// The provider's identity, before anyone asks for the hash of the
	// entry's text.
	p.identityOnce.Do(func() { p.identity = id.Identity })
	p.overpy.external = c
	p.Origin = contract.Origin{Input: s.opts.Input, Entry: f.Path, Kind: sp.Kind}
	return p, nil
}

// externalCompile has the provider compile the entry with the editor's
// unsaved text of every file it reads. The provider reads the disk for
// what the documents do not hold, and which files a program includes is
// known only from a compile's inputs: while an input the overlay holds
// was read from the disk, compile again with it (an included file can
// include more, hence the rounds; a few cover any real nesting).
func (s *Session) externalCompile(c *protocol.Client, entryURI, entryText string) (*protocol.CompileResult, error) {
	docs := map[string]string{entryURI: entryText}
	for round := 0; ; round++ {
		res, err := c.Compile(protocol.ProgramParams{Entry: entryURI, Documents: docs})
		if err != nil || s.opts.Overlay == nil || round == maxOverlayRounds {
			return res, err
		}
		added := false
		for _, u := range res.Inputs {
			if _, sent := docs[u]; sent {
				continue
			}
			path, err := URIPath(u)
			if err != nil {
				continue
			}
			if text, _, ok := s.opts.Overlay(path); ok {
				docs[u], added = text, true
			}
		}
		if !added {
			return res, nil
		}
	}
}

// maxOverlayRounds bounds the recompiles of externalCompile.
const maxOverlayRounds = 4

// severityOf reads a protocol severity; an unknown one is an error, so
// that it is never lost.
func severityOf(s string) diag.Severity {
	for _, sev := range []diag.Severity{diag.Error, diag.Warning, diag.Info} {
		if sev.String() == s {
			return sev
		}
	}
	if s == "hint" {
		return diag.Info
	}
	return diag.Error
}

// loweredProgram checks the Workshop text of a compile (OverPy's or an
// external provider's) and keeps the compile for its positions.
func loweredProgram(entry *source.File, res *opy.Result, opts engine.Options) *Program {
	// The lowered text is en-US, whatever the client language.
	vocabulary := opts.Vocab
	opts.Locale, opts.LocaleGiven = vocab.EnUS, true
	var lowered *source.File
	var checked *engine.Checked
	if res.Parsed != nil {
		// Parsed by the compile as it wrote the text.
		lowered, checked = res.Parsed.Script.File, engine.CheckParsed(res.Parsed, opts)
	} else {
		lowered = source.NewFile(entry.Path, res.Text)
		checked = engine.Check(lowered, opts)
	}
	return &Program{
		File: lowered, Checked: checked, identityText: entry.Text,
		mapper: edits.NewMapper(res.Text), overpy: &overpySource{res: res, vocab: vocabulary},
		Origin: contract.Origin{Input: entry.Path, Entry: entry.Path, Kind: KindOverPy},
	}
}

// editProvider is the provider that validates edits of a language: one
// the project's providers: names for it, else the OverPy frontend for
// opy.
func (s *Session) editProvider(language string) (protocol.Provider, *Error) {
	specs, e := s.projectProviders()
	if e != nil {
		return nil, e
	}
	for _, sp := range specs {
		if sp.Kind == language {
			return &refusingClient{Client: s.client(sp), spec: sp}, nil
		}
	}
	if language == KindOverPy {
		return OverPyProvider{Version: s.opts.Version, Engine: s.opts.Engine, Read: s.readText, ReadDir: s.readDirNames}, nil
	}
	return nil, errorf("source-provider-unavailable", "no provider for language_id %q: the one built in is opy (OverPy); name one for %s under providers: in %s (docs/provider-protocol.md); raw Workshop edits are validated by validateEditTransaction", language, language, ProjectFile)
}

// refusingClient positions a client's failures at its providers: entry.
type refusingClient struct {
	*protocol.Client
	spec ProviderSpec
}

func (r *refusingClient) wrap(what string, err error) error {
	var pe *protocol.Error
	if errors.As(err, &pe) && pe.Code == protocol.CodeProviderFailed {
		return providerRefusal(r.spec, what, err)
	}
	return err
}

func (r *refusingClient) Check(p protocol.ProgramParams) (*protocol.CheckResult, error) {
	res, err := r.Client.Check(p)
	return res, r.wrap("could not check", err)
}

func (r *refusingClient) ValidateEdit(p protocol.ValidateEditParams) (*protocol.ValidateEditResult, error) {
	res, err := r.Client.ValidateEdit(p)
	return res, r.wrap("could not validate the edit", err)
}
