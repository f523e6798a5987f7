package optimize_test

// This file checks the action-level passes by running programs: a small
// interpreter of the Workshop's control flow (semantics.md §1.8 and §1.9:
// If chains, Skip and Skip If counted flat, Abort) runs generated rules
// before and after optimisation, for every value of their condition
// variables, and the two must set the same variables to the same values
// in the same order.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// machine runs one rule's actions.
type machine struct {
	acts  []*ast.Statement
	vars  map[string]float64
	trace []string
	// next[i] is the position of the chain element after the opener or
	// Else If/Else at i (its next Else If, Else or End), end[i] that of
	// the chain's End (len(acts) when the rule ends first).
	next, end []int
}

type block struct{ done, skipped bool }

func newMachine(acts []*ast.Statement, inputs [4]bool) *machine {
	m := &machine{acts: acts, vars: map[string]float64{}, next: make([]int, len(acts)), end: make([]int, len(acts))}
	for k, v := range inputs {
		if v {
			m.vars[fmt.Sprintf("C%d", k)] = 1
		}
	}
	for i := range acts {
		m.next[i], m.end[i] = len(acts), len(acts)
		if flow(acts[i]) != vocab.FlowOpen && flow(acts[i]) != vocab.FlowMiddle {
			continue
		}
		depth := 0
		for k := i + 1; k < len(acts); k++ {
			f := flow(acts[k])
			if f == vocab.FlowOpen {
				depth++
			}
			if depth == 0 && (f == vocab.FlowMiddle || f == vocab.FlowEnd) && m.next[i] == len(acts) {
				m.next[i] = k
			}
			if f == vocab.FlowEnd {
				if depth == 0 {
					m.end[i] = k
					break
				}
				depth--
			}
		}
	}
	return m
}

func flow(st *ast.Statement) vocab.Flow { return st.Flow() }

func id(st *ast.Statement) string {
	if st.Disabled || st.Body == nil {
		return ""
	}
	b := st.Body
	for b.Kind == ast.Paren {
		b = b.Args[0]
	}
	if b.Kind == ast.Assign {
		return "assign"
	}
	if b.Kind == ast.Call && b.Elem != nil {
		return b.Elem.ID
	}
	return "?"
}

// value evaluates the few values the generated rules hold.
func (m *machine) value(e *ast.Expr) float64 {
	switch e.Kind {
	case ast.Paren:
		return m.value(e.Args[0])
	case ast.Number:
		return e.Num
	case ast.Global:
		return m.vars[e.Text]
	case ast.Not:
		return b2f(m.value(e.Args[0]) == 0)
	case ast.Ternary:
		if m.value(e.Args[0]) != 0 {
			return m.value(e.Args[1])
		}
		return m.value(e.Args[2])
	case ast.Binary:
		l, r := m.value(e.Args[0]), m.value(e.Args[1])
		// A comparison with a Boolean compares truthiness.
		truth := isBoolLit(e.Args[0]) || isBoolLit(e.Args[1])
		switch e.Op {
		case ast.OpAnd:
			return b2f(l != 0 && r != 0)
		case ast.OpOr:
			return b2f(l != 0 || r != 0)
		case ast.OpEq:
			if truth {
				return b2f((l != 0) == (r != 0))
			}
			return b2f(l == r)
		case ast.OpNe:
			if truth {
				return b2f((l != 0) != (r != 0))
			}
			return b2f(l != r)
		case ast.OpLt:
			return b2f(l < r)
		case ast.OpGe:
			return b2f(l >= r)
		case ast.OpAdd:
			return l + r
		case ast.OpSub:
			return l - r
		case ast.OpMul:
			return l * r
		}
	case ast.Call:
		switch e.Elem.ID {
		case "true":
			return 1
		case "false", "null":
			return 0
		case "__not__":
			return b2f(m.value(e.Args[0]) == 0)
		}
	}
	panic("the interpreter does not know " + ast.DumpExpr(e))
}

