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
	add := func(rule int, ruleDisabled bool, b *ast.Block) {
		if b == nil {
			return
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
				Span: e.Span, Disabled: ruleDisabled || st.Disabled})
		}
	}
	for i, r := range s.Rules {
		add(i, r.Disabled, r.Actions)
	}
	add(-1, false, s.Actions)
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
