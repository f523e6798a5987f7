package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const example = "../../examples/king-of-the-hill.ow"

func TestLintWithLocalRulesAndPolicy(t *testing.T) {
	rules := writeFile(t, "rules.yaml", []byte("rules:\n  - id: no-small-message\n    forbid:\n      action: Small Message\n"))
	r := wright(t, "lint", "--rule-file", rules, example)
	if r.code != 0 || !strings.Contains(r.stdout, "warning no-small-message: Small Message is not allowed in this project") {
		t.Errorf("warnings do not fail by default: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = wright(t, "lint", "--rule-file", rules, "--fail-on", "warning", example)
	if r.code != 1 {
		t.Errorf("--fail-on warning: exit %d, want 1", r.code)
	}
	policy := writeFile(t, "policy.yaml", []byte("failOn: warning\nrules:\n  no-small-message:\n    enabled: false\n"))
	r = wright(t, "lint", "--rule-file", rules, "--lint-config", policy, "--format", "json", example)
	var res struct {
		OK       bool
		Exit     int
		Findings []struct{ Code string }
		Rules    []struct{ ID string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	for _, f := range res.Findings {
		if f.Code == "no-small-message" {
			t.Error("the policy did not disable the rule")
		}
	}
	if r.code != res.Exit || res.OK != (res.Exit == 0) {
		t.Errorf("exit %d, ok %v, result exit %d", r.code, res.OK, res.Exit)
	}
}

func TestLintConfigurationErrors(t *testing.T) {
	bad := writeFile(t, "policy.yaml", []byte("failOn: error\nruls: {}\n"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--lint-config", bad, example}, "ruls"},
		{[]string{"lint", "--disable-rule", "no-such-rule", example}, `unknown lint rule "no-such-rule"`},
		{[]string{"lint", "--rule-severity", "nocolon", example}, "ID:SEVERITY"},
		{[]string{"lint", "--fail-on", "fatal", example}, "unknown severity"},
		{[]string{"lint", "--rule-id", "no-such-rule", example}, "invalid-selection"},
		{[]string{"lint"}, "expected INPUT, got 0 arguments"},
	} {
		r := wright(t, c.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 mentioning %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

func TestInspect(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"inspect", example}, "4 rules (0 disabled), 4 conditions, 12 actions"},
		{[]string{"inspect", "symbols", example}, "globalVariable\tHillCentre\tslot 0"},
		{[]string{"inspect", "refs", "King", example}, "globalVariable King: 1 declaration(s), 0 definition(s), 2 read(s), 2 write(s)"},
		{[]string{"inspect", "refs", "subroutine:CrownKing", "--only", "call", example}, "call\tin rule A player alone on the hill becomes king"},
		{[]string{"inspect", "cfg", "The king scores while holding the hill", example}, "-> [3 1]"},
		{[]string{"inspect", "callgraph", example}, "A player alone on the hill becomes king -> CrownKing (call)"},
		{[]string{"inspect", "cost", example}, "of 32768 elements"},
		{[]string{"inspect", "cost", "--rule", "Set up the hill", example}, "by node:"},
		{[]string{"inspect", "rules", example}, "3\tThe king scores while holding the hill\teachPlayer"},
	} {
		r := wright(t, c.args...)
		if r.code != 0 || !strings.Contains(r.stdout, c.want) {
			t.Errorf("%v: exit %d, stdout:\n%s\nstderr %q; want it to contain %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

func TestInspectJSON(t *testing.T) {
	r := wright(t, "inspect", "symbols", "--format", "json", "--only", "subroutine", example)
	var res struct {
		Symbols []struct {
			Kind, Name string
			Slot       *int
		}
		Snapshot  int
		Selection *struct{ Total int }
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	// kind alone filters without a selection member (the contract's
	// legacy shape); with max it counts inside the selection.
	if len(res.Symbols) != 1 || res.Symbols[0].Name != "CrownKing" || res.Symbols[0].Slot == nil || res.Selection != nil {
		t.Errorf("%+v", res)
	}
}

func TestInspectRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"inspect", "cfg", "Set up the hil", example}, `no rule is addressed "Set up the hil"; did you mean "Set up the hill"? (unknown-rule)`},
		{[]string{"inspect", "refs", "Kign", example}, `did you mean "King"? (unknown-symbol)`},
		{[]string{"inspect", "symbols", "--only", "constant", example}, "invalid-selection"},
		{[]string{"inspect", "frobnicate", example}, `unknown view "frobnicate"`},
		{[]string{"inspect", "refs", example}, "expected SYMBOL and INPUT"},
	} {
		r := wright(t, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

func TestAnalyze(t *testing.T) {
	r := wright(t, "analyze", "--format", "json", example)
	var env struct {
		Command string
		Output  struct {
			Program struct {
				Rules, Actions int
			}
			Cost struct {
				Total, Budget int
				Rules         []struct{ Address string }
			}
			TopVariables []struct{ Name string }
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &env); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	res := env.Output
	if r.code != 0 || env.Command != "analyze" || res.Program.Rules != 4 || res.Cost.Budget != 32768 || res.Cost.Total == 0 || len(res.Cost.Rules) == 0 || len(res.TopVariables) == 0 {
		t.Errorf("exit %d: %+v", r.code, res)
	}
	if r := wright(t, "analyze", example); r.code != 0 || !strings.Contains(r.stdout, "cost:") {
		t.Errorf("text: exit %d\n%s", r.code, r.stdout)
	}
}
