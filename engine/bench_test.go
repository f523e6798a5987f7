package engine_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

// The benchmarks measure one core (run with -cpu 1) on the largest game
// export and on a generated script near the 32,768-element limit; the
// figures are recorded in BENCHMARKS.md.

func benchInputs(b *testing.B) map[string]*source.File {
	data, err := os.ReadFile("../../shared/corpus/workshop/game-exports/z_owware.txt")
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	vocab.Default() // load the vocabulary outside the timed loop
	return map[string]*source.File{
		"z_owware":   source.NewFile("z_owware.txt", string(data)),
		"near-limit": source.NewFile("generated.ow", NearLimitScript()),
	}
}

func BenchmarkParse(b *testing.B) {
	for name, f := range benchInputs(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(f.Text)))
			for b.Loop() {
				parser.Parse(f, parser.Options{})
			}
		})
	}
}

func BenchmarkParseValidate(b *testing.B) {
	for name, f := range benchInputs(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(f.Text)))
			for b.Loop() {
				engine.Check(f, engine.Options{})
			}
		})
	}
}

// NearLimitScript generates a mode near the 32,768-element limit (by
// OverPy's counting; TestNearLimitScriptIsValid holds the count): 520
// rules of varied actions, conditions and values.
func NearLimitScript() string {
	var b strings.Builder
	b.WriteString("variables\n{\n\tglobal:\n\t\t0: Score\n\t\t1: Positions\n\n\tplayer:\n\t\t0: Health\n\t\t1: Target\n}\n")
	for i := range 520 {
		fmt.Fprintf(&b, "\nrule(\"Generated rule %d\")\n{\n\tevent\n\t{\n\t\tOngoing - Each Player;\n\t\tAll;\n\t\tAll;\n\t}\n", i)
		b.WriteString("\n\tconditions\n\t{\n")
		fmt.Fprintf(&b, "\t\tIs Alive(Event Player) == True;\n\t\tGlobal.Score[%d] < %d;\n", i%16, 100+i)
		b.WriteString("\t}\n\n\tactions\n\t{\n")
		fmt.Fprintf(&b, "\t\tEvent Player.Health = Health(Event Player) + %d * 0.500;\n", i)
		fmt.Fprintf(&b, "\t\tGlobal.Positions[%d] = Position Of(Event Player) + Vector(%d, 0, -%d.250);\n", i%32, i, i)
		b.WriteString("\t\tIf(Distance Between(Event Player, Global.Positions[0]) <= 5 && Is Button Held(Event Player, Button(Interact)));\n")
		fmt.Fprintf(&b, "\t\t\tSmall Message(Event Player, Custom String(\"rule {0}: {1}\", %d, Event Player.Health));\n", i)
		b.WriteString("\t\t\tEvent Player.Target = Closest Player To(Position Of(Event Player), Opposite Team Of(Team Of(Event Player)));\n")
		b.WriteString("\t\tEnd;\n")
		b.WriteString("\t\tWait(0.250, Ignore Condition);\n\t\tLoop If Condition Is True;\n\t}\n}\n")
	}
	return b.String()
}

// TestNearLimitScriptIsValid keeps the benchmark input honest: it must be
// a program the engine accepts without errors, near the element limit
// and within it.
func TestNearLimitScriptIsValid(t *testing.T) {
	text := NearLimitScript()
	c := engine.Check(source.NewFile("generated.ow", text), engine.Options{})
	for _, d := range c.Diags {
		t.Errorf("%s: %s", d.Code, d.Message)
	}
	elements := cost.Count(c.Script, cost.Options{}).Total
	if elements < 28000 || elements > 32768 {
		t.Errorf("the generated script counts %d elements; it must be near the limit of 32,768 and within it", elements)
	}
	t.Logf("%d bytes, %d rules, %d elements", len(text), len(c.Script.Rules), elements)
}

// BenchmarkIndex measures building the semantic index (parse outside the
// loop).
func BenchmarkIndex(b *testing.B) {
	f := benchInputs(b)["z_owware"]
	s := parser.Parse(f, parser.Options{}).Script
	b.SetBytes(int64(len(f.Text)))
	for b.Loop() {
		index.Build(s)
	}
}

// BenchmarkLint measures every built-in lint rule, with the analyses they
// need (index, flow, cost, objects) computed inside the loop.
func BenchmarkLint(b *testing.B) {
	f := benchInputs(b)["z_owware"]
	s := engine.Check(f, engine.Options{}).Script
	b.SetBytes(int64(len(f.Text)))
	for b.Loop() {
		lint.Run(lint.Program{File: f, Script: s}, nil)
	}
}

// BenchmarkFullPipeline measures what an editor does on a change: parse,
// validate, index, cost and every lint rule.
func BenchmarkFullPipeline(b *testing.B) {
	f := benchInputs(b)["z_owware"]
	b.SetBytes(int64(len(f.Text)))
	for b.Loop() {
		c := engine.Check(f, engine.Options{})
		lint.Run(lint.Program{File: f, Script: c.Script,
			Index: index.Build(c.Script), Cost: cost.Count(c.Script, cost.Options{})}, nil)
	}
}

// BenchmarkRecheck times one keystroke in z_owware: a space typed after a
// statement of the middle rule, or of the second rule (the rules after it
// move), read again by Recheck (and the element count redone by Recount)
// from the check of the text before. It reports the median and the 99th
// percentile of the single keystrokes.
func BenchmarkRecheck(b *testing.B) {
	f := benchInputs(b)["z_owware"]
	prev := engine.Check(f, engine.Options{})
	prevCost := cost.Count(prev.Script, cost.Options{})
	for _, k := range edittest.Keystrokes(b, f.Text, prev.Script.Rules) {
		edit, next := k.Edit, source.NewFile(f.Path, k.Text)
		b.Run(k.Name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				c := engine.Recheck(prev, next, edit, engine.Options{})
				sp, ok := c.Splice()
				if !ok {
					b.Fatal("the keystroke was not read incrementally")
				}
				cost.Recount(prevCost, c.Script, sp, cost.Options{})
				times = append(times, time.Since(start))
			}
			edittest.ReportPercentiles(b, times)
		})
	}
}

// BenchmarkRelint times the lint of one keystroke in z_owware (the
// keystroke of BenchmarkRecheck, in the middle rule), with the index and
// the element count given as a language server has them: lint.Rerun from
// the findings of the text before, and lint.Run of the whole program for
// comparison. It reports the median and the 99th percentile.
func BenchmarkRelint(b *testing.B) {
	f := benchInputs(b)["z_owware"]
	prev := engine.Check(f, engine.Options{})
	prevLint := lint.Run(lint.Program{File: f, Script: prev.Script}, nil)
	k := edittest.Keystrokes(b, f.Text, prev.Script.Rules)[0] // the middle rule
	edit, next := k.Edit, source.NewFile(f.Path, k.Text)
	c := engine.Recheck(prev, next, edit, engine.Options{})
	sp, ok := c.Splice()
	if !ok {
		b.Fatal("the keystroke was not read incrementally")
	}
	prog := lint.Program{File: next, Script: c.Script, Index: index.Build(c.Script), Cost: cost.Count(c.Script, cost.Options{})}
	for _, how := range []string{"whole", "incremental"} {
		b.Run(how, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				if how == "whole" {
					lint.Run(prog, nil)
				} else {
					lint.Rerun(prevLint, prog, sp, nil)
				}
				times = append(times, time.Since(start))
			}
			edittest.ReportPercentiles(b, times)
		})
	}
}
