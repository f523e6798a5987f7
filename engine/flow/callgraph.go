package flow

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// EdgeKind says how a rule runs a subroutine.
type EdgeKind uint8

// The call edge kinds.
const (
	CallSubroutine EdgeKind = iota + 1 // Call Subroutine: the caller waits
	StartRule                          // Start Rule: runs alongside the caller
)

// String returns "call" or "start-rule".
func (k EdgeKind) String() string {
	if k == StartRule {
		return "start-rule"
	}
	return "call"
}

// A CallEdge is one Call Subroutine or Start Rule.
type CallEdge struct {
	// Caller is the index of the calling rule in Script.Rules, or -1 for
	// an actions-only payload.
	Caller int
	// Callee is the subroutine's name as written.
	Callee string
	Kind   EdgeKind
	// Action is the action's index in the caller's actions block.
	Action int
	Span   source.Span
	// Disabled marks a call in a disabled rule or action: it is in the
	// text but never runs.
	Disabled bool
}

// CallGraph returns every subroutine call of s, in text order.
func CallGraph(s *ast.Script) []CallEdge {
	var edges []CallEdge
	for i, r := range s.Rules {
		edges = AppendCalls(edges, i, r.Disabled, r.Actions)
	}
	return AppendCalls(edges, -1, false, s.Actions)
}

// CallGraphAgain returns what CallGraph returns for s, where s is the
// script whose call graph is prev, read again after an edit as sp says
// (see [ast.Splice]): the calls of the rules read again are found again,
// those of the rules before them kept and those of the rules after them
// moved with their rules. prev is not changed.
func CallGraphAgain(prev []CallEdge, s *ast.Script, sp ast.Splice) []CallEdge {
	if s.Actions != nil || sp.First < 0 || sp.Old < 0 || sp.New < 0 || sp.First+sp.New > len(s.Rules) {
		return CallGraph(s)
	}
	oldEnd, shift, delta := sp.First+sp.Old, sp.New-sp.Old, sp.Delta()
	edges := make([]CallEdge, 0, len(prev)+2)
	i := 0
	for ; i < len(prev) && prev[i].Caller < sp.First; i++ {
		if prev[i].Caller < 0 {
			return CallGraph(s) // a payload's: not a script of rules
		}
		edges = append(edges, prev[i])
	}
	for r := sp.First; r < sp.First+sp.New; r++ {
		edges = AppendCalls(edges, r, s.Rules[r].Disabled, s.Rules[r].Actions)
	}
	for i < len(prev) && prev[i].Caller < oldEnd {
		i++ // a call of a rule read again
	}
	for ; i < len(prev); i++ {
		e := prev[i]
		e.Caller += shift
		e.Span = e.Span.Shift(delta)
		edges = append(edges, e)
	}
	if len(edges) == 0 {
		return nil // as CallGraph
	}
	return edges
}

// AppendCalls appends to edges the calls of the actions block b of rule
// (-1 for a payload's), as CallGraph finds them; ruleDisabled says the
// rule is disabled.
func AppendCalls(edges []CallEdge, rule int, ruleDisabled bool, b *ast.Block) []CallEdge {
	if b == nil {
		return edges
	}
	for i, st := range b.Statements {
		e := st.Body
		if e == nil || e.Kind != ast.Call || e.Elem == nil || len(e.Args) == 0 || e.Args[0].Kind != ast.Name {
			continue
		}
		kind := CallSubroutine
		switch e.Elem.ID {
		case "__callSubroutine__":
		case "startRule":
			kind = StartRule
		default:
			continue
		}
		edges = append(edges, CallEdge{Caller: rule, Callee: e.Args[0].Text, Kind: kind, Action: i,
			Span: st.SpanOf(e), Disabled: ruleDisabled || st.Disabled})
	}
	return edges
}

// SubroutineRules maps each subroutine name to the indices of the rules
// whose event is that subroutine.
func SubroutineRules(s *ast.Script) map[string][]int {
	out := map[string][]int{}
	for i, r := range s.Rules {
		if r.Event == nil {
			continue
		}
		for _, l := range r.Event.Lines {
			if l.Kind == ast.EventLineSubroutine {
				out[l.Text] = append(out[l.Text], i)
			}
		}
	}
	return out
}
