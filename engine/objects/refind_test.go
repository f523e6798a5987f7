package objects_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/flow"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

var (
	refindSteps = flag.Int("refind.steps", 0, "edits per corpus file in TestRefindEqualsFind (0: a few)")
	refindSeed  = flag.Uint64("refind.seed", 18, "seed of TestRefindEqualsFind's edits")
)

// TestRefindEqualsFind edits every corpus file at random, each edit after
// the last, reads each version again with engine.Recheck and checks
// Refind, from the objects of the version before, against FindAll of the
// edited script. Half the steps give the finder the graphs and the call
// graph, as a lint pass does. It also checks that Refind leaves what it
// starts from as it was, and that most edits are found again
// incrementally.
func TestRefindEqualsFind(t *testing.T) {
	steps, bigSteps := 12, 4
	if testing.Short() {
		steps, bigSteps = 4, 1
	}
	if *refindSteps > 0 {
		steps, bigSteps = *refindSteps, *refindSteps
	}
	incremental, total, reused := 0, 0, 0
	for fi, f := range edittest.WorkshopCorpus(t, "../../../shared") {
		rng := rand.New(rand.NewPCG(*refindSeed, 3000+uint64(fi)))
		n := steps
		if len(f.Text) > 200_000 {
			n = bigSteps
		}
		prev := engine.Check(f, engine.Options{})
		prevFound := objects.FindAll(prev.Script, objects.Analyses{})
		text := f.Text
		for step := range n {
			e := objectsEdit(rng, text, prev.Script)
			next := text[:e.Span.Start] + e.New + text[e.Span.End:]
			nf := source.NewFile(f.Path, next)
			got := engine.Recheck(prev, nf, e, engine.Options{})
			s := got.Script
			a := objects.Analyses{}
			if step%2 == 1 {
				a = objects.Analyses{Graph: func(rule int) *flow.Graph { return flow.Build(s.Rules[rule]) }, Calls: flow.CallGraph(s)}
			}
			want := objects.FindAll(s, objects.Analyses{})
			found := want
			total++
			if sp, ok := got.Splice(); ok {
				found = objects.Refind(prevFound, s, sp, a)
				if diff := objectsDifference(found.Objects, want.Objects); diff != "" {
					t.Fatalf("%s, edit %d (%v → %q, splice %+v): Refind differs from FindAll: %s", f.Path, step, e.Span, e.New, sp, diff)
				}
				if diff := objectsDifference(prevFound.Objects, objects.Find(prev.Script)); diff != "" {
					t.Fatalf("%s, edit %d: Refind changed the objects it started from: %s", f.Path, step, diff)
				}
				if r := objects.Reread(found); r >= 0 {
					incremental++
					if r < len(s.Rules) {
						reused++
					}
				}
			}
			prev, prevFound, text = got, found, next
		}
	}
	if incremental*2 < total || reused == 0 {
		t.Errorf("only %d of %d edits were found again incrementally (%d reusing objects)", incremental, total, reused)
	}
	t.Logf("%d of %d edits were found again incrementally", incremental, total)
}

// objectsDifference names the first object of got and want that differs:
// "" when none.
func objectsDifference(got, want []objects.Object) string {
	for i := 0; i < max(len(got), len(want)); i++ {
		switch {
		case i >= len(got):
			return fmt.Sprintf("%d objects, want %d; first missing: %+v", len(got), len(want), want[i])
		case i >= len(want):
			return fmt.Sprintf("%d objects, want %d; first extra: %+v", len(got), len(want), got[i])
		case !reflect.DeepEqual(got[i], want[i]):
			return fmt.Sprintf("object %d:\n got %s\nwant %s", i, describeObject(got[i]), describeObject(want[i]))
		}
	}
	return ""
}

func describeObject(o objects.Object) string {
	s := fmt.Sprintf("%+v", o)
	if o.Kept != nil {
		s += fmt.Sprintf(" kept %+v", *o.Kept)
	}
	if o.Guard != nil {
		s += fmt.Sprintf(" guard %v", *o.Guard)
	}
	return s
}

