package lsp

// This file handles the connection's life: initialize (capabilities both
// ways, position encoding, workspace folders, settings), initialized,
// shutdown, and configuration changes.

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/edits"
)

// clientCapabilities are the client capabilities the server acts on.
type clientCapabilities struct {
	General struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
	Window struct {
		WorkDoneProgress bool `json:"workDoneProgress"`
		ShowDocument     struct {
			Support bool `json:"support"`
		} `json:"showDocument"`
	} `json:"window"`
	// Experimental.WrightTraceDocuments: the client opens wright-trace:
	// URIs itself (simulate.go).
	Experimental struct {
		WrightTraceDocuments bool `json:"wrightTraceDocuments"`
	} `json:"experimental"`
	Workspace struct {
		ApplyEdit     bool `json:"applyEdit"`
		WorkspaceEdit struct {
			DocumentChanges    bool     `json:"documentChanges"`
			ResourceOperations []string `json:"resourceOperations"`
		} `json:"workspaceEdit"`
		Configuration         bool `json:"configuration"`
		DidChangeWatchedFiles struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles"`
		CodeLens struct {
			RefreshSupport bool `json:"refreshSupport"`
		} `json:"codeLens"`
		Diagnostics struct {
			RefreshSupport bool `json:"refreshSupport"`
		} `json:"diagnostics"`
	} `json:"workspace"`
	TextDocument struct {
		Rename struct {
			PrepareSupport bool `json:"prepareSupport"`
		} `json:"rename"`
		CodeAction struct {
			CodeActionLiteralSupport *json.RawMessage `json:"codeActionLiteralSupport"`
		} `json:"codeAction"`
		Hover struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		DocumentSymbol struct {
			HierarchicalDocumentSymbolSupport bool `json:"hierarchicalDocumentSymbolSupport"`
		} `json:"documentSymbol"`
		Completion struct {
			CompletionItem struct {
				SnippetSupport bool `json:"snippetSupport"`
			} `json:"completionItem"`
		} `json:"completion"`
		PublishDiagnostics struct {
			CodeDescriptionSupport bool `json:"codeDescriptionSupport"`
		} `json:"publishDiagnostics"`
		// Diagnostic is present when the client pulls diagnostics (LSP
		// 3.17, pulldiag.go).
		Diagnostic *struct {
			RelatedDocumentSupport bool `json:"relatedDocumentSupport"`
		} `json:"diagnostic"`
	} `json:"textDocument"`
}

type initializeParams struct {
	RootURI          *string `json:"rootUri"`
	RootPath         *string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	Capabilities          clientCapabilities `json:"capabilities"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
}

// negotiateEncoding picks the first position encoding the client offers
// that the server speaks; UTF-16 when it offers none (LSP's default).
func negotiateEncoding(offered []string) edits.Encoding {
	for _, e := range offered {
		switch e {
		case "utf-16":
			return edits.UTF16
		case "utf-8":
			return edits.UTF8
		case "utf-32":
			return edits.UTF32
		}
	}
	return edits.UTF16
}

func init() {
	register("initialize", handler(func(_ context.Context, s *Server, p *initializeParams) (any, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.initialized {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was already sent"}
		}
		s.initialized = true
		s.client = p.Capabilities
		s.enc = negotiateEncoding(p.Capabilities.General.PositionEncodings)
		for _, f := range p.WorkspaceFolders {
			if path, ok := uriPath(f.URI); ok {
				s.roots = append(s.roots, path)
			}
		}
		if len(s.roots) == 0 {
			if p.RootURI != nil {
				if path, ok := uriPath(*p.RootURI); ok {
					s.roots = append(s.roots, path)
				}
			} else if p.RootPath != nil && *p.RootPath != "" {
				s.roots = append(s.roots, *p.RootPath)
			}
		}
		if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
			s.applySettingsLocked(p.InitializationOptions)
		}
		return map[string]any{
			"capabilities": s.capabilitiesLocked(),
			"serverInfo":   map[string]string{"name": "wright-lsp", "version": s.opts.Version},
		}, nil
	}))
	register("initialized", notification(func(s *Server, _ *json.RawMessage) {
		s.mu.Lock()
		roots := append([]string(nil), s.roots...)
		watch := s.client.Workspace.DidChangeWatchedFiles.DynamicRegistration
		pull := s.client.Workspace.Configuration
		s.mu.Unlock()
		s.loadProjectConfig()
		if pull {
			s.pullConfiguration()
		}
		if watch {
			s.call("client/registerCapability", map[string]any{"registrations": []any{map[string]any{
				"id": "wright-watch", "method": "workspace/didChangeWatchedFiles",
				"registerOptions": map[string]any{"watchers": []any{
					map[string]any{"globPattern": "**/*.{ow,workshop}"}, map[string]any{"globPattern": "**/.wright.yaml"},
				}},
			}}}, nil, 10*time.Second, nil)
		}
		s.startIndexing(roots)
	}))
	register("shutdown", func(_ context.Context, s *Server, _ json.RawMessage) (any, error) {
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	})
	register("$/setTrace", notification(func(*Server, *json.RawMessage) {}))
	register("workspace/didChangeConfiguration", notification(func(s *Server, p *struct {
		Settings json.RawMessage `json:"settings"`
	}) {
		s.mu.Lock()
		pull := s.client.Workspace.Configuration
		if len(p.Settings) > 0 && string(p.Settings) != "null" {
			s.applySettingsLocked(p.Settings)
		}
		s.mu.Unlock()
		if pull {
			s.pullConfiguration()
		}
		s.diags.all()
		s.refreshLenses()
	}))
}

// refreshLenses asks the client to request the code lenses again, when it
// can: a setting (codeLens.simulate) may have changed them.
func (s *Server) refreshLenses() {
	s.mu.Lock()
	ok := s.client.Workspace.CodeLens.RefreshSupport
	s.mu.Unlock()
	if ok {
		s.call("workspace/codeLens/refresh", nil, nil, 10*time.Second, nil)
	}
}

// capabilitiesLocked builds the server capabilities, shaped by what the
// client can take.
func (s *Server) capabilitiesLocked() map[string]any {
	caps := map[string]any{
		"positionEncoding":       s.enc.String(),
		"textDocumentSync":       map[string]any{"openClose": true, "change": 2, "save": map[string]any{"includeText": false}},
		"workspace":              map[string]any{"workspaceFolders": map[string]any{"supported": true, "changeNotifications": false}},
		"executeCommandProvider": map[string]any{"commands": commandNames()},
	}
	for _, f := range capabilityFuncs {
		f(caps, &s.client)
	}
	return caps
}

// capabilityFuncs let feature files add their capabilities.
var capabilityFuncs []func(caps map[string]any, client *clientCapabilities)

// uriPath converts a file:// URI to a path.
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	path := u.Path
	if runtime.GOOS == "windows" {
		path = strings.TrimPrefix(path, "/")
	}
	return filepath.FromSlash(path), true
}

// pathURI converts a path to a file:// URI.
func pathURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}
