package service_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpusRoot is the shared Workshop corpus, beside the repository.
const corpusRoot = "../../shared/corpus/workshop"

// program checks text as the file name.
func program(name, text string) *service.Program {
	return service.NewProgram(source.NewFile(name, text), engine.Options{}, 1)
}

// errorsOf lists the program's error diagnostics.
func errorsOf(p *service.Program) []string {
	var out []string
	for _, d := range p.Checked.Diags {
		if d.Severity == diag.Error {
			out = append(out, fmt.Sprintf("%s: %s", d.Code, d.Message))
		}
	}
	return out
}

// compact renders v as the service writes JSON: compact, unescaped.
func compact(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// body renders a statement's body as a node, without its span.
func body(t testing.TB, st contract.ContentStatement) string {
	if st.Unresolved != "" {
		return compact(t, contract.ContentNode{Unresolved: &contract.ContentUnresolved{Unresolved: st.Unresolved}})
	}
	return compact(t, contract.ContentNode{Call: &contract.ContentCall{Call: st.Call, Args: st.Args}})
}

// prelude declares the names the snippets use.
const prelude = `variables
{
	global:
		0: x
		1: list
		2: i
	player:
		0: hits
}

subroutines
{
	0: Reset
}

`

// ruleText wraps conditions and actions in an Ongoing - Each Player rule.
func ruleText(conditions, actions string) string {
	var b strings.Builder
	b.WriteString(prelude)
	b.WriteString("rule(\"T\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n")
	if conditions != "" {
		b.WriteString("\n\tconditions\n\t{\n\t\t" + conditions + "\n\t}\n")
	}
	if actions != "" {
		b.WriteString("\n\tactions\n\t{\n\t\t" + actions + "\n\t}\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// content returns the document of the program's only rule, failing when
// the text has errors and valid is set.
func content(t *testing.T, text string, valid bool) *contract.RuleContent {
	t.Helper()
	p := program("t.ow", text)
	if errs := errorsOf(p); valid && len(errs) > 0 {
		t.Fatalf("the snippet has errors: %v\n%s", errs, text)
	}
	if n := len(p.Checked.Script.Rules); n != 1 {
		t.Fatalf("the snippet has %d rules, want 1", n)
	}
	return p.RuleContent(0)
}

// TestContentActions checks the lowering of each kind of action, and that
// the legacy call form of an action and its modern spelling agree.
func TestContentActions(t *testing.T) {
	tests := []struct{ action, want string }{
		{`Global.x = 5;`, `{"call":"__setGlobalVariable__","args":[{"variable":"x"},5]}`},
		{`Set Global Variable(x, 5);`, `{"call":"__setGlobalVariable__","args":[{"variable":"x"},5]}`},
		{`Global.x += 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__add__"},2]}`},
		{`Modify Global Variable(x, Add, 2);`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__add__"},2]}`},
		{`Global.x -= 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__subtract__"},2]}`},
		{`Global.x *= 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__multiply__"},2]}`},
		{`Global.x /= 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__divide__"},2]}`},
		{`Global.x %= 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__modulo__"},2]}`},
		{`Global.x ^= 2;`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"x"},{"enum":"__Operation__","member":"__raiseToPower__"},2]}`},
		{`Modify Global Variable(list, Append To Array, 5);`, `{"call":"__modifyGlobalVariable__","args":[{"variable":"list"},{"enum":"__Operation__","member":"__appendToArray__"},5]}`},
		{`Global.list[3] = 1;`, `{"call":"__setGlobalVariableAtIndex__","args":[{"variable":"list"},3,1]}`},
		{`Set Global Variable At Index(list, 3, 1);`, `{"call":"__setGlobalVariableAtIndex__","args":[{"variable":"list"},3,1]}`},
		{`Global.list[Global.i] -= 1;`, `{"call":"__modifyGlobalVariableAtIndex__","args":[{"variable":"list"},{"call":"__globalVar__","args":[{"variable":"i"}]},{"enum":"__Operation__","member":"__subtract__"},1]}`},
		{`Event Player.hits = 1;`, `{"call":"__setPlayerVariable__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"},1]}`},
		{`Set Player Variable(Event Player, hits, 1);`, `{"call":"__setPlayerVariable__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"},1]}`},
		{`Event Player.hits[1] *= 2;`, `{"call":"__modifyPlayerVariableAtIndex__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"},1,{"enum":"__Operation__","member":"__multiply__"},2]}`},
		{`Attacker.hits += 1;`, `{"call":"__modifyPlayerVariable__","args":[{"call":"attacker","args":[]},{"variable":"hits"},{"enum":"__Operation__","member":"__add__"},1]}`},
		{`Wait(0.250, Ignore Condition);`, `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`},
		{`Abort;`, `{"call":"return","args":[]}`},
		{`Call Subroutine(Reset);`, `{"call":"__callSubroutine__","args":[{"subroutine":"Reset"}]}`},
		{`Start Rule(Reset, Do Nothing);`, `{"call":"startRule","args":[{"subroutine":"Reset"},{"enum":"StartRuleBehavior","member":"NOOP"}]}`},
		{`Chase Player Variable At Rate(Event Player, hits, 10, 1, Destination and Rate);`, `{"call":"__chasePlayerVariableAtRate__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"},10,1,{"enum":"ChaseRateReeval","member":"DESTINATION_AND_RATE"}]}`},
		{`Small Message(Event Player, Custom String("Hi {0}", Event Player));`, `{"call":"smallMessage","args":[{"call":"eventPlayer","args":[]},{"call":"__customString__","args":[{"string":"Hi {0}"},{"call":"eventPlayer","args":[]},{"call":"null","args":[]},{"call":"null","args":[]}]}]}`},
	}
	for _, tt := range tests {
		doc := content(t, ruleText("", tt.action), true)
		if len(doc.Actions) != 1 {
			t.Errorf("%s: %d actions, want 1", tt.action, len(doc.Actions))
			continue
		}
		if got := body(t, doc.Actions[0]); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.action, got, tt.want)
		}
	}
}

// TestContentValues checks the lowering of each kind of value, read as
// the value of Global.x = VALUE; forms that spell the same value agree.
func TestContentValues(t *testing.T) {
	const (
		gx    = `{"call":"__globalVar__","args":[{"variable":"x"}]}`
		hits  = `{"call":"__playerVar__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"}]}`
		null  = `{"call":"null","args":[]}`
		team1 = `{"call":"__team__","args":[{"enum":"TeamLiteral","member":"1"}]}`
		red   = `{"call":"__color__","args":[{"enum":"ColorLiteral","member":"RED"}]}`
	)
	tests := []struct{ value, want string }{
		// Numbers are JSON numbers, by value.
		{`5`, `5`},
		{`1.50`, `1.5`},
		{`0.250`, `0.25`},
		{`-3`, `-3`},
		{`-0.001`, `-0.001`},
		{`1000000`, `1000000`},
		{`1e10`, `10000000000`},
		// True, False and Null are values.
		{`True`, `{"call":"true","args":[]}`},
		{`False`, `{"call":"false","args":[]}`},
		{`Null`, null},
		// Variables.
		{`Global.x`, gx},
		{`Global Variable(x)`, gx},
		{`Event Player.hits`, hits},
		{`(Event Player).hits`, hits},
		{`Player Variable(Event Player, hits)`, hits},
		{`Global.list[2]`, `{"call":"__valueInArray__","args":[{"call":"__globalVar__","args":[{"variable":"list"}]},2]}`},
		{`Value In Array(Global.list, 2)`, `{"call":"__valueInArray__","args":[{"call":"__globalVar__","args":[{"variable":"list"}]},2]}`},
		{`Event Player.hits[Global.i]`, `{"call":"__valueInArray__","args":[` + hits + `,{"call":"__globalVar__","args":[{"variable":"i"}]}]}`},
		// Arrays and vectors.
		{`Array(1, Global.x, True)`, `{"call":"__array__","args":[1,` + gx + `,{"call":"true","args":[]}]}`},
		{`Empty Array`, `{"call":"__emptyArray__","args":[]}`},
		{`Vector(1, 2.5, -3)`, `{"call":"vect","args":[1,2.5,-3]}`},
		// Operators are the elements they stand for.
		{`1 + 2 * 3`, `{"call":"__add__","args":[1,{"call":"__multiply__","args":[2,3]}]}`},
		{`(1 + 2) * 3`, `{"call":"__multiply__","args":[{"call":"__add__","args":[1,2]},3]}`},
		{`Multiply(Add(1, 2), 3)`, `{"call":"__multiply__","args":[{"call":"__add__","args":[1,2]},3]}`},
		{`Global.x - 1 / 2`, `{"call":"__subtract__","args":[` + gx + `,{"call":"__divide__","args":[1,2]}]}`},
		{`Global.x % 3 ^ 2`, `{"call":"__modulo__","args":[` + gx + `,{"call":"__raiseToPower__","args":[3,2]}]}`},
		{`Global.x == 1 || !(Global.x < 2) && True`, `{"call":"__or__","args":[{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"=="},1]},{"call":"__and__","args":[{"call":"__not__","args":[{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"<"},2]}]},{"call":"true","args":[]}]}]}`},
		{`Compare(Global.x, !=, 1)`, `{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"!="},1]}`},
		{`Global.x != 1`, `{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"!="},1]}`},
		{`Global.x >= 1`, `{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":">="},1]}`},
		{`True ? 1 : 2`, `{"call":"__ifThenElse__","args":[{"call":"true","args":[]},1,2]}`},
		{`If-Then-Else(True, 1, 2)`, `{"call":"__ifThenElse__","args":[{"call":"true","args":[]},1,2]}`},
		// Enum members: in their slot as members, bare literals wrapped.
		{`Hero(Ana)`, `{"call":"__hero__","args":[{"enum":"HeroLiteral","member":"ana"}]}`},
		{`Team 1`, team1},
		{`Team(Team 1)`, team1},
		{`Color(Red)`, red},
		{`Red`, red},
		{`All Players(All Teams)`, `{"call":"getPlayers","args":[{"call":"__team__","args":[{"enum":"TeamLiteral","member":"ALL"}]}]}`},
		{`Round To Integer(1.5, Up)`, `{"call":"__round__","args":[1.5,{"enum":"__Rounding__","member":"__roundUp__"}]}`},
		// Strings: the text or key is the first argument.
		{`Custom String("Hi {0} {1}", Event Player, 3)`, `{"call":"__customString__","args":[{"string":"Hi {0} {1}"},{"call":"eventPlayer","args":[]},3,` + null + `]}`},
		{`Custom String("a \"b\"")`, `{"call":"__customString__","args":[{"string":"a \"b\""},` + null + `,` + null + `,` + null + `]}`},
		{`Custom String("a", Null, Null, Null)`, `{"call":"__customString__","args":[{"string":"a"},` + null + `,` + null + `,` + null + `]}`},
		{`String("Hello")`, `{"call":"__localizedString__","args":[{"localizedString":"Hello"},` + null + `,` + null + `,` + null + `]}`},
		{`String("{0} - {1}", 1, String("Hello"))`, `{"call":"__localizedString__","args":[{"localizedString":"{0} - {1}"},1,{"call":"__localizedString__","args":[{"localizedString":"Hello"},` + null + `,` + null + `,` + null + `]},` + null + `]}`},
		{`String("")`, `{"call":"__localizedString__","args":[{"localizedString":""},` + null + `,` + null + `,` + null + `]}`},
	}
	for _, tt := range tests {
		doc := content(t, ruleText("", "Global.x = "+tt.value+";"), true)
		if len(doc.Actions) != 1 || doc.Actions[0].Call != "__setGlobalVariable__" || len(doc.Actions[0].Args) != 2 {
			t.Errorf("%s: not one Set Global Variable: %s", tt.value, compact(t, doc.Actions))
			continue
		}
		if got := compact(t, doc.Actions[0].Args[1]); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.value, got, tt.want)
		}
	}
}