// objectStatements are actions an edit inserts to change what the finder
// sees: creations and reads of their ids, stores and destroys of them,
// once-guards, loops, calls (SUB is a subroutine of the script).
var objectStatements = []string{
	"Create HUD Text(All Players(All Teams), Custom String(\"{0}\", Null), Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To, Default Visibility);",
	"Create Effect(All Players(All Teams), Ring, Color(White), Event Player, 1, Visible To);",
	"Start Damage Over Time(Event Player, Null, 9999, 10);",
	"Global.A = Last Text ID;", "Global.A = Last Created Entity;", "Event Player.A = Last Text ID;", "Global.B = Global.A;",
	"Destroy HUD Text(Global.A);", "Destroy HUD Text(Last Text ID);", "Destroy Effect(Global.B);", "Destroy All HUD Text;",
	"Destroy All Effects;", "Stop All Damage Over Time;",
	"If(!Global.G);", "If(Global.G == False);", "Else;", "End;", "Global.G = True;", "Global.G = False;", "Event Player.G = True;",
	"While(Global.I < 5);", "Global.I += 1;", "For Global Variable(I, 0, 3, 1);", "Loop;", "Abort;",
	"Call Subroutine(SUB);", "Start Rule(SUB, Restart Rule);", "Wait(1, Ignore Condition);",
}

// objectsEdit returns an edit of text inside a rule (a third of them in a
// subroutine, whose callers' objects depend on it): an action inserted
// before an action, deleted (often a call) or disabled, a rule's event changed, a
// condition testing a guard inserted, or a few bytes of a rule replaced.
func objectsEdit(rng *rand.Rand, text string, s *ast.Script) source.Edit {
	var acts, subs []*ast.Rule
	var names []string
	var calls []*ast.Statement
	for _, r := range s.Rules {
		if r.Actions == nil || len(r.Actions.Statements) == 0 {
			continue
		}
		acts = append(acts, r)
		for _, st := range r.Actions.Statements {
			if b := st.Body; b != nil && b.Kind == ast.Call && b.Elem != nil && (b.Elem.ID == "__callSubroutine__" || b.Elem.ID == "startRule") {
				calls = append(calls, st)
			}
		}
		if name := r.Subroutine(); name != "" {
			subs = append(subs, r)
			names = append(names, name)
		}
	}
	if len(acts) == 0 {
		at := edittest.RuneEnd(text, rng.IntN(len(text)+1))
		return source.Edit{Span: source.Span{Start: at, End: at}, New: " "}
	}
	if len(subs) > 0 && rng.IntN(3) == 0 {
		acts = subs
	}
	r := acts[rng.IntN(len(acts))]
	st := r.Actions.Statements[rng.IntN(len(r.Actions.Statements))]
	switch rng.IntN(9) {
	case 5:
		// A call deleted: the callee's objects lose a caller.
		if len(calls) > 0 {
			st = calls[rng.IntN(len(calls))]
		}
		fallthrough
	case 0:
		return edittest.DeleteStatement(text, st)
	case 1:
		return source.Edit{Span: source.Span{Start: st.Span.Start, End: st.Span.Start}, New: "disabled "}
	case 2:
		if r.Event != nil && len(r.Event.Lines) > 0 {
			events := []string{"Ongoing - Global", "Ongoing - Each Player", "Player Died", "Subroutine"}
			return source.Edit{Span: r.Event.Lines[0].Span, New: events[rng.IntN(len(events))]}
		}
	case 3:
		if c := r.Conditions; c != nil && len(c.Statements) > 0 {
			at := c.Statements[0].Span.Start
			return source.Edit{Span: source.Span{Start: at, End: at}, New: "Global.G == False;\n"}
		}
	case 4:
		// A few bytes of the rule replaced: names, numbers, brackets.
		at := edittest.RuneEnd(text, r.Span.Start+rng.IntN(r.Span.Len()+1))
		end := edittest.RuneEnd(text, min(at+rng.IntN(4), r.Span.End))
		bits := []string{"", "1", "A", ")", "(", ";", "Global.G"}
		return source.Edit{Span: source.Span{Start: at, End: max(at, end)}, New: bits[rng.IntN(len(bits))]}
	}
	ins := objectStatements[rng.IntN(len(objectStatements))]
	if len(names) > 0 {
		ins = strings.ReplaceAll(ins, "SUB", names[rng.IntN(len(names))])
	}
	return source.Edit{Span: source.Span{Start: st.Span.Start, End: st.Span.Start}, New: ins + "\n"}
}

