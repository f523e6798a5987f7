package ast_test

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

const enclosingText = `variables
{
	global:
		0: Round
}

rule("Tick")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		"Count"
		Global.Round += Max(1, Global.Round * 2);
		Small Message(All Players(All Teams), Custom String("Round {0}", Global.Round));
	}
}
`

// TestEnclosing: from a point, the spans an editor's "expand selection"
// steps through, innermost first, each holding the one before, ending
// with the whole text.
func TestEnclosing(t *testing.T) {
	sc := parser.Parse(source.NewFile("t.ow", enclosingText), parser.Options{}).Script
	for _, tc := range []struct {
		at   string // the point: the first occurrence of this text, at its "|"
		want []string
	}{
		{"Global.Ro|und * 2", []string{"Round", "Global.Round", "Global.Round * 2", "Max(1, Global.Round * 2)",
			"Global.Round += Max(1, Global.Round * 2)", `"Count"` + "\n\t\tGlobal.Round += Max(1, Global.Round * 2);", "actions\n\t{", "rule(\"Tick\")", "variables"}},
		{"All Pl|ayers", []string{"All Players", "All Players(All Teams)", "Small Message(All Players(All Teams), Custom String(\"Round {0}\", Global.Round))"}},
		{"0: Ro|und", []string{"Round", "0: Round", "global:", "variables\n{"}},
		{"rule(\"Ti|ck", []string{`"Tick"`, "rule(\"Tick\")\n{"}},
		{"Ongoing - Glo|bal", []string{"Ongoing - Global", "event\n\t{"}},
	} {
		t.Run(tc.at, func(t *testing.T) {
			off := strings.Index(enclosingText, strings.Replace(tc.at, "|", "", 1)) + strings.Index(tc.at, "|")
			spans := sc.Enclosing(off)
			var got []string
			for i, sp := range spans {
				got = append(got, enclosingText[sp.Start:sp.End])
				if i > 0 && (sp.Start > spans[i-1].Start || sp.End < spans[i-1].End || sp == spans[i-1]) {
					t.Errorf("span %d %v does not grow from %v", i, sp, spans[i-1])
				}
			}
			if len(got) == 0 || got[len(got)-1] != enclosingText {
				t.Fatalf("the last span is not the whole text: %q", got)
			}
			// Each wanted text is the start of the next span, in order.
			j := 0
			for _, g := range got {
				if j < len(tc.want) && strings.HasPrefix(g, tc.want[j]) {
					j++
				}
			}
			if j < len(tc.want) {
				t.Errorf("spans %q\nlack %q (in order)", got, tc.want[j])
			}
		})
	}
}
