package lsp

import (
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// at splits a test text at its cursor mark '‸'.
func at(t *testing.T, marked string) (string, int) {
	t.Helper()
	i := strings.Index(marked, "‸")
	if i < 0 {
		t.Fatalf("no cursor in %q", marked)
	}
	return marked[:i] + marked[i+len("‸"):], i
}

// inRule wraps lines in an actions block (or a conditions block when
// cond is set) of a rule.
func inRule(body string, cond bool) string {
	kw := "actions"
	if cond {
		kw = "conditions"
	}
	return "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\t" + kw + "\n\t{\n\t\t" + body + "\n\t}\n}\n"
}

func TestScanCursor(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		block      blockKind
		inString   bool
		inComment  bool
		frames     []int // commas of each open frame, outermost first
		word       string
		dot        string // the receiver, when the word follows '.'
		stmtStart  bool
	}{
		{name: "start of file", text: "‸rule(\"r\") {}", block: blockTop, word: "rule"},
		{name: "end of file", text: "rule(\"r\")\n{\n}\n‸", block: blockTop, stmtStart: true},
		{name: "statement start", text: inRule("Small Me‸;", false), block: blockActions, word: "Small Me", stmtStart: true},
		{name: "whitespace", text: inRule("Wait(1);\n\t\t‸  \n", false), block: blockActions, stmtStart: true},
		{name: "rest of the word", text: inRule("Sma‸ll Message;", false), block: blockActions, word: "Small", stmtStart: true},
		{name: "disabled", text: inRule("disabled Wa‸", false), block: blockActions, word: "Wa", stmtStart: true},
		{name: "comment string", text: inRule("\"note\" Wa‸", false), block: blockActions, word: "Wa", stmtStart: true},
		{name: "after a line without ';'", text: inRule("Wait(1)\n\t\tSma‸", false), block: blockActions, word: "Sma", stmtStart: true},
		{name: "continued line", text: inRule("Global.A = 1 +\n\t\tAbs‸", false), block: blockActions, word: "Abs"},
		{name: "condition", text: inRule("Is Al‸", true), block: blockConditions, word: "Is Al", stmtStart: true},
		{name: "first argument", text: inRule("Small Message(‸", false), block: blockActions, frames: []int{0}},
		{name: "second argument", text: inRule("Small Message(All Players(All Teams), Cus‸)", false), block: blockActions, frames: []int{1}, word: "Cus"},
		{name: "nested call", text: inRule("Small Message(All Players(All T‸", false), block: blockActions, frames: []int{0, 0}, word: "All T"},
		{name: "nested call closed", text: inRule("Small Message(Max(1, 2), ‸", false), block: blockActions, frames: []int{1}},
		{name: "commas in a string", text: inRule("Small Message(Custom String(\"a, b\", ‸", false), block: blockActions, frames: []int{0, 1}},
		{name: "index", text: inRule("Global.A[Ind‸] = 1;", false), block: blockActions, frames: []int{0}, word: "Ind"},
		{name: "after Global.", text: inRule("Global.‸", false), block: blockActions, dot: "Global"},
		{name: "after disabled Global.", text: inRule("disabled Global.Sc‸ = 1;", false), block: blockActions, dot: "disabled Global", word: "Sc"},
		{name: "after a player", text: inRule("Event Player.Ki‸lls += 1;", false), block: blockActions, dot: "Event Player", word: "Kills"},
		{name: "decimals", text: inRule("Wait(1.‸", false), block: blockActions, frames: []int{0}},
		{name: "in a string", text: inRule("Small Message(Event Player, Custom String(\"a‸b\"));", false), block: blockActions, inString: true},
		{name: "in an unclosed string", text: inRule("Small Message(Event Player, Custom String(\"ab‸\n", false), block: blockActions, inString: true},
		{name: "after a string", text: inRule("Custom String(\"ab\"‸", false), block: blockActions, frames: []int{0}},
		{name: "in a rule name", text: "rule(\"na‸me\")\n{\n}\n", block: blockTop, inString: true},
		{name: "in a line comment", text: inRule("// Wai‸t\n", false), block: blockActions, inComment: true},
		{name: "in a block comment", text: inRule("/* a ‸ */ Wait(1);", false), block: blockActions, inComment: true},
		{name: "after a block comment", text: inRule("/* a */ Wa‸", false), block: blockActions, word: "Wa", stmtStart: true},
		{name: "event", text: "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing‸\n\t}\n}\n", block: blockEvent, word: "Ongoing", stmtStart: true},
		{name: "rule body", text: "rule(\"r\")\n{\n\t‸\n}\n", block: blockRule, stmtStart: true},
		{name: "variables", text: "variables\n{\n\tglobal:\n\t\t0: A‸\n}\n", block: blockVariables, word: "A"},
		{name: "settings", text: "settings\n{\n\tmain\n\t{\n\t\tDescription: ‸\n\t}\n}\n", block: blockSettings, word: "Description: "},
		{name: "zh-CN", text: "规则(\"r\")\n{\n\t事件\n\t{\n\t\t持续 - 全局;\n\t}\n\n\t动作\n\t{\n\t\t禁用 全局.de‸\n\t}\n}\n", block: blockActions, dot: "禁用 全局", word: "de"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, off := at(t, tc.text)
			c := scanCursor(text, off)
			if c.block != tc.block || c.inString != tc.inString || c.inComment != tc.inComment {
				t.Fatalf("block %v string %v comment %v, want %v %v %v", c.block, c.inString, c.inComment, tc.block, tc.inString, tc.inComment)
			}
			if tc.inString || tc.inComment {
				return
			}
			var commas []int
			for _, f := range c.frames {
				commas = append(commas, f.commas)
			}
			if !slices.Equal(commas, tc.frames) {
				t.Errorf("frames %v, want %v", commas, tc.frames)
			}
			if got := text[c.word.Start:c.word.End]; got != tc.word {
				t.Errorf("word %q, want %q", got, tc.word)
			}
			recv := ""
			if c.dot {
				recv = text[c.receiver.Start:c.receiver.End]
			}
			if recv != tc.dot {
				t.Errorf("receiver %q, want %q", recv, tc.dot)
			}
			if len(c.frames) == 0 && (c.block == blockActions || c.block == blockConditions) {
				if got := c.atStatementStart(text, c.word.Start); got != tc.stmtStart {
					t.Errorf("at statement start: %v, want %v", got, tc.stmtStart)
				}
			}
		})
	}
}