func isBoolLit(e *ast.Expr) bool {
	return e.Kind == ast.Call && e.Elem != nil && (e.Elem.ID == "true" || e.Elem.ID == "false")
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// set records a change of a variable (setting a variable to its value,
// 0 for an unset one, changes nothing).
func (m *machine) set(name string, v float64) {
	if m.vars[name] == v {
		return
	}
	m.vars[name] = v
	m.trace = append(m.trace, fmt.Sprintf("%s=%g", name, v))
}

// run executes the actions; a budget guards against a defect looping.
func (m *machine) run() {
	var stack []block
	top := func() *block {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	pop := func() {
		if len(stack) > 0 {
			stack = stack[:len(stack)-1]
		}
	}
	for pc, steps := 0, 0; pc < len(m.acts) && steps < 10000; steps++ {
		st := m.acts[pc]
		body := st.Body
		arg := func(i int) *ast.Expr { return body.Args[i] }
		switch id(st) {
		case "":
			pc++
		case "assign":
			name := body.Args[0].Text
			v := m.value(body.Args[1])
			switch body.Op {
			case ast.OpAddAssign:
				v += m.vars[name]
			case ast.OpSubAssign:
				v = m.vars[name] - v
			case ast.OpMulAssign:
				v *= m.vars[name]
			}
			m.set(name, v)
			pc++
		case "__setGlobalVariable__":
			m.set(arg(0).Text, m.value(arg(1)))
			pc++
		case "__modifyGlobalVariable__":
			v := m.value(arg(2))
			switch arg(1).Member.ID {
			case "__add__":
				v += m.vars[arg(0).Text]
			case "__multiply__":
				v *= m.vars[arg(0).Text]
			default:
				panic("the interpreter does not know " + arg(1).Member.ID)
			}
			m.set(arg(0).Text, v)
			pc++
		case "return":
			return
		case "__abortIf__":
			if m.value(arg(0)) != 0 {
				return
			}
			pc++
		case "__skip__", "__skipIf__":
			n := m.value(arg(len(body.Args) - 1))
			if id(st) == "__skipIf__" && m.value(arg(0)) == 0 {
				pc++
				continue
			}
			for k := 0; k < int(n) && pc+1 < len(m.acts); k++ {
				pc++
				switch flow(m.acts[pc]) {
				case vocab.FlowOpen:
					stack = append(stack, block{skipped: true})
				case vocab.FlowEnd:
					pop()
				}
			}
			pc++
		case "__if__", "__while__":
			if m.value(arg(0)) != 0 && id(st) == "__if__" {
				stack = append(stack, block{done: true})
				pc++
			} else if id(st) == "__while__" {
				pc = m.end[pc] + 1 // the generated loops never run
			} else {
				stack = append(stack, block{})
				pc = m.next[pc]
			}
		case "__elif__":
			if t := top(); t != nil && t.done {
				pop()
				pc = m.end[pc] + 1
			} else if m.value(arg(0)) != 0 {
				if t != nil {
					t.done = true
				}
				pc++
			} else {
				pc = m.next[pc]
			}
		case "__else__":
			if t := top(); t != nil && t.done {
				pop()
				pc = m.end[pc] + 1
			} else {
				if t != nil {
					t.done = true
				}
				pc++
			}
		case "__end__":
			pop()
			pc++
		default:
			panic("the interpreter does not know " + id(st))
		}
	}
}

// generator writes random rules of the shapes the action passes rewrite.
type generator struct {
	r     *rand.Rand
	lines []string
}

func (g *generator) cond() string {
	c := func() int { return g.r.IntN(4) }
	switch g.r.IntN(16) {
	case 9:
		return fmt.Sprintf("!(Global.C%d && Global.C%d)", c(), c())
	case 10:
		return fmt.Sprintf("!Global.C%d || !Global.C%d", c(), c())
	case 11:
		return fmt.Sprintf("!(Global.%c < %d)", "ABCD"[c()], g.r.IntN(5))
	case 12:
		return fmt.Sprintf("Global.C%d ? True : False", c())
	case 13:
		return fmt.Sprintf("(Global.C%d != False) == True", c())
	case 14:
		return fmt.Sprintf("Global.%c == %d", "ABCD"[c()], g.r.IntN(5))
	case 15:
		return fmt.Sprintf("%d < %d", g.r.IntN(3), g.r.IntN(3))
	}
	switch g.r.IntN(9) {
	case 0:
		return "True"
	case 1:
		return "False"
	case 2:
		return fmt.Sprint(g.r.IntN(2))
	case 3:
		return fmt.Sprintf("!Global.C%d", g.r.IntN(4))
	case 4:
		return fmt.Sprintf("Global.C%d == True", g.r.IntN(4))
	case 5:
		return fmt.Sprintf("Global.C%d == False", g.r.IntN(4))
	case 6:
		return fmt.Sprintf("Global.C%d && Global.C%d", g.r.IntN(4), g.r.IntN(4))
	}
	return fmt.Sprintf("Global.C%d", g.r.IntN(4))
}

func (g *generator) emit(format string, args ...any) {
	g.lines = append(g.lines, fmt.Sprintf(format, args...))
}

func (g *generator) block(depth, n int) {
	for range n {
		v := "ABCD"[g.r.IntN(4)]
		switch k := g.r.IntN(16); {
		case k < 4:
			g.emit("Global.%c = %d;", v, g.r.IntN(9))
		case k == 4:
			switch g.r.IntN(4) {
			case 0:
				g.emit("Global.%c = Global.%c + %d;", v, v, 1+g.r.IntN(3))
			case 1:
				g.emit("Global.%c = %d * Global.%c;", v, 1+g.r.IntN(3), v)
			case 2:
				g.emit("Global.%c = Global.%c - %d;", v, v, 1+g.r.IntN(3))
			default:
				g.emit("Global.%c = %d * %d + Global.%c;", v, 1+g.r.IntN(3), g.r.IntN(3), "ABCD"[g.r.IntN(4)])
			}
		case k == 5:
			g.emit("Global.%c = Global.%c;", v, v)
		case k == 6:
			g.emit("disabled Global.%c = %d;", v, g.r.IntN(9))
		case k == 7:
			g.emit("Skip(%d);", g.r.IntN(5))
		case k == 8:
			g.emit("Skip If(%s, %d);", g.cond(), g.r.IntN(5))
		case k == 9:
			g.emit("Abort If(%s);", g.cond())
		case k == 10:
			g.emit("If(%s);", g.cond())
			g.emit("Abort;")
			if g.r.IntN(3) == 0 {
				g.emit("Global.%c = 9;", v)
			}
			g.emit("End;")
		case k == 11:
			g.emit("If(%s);", g.cond())
			g.emit("Skip(%d);", g.r.IntN(4))
			g.emit("End;")
		case k == 12:
			g.emit("While(False);")
			g.block(depth+1, g.r.IntN(2))
			g.emit("End;")
		case depth < 3:
			g.emit("If(%s);", g.cond())
			g.block(depth+1, g.r.IntN(3))
			for range g.r.IntN(3) {
				g.emit("Else If(%s);", g.cond())
				g.block(depth+1, g.r.IntN(3))
			}
			if g.r.IntN(2) == 0 {
				g.emit("Else;")
				g.block(depth+1, g.r.IntN(3))
			}
			g.emit("End;")
		}
	}
}

// runs returns the traces of a rule's actions for every input.
func runs(s *ast.Script) []string {
	var acts []*ast.Statement
	if len(s.Rules) > 0 && s.Rules[0].Actions != nil {
		acts = s.Rules[0].Actions.Statements
	}
	var out []string
	for in := range 16 {
		m := newMachine(acts, [4]bool{in&1 != 0, in&2 != 0, in&4 != 0, in&8 != 0})
		m.run()
		out = append(out, strings.Join(m.trace, " "))
	}
	return out
}

// checkSameRuns optimises the generated rule of seed and compares the runs.
func checkSameRuns(t *testing.T, seed uint64) {
	g := &generator{r: rand.New(rand.NewPCG(seed, 1))}
	g.block(0, 3+g.r.IntN(10))
	text := strings.Join(g.lines, "\n")
	in := parse(t, text)
	out, _ := optimize.Program(in, optimize.Options{})
	// Read the optimised rule back from its text, as a user would.
	back := parse(t, show(t, out))
	before, after := runs(in), runs(back)
	for k := range before {
		if before[k] != after[k] {
			t.Fatalf("seed %d, inputs %04b: the optimised rule sets\n  %s\ninstead of\n  %s\nrule:\n%s\noptimised:\n%s",
				seed, k, after[k], before[k], text, show(t, back))
		}
	}
}

// TestSameRuns runs generated rules before and after optimisation.
func TestSameRuns(t *testing.T) {
	for seed := range uint64(400) {
		checkSameRuns(t, seed)
	}
}

func FuzzSameRuns(f *testing.F) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) { checkSameRuns(t, seed) })
}

