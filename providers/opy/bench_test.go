package opy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// heatstreet is the largest real OverPy mode of the corpus (370 KB).
func heatstreet(b *testing.B) (string, string) {
	path := filepath.Join(corpus, "tests", "z_heatstreet.opy")
	text, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return path, string(text)
}

// loop runs f as the benchmark's body and reports cpu-ms/op besides.
func loop(b *testing.B, f func()) {
	b.ReportAllocs()
	start, n := cpuTime(), 0
	for b.Loop() {
		f()
		n++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(n)/1e6, "cpu-ms/op")
}

// BenchmarkCompileHeatstreet: the frontend alone, OverPy text to lowered
// Workshop text and source map.
func BenchmarkCompileHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	loop(b, func() { Compile(path, text, Options{}) })
}

// BenchmarkCheckHeatstreet: what check does (service.newOverPyProgram):
// the frontend, the engine's parse of the lowered text (rule by rule on
// the writer's goroutine, Options.Parse) and its validation.
func BenchmarkCheckHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	loop(b, func() {
		res := Compile(path, text, Options{Parse: true})
		engine.CheckParsed(res.Parsed, engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
	})
}

// BenchmarkCompileOutputHeatstreet: what compile does, check then the
// program printed in the game's export style.
func BenchmarkCompileOutputHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	loop(b, func() {
		res := Compile(path, text, Options{Parse: true})
		c := engine.CheckParsed(res.Parsed, engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
		printer.Print(c.Script, printer.Options{Locale: vocab.EnUS})
	})
}

// BenchmarkCompileOptimisedHeatstreet: what compile of an OverPy file
// does by default, as OverPy's compile() does: check, the optimiser (the
// passes compile runs: all but drop-disabled and the for-size ones), then
// the program printed.
func BenchmarkCompileOptimisedHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	var passes []string
	for _, p := range optimize.Passes() {
		if p.Name != "drop-disabled" && !p.ForSize {
			passes = append(passes, p.Name)
		}
	}
	b.SetBytes(int64(len(text)))
	loop(b, func() {
		res := Compile(path, text, Options{Parse: true})
		c := engine.CheckParsed(res.Parsed, engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
		out, _ := optimize.Program(c.Script, optimize.Options{Passes: passes})
		printer.Print(out, printer.Options{Locale: vocab.EnUS})
	})
}

// BenchmarkOverPyYardstick runs OverPy's own compile() on the same file
// (node, in-process median of 5 calls, start-up excluded) and reports it
// as overpy-ms, so that both compilers are measured in one run on one
// machine. It needs node; without it the benchmark fails.
func BenchmarkOverPyYardstick(b *testing.B) {
	path, _ := heatstreet(b)
	tool := filepath.Join(corpus, "..", "..", "tools", "overpy", "overpy.cjs")
	var ms float64
	for b.Loop() {
		out, err := exec.Command("node", tool, "time", "compile", path, "--runs", "5").Output()
		if err != nil {
			b.Fatalf("running OverPy: %v", err)
		}
		fields := strings.Fields(string(out))
		if len(fields) == 0 {
			b.Fatalf("no timing from OverPy: %q", out)
		}
		v, err := strconv.ParseFloat(fields[len(fields)-1], 64)
		if err != nil {
			b.Fatalf("OverPy's timing %q: %v", out, err)
		}
		ms = v
	}
	b.ReportMetric(ms, "overpy-ms")
}
