package optimize_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const shared = "../../../shared"

// modes are the nine real OverPy game modes of OverPy's tests.
var modes = []string{
	"z_1v1arena", "z_1v1buildyourhero", "z_anapaintball", "z_basewars", "z_fivenightsatecopoint",
	"z_heatstreet", "z_islandparty", "z_lootquest", "z_mauganipplepve",
}

// lower returns wright-lsp's unoptimised lowering of an OverPy mode,
// parsed: the frontend compiles it under #!disableOptimizations, as
// OverPy's own unoptimised outputs were made.
func lower(t testing.TB, mode string) *ast.Script {
	t.Helper()
	path := filepath.Join(shared, "corpus/opy/tests", mode+".opy")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	res := opy.Compile(path, "#!disableOptimizations\n"+string(text), opy.Options{})
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("%s: the frontend reports %s: %s", mode, d.Code, d.Message)
		}
	}
	return check(t, mode+".ow", res.Text)
}

// check reads Workshop text that must have no error.
func check(t testing.TB, path, text string) *ast.Script {
	t.Helper()
	c := engine.Check(source.NewFile(path, text), engine.Options{})
	for _, d := range c.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("%s: %s at %d: %s", path, d.Code, d.Span.Start, d.Message)
		}
	}
	return c.Script
}

// overpyCounts reads OverPy's element counts of its own optimised
// outputs.
func overpyCounts(t testing.TB) map[string]int {
	f, err := os.Open(filepath.Join(shared, "corpus/workshop/overpy-output/ELEMENT_COUNTS.tsv"))
	if err != nil {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if n, err := strconv.Atoi(fields[len(fields)-1]); err == nil && len(fields) == 2 {
			out[fields[0]] = n
		}
	}
	return out
}

// outcome is one program optimised, printed and read back.
type outcome struct {
	before, after int
	rep           optimize.Report
}

// optimizeAndReread optimises s, prints the result in s's language, reads
// the text back and checks it: no error, the element count the report
// gives, and s unchanged.
func optimizeAndReread(t *testing.T, name string, s *ast.Script) outcome {
	t.Helper()
	before := cost.Count(s, cost.Options{}).Total
	in, _ := printer.Print(s, printer.Options{Locale: s.Locale})
	out, rep := optimize.Program(s, optimize.Options{})
	text, diags := printer.Print(out, printer.Options{Locale: s.Locale})
	if len(diags) > 0 {
		t.Fatalf("%s: printing the optimised program: %s", name, diags[0].Message)
	}
	back := check(t, name+".optimized", text)
	// compile refuses to write a program that does not read back as the
	// tree it printed: an operand the printer must parenthesise needs its
	// Paren node.
	if want, got := strings.Split(ast.Dump(out), "\n"), strings.Split(ast.Dump(back), "\n"); !slices.Equal(want, got) {
		for i := range min(len(want), len(got)) {
			if want[i] != got[i] {
				t.Errorf("%s: the optimised program reads back otherwise at structure line %d:\n%s\n%s", name, i+1, want[i], got[i])
				break
			}
		}
	}
	after := cost.Count(back, cost.Options{}).Total
	if rep.Before != before || rep.After != after {
		t.Errorf("%s: the report counts %d → %d, the programs %d → %d", name, rep.Before, rep.After, before, after)
	}
	if after > before {
		t.Errorf("%s: %d elements optimised, %d before", name, after, before)
	}
	if again, _ := printer.Print(s, printer.Options{Locale: s.Locale}); again != in {
		t.Errorf("%s: the input changed", name)
	}
	return outcome{before, after, rep}
}

// TestCorpus optimises the nine OverPy modes (lowered by wright-lsp),
// every game export and the simulator's conformance programs: each output
// reads back without error, never holds more elements, and each mode
// holds no more than OverPy's optimised output. The table of counts is
// the golden file; the optimised conformance programs have theirs, for
// the simulator to run once it exists.
func TestCorpus(t *testing.T) {
	counts := overpyCounts(t)
	var b strings.Builder
	passes := map[string][2]int{}
	tally := func(rep optimize.Report) {
		for _, p := range rep.Passes {
			v := passes[p.Name]
			passes[p.Name] = [2]int{v[0] + p.Rewrites, v[1] + p.Saved}
		}
	}
	b.WriteString("OverPy modes: wright-lsp's lowering, unoptimised and optimised, against OverPy's optimised output\n\n")
	fmt.Fprintf(&b, "| %-24s | %11s | %9s | %6s | %5s |\n", "mode", "unoptimised", "optimised", "OverPy", "ratio")
	b.WriteString("|--------------------------|-------------|-----------|--------|-------|\n")
	for _, mode := range modes {
		want, ok := counts[mode]
		if !ok {
			t.Fatalf("ELEMENT_COUNTS.tsv has no count for %s", mode)
		}
		o := optimizeAndReread(t, mode, lower(t, mode))
		if o.after > want {
			t.Errorf("%s: %d elements optimised, OverPy's output %d", mode, o.after, want)
		}
		tally(o.rep)
		fmt.Fprintf(&b, "| %-24s | %11d | %9d | %6d | %5.3f |\n", mode, o.before, o.after, want, float64(o.after)/float64(want))
	}
	b.WriteString("\nGame exports: the text the game wrote, optimised\n\n")
	fmt.Fprintf(&b, "| %-34s | %6s | %6s | %5s |\n", "file", "before", "after", "saved")
	b.WriteString("|------------------------------------|--------|--------|-------|\n")
	files, err := filepath.Glob(filepath.Join(shared, "corpus/workshop/game-exports/*.txt"))
	if err != nil || len(files) < 20 {
		t.Fatalf("the shared corpus must be present (found %d game exports): %v", len(files), err)
	}
	for _, f := range files {
		src, err := source.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		o := optimizeAndReread(t, name, check(t, name, src.Text))
		tally(o.rep)
		fmt.Fprintf(&b, "| %-34s | %6d | %6d | %5d |\n", name, o.before, o.after, o.before-o.after)
	}
	b.WriteString("\nSimulator conformance programs (each optimised program is testdata/sim/NAME.golden)\n\n")
	fmt.Fprintf(&b, "| %-34s | %6s | %6s | %5s |\n", "program", "before", "after", "saved")
	b.WriteString("|------------------------------------|--------|--------|-------|\n")
	sims, err := filepath.Glob(filepath.Join(shared, "corpus/sim/*/program.txt"))
	if err != nil || len(sims) < 10 {
		t.Fatalf("the shared corpus must be present (found %d simulator programs): %v", len(sims), err)
	}
	for _, f := range sims {
		src, err := source.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(f))
		s := check(t, name, src.Text)
		o := optimizeAndReread(t, name, s)
		tally(o.rep)
		fmt.Fprintf(&b, "| %-34s | %6d | %6d | %5d |\n", name, o.before, o.after, o.before-o.after)
		out, _ := optimize.Program(s, optimize.Options{})
		text, _ := printer.Print(out, printer.Options{Locale: s.Locale})
		golden.Check(t, filepath.Join("testdata/sim", name+".golden"), []byte(text), *update)
	}
	b.WriteString("\nPasses over all the programs above\n\n")
	fmt.Fprintf(&b, "| %-20s | %8s | %6s |\n", "pass", "rewrites", "saved")
	b.WriteString("|----------------------|----------|--------|\n")
	for _, p := range optimize.PassNames() {
		v, ok := passes[p]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "| %-20s | %8d | %6d |\n", p, v[0], v[1])
	}
	golden.Check(t, "testdata/corpus.golden", []byte(b.String()), *update)
}
