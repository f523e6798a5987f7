package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// OverPy files are checked and compiled by their path, with no flag, as a
// user runs the commands.

const brokenOverPy = `rule "a":
    fooBar(1)

rule "b":
    @Event eachPlayr
    wait(1, 5)
`

func TestCheckOverPy(t *testing.T) {
	path := writeFile(t, "broken.opy", []byte(brokenOverPy))
	r := wright(t, "check", path)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	want := []string{
		path + `:2:5: error unknown-function: unknown function 'fooBar'; did you mean 'floor'?`,
		path + `:5:12: error invalid-annotation-value: unknown event 'eachPlayr'; did you mean 'eachPlayer'?`,
		path + `:6:13: error expected-enum-member: the 2nd argument of 'wait' takes a member of Wait (Wait.MEMBER)`,
	}
	if got := strings.Split(strings.TrimSpace(r.stdout), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", r.stdout, strings.Join(want, "\n"))
	}
}

// TestCheckOverPyIncludedFile: a problem in an included file is reported
// in that file.
func TestCheckOverPyIncludedFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.opy"), []byte("#!include \"lib/part.opy\"\nrule \"a\":\n    A = 1\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "lib"), 0o755)
	os.WriteFile(filepath.Join(dir, "lib", "part.opy"), []byte("rule \"b\":\n    B = nope\n"), 0o644)
	r := wright(t, "check", filepath.Join(dir, "main.opy"))
	want := filepath.Join(dir, "lib", "part.opy") + ":2:9: error unknown-name: "
	if r.code != 1 || !strings.HasPrefix(r.stdout, want) {
		t.Errorf("exit %d, stdout %q; want a line starting %q", r.code, r.stdout, want)
	}
}

// TestCompileOverPy compiles OverPy test programs by path, the nine real
// game modes among them, and reads the written file back: it parses and
// validates without errors, and its element count equals that of OverPy's
// own unoptimised output.
func TestCompileOverPy(t *testing.T) {
	corpus := "../../../shared/corpus/opy"
	names := []string{"loops", "conditions", "subroutines", "variables"}
	modes, _ := filepath.Glob(filepath.Join(corpus, "tests", "z_*.opy"))
	if len(modes) != 9 {
		t.Fatalf("%d real modes in the corpus, want 9", len(modes))
	}
	for _, m := range modes {
		names = append(names, strings.TrimSuffix(filepath.Base(m), ".opy"))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), name+".ow")
			r := wright(t, "compile", "--no-optimize", filepath.Join(corpus, "tests", name+".opy"), "-o", out)
			if r.code != 0 {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			if strings.Contains(r.stderr, "optimised:") {
				t.Errorf("--no-optimize says the output is optimised: %q", r.stderr)
			}
			got := checkedOutput(t, out)
			theirs, err := os.ReadFile(filepath.Join(corpus, "noopt", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			want := engine.Check(source.NewFile(name, string(theirs)), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
			g, w := cost.Count(got.Script, cost.Options{}).Total, cost.Count(want.Script, cost.Options{}).Total
			if g != w {
				t.Errorf("%d elements, OverPy's unoptimised output has %d", g, w)
			}
			if !strings.Contains(r.stderr, fmt.Sprintf("%d elements", g)) {
				t.Errorf("the result does not give the %d elements written: %q", g, r.stderr)
			}
		})
	}
}

// checkedOutput reads back a compiled program and fails on any error.
func checkedOutput(t *testing.T, path string) *engine.Checked {
	t.Helper()
	written, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := engine.Check(source.NewFile(path, string(written)), engine.Options{})
	for _, d := range got.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("the output has an error: %s %s", d.Code, d.Message)
		}
	}
	return got
}