// TestContentUnresolved checks that a program with errors still gets a
// document, with what it leaves unresolved as source text.
func TestContentUnresolved(t *testing.T) {
	tests := []struct{ action, want string }{
		{`Frobnicate(1, 2);`, `{"unresolved":"Frobnicate(1, 2)"}`},
		{`Event Player;`, `{"unresolved":"Event Player"}`},
		{`(Global.x) = 1;`, `{"unresolved":"(Global.x) = 1"}`},
		{`Global.list[1][2] = 1;`, `{"unresolved":"Global.list[1][2] = 1"}`},
		{`Global.x = Frobnicate;`, `{"call":"__setGlobalVariable__","args":[{"variable":"x"},{"unresolved":"Frobnicate"}]}`},
		{`Global.x = String("no such key at all");`, `{"call":"__setGlobalVariable__","args":[{"variable":"x"},{"call":"__localizedString__","args":[{"unresolved":"\"no such key at all\""},{"call":"null","args":[]},{"call":"null","args":[]},{"call":"null","args":[]}]}]}`},
	}
	for _, tt := range tests {
		doc := content(t, ruleText("", tt.action), false)
		if len(doc.Actions) != 1 {
			t.Errorf("%s: %d actions, want 1", tt.action, len(doc.Actions))
			continue
		}
		if got := body(t, doc.Actions[0]); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.action, got, tt.want)
		}
		if st := doc.Actions[0]; st.Unresolved != "" && (st.Call != "" || len(st.Args) != 0) {
			t.Errorf("%s: an unresolved statement has call %q and %d args", tt.action, st.Call, len(st.Args))
		}
	}
}