func TestEnclosingCall(t *testing.T) {
	for _, tc := range []struct {
		text   string
		locale vocab.Locale
		want   string // element id, "" for none
		active int
	}{
		{inRule("Small Message(‸", false), vocab.EnUS, "smallMessage", 0},
		{inRule("Small Message(All Players(All Teams), ‸", false), vocab.EnUS, "smallMessage", 1},
		{inRule("Small Message(All Players(‸", false), vocab.EnUS, "getPlayers", 0},
		{inRule("Wait((1 + ‸2), Ignore Condition);", false), vocab.EnUS, "wait", 0},
		{inRule("Global.A = Vector(1, 2, 3, 4‸", false), vocab.EnUS, "vect", 2},
		{inRule("Global.A = Array(1, 2, ‸", false), vocab.EnUS, "__array__", 0},
		{inRule("Create In-World Text(Event Player, ‸", false), vocab.EnUS, "createInWorldText", 1},
		{inRule("Global.A[‸", false), vocab.EnUS, "", 0},
		{inRule("Global.A = ‸", false), vocab.EnUS, "", 0},
		{inRule("Unknown Thing(‸", false), vocab.EnUS, "", 0},
		{inRule("Small Message(Event Player, \"a‸", false), vocab.EnUS, "", 0},
		{"规则(\"r\")\n{\n\t事件\n\t{\n\t\t持续 - 全局;\n\t}\n\n\t动作\n\t{\n\t\t等待(0.3, ‸\n\t}\n}\n", vocab.ZhCN, "wait", 1},
	} {
		text, off := at(t, tc.text)
		c := scanCursor(text, off)
		el, fr, ok := enclosingCall(text, &c, tc.locale)
		got := ""
		if ok {
			got = el.ID
		}
		if got != tc.want {
			t.Errorf("%q: call %q, want %q", tc.text, got, tc.want)
			continue
		}
		if ok && activeParam(el, fr.commas) != tc.active {
			t.Errorf("%q: active parameter %d, want %d", tc.text, activeParam(el, fr.commas), tc.active)
		}
	}
}

