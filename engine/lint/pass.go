package lint

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
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
	// scoped limits the rules whose action lists and conditions the pass
	// reads (see Rerun) to Script.Rules[scope[0]:scope[1]], and leaves out
	// a payload; the rule-local rules then report on those rules only.
	scoped bool
	scope  [2]int

	indexOnce sync.Once
	graphs    []*flow.Graph
	calls     []flow.CallEdge
	callsOnce sync.Once
	callsDone bool // the call graph is computed
	subRules  map[string][]int
	// prevCalls is the call graph of the script before the edit splice
	// (see Rerun), when prevCallsKnown: the pass's is found from it.
	prevCalls      []flow.CallEdge
	prevCallsKnown bool
	costOnce       sync.Once

	objectsOnce sync.Once
	objects     []objects.Object
	// found is what the object finder found (objects are its Objects);
	// prevFound and splice, when prevFound is not nil, are what it found
	// in the script before an edit and the edit (see Rerun): the finder
	// then reads again only what the edit touched.
	found     *objects.Found
	prevFound *objects.Found
	splice    ast.Splice

	// eventCats and subCreates summarise what the rules read of other
	// rules (see ruleEvents, subroutineCreations); nil until computed.
	eventCats  []valEventCats
	subCreates map[string]*objects.Spec
	// ruleCreates is, per rule, the last object it creates, for the
	// enabled subroutine rules; knownCreates gives it for the rules an
	// earlier pass knows (see subroutineCreations).
	ruleCreates  []*objects.Spec
	knownCreates func(rule int) (*objects.Spec, bool)

	// payloadGraph is the graph of an actions-only payload.
	payloadGraph *flow.Graph
	// flowLists are the flow lists of the rules' actions, and of an
	// actions-only payload (payloadList).
	flowLists   []*flowList
	payloadList *flowList
	// actionUnits and conditionUnits are the program's action lists and
	// conditions blocks (see flowActionUnits, flowConditionUnits).
	actionUnits, conditionUnits []flowUnit
	unitsOnce                   sync.Once
	// callSites are the calls found by one walk of the program.
	callSites *callSites
	// walk is what one walk of every expression finds for several rules
	// (see walked); walkFailed is set when that walk failed.
	walk       *passWalk
	walkFailed bool

	// walkAhead and objectsAhead are the walk and the objects being
	// computed on other goroutines (see prefetch), until a rule takes
	// them.
	walkAhead    *ahead[*passWalk]
	objectsAhead *ahead[*objects.Found]
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

// unitGraph returns the control-flow graph of an action list: the
// rule's (see Graph), or the actions-only payload's.
func (p *Pass) unitGraph(u flowUnit) *flow.Graph {
	if u.rule >= 0 {
		return p.Graph(u.rule)
	}
	if p.payloadGraph == nil {
		p.payloadGraph = flow.BuildActions(u.block.Statements)
	}
	return p.payloadGraph
}

// flowList returns the flow list of an action list, computed once.
func (p *Pass) flowList(u flowUnit) *flowList {
	if u.rule < 0 {
		if p.payloadList == nil {
			p.payloadList = newFlowList(u.block, p.graphIfAny(u))
		}
		return p.payloadList
	}
	if p.flowLists == nil {
		p.flowLists = make([]*flowList, len(p.Script.Rules))
	}
	if p.flowLists[u.rule] == nil {
		p.flowLists[u.rule] = newFlowList(u.block, p.graphIfAny(u))
	}
	return p.flowLists[u.rule]
}

// graphIfAny returns the graph of an action list, or nil when building it
// fails (on a tree no parser builds): a flow list does not need one, and
// the rules that read the graph fail on their own.
func (p *Pass) graphIfAny(u flowUnit) (g *flow.Graph) {
	defer func() {
		if recover() != nil {
			g = nil
		}
	}()
	return p.unitGraph(u)
}