// TestContentStatements checks conditions, the statement members
// (enabled, comment) and the statement spans.
func TestContentStatements(t *testing.T) {
	text := ruleText(
		"Global.x == True;\n\t\tCompare(Global.x, <, 2)   ;\n\t\t\"guard\" disabled Event Player.hits[0] >= -1.5;\n\t\tIs Alive(Event Player);",
		"\"first\"\n\t\tWait(0.250,\n\t\t\tIgnore Condition);\n\t\tdisabled Abort;\n\t\tEvent Player.hits += 1;\n\t\tEnd;")
	doc := content(t, text, false) // End closes nothing: a warning, not an error
	type want struct {
		body    string
		span    string // start-end as line:column
		enabled bool
		comment string
	}
	gx := `{"call":"__globalVar__","args":[{"variable":"x"}]}`
	conditions := []want{
		{`{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"=="},{"call":"true","args":[]}]}`, "27:3-27:19", true, ""},
		{`{"call":"__compare__","args":[` + gx + `,{"enum":"__Operator__","member":"<"},2]}`, "28:3-28:26", true, ""},
		{`{"call":"__compare__","args":[{"call":"__valueInArray__","args":[{"call":"__playerVar__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"}]},0]},{"enum":"__Operator__","member":">="},-1.5]}`, "29:20-29:48", false, "guard"},
		{`{"call":".isAlive","args":[{"call":"eventPlayer","args":[]}]}`, "30:3-30:25", true, ""},
	}
	actions := []want{
		{`{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`, "36:3-37:21", true, "first"},
		{`{"call":"return","args":[]}`, "38:12-38:17", false, ""},
		{`{"call":"__modifyPlayerVariable__","args":[{"call":"eventPlayer","args":[]},{"variable":"hits"},{"enum":"__Operation__","member":"__add__"},1]}`, "39:3-39:25", true, ""},
		{`{"call":"__end__","args":[]}`, "40:3-40:6", true, ""},
	}
	check := func(kind string, got []contract.ContentStatement, want []want) {
		if len(got) != len(want) {
			t.Fatalf("%d %s, want %d", len(got), kind, len(want))
		}
		for i, w := range want {
			st := got[i]
			if b := body(t, st); b != w.body {
				t.Errorf("%s %d\n got %s\nwant %s", kind, i, b, w.body)
			}
			span := fmt.Sprintf("%d:%d-%d:%d", st.Span.Start.Line, st.Span.Start.Column, st.Span.End.Line, st.Span.End.Column)
			if span != w.span || st.Span.Path != "t.ow" {
				t.Errorf("%s %d: span %s %s, want t.ow %s", kind, i, st.Span.Path, span, w.span)
			}
			if st.Enabled != w.enabled {
				t.Errorf("%s %d: enabled %v, want %v", kind, i, st.Enabled, w.enabled)
			}
			comment := ""
			if st.Comment != nil {
				comment = *st.Comment
			}
			if comment != w.comment || (st.Comment == nil) != (w.comment == "") {
				t.Errorf("%s %d: comment %q, want %q", kind, i, comment, w.comment)
			}
		}
	}
	check("conditions", doc.Conditions, conditions)
	check("actions", doc.Actions, actions)
}