func TestSignatureLabels(t *testing.T) {
	v := vocab.Default()
	// Every parameter label is its text in the signature, or offsets of
	// it when that text occurs earlier (Max(value, value)).
	for _, el := range v.Elements {
		for _, l := range []vocab.Locale{vocab.EnUS, vocab.ZhCN} {
			h := signatureOf(el, l, 0, edits.UTF8)
			sig := h.Signatures[0]
			_, params := renderSignature(el, l)
			if len(sig.Parameters) != len(params) {
				t.Fatalf("%s: %d parameters, want %d", el.ID, len(sig.Parameters), len(params))
			}
			at := 0
			for i, p := range sig.Parameters {
				switch x := p.Label.(type) {
				case string:
					if i := strings.Index(sig.Label[at:], x); i < 0 {
						t.Errorf("%s: %q not in %q", el.ID, x, sig.Label)
					} else {
						at += i + len(x)
					}
				case [2]int:
					if got := sig.Label[x[0]:x[1]]; got != params[i] {
						t.Errorf("%s: offsets %v cover %q, want %q", el.ID, x, got, params[i])
					}
					at = x[1]
				}
			}
		}
	}
	if got, _ := renderSignature(v.Action("wait"), vocab.FrFR); got != "Attente(time: unsigned float = 0.016, waitBehavior: Wait = Ignorer la condition)" {
		t.Errorf("fr-FR Wait: %s", got)
	}
}

