package flow

// This file builds the control-flow graph of a rule's actions. The
// Workshop's blocks are flat: If, Else If, Else, While, For and End are
// actions of one list, matched by nesting. The graph follows the runtime
// semantics of ../shared/reference/sim/semantics.md §1.6–1.9: Skip counts
// actions flat, Loop restarts the list, Abort and an unmatched Break or
// Continue end it. Disabled actions are not part of the program.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// BlockKind says what a graph block is.
type BlockKind uint8

// The block kinds.
const (
	Entry BlockKind = iota + 1
	Exit
	Basic // a straight run of actions
	If    // an If or Else If testing its condition
	While
	For
)

var blockKindNames = [...]string{Entry: "entry", Exit: "exit", Basic: "block", If: "if", While: "while", For: "for"}

// String returns the contract's spelling ("block" for Basic).
func (k BlockKind) String() string {
	if int(k) < len(blockKindNames) && blockKindNames[k] != "" {
		return blockKindNames[k]
	}
	return "unknown"
}

// ParseBlockKind reads a kind spelled as String returns it.
func ParseBlockKind(s string) (BlockKind, bool) {
	for k, name := range blockKindNames {
		if name != "" && name == s {
			return BlockKind(k), true
		}
	}
	return 0, false
}

// A Block is a node of the graph.
type Block struct {
	ID   int
	Kind BlockKind
	// Actions are indices into the rule's actions (Rule.Actions.Statements),
	// in execution order; empty for Entry and Exit.
	Actions []int
	Succ    []int
	Span    source.Span
}

// A Graph is the control flow of one rule's actions.
type Graph struct {
	Entry, Exit int
	Blocks      []Block
	// Dynamic is set when a Skip's count is not a literal: the graph then
	// assumes the skip may land on any later action.
	Dynamic bool

	// flat are the indices of the enabled actions, ids their element ids
	// (see Flat).
	flat []int
	ids  []string
}

// Flat returns the indices of the actions the graph holds (the enabled
// ones) in order, and the element id of each: the action's catalog id, or
// "" for an assignment or a name the vocabulary does not know. The slices
// belong to the graph: never change them.
func (g *Graph) Flat() (actions []int, ids []string) {
	return g.flat, g.ids
}

// Reachable returns, per action index, whether some path from the entry
// reaches it. Disabled actions are never reachable.
func (g *Graph) Reachable(actions int) []bool {
	out := make([]bool, actions)
	seen := make([]bool, len(g.Blocks))
	stack := []int{g.Entry}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, a := range g.Blocks[b].Actions {
			out[a] = true
		}
		stack = append(stack, g.Blocks[b].Succ...)
	}
	return out
}

// Build returns the control-flow graph of r's actions. A rule without
// actions has an entry leading to the exit.
func Build(r *ast.Rule) *Graph {
	var stmts []*ast.Statement
	if r.Actions != nil {
		stmts = r.Actions.Statements
	}
	return BuildActions(stmts)
}

// BuildActions returns the graph of an action list.
func BuildActions(stmts []*ast.Statement) *Graph {
	sc := scratchPool.Get().(*scratch)
	fl := newFlatList(stmts, sc)
	succ := fl.successors(sc)
	g := group(stmts, fl, succ, sc)
	g.flat, g.ids = fl.idx, fl.ids
	scratchPool.Put(sc)
	return g
}
