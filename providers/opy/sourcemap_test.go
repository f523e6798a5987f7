package opy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	wsparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// coreTests are the compile tests of OverPy's CORE features (tests.md
// §2.1) and the real game modes.
var coreTests = []string{"rules", "conditions", "loops", "gotos", "subroutines", "variables", "comments", "eventVars",
	"builtinenums", "dicts", "arrays", "operators", "functions", "example", "include3", "include5", "extensions",
	"shionSettings", "customGameSettings", "getCurrentMap", "old_ze"}

// constructs collects the Locs of the OverPy constructs an action or a
// condition may come from: statements (nested too), annotations,
// declarations with initialisers, top-level macro uses.
func constructs(p *Program) (stmts, annots, rules map[Loc]bool) {
	stmts, annots, rules = map[Loc]bool{}, map[Loc]bool{}, map[Loc]bool{}
	var walk func([]Stmt)
	walk = func(ss []Stmt) {
		for _, s := range ss {
			stmts[s.stmtLoc()] = true
			switch s := s.(type) {
			case *IfStmt:
				walk(s.Body)
			case *WhileStmt:
				walk(s.Body)
			case *ForStmt:
				walk(s.Body)
			case *DoStmt:
				walk(s.Body)
				stmts[s.WhileLoc] = true
			case *SwitchStmt:
				walk(s.Body)
			case *CaseStmt:
				walk(s.Body)
			case *ExprStmt:
				if call, ok := s.X.(*Call); ok {
					stmts[call.Loc] = true
				}
			}
		}
	}
	var rule func(r *Rule)
	rule = func(r *Rule) {
		rules[r.Loc] = true
		for _, a := range r.Annotations {
			annots[a.Loc.Cover(a.ArgLoc)] = true
		}
		walk(r.Body)
	}
	for _, d := range p.Decls {
		switch d := d.(type) {
		case *Rule:
			rule(d)
		case *VarDecl:
			stmts[d.Loc] = true
		case *TopStmt:
			rules[d.Loc] = true
			stmts[d.Loc] = true
		case *MacroDecl:
			for _, a := range d.Annotations {
				annots[a.Loc.Cover(a.ArgLoc)] = true
			}
		}
	}
	return stmts, annots, rules
}

// TestSourceMapProperty: in every CORE test and real mode that compiles,
// every lowered rule maps to a rule header, every condition to its
// @Condition, every action to the statement it came from, and every value
// inside an action to text inside that statement.
func TestSourceMapProperty(t *testing.T) {
	names := append([]string{}, coreTests...)
	for _, n := range corpusTests(t) {
		if strings.HasPrefix(n, "z_") {
			names = append(names, n)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src := filepath.Join(corpus, "tests", name+".opy")
			text, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			res := Compile(src, string(text), Options{})
			refused := Errors(res.Diags) > 0
			if reason, want := refusedCore[name]; refused != want {
				t.Fatalf("compiles: %v, want %v (%s); update refusedCore", !refused, !want, reason)
			}
			if !refused {
				checkSourceMap(t, res)
			}
		})
	}
}

// refusedCore are the CORE tests wright-lsp refuses, each for a feature
// it does not compile (and says so with unsupported-feature): none today.
var refusedCore = map[string]string{}