// TestRefindCallers edits the callers of a subroutine creating an object,
// rules beside them and the subroutine, each edit from the original
// program: the subroutine's reasons to repeat and kept id come from its
// callers, and its callers' kept ids from it, so an edit adding, removing
// or changing a call, or changing the subroutine, must find their objects
// again, wherever the subroutine is (before the edited rule or after it).
func TestRefindCallers(t *testing.T) {
	sub := rule("sub", "Subroutine; Make", nil, hud)
	callerDied := rule("died", died, nil, "Call Subroutine(Make)", "Global.h = Last Text ID")
	callerOnce := rule("once", global, nil, effect, "Call Subroutine(Make)")
	other := rule("other", global, nil, effect, "Wait(1, Ignore Condition)")
	for _, order := range [][]string{{sub, callerDied, callerOnce, other}, {callerDied, callerOnce, other, sub}} {
		text := variables + strings.Join(order, "")
		for _, e := range []struct{ in, old, new string }{
			{callerDied, "Call Subroutine(Make)", ""},
			{callerDied, "Global.h = Last Text ID", "Global.fx = 1"},
			{callerDied, "Player Died", "Ongoing - Global"},
			{callerOnce, "Call Subroutine(Make)", "Wait(1, Ignore Condition)"},
			{callerOnce, "Call Subroutine(Make)", "Start Rule(Make, Restart Rule)"},
			{other, "Wait(1, Ignore Condition)", "Call Subroutine(Make)"},
			{other, "Wait(1, Ignore Condition)", "Destroy All HUD Text"},
			{other, "Wait(1, Ignore Condition)", "Loop"},
			// Inside the subroutine: its callers' objects may be kept
			// there, and it may call.
			{sub, hud, hud + ";\n\t\tGlobal.fx = Last Created Entity"},
			{sub, hud, hud + ";\n\t\tLoop"},
			{sub, hud, "Destroy All Effects"},
		} {
			at := strings.Index(text, e.in) + strings.Index(e.in, e.old)
			edit := source.Edit{Span: source.Span{Start: at, End: at + len(e.old)}, New: e.new}
			prev := engine.Check(source.NewFile("t.ow", text), engine.Options{})
			nf := source.NewFile("t.ow", text[:at]+e.new+text[at+len(e.old):])
			got := engine.Recheck(prev, nf, edit, engine.Options{})
			sp, ok := got.Splice()
			if !ok {
				t.Fatalf("%q → %q: not read again incrementally", e.old, e.new)
			}
			found := objects.Refind(objects.FindAll(prev.Script, objects.Analyses{}), got.Script, sp, objects.Analyses{})
			if objects.Reread(found) < 0 {
				t.Errorf("%q → %q: Refind found every object again", e.old, e.new)
			}
			if diff := objectsDifference(found.Objects, objects.Find(got.Script)); diff != "" {
				t.Errorf("%q → %q: Refind differs from Find: %s", e.old, e.new, diff)
			}
		}
	}
}

// BenchmarkRefind times the objects of z_owware found again after a
// space typed after a statement of the middle rule or of the second rule
// (as BenchmarkAnalysisOfAKeystroke types it), against FindAll.
func BenchmarkRefind(b *testing.B) {
	f, err := source.ReadFile("../../../shared/corpus/workshop/game-exports/z_owware.txt")
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	prev := engine.Check(f, engine.Options{})
	found := objects.FindAll(prev.Script, objects.Analyses{})
	for _, k := range edittest.Keystrokes(b, f.Text, prev.Script.Rules) {
		e := k.Edit
		got := engine.Recheck(prev, source.NewFile(f.Path, k.Text), e, engine.Options{})
		sp, ok := got.Splice()
		if !ok {
			b.Fatal("the keystroke is not read again incrementally")
		}
		b.Run(k.Name+"/whole", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				objects.FindAll(got.Script, objects.Analyses{})
			}
		})
		b.Run(k.Name+"/incremental", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				objects.Refind(found, got.Script, sp, objects.Analyses{})
			}
		})
	}
}