// units computes the action lists and conditions blocks of the program.
func (p *Pass) units() {
	p.unitsOnce.Do(func() {
		s := p.Script
		lo, hi := 0, len(s.Rules)
		if p.scoped {
			lo, hi = p.scope[0], p.scope[1]
		}
		for i, r := range s.Rules[lo:hi] {
			i += lo
			if r.Actions != nil && len(r.Actions.Statements) > 0 {
				p.actionUnits = append(p.actionUnits, flowUnit{rule: i, block: r.Actions})
			}
			if r.Conditions != nil && len(r.Conditions.Statements) > 0 {
				p.conditionUnits = append(p.conditionUnits, flowUnit{rule: i, block: r.Conditions})
			}
		}
		if p.scoped {
			return
		}
		if b := s.Actions; b != nil && len(b.Statements) > 0 {
			p.actionUnits = append(p.actionUnits, flowUnit{rule: -1, block: b})
		}
		if b := s.Conditions; b != nil && len(b.Statements) > 0 {
			p.conditionUnits = append(p.conditionUnits, flowUnit{rule: -1, block: b})
		}
	})
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
	p.callsOnce.Do(func() {
		if p.prevCallsKnown {
			p.calls = flow.CallGraphAgain(p.prevCalls, p.Script, p.splice)
		} else {
			p.calls = flow.CallGraph(p.Script)
		}
		p.callsDone = true
	})
	return p.calls
}

// subroutineRules returns what flow.SubroutineRules returns for the
// script, computed once per pass; callers only read it.
func (p *Pass) subroutineRules() map[string][]int {
	if p.subRules == nil {
		p.subRules = flow.SubroutineRules(p.Script)
	}
	return p.subRules
}

// Objects returns the program's persistent objects.
func (p *Pass) Objects() []objects.Object {
	p.objectsOnce.Do(func() {
		if a := p.objectsAhead; a != nil {
			p.objectsAhead = nil
			p.found = a.get()
			p.objects = p.found.Objects
			return
		}
		// The finder reads the graphs the flow rules use, and the call
		// graph when a rule has made it (else the finder makes its own,
		// and a failure stays the finder's).
		var calls []flow.CallEdge
		if p.callsDone {
			calls = p.calls
		}
		find := objects.FindAll
		if prev := p.prevFound; prev != nil {
			find = func(s *ast.Script, a objects.Analyses) *objects.Found { return objects.Refind(prev, s, p.splice, a) }
		}
		p.found = find(p.Script, objects.Analyses{
			Graph: func(rule int) *flow.Graph {
				if rule < 0 {
					return p.unitGraph(flowUnit{rule: -1, block: p.Script.Actions})
				}
				return p.Graph(rule)
			},
			Calls: calls,
		})
		p.objects = p.found.Objects
	})
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
	return Evidence(p.File.Text, span)
}

// Evidence returns the text of span in text as a finding quotes it: on
// one line, shortened to maxEvidence characters. A provider quotes its
// own source with it, so that a finding reads in the language the author
// wrote.
func Evidence(text string, span source.Span) string {
	if span.Start < 0 || span.End > len(text) || span.Start >= span.End {
		return ""
	}
	// strings.Join(strings.Fields(s), " "), read only as far as the
	// shortening keeps: a finding on a whole rule spans kilobytes.
	s := text[span.Start:span.End]
	var b strings.Builder
	n, field := 0, -1
	add := func(w string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += utf8.RuneCountInString(w)
	}
	for i, r := range s {
		if !unicode.IsSpace(r) {
			if field < 0 {
				field = i
			}
			continue
		}
		if field >= 0 {
			add(s[field:i])
			field = -1
			if n > maxEvidence {
				break
			}
		}
	}
	if field >= 0 && n <= maxEvidence {
		add(s[field:])
	}
	out := b.String()
	if n > maxEvidence {
		r := []rune(out)
		out = string(r[:maxEvidence-1]) + "…"
	}
	return out
}
