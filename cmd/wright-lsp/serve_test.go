package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/service"
)

// wrightWithInput runs the binary with stdin.
func wrightWithInput(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errb.String()}
}

func TestServeTransports(t *testing.T) {
	cases := []struct {
		transport, in, want string
	}{
		{"stdio", `{"op":"usage","symbol":"HillCentre"}` + "\nnot json\n" + `{"op":"rules","max":1}` + "\n",
			`{"result":{"id":0,"kind":"globalVariable","name":"HillCentre"`},
		{"jsonrpc", `{"jsonrpc":"2.0","id":1,"method":"request","params":{"op":"usage","symbol":"HillCentre"}}` + "\n",
			`{"jsonrpc":"2.0","id":1,"result":{"id":0,"kind":"globalVariable","name":"HillCentre"`},
		{"mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n",
			`{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"tools":{}}`},
	}
	for _, c := range cases {
		r := wrightWithInput(t, c.in, "serve", "--transport", c.transport, example)
		if r.code != 0 || !strings.HasPrefix(r.stdout, c.want) {
			t.Errorf("%s: exit %d\nstdout: %.300s\nstderr: %s", c.transport, r.code, r.stdout, r.stderr)
		}
		if c.transport == "stdio" && strings.Count(r.stdout, "\n") != 3 {
			t.Errorf("stdio: the session did not answer every line: %s", r.stdout)
		}
	}
}