// TestContentRules checks the rule members: name, enabled, and the event
// block of each kind of rule.
func TestContentRules(t *testing.T) {
	text := prelude + `rule("Global")
{
	event
	{
		Ongoing - Global;
	}
}

disabled rule("Hero \"filter\"")
{
	event
	{
		Player Died;
		Team 2;
		Ana;
	}
}

rule("Slot")
{
	event
	{
		Player Took Damage;
		All;
		Slot 3;
	}
}

rule("Sub")
{
	event
	{
		Subroutine;
		Reset;
	}

	actions
	{
		Abort;
	}
}
`
	p := program("t.ow", text)
	if errs := errorsOf(p); len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []string{
		`{"contract":"rule-content-v1","name":"Global","enabled":true,"event":{"event":"global"},"conditions":[],"actions":[]}`,
		`{"contract":"rule-content-v1","name":"Hero \"filter\"","enabled":false,"event":{"event":"playerDied","team":"2","hero":"ana"},"conditions":[],"actions":[]}`,
		`{"contract":"rule-content-v1","name":"Slot","enabled":true,"event":{"event":"playerTookDamage","team":"all","player":"slot3"},"conditions":[],"actions":[]}`,
		`{"contract":"rule-content-v1","name":"Sub","enabled":true,"event":{"event":"__subroutine__","subroutine":"Reset"},"conditions":[],"actions":[{"call":"return","args":[],"span":{"path":"t.ow","start":{"line":54,"column":3},"end":{"line":54,"column":8}},"enabled":true}]}`,
	}
	for i, w := range want {
		if got := compact(t, p.RuleContent(i)); got != w {
			t.Errorf("rule %d\n got %s\nwant %s", i, got, w)
		}
	}
	if p.RuleContent(-1) != nil || p.RuleContent(len(want)) != nil {
		t.Error("RuleContent of a rule the program does not have is not nil")
	}
}

