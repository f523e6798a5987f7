package lint_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const sample = `rule("Greeting")
{
	event
	{
		Ongoing - Each Player;
		All;
		All;
	}

	actions
	{
		Small Message(Event Player, Custom String("hello"));
		Wait(1, Ignore Condition);
	}
}
`

func program(t *testing.T, text string) lint.Program {
	t.Helper()
	f := source.NewFile("t.ow", text)
	res := parser.Parse(f, parser.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("%v", res.Diags)
	}
	return lint.Program{File: f, Script: res.Script}
}

// only returns a config that runs just the user rules it holds.
func only(t *testing.T, cfg *lint.Config) *lint.Config {
	t.Helper()
	for _, r := range lint.Builtin() {
		if err := cfg.Disable(r.ID); err != nil {
			t.Fatal(err)
		}
	}
	return cfg
}

func TestPolicy(t *testing.T) {
	cfg := &lint.Config{}
	if err := cfg.AddRules("rules.yaml", []byte("rules:\n  - id: cap\n    maxRuleElements: 5\n"), nil); err != nil {
		t.Fatal(err)
	}
	if err := cfg.ApplyPolicy("policy.yaml", []byte("failOn: warning\nrules:\n  cap:\n    severity: info\n    enabled: false\n")); err != nil {
		t.Fatal(err)
	}
	if cfg.FailLevel() != diag.Warning {
		t.Errorf("failOn: %v", cfg.FailLevel())
	}
	found := false
	for _, e := range cfg.Effective() {
		if e.Rule.ID == "cap" {
			found = true
			if e.Enabled || e.Severity != diag.Info {
				t.Errorf("cap: enabled %v severity %v", e.Enabled, e.Severity)
			}
		}
	}
	if !found {
		t.Error("the user rule is missing from the effective configuration")
	}
}

func TestPolicyErrorsNameTheProblem(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"failon: error\n", `line 1: unknown key "failon" (expected failOn, rules, entry or providers)`},
		{"rules:\n  no-such-rule:\n    enabled: false\n", `unknown lint rule "no-such-rule"`},
		{"rules:\n  custom-string-too-long:\n    enabled: false\n", `lint rule "custom-string-too-long" was retired: the validator reports the same problem as string-too-long`},
		{"failOn: fatal\n", `unknown severity "fatal"`},
		{"rules:\n  x:\n    colour: red\n", `line 3: unknown key "colour" (expected enabled or severity)`},
		{"failOn: [\n", "policy.yaml"},
	} {
		cfg := &lint.Config{}
		err := cfg.ApplyPolicy("policy.yaml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one mentioning %q", c.text, err, c.want)
		}
		if cfg.FailOn != 0 || cfg.Rules != nil {
			t.Errorf("%q: a refused policy changed the configuration", c.text)
		}
	}
	cfg := &lint.Config{}
	if err := cfg.ApplyPolicy("empty.yaml", nil); err != nil || cfg.FailLevel() != diag.Error {
		t.Errorf("an empty policy: %v", err)
	}
}

func TestUserRules(t *testing.T) {
	prog := program(t, sample)
	for _, c := range []struct {
		name, file string
		findings   int
	}{
		{"forbid an action by its English name", "rules:\n  - id: no-small-message\n    forbid:\n      action: Small Message\n", 1},
		{"forbid an action by id", "rules:\n  - id: no-small-message\n    forbid:\n      action: smallMessage\n", 1},
		{"forbid a value in another locale", "rules:\n  - id: no-event-player\n    forbid:\n      value: 事件玩家\n", 1},
		{"forbid something absent", "rules:\n  - id: no-big-message\n    forbid:\n      action: Big Message\n", 0},
		{"require a condition", "rules:\n  - id: alive\n    requireCondition:\n      event: Ongoing - Each Player\n      mentions: Is Alive\n", 1},
		{"require a condition of another event", "rules:\n  - id: alive\n    requireCondition:\n      event: Player Died\n      mentions: Is Alive\n", 0},
		{"cap the elements of a rule", "rules:\n  - id: tiny-rules\n    maxRuleElements: 5\n", 1},
		{"a generous cap", "rules:\n  - id: tiny-rules\n    maxRuleElements: 500\n", 0},
	} {
		cfg := only(t, &lint.Config{})
		if err := cfg.AddRules("rules.yaml", []byte(c.file), nil); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		res := lint.Run(prog, cfg)
		if len(res.Findings) != c.findings {
			t.Errorf("%s: %d findings, want %d: %+v", c.name, len(res.Findings), c.findings, res.Findings)
		}
		for _, f := range res.Findings {
			if f.Severity != diag.Warning || f.Message == "" || f.Evidence == "" {
				t.Errorf("%s: finding %+v lacks severity, message or evidence", c.name, f)
			}
		}
	}
}

func TestUserRuleErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"rules:\n  - id: Bad_Id\n    forbid:\n      action: Wait\n", "kebab-case"},
		{"rules:\n  - id: x\n    forbid:\n      action: Wiat\n", `no action is named "Wiat"`},
		{"rules:\n  - id: x\n    forbid:\n      action: Wait\n      value: Event Player\n", "exactly one of action and value"},
		{"rules:\n  - id: x\n    maxRuleElements: 5\n    forbid:\n      action: Wait\n", "exactly one of forbid"},
		{"rules:\n  - id: x\n    run: rm -rf /\n", "run"},
		{"rules:\n  - id: x\n    requireCondition:\n      event: Nope\n      mentions: Is Alive\n", `no event is named "Nope"`},
		{"rules:\n  - id: x\n    severity: loud\n    maxRuleElements: 5\n", `unknown severity "loud"`},
		{"rules:\n  - id: x\n    maxRuleElements: -3\n", "positive"},
	} {
		cfg := &lint.Config{}
		err := cfg.AddRules("rules.yaml", []byte(c.text), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one mentioning %q", c.text, err, c.want)
		}
	}
	cfg := &lint.Config{}
	twice := "rules:\n  - id: dup\n    maxRuleElements: 5\n  - id: dup\n    maxRuleElements: 6\n"
	if err := cfg.AddRules("rules.yaml", []byte(twice), nil); err == nil || !strings.Contains(err.Error(), "already taken") {
		t.Errorf("duplicate ids: %v", err)
	}
}

// TestPanickingRuleIsSkipped checks that a broken rule is reported as
// skipped and does not take the pass down or leave partial findings.
func TestPanickingRuleIsSkipped(t *testing.T) {
	prog := program(t, sample)
	cfg := only(t, &lint.Config{})
	cfg.UserRules = append(cfg.UserRules,
		&lint.Rule{ID: "explodes", Severity: diag.Warning, Check: func(p *lint.Pass) {
			p.Report(lint.Finding{Span: p.Script.Rules[0].KeywordSpan, Message: "partial"})
			panic("boom")
		}},
		&lint.Rule{ID: "works", Severity: diag.Info, Check: func(p *lint.Pass) {
			p.Report(lint.Finding{Span: p.Script.Rules[0].NameSpan, Message: "fine"})
		}})
	res := lint.Run(prog, cfg)
	if len(res.Skipped) != 1 || res.Skipped[0].Rule != "explodes" || !strings.Contains(res.Skipped[0].Reason, "boom") {
		t.Errorf("skipped: %+v", res.Skipped)
	}
	if len(res.Findings) != 1 || res.Findings[0].Code != "works" || res.Findings[0].Evidence != `"Greeting"` {
		t.Errorf("findings: %+v", res.Findings)
	}
	if res.Fails(diag.Error) || !res.Fails(diag.Info) {
		t.Error("Fails ignores the failOn level")
	}
}

func TestOverrides(t *testing.T) {
	cfg := &lint.Config{}
	if err := cfg.Disable("no-such-rule"); err == nil {
		t.Error("disabling an unknown rule succeeded")
	}
	cfg.UserRules = append(cfg.UserRules, &lint.Rule{ID: "mine", Severity: diag.Warning, Check: func(*lint.Pass) {}})
	if err := cfg.SetSeverity("mine", diag.Error); err != nil {
		t.Fatal(err)
	}
	for _, e := range cfg.Effective() {
		if e.Rule.ID == "mine" && e.Severity != diag.Error {
			t.Errorf("severity override ignored: %v", e.Severity)
		}
	}
}
