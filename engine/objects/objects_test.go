package objects_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// rule writes a rule; event is the event block's lines joined by ';'.
func rule(name, event string, conditions []string, actions ...string) string {
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

const (
	global     = "Ongoing - Global"
	eachPlayer = "Ongoing - Each Player; All; All"
	died       = "Player Died; All; All"
	hud        = `Create HUD Text(All Players(All Teams), Custom String("x"), Null, Null, Left, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility)`
	effect     = `Create Effect(All Players(All Teams), Sphere, Color(White), Vector(0, 0, 0), 1, Visible To Position and Radius)`
)

var variables = "variables\n{\n\tglobal:\n\t\t0: h\n\t\t1: fx\n\t\t2: all\n\t\t3: i\n\tplayer:\n\t\t0: ph\n}\n\nsubroutines\n{\n\t0: Make\n}\n\n"

// describe renders an object's facts compactly.
func describe(o objects.Object) string {
	var parts []string
	parts = append(parts, fmt.Sprintf("%s r%d a%d", o.Kind, o.Rule, o.Action))
	if o.Kept != nil {
		k := "kept"
		if o.Kept.Variable != nil {
			k += "=" + o.Kept.Variable.String()
		}
		if o.Kept.Subroutine != "" {
			k += "@" + o.Kept.Subroutine
		}
		parts = append(parts, k)
	}
	var ds []string
	for _, d := range o.Destroys {
		s := fmt.Sprintf("%s:r%da%d", d.How, d.Rule, d.Action)
		if d.Variable != nil {
			s += "(" + d.Variable.String() + ")"
		}
		ds = append(ds, s)
	}
	if len(ds) > 0 {
		parts = append(parts, "destroys="+strings.Join(ds, ","))
	}
	var rs []string
	for _, r := range o.Repeats {
		s := r.Kind.String()
		if r.Bounded {
			s += "(bounded)"
		}
		rs = append(rs, s)
	}
	if len(rs) > 0 {
		parts = append(parts, "repeats="+strings.Join(rs, ","))
	}
	if o.Guard != nil {
		parts = append(parts, "guard="+o.Guard.String())
	}
	if o.HasDuration {
		parts = append(parts, fmt.Sprintf("duration=%g", o.Duration))
	}
	return strings.Join(parts, " ")
}

func find(t *testing.T, text string) []objects.Object {
	t.Helper()
	f := source.NewFile("t.ow", text)
	res := parser.Parse(f, parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("parse: %v\n%s", res.Diags, text)
	}
	return objects.Find(res.Script)
}

func TestFind(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		want []string
	}{
		{"once, not kept", rule("a", global, nil, hud),
			[]string{"hud-text r0 a0"}},
		{"kept into a variable and destroyed by id", rule("a", global, nil, hud, "Global.h = Last Text ID") +
			rule("b", global, []string{"Global.i == 1"}, "Destroy HUD Text(Global.h)"),
			[]string{"hud-text r0 a0 kept=Global.h destroys=by-id:r1a0(Global.h)"}},
		{"appended, copied, destroyed through the copy", rule("a", global, []string{"Global.i == 1"}, effect,
			"Modify Global Variable(fx, Append To Array, Last Created Entity)", "Global.all = Global.fx") +
			rule("b", global, nil, "Destroy Effect(Global.all[0])", "Destroy HUD Text(Global.fx)"),
			[]string{"effect r0 a0 kept=Global.fx destroys=by-id:r1a0(Global.all) repeats=conditions"}},
		{"overwritten before the read", rule("a", global, nil, hud, hud, "Global.h = Last Text ID"),
			[]string{"hud-text r0 a0", "hud-text r0 a1 kept=Global.h"}},
		{"exclusive branches do not overwrite", rule("a", global, nil, "If(Global.i)", hud, "Else", hud, "End", "Global.h = Last Text ID"),
			[]string{"hud-text r0 a1 kept=Global.h", "hud-text r0 a3 kept=Global.h"}},
		{"other families do not overwrite", rule("a", global, nil, hud, effect, "Global.h = Last Text ID", "Global.fx = Last Created Entity"),
			[]string{"hud-text r0 a0 kept=Global.h", "effect r0 a1 kept=Global.fx"}},
		{"destroyed directly", rule("a", eachPlayer, nil, hud, "Wait(1, Ignore Condition)", "Destroy HUD Text(Last Text ID)"),
			[]string{"hud-text r0 a0 kept destroys=by-id:r0a2 repeats=each-player"}},
		{"destroy all anywhere", rule("a", died, nil, effect) + rule("b", global, nil, "Destroy All Effects"),
			[]string{"effect r0 a0 destroys=all:r1a0 repeats=event"}},
		{"player variable", rule("a", eachPlayer, []string{"Is Alive(Event Player) == True"}, hud, "Event Player.ph = Last Text ID") +
			rule("b", died, nil, "Destroy HUD Text(Event Player.ph)"),
			[]string{"hud-text r0 a0 kept=Player.ph destroys=by-id:r1a0(Player.ph) repeats=each-player,conditions"}},
		{"while loop", rule("a", global, nil, "While(True)", effect, "Wait(1, Ignore Condition)", "End"),
			[]string{"effect r0 a1 repeats=loop"}},
		{"counting while loop", rule("a", global, nil, "While(Global.i < 4)", effect, "Global.i += 1", "End"),
			[]string{"effect r0 a1 repeats=loop(bounded)"}},
		{"counting while loop with Modify", rule("a", global, nil, "While(Global.i <= 4)", effect, "Modify Global Variable(i, Add, 1)", "End"),
			[]string{"effect r0 a1 repeats=loop(bounded)"}},
		{"for loop", rule("a", global, nil, "For Global Variable(i, 0, Count Of(Global.all), 1)", effect, "End"),
			[]string{"effect r0 a1 repeats=loop(bounded)"}},
		{"for loop in a repeating rule", rule("a", died, nil, "For Global Variable(i, 0, 3, 1)", effect, "End"),
			[]string{"effect r0 a1 repeats=loop(bounded),event"}},
		{"rule loops", rule("a", global, nil, effect, "Wait(1, Ignore Condition)", "Loop"),
			[]string{"effect r0 a0 repeats=rule-loops"}},
		{"loop before the creation does not repeat it", rule("a", global, nil, "Abort If(Global.i)", effect),
			[]string{"effect r0 a1"}},
		{"constant conditions run once", rule("a", global, []string{"Workshop Setting Toggle(Custom String(\"a\"), Custom String(\"b\"), True, 0) == True"}, effect),
			[]string{"effect r0 a0"}},
		{"phase conditions repeat once per round", rule("a", global, []string{"Is Game In Progress == True"}, effect),
			[]string{"effect r0 a0 repeats=conditions(bounded)"}},
		{"global once-guard in the conditions", rule("a", global, []string{"Global.i == False"}, effect, "Global.i = True"),
			[]string{"effect r0 a0 guard=Global.i"}},
		{"player once-guard in an If", rule("a", eachPlayer, []string{"Is Alive(Event Player) == True"},
			"If(!Event Player.ph[0])", effect, "Event Player.ph[0] = True", "End"),
			[]string{"effect r0 a1 repeats=guarded guard=Player.ph"}},
		{"no guard when the variable is reset elsewhere", rule("a", global, []string{"Global.i == False"}, effect, "Global.i = True") +
			rule("b", died, nil, "Global.i = False"),
			[]string{"effect r0 a0 repeats=conditions"}},
		{"no guard in an Else branch", rule("a", died, nil, "If(!Global.i)", "Else", effect, "Global.i = True", "End"),
			[]string{"effect r0 a2 repeats=event"}},
		{"no guard on a positive test", rule("a", global, []string{"Global.i == True"}, effect, "Global.i = True"),
			[]string{"effect r0 a0 repeats=conditions"}},
		{"disabled actions and rules are not objects", "disabled " + rule("a", global, nil, effect) + rule("b", global, nil, "disabled "+effect),
			nil},
		{"subroutine called from two places", variables + rule("s", "Subroutine; Make", nil, hud) +
			rule("a", global, nil, "Call Subroutine(Make)") + rule("b", global, nil, "Call Subroutine(Make)"),
			[]string{"hud-text r0 a0 repeats=calls(bounded)"}},
		{"subroutine called from a repeating rule", variables + rule("s", "Subroutine; Make", nil, hud) +
			rule("a", died, nil, "Call Subroutine(Make)", "Global.h = Last Text ID"),
			[]string{"hud-text r0 a0 kept=Global.h@Make repeats=calls"}},
		{"kept in a called subroutine", variables + rule("a", global, nil, hud, "Call Subroutine(Make)") +
			rule("s", "Subroutine; Make", nil, "Global.h = Last Text ID"),
			[]string{"hud-text r0 a0 kept=Global.h@Make"}},
		{"dummy bot destroyed by slot", rule("a", global, []string{"Global.i == 1"}, "Create Dummy Bot(Hero(Ana), Team 1, 0, Vector(0, 0, 0), Vector(0, 0, 0))") +
			rule("b", global, nil, "Destroy Dummy Bot(Team 1, 0)"),
			[]string{"dummy-bot r0 a0 destroys=by-slot:r1a0 repeats=conditions"}},
		{"damage over time has a duration", rule("a", died, nil, "Start Damage Over Time(Event Player, Null, 9999, 10)"),
			[]string{"damage-over-time r0 a0 repeats=event duration=9999"}},
		{"payload", "actions\n{\n\t" + hud + ";\n\tGlobal.h = Last Text ID;\n}\n",
			[]string{"hud-text r-1 a0 kept=Global.h"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, o := range find(t, c.text) {
				got = append(got, describe(o))
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}

func TestFindWrapsAround(t *testing.T) {
	// The Destroy at the top of the rule destroys the text the previous
	// run created.
	text := rule("a", eachPlayer, []string{"Is Alive(Event Player) == True"}, "Destroy HUD Text(Last Text ID)", hud)
	got := find(t, text)
	if len(got) != 1 || describe(got[0]) != "hud-text r0 a1 kept destroys=by-id:r0a0 repeats=each-player,conditions" {
		t.Errorf("got %v", got)
	}
	// Not when the rule runs once.
	got = find(t, rule("a", global, nil, "Destroy HUD Text(Last Text ID)", hud))
	if len(got) != 1 || got[0].Kept != nil {
		t.Errorf("got %v", got)
	}
}
