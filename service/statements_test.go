package service_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
)

// stCorpus is the shared Workshop corpus, beside the repository.
const stCorpus = "../../shared/corpus/workshop"

// stArena is the program most statement edit tests edit: an If block, a
// rule without conditions, two rules named Tick, a rule with neither
// conditions nor actions.
const stArena = `variables
{
	global:
		0: Round
		1: Scores
	player:
		0: Kills
}

subroutines
{
	0: Reset
}

rule("Setup")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Global.Scores = Empty Array;
		Call Subroutine(Reset);
	}
}

rule("Tick")
{
	event
	{
		Ongoing - Global;
	}

	conditions
	{
		Global.Round < 10;
		Global.Round >= 0;
	}

	actions
	{
		Wait(1, Ignore Condition);
		If(Global.Round == 5);
			Global.Round += 1;
		End;
		Loop If Condition Is True;
	}
}

rule("Tick")
{
	event
	{
		Ongoing - Each Player;
		All;
		All;
	}

	actions
	{
		Event Player.Kills = 0;
	}
}

rule("Empty")
{
	event
	{
		Ongoing - Global;
	}
}

rule("Reset")
{
	event
	{
		Subroutine;
		Reset;
	}

	actions
	{
		Global.Round = 0;
	}
}
`

// stWrite writes text to a new file of dir and returns its path.
func stWrite(t testing.TB, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// stSession serves the Workshop file at path.
func stSession(path string) *service.Session {
	return service.NewSession(service.SessionOptions{Input: path, Kind: service.KindWorkshop, Version: "test"})
}

// stDoc turns a rule-content statement into the request's document.
func stDoc(st contract.ContentStatement) *contract.StatementDocument {
	d := &contract.StatementDocument{Call: st.Call, Args: []any{}, Comment: st.Comment}
	for _, a := range st.Args {
		d.Args = append(d.Args, a)
	}
	if !st.Enabled {
		f := false
		d.Enabled = &f
	}
	return d
}

// stJSON reads a statement document written as JSON.
func stJSON(t testing.TB, s string) *contract.StatementDocument {
	t.Helper()
	var d contract.StatementDocument
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return &d
}

// stHandle sends req through the session's entry point.
func stHandle(t testing.TB, s *service.Session, req *contract.EditStatementsRequest) (*contract.EditStatementsResult, *contract.Error) {
	t.Helper()
	req.Op = "editStatements"
	raw, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	resp := s.Handle(context.Background(), raw)
	if resp.Error != nil {
		return nil, resp.Error
	}
	data, err := json.Marshal(resp.Result)
	if err != nil {
		t.Fatal(err)
	}
	var res contract.EditStatementsResult
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return &res, nil
}

// stEdited returns the text a result's transaction makes of before.
func stEdited(t testing.TB, before string, res *contract.EditStatementsResult) string {
	t.Helper()
	tx := edits.Transaction{}
	for _, e := range res.Transaction.Edits {
		tx.Edits = append(tx.Edits, edits.TextEdit{Source: e.Source, Identity: e.SourceIdentity, NewText: e.NewText,
			Range: edits.Range{Start: edits.Point(e.Range.Start), End: edits.Point(e.Range.End)}})
	}
	applied, err := edits.Apply(tx, func(string) (string, bool) { return before, true })
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) != 1 {
		t.Fatalf("the transaction edits %d sources, want 1", len(applied))
	}
	if res.Validation.OK && (len(res.Validation.Previews) != 1 || res.Validation.Previews[0].Text != applied[0].New) {
		t.Fatal("the preview is not the transaction applied")
	}
	return applied[0].New
}

// stProgram checks text; a locale is forced when given.
func stProgram(text string, l ...vocab.Locale) *service.Program {
	opts := engine.Options{}
	if len(l) > 0 {
		opts = engine.Options{Locale: l[0], LocaleGiven: true}
	}
	return service.NewProgram(source.NewFile("t.ow", text), opts, 1)
}

// stRender prints p in l, as the game exports a program in that locale.
func stRender(t testing.TB, p *service.Program, l vocab.Locale) string {
	t.Helper()
	out, diags := printer.Print(p.Checked.Script, printer.Options{Locale: l})
	if len(diags) > 0 {
		t.Fatalf("printing in %s: %s", l, diags[0].Message)
	}
	return out
}

// stRuleText returns the text of rule i of text.
func stRuleText(t testing.TB, text string, i int) string {
	t.Helper()
	p := stProgram(text)
	if n := p.Checked.ParseErrors; n > 0 {
		t.Fatalf("%d parse errors in\n%s", n, text)
	}
	r := p.Checked.Script.Rules[i]
	return text[r.Span.Start:r.Span.End]
}

func stBool(b bool) *bool { return &b }

