package service

// This file says where each diagnostic code is documented, so that the
// editors can link a problem to its explanation.

import (
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

// DocsBase is where the repository's documents are read on the web: a
// code's documentation (CodeDocumentation) is a path under it.
const DocsBase = "https://github.com/wright-lsp/wright-lsp/blob/main/"

// DiagnosticsDocument is where the codes of check's diagnostics are
// documented, in the wright-lsp repository; each code has a section whose
// anchor is the code.
const DiagnosticsDocument = "docs/diagnostics.md"

// DocumentTooLarge is the code of the one diagnostic of a document over
// the 4 MiB input limit, which is not checked.
var DocumentTooLarge = diag.CodeInfo{Code: "document-too-large", Severity: diag.Error,
	Summary: "the document is over the 4 MiB input limit and is not checked until it is smaller"}

// DiagnosticCodes lists every code check reports, once each, for Workshop
// and OverPy input, in the order the engine, the OverPy frontend and the
// service document them. A code both report has one meaning and is listed
// once, as the engine documents it.
func DiagnosticCodes() []diag.CodeInfo {
	var out []diag.CodeInfo
	seen := map[diag.Code]bool{}
	for _, list := range [][]diag.CodeInfo{diag.Codes, opy.Codes, {DocumentTooLarge}} {
		for _, c := range list {
			if !seen[c.Code] {
				seen[c.Code] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// CodeDocumentation returns where code is documented, as a path in the
// wright-lsp repository with the section's anchor: a built-in lint rule in
// LintRulesDocument, a diagnostic code in DiagnosticsDocument. It is ""
// for a code with no documentation (a rule of a local rule file).
func CodeDocumentation(code string) string {
	documented, lintRuleIDs := codeIndex()
	if documented[code] {
		return DiagnosticsDocument + "#" + code
	}
	if lintRuleIDs[code] {
		return LintRulesDocument + "#" + code
	}
	return ""
}

// codeIndex is built on first use: a process that shows no diagnostic
// never pays for it.
var codeIndex = sync.OnceValues(func() (map[string]bool, map[string]bool) {
	codes, rules := map[string]bool{}, map[string]bool{}
	for _, c := range DiagnosticCodes() {
		codes[string(c.Code)] = true
	}
	for _, r := range lint.Builtin() {
		rules[r.ID] = true
	}
	return codes, rules
})