func TestServeStartupErrors(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--root", "no-such-directory"},
		{"serve", "--output-root", example},
		{"serve", "--transport", "http"},
		{"serve", "--kind", "python"},
		{"serve", "--profile", "strict"},
		{"serve", "--profile", "compat", "--kind", "opy"},
		{"serve", "--locale", "xx-XX"},
		{"serve", "--lint-config", "/nonexistent/policy.yaml"},
		{"serve", "--rule-file", "/nonexistent/rules.yaml"},
		{"serve", "--disable-rule", "no-such-rule"},
		{"serve", "--rule-severity", "repeated-value"},
		{"serve", "--rule-severity", "repeated-value:loud"},
		{"serve", "--fail-on", "never"},
		{"serve", "--bogus"},
		{"serve", "-"},
		{"serve", "a.ow", "b.ow"},
	} {
		r := wrightWithInput(t, `{"op":"capabilities"}`+"\n", args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "wright-lsp serve") && !strings.Contains(r.stderr, "flag") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and a message", args, r.code, r.stdout, r.stderr)
		}
	}
	// A missing input is not a startup error: it is read on first need.
	r := wrightWithInput(t, `{"op":"capabilities"}`+"\n"+`{"op":"symbols"}`+"\n", "serve", "/nonexistent/project")
	if r.code != 0 || !strings.Contains(r.stdout, `"agent_contract":"wright-agent/v1"`) || !strings.Contains(r.stdout, `"code":"input-io"`) {
		t.Errorf("missing input: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestServeAppliesLintPolicy checks that startup policy options reach
// every lint-consuming operation.
func TestServeAppliesLintPolicy(t *testing.T) {
	in := `{"op":"lintRules"}` + "\n"
	r := wrightWithInput(t, in, "serve", "--disable-rule", "repeated-value", "--rule-severity", "unused-variable:error", example)
	var resp struct {
		Result contract.LintRulesResult
	}
	if err := json.Unmarshal([]byte(r.stdout), &resp); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	seen := 0
	for _, rule := range resp.Result.Rules {
		switch rule.ID {
		case "repeated-value":
			seen++
			if rule.Enabled {
				t.Error("repeated-value is still enabled")
			}
		case "unused-variable":
			seen++
			if rule.EffectiveSeverity != "error" {
				t.Errorf("unused-variable has severity %s", rule.EffectiveSeverity)
			}
		}
	}
	if seen != 2 {
		t.Errorf("rules missing from lintRules: %s", r.stdout)
	}
}

// TestCLIParity runs each one-shot command with --format json and
// requires the bytes the service answers for the same request.
func TestCLIParity(t *testing.T) {
	policy := &lint.Config{}
	if err := policy.Disable("repeated-value"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args    []string
		request string
		lint    *lint.Config
	}{
		{[]string{"check"}, `{"op":"check"}`, nil},
		{[]string{"lint"}, `{"op":"lint"}`, nil},
		{[]string{"lint", "--disable-rule", "repeated-value", "--severity", "warning", "--max", "2"}, `{"op":"lint","severity":"warning","max":2}`, policy},
		{[]string{"analyze"}, `{"op":"analyze"}`, nil},
		{[]string{"inspect"}, `{"op":"inspect"}`, nil},
		{[]string{"inspect", "symbols", "--only", "globalVariable"}, `{"op":"symbols","kind":"globalVariable"}`, nil},
		{[]string{"inspect", "refs", "HillCentre", "--max", "3"}, `{"op":"references","symbol":"HillCentre","max":3}`, nil},
		{[]string{"inspect", "cfg", "Set up the hill"}, `{"op":"cfg","rule":"Set up the hill"}`, nil},
		{[]string{"inspect", "callgraph"}, `{"op":"callGraph"}`, nil},
		{[]string{"inspect", "cost", "--rule", "Crown the king"}, `{"op":"costEstimate","rule":"Crown the king"}`, nil},
		{[]string{"inspect", "rules", "--all"}, `{"op":"rules","all":true}`, nil},
		{[]string{"inspect", "objects"}, `{"op":"persistentObjects"}`, nil},
		{[]string{"inspect", "project"}, `{"op":"project"}`, nil},
	}
	for _, c := range cases {
		r := wright(t, append(append(c.args, "--format", "json"), example)...)
		s := service.NewSession(service.SessionOptions{Input: example, Version: version(), Lint: c.lint})
		resp := s.Handle(context.Background(), []byte(c.request))
		if resp.Error != nil {
			t.Fatalf("%s: %v", c.request, resp.Error)
		}
		if want := string(resp.Result.(json.RawMessage)) + "\n"; r.stdout != want {
			t.Errorf("%v differs from the service's answer to %s:\n got: %.300s\nwant: %.300s", c.args, c.request, r.stdout, want)
		}
	}
}

func TestAgentTools(t *testing.T) {
	r := wright(t, "agent", "tools")
	var tools contract.ClientTools
	if err := json.Unmarshal([]byte(r.stdout), &tools); err != nil || r.code != 0 {
		t.Fatalf("exit %d: %v\n%s", r.code, err, r.stderr)
	}
	if tools.Contract != "wright-agent/v1" || len(tools.Tools) != len(contract.Operations) {
		t.Fatalf("%s with %d tools", tools.Contract, len(tools.Tools))
	}
	for i, tool := range tools.Tools {
		o := contract.Operations[i]
		if tool.Name != o.ToolName() || tool.Description != o.Description || len(tool.AllowedCallers) != 1 ||
			tool.AllowedCallers[0] != "code_execution_20260120" || tool.InputSchema["type"] != "object" {
			t.Errorf("tool %d: %+v", i, tool)
		}
	}
	if again := wright(t, "agent", "tools", "--format", "messages"); again.stdout != r.stdout {
		t.Error("agent tools is not byte-for-byte deterministic")
	}
	s := wright(t, "agent", "tools", "--format", "json-schema")
	var schemas contract.RequestSchemas
	if err := json.Unmarshal([]byte(s.stdout), &schemas); err != nil || s.code != 0 || len(schemas.Schemas) != len(contract.Operations) {
		t.Fatalf("json-schema: exit %d, %v, %d schemas", s.code, err, len(schemas.Schemas))
	}
	for _, args := range [][]string{{"agent"}, {"agent", "list"}, {"agent", "tools", "--format", "yaml"}, {"agent", "tools", "extra"}} {
		if r := wright(t, args...); r.code != 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
}

// TestServeIsDeterministic runs the same requests through two processes
// and requires the same bytes.
func TestServeIsDeterministic(t *testing.T) {
	in := strings.Join([]string{`{"op":"capabilities"}`, `{"op":"analyze"}`, `{"op":"inspect","all":true}`, `{"op":"symbols","all":true}`,
		`{"op":"findings","all":true}`, `{"op":"lint"}`, `{"op":"costEstimate","all":true}`, `{"op":"rules","content":true}`,
		`{"op":"persistentObjects"}`, `{"op":"lookup","language":"workshop","query":"Creat Efect"}`}, "\n") + "\n"
	first := wrightWithInput(t, in, "serve", example)
	second := wrightWithInput(t, in, "serve", example)
	if first.code != 0 || first.stdout != second.stdout || strings.Count(first.stdout, "\n") != 10 {
		t.Errorf("two runs differ or failed (exit %d):\n%.500s", first.code, first.stdout)
	}
}

// TestRenameThroughTheService proposes renames with the rename command
// and has the service validate them, as an agent would.
func TestRenameThroughTheService(t *testing.T) {
	r := wright(t, "rename", "--format", "json", "HillCentre", "Centre", example)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var tx contract.EditTransaction
	if err := json.Unmarshal([]byte(r.stdout), &tx); err != nil || len(tx.Edits) != 5 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	req, _ := json.Marshal(contract.ValidateEditTransactionRequest{Op: "validateEditTransaction", Transaction: tx})
	v := wrightWithInput(t, string(req)+"\n", "serve", example)
	if !strings.HasPrefix(v.stdout, `{"result":{"ok":true,"diagnostics":[],"previews":[{"source":"../../examples/king-of-the-hill.ow"`) ||
		!strings.Contains(v.stdout, `+\t\tGlobal.Centre = Vector(0, 0, 0);`) {
		t.Errorf("validation: %.600s", v.stdout)
	}
	if r := wright(t, "rename", "--rule", "Crown the king", "Crowning", example); r.code != 0 || !strings.Contains(r.stdout, `+rule("Crowning")`) {
		t.Errorf("rule rename: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"rename", "HillCentre", "2bad", example}},
		{[]string{"rename", "HillCentre", "HillRadius", example}},
		{[]string{"rename", "Nowhere", "X", example}},
		{[]string{"rename", "HillCentre", example}},
	} {
		if r := wright(t, c.args...); r.code != 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestServeConfinesCompile: a served session writes only inside its
// output root (the project root by default, or --output-root), while the
// one-shot compile writes where its user asks.
func TestServeConfinesCompile(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	input := filepath.Join(project, "main.ow")
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(project, 0o755)
	os.WriteFile(input, data, 0o644)
	outside := filepath.Join(dir, "out.ow")
	req := `{"op":"compile","output":` + strconv.Quote(outside) + `}` + "\n"
	r := wrightWithInput(t, req, "serve", input)
	if !strings.Contains(r.stdout, `"code":"output-outside-project"`) {
		t.Errorf("serve wrote outside the project: %s", r.stdout)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Errorf("%s was written", outside)
	}
	r = wrightWithInput(t, req, "serve", "--output-root", dir, input)
	if !strings.Contains(r.stdout, `"verdict":"pass"`) {
		t.Errorf("serve --output-root %s: %s", dir, r.stdout)
	}
	os.Remove(outside)
	if r := wright(t, "compile", input, "-o", outside); r.code != 0 {
		t.Errorf("the CLI refused to write where its user asks: exit %d, %s", r.code, r.stderr)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the CLI did not write %s", outside)
	}
}

// TestNextLinesRunInAShell runs every next line the service gives for an
// input whose path holds a space and a quote through sh, with this
// binary first on PATH: each runs (exit 0 or 1), none is a usage
// error from a path split or a quote left open.
func TestNextLinesRunInAShell(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatal("no sh to run the next lines with")
	}
	dir := filepath.Join(t.TempDir(), "it's a project")
	os.MkdirAll(dir, 0o755)
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(dir, "king of the hill.ow")
	os.WriteFile(input, data, 0o644)
	out := filepath.Join(dir, "out put.ow")
	requests := []string{`{"op":"check"}`, `{"op":"analyze"}`, `{"op":"inspect"}`, `{"op":"lint"}`,
		`{"op":"compile","output":` + strconv.Quote(out) + `}`, `{"op":"compile","output":` + strconv.Quote(out) + `}`}
	r := wrightWithInput(t, strings.Join(requests, "\n")+"\n", "serve", input)
	var lines []string
	for line := range strings.Lines(r.stdout) {
		var resp struct {
			Result struct {
				Next []string `json:"next"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &resp); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		lines = append(lines, resp.Result.Next...)
	}
	if len(lines) < 10 {
		t.Fatalf("only %d next lines: %s", len(lines), r.stdout)
	}
	for _, line := range lines {
		cmd := exec.Command("sh", "-c", line)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary)+string(filepath.ListSeparator)+os.Getenv("PATH"))
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && (!errors.As(err, &ee) || ee.ExitCode() > 1) {
			t.Errorf("%s: %v: %s", line, err, stderr.String())
		}
	}
}

// TestProjectFilePolicy: a directory project's .wright.yaml is its lint
// policy in serve and in the CLI alike: failOn and rules apply, an explicit
// --lint-config takes its place, the flags' overrides apply on top, and an
// unknown key is an error naming it (the CLI exits 2).
func TestProjectFilePolicy(t *testing.T) {
	dir := t.TempDir()
	program := "variables\n{\n\tglobal:\n\t\t0: Written\n}\n\nrule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tGlobal.Written = 1;\n\t}\n}\n"
	os.WriteFile(filepath.Join(dir, "main.ow"), []byte(program), 0o644)
	project := filepath.Join(dir, ".wright.yaml")
	os.WriteFile(project, []byte("failOn: warning\n"), 0o644)
	// The write-only variable is a warning: failOn warning fails.
	if r := wright(t, "lint", dir); r.code != 1 || !strings.Contains(r.stderr, "failed (fail-on warning)") {
		t.Errorf("lint DIR under the project's failOn warning: exit %d, %s", r.code, r.stderr)
	}
	if r := wrightWithInput(t, `{"op":"lint"}`+"\n", "serve", dir); !strings.Contains(r.stdout, `"ok":false,"exit":1`) {
		t.Errorf("serve DIR under the project's failOn warning: %s", r.stdout)
	}
	if r := wright(t, "lint", "--rule-severity", "write-only-variable:info", dir); r.code != 0 {
		t.Errorf("an override on top of the project's policy: exit %d, %s", r.code, r.stderr)
	}
	other := filepath.Join(t.TempDir(), "policy.yaml")
	os.WriteFile(other, []byte("failOn: error\n"), 0o644)
	if r := wright(t, "lint", "--lint-config", other, dir); r.code != 0 {
		t.Errorf("--lint-config takes the project file's place: exit %d, %s", r.code, r.stderr)
	}
	os.WriteFile(project, []byte("failOn: warning\nruless: {}\n"), 0o644)
	r := wright(t, "lint", dir)
	if want := `line 2: unknown key "ruless" (expected failOn, rules, entry or providers)`; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("an unknown key: exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, want)
	}
	if r := wright(t, "lint", "--lint-config", other, dir); r.code != 2 {
		t.Errorf("an unknown key with --lint-config: exit %d; the project file is still checked", r.code)
	}
	if r := wrightWithInput(t, `{"op":"lint"}`+"\n", "serve", dir); !strings.Contains(r.stdout, `"code":"project-file-invalid"`) {
		t.Errorf("serve with an unknown key: %s", r.stdout)
	}
}