// TestEditStatementsLayout checks where statements land and how they are
// written: each list position, several edits of one list, several rules,
// a block created where there was none, indentation inside If blocks,
// disabled statements and comments.
func TestEditStatementsLayout(t *testing.T) {
	wait := `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`
	cond := `{"call":"__compare__","args":[{"call":"__globalVar__","args":[{"variable":"Round"}]},{"enum":"__Operator__","member":"<="},3]}`
	tests := []struct {
		name  string
		edits []contract.StatementEdit
		rule  int // the rule whose text is checked
		want  string
	}{
		{"insert first action", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Setup"}, List: "actions", Kind: "insert", Index: 0, Statement: stJSON(t, wait)},
		}, 0, "rule(\"Setup\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(0.250, Ignore Condition);\n\t\tGlobal.Scores = Empty Array;\n\t\tCall Subroutine(Reset);\n\t}\n}"},
		{"insert middle and append", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Setup"}, List: "actions", Kind: "insert", Index: 2, Statement: stJSON(t, `{"call":"__setGlobalVariable__","args":[{"variable":"Round"},1]}`)},
			{Rule: contract.Address{Name: "Setup"}, List: "actions", Kind: "insert", Index: 1, Statement: stJSON(t, wait)},
		}, 0, "rule(\"Setup\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.Scores = Empty Array;\n\t\tWait(0.250, Ignore Condition);\n\t\tCall Subroutine(Reset);\n\t\tGlobal.Round = 1;\n\t}\n}"},
		{"create conditions", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Setup"}, List: "conditions", Kind: "insert", Index: 0, Statement: stJSON(t, cond)},
		}, 0, "rule(\"Setup\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tGlobal.Round <= 3;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.Scores = Empty Array;\n\t\tCall Subroutine(Reset);\n\t}\n}"},
		{"create both blocks, actions first in the request", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Empty"}, List: "actions", Kind: "insert", Index: 0, Statement: stJSON(t, wait)},
			{Rule: contract.Address{Name: "Empty"}, List: "conditions", Kind: "insert", Index: 0, Statement: stJSON(t, cond)},
			{Rule: contract.Address{Name: "Empty"}, List: "actions", Kind: "insert", Index: 0, Statement: stJSON(t, `{"call":"return","args":[],"enabled":false}`)},
		}, 3, "rule(\"Empty\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tGlobal.Round <= 3;\n\t}\n\n\tactions\n\t{\n\t\tWait(0.250, Ignore Condition);\n\t\tdisabled Abort;\n\t}\n}"},
		{"replace first condition, delete last", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Tick#1"}, List: "conditions", Kind: "delete", Index: 1},
			{Rule: contract.Address{Name: "Tick#1"}, List: "conditions", Kind: "replace", Index: 0, Statement: stJSON(t, cond)},
		}, 1, "rule(\"Tick\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tGlobal.Round <= 3;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t\tIf(Global.Round == 5);\n\t\t\tGlobal.Round += 1;\n\t\tEnd;\n\t\tLoop If Condition Is True;\n\t}\n}"},
		{"inside an If block; replace End; insert before a replaced statement", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "insert", Index: 2, Statement: stJSON(t, `{"call":"__modifyGlobalVariable__","args":[{"variable":"Round"},{"enum":"__Operation__","member":"__appendToArray__"},1],"comment":"say \"why\"\nhere"}`)},
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "insert", Index: 3, Statement: stJSON(t, `{"call":"__else__","args":[]}`)},
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "replace", Index: 3, Statement: stJSON(t, `{"call":"__end__","args":[]}`)},
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "insert", Index: 5, Statement: stJSON(t, `{"call":"__while__","args":[{"call":"true","args":[]}]}`)},
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "insert", Index: 5, Statement: stJSON(t, wait)},
			{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "insert", Index: 5, Statement: stJSON(t, `{"call":"__end__","args":[]}`)},
		}, 1, "rule(\"Tick\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tconditions\n\t{\n\t\tGlobal.Round < 10;\n\t\tGlobal.Round >= 0;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t\tIf(Global.Round == 5);\n\t\t\t\"say \\\"why\\\"\\nhere\"\n\t\t\tModify Global Variable(Round, Append To Array, 1);\n\t\t\tGlobal.Round += 1;\n\t\tElse;\n\t\tEnd;\n\t\tLoop If Condition Is True;\n\t\tWhile(True);\n\t\t\tWait(0.250, Ignore Condition);\n\t\tEnd;\n\t}\n}"},
		{"several rules", []contract.StatementEdit{
			{Rule: contract.Address{Name: "Reset"}, List: "actions", Kind: "replace", Index: 0, Statement: stJSON(t, `{"call":"__setGlobalVariableAtIndex__","args":[{"variable":"Scores"},{"call":"__globalVar__","args":[{"variable":"Round"}]},{"call":"__add__","args":[1,{"call":"__multiply__","args":[2,{"call":"__subtract__","args":[3,-4.5]}]}]}]}`)},
			{Rule: contract.Address{Name: "Tick#2"}, List: "actions", Kind: "replace", Index: 0, Statement: stJSON(t, `{"call":"__modifyPlayerVariable__","args":[{"call":"eventPlayer","args":[]},{"variable":"Kills"},{"enum":"__Operation__","member":"__subtract__"},{"call":"__ifThenElse__","args":[{"call":"__not__","args":[{"call":"__and__","args":[{"call":"true","args":[]},{"call":"false","args":[]}]}]},{"call":"__valueInArray__","args":[{"call":"__globalVar__","args":[{"variable":"Scores"}]},0]},2]}]}`)},
			{Rule: contract.Address{Name: "Tick#2"}, List: "actions", Kind: "insert", Index: 1, Statement: stJSON(t, `{"call":"smallMessage","args":[{"call":"getPlayers","args":[{"call":"__team__","args":[{"enum":"TeamLiteral","member":"ALL"}]}]},{"call":"__customString__","args":[{"string":"{0} \\ left"},{"call":"__playerVar__","args":[{"call":"eventPlayer","args":[]},{"variable":"Kills"}]},{"call":"null","args":[]},{"call":"null","args":[]}]}]}`)},
		}, 2, "rule(\"Tick\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n\n\tactions\n\t{\n\t\tEvent Player.Kills -= !(True && False) ? Global.Scores[0] : 2;\n\t\tSmall Message(All Players(All Teams), Custom String(\"{0} \\\\ left\", Event Player.Kills));\n\t}\n}"},
	}
	dir := t.TempDir()
	path := stWrite(t, dir, "arena.ow", stArena)
	s := stSession(path)
	id := edits.Identity(stArena)
	for _, tt := range tests {
		res, e := stHandle(t, s, &contract.EditStatementsRequest{InputIdentity: id, Edits: tt.edits})
		if e != nil {
			t.Errorf("%s: refused: %s: %s", tt.name, e.Code, e.Message)
			continue
		}
		if !res.Validation.OK {
			t.Errorf("%s: does not validate: %+v", tt.name, res.Validation.Diagnostics)
			continue
		}
		text := stEdited(t, stArena, res)
		if got := stRuleText(t, text, tt.rule); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		// Every written statement reads back as its document, in place.
		before, after := stProgram(stArena), stProgram(text)
		for _, e := range tt.edits {
			if e.Statement == nil {
				continue
			}
			ri, err := before.ResolveRule(e.Rule, nil)
			if err != nil {
				t.Fatal(err)
			}
			doc := after.RuleContent(ri)
			list := doc.Actions
			if e.List == "conditions" {
				list = doc.Conditions
			}
			found := false
			want := stCanon(t, stNormal(t, e.Statement))
			for _, st := range list {
				if stCanon(t, stDoc(st)) == want {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %s is not among the %s of rule %d after the edits", tt.name, want, e.List, ri)
			}
		}
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != stArena {
		t.Errorf("the file changed: %v", err)
	}
}

// stCanon is v's JSON with object members sorted.
func stCanon(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var g any
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	data, _ = json.Marshal(g)
	return string(data)
}

// stNormal is d as reading it back gives it: format arguments padded with
// Null.
func stNormal(t testing.TB, d *contract.StatementDocument) *contract.StatementDocument {
	t.Helper()
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var out contract.StatementDocument
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.Enabled != nil && *out.Enabled {
		out.Enabled = nil
	}
	return &out
}

// stUnresolved reports whether a document holds unresolved text.
func stUnresolved(doc *contract.RuleContent) bool {
	data, _ := json.Marshal(doc)
	return bytes.Contains(data, []byte(`"unresolved"`))
}

// TestEditStatementsCorpusRoundTrip replaces statements of the corpus
// with their own documents, in every file and in fr-FR and ja-JP
// renderings of some: the edits validate whenever the file did, and
// every rule reads back to its document. Deleting a statement and
// inserting its document at the same index gives the document back too.
func TestEditStatementsCorpusRoundTrip(t *testing.T) {
	matches, err := filepath.Glob(filepath.Join(stCorpus, "*", "*.txt"))
	if err != nil || len(matches) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", stCorpus, len(matches), err)
	}
	dir := t.TempDir()
	type input struct{ name, path string }
	var inputs []input
	for _, m := range matches {
		rel, _ := filepath.Rel(stCorpus, m)
		inputs = append(inputs, input{rel, m})
	}
	for _, name := range []string{"game-exports/z_pictionary.txt", "game-exports/mysteryUltimates.txt"} {
		f, err := source.ReadFile(filepath.Join(stCorpus, name))
		if err != nil {
			t.Fatal(err)
		}
		en := stProgram(f.Text)
		for _, l := range []vocab.Locale{vocab.FrFR, vocab.JaJP} {
			rendered := fmt.Sprintf("%s.%s.txt", strings.ReplaceAll(name, "/", "_"), l)
			inputs = append(inputs, input{rendered, stWrite(t, dir, rendered, stRender(t, en, l))})
		}
	}
	statements, rules, moved := 0, 0, 0
	for _, in := range inputs {
		before, err := os.ReadFile(in.path)
		if err != nil {
			t.Fatal(err)
		}
		s := stSession(in.path)
		p, err := s.Program()
		if err != nil {
			t.Errorf("%s: %v", in.name, err)
			continue
		}
		// About ten rules of each file, spread over it: every statement
		// of one in two is replaced by its own document (the rule
		// addressed by index); in the others the middle action is
		// deleted and its document inserted at its index (by name).
		snap := p.Snapshot
		req := &contract.EditStatementsRequest{InputIdentity: p.Identity(), Snapshot: &snap}
		docs := map[int]*contract.RuleContent{}
		n := len(p.Checked.Script.Rules)
		for i, c := 0, 0; i < n; i, c = i+max(1, n/10), c+1 {
			doc := p.RuleContent(i)
			if stUnresolved(doc) {
				continue // a program with errors
			}
			docs[i] = doc
			if c%2 == 1 {
				if k := len(doc.Actions) / 2; k < len(doc.Actions) {
					addr := contract.Address{Name: p.Index().RuleAddress(i)}
					req.Edits = append(req.Edits,
						contract.StatementEdit{Rule: addr, List: "actions", Kind: "delete", Index: k},
						contract.StatementEdit{Rule: addr, List: "actions", Kind: "insert", Index: k, Statement: stDoc(doc.Actions[k])})
					moved++
				}
				continue
			}
			rules++
			addr := contract.Address{ID: &i}
			for list, sts := range map[string][]contract.ContentStatement{"conditions": doc.Conditions, "actions": doc.Actions} {
				for k, st := range sts {
					req.Edits = append(req.Edits, contract.StatementEdit{Rule: addr, List: list, Kind: "replace", Index: k, Statement: stDoc(st)})
					statements++
				}
			}
		}
		if len(req.Edits) == 0 {
			continue
		}
		// The Go API, with the documents' nodes as Go values.
		res, err := s.EditStatements(req)
		if err != nil {
			t.Errorf("%s: refused: %v", in.name, err)
			continue
		}
		if wasOK := !p.Checked.Diags.HasErrors(); res.Validation.OK != wasOK {
			t.Errorf("%s: validation ok %v, the file's %v: %+v", in.name, res.Validation.OK, wasOK, res.Validation.Diagnostics)
		}
		after := stProgram(stEdited(t, string(before), res), p.Checked.Script.Locale)
		for i, doc := range docs {
			if got, want := withoutSpans(t, after.RuleContent(i)), withoutSpans(t, doc); got != want {
				t.Errorf("%s rule %d reads back differently\n got %s\nwant %s", in.name, i, got, want)
			}
		}
		if again, _ := os.ReadFile(in.path); !bytes.Equal(again, before) {
			t.Errorf("%s: the file was written", in.name)
		}
	}
	if rules < 250 || statements < 4000 || moved < 200 {
		t.Errorf("only %d rules (%d statements) replaced and %d actions moved: the corpus walk is broken", rules, statements, moved)
	}
}

