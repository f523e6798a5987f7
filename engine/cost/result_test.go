package cost_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/cost"
)

// TestByNode checks the names and own costs of one rule's nodes: the −1
// of a top-level argument falls on the argument's node.
func TestByNode(t *testing.T) {
	s := parse(t, rule("Global.A == 1;",
		`Small Message(All Players(All Teams), Custom String("Hello"));
		Event Player.hp[2] += 10;
		Global.pool = Array(Hero(Ana), Hero(Mercy));`))
	r := cost.Count(s, cost.Options{}).Rules[0]
	got := map[string][2]int{}
	for _, n := range r.ByNode {
		if _, dup := got[n.Name]; dup {
			t.Errorf("name %q listed twice", n.Name)
		}
		got[n.Name] = [2]int{n.Count, n.Nodes}
	}
	want := map[string][2]int{
		"rule":             {1, 1},
		"condition":        {1, 1},
		"global-variable":  {1, 1}, // Global.A, a side: 2 − 1
		"number":           {3, 3}, // 1 (side) + 1 (index) + 1 (value)
		"smallMessage":     {1, 1},
		"getPlayers":       {0, 1}, // top-level: 1 − 1
		"team":             {2, 1}, // All Teams, nested: Team(All Teams)
		"__customString__": {0, 1},
		"string":           {1, 1},
		"implicit-null":    {3, 3},
		"assign:+=":        {1, 1},
		"assign:=":         {1, 1},
		"player-variable":  {0, 0},
		"eventPlayer":      {0, 1}, // the player argument of the action
		"variable-name":    {0, 2},
		"enum-member":      {2, 3}, // Add (0), Ana, Mercy
		"__array__":        {1, 1}, // 2 − 1
		"__hero__":         {2, 2},
		"hero-pairs":       {1, 1},
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: cost %d over %d nodes, want %d over %d", name, got[name][0], got[name][1], w[0], w[1])
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected name %q %v", name, got[name])
		}
	}
	if r.Count != 1+3+7+3+7 {
		t.Errorf("rule counts %d, want 21", r.Count)
	}
	sorted := r.NodesByCost()
	if !slices.IsSortedFunc(sorted, func(a, b cost.NodeCost) int { return b.Count - a.Count }) || len(sorted) != len(r.ByNode) {
		t.Errorf("NodesByCost is not ordered by cost: %v", sorted)
	}
	var names []string
	for _, st := range r.Statements {
		names = append(names, st.Name())
	}
	if got := strings.Join(names, " "); got != "condition smallMessage assign assign" {
		t.Errorf("statement names %q", got)
	}
}

// TestFree checks what costs nothing: comments, the disabled keyword, event
// lines, rule names, settings and variables.
func TestFree(t *testing.T) {
	plain := rule("Global.A == 1;", "Wait(1, Ignore Condition);")
	commented := `settings
{
	main
	{
		Description: "x"
	}
}
variables { global: 0: A }
// a comment
disabled rule("a longer name") {
	event { Ongoing - Global; }
	conditions { "why" disabled Global.A == 1; }
	actions { "what" /* here */ disabled Wait(1, Ignore Condition); }
}
`
	a := cost.Count(parse(t, plain), cost.Options{})
	b := cost.Count(parse(t, commented), cost.Options{})
	if a.Total != 6 || b.Total != a.Total {
		t.Errorf("totals %d and %d, want 6", a.Total, b.Total)
	}
	empty := cost.Count(parse(t, rule("", "")), cost.Options{})
	if empty.Total != 1 || len(empty.Rules[0].Statements) != 0 {
		t.Errorf("an empty rule counts %d, want 1", empty.Total)
	}
	none := cost.Count(parse(t, "variables { global: 0: A }\n"), cost.Options{})
	if none.Total != 0 || len(none.Rules) != 0 || none.Budget != 32768 {
		t.Errorf("no rules: %+v", none)
	}
}

func TestPayload(t *testing.T) {
	p := cost.Count(parse(t, "actions {\n\tWait(1, Ignore Condition);\n\tGlobal.A = 1;\n}\n"), cost.Options{})
	if p.Payload == nil || p.Payload.Index != -1 || p.Payload.Count != 4 || p.Total != 4 || len(p.Rules) != 0 {
		t.Fatalf("payload: %+v", p.Payload)
	}
	if got := sumNodes(p.Payload.ByNode); got != 4 {
		t.Errorf("payload ByNode sums to %d", got)
	}
}

func TestRanked(t *testing.T) {
	s := parse(t, rule("", "Abort;")+rule("", "Global.A = Array(1, 2);")+rule("", "Wait(1, Ignore Condition);")+rule("", "Abort;"))
	var got []int
	for _, r := range cost.Count(s, cost.Options{}).Ranked() {
		got = append(got, r.Index)
	}
	if !slices.Equal(got, []int{1, 2, 0, 3}) {
		t.Errorf("ranked %v, want [1 2 0 3]", got)
	}
}

func TestValueAndStatement(t *testing.T) {
	s := parse(t, rule("Global.A == 1;", `Global.A = Custom String("x", Hero(Ana), Hero(Mercy));`))
	act := s.Rules[0].Actions.Statements[0]
	if got := cost.Value(act.Body.Args[1], cost.Options{}); got != 7 {
		t.Errorf("Value: %d, want 7", got)
	}
	if got := cost.Statement(act, false, cost.Options{}); got != 8 {
		t.Errorf("Statement: %d, want 8 (1 + 6 + a hero pair)", got)
	}
	if got := cost.Statement(act, false, cost.OSTWOptions()); got != 7 {
		t.Errorf("Statement, OSTW: %d, want 7", got)
	}
	cond := s.Rules[0].Conditions.Statements[0]
	if got := cost.Statement(cond, true, cost.Options{}); got != 3 {
		t.Errorf("condition: %d, want 3", got)
	}
}

// TestTeamOrColour checks that "Team 1" is named a team where a value
// belongs and a colour in a colour slot; both cost 2.
func TestTeamOrColour(t *testing.T) {
	s := parse(t, rule("", "Global.A = Array(Team 1, Team 2);\n\t\tCreate Effect(All Players(All Teams), Sphere, Team 1, Event Player, 1, Visible To Position and Radius);"))
	got := map[string]int{}
	for _, n := range cost.Count(s, cost.Options{}).Rules[0].ByNode {
		got[n.Name] = n.Nodes
	}
	if got["team"] != 3 || got["color"] != 1 {
		t.Errorf("teams %d (want 3: Team 1, Team 2, All Teams), colours %d (want 1)", got["team"], got["color"])
	}
}