// TestRefindNewVariables types statements naming a new variable each, each
// version from the last, as a user typing names does: the finders share
// the numbering of variables and copy it to add to it, so two edits of
// the same version, found again at once, must not see each other's
// variables; and once the numbering has grown well past the program's,
// Refind starts a new one.
func TestRefindNewVariables(t *testing.T) {
	text := variables + rule("a", global, nil, hud, "Global.h = Last Text ID", "Wait(1, Ignore Condition)") +
		rule("b", eachPlayer, []string{"Global.fx == False"}, effect, "Global.fx = True", "Destroy HUD Text(Global.h)")
	prev := engine.Check(source.NewFile("t.ow", text), engine.Options{})
	found := objects.FindAll(prev.Script, objects.Analyses{})
	incremental, fresh := 0, 0
	for n := range 400 {
		at := strings.Index(text, "Wait(1")
		ins := fmt.Sprintf("Global.v%d = Global.h;\n\t\t", n)
		if n%3 == 0 {
			ins = fmt.Sprintf("Event Player.p%d = True;\n\t\t", n)
		}
		// Another edit of the same version first, storing the text's id
		// into a new variable: what it numbers must not reach the edit
		// kept, nor the kept edit what it numbered (checked by destroying
		// the text through that variable after both).
		other := source.Edit{Span: source.Span{Start: at, End: at}, New: fmt.Sprintf("Global.w%d = Global.h;\n\t\t", n)}
		otherText := text[:at] + other.New + text[at:]
		otherChecked := engine.Recheck(prev, source.NewFile("t.ow", otherText), other, engine.Options{})
		osp, ok := otherChecked.Splice()
		if !ok {
			t.Fatalf("edit %d: not read again incrementally", n)
		}
		// Both at once, as two readers of a version may (the race
		// detector tells a write into what they share).
		var otherFound *objects.Found
		done := make(chan struct{})
		go func() {
			defer close(done)
			otherFound = objects.Refind(found, otherChecked.Script, osp, objects.Analyses{})
		}()
		e := source.Edit{Span: source.Span{Start: at, End: at}, New: ins}
		text = text[:at] + ins + text[at:]
		got := engine.Recheck(prev, source.NewFile("t.ow", text), e, engine.Options{})
		sp, ok := got.Splice()
		if !ok {
			t.Fatalf("edit %d: not read again incrementally", n)
		}
		next := objects.Refind(found, got.Script, sp, objects.Analyses{})
		<-done
		if diff := objectsDifference(next.Objects, objects.Find(got.Script)); diff != "" {
			t.Fatalf("edit %d: Refind differs from Find: %s", n, diff)
		}
		if objects.Reread(next) < 0 {
			fresh++
		} else {
			incremental++
		}
		at = strings.Index(otherText, "Destroy HUD Text")
		then := source.Edit{Span: source.Span{Start: at, End: at}, New: fmt.Sprintf("Destroy HUD Text(Global.w%d);\n\t\t", n)}
		thenChecked := engine.Recheck(otherChecked, source.NewFile("t.ow", otherText[:at]+then.New+otherText[at:]), then, engine.Options{})
		if tsp, ok := thenChecked.Splice(); ok {
			if diff := objectsDifference(objects.Refind(otherFound, thenChecked.Script, tsp, objects.Analyses{}).Objects,
				objects.Find(thenChecked.Script)); diff != "" {
				t.Fatalf("edit %d, from another edit of the version: Refind differs from Find: %s", n, diff)
			}
		}
		prev, found = got, next
	}
	if fresh == 0 || incremental < 350 {
		t.Errorf("%d edits found again incrementally, %d from a new numbering; want most incrementally and some anew", incremental, fresh)
	}
}