// TestInterpreter checks the interpreter itself on rules whose runs are
// known, so that TestSameRuns compares what the game would do.
func TestInterpreter(t *testing.T) {
	cases := []struct{ rule, want string }{
		{"Global.A = 1;\nSkip(1);\nGlobal.A = 2;\nGlobal.B = 3;", "A=1 B=3"},
		{"If(Global.C0);\nGlobal.A = 1;\nElse If(True);\nGlobal.A = 2;\nElse;\nGlobal.A = 3;\nEnd;\nGlobal.B = 4;", "A=2 B=4"},
		{"Skip If(True, 2);\ndisabled Global.A = 1;\nGlobal.A = 2;\nGlobal.B = 3;", "B=3"},
		{"If(False);\nGlobal.A = 1;\nEnd;\nAbort If(!Global.C0);\nGlobal.B = 2;", ""},
		{"Skip(1);\nIf(False);\nGlobal.A = 1;\nEnd;\nGlobal.B = 2;", "A=1 B=2"},
		{"Global.A = 1;\nGlobal.A = Global.A + 2;\nGlobal.A = Global.A;", "A=1 A=3"},
		{"Global.A = 2;\nIf(Global.A == 2 && !(Global.A < 1));\nGlobal.B = Global.C0 ? 3 : 4;\nEnd;\nGlobal.A -= 2 * 3;", "A=2 B=4 A=-4"},
		{"Global.A = 2;\nIf(Global.A == True);\nGlobal.B = 1;\nEnd;", "A=2 B=1"},
	}
	for _, tc := range cases {
		if got := runs(parse(t, tc.rule))[0]; got != tc.want {
			t.Errorf("%s\nsets %q, want %q", tc.rule, got, tc.want)
		}
	}
}