// localeText is one rule in English, French and German: the documents
// must be the same but for the spans. The German text also spells
// Global.x += 1 in its legacy call form.
var localeText = map[vocab.Locale]string{
	vocab.EnUS: prelude + `rule("Greet")
{
	event
	{
		Ongoing - Each Player;
		Team 1;
		All;
	}

	conditions
	{
		Is Alive(Event Player) == True;
		Event Player.hits[0] >= -1.5;
	}

	actions
	{
		"say hello"
		Small Message(Event Player, Custom String("Hello {0}", Event Player));
		Global.x += 1;
		Event Player.hits[2] = Array(1, 2, 3);
		If(Global.x > 10 && !(Global.x == 20));
			Big Message(All Players(All Teams), String("Congratulations"));
		End;
		disabled Wait(0.250, Ignore Condition);
		Call Subroutine(Reset);
	}
}
`,
	vocab.FrFR: `variables
{
	globale:
		0: x
		1: list
		2: i
	de joueur:
		0: hits
}

sous-programmes
{
	0: Reset
}

règle("Greet")
{
	évènement
	{
		Toute la partie - Chaque joueur;
		Équipe 1;
		Tout;
	}

	conditions
	{
		En vie(Joueur exécutant) == Vrai;
		Joueur exécutant.hits[0]   >=   -1.50;
	}

	actions
	{
		"say hello" Message en petit(Joueur exécutant, Chaîne personnalisée("Hello {0}", Joueur exécutant));
		Global.x += 1;
		Joueur exécutant.hits[2] = Tableau(1, 2, 3);
		Si(Global.x > 10 && !(Global.x == 20));
		Message en grand(Tous les joueurs(Toutes les équipes), Chaîne de texte("Félicitations"));
		Fin;
		désactivé Attente(0.25, Ignorer la condition);
		Sous-programme à appeler(Reset);
	}
}
`,
	vocab.DeDE: `Variablen
{
	global:
		0: x
		1: list
		2: i
	player:
		0: hits
}

Subroutinen
{
	0: Reset
}

regel("Greet")
{
	event
	{
		Ongoing - Each Player;
		Team 1;
		All;
	}

	bedingungen
	{
		Is Alive(Event Player) == True;
		Event Player.hits[0] >= -1.5;
	}

	aktionen
	{
		"say hello"
		Small Message(Event Player, Custom String("Hello {0}", Event Player));
		Modify Global Variable(x, Add, 1);
		Event Player.hits[2] = Array(1, 2, 3);
		If(Global.x > 10 && !(Global.x == 20));
			Big Message(All Players(All Teams), String("Glückwunsch"));
		End;
		deaktiviert Wait(0.250, Ignore Condition);
		Call Subroutine(Reset);
	}
}
`,
}