func checkSourceMap(t *testing.T, res *Result) {
	t.Helper()
	stmts, annots, rules := constructs(res.Program)
	parsed := wsparser.Parse(source.NewFile("lowered", res.Text), wsparser.Options{Locale: vocab.EnUS, LocaleGiven: true})
	show := func(l Loc) string {
		f := res.Program.Files[l.File]
		return fmt.Sprintf("%s:%d %q", filepath.Base(f.Path), 1+strings.Count(f.Text[:l.Start], "\n"), f.Text[l.Start:l.End])
	}
	failures := 0
	fail := func(format string, args ...any) {
		if failures < 10 {
			t.Errorf(format, args...)
		}
		failures++
	}
	// A rule OverPy generates maps to what asked for it: a directive
	// (#!disableInspector, #!setupTags) or a use of Texture.
	generator := func(l Loc) bool {
		for _, d := range res.Program.Decls {
			if d, ok := d.(*Directive); ok && d.Loc == l {
				return true
			}
		}
		return strings.HasPrefix(res.Program.Files[l.File].Text[l.Start:l.End], "Texture.")
	}
	for _, r := range parsed.Script.Rules {
		rl, ok := res.Map.Lookup(r.Span)
		if ok && generator(rl) {
			for _, s := range r.Actions.Statements {
				if l, ok := res.Map.Lookup(s.Span); !ok || l != rl {
					fail("an action of the generated rule %q maps to %s, not to %s", r.Name, showIf(show, l, ok), show(rl))
				}
			}
			continue
		}
		if ok && !rules[rl] {
			fail("rule %q maps to %s, not a rule header", r.Name, show(rl))
		}
		if r.Conditions != nil {
			for _, s := range r.Conditions.Statements {
				l, ok := res.Map.Lookup(s.Span)
				if !ok || !annots[l] {
					fail("a condition of rule %q maps to %v %s, not its @Condition", r.Name, ok, showIf(show, l, ok))
				}
			}
		}
		if r.Actions == nil {
			continue
		}
		for _, s := range r.Actions.Statements {
			l, ok := res.Map.Lookup(s.Span)
			if !ok {
				if !rules[rl] {
					continue // a generated rule's generated action
				}
				fail("an action of rule %q (%q) has no OverPy source", r.Name, res.Text[s.Span.Start:s.Span.End])
				continue
			}
			if !stmts[l] {
				fail("action %q of rule %q maps to %s, not a statement", res.Text[s.Span.Start:s.Span.End], r.Name, show(l))
				continue
			}
			ast.Inspect(s.Body, func(e *ast.Expr) bool {
				sp := s.SpanOf(e)
				vl, ok := res.Map.Lookup(sp)
				if !ok || vl.File != l.File || vl.Start < l.Start || vl.End > l.End {
					fail("value %q in rule %q maps to %s, outside its statement %s", res.Text[sp.Start:sp.End], r.Name, showIf(show, vl, ok), show(l))
					return false
				}
				return true
			})
		}
	}
	// Every problem the engine finds in the lowered text lies on text
	// with an OverPy source.
	for _, d := range engine.Check(source.NewFile("lowered", res.Text), engine.Options{Locale: vocab.EnUS, LocaleGiven: true}).Diags {
		if _, ok := res.Map.Lookup(d.Span); !ok {
			fail("engine diagnostic %s %q at %q has no OverPy source", d.Code, d.Message, res.Text[d.Span.Start:d.Span.End])
		}
	}
	if failures > 10 {
		t.Errorf("… %d failures in all", failures)
	}
}

func showIf(show func(Loc) string, l Loc, ok bool) string {
	if !ok {
		return "nothing"
	}
	return show(l)
}

