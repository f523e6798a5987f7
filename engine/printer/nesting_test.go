package printer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// nestedIfs is a rule whose actions are depth Ifs, one inside the other,
// around one Wait, unindented.
func nestedIfs(depth int) string {
	return "rule(\"Deep\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n" +
		strings.Repeat("If(True);\n", depth) + "Wait(1, Ignore Condition);\n" + strings.Repeat("End;\n", depth) + "\t}\n}\n"
}

// TestDeepNestingPrintsLinearly prints 10,000 nested Ifs: the game's
// indentation up to 64 tabs, no line deeper, and the text reads back as
// the same program. (Each line was indented to its depth: 100 MB.)
func TestDeepNestingPrintsLinearly(t *testing.T) {
	const depth = 10000
	res := parser.Parse(source.NewFile("deep.ow", nestedIfs(depth)), parser.Options{})
	text, diags := printer.Print(res.Script, printer.Options{Locale: vocab.EnUS})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	lines := strings.Split(text, "\n")
	for i, want := range map[int]string{
		9:            "\t\tIf(True);",
		10:           "\t\t\tIf(True);",
		9 + 62:       strings.Repeat("\t", 64) + "If(True);",
		9 + depth:    strings.Repeat("\t", 64) + "Wait(1, Ignore Condition);",
		9 + 2*depth:  "\t\tEnd;",
		10 + 2*depth: "\t}",
	} {
		if i >= len(lines) || lines[i] != want {
			t.Errorf("line %d: %.80q, want %q", i+1, lines[min(i, len(lines)-1)], want)
		}
	}
	if max := len(nestedIfs(depth)) + 2*depth*70; len(text) > max {
		t.Errorf("the text is %d bytes, more than %d", len(text), max)
	}
	back := parser.Parse(source.NewFile("printed.ow", text), parser.Options{Locale: vocab.EnUS, LocaleGiven: true})
	if d := diffDumps(ast.Dump(res.Script), ast.Dump(back.Script)); d != "" {
		t.Errorf("the printed text reads back differently: %s", d)
	}
}

// BenchmarkPrintNestedIfs prints 1,000, 5,000 and 10,000 nested Ifs:
// the time grows linearly with the depth.
func BenchmarkPrintNestedIfs(b *testing.B) {
	for _, depth := range []int{1000, 5000, 10000} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			res := parser.Parse(source.NewFile("deep.ow", nestedIfs(depth)), parser.Options{})
			for b.Loop() {
				printer.Print(res.Script, printer.Options{Locale: vocab.EnUS})
			}
		})
	}
}
