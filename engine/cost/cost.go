package cost

import (
	"cmp"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// Budget is the number of elements a mode may hold.
const Budget = 32768

// Program is the element count of a whole script.
type Program struct {
	// Total is the sum of the rules' counts, plus the payload's.
	Total int
	// Budget is the game's limit, 32 768.
	Budget int
	// Rules holds one entry per rule, in program order.
	Rules []RuleCost
	// Payload counts an actions-only or conditions-only script (text
	// copied out of one rule's block): its statements without a rule
	// around them. Nil for a whole mode.
	Payload *RuleCost
}

// RuleCost is the count of one rule.
type RuleCost struct {
	// Index is the rule's position in Script.Rules; -1 for a payload.
	Index int
	Rule  *ast.Rule
	// Count is the rule's elements: 1 for the rule itself, plus its
	// conditions and actions. Disabled rules and statements count alike.
	Count int
	// Statements lists each condition, then each action, in order.
	Statements []StatementCost
	// ByNode sums the cost of the rule's nodes per node name, in the
	// order the names first occur in the rule (NodesByCost orders them
	// by cost). The costs add up to Count.
	ByNode []NodeCost
}

// StatementCost is the count of one condition or action.
type StatementCost struct {
	Statement *ast.Statement
	Condition bool
	// Count is the statement's elements, its hero pairs included.
	Count int
}

// Name names the statement: the action's element id ("wait",
// "__setGlobalVariable__"), "assign" for assignment syntax (Global.x += 1),
// "condition" for a condition, or "bad" / "unknown" for text that names no
// action.
func (s StatementCost) Name() string {
	if s.Condition {
		return kindNames[kCondition]
	}
	return actionName(s.Statement.Body)
}

// NodeCost is what the nodes of one name cost together.
type NodeCost struct {
	// Name is the node's canonical name (see the package documentation).
	Name string
	// Count is the sum of the nodes' own costs, adjustments included.
	Count int
	// Nodes is how many nodes were summed.
	Nodes int
}

// Count returns the element count of s under opts. It walks the tree once
// and never changes it.
func Count(s *ast.Script, opts Options) *Program {
	c := newCounter(opts.resolve(), true)
	p := &Program{Budget: Budget, Rules: make([]RuleCost, len(s.Rules))}
	nStmts := 0
	for _, r := range s.Rules {
		nStmts += blockLen(r.Conditions) + blockLen(r.Actions)
	}
	stmts := make([]StatementCost, 0, nStmts)
	for i, r := range s.Rules {
		stmts = c.countRule(&p.Rules[i], i, r, stmts)
		p.Total += p.Rules[i].Count
	}
	if s.Conditions != nil || s.Actions != nil {
		rc := &RuleCost{Index: -1}
		c.beginRule()
		var list []StatementCost
		list = c.block(list, s.Conditions, true)
		list = c.block(list, s.Actions, false)
		rc.Statements = list
		for _, st := range list {
			rc.Count += st.Count
		}
		rc.ByNode = c.endRule()
		p.Payload = rc
		p.Total += rc.Count
	}
	return p
}

// countRule counts r, the rule at index i, into rc; its statements' costs are
// appended to stmts, which is returned.
func (c *counter) countRule(rc *RuleCost, i int, r *ast.Rule, stmts []StatementCost) []StatementCost {
	rc.Index, rc.Rule = i, r
	c.beginRule()
	c.kind(kRule, 1)
	start := len(stmts)
	stmts = c.block(stmts, r.Conditions, true)
	stmts = c.block(stmts, r.Actions, false)
	rc.Statements = stmts[start:len(stmts):len(stmts)]
	rc.Count = 1
	for _, st := range rc.Statements {
		rc.Count += st.Count
	}
	rc.ByNode = c.endRule()
	return stmts
}

// Recount returns what Count returns for next, a script read again after
// an edit as sp says (see [ast.Splice]) from the one prev counted under
// the same options: only the rules read again are counted; the others'
// counts are prev's, pointing at next's rules and statements. A rule's
// count depends on that rule alone. prev is not changed.
func Recount(prev *Program, next *ast.Script, sp ast.Splice, opts Options) *Program {
	if prev.Payload != nil || next.Conditions != nil || next.Actions != nil ||
		sp.First+sp.Old > len(prev.Rules) || len(prev.Rules)-sp.Old != len(next.Rules)-sp.New {
		return Count(next, opts)
	}
	c := newCounter(opts.resolve(), true)
	p := &Program{Budget: Budget, Rules: make([]RuleCost, len(next.Rules))}
	copy(p.Rules, prev.Rules[:sp.First])
	// As Count, every rule's list is a slice of one allocation (never
	// nil, even empty).
	n := 0
	for _, r := range next.Rules[sp.First : sp.First+sp.New] {
		n += blockLen(r.Conditions) + blockLen(r.Actions)
	}
	stmts := make([]StatementCost, 0, n)
	for i := sp.First; i < sp.First+sp.New; i++ {
		stmts = c.countRule(&p.Rules[i], i, next.Rules[i], stmts)
	}
	// The rules after moved: their counts stand, their nodes are copies.
	moved := prev.Rules[sp.First+sp.Old:]
	n = 0
	for _, rc := range moved {
		n += len(rc.Statements)
	}
	movedStmts := make([]StatementCost, 0, n)
	for k, rc := range moved {
		i := sp.First + sp.New + k
		r := next.Rules[i]
		rc.Index, rc.Rule = i, r
		if r != prev.Rules[sp.First+sp.Old+k].Rule {
			start := len(movedStmts)
			movedStmts = moveStatements(movedStmts, rc.Statements, r)
			rc.Statements = movedStmts[start:len(movedStmts):len(movedStmts)]
		}
		p.Rules[i] = rc
	}
	for i := range p.Rules {
		p.Total += p.Rules[i].Count
	}
	return p
}

// moveStatements appends the costs of a moved rule's statements, old,
// pointing at r's statements (its conditions, then its actions, as old
// lists them).
func moveStatements(out, old []StatementCost, r *ast.Rule) []StatementCost {
	var conds, acts []*ast.Statement
	if r.Conditions != nil {
		conds = r.Conditions.Statements
	}
	if r.Actions != nil {
		acts = r.Actions.Statements
	}
	for j, sc := range old {
		if j < len(conds) {
			sc.Statement = conds[j]
		} else {
			sc.Statement = acts[j-len(conds)]
		}
		out = append(out, sc)
	}
	return out
}

func blockLen(b *ast.Block) int {
	if b == nil {
		return 0
	}
	return len(b.Statements)
}

// Value returns the cost of e as a nested value: the number of elements it
// holds when it is an argument of a value, not of an action.
func Value(e *ast.Expr, opts Options) int {
	c := newCounter(opts.resolve(), false)
	return c.value(e, nil, 0)
}

// Statement returns the cost of one action (condition false) or condition
// as it counts in a rule.
func Statement(st *ast.Statement, condition bool, opts Options) int {
	c := newCounter(opts.resolve(), false)
	if condition {
		return c.condition(st.Body)
	}
	return c.action(st.Body)
}

// Ranked returns the rules largest first; rules of equal count keep
// program order.
func (p *Program) Ranked() []*RuleCost {
	out := make([]*RuleCost, len(p.Rules))
	for i := range p.Rules {
		out[i] = &p.Rules[i]
	}
	slices.SortStableFunc(out, func(a, b *RuleCost) int { return cmp.Compare(b.Count, a.Count) })
	return out
}

// NodesByCost returns a copy of r.ByNode ordered largest cost first, then
// by name.
func (r *RuleCost) NodesByCost() []NodeCost {
	ns := slices.Clone(r.ByNode)
	slices.SortFunc(ns, func(a, b NodeCost) int {
		if a.Count != b.Count {
			return cmp.Compare(b.Count, a.Count)
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return ns
}

// block appends the costs of b's statements to out.
func (c *counter) block(out []StatementCost, b *ast.Block, condition bool) []StatementCost {
	if b == nil {
		return out
	}
	for _, st := range b.Statements {
		sc := StatementCost{Statement: st, Condition: condition}
		if condition {
			sc.Count = c.condition(st.Body)
		} else {
			sc.Count = c.action(st.Body)
		}
		out = append(out, sc)
	}
	return out
}