func TestCompletionContexts(t *testing.T) {
	facts := &docFacts{locale: vocab.EnUS}
	for _, tc := range []struct {
		name, text, trigger string
		want                []string // labels that must be offered
		absent              []string // labels that must not be
		first               string   // the first label in sort order, if set
		none                bool     // no completion at all
	}{
		{name: "actions at a statement", text: inRule("Small Me‸", false), want: []string{"Small Message"}, absent: []string{"All Players"}},
		{name: "values in a condition", text: inRule("Is Al‸", true), want: []string{"Is Alive"}, absent: []string{"Wait"}},
		{name: "values after an operator", text: inRule("Global.A = Event Pl‸", false), want: []string{"Event Player"}},
		{name: "argument", text: inRule("Small Message(All Pl‸", false), want: []string{"All Players"}, absent: []string{"Small Message"}},
		{name: "fitting type first", text: inRule("Small Message(‸", false), first: "All Dead Players"},
		{name: "team slot takes bare teams", text: inRule("Small Message(All Players(‸", false), first: "All Teams"},
		{name: "enum slot", text: inRule("Wait(1, ‸", false), want: []string{"Ignore Condition", "Abort When False"}, first: "Ignore Condition", absent: []string{"Event Player"}},
		{name: "nested call", text: inRule("Small Message(Event Player, Custom String(\"{0}\", Event Pl‸", false), want: []string{"Event Player"}},
		{name: "operand in an argument", text: inRule("Small Message(Team Of(Event Player) == Te‸", false), want: []string{"Team Of"}},
		{name: "past the last argument", text: inRule("Wait(1, Ignore Condition, ‸", false), none: true},
		{name: "literal slot", text: inRule("Global.A = Custom String(‸", false), none: true},
		{name: "after Global.", text: inRule("Global.‸", false), trigger: ".", want: []string{"Score"}, absent: []string{"Kills"}},
		{name: "after a player", text: inRule("Event Player.‸", false), trigger: ".", want: []string{"Kills"}, absent: []string{"Score"}},
		{name: "variable slot", text: inRule("Set Global Variable(‸", false), trigger: "(", want: []string{"Score"}},
		{name: "subroutine slot", text: inRule("Call Subroutine(‸", false), want: []string{"Reset"}},
		{name: "in a string", text: inRule("Small Message(Event Player, Custom String(\"a‸", false), none: true},
		{name: "in a comment", text: inRule("// a ‸", false), none: true},
		{name: "decimals", text: inRule("Wait(1.‸", false), trigger: ".", none: true},
		{name: "dot trigger elsewhere", text: inRule("Wait(‸", false), trigger: ".", none: true},
		{name: "space after a statement", text: inRule("Wait(1); ‸", false), trigger: " ", none: true},
		{name: "space in a name", text: inRule("Small ‸", false), trigger: " ", want: []string{"Small Message"}},
		{name: "space after a comma", text: inRule("Wait(1, ‸", false), trigger: " ", want: []string{"Ignore Condition"}},
		{name: "variables block", text: "variables\n{\n\tglobal:\n\t\t0: ‸\n}\n", none: true},
		{name: "top level", text: "‸", want: []string{"rule", "variables"}},
		{name: "rule body", text: "rule(\"r\")\n{\n\t‸\n}\n", want: []string{"event", "conditions", "actions"}},
		{name: "event", text: "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - E‸\n\t}\n}\n", want: []string{"Ongoing - Each Player"}, absent: []string{"Ongoing - Global"}},
		{name: "event team", text: "rule(\"r\")\n{\n\tevent\n\t{\n\t\tPlayer Died;\n\t\t‸\n\t}\n}\n", want: []string{"Team 1", "All"}},
		{name: "event player", text: "rule(\"r\")\n{\n\tevent\n\t{\n\t\tPlayer Died;\n\t\tAll;\n\t\tAn‸\n\t}\n}\n", want: []string{"Ana"}},
		{name: "subroutine event", text: "rule(\"r\")\n{\n\tevent\n\t{\n\t\tSubroutine;\n\t\t‸\n\t}\n}\n", want: []string{"Reset"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, off := at(t, tc.text)
			f := *facts
			f.globals = []index.Symbol{{Kind: index.GlobalVariable, Name: "Score", Slot: 0, Declared: true}}
			f.players = []index.Symbol{{Kind: index.PlayerVariable, Name: "Kills", Slot: 0, Declared: true}}
			f.subs = []index.Symbol{{Kind: index.Subroutine, Name: "Reset", Slot: 0, Declared: true}}
			_, cands := completions(text, off, &f, tc.trigger)
			if tc.none {
				if len(cands) > 0 {
					t.Fatalf("%d candidates (%s, …), want none", len(cands), cands[0].label)
				}
				return
			}
			labels := map[string]bool{}
			for _, c := range cands {
				labels[c.label] = true
			}
			for _, w := range tc.want {
				if !labels[w] {
					t.Errorf("%q not offered (%d candidates)", w, len(cands))
				}
			}
			for _, a := range tc.absent {
				if labels[a] {
					t.Errorf("%q offered", a)
				}
			}
			if tc.first != "" && (len(cands) == 0 || cands[0].label != tc.first) {
				got := ""
				if len(cands) > 0 {
					got = cands[0].label
				}
				t.Errorf("first %q, want %q", got, tc.first)
			}
		})
	}
}

func TestCompletionLocale(t *testing.T) {
	text, off := at(t, "规则(\"r\")\n{\n\t事件\n\t{\n\t\t持续 - 全局;\n\t}\n\n\t动作\n\t{\n\t\t等‸\n\t}\n}\n")
	_, cands := completions(text, off, &docFacts{locale: vocab.ZhCN}, "")
	if len(cands) == 0 || cands[0].label != "等待" || cands[0].snippet != "等待(${1:time}, ${2:waitBehavior})" {
		t.Fatalf("got %+v", cands)
	}
}

func TestWordMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, label string
		want           bool
	}{
		{"sm", "Small Message", true},
		{"smallme", "Small Message", true},
		{"me", "Small Message", true},
		{"all", "Small Message", false}, // 'a' starts no word
		{"ss", "Small Message", true},
		{"x", "Small Message", false},
		{"待", "等待", true},
		{"", "Wait", true},
	} {
		if got := wordMatch([]rune(tc.pattern), tc.label); got != tc.want {
			t.Errorf("wordMatch(%q, %q) = %v, want %v", tc.pattern, tc.label, got, tc.want)
		}
	}
}
