package service

import (
	"sync"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestProgramLintOncePerConfig: concurrent callers with one
// configuration share one run; another configuration gets its own, and
// the findings are those of a direct lint.Run.
func TestProgramLintOncePerConfig(t *testing.T) {
	text := "variables\n{\n\tglobal:\n\t\t0: Unused\n}\n\nrule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t}\n}\n"
	p := NewProgram(source.NewFile("t.ow", text), engine.Options{}, 1)
	cfg := &lint.Config{}
	results := make([]*lint.Result, 8)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i] = p.Lint(cfg) })
	}
	wg.Wait()
	for i, r := range results {
		if r != results[0] {
			t.Fatalf("caller %d got its own run", i)
		}
	}
	direct := lint.Run(lint.Program{File: p.File, Script: p.Checked.Script}, cfg)
	if len(direct.Findings) == 0 || len(results[0].Findings) != len(direct.Findings) {
		t.Fatalf("memoized run has %d findings, a direct run %d (the program has an unused variable)", len(results[0].Findings), len(direct.Findings))
	}
	for i := range direct.Findings {
		if direct.Findings[i].Code != results[0].Findings[i].Code || direct.Findings[i].Span != results[0].Findings[i].Span {
			t.Errorf("finding %d: %+v, direct %+v", i, results[0].Findings[i], direct.Findings[i])
		}
	}
	off := false
	other := &lint.Config{Rules: map[string]lint.RuleConfig{"unused-variable": {Enabled: &off}}}
	r := p.Lint(other)
	if r == results[0] {
		t.Fatal("another configuration reused the first one's result")
	}
	for _, f := range r.Findings {
		if f.Code == "unused-variable" {
			t.Fatal("the second configuration's run reports a rule it disables")
		}
	}
}