// TestCompileOverPyOptimised compiles the nine real modes by path, as
// a user does (optimised by default): each output reads back with no
// error, holds the count the result states, and no more elements than
// OverPy's own optimised output.
func TestCompileOverPyOptimised(t *testing.T) {
	corpus := "../../../shared/corpus/opy"
	theirs := overpyCounts(t)
	modes, _ := filepath.Glob(filepath.Join(corpus, "tests", "z_*.opy"))
	if len(modes) != 9 {
		t.Fatalf("%d real modes in the corpus, want 9", len(modes))
	}
	for _, m := range modes {
		name := strings.TrimSuffix(filepath.Base(m), ".opy")
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), name+".ow")
			r := wright(t, "compile", "--format", "json", m, "-o", out)
			if r.code != 0 {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			var res contract.CompileResult
			if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Output == nil || res.Output.Optimization == nil {
				t.Fatalf("no optimisation in the result: %v %s", err, r.stdout)
			}
			got := cost.Count(checkedOutput(t, out).Script, cost.Options{}).Total
			if got != res.Output.Elements || got != res.Output.Optimization.After {
				t.Errorf("the output holds %d elements, the result says %d (optimised to %d)", got, res.Output.Elements, res.Output.Optimization.After)
			}
			if after := inspectedSavings(t, m).After; after != got {
				t.Errorf("inspect cost says optimised to %d elements, the written output holds %d", after, got)
			}
			want, ok := theirs[name]
			if !ok {
				t.Fatalf("no OverPy count for %s", name)
			}
			if got > want {
				t.Errorf("%d elements, OverPy's optimised output has %d", got, want)
			}
			t.Logf("%s: %d elements, OverPy %d (%.3f)", name, got, want, float64(got)/float64(want))
		})
	}
}

// inspectedSavings is what inspect cost --format json (the costEstimate
// operation) says optimising path saves; its rules must account for all
// of it.
func inspectedSavings(t *testing.T, path string) *contract.OptimizationSavings {
	t.Helper()
	r := wright(t, "inspect", "cost", "--all", "--format", "json", path)
	var res contract.CostEstimateResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Optimization == nil {
		t.Fatalf("inspect cost: exit %d, no optimization member: %v %s %s", r.code, err, r.stdout, r.stderr)
	}
	o := res.Optimization
	sum := 0
	for _, rule := range o.Rules {
		sum += rule.Saved
		if rule.Saved != rule.Before-rule.After || rule.Saved <= 0 {
			t.Errorf("rule %s: before %d, after %d, saved %d", rule.Address, rule.Before, rule.After, rule.Saved)
		}
	}
	if o.Saved != res.ElementCount.Total-o.After {
		t.Errorf("saved %d, but %d - %d = %d", o.Saved, res.ElementCount.Total, o.After, res.ElementCount.Total-o.After)
	}
	if sum != o.Saved {
		t.Errorf("the rules save %d elements in all, the program %d", sum, o.Saved)
	}
	return o
}

// TestCompileOptimizeGameExports: compile --optimize on every game export
// writes a program that checks clean, holds no more elements than the
// input, and exactly the count inspect cost (costEstimate) announced.
func TestCompileOptimizeGameExports(t *testing.T) {
	exports, _ := filepath.Glob("../../../shared/corpus/workshop/game-exports/*.txt")
	if len(exports) < 20 {
		t.Fatalf("%d game exports", len(exports))
	}
	saved := 0
	for _, path := range exports {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name, func(t *testing.T) {
			o := inspectedSavings(t, path)
			out := filepath.Join(t.TempDir(), name+".ow")
			if r := wright(t, "compile", "--optimize", path, "-o", out); r.code != 0 {
				t.Fatalf("compile --optimize: exit %d, %s", r.code, r.stderr)
			}
			got := cost.Count(checkedOutput(t, out).Script, cost.Options{}).Total
			if got != o.After {
				t.Errorf("the output holds %d elements, inspect cost announced %d", got, o.After)
			}
			if o.Saved < 0 {
				t.Errorf("optimising grows the program by %d elements", -o.Saved)
			}
			saved += o.Saved
		})
	}
	if saved == 0 {
		t.Error("optimising saved nothing on any game export")
	}
}

// overpyCounts reads OverPy's element counts of its optimised outputs.
func overpyCounts(t *testing.T) map[string]int {
	t.Helper()
	raw, err := os.ReadFile("../../../shared/corpus/workshop/overpy-output/ELEMENT_COUNTS.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) == 2 {
			n, err := strconv.Atoi(strings.TrimSpace(f[1]))
			if err == nil {
				out[f[0]] = n
			}
		}
	}
	return out
}
