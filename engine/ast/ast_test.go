package ast

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func TestPrecedence(t *testing.T) {
	bin := func(op Op) *Expr { return &Expr{Kind: Binary, Op: op} }
	for _, c := range []struct {
		e    *Expr
		want int
		ops  []int // OperandPrecedence(0), (1), …
	}{
		{&Expr{Kind: Ternary}, 1, []int{2, 2, 2}},
		{bin(OpOr), 2, []int{2, 3}},
		{bin(OpEq), 4, []int{4, 5}},
		{bin(OpPow), 8, []int{8, 9}},
		{&Expr{Kind: Not}, 9, []int{9}},
		{&Expr{Kind: PlayerVar}, 10, []int{10}},
		{&Expr{Kind: Index}, 10, []int{10, 0}},
		{&Expr{Kind: Assign, Op: OpAddAssign}, 10, []int{10, 0}},
		{&Expr{Kind: Call}, 10, []int{0, 0}},
		{&Expr{Kind: Paren}, 10, []int{0}},
		{&Expr{Kind: Number}, 10, nil},
	} {
		if got := c.e.Precedence(); got != c.want {
			t.Errorf("%s %s: Precedence() = %d, want %d", c.e.Kind, c.e.Op, got, c.want)
		}
		for i, want := range c.ops {
			if got := c.e.OperandPrecedence(i); got != want {
				t.Errorf("%s %s: OperandPrecedence(%d) = %d, want %d", c.e.Kind, c.e.Op, i, got, want)
			}
		}
	}
}

func TestStatementFlow(t *testing.T) {
	call := func(id string) *Expr {
		return &Expr{Kind: Call, Elem: &vocab.Element{Entry: vocab.Entry{ID: id}}}
	}
	for _, c := range []struct {
		name string
		st   *Statement
		want vocab.Flow
	}{
		{"if", &Statement{Body: call("__if__")}, vocab.FlowOpen},
		{"else", &Statement{Body: call("__else__")}, vocab.FlowMiddle},
		{"end", &Statement{Body: call("__end__")}, vocab.FlowEnd},
		{"wait", &Statement{Body: call("__wait__")}, vocab.FlowNone},
		{"disabled while", &Statement{Disabled: true, Body: call("__while__")}, vocab.FlowNone},
		{"unknown call", &Statement{Body: &Expr{Kind: Call, Text: "If"}}, vocab.FlowNone},
		{"assignment", &Statement{Body: &Expr{Kind: Assign}}, vocab.FlowNone},
		{"no body", &Statement{}, vocab.FlowNone},
	} {
		if got := c.st.Flow(); got != c.want {
			t.Errorf("%s: Flow() = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestRuleSubroutine(t *testing.T) {
	ev := func(lines ...EventLine) *Rule { return &Rule{Event: &EventBlock{Lines: lines}} }
	for _, c := range []struct {
		name string
		r    *Rule
		want string
	}{
		{"no event", &Rule{}, ""},
		{"event only", ev(EventLine{Kind: EventLineEvent, Text: "Subroutine"}), ""},
		{"subroutine", ev(EventLine{Kind: EventLineEvent}, EventLine{Kind: EventLineSubroutine, Text: "Sub0"}), "Sub0"},
		{"first of two", ev(EventLine{Kind: EventLineSubroutine, Text: "A"}, EventLine{Kind: EventLineSubroutine, Text: "B"}), "A"},
	} {
		if got := c.r.Subroutine(); got != c.want {
			t.Errorf("%s: Subroutine() = %q, want %q", c.name, got, c.want)
		}
	}
}
