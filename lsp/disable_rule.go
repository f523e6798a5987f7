package lsp

// This file offers "Disable RULE in .wright.yaml": a workspace edit that
// creates the project's policy file, or edits the one in use, so that the
// rule is off. The edited text is read back with the policy loader before
// the action is offered: an edit that would break the file, or leave the
// rule on, is not offered.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/service"
)

// rulesLine is the top-level rules: key of a policy file, in block style.
var rulesLine = regexp.MustCompile(`(?m)^rules:[ \t]*(#.*)?\r?$`)

// disableRuleAction returns the action turning rule off in the policy
// file, or nil when there is none to offer: no workspace folder and no
// configured policy, a client that cannot create files when one must be
// created, or a file the edit cannot change safely.
func (s *Server) disableRuleAction(rule string, diag []byte) *codeAction {
	s.mu.Lock()
	path := s.config.LintConfig
	if path == "" && len(s.roots) > 0 {
		path = filepath.Join(s.roots[0], service.ProjectFile)
		for _, root := range s.roots {
			if p := filepath.Join(root, service.ProjectFile); fileExists(p) {
				path = p
				break
			}
		}
	}
	versioned := s.client.Workspace.WorkspaceEdit.DocumentChanges
	canCreate := versioned && containsString(s.client.Workspace.WorkspaceEdit.ResourceOperations, "create")
	s.mu.Unlock()
	if path == "" || (&lint.Config{}).Known(rule) != nil {
		return nil
	}
	old, err := os.ReadFile(path)
	exists := err == nil
	if !exists && (!os.IsNotExist(err) || !canCreate) {
		return nil
	}
	at, insert := disableRuleEdit(string(old), rule)
	text := string(old[:at]) + insert + string(old[at:])
	cfg := &lint.Config{}
	if cfg.ApplyPolicy(path, []byte(text)) != nil {
		return nil
	}
	for _, e := range cfg.Effective() {
		if e.Rule.ID == rule && e.Enabled {
			return nil
		}
	}
	uri := protocol.DocumentUri(pathURI(path))
	pos := offsetPosition(string(old), at)
	te := protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: insert}
	edit := protocol.TextDocumentEdit{TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
		TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}}, Edits: []any{te}}
	var we protocol.WorkspaceEdit
	switch {
	case !exists:
		we.DocumentChanges = []any{protocol.CreateFile{Kind: "create", URI: uri}, edit}
	case versioned:
		we.DocumentChanges = []any{edit}
	default:
		we.Changes = map[protocol.DocumentUri][]protocol.TextEdit{uri: {te}}
	}
	a := &codeAction{Title: "Disable " + rule + " in " + filepath.Base(path), Kind: "quickfix", Edit: &we}
	if diag != nil {
		a.Diagnostics = append(a.Diagnostics, diag)
	}
	return a
}

// disableRuleEdit returns where to insert, and what, so that text (a
// policy file, possibly empty) turns rule off: under its rules: key with
// the indentation of the key's first entry, or a new rules: key at the end.
// A rule the file already configures gets a second key, which the policy
// loader refuses, so the caller offers nothing then.
func disableRuleEdit(text, rule string) (at int, insert string) {
	// The inserted lines end as the file's do: a CRLF file stays CRLF.
	nl := "\n"
	if strings.Contains(text, "\r\n") {
		nl = "\r\n"
	}
	entry := func(indent string) string {
		return indent + rule + ":" + nl + indent + indent + "enabled: false" + nl
	}
	loc := rulesLine.FindStringIndex(text)
	if loc == nil {
		prefix := ""
		if text != "" && !strings.HasSuffix(text, "\n") {
			prefix = nl
		}
		return len(text), prefix + "rules:" + nl + entry("  ")
	}
	at = loc[1]
	if at < len(text) && text[at] == '\n' {
		at++
	} else {
		return at, nl + entry("  ")
	}
	indent := "  "
	rest := text[at:]
	for _, line := range strings.SplitAfter(rest, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if n := len(line) - len(trimmed); n > 0 {
			indent = line[:n]
		}
		break
	}
	return at, entry(indent)
}

// offsetPosition is the LSP position (UTF-16) of a byte offset of text.
func offsetPosition(text string, off int) protocol.Position {
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndexByte(text[:off], '\n') + 1
	n := 0
	for _, r := range text[start:off] {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(n)}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
