package optimize_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func TestPassCatalog(t *testing.T) {
	kebab := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	seen := map[string]bool{}
	for _, p := range optimize.Passes() {
		if !kebab.MatchString(p.Name) {
			t.Errorf("pass %q: the name is not kebab-case", p.Name)
		}
		if seen[p.Name] {
			t.Errorf("pass %q is listed twice", p.Name)
		}
		seen[p.Name] = true
		if p.Doc == "" || strings.HasSuffix(p.Doc, ".") || strings.ToLower(p.Doc[:1]) != p.Doc[:1] {
			t.Errorf("pass %q: the description %q must be lower case, without a final period", p.Name, p.Doc)
		}
	}
	if got := optimize.PassNames(); len(got) != len(seen) {
		t.Errorf("PassNames lists %d passes, Passes %d", len(got), len(seen))
	}
}

func TestValidate(t *testing.T) {
	if err := (optimize.Options{Passes: []string{"fold-constants", "abort-if"}}).Validate(); err != nil {
		t.Errorf("known passes: %v", err)
	}
	err := (optimize.Options{Passes: []string{"fold-constant"}}).Validate()
	if err == nil || !strings.Contains(err.Error(), `unknown optimisation pass "fold-constant"`) {
		t.Errorf("an unknown pass: got %v", err)
	}
}

// TestDefaultPasses runs the default passes over a program where they
// build on each other, and checks the per-rule report.
func TestDefaultPasses(t *testing.T) {
	in := ruleWith("kept", "Global.A == 1 && Is Alive(Event Player);",
		"Global.B = Global.B + 2 * 3;\n"+
			"If(Global.C == True);\nAbort;\nEnd;\n"+
			"Global.D = Global.D[0];\n"+
			"If(Is Dead(Event Player) == False);\nGlobal.E = Vector(0, 0, 0);\nEnd;") +
		"\n" + ruleWith("waits", "", "Wait(1, Ignore Condition);") +
		"\ndisabled " + ruleWith("off", "", "Global.F = 1;")
	want := ruleWith("kept", "Global.A == 1;\nIs Alive(Event Player) == True;",
		"Global.B += 6;\n"+
			"Abort If(Global.C);\n"+
			"Global.D = First Of(Global.D);\n"+
			"If(Is Alive(Event Player));\nGlobal.E = Left + Right;")
	s := parse(t, in)
	out, rep := optimize.Program(s, optimize.Options{})
	if got, w := show(t, out), show(t, parse(t, want)); got != w {
		t.Errorf("got\n%s\nwant\n%s", got, w)
	}
	checkReport(t, s, out, rep)
	if len(rep.Rules) != 3 {
		t.Fatalf("report: %d rules, want 3", len(rep.Rules))
	}
	kept, waits, off := rep.Rules[0], rep.Rules[1], rep.Rules[2]
	if kept.Name != "kept" || kept.Removed || kept.Saved() <= 0 || len(kept.Passes) == 0 {
		t.Errorf("report: rule kept: %+v", kept)
	}
	if !waits.Removed || waits.After != 0 || !slices.ContainsFunc(waits.Passes, func(p optimize.PassReport) bool { return p.Name == "empty-rule" }) {
		t.Errorf("report: rule waits: %+v", waits)
	}
	if !off.Removed || off.Index != 2 {
		t.Errorf("report: rule off: %+v", off)
	}
	if !slices.Equal(passNames(rep.Passes), defaultPasses()) {
		t.Errorf("report: passes %v, want the default ones %v", passNames(rep.Passes), defaultPasses())
	}
}

func passNames(ps []optimize.PassReport) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func defaultPasses() []string {
	var out []string
	for _, p := range optimize.Passes() {
		if !p.ForSize {
			out = append(out, p.Name)
		}
	}
	return out
}

func TestForSize(t *testing.T) {
	const in = "Wait(1, Ignore Condition);\nGlobal.A = 1;"
	s := parse(t, in)
	out, _ := optimize.Program(s, optimize.Options{})
	if got, want := show(t, out), show(t, s); got != want {
		t.Errorf("by default, 1 stays 1:\n%s", got)
	}
	out, rep := optimize.Program(s, optimize.Options{ForSize: true})
	if got, want := show(t, out), show(t, parse(t, "Wait(True, Ignore Condition);\nGlobal.A = 1;")); got != want {
		t.Errorf("for size: got\n%s\nwant\n%s", got, want)
	}
	if !slices.Contains(passNames(rep.Passes), "for-size-literals") {
		t.Errorf("for size: passes %v", passNames(rep.Passes))
	}
}

