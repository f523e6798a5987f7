package main

// This file implements "wright-lsp agent context": the service's
// agentContext from the command line, as the JSON document the service
// answers or as Markdown for a prompt.

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// runAgentContext prints the context for task within budget tokens. A
// refusal (a budget below the envelope, a task with no words to rank
// by) exits 2 with the service's message.
func runAgentContext(task string, budget intFlag, format string, stdout, stderr io.Writer) int {
	if !budget.set {
		fmt.Fprintf(stderr, "wright-lsp agent context: --token-budget N is required\n%s", agentUsage)
		return exitUsage
	}
	req := contract.AgentContextRequest{Op: "agentContext", Task: task, TokenBudget: budget.v}
	raw, refused := call(service.NewSession(service.SessionOptions{Version: version()}), req)
	if refused != nil {
		reportRefusal("agent context", refused, stderr)
		return refusalExit(refused)
	}
	if format == "json" {
		emitJSON(stdout, raw)
		return exitOK
	}
	io.WriteString(stdout, contextMarkdown(decode[contract.AgentContext](raw)))
	return exitOK
}

// contextMarkdown renders a context for a prompt: the same items in the
// same order, with no member the document lacks. It is never longer than
// the document's JSON (a test holds it so), so the budget holds for it
// too. The task is quoted as JSON quotes it.
func contextMarkdown(doc *contract.AgentContext) string {
	var b strings.Builder
	task, _ := json.Marshal(doc.Task)
	fmt.Fprintf(&b, "# Context for %s\n\n", task)
	fmt.Fprintf(&b, "%s v%d; %d of %d tokens (%s); truncated: %t\n", doc.DocumentType, doc.SchemaVersion,
		doc.Budget.Estimated, doc.Budget.Requested, doc.Budget.Estimator, doc.Truncated)
	fmt.Fprintf(&b, "terms: %s\nsources: catalog %s %s; vocabulary %s\n", strings.Join(doc.Terms, ", "),
		doc.Sources.CatalogSchema, doc.Sources.CatalogContent, doc.Sources.VocabularySHA256)
	for i, it := range doc.Items {
		fmt.Fprintf(&b, "\n%d. %s `%s` (%d", i+1, it.Kind, it.ID, it.Score)
		if it.Projection != "full" {
			b.WriteString(", " + it.Projection)
		}
		b.WriteString(")")
		line := func(label, text string) {
			if text != "" {
				fmt.Fprintf(&b, "\n   %s%s", label, text)
			}
		}
		switch it.Kind {
		case "operation":
			line("tool ", "`"+it.Tool+"`")
			line("", it.Description)
			line("", it.Summary)
			if it.RequestSchema != nil {
				schema, _ := service.Marshal(it.RequestSchema)
				line("request: ", "`"+string(schema)+"`")
			}
			line("request members: ", strings.Join(it.RequestMembers, ", "))
			if it.Effects != nil {
				line("reads: ", strings.Join(it.Effects.Reads, ", "))
				line("writes: ", strings.Join(it.Effects.Writes, ", "))
			}
			line("refusals: ", strings.Join(it.RefusalCodes, ", "))
		case "lint-rule":
			line("", it.Severity+": "+it.Summary)
			line("why: ", it.Rationale)
			line("limits: ", it.Limits)
			line("tags: ", strings.Join(it.Tags, ", "))
			line("fixes: ", strings.Join(it.Fixes, ", "))
		default:
			if it.Signature != it.Name {
				line("", it.Name)
			}
			if it.Signature != "" {
				line("", "`"+it.Signature+"`")
			}
			for _, p := range it.Params {
				if p.Enum != "" {
					line("", p.Name+" takes "+p.Enum)
				}
			}
		}
	}
	b.WriteString("\n")
	return b.String()
}