// TestEditStatementsLocales inserts into programs written in zh-CN (a
// corpus export) and in fr-FR and ja-JP (corpus exports rendered by the
// printer): the new text is spelled in the program's locale, and reads
// back as the documents sent.
func TestEditStatementsLocales(t *testing.T) {
	dir := t.TempDir()
	zh := filepath.Join(stCorpus, "game-exports", "zhCN_lijiang_parkour_EXCERPT.txt")
	inputs := map[vocab.Locale]string{vocab.ZhCN: zh}
	f, err := source.ReadFile(filepath.Join(stCorpus, "game-exports", "z_pictionary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	en := stProgram(f.Text)
	for _, l := range []vocab.Locale{vocab.FrFR, vocab.JaJP} {
		inputs[l] = stWrite(t, dir, l.String()+".txt", stRender(t, en, l))
	}
	v := vocab.Default()
	spell := func(n vocab.Named, l vocab.Locale) string {
		s, ok := vocab.EntryOf(n).Name(l)
		if !ok {
			t.Fatalf("%s has no %s spelling", vocab.QualifiedID(n), l)
		}
		return s
	}
	cond := stJSON(t, `{"call":"__compare__","args":[{"call":".isAlive","args":[{"call":"eventPlayer","args":[]}]},{"enum":"__Operator__","member":"=="},{"call":"true","args":[]}],"comment":"注意 attention"}`)
	wait := stJSON(t, `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}],"enabled":false}`)
	for l, path := range inputs {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := stSession(path)
		p, err := s.Program()
		if err != nil {
			t.Fatal(err)
		}
		if p.Checked.Script.Locale != l {
			t.Fatalf("%s is read as %s", path, p.Checked.Script.Locale)
		}
		addr := contract.Address{Name: p.Index().RuleAddress(0)}
		res, e := stHandle(t, s, &contract.EditStatementsRequest{InputIdentity: p.Identity(), Edits: []contract.StatementEdit{
			{Rule: addr, List: "conditions", Kind: "insert", Index: 0, Statement: cond},
			{Rule: addr, List: "actions", Kind: "insert", Index: 0, Statement: wait},
		}})
		if e != nil {
			t.Fatalf("%s: refused: %s: %s", l, e.Code, e.Message)
		}
		if !res.Validation.OK {
			t.Errorf("%s: does not validate: %+v", l, res.Validation.Diagnostics)
		}
		var written strings.Builder
		for _, te := range res.Transaction.Edits {
			written.WriteString(te.NewText)
		}
		want := []string{
			spell(v.Value(".isAlive"), l) + "(" + spell(v.Value("eventPlayer"), l) + ") == " + spell(v.Value("true"), l) + ";",
			spell(v.Keyword("__disabled__"), l) + " " + spell(v.Action("wait"), l) + "(0.250, " + spell(v.Enum("Wait").Member("IGNORE_CONDITION"), l) + ");",
			`"注意 attention"`,
		}
		for _, w := range want {
			if !strings.Contains(written.String(), w) {
				t.Errorf("%s: the new text does not hold %q:\n%s", l, w, written.String())
			}
		}
		after := stProgram(stEdited(t, string(before), res), l).RuleContent(0)
		if got, want := stCanon(t, stDoc(after.Conditions[0])), stCanon(t, cond); got != want {
			t.Errorf("%s: the condition reads back as %s, want %s", l, got, want)
		}
		if got, want := stCanon(t, stDoc(after.Actions[0])), stCanon(t, wait); got != want {
			t.Errorf("%s: the action reads back as %s, want %s", l, got, want)
		}
		if again, _ := os.ReadFile(path); !bytes.Equal(again, before) {
			t.Errorf("%s: the file was written", l)
		}
	}
}

// TestEditStatementsRefusals sends every kind of request the operation
// refuses through the session's entry point.
func TestEditStatementsRefusals(t *testing.T) {
	dir := t.TempDir()
	path := stWrite(t, dir, "arena.ow", stArena)
	s := stSession(path)
	id := edits.Identity(stArena)
	idx := func(i int) contract.Address { return contract.Address{ID: &i} }
	name := func(n string) contract.Address { return contract.Address{Name: n} }
	snap := func(n int) *int { return &n }
	wait := `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`
	one := func(rule contract.Address, list, kind string, index int, statement string) []contract.StatementEdit {
		e := contract.StatementEdit{Rule: rule, List: list, Kind: kind, Index: index}
		if statement != "" {
			e.Statement = stJSON(t, statement)
		}
		return []contract.StatementEdit{e}
	}
	action := func(statement string) []contract.StatementEdit {
		return one(name("Setup"), "actions", "insert", 0, statement)
	}
	tests := []struct {
		name     string
		req      contract.EditStatementsRequest
		code     string
		contains string
	}{
		{"no edits", contract.EditStatementsRequest{InputIdentity: id, Edits: []contract.StatementEdit{}}, "malformed-request", "at least one edit"},
		{"bad list", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "rules", "delete", 0, "")}, "malformed-request", "edits[0].list"},
		{"bad kind", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "move", 0, "")}, "malformed-request", "edits[0].kind"},
		{"insert without statement", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "insert", 0, "")}, "malformed-request", "needs a statement"},
		{"delete with statement", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "delete", 0, wait)}, "malformed-request", "takes no statement"},
		{"stale identity", contract.EditStatementsRequest{InputIdentity: strings.Repeat("0", 64), Edits: action(wait)}, "edit-stale-source", id},
		{"no identity", contract.EditStatementsRequest{Edits: action(wait)}, "edit-stale-source", "none"},
		{"index without snapshot", contract.EditStatementsRequest{InputIdentity: id, Edits: one(idx(0), "actions", "delete", 0, "")}, "stale-id", "snapshot"},
		{"index of another snapshot", contract.EditStatementsRequest{InputIdentity: id, Snapshot: snap(7), Edits: one(idx(0), "actions", "delete", 0, "")}, "stale-id", "snapshot 7"},
		{"index past the rules", contract.EditStatementsRequest{InputIdentity: id, Snapshot: snap(1), Edits: one(idx(9), "actions", "delete", 0, "")}, "unknown-rule", "edits[0].rule"},
		{"unknown rule", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Stup"), "actions", "delete", 0, "")}, "unknown-rule", "edits[0].rule"},
		{"ambiguous rule", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Tick"), "actions", "delete", 0, "")}, "ambiguous-rule", "edits[0].rule"},
		{"replace past the end", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "replace", 2, wait)}, "edit-out-of-range", "0 to 1"},
		{"insert past the end", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "insert", 3, wait)}, "edit-out-of-range", "0 to 2"},
		{"delete in a missing block", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "conditions", "delete", 0, "")}, "edit-out-of-range", "no conditions"},
		{"negative index", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "actions", "insert", -1, wait)}, "edit-out-of-range", "edits[0].index"},
		{"replace and delete one statement", contract.EditStatementsRequest{InputIdentity: id, Edits: append(one(name("Setup"), "actions", "replace", 1, wait), one(name("Setup"), "actions", "delete", 1, "")...)}, "edit-overlap", "edits[0] (replace) and edits[1] (delete)"},
		{"two replaces, the rule named two ways", contract.EditStatementsRequest{InputIdentity: id, Snapshot: snap(1), Edits: append(one(name("Setup"), "actions", "replace", 0, wait), one(idx(0), "actions", "replace", 0, wait)...)}, "edit-overlap", "action 0 of rule Setup"},
		{"unknown action", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wiat","args":[1]}`)}, "edit-invalid-statement", "edits[0].statement.call"},
		{"a value in actions", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"true","args":[]}`)}, "edit-invalid-statement", "is a value, not an action"},
		{"an action in conditions", contract.EditStatementsRequest{InputIdentity: id, Edits: one(name("Setup"), "conditions", "insert", 0, wait)}, "edit-invalid-statement", "is an action, not a value"},
		{"no call", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"args":[]}`)}, "edit-invalid-statement", "edits[0].statement.call is missing"},
		{"unknown value", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"call":"nope","args":[]},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[0]: \"nope\""},
		{"an action as a value", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"call":"wait","args":[]},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[0]: wait is an action"},
		{"too few arguments", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[1]}`)}, "edit-invalid-statement", "edits[0].statement: Wait (wait) takes 2 arguments, found 1"},
		{"too many arguments, nested", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"call":"__add__","args":[1,2,3]},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[0]: Add (__add__) takes 2 arguments, found 3"},
		{"arguments to a bare value", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"call":"true","args":[1]},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "takes no arguments"},
		{"a string node", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":["1",{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[0] is a string"},
		{"a call without args", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"call":"true"},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[0].args is null"},
		{"an unknown member", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"value":1},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", `unknown member "value"`},
		{"two forms", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[1,{"enum":"Wait","member":"IGNORE_CONDITION","variable":"x"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[1] has the members of 2 node forms"},
		{"unresolved", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[{"unresolved":"Wiat"},{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)}, "edit-invalid-statement", "unresolved source text"},
		{"an enum without member", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[1,{"enum":"Wait"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[1].member is null"},
		{"an unknown enum member", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"wait","args":[1,{"enum":"Wait","member":"NEVER"}]}`)}, "edit-invalid-statement", `"NEVER" is not a member of Wait`},
		{"a bare colour as a value", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"__setGlobalVariable__","args":[{"variable":"Round"},{"enum":"ColorLiteral","member":"RED"}]}`)}, "edit-invalid-statement", `{"call":"__color__"`},
		{"a variable as a value", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"__setGlobalVariable__","args":[{"variable":"Round"},{"variable":"Scores"}]}`)}, "edit-invalid-statement", "edits[0].statement.args[1]: a variable node"},
		{"a bad variable name", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"__setGlobalVariable__","args":[{"variable":"1st"},1]}`)}, "edit-invalid-statement", `"1st" is not a variable`},
		{"a subroutine outside its slot", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"__setGlobalVariable__","args":[{"variable":"Round"},{"subroutine":"Reset"}]}`)}, "edit-invalid-statement", "a subroutine node"},
		{"an unknown localized string", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"smallMessage","args":[{"call":"eventPlayer","args":[]},{"call":"__localizedString__","args":[{"localizedString":"no such key"}]}]}`)}, "edit-invalid-statement", `"no such key" is not a catalog localized string`},
		{"text that does not read back", contract.EditStatementsRequest{InputIdentity: id, Edits: action(`{"call":"smallMessage","args":[{"call":"eventPlayer","args":[]},{"call":"__localizedString__","args":[{"string":"no such key"}]}]}`)}, "edit-invalid-statement", "cannot be written in en-US so that it reads back as sent"},
		{"sources without the entry", contract.EditStatementsRequest{InputIdentity: id, Sources: map[string]string{"other.ow": stArena}, Edits: action(wait)}, "edit-unknown-source", "arena.ow"},
		{"sources that do not parse", contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena + "rule("), Sources: map[string]string{path: stArena + "rule("}, Edits: action(wait)}, "parse-error", "sources"},
		{"an index into other sources", contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena + "\n"), Snapshot: snap(1), Sources: map[string]string{path: stArena + "\n"}, Edits: one(idx(0), "actions", "delete", 0, "")}, "stale-id", "by name"},
	}
	for _, tt := range tests {
		_, e := stHandle(t, s, &tt.req)
		switch {
		case e == nil:
			t.Errorf("%s: not refused", tt.name)
		case e.Code != tt.code || !strings.Contains(e.Message, tt.contains):
			t.Errorf("%s: refused %s: %s\nwant %s containing %q", tt.name, e.Code, e.Message, tt.code, tt.contains)
		}
	}
	// The same requests, made right, are answered.
	for _, req := range []contract.EditStatementsRequest{
		{InputIdentity: id, Snapshot: snap(1), Edits: one(idx(0), "actions", "delete", 0, "")},
		{InputIdentity: id, Snapshot: snap(7), Edits: one(name("Setup"), "actions", "delete", 0, "")},
		{InputIdentity: id, Edits: one(name("Tick#2"), "actions", "replace", 0, wait)},
	} {
		if _, e := stHandle(t, s, &req); e != nil {
			t.Errorf("%+v: refused %s: %s", req.Edits, e.Code, e.Message)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != stArena {
		t.Error("the file was written")
	}

	// Input the service does not edit itself.
	opy := stWrite(t, dir, "game.opy", "rule \"x\":\n    wait(1)\n")
	_, e := stHandle(t, service.NewSession(service.SessionOptions{Input: opy}), &contract.EditStatementsRequest{
		InputIdentity: edits.Identity("rule \"x\":\n    wait(1)\n"), Edits: action(wait)})
	if e == nil || e.Code != "edit-requires-provider" || !strings.Contains(e.Message, "providerValidateEdit") {
		t.Errorf("OverPy input: %+v", e)
	}
	// A missing identity is refused by the schema before the operation.
	resp := s.Handle(context.Background(), []byte(`{"op":"editStatements","edits":[]}`))
	if resp.Error == nil || resp.Error.Code != "malformed-request" || !strings.Contains(resp.Error.Message, "inputIdentity") {
		t.Errorf("a request without inputIdentity: %+v", resp.Error)
	}
}

// TestEditStatementsInputRefusals sends requests whose input the
// operation refuses through the session's entry point: an input that
// cannot be resolved, read or recognised, text that does not parse, and a
// name the program's locale cannot spell.
func TestEditStatementsInputRefusals(t *testing.T) {
	dir := t.TempDir()
	wait := stJSON(t, `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`)
	insert := func(statement *contract.StatementDocument) []contract.StatementEdit {
		return []contract.StatementEdit{{Rule: contract.Address{Name: "Setup"}, List: "actions", Kind: "insert", Index: 0, Statement: statement}}
	}
	two := filepath.Join(dir, "two")
	if err := os.Mkdir(two, 0o755); err != nil {
		t.Fatal(err)
	}
	stWrite(t, two, "a.ow", stArena)
	stWrite(t, two, "b.ow", stArena)
	const words = "just some words\n"
	broken := stArena + "rule("
	big := stArena + strings.Repeat("\n", source.MaxFileSize)
	arena := stWrite(t, dir, "arena.ow", stArena)
	german := stRender(t, stProgram(stArena), vocab.DeDE)
	auto := func(input string) *service.Session {
		return service.NewSession(service.SessionOptions{Input: input, Version: "test"})
	}
	tests := []struct {
		name     string
		s        *service.Session
		req      contract.EditStatementsRequest
		code     string
		contains string
	}{
		{"a missing input", stSession(filepath.Join(dir, "none.ow")), contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena), Edits: insert(wait)}, "input-io", "none.ow"},
		{"a directory of two entries", auto(two), contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena), Edits: insert(wait)}, "input-entry-ambiguous", "2 candidate entry files"},
		{"text of no known kind", auto(stWrite(t, dir, "notes.txt", words)), contract.EditStatementsRequest{InputIdentity: edits.Identity(words), Edits: insert(wait)}, "input-kind-ambiguous", "notes.txt"},
		{"a file that does not parse", stSession(stWrite(t, dir, "broken.ow", broken)), contract.EditStatementsRequest{InputIdentity: edits.Identity(broken), Edits: insert(wait)}, "parse-error", "broken.ow"},
		{"a name de-DE cannot spell", stSession(stWrite(t, dir, "de.ow", german)), contract.EditStatementsRequest{InputIdentity: edits.Identity(german),
			Edits: insert(stJSON(t, `{"call":"__setGlobalVariable__","args":[{"variable":"Round"},{"call":"__gamemode__","args":[{"enum":"GamemodeLiteral","member":"controlAprilFools"}]}]}`))},
			"missing-mapping", "(GamemodeLiteral.controlAprilFools) has no spelling in de-DE"},
	}
	for _, tt := range tests {
		_, e := stHandle(t, tt.s, &tt.req)
		switch {
		case e == nil:
			t.Errorf("%s: not refused", tt.name)
		case e.Code != tt.code || !strings.Contains(e.Message, tt.contains):
			t.Errorf("%s: refused %s: %s\nwant %s containing %q", tt.name, e.Code, e.Message, tt.code, tt.contains)
		}
	}
	// Sources over 4 MiB make a request over the service's 4 MiB limit,
	// which Handle refuses first (request-too-large); the Go API refuses
	// the text itself.
	_, err := stSession(arena).EditStatements(&contract.EditStatementsRequest{InputIdentity: edits.Identity(big), Sources: map[string]string{arena: big}, Edits: insert(wait)})
	if e, ok := err.(*service.Error); !ok || e.Code != "input-io" || !strings.Contains(e.Message, "4 MiB") {
		t.Errorf("sources over 4 MiB: %v", err)
	}
	// The German program takes a statement it can spell.
	if _, e := stHandle(t, stSession(filepath.Join(dir, "de.ow")), &contract.EditStatementsRequest{InputIdentity: edits.Identity(german), Edits: insert(wait)}); e != nil {
		t.Errorf("de-DE: refused %s: %s", e.Code, e.Message)
	}
}

// TestEditStatementsSources edits unsaved text: the edits apply to it,
// its identity is the precondition, and the file on disk is neither read
// for the edit nor written.
func TestEditStatementsSources(t *testing.T) {
	dir := t.TempDir()
	path := stWrite(t, dir, "arena.ow", stArena)
	s := stSession(path)
	unsaved := strings.Replace(stArena, "Wait(1, Ignore Condition);", "Wait(3, Ignore Condition);", 1)
	res, e := stHandle(t, s, &contract.EditStatementsRequest{InputIdentity: edits.Identity(unsaved),
		Sources: map[string]string{dir + "/./arena.ow": unsaved}, // another spelling of the entry
		Edits:   []contract.StatementEdit{{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "delete", Index: 4}}})
	if e != nil {
		t.Fatalf("refused: %s: %s", e.Code, e.Message)
	}
	for _, te := range res.Transaction.Edits {
		if te.SourceIdentity != edits.Identity(unsaved) {
			t.Errorf("an edit names identity %s, not the unsaved text's", te.SourceIdentity)
		}
	}
	text := stEdited(t, unsaved, res)
	if !res.Validation.OK || !strings.Contains(text, "Wait(3, Ignore Condition);\n\t\tIf") || strings.Contains(text, "Loop If Condition Is True") {
		t.Errorf("ok %v, edited text:\n%s", res.Validation.OK, text)
	}
	if data, _ := os.ReadFile(path); string(data) != stArena {
		t.Error("the file was written")
	}

	// Without sources, a session with an overlay (an editor's unsaved
	// buffers) edits the overlay's text, as it loads it.
	overlay := service.NewSession(service.SessionOptions{Input: path, Kind: service.KindWorkshop, Version: "test",
		Overlay: func(p string) (string, int64, bool) { return unsaved, 1, p == path }})
	res, e = stHandle(t, overlay, &contract.EditStatementsRequest{InputIdentity: edits.Identity(unsaved),
		Edits: []contract.StatementEdit{{Rule: contract.Address{Name: "Tick#1"}, List: "actions", Kind: "delete", Index: 4}}})
	if e != nil {
		t.Fatalf("overlay: refused: %s: %s", e.Code, e.Message)
	}
	if text := stEdited(t, unsaved, res); !res.Validation.OK || !strings.Contains(text, "Wait(3, Ignore Condition);\n\t\tIf") || strings.Contains(text, "Loop If Condition Is True") {
		t.Errorf("overlay: ok %v, edited text:\n%s", res.Validation.OK, text)
	}
}

// TestEditStatementsGoValues calls the Go API with arguments that are Go
// values: content nodes, pointers to them, plain integers.
func TestEditStatementsGoValues(t *testing.T) {
	path := stWrite(t, t.TempDir(), "arena.ow", stArena)
	s := stSession(path)
	member := contract.ContentNode{Enum: &contract.ContentEnum{Enum: "Wait", Member: "ABORT_WHEN_FALSE"}}
	res, err := s.EditStatements(&contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena), Edits: []contract.StatementEdit{
		{Rule: contract.Address{Name: "Setup"}, List: contract.StatementListActions, Kind: contract.StatementInsert, Index: 2,
			Statement: &contract.StatementDocument{Call: "wait", Args: []any{2, &member}, Enabled: stBool(true)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if text := stEdited(t, stArena, res); !res.Validation.OK || !strings.Contains(text, "\t\tCall Subroutine(Reset);\n\t\tWait(2, Abort When False);\n\t}") {
		t.Errorf("ok %v, edited text:\n%s", res.Validation.OK, text)
	}
	_, err = s.EditStatements(&contract.EditStatementsRequest{InputIdentity: edits.Identity(stArena), Edits: []contract.StatementEdit{
		{Rule: contract.Address{Name: "Setup"}, List: "actions", Kind: "insert", Index: 0,
			Statement: &contract.StatementDocument{Call: "wait", Args: []any{contract.ContentNode{}, member}}},
	}})
	if e, ok := err.(*service.Error); !ok || e.Code != "edit-invalid-statement" || !strings.Contains(e.Message, "edits[0].statement.args[0] holds 0 node forms") {
		t.Errorf("an empty node: %v", err)
	}
}

// TestEditStatementsOtherLayouts edits text not laid out as the game lays
// it out: spaces and braces on the keyword line, a rule on one line, CRLF
// line breaks.
func TestEditStatementsOtherLayouts(t *testing.T) {
	wait := `{"call":"wait","args":[0.25,{"enum":"Wait","member":"IGNORE_CONDITION"}]}`
	tests := []struct {
		name, text string
		edits      string
		want       string
	}{
		{"spaces",
			"rule (\"r\") {\n    event {\n        Ongoing - Global;\n    }\n    actions {\n        If(True);\n            Abort;\n        End;\n    }\n}\n",
			`[{"rule":"r","list":"actions","kind":"insert","index":2,"statement":` + wait + `},{"rule":"r","list":"conditions","kind":"insert","index":0,"statement":{"call":"true","args":[]}}]`,
			"rule (\"r\") {\n    event {\n        Ongoing - Global;\n    }\n\n    conditions\n    {\n        True;\n    }\n    actions {\n        If(True);\n            Abort;\n            Wait(0.250, Ignore Condition);\n        End;\n    }\n}\n"},
		{"one line",
			"rule(\"r\") { event { Ongoing - Global; } actions { Wait(1, Ignore Condition); Abort; } }\n",
			`[{"rule":"r","list":"actions","kind":"insert","index":1,"statement":` + wait + `},{"rule":"r","list":"actions","kind":"replace","index":1,"statement":{"call":"return","args":[],"comment":"c"}},{"rule":"r","list":"actions","kind":"insert","index":2,"statement":{"call":"return","args":[]}},{"rule":"r","list":"conditions","kind":"insert","index":0,"statement":{"call":"true","args":[]}}]`,
			"rule(\"r\") { event { Ongoing - Global; } conditions { True; } actions { Wait(1, Ignore Condition); Wait(0.250, Ignore Condition); \"c\" Abort; Abort; } }\n"},
		{"crlf",
			"rule(\"r\")\r\n{\r\n\tevent\r\n\t{\r\n\t\tOngoing - Global;\r\n\t}\r\n\r\n\tactions\r\n\t{\r\n\t\tAbort;\r\n\t}\r\n}\r\n",
			`[{"rule":"r","list":"actions","kind":"insert","index":1,"statement":` + wait + `},{"rule":"r","list":"actions","kind":"delete","index":0},{"rule":"r","list":"conditions","kind":"insert","index":0,"statement":{"call":"true","args":[],"enabled":false}}]`,
			"rule(\"r\")\r\n{\r\n\tevent\r\n\t{\r\n\t\tOngoing - Global;\r\n\t}\r\n\r\n\tconditions\r\n\t{\r\n\t\tdisabled True;\r\n\t}\r\n\r\n\tactions\r\n\t{\r\n\t\tWait(0.250, Ignore Condition);\r\n\t}\r\n}\r\n"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		path := stWrite(t, dir, tt.name+".ow", tt.text)
		var es []contract.StatementEdit
		if err := json.Unmarshal([]byte(tt.edits), &es); err != nil {
			t.Fatal(err)
		}
		res, e := stHandle(t, stSession(path), &contract.EditStatementsRequest{InputIdentity: edits.Identity(tt.text), Edits: es})
		if e != nil {
			t.Errorf("%s: refused: %s: %s", tt.name, e.Code, e.Message)
			continue
		}
		if got := stEdited(t, tt.text, res); !res.Validation.OK || got != tt.want {
			t.Errorf("%s: ok %v\n got %q\nwant %q", tt.name, res.Validation.OK, got, tt.want)
		}
	}
}
