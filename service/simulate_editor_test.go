package service_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/service"
)

// TestSimulateDocument renders the Simulate lenses' documents of a
// program with a looping global rule, the subroutine it calls, an
// each-player rule and a disabled rule: the whole program, and each rule
// filtered to its own events. The goldens are the documents as an editor
// shows them.
func TestSimulateDocument(t *testing.T) {
	path := filepath.Join("testdata", "simulate_editor", "lens.ow")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := service.NewProgram(source.NewFile("lens.ow", string(text)), engine.Options{}, 0)
	for _, tc := range []struct {
		name string
		rule int
		// in and out are texts the document must and must not hold.
		in, out []string
	}{
		{"program", -1, []string{`rule "Rounds" starts`, "calls Bump", `rule "Greet" starts`, "[p2 r2]", "final:"}, []string{"Modify Global Variable [", "100"}},
		{"rule0", 0, []string{"calls Bump", "Call Subroutine", "Wait", "loops"}, []string{"[p1 r2]", "set Round"}},
		{"rule1", 1, []string{"calls Bump", "set Round (+=) to 3", "Modify Global Variable"}, []string{"Wait [", "[p1 r2]"}},
		{"rule2", 2, []string{"[p1 r2]", "[p2 r2]", `"Hello Alice"`, "not simulated: action Create HUD Text"}, []string{"calls Bump"}},
		{"rule3", 3, []string{"This rule did nothing in the run."}, []string{"[global r3]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := service.SimulateDocument(p, tc.rule, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.in {
				if !strings.Contains(doc.Text, s) {
					t.Errorf("the document lacks %q", s)
				}
			}
			for _, s := range tc.out {
				if strings.Contains(doc.Text, s) {
					t.Errorf("the document holds %q", s)
				}
			}
			if tc.rule >= 0 && doc.Shown >= doc.Events || tc.rule < 0 && doc.Shown != doc.Events {
				t.Errorf("%d of %d events shown", doc.Shown, doc.Events)
			}
			golden.Check(t, filepath.Join("testdata", "simulate_editor", tc.name+".golden"), []byte(doc.Text), *update)
		})
	}
}

// TestSimulateDocumentRefusals: what cannot run is refused with a code
// the editor shows, and a closed stop channel ends the run.
func TestSimulateDocumentRefusals(t *testing.T) {
	p := service.NewProgram(source.NewFile("broken.ow", "rule(\"A\") { event { Ongoing - Global; } actions { Wait( } }"), engine.Options{}, 0)
	if _, err := service.SimulateDocument(p, -1, nil); !hasCode(err, "parse-error") {
		t.Errorf("a program that does not parse: got %v, want parse-error", err)
	}
	text, _ := os.ReadFile(filepath.Join("testdata", "simulate_editor", "lens.ow"))
	p = service.NewProgram(source.NewFile("lens.ow", string(text)), engine.Options{}, 0)
	if _, err := service.SimulateDocument(p, 4, nil); !hasCode(err, "unknown-rule") {
		t.Errorf("rule 4 of 4: got %v, want unknown-rule", err)
	}
	stop := make(chan struct{})
	close(stop)
	if _, err := service.SimulateDocument(p, -1, stop); !hasCode(err, "simulation-stopped") {
		t.Errorf("a stopped run: got %v, want simulation-stopped", err)
	}
}

func hasCode(err error, code string) bool {
	var e *service.Error
	return errors.As(err, &e) && e.Code == code
}

// BenchmarkSimulateDocument is one Simulate lens on the largest game
// export (z_owware.txt, 257 rules): the program, and its busiest rule
// (the one with the most events shown), each a whole editor-scenario run
// and its document. The program is checked beforehand, as the language
// server's document holds it.
func BenchmarkSimulateDocument(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports", "z_owware.txt"))
	if err != nil {
		b.Fatalf("the shared corpus is missing: %v", err)
	}
	p := service.NewProgram(source.NewFile("z_owware.txt", string(text)), engine.Options{}, 0)
	busiest, most := 0, 0
	for i := range p.Checked.Script.Rules {
		doc, err := service.SimulateDocument(p, i, nil)
		if err != nil {
			b.Fatal(err)
		}
		if doc.Shown > most {
			busiest, most = i, doc.Shown
		}
	}
	for _, bc := range []struct {
		name string
		rule int
	}{{"program", -1}, {"busiest-rule", busiest}} {
		b.Run(bc.name, func(b *testing.B) {
			var doc *service.TraceDocument
			for b.Loop() {
				doc, err = service.SimulateDocument(p, bc.rule, nil)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(doc.Shown), "events-shown")
			b.ReportMetric(float64(len(doc.Text)), "bytes")
		})
	}
}