// withoutSpans returns doc's JSON with every statement span cleared.
func withoutSpans(t testing.TB, doc *contract.RuleContent) string {
	c := *doc
	c.Conditions = append([]contract.ContentStatement(nil), doc.Conditions...)
	c.Actions = append([]contract.ContentStatement(nil), doc.Actions...)
	for i := range c.Conditions {
		c.Conditions[i].Span = contract.Range{}
	}
	for i := range c.Actions {
		c.Actions[i].Span = contract.Range{}
	}
	return compact(t, c)
}

// TestContentLocales checks that French and German text give the English
// document but for the spans, and that the printer's rendering in each of
// the 15 locales reads back to the same document.
func TestContentLocales(t *testing.T) {
	en := program("en.ow", localeText[vocab.EnUS])
	if errs := errorsOf(en); len(errs) > 0 {
		t.Fatal(errs)
	}
	want := withoutSpans(t, en.RuleContent(0))
	for _, l := range []vocab.Locale{vocab.FrFR, vocab.DeDE} {
		p := program("t.ow", localeText[l])
		if errs := errorsOf(p); len(errs) > 0 {
			t.Fatalf("%s: %v", l, errs)
		}
		if p.Checked.Script.Locale != l {
			t.Errorf("the %s text is read as %s", l, p.Checked.Script.Locale)
		}
		doc := p.RuleContent(0)
		if got := withoutSpans(t, doc); got != want {
			t.Errorf("%s differs from en-US\n got %s\nwant %s", l, got, want)
		}
		// The French text is laid out differently: the spans must follow it.
		if l == vocab.FrFR && doc.Conditions[1].Span == en.RuleContent(0).Conditions[1].Span {
			t.Errorf("fr-FR: the span of condition 1 is the English one")
		}
	}
	for _, l := range vocab.Locales() {
		out, diags := printer.Print(en.Checked.Script, printer.Options{Locale: l})
		if len(diags) > 0 {
			t.Errorf("%s: printing: %s", l, diags[0].Message)
			continue
		}
		p := service.NewProgram(source.NewFile("t.ow", out), engine.Options{Locale: l, LocaleGiven: true}, 1)
		if errs := errorsOf(p); len(errs) > 0 {
			t.Errorf("%s: %v", l, errs)
			continue
		}
		if got := withoutSpans(t, p.RuleContent(0)); got != want {
			t.Errorf("printed in %s and read back, the document differs\n got %s\nwant %s", l, got, want)
		}
	}
}

// TestContentNodeJSON checks that content nodes write one form and read
// back to the same node, and that malformed nodes are refused.
func TestContentNodeJSON(t *testing.T) {
	p := program("t.ow", localeText[vocab.EnUS])
	doc := p.RuleContent(0)
	data := compact(t, doc)
	var back contract.RuleContent
	if err := json.Unmarshal([]byte(data), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, doc) {
		t.Errorf("the document does not read back to itself:\n%s\n%s", data, compact(t, &back))
	}
	if _, err := json.Marshal(contract.ContentNode{}); err == nil {
		t.Error("an empty node is written")
	}
	one := 1.0
	if _, err := json.Marshal(contract.ContentNode{Number: &one, Variable: &contract.ContentVariable{Variable: "x"}}); err == nil {
		t.Error("a node of two forms is written")
	}
	for _, bad := range []string{`"x"`, `true`, `{}`, `{"call":"wait","args":[],"variable":"x"}`, `{"enum":"Wait"}x`, `{"string":"a","extra":1}`, `{"call":"wait"}`, `{"enum":"Wait"}`, `{"args":[]}`} {
		var n contract.ContentNode
		if err := json.Unmarshal([]byte(bad), &n); err == nil {
			t.Errorf("%s is read as a node: %s", bad, compact(t, n))
		}
	}
}