// TestSourceMapShapes pins the one-to-many shapes: each lowered piece named
// by its Workshop text maps to the OverPy text given.
func TestSourceMapShapes(t *testing.T) {
	cases := []struct {
		name, src string
		// pieces maps a substring of the lowered text (its first
		// occurrence) to the OverPy text it must map to.
		pieces [][2]string
	}{
		{"block header and its End", "rule \"r\":\n    if A:\n        B = 1\n    C = 2\n", [][2]string{
			{"If(Global.A);", "if A:"}, {"End;", "if A:"}, {"Set Global Variable(B, 1);", "B = 1"}}},
		{"while and for with their End", "rule \"r\":\n    while A:\n        B = 1\n    for I in range(3):\n        C = 2\n", [][2]string{
			{"While(Global.A);", "while A:"}, {"For Global Variable(I, 0, 3, 1);", "for I in range(3):"}}},
		{"compound assignment", "rule \"r\":\n    A += B * 2\n", [][2]string{
			{"Set Global Variable(A, Add(Global.A, Multiply(Global.B, 2)));", "A += B * 2"},
			{"Global.A", "A"}, {"Multiply(Global.B, 2)", "B * 2"}, {"Add(Global.A, Multiply(Global.B, 2))", "A += B * 2"}}},
		{"increment", "rule \"r\":\n    A++\n", [][2]string{{"Add(Global.A, 1)", "A++"}}},
		{"condition", "rule \"r\":\n    @Condition A and B\n    C = 1\n", [][2]string{
			{"And(Global.A, Global.B) == True;", "@Condition A and B"}, {"Global.B", "B"}}},
		{"text macro at its call site", "#!define twice(x) x * 2\nrule \"r\":\n    A = twice(B)\n", [][2]string{
			{"Multiply(Global.B, 2)", "twice(B)"}, {"Set Global Variable(A, Multiply(Global.B, 2));", "A = twice(B)"}}},
		{"block macro at its call site", "macro setBoth(v):\n    A = v\n    B = v\nrule \"r\":\n    setBoth(3)\n", [][2]string{
			{"Set Global Variable(A, 3);", "setBoth(3)"}, {"Set Global Variable(B, 3);", "setBoth(3)"}}},
		{"generated initialisation rule", "globalvar counter = 5\nrule \"r\":\n    counter = 1\n", [][2]string{
			{"Set Global Variable(counter, 5);", "globalvar counter = 5"}, {"5", "5"}}},
		{"default arguments at the call", "rule \"r\":\n    wait()\n", [][2]string{
			{"Wait(0.016, Ignore Condition);", "wait()"}, {"Ignore Condition", "wait()"}}},
		{"dictionary lookup", "rule \"r\":\n    A = {1: 2}[B]\n", [][2]string{
			{"Index Of Array Value(Array(1), Global.B)", "{1: 2}[B]"}}},
		{"ruleCondition copies the conditions", "rule \"r\":\n    @Condition A\n    B = ruleCondition\n", [][2]string{
			{"((Global.A))", "ruleCondition"}}},
		{"variables block", "globalvar score 3\nrule \"r\":\n    score = 1\n", [][2]string{{"3: score", "score"}}},
		{"rules generated by directives", "#!disableInspector\n#!setupTags\nrule \"r\":\n    A = 1\n", [][2]string{
			{"Disable Inspector Recording;", "#!disableInspector"}, {"Destroy All Dummy Bots;", "#!setupTags"}, {"127: __holygrail__", "#!setupTags"}}},
		{"the rule generated by a use of Texture", "rule \"r\":\n    A = Texture.ASSAULT\n", [][2]string{
			{"Destroy All Dummy Bots;", "Texture.ASSAULT"}, {"Custom String(\"{0}txc00000000020af8>\", Global.__holygrail__)", "Texture.ASSAULT"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := Compile("s.opy", c.src, Options{})
			if Errors(res.Diags) > 0 {
				t.Fatalf("does not compile:%s", listDiags(res.Diags, c.src))
			}
			for _, p := range c.pieces {
				at := strings.Index(res.Text, p[0])
				if at < 0 {
					t.Errorf("no %q in the lowered text:\n%s", p[0], res.Text)
					continue
				}
				l, ok := res.Map.Lookup(source.Span{Start: at, End: at + len(p[0])})
				if !ok {
					t.Errorf("%q maps to nothing", p[0])
					continue
				}
				if got := c.src[l.Start:l.End]; got != p[1] {
					t.Errorf("%q maps to %q, want %q", p[0], got, p[1])
				}
			}
			checkSourceMap(t, res)
		})
	}
}

// TestSourceMapBlocksAndParens: a loop through its End (what the engine
// reports as a repeated value's enclosing loop) maps to the loop's
// statement, not to the rule around it; an operation whose operand is
// parenthesised starts at the parenthesis, so what it maps to is a whole
// construct.
func TestSourceMapBlocksAndParens(t *testing.T) {
	src := "rule \"r\":\n    for I in range(3):\n        while A:\n            B = (C[1]).x + (D) * 2\n            wait()\n"
	res := Compile("s.opy", src, Options{})
	if Errors(res.Diags) > 0 {
		t.Fatalf("does not compile:%s", listDiags(res.Diags, src))
	}
	// span runs from the first from to the last to after it.
	span := func(from, to string) source.Span {
		a := strings.Index(res.Text, from)
		if a < 0 {
			t.Fatalf("no %q in the lowered text:\n%s", from, res.Text)
		}
		b := strings.LastIndex(res.Text[a:], to)
		if b < 0 {
			t.Fatalf("no %q after %q in the lowered text:\n%s", to, from, res.Text)
		}
		return source.Span{Start: a, End: a + b + len(to)}
	}
	spanOf := func(piece string) source.Span {
		a := strings.Index(res.Text, piece)
		if a < 0 {
			t.Fatalf("no %q in the lowered text:\n%s", piece, res.Text)
		}
		return source.Span{Start: a, End: a + len(piece)}
	}
	for _, c := range []struct {
		name string
		span source.Span
		want string
	}{
		{"the for loop through its End", span("For Global Variable(I", "End;"), "for I in range(3):"},
		{"the while loop through its End", spanOf("While(Global.A);\n                Set Global Variable(B, Add(X Component Of(Value In Array(Global.C, 1)), Multiply(Global.D, 2)));\n                Wait(0.016, Ignore Condition);\n            End;"), "while A:"},
		{"a member of a parenthesised index", spanOf("X Component Of(Value In Array(Global.C, 1))"), "(C[1]).x"},
		{"a product of a parenthesised name", spanOf("Multiply(Global.D, 2)"), "(D) * 2"},
	} {
		l, ok := res.Map.Lookup(c.span)
		if !ok {
			t.Errorf("%s: %q maps to nothing", c.name, res.Text[c.span.Start:c.span.End])
			continue
		}
		if got := src[l.Start:l.End]; got != c.want {
			t.Errorf("%s: %q maps to %q, want %q", c.name, res.Text[c.span.Start:c.span.End], got, c.want)
		}
	}
	checkSourceMap(t, res)
}
