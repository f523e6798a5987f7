package lsp

// This file carries wright-agent/v1 requests inside the language server:
// workspace/executeCommand "wright.request" with the request as its one
// argument, and the custom request wright/request. Both answer with the
// service's response object and see the editor's unsaved text.

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// agentCommand is the command name of agent requests.
const agentCommand = "wright.request"

// agentSessions are the service sessions of the workspace's programs,
// one per entry file, dropped when the configuration changes. They are
// guarded by Server.mu like the configuration they are built from: one
// lock for both means no lock order to get wrong (two locks taken in
// opposite orders by the read loop and by agent requests once deadlocked
// the server).
type agentSessions map[string]*service.Session

// session returns the session of a program entry.
func (s *Server) session(path string) *service.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if se := s.agents[path]; se != nil {
		return se
	}
	se := service.NewSession(service.SessionOptions{Input: path, Kind: service.KindAuto, Engine: s.engineOpts, Lint: s.lintConfig,
		Version: s.opts.Version, Overlay: s.docs.overlay})
	s.agents[path] = se
	return se
}

// resetAgentsLocked drops the agent sessions, so the next request builds
// one with the current configuration and documents. The provider
// processes a dropped session started are stopped (off the lock: a
// process is given a moment to exit).
func (s *Server) resetAgentsLocked() {
	for _, se := range s.agents {
		go se.Close()
	}
	s.agents = agentSessions{}
}

func init() {
	register("workspace/executeCommand", handler(func(ctx context.Context, s *Server, p *struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}) (any, error) {
		run, ok := commands[p.Command]
		if !ok {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("unknown command %q: the server runs %s", p.Command, strings.Join(commandNames(), ", "))}
		}
		if len(p.Arguments) != 1 {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: p.Command + " takes one argument, an object"}
		}
		return run(ctx, s, p.Arguments[0])
	}))
	register("wright/request", func(ctx context.Context, s *Server, params json.RawMessage) (any, error) {
		return s.agentRequest(ctx, params)
	})
}

// commands are the workspace/executeCommand commands.
var commands = map[string]method{
	agentCommand: func(ctx context.Context, s *Server, arg json.RawMessage) (any, error) {
		return s.agentRequest(ctx, arg)
	},
}

// commandNames lists the commands, sorted.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// agentRequest answers one agent request. Its optional document member
// (a URI, or a path absolute or relative to the workspace) names the
// program; without it the request addresses the workspace's program when
// there is exactly one.
func (s *Server) agentRequest(ctx context.Context, raw json.RawMessage) (any, error) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		// Not an object: the service's own checks give the refusal.
		return s.rootSession().Handle(ctx, raw), nil
	}
	var document string
	if d, ok := fields["document"]; ok {
		if json.Unmarshal(d, &document) != nil {
			return refusal("malformed-request", "document must be a string: a file URI or a workspace path"), nil
		}
		delete(fields, "document")
		raw, _ = json.Marshal(fields)
	}
	var op string
	json.Unmarshal(fields["op"], &op)
	if o, ok := contract.Lookup(op); ok && !o.Program && document == "" {
		return s.rootSession().Handle(ctx, raw), nil
	}
	path, e := s.programFor(ctx, document)
	if e != nil {
		return contract.Response{Error: e}, nil
	}
	return s.session(path).Handle(ctx, raw), nil
}

// rootSession serves the requests that need no program.
func (s *Server) rootSession() *service.Session {
	s.mu.Lock()
	root := "."
	if len(s.roots) > 0 {
		root = s.roots[0]
	}
	s.mu.Unlock()
	return s.session(root)
}

// programFor resolves a request's document to a program entry path.
func (s *Server) programFor(ctx context.Context, document string) (string, *contract.Error) {
	if document == "" {
		// "The workspace's program" needs the whole workspace read.
		s.waitIndexed(ctx)
	}
	docs := s.docs.all()
	if document == "" {
		var paths []string
		for _, d := range docs {
			paths = append(paths, d.path)
		}
		switch len(paths) {
		case 1:
			return paths[0], nil
		case 0:
			return "", &contract.Error{Code: "no-document", Message: "the workspace holds no Workshop or OverPy file; open one, or name it with document"}
		}
		sort.Strings(paths)
		return "", &contract.Error{Code: "document-ambiguous", Candidates: s.relative(paths),
			Message: fmt.Sprintf("the workspace holds %d Workshop or OverPy files: name one with document (%s)", len(paths), strings.Join(s.relative(paths), ", "))}
	}
	want := document
	if p, ok := uriPath(document); ok {
		want = p
	} else if !filepath.IsAbs(document) {
		s.mu.Lock()
		if len(s.roots) > 0 {
			want = filepath.Join(s.roots[0], document)
		}
		s.mu.Unlock()
	}
	for _, d := range docs {
		if sameFile(d.path, want) {
			return d.path, nil
		}
	}
	if d := s.docs.getOrLoad(pathURI(want)); d != nil {
		return d.path, nil
	}
	return "", &contract.Error{Code: "unknown-document", Message: fmt.Sprintf("%s is neither open nor a Workshop or OverPy file of the workspace", document)}
}

// relative spells paths relative to the first workspace folder.
func (s *Server) relative(paths []string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = p
		if len(s.roots) > 0 {
			if rel, err := filepath.Rel(s.roots[0], p); err == nil && !strings.HasPrefix(rel, "..") {
				out[i] = filepath.ToSlash(rel)
			}
		}
	}
	return out
}

func refusal(code, message string) contract.Response {
	return contract.Response{Error: &contract.Error{Code: code, Message: message}}
}
