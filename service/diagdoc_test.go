package service_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

// TestDiagnosticsDocument keeps docs/diagnostics.md, which the editors
// link each diagnostic to, equal to the codes check documents: one
// section per code, its anchor the code. go test -update rewrites it.
func TestDiagnosticsDocument(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Diagnostics\n\n")
	b.WriteString("The codes of the diagnostics `wright-lsp check` reports, for Workshop and\n")
	b.WriteString("OverPy input, and the language server and the agent service with it, with the\n")
	b.WriteString("severity each is reported with (`go test ./service -run TestDiagnosticsDocument\n")
	b.WriteString("-update` rewrites this file from the code lists). Codes are stable: never\n")
	b.WriteString("renamed, never reused. The lint rules' findings are documented in\n")
	b.WriteString("[lint-rules.md](lint-rules.md).\n")
	rules := map[string]bool{}
	for _, r := range lint.Builtin() {
		rules[r.ID] = true
	}
	for _, c := range service.DiagnosticCodes() {
		if rules[string(c.Code)] {
			t.Errorf("%s is both a diagnostic code and a lint rule: a link could not tell which", c.Code)
		}
		if c.Summary == "" {
			t.Errorf("%s has no summary", c.Code)
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s. Severity: %s.\n", c.Code, sentence(c.Summary), c.Severity)
	}
	golden.Check(t, filepath.Join("..", service.DiagnosticsDocument), []byte(b.String()), *update)
}

func TestCodeDocumentation(t *testing.T) {
	for code, want := range map[string]string{
		"unknown-action":           "docs/diagnostics.md#unknown-action",
		"opy-unexpected-character": "docs/diagnostics.md#opy-unexpected-character",
		"document-too-large":       "docs/diagnostics.md#document-too-large",
		"unused-variable":          "docs/lint-rules.md#unused-variable",
		"a-rule-of-a-local-file":   "",
	} {
		if got := service.CodeDocumentation(code); got != want {
			t.Errorf("CodeDocumentation(%q) = %q, want %q", code, got, want)
		}
	}
}
