package flow_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func parseRule(t *testing.T, conditions, actions string) *ast.Script {
	t.Helper()
	src := "variables\n{\n\tglobal:\n\t\t0: i\n}\n\nsubroutines\n{\n\t0: Sub\n}\n\nrule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n"
	if conditions != "" {
		src += "\n\tconditions\n\t{\n" + conditions + "\n\t}\n"
	}
	src += "\n\tactions\n\t{\n" + actions + "\n\t}\n}\n"
	res := parser.Parse(source.NewFile("t.ow", src), parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("%v", res.Diags)
	}
	return res.Script
}

// render writes a graph as "kind[actions]->succ" per block, blocks in id
// order, entry and exit as E and X.
func render(g *flow.Graph) string {
	name := func(id int) string {
		switch id {
		case g.Entry:
			return "E"
		case g.Exit:
			return "X"
		}
		return fmt.Sprint(id)
	}
	var parts []string
	for _, b := range g.Blocks {
		if b.ID == g.Exit {
			continue
		}
		var succ []string
		for _, s := range b.Succ {
			succ = append(succ, name(s))
		}
		label := name(b.ID)
		if b.Kind != flow.Entry {
			label = fmt.Sprintf("%s:%s%v", name(b.ID), b.Kind, b.Actions)
		}
		parts = append(parts, label+"->"+strings.Join(succ, ","))
	}
	return strings.Join(parts, " ")
}

func TestGraphs(t *testing.T) {
	for _, c := range []struct {
		name, actions, want string
	}{
		{"straight line", "Global.i = 1;\nGlobal.i = 2;", "E->2 2:block[0 1]->X"},
		{"no actions", "", "E->X"},
		{"if else", "If(Global.i == 1);\nGlobal.i = 2;\nElse;\nGlobal.i = 3;\nEnd;\nGlobal.i = 4;",
			"E->2 2:if[0]->3,4 3:block[1]->5 4:block[2 3 4]->5 5:block[5]->X"},
		{"if else if", "If(Global.i == 1);\nGlobal.i = 2;\nElse If(Global.i == 2);\nGlobal.i = 3;\nEnd;",
			"E->2 2:if[0]->3,4 3:block[1]->X 4:if[2]->5,6 5:block[3]->6 6:block[4]->X"},
		{"while with break", "While(Global.i < 10);\nIf(Global.i == 5);\nBreak;\nEnd;\nGlobal.i += 1;\nEnd;\nAbort;",
			"E->2 2:while[0]->3,6 3:if[1]->4,5 4:block[2]->6 5:block[3 4 5]->2 6:block[6]->X"},
		{"skip", "Skip(1);\nGlobal.i = 1;\nGlobal.i = 2;", "E->2 2:block[0]->4 3:block[1]->4 4:block[2]->X"},
		{"skip if past the end", "Skip If(Global.i == 1, 5);\nGlobal.i = 1;", "E->2 2:block[0]->3,X 3:block[1]->X"},
		{"loop", "Wait(1, Ignore Condition);\nLoop;", "E->2 2:block[0 1]->2"},
		{"loop if", "Wait(1, Ignore Condition);\nLoop If(Global.i < 3);\nAbort;", "E->2 2:block[0 1]->3,2 3:block[2]->X"},
		{"abort makes the rest unreachable", "Abort;\nGlobal.i = 1;", "E->2 2:block[0]->X 3:block[1]->X"},
		{"wait abort when false", "Wait(1, Abort When False);\nGlobal.i = 1;", "E->2 2:block[0]->3,X 3:block[1]->X"},
		{"for", "For Global Variable(i, 0, 3, 1);\nGlobal.i += 0;\nEnd;", "E->2 2:for[0]->3,X 3:block[1 2]->2"},
		{"disabled actions are not in the graph", "Global.i = 1;\ndisabled Abort;\nGlobal.i = 2;", "E->2 2:block[0 2]->X"},
		{"break outside a loop aborts", "Break;\nGlobal.i = 1;", "E->2 2:block[0]->X 3:block[1]->X"},
	} {
		s := parseRule(t, "", c.actions)
		if got := render(flow.Build(s.Rules[0])); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestReachable(t *testing.T) {
	s := parseRule(t, "", "Abort;\nGlobal.i = 1;\nGlobal.i = 2;")
	r := flow.Build(s.Rules[0]).Reachable(3)
	if fmt.Sprint(r) != "[true false false]" {
		t.Errorf("reachable: %v", r)
	}
	s = parseRule(t, "", "Skip(Global.i);\nGlobal.i = 1;\nAbort;")
	g := flow.Build(s.Rules[0])
	if !g.Dynamic || fmt.Sprint(g.Reachable(3)) != "[true true true]" {
		t.Errorf("dynamic skip: dynamic %v reachable %v", g.Dynamic, g.Reachable(3))
	}
}

func TestCallGraph(t *testing.T) {
	s := parseRule(t, "", "Call Subroutine(Sub);\ndisabled Start Rule(Sub, Restart Rule);\nGlobal.i = 1;")
	edges := flow.CallGraph(s)
	if len(edges) != 2 || edges[0].Kind != flow.CallSubroutine || edges[0].Callee != "Sub" || edges[0].Caller != 0 ||
		edges[1].Kind != flow.StartRule || !edges[1].Disabled || edges[1].Action != 1 {
		t.Errorf("edges: %+v", edges)
	}
}

func TestConditionTree(t *testing.T) {
	s := parseRule(t, "\t\tGlobal.i == 1 && (Global.i < 2 || !Global.i);\n\t\tdisabled Global.i == 3;\n\t\tAnd(True, False) == True;", "Abort;")
	tree := flow.Conditions(s.Rules[0])
	var render func(n *flow.CondNode) string
	render = func(n *flow.CondNode) string {
		if n.Kind == flow.CondLeaf {
			return "leaf"
		}
		var parts []string
		for _, c := range n.Children {
			parts = append(parts, render(c))
		}
		return n.Kind.String() + "(" + strings.Join(parts, " ") + ")"
	}
	if got := render(tree); got != "all(and(leaf or(leaf not(leaf))) leaf)" {
		t.Errorf("tree: %s", got)
	}
	if tree.Depth() != 5 || tree.Leaves() != 4 {
		t.Errorf("depth %d leaves %d", tree.Depth(), tree.Leaves())
	}
}

// TestCorpus builds every rule's graph in the corpus and checks the graph
// is well formed: successors exist, every action is in exactly one block.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/workshop/*/*.txt")
	if len(files) < 60 {
		t.Fatalf("the shared corpus must be present (found %d files)", len(files))
	}
	for _, path := range files {
		f, err := source.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := parser.Parse(f, parser.Options{}).Script
		for ri, r := range s.Rules {
			g := flow.Build(r)
			seen := map[int]int{}
			for _, b := range g.Blocks {
				for _, a := range b.Actions {
					seen[a]++
				}
				for _, succ := range b.Succ {
					if succ < 0 || succ >= len(g.Blocks) || succ == g.Entry {
						t.Fatalf("%s rule %d: block %d has successor %d", path, ri, b.ID, succ)
					}
				}
			}
			if r.Actions != nil {
				for i, st := range r.Actions.Statements {
					if want := map[bool]int{true: 0, false: 1}[st.Disabled]; seen[i] != want {
						t.Fatalf("%s rule %d: action %d is in %d blocks", path, ri, i, seen[i])
					}
				}
			}
		}
		flow.CallGraph(s)
	}
}
