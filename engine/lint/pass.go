package lint

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// A Pass is one lint run over a program. Rules read the program and the
// analyses (computed once, on first use) and report findings.
type Pass struct {
	Program

	rule     *Rule
	severity diag.Severity
	findings []Finding

	indexOnce sync.Once
	graphs    []*flow.Graph
	calls     []flow.CallEdge
	callsOnce sync.Once
	costOnce  sync.Once

	objectsOnce sync.Once
	objects     []objects.Object
}

func newPass(prog Program) *Pass {
	return &Pass{Program: prog}
}

// Index returns the program's semantic index.
func (p *Pass) Index() *index.Index {
	p.indexOnce.Do(func() {
		if p.Program.Index == nil {
			p.Program.Index = index.Build(p.Script)
		}
	})
	return p.Program.Index
}

// Graph returns the control-flow graph of rule i.
func (p *Pass) Graph(i int) *flow.Graph {
	if p.graphs == nil {
		p.graphs = make([]*flow.Graph, len(p.Script.Rules))
	}
	if p.graphs[i] == nil {
		p.graphs[i] = flow.Build(p.Script.Rules[i])
	}
	return p.graphs[i]
}

// Cost returns the program's element count (OverPy's model).
func (p *Pass) Cost() *cost.Program {
	p.costOnce.Do(func() {
		if p.Program.Cost == nil {
			p.Program.Cost = cost.Count(p.Script, cost.Options{})
		}
	})
	return p.Program.Cost
}

// CallGraph returns the program's subroutine calls.
func (p *Pass) CallGraph() []flow.CallEdge {
	p.callsOnce.Do(func() { p.calls = flow.CallGraph(p.Script) })
	return p.calls
}

// Objects returns the program's persistent objects.
func (p *Pass) Objects() []objects.Object {
	p.objectsOnce.Do(func() { p.objects = objects.Find(p.Script) })
	return p.objects
}

// ReportAt records a finding at a secondary level of the running rule
// (element-budget warns near the budget and errs over it): the less
// severe of sev and the rule's configured severity.
func (p *Pass) ReportAt(f Finding, sev diag.Severity) {
	p.Report(f)
	last := &p.findings[len(p.findings)-1]
	last.Severity = max(sev, p.severity)
}

// Report records a finding of the running rule, with its configured
// severity. f.Code, f.Severity and an empty Evidence are filled in.
func (p *Pass) Report(f Finding) {
	f.Code = p.rule.ID
	f.Severity = p.severity
	if f.Evidence == "" {
		f.Evidence = p.Evidence(f.Span)
	}
	p.findings = append(p.findings, f)
}

// maxEvidence bounds the evidence text of a finding, in characters.
const maxEvidence = 120

// Evidence returns the text of span as written, on one line, shortened
// to maxEvidence characters.
func (p *Pass) Evidence(span source.Span) string {
	if span.Start < 0 || span.End > len(p.File.Text) || span.Start >= span.End {
		return ""
	}
	text := strings.Join(strings.Fields(p.File.Text[span.Start:span.End]), " ")
	if utf8.RuneCountInString(text) > maxEvidence {
		r := []rune(text)
		text = string(r[:maxEvidence-1]) + "…"
	}
	return text
}
