package service_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

// TestLintRulesDocument keeps docs/lint-rules.md, which lintRules'
// documentation member points at, equal to what lintRules reports of the
// built-in rules: one section per rule, its anchor the rule's id. go test
// -update rewrites it.
func TestLintRulesDocument(t *testing.T) {
	p := service.NewProgram(source.NewFile("empty.ow", ""), engine.Options{}, 1)
	res := service.LintRules(p, &lint.Config{})
	var b strings.Builder
	b.WriteString("# Lint rules\n\n")
	b.WriteString("The built-in rules of `wright-lsp lint` and of the agent service's `lint`,\n")
	b.WriteString("`findings` and `lintRules`, written from what `lintRules` reports of them\n")
	b.WriteString("(`go test ./service -run TestLintRulesDocument -update` rewrites this file).\n")
	b.WriteString("`lintRules` also reports each rule's effective configuration.\n")
	b.WriteString(ownership)
	if len(res.Rules) != len(lint.Builtin()) {
		t.Fatalf("lintRules reports %d rules, the registry holds %d", len(res.Rules), len(lint.Builtin()))
	}
	for _, r := range res.Rules {
		if want := service.LintRulesDocument + "#" + r.ID; r.Documentation != want {
			t.Errorf("%s: documentation %q, want %q", r.ID, r.Documentation, want)
		}
		if r.Summary == "" || r.Rationale == "" || r.KnownLimits == "" || r.Evidence == "" || len(r.Tags) == 0 {
			t.Errorf("%s: metadata missing: %+v", r.ID, r)
		}
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "Default severity: %s. Tags: %s.", r.DefaultSeverity, strings.Join(r.Tags, ", "))
		if len(r.Fixes) > 0 {
			var fixes []string
			for _, k := range r.Fixes {
				if lint.IsAcknowledgement(k) {
					k += " (an acknowledgement, not a correction: fix-all and `lint --fix` leave it out unless named)"
				}
				fixes = append(fixes, k)
			}
			fmt.Fprintf(&b, " Fixes: %s.", strings.Join(fixes, ", "))
		}
		fmt.Fprintf(&b, "\n\n%s.\n\n", sentence(r.Summary))
		fmt.Fprintf(&b, "**Rationale.** %s\n\n", r.Rationale)
		fmt.Fprintf(&b, "**Known limits.** %s\n\n", r.KnownLimits)
		fmt.Fprintf(&b, "**Evidence.** %s.\n", sentence(r.Evidence))
	}
	golden.Check(t, filepath.Join("..", service.LintRulesDocument), []byte(b.String()), *update)
}

// ownership is the section that says which of the validator and the rules
// reports a problem both could find (issue 17: one diagnostic per problem;
// cmd/wright-lsp's TestNoDiagnosticTwice holds it on the corpus).
const ownership = `
## Who reports what

Each problem is reported once, by one owner, in every place that shows it
(` + "`check`" + `, ` + "`lint`" + `, ` + "`analyze`" + `, the editor and the agent service). Where the validator (the
diagnostics of ` + "`check`" + `, always on) and a rule could find the same thing, the
validator owns it and the rule reports only what the validator leaves:

| problem | owner | the rule keeps |
|---|---|---|
| a placeholder with no argument written | ` + "`format-placeholder-without-argument`" + ` (one diagnostic for all of a text's missing arguments) | [custom-string-placeholders](#custom-string-placeholders): a placeholder shown as the Null written for it, a placeholder above {2} |
| an argument with no placeholder | ` + "`unused-format-argument`" + ` | (nothing) |
| a Custom String literal over 128 characters | ` + "`string-too-long`" + ` | the rule ` + "`custom-string-too-long`" + ` was retired; a policy naming it is told so |
| a Wait of a literal between 0 and one tick | ` + "`wait-too-short`" + ` | [wait-below-minimum](#wait-below-minimum): Wait Until timeouts, negative and parenthesised durations |
`

// sentence starts s with a capital letter.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