// TestPayload optimises an actions-only script, text copied out of one
// rule: it may be a subroutine's, so its final End stays.
func TestPayload(t *testing.T) {
	const in = "actions\n{\n\tGlobal.A = Global.A + 1;\n\tIf(Global.B);\n\t\tGlobal.C = 1;\n\tEnd;\n}\n"
	c := engine.Check(source.NewFile("p.ow", in), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
	out, rep := optimize.Program(c.Script, optimize.Options{})
	got := show(t, out)
	want := "actions\n{\n\tGlobal.A += 1;\n\tIf(Global.B);\n\t\tGlobal.C = 1;\n\tEnd;\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if len(rep.Rules) != 1 || rep.Rules[0].Index != -1 || rep.Saved() != 3 {
		t.Errorf("report: %+v", rep)
	}
	checkReport(t, c.Script, out, rep)
}

// TestUnchanged returns the very rules it was given when nothing applies.
func TestUnchanged(t *testing.T) {
	s := parse(t, "Global.A = Global.B;")
	out, rep := optimize.Program(s, optimize.Options{})
	if out == s || out.Rules[0] != s.Rules[0] {
		t.Errorf("want a new script sharing the unchanged rule")
	}
	if rep.Saved() != 0 || len(rep.Rules[0].Passes) != 0 {
		t.Errorf("report: %+v", rep)
	}
}

// TestNewNodesPrintInEveryLanguage prints, in each of the game's
// languages, a rule holding every kind of node the passes build, and
// reads it back: each name has a spelling there that tells it apart. (A
// comparison is built as Compare(a, op, b) only in place of one, in text
// that has it already: its operators are spelled in en-US only.)
func TestNewNodesPrintInEveryLanguage(t *testing.T) {
	const actions = `Set Global Variable(A, First Of(Global.B));
Set Global Variable(A, Last Of(Global.B));
Set Global Variable(A, Array(Up, Down, Left, Right, Forward, Backward, Add(Left, Right), Multiply(Up, 2)));
Set Global Variable(A, Not(Or(And(Global.B, Global.C), Global.B != Global.C)));
Set Global Variable(A, Array(True, False, Null, Is Alive(Event Player), Is Dead(Event Player)));
Set Global Variable(A, Array(Number Of Players(All Teams), Number Of Living Players(All Teams), Number Of Dead Players(All Teams), Number Of Players On Objective(All Teams)));
Set Global Variable(A, Custom String("a {0}", Vector(1, 2, 3)));
Modify Global Variable(A, Add, 1);
Modify Global Variable(A, Subtract, 1);
Modify Global Variable(A, Multiply, 1);
Modify Global Variable(A, Divide, 1);
Modify Global Variable(A, Modulo, 1);
Modify Global Variable(A, Raise To Power, 1);
Modify Global Variable(A, Min, 1);
Modify Global Variable(A, Max, 1);
Modify Global Variable(A, Append To Array, 1);
Modify Global Variable(A, Remove From Array By Value, 1);
Modify Global Variable At Index(A, 1, Add, 1);
Modify Player Variable(Event Player, A, Add, 1);
Modify Player Variable At Index(Event Player, A, 1, Add, 1);
Abort If(Global.B);
Skip If(Global.B, 1);
Skip(1);
If(Global.B);
Abort;
Else;
Loop If(Global.B);
End;
Loop;`
	s := parse(t, actions)
	want := show(t, s)
	for _, l := range vocab.Locales() {
		text, diags := printer.Print(s, printer.Options{Locale: l})
		if len(diags) > 0 {
			t.Errorf("%s: %s", l, diags[0].Message)
			continue
		}
		c := engine.Check(source.NewFile("t.ow", text), engine.Options{Locale: l, LocaleGiven: true})
		if c.ParseErrors > 0 {
			t.Errorf("%s: the text does not read back:\n%s", l, text)
			continue
		}
		if got := show(t, c.Script); got != want {
			t.Errorf("%s: read back as\n%s", l, got)
		}
	}
}

// TestJumpCountsInReport: a jump count rewritten because its target
// moved is counted against the pass that moved it (here it grows: True
// becomes 0 before for-size-literals makes it False).
func TestJumpCountsInReport(t *testing.T) {
	s := parse(t, "Skip If(Random Integer(0, 1), True);\nGlobal.A = Global.A;\nGlobal.B = 5;")
	out, rep := optimize.Program(s, optimize.Options{ForSize: true})
	if got, want := show(t, out), show(t, parse(t, "Skip If(Random Integer(False, True), False);\nGlobal.B = 5;")); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkReport(t, s, out, rep)
}

// TestConcurrent optimises one tree from several goroutines: Program
// only reads its input (go test -race checks it).
func TestConcurrent(t *testing.T) {
	s := parse(t, "Global.A = Global.A + 1;\nIf(Global.B == True);\nAbort;\nEnd;\nGlobal.C = Vector(0, 0, 0);")
	want := show(t, s)
	done := make(chan string)
	for range 4 {
		go func() {
			out, _ := optimize.Program(s, optimize.Options{})
			text, _ := printer.Print(out, printer.Options{Locale: vocab.EnUS})
			done <- text
		}()
	}
	first := <-done
	for range 3 {
		if got := <-done; got != first {
			t.Errorf("two runs differ:\n%s\n%s", first, got)
		}
	}
	if show(t, s) != want {
		t.Errorf("the input changed")
	}
}