// TestRulesContent checks the rules operation: without content the
// entries carry none; with content each entry carries its document, at
// most DefaultLimit rules unless max says otherwise, in the selection
// wrapper.
func TestRulesContent(t *testing.T) {
	var b strings.Builder
	b.WriteString(prelude)
	for i := range 25 {
		fmt.Fprintf(&b, "rule(\"r%d\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.x = %d;\n\t}\n}\n\n", i, i)
	}
	p := program("t.ow", b.String())
	if errs := errorsOf(p); len(errs) > 0 {
		t.Fatal(errs)
	}
	intp := func(n int) *int { return &n }

	plain, err := service.Rules(p, service.Select{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Rules) != service.DefaultLimit || plain.Truncation == nil || plain.Selection != nil {
		t.Errorf("without content: %d rules, truncation %v, selection %v", len(plain.Rules), plain.Truncation, plain.Selection)
	}
	for _, r := range plain.Rules {
		if r.Content != nil {
			t.Fatalf("rule %d carries content without content: true", r.ID)
		}
	}
	if s := compact(t, plain.Rules[0]); strings.Contains(s, "content") {
		t.Errorf("a rule entry without content writes it: %s", s)
	}

	tests := []struct {
		name           string
		sel            service.Select
		rules          int
		total, withhel int
	}{
		{"default", service.Select{Content: true}, 20, 25, 5},
		{"max", service.Select{Content: true, Max: intp(30)}, 25, 25, 0},
		{"small max", service.Select{Content: true, Max: intp(2)}, 2, 25, 23},
		{"rule", service.Select{Content: true, Rule: &contract.Address{Name: "r22"}}, 1, 25, 0},
	}
	for _, tt := range tests {
		res, err := service.Rules(p, tt.sel)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(res.Rules) != tt.rules || res.Truncation != nil || res.Selection == nil ||
			res.Selection.Total != tt.total || res.Selection.Withheld != tt.withhel {
			t.Errorf("%s: %d rules, truncation %v, selection %+v; want %d rules in a selection of %d withholding %d",
				tt.name, len(res.Rules), res.Truncation, res.Selection, tt.rules, tt.total, tt.withhel)
		}
		for _, r := range res.Rules {
			if !reflect.DeepEqual(r.Content, p.RuleContent(r.ID)) {
				t.Errorf("%s: rule %d: the entry's content is not the rule's document", tt.name, r.ID)
			}
			if r.Content == nil || r.Content.Name != r.Name || len(r.Content.Actions) != 1 {
				t.Errorf("%s: rule %d: content %s", tt.name, r.ID, compact(t, r.Content))
			}
		}
	}
	// all lifts the bound: every rule, with its document, and no wrapper.
	res, err := service.Rules(p, service.Select{Content: true, All: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rules) != 25 || res.Truncation != nil || res.Selection != nil || res.Rules[24].Content == nil {
		t.Errorf("all: %d rules, truncation %v, selection %v; want all 25 with content", len(res.Rules), res.Truncation, res.Selection)
	}
}

// goldenFiles are the corpus files whose documents are recorded under
// testdata/content.
var goldenFiles = []string{
	"overpy-output/variables.txt",
	"overpy-output/subroutines.txt",
	"overpy-output/conditions.txt",
	"game-exports/ow1_2019_mercy_protect.txt",
	"game-exports/zhCN_lijiang_parkour_EXCERPT.txt",
}

// TestContentGolden records the rules result with content of a few
// corpus files: one line per rule entry, per document head and per
// statement, each the compact JSON the service writes. go test -update
// rewrites the files. Each document must also read back to itself.
func TestContentGolden(t *testing.T) {
	for _, rel := range goldenFiles {
		data, err := os.ReadFile(filepath.Join(corpusRoot, rel))
		if err != nil {
			t.Fatalf("the shared corpus must be present at %s: %v", corpusRoot, err)
		}
		p := program(rel, string(data))
		if errs := errorsOf(p); len(errs) > 0 {
			t.Errorf("%s: %v", rel, errs)
		}
		res, err := service.Rules(p, service.Select{Content: true, Max: new(1000)})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, r := range res.Rules {
			entry := r
			entry.Content = nil
			doc := *r.Content
			doc.Conditions, doc.Actions = nil, nil
			head, _, _ := strings.Cut(compact(t, doc), `,"conditions":`)
			fmt.Fprintf(&b, "rule %s\ncontent %s}\n", compact(t, entry), head)
			for i, st := range r.Content.Conditions {
				fmt.Fprintf(&b, "  condition %d %s\n", i, compact(t, st))
			}
			for i, st := range r.Content.Actions {
				fmt.Fprintf(&b, "  action %d %s\n", i, compact(t, st))
			}
			var back contract.RuleContent
			if err := json.Unmarshal([]byte(compact(t, r.Content)), &back); err != nil || !reflect.DeepEqual(&back, r.Content) {
				t.Errorf("%s rule %d: the document does not read back to itself (%v)", rel, r.ID, err)
			}
		}
		path := filepath.Join("testdata", "content", strings.TrimSuffix(filepath.Base(rel), ".txt")+".golden")
		golden.Check(t, path, []byte(b.String()), *update)
	}
}

// TestContentCorpusIDs builds the document of every rule of the corpus
// and checks it against the catalog: every call id is an action or a
// value, with as many arguments as it has slots (an older game version's
// count where the game still reads it), every enum member and localized
// string exists, nothing is unresolved, and the document can be written.
func TestContentCorpusIDs(t *testing.T) {
	matches, err := filepath.Glob(filepath.Join(corpusRoot, "*", "*.txt"))
	if err != nil || len(matches) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", corpusRoot, len(matches), err)
	}
	// legacyArity: actions the game still reads with an older count.
	legacyArity := map[string]int{"hudText": 10, "createInWorldText": 6, ".startForcingOutlineFor": 4}
	v := vocab.Default()
	calls := 0
	for _, path := range matches {
		f, err := source.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p := service.NewProgram(f, engine.Options{}, 1)
		rel, _ := filepath.Rel(corpusRoot, path)
		var walk func(where string, n contract.ContentNode)
		call := func(where, id string, args []contract.ContentNode) {
			calls++
			el := v.Action(id)
			if el == nil {
				el = v.Value(id)
			}
			switch {
			case el == nil:
				t.Errorf("%s: call %q is not in the catalog", where, id)
			case el.Variadic():
			case len(args) != len(el.Params) && legacyArity[id] != len(args):
				t.Errorf("%s: %s has %d arguments, the catalog %d slots", where, id, len(args), len(el.Params))
			}
			for _, a := range args {
				walk(where, a)
			}
		}
		walk = func(where string, n contract.ContentNode) {
			switch {
			case n.Call != nil:
				call(where, n.Call.Call, n.Call.Args)
			case n.Enum != nil:
				if v.ByID(vocab.KindEnumMember, n.Enum.Enum+"."+n.Enum.Member) == nil {
					t.Errorf("%s: enum member %s.%s is not in the catalog", where, n.Enum.Enum, n.Enum.Member)
				}
			case n.LocalizedString != nil:
				if id := n.LocalizedString.LocalizedString; id != "" && v.LocalizedString(id) == nil {
					t.Errorf("%s: localized string %q is not in the catalog", where, id)
				}
			case n.Unresolved != nil:
				t.Errorf("%s: unresolved %q", where, n.Unresolved.Unresolved)
			}
		}
		for i := range p.Checked.Script.Rules {
			doc := p.RuleContent(i)
			for kind, list := range map[string][]contract.ContentStatement{"condition": doc.Conditions, "action": doc.Actions} {
				for j, st := range list {
					where := fmt.Sprintf("%s rule %d %s %d", rel, i, kind, j)
					if st.Unresolved != "" {
						t.Errorf("%s: unresolved %q", where, st.Unresolved)
						continue
					}
					call(where, st.Call, st.Args)
					if kind == "action" && v.Action(st.Call) == nil {
						t.Errorf("%s: %s is not an action", where, st.Call)
					}
				}
			}
			if _, err := json.Marshal(doc); err != nil {
				t.Errorf("%s rule %d: %v", rel, i, err)
			}
		}
	}
	if calls < 10000 {
		t.Errorf("only %d calls in the corpus documents: the walk is broken", calls)
	}
}
