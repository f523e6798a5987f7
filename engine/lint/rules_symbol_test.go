package lint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// symRule writes a rule; event is the event block's lines joined by ';'.
func symRule(name, event string, conditions []string, actions ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rule(%q)\n{\n\tevent\n\t{\n", name)
	for _, l := range strings.Split(event, ";") {
		fmt.Fprintf(&b, "\t\t%s;\n", strings.TrimSpace(l))
	}
	b.WriteString("\t}\n")
	if len(conditions) > 0 {
		b.WriteString("\n\tconditions\n\t{\n")
		for _, c := range conditions {
			fmt.Fprintf(&b, "\t\t%s;\n", c)
		}
		b.WriteString("\t}\n")
	}
	if len(actions) > 0 {
		b.WriteString("\n\tactions\n\t{\n")
		for _, a := range actions {
			fmt.Fprintf(&b, "\t\t%s;\n", a)
		}
		b.WriteString("\t}\n")
	}
	b.WriteString("}\n\n")
	return b.String()
}

// symDecls writes the variables and subroutines blocks.
func symDecls(globals, players, subs []string) string {
	var b strings.Builder
	b.WriteString("variables\n{\n")
	if len(globals) > 0 {
		b.WriteString("\tglobal:\n")
		for i, g := range globals {
			fmt.Fprintf(&b, "\t\t%d: %s\n", i, g)
		}
	}
	if len(players) > 0 {
		if len(globals) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("\tplayer:\n")
		for i, p := range players {
			fmt.Fprintf(&b, "\t\t%d: %s\n", i, p)
		}
	}
	b.WriteString("}\n\n")
	if len(subs) > 0 {
		b.WriteString("subroutines\n{\n")
		for i, s := range subs {
			fmt.Fprintf(&b, "\t%d: %s\n", i, s)
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

const (
	symGlobal = "Ongoing - Global"
	symEach   = "Ongoing - Each Player; All; All"
	symDied   = "Player Died; All; All"
	symHUD    = `Create HUD Text(All Players(All Teams), Custom String("x"), Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility)`
	symEffect = `Create Effect(All Players(All Teams), Sphere, Color(White), Vector(0, 0, 0), 1, Visible To Position and Radius)`
	symText   = `Create In-World Text(All Players(All Teams), Custom String("x"), Vector(0, 0, 0), 1, Do Not Clip, Visible To Position and String, Color(White), Default Visibility)`
)

// symLint parses and validates text (it must have no error) and lints it
// with the rule id alone.
func symLint(t *testing.T, id, text string) (*lint.Result, lint.Program) {
	t.Helper()
	f := source.NewFile("t.ow", text)
	c := engine.Check(f, engine.Options{})
	if c.Diags.HasErrors() {
		t.Fatalf("the test program has errors: %v\n%s", c.Diags, text)
	}
	cfg := &lint.Config{}
	found := false
	for _, r := range lint.Builtin() {
		if r.ID == id {
			found = true
			continue
		}
		if err := cfg.Disable(r.ID); err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatalf("no built-in rule %s", id)
	}
	prog := lint.Program{File: f, Script: c.Script}
	res := lint.Run(prog, cfg)
	for _, s := range res.Skipped {
		t.Fatalf("rule %s skipped: %s", s.Rule, s.Reason)
	}
	return res, prog
}

// symCase is a program and the findings a rule reports on it: each want
// is a substring of one finding's message, in order.
type symCase struct {
	name string
	text string
	want []string
}

func symRun(t *testing.T, id string, cases []symCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, prog := symLint(t, id, c.text)
			if len(res.Findings) != len(c.want) {
				var got []string
				for _, f := range res.Findings {
					got = append(got, f.Message)
				}
				t.Fatalf("got %d findings, want %d:\n\t%s", len(res.Findings), len(c.want), strings.Join(got, "\n\t"))
			}
			for i, f := range res.Findings {
				if !strings.Contains(f.Message, c.want[i]) {
					t.Errorf("finding %d: %q does not contain %q", i, f.Message, c.want[i])
				}
				symCheckMessage(t, f)
				if f.Span.Start < 0 || f.Span.End > len(c.text) || f.Span.Start >= f.Span.End {
					t.Errorf("finding %d: span %v out of the text", i, f.Span)
				}
				if f.Fix != nil {
					symCheckFix(t, prog, f)
				}
			}
		})
	}
}

// symCheckMessage checks the message style: lower case, no final period.
func symCheckMessage(t *testing.T, f lint.Finding) {
	t.Helper()
	if f.Message == "" || strings.ToLower(f.Message[:1]) != f.Message[:1] || strings.HasSuffix(f.Message, ".") {
		t.Errorf("message %q: want lower case and no final period", f.Message)
	}
}

// symCheckFix applies a finding's fix and checks the result parses and
// validates with no error the original did not have.
func symCheckFix(t *testing.T, prog lint.Program, f lint.Finding) {
	t.Helper()
	text, err := source.Apply(prog.File.Text, f.Fix.Edits)
	if err != nil {
		t.Fatalf("fix %s: %v", f.Fix.Kind, err)
	}
	before := engine.Check(prog.File, engine.Options{}).Diags
	after := engine.Check(source.NewFile("t.ow", text), engine.Options{}).Diags
	if n, m := errorCount(before), errorCount(after); m > n {
		t.Errorf("fix %s adds errors (%d → %d): %v\n%s", f.Fix.Kind, n, m, after, text)
	}
	if pr := parser.Parse(source.NewFile("t.ow", text), parser.Options{}); pr.Diags.HasErrors() {
		t.Errorf("fix %s: the result does not parse: %v", f.Fix.Kind, pr.Diags)
	}
}

func errorCount(l diag.List) int {
	n := 0
	for _, d := range l {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}

func TestUndefinedSubroutine(t *testing.T) {
	decls := symDecls([]string{"a"}, nil, []string{"Work", "Other"})
	symRun(t, "undefined-subroutine", []symCase{
		{"called, defined", decls + symRule("main", symGlobal, nil, "Call Subroutine(Work)") + symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			nil},
		{"called, never defined", decls + symRule("main", symGlobal, nil, "Call Subroutine(Work)"),
			[]string{"subroutine Work is called here but no enabled rule defines it"}},
		{"started, never defined", decls + symRule("main", symGlobal, nil, "Start Rule(Other, Restart Rule)"),
			[]string{"subroutine Other is started here"}},
		{"default name, never defined", decls + symRule("main", symGlobal, nil, "Call Subroutine(Sub5)"),
			[]string{"subroutine Sub5 is called"}},
		{"defined only by a disabled rule", decls + symRule("main", symGlobal, nil, "Call Subroutine(Work)") + "disabled " + symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			[]string{`the only rule defining it, "work", is disabled`}},
		{"call in a disabled action", decls + symRule("main", symGlobal, nil, "disabled Call Subroutine(Work)"),
			nil},
		{"call in a disabled rule", decls + "disabled " + symRule("main", symGlobal, nil, "Call Subroutine(Work)"),
			nil},
	})
}

func TestUnusedVariable(t *testing.T) {
	symRun(t, "unused-variable", []symCase{
		{"all used", symDecls([]string{"a", "b"}, []string{"p"}, nil) + symRule("r", symEach, nil, "Global.a = Global.b", "Event Player.p = 1"),
			nil},
		{"global never used", symDecls([]string{"a", "b"}, nil, nil) + symRule("r", symGlobal, nil, "Global.a = 1"),
			[]string{"global variable b is declared but never read or written: remove its declaration"}},
		{"the only global", symDecls([]string{"a"}, []string{"p"}, nil) + symRule("r", symEach, nil, "Event Player.p = 1"),
			[]string{"global variable a is declared"}},
		{"player never used", symDecls([]string{"a"}, []string{"p", "q"}, nil) + symRule("r", symEach, nil, "Global.a = Event Player.q"),
			[]string{"player variable p is declared"}},
		{"used only in disabled code counts as used", symDecls([]string{"a"}, nil, nil) + symRule("r", symGlobal, nil, "disabled Global.a = 1"),
			nil},
		{"used by name through Global Variable()", symDecls([]string{"a", "b"}, nil, nil) + symRule("r", symGlobal, nil, "Set Global Variable(a, Global Variable(b))"),
			nil},
	})
}

func TestWriteOnlyVariable(t *testing.T) {
	decls := symDecls([]string{"a", "b", "i"}, []string{"p"}, nil)
	symRun(t, "write-only-variable", []symCase{
		{"written and read", decls + symRule("r", symGlobal, nil, "Global.a = 1", "Global.b = Global.a + Global.i", "Event Player.p = Global.b") +
			symRule("s", symEach, []string{"Event Player.p == 1"}),
			nil},
		{"written, never read", decls + symRule("r", symGlobal, nil, "Global.a = 1", "Global.b = 2", "Global.i = Global.a + Global.b"),
			[]string{"global variable i is written but never read"}},
		{"compound writes are not reads", decls + symRule("r", symGlobal, nil, "Global.a += 1", "Modify Global Variable(b, Add, 1)", "Global.i = Global.a + Global.b"),
			[]string{"global variable i is written"}},
		{"self reads are not reads", decls + symRule("r", symGlobal, nil, "Global.a = Global.a + 1", "Global.b = Global.i", "Global.i = Global.b"),
			[]string{"global variable a is written but only read to compute its own new value"}},
		{"read only in disabled code", decls + symRule("r", symGlobal, nil, "Global.a = 1", "disabled Global.b = Global.a", "Global.i = Global.b") +
			symRule("s", symGlobal, []string{"Global.i == 1"}),
			[]string{"global variable a is written but only read in disabled code"}},
		{"read in a condition", decls + symRule("r", symEach, nil, "Event Player.p = 1") + symRule("s", symEach, []string{"Event Player.p == 1"}),
			nil},
		{"a For loop reads its variable", decls + symRule("r", symGlobal, nil, "For Global Variable(i, 0, 3, 1)", "End"),
			nil},
		{"chases are writes", decls + symRule("r", symGlobal, nil, "Chase Global Variable At Rate(a, 10, 1, Destination and Rate)"),
			[]string{"global variable a is written but never read"}},
		{"player variable", decls + symRule("r", symEach, nil, "Event Player.p = 1"),
			[]string{"player variable p is written but never read"}},
		{"undeclared default name", symDecls([]string{"a"}, nil, nil) + symRule("r", symGlobal, nil, "Global.a = Global.B", "Global.B = 1", "Global.C = 2") +
			symRule("s", symGlobal, []string{"Global.a == 1"}),
			[]string{"global variable C is written"}},
	})
}

func TestUnusedSubroutine(t *testing.T) {
	decls := symDecls([]string{"a"}, nil, []string{"Work", "Spare"})
	symRun(t, "unused-subroutine", []symCase{
		{"all called", symDecls([]string{"a"}, nil, []string{"Work"}) + symRule("main", symGlobal, nil, "Call Subroutine(Work)") +
			symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			nil},
		{"started counts as called", symDecls([]string{"a"}, nil, []string{"Work"}) + symRule("main", symGlobal, nil, "Start Rule(Work, Do Nothing)") +
			symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			nil},
		{"a rule never called", decls + symRule("main", symGlobal, nil, "Call Subroutine(Spare)") + symRule("work", "Subroutine; Work", nil, "Global.a = 1") +
			symRule("spare", "Subroutine; Spare", nil, "Global.a = 2"),
			[]string{`subroutine Work is never called, so its rule "work" never runs`}},
		{"declared only", decls + symRule("main", symGlobal, nil, "Call Subroutine(Work)") + symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			[]string{"subroutine Spare is declared but no rule defines it and nothing calls it: remove its declaration"}},
		{"called only from disabled code", symDecls([]string{"a"}, nil, []string{"Work"}) + symRule("main", symGlobal, nil, "disabled Call Subroutine(Work)") +
			symRule("work", "Subroutine; Work", nil, "Global.a = 1"),
			[]string{"subroutine Work is only called from disabled code"}},
		{"undeclared default name", symDecls([]string{"a"}, nil, nil) + symRule("main", symGlobal, nil, "Global.a = 1") + symRule("work", "Subroutine; Sub3", nil, "Global.a = 1"),
			[]string{`subroutine Sub3 is never called, so its rule "work" never runs`}},
	})
}

func TestPersistentObjectLeak(t *testing.T) {
	decls := symDecls([]string{"h", "fx", "i"}, []string{"ph"}, []string{"Make"})
	symRun(t, "persistent-object-leak", []symCase{
		{"created once", decls + symRule("r", symGlobal, nil, symHUD),
			nil},
		{"repeating event, never kept", decls + symRule("r", symDied, nil, symEffect),
			[]string{"this effect is created again each time the action runs (the rule runs each time the Player Died event happens) but its id is never kept and nothing destroys it"}},
		{"repeating conditions", decls + symRule("r", symEach, []string{"Is Button Held(Event Player, Button(Interact)) == True"}, symHUD),
			[]string{"this HUD text is created again each time the action runs (the rule's conditions can become true again)"}},
		{"while loop", decls + symRule("r", symGlobal, nil, "While(True)", symText, "Wait(1, Ignore Condition)", "End"),
			[]string{"this in-world text is created again each time the action runs (it is inside a While loop)"}},
		{"rule loops", decls + symRule("r", symGlobal, nil, symEffect, "Wait(1, Ignore Condition)", "Loop"),
			[]string{"the rule loops back to its first action (Loop)"}},
		{"kept", decls + symRule("r", symDied, nil, symEffect, "Modify Global Variable(fx, Append To Array, Last Created Entity)"),
			nil},
		{"destroyed before the next run", decls + symRule("r", symDied, nil, "Destroy HUD Text(Last Text ID)", symHUD),
			nil},
		{"destroy all anywhere", decls + symRule("r", symDied, nil, symEffect) + symRule("s", symGlobal, []string{"Global.i == 1"}, "Destroy All Effects"),
			nil},
		{"destroy all of another kind does not count", decls + symRule("r", symDied, nil, symEffect) + symRule("s", symGlobal, nil, "Destroy All Icons"),
			[]string{"this effect is created again"}},
		{"once per joining player", decls + symRule("r", symEach, nil, symHUD),
			nil},
		{"once-guard", decls + symRule("r", symEach, []string{"Is Alive(Event Player) == True", "Event Player.ph == False"}, symHUD, "Event Player.ph = True"),
			nil},
		{"for loop in a rule that runs once", decls + symRule("r", symGlobal, nil, "For Global Variable(i, 0, 10, 1)", symEffect, "End"),
			nil},
		{"subroutine called from a repeating rule", decls + symRule("s", "Subroutine; Make", nil, symHUD) + symRule("r", symDied, nil, "Call Subroutine(Make)"),
			[]string{`subroutine Make is called from rule "r", where the rule runs each time the Player Died event happens`}},
		{"damage over time expires", decls + symRule("r", symDied, nil, "Start Damage Over Time(Event Player, Null, 5, 10)"),
			nil},
		{"damage over time for ever", decls + symRule("r", symDied, nil, "Start Damage Over Time(Event Player, Null, 9999, 10)"),
			[]string{"this damage over time is created again"}},
		{"dummy bots are bounded by slots", decls + symRule("r", symDied, nil, "Create Dummy Bot(Hero(Ana), Team 1, 0, Vector(0, 0, 0), Vector(0, 0, 0))"),
			nil},
		{"disabled creation", decls + symRule("r", symDied, nil, "disabled "+symEffect),
			nil},
	})
}

func TestLastIDMismatch(t *testing.T) {
	decls := symDecls([]string{"t", "e"}, nil, []string{"Make"})
	symRun(t, "last-id-mismatch", []symCase{
		{"matching", decls + symRule("r", symGlobal, nil, symText, "Global.t = Last Text ID", symEffect, "Global.e = Last Created Entity"),
			nil},
		{"entity after a text", decls + symRule("r", symGlobal, nil, symText, "Global.t = Last Created Entity"),
			[]string{"this reads Last Created Entity, which does not hold the id of the in-world text created before it: the in-world text's id is in Last Text ID, use that instead"}},
		{"text after an effect", decls + symRule("r", symGlobal, nil, symEffect, "Destroy HUD Text(Last Text ID)"),
			[]string{"this reads Last Text ID, which does not hold the id of the effect"}},
		{"both created, both read", decls + symRule("r", symGlobal, nil, symHUD, symEffect, "Global.t = Last Text ID", "Global.e = Last Created Entity"),
			nil},
		{"after a subroutine's effects", decls + symRule("s", "Subroutine; Make", nil, symEffect) +
			symRule("r", symGlobal, nil, "Call Subroutine(Make)", symText, "Global.t = Last Created Entity"),
			[]string{"this reads Last Created Entity, which does not hold the id of the in-world text"}},
		{"nothing created before", decls + symRule("r", symGlobal, nil, "Global.t = Last Created Entity"),
			nil},
	})
}

// TestSymbolFixes checks the edited text of the fixes.
func TestSymbolFixes(t *testing.T) {
	body := symRule("r", symEach, nil, "Event Player.p = Global.b")
	for _, c := range []struct {
		name, id, text string
		want           string // a prefix of the fixed text
	}{
		{"one declaration of several", "unused-variable", symDecls([]string{"a", "b"}, []string{"p"}, nil) + body,
			"variables\n{\n\tglobal:\n\t\t1: b\n\n\tplayer:\n\t\t0: p\n}\n\nrule"},
		{"the only global", "unused-variable", symDecls([]string{"a"}, []string{"p"}, nil) + symRule("r", symEach, nil, "Event Player.p = 1"),
			"variables\n{\n\tplayer:\n\t\t0: p\n}\n\nrule"},
		{"the only player variable", "unused-variable", symDecls([]string{"a"}, []string{"p"}, nil) + symRule("r", symEach, nil, "Global.a = 1"),
			"variables\n{\n\tglobal:\n\t\t0: a\n}\n\nrule"},
		{"the only variable", "unused-variable", symDecls([]string{"a"}, nil, nil) + symRule("r", symEach, nil, "Event Player.A = 1"),
			"rule"},
		{"the only subroutine", "unused-subroutine", symDecls([]string{"a"}, nil, []string{"Spare"}) + symRule("r", symGlobal, nil, "Global.a = 1"),
			"variables\n{\n\tglobal:\n\t\t0: a\n}\n\nrule"},
		{"matching Last … ID", "last-id-mismatch", symDecls([]string{"t"}, nil, nil) + symRule("r", symGlobal, nil, symText, "Global.t = Last Created Entity"),
			""},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, prog := symLint(t, c.id, c.text)
			if len(res.Findings) != 1 || res.Findings[0].Fix == nil {
				t.Fatalf("want one finding with a fix, got %v", res.Findings)
			}
			symCheckFix(t, prog, res.Findings[0])
			got, err := source.Apply(prog.File.Text, res.Findings[0].Fix.Edits)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("fixed text:\n%s\nwant it to start with:\n%s", got, c.want)
			}
			if c.id == "last-id-mismatch" && (!strings.Contains(got, "Global.t = Last Text ID;") || strings.Contains(got, "Last Created Entity")) {
				t.Errorf("fixed text:\n%s", got)
			}
		})
	}
}
