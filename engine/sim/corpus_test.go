package sim_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const workshopCorpus = "../../../shared/corpus/workshop"

// corpusPrograms returns every game export and every OverPy output of
// the shared corpus.
func corpusPrograms(t testing.TB) []string {
	t.Helper()
	exports, _ := filepath.Glob(filepath.Join(workshopCorpus, "game-exports", "*.txt"))
	outputs, _ := filepath.Glob(filepath.Join(workshopCorpus, "overpy-output", "*.txt"))
	if len(exports) < 20 || len(outputs) < 30 {
		t.Fatalf("the shared corpus must be present at %s (found %d exports, %d OverPy outputs)", workshopCorpus, len(exports), len(outputs))
	}
	return append(exports, outputs...)
}

// twelvePlayers is the corpus scenario: twelve players join at tick 0,
// six a team, then press buttons, deal damage, heal and kill for 60
// seconds.
func twelvePlayers(t testing.TB) *sim.Scenario {
	t.Helper()
	heroes := []string{"Ana", "Reinhardt", "Tracer", "Mercy", "Genji", "Winston", "Lúcio", "Soldier: 76", "Zarya", "Moira", "Widowmaker", "D.Va"}
	var players, timeline []string
	for k := range 12 {
		team, slot := 1+k/6, k%6
		players = append(players, fmt.Sprintf(`{"id":"p%d","name":"Player%d","team":%d,"slot":%d,"hero":%q,"position":[%d,0,%d]}`, k+1, k+1, team, slot, heroes[k], k*3, team*10))
		timeline = append(timeline, fmt.Sprintf(`{"tick":0,"do":"join","player":"p%d"}`, k+1))
	}
	for s := 1; s < 60; s += 4 {
		a, v := 1+s%6, 7+s%6
		timeline = append(timeline,
			fmt.Sprintf(`{"at":%d,"do":"press","player":"p%d","button":"Interact"}`, s, a),
			fmt.Sprintf(`{"at":%d.5,"do":"release","player":"p%d","button":"Interact"}`, s, a),
			fmt.Sprintf(`{"at":%d,"do":"damage","attacker":"p%d","victim":"p%d","amount":40,"ability":"Primary Fire"}`, s+1, a, v),
			fmt.Sprintf(`{"at":%d,"do":"heal","healer":"p%d","healee":"p%d","amount":25}`, s+2, v, v),
			fmt.Sprintf(`{"at":%d,"do":"kill","attacker":"p%d","victim":"p%d"}`, s+3, v, a))
	}
	doc := `{"format":"owsim-scenario/1","seconds":60,"players":[` + strings.Join(players, ",") + `],"timeline":[` + strings.Join(timeline, ",") + `]}`
	sc, err := sim.ParseScenario([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestCorpus runs every game export and OverPy output of the corpus for
// 60 simulated seconds with twelve players: none may panic, hang or be
// refused. The golden file records how each run ended and, for every
// action and value the corpus uses, how often it appears, whether the
// simulator models it, and how many places ran it unsimulated.
func TestCorpus(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the corpus runs take a minute, many more under the race detector")
	}
	sc := twelvePlayers(t)
	var report strings.Builder
	static := map[string]int{}
	kinds := map[string]string{}
	ran := map[string]int{}
	for _, path := range corpusPrograms(t) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checked := engine.Check(source.NewFile(path, string(text)), engine.Options{})
		for _, b := range checked.Script.Blocks() {
			for _, st := range b.Statements {
				ast.Inspect(st.Body, func(e *ast.Expr) bool {
					if e.Kind == ast.Call && e.Elem != nil {
						static[e.Elem.English()]++
						kinds[e.Elem.English()] = e.Elem.Kind.String()
					}
					return true
				})
			}
		}
		res, err := sim.Simulate(checked.Script, sc, sim.Options{})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		end := "duration"
		if res.Halted {
			end = "halt: " + lastError(string(res.Trace))
		}
		sites := 0
		for name, n := range res.Unsimulated {
			ran[name] += n
			sites += n
		}
		rel, _ := filepath.Rel(workshopCorpus, path)
		fmt.Fprintf(&report, "%s: %d rules, %d events, %d unsimulated sites, end %s\n", rel, len(checked.Script.Rules), res.Events, sites, end)
	}
	actions, values := sim.Unsimulated()
	report.WriteString("\nactions and values of the corpus (occurrences in the text; simulated, or unsimulated with the places that ran one)\n")
	names := make([]string, 0, len(static))
	for n := range static {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		state := "simulated"
		if slices.Contains(actions, n) && kinds[n] == "action" || slices.Contains(values, n) && kinds[n] == "value" {
			state = fmt.Sprintf("unsimulated, ran at %d places", ran[n])
		}
		fmt.Fprintf(&report, "%-6s %-45s %5d  %s\n", kinds[n], n, static[n], state)
	}
	golden.Check(t, filepath.Join("testdata", "corpus.golden"), []byte(report.String()), *update)
}

// lastError returns the code of the trace's error event.
func lastError(trace string) string {
	i := strings.LastIndex(trace, `"ev":"error"`)
	if i < 0 {
		return "?"
	}
	rest := trace[i:]
	if j := strings.Index(rest, `"code":"`); j >= 0 {
		rest = rest[j+8:]
		return rest[:strings.IndexByte(rest, '"')]
	}
	return "?"
}
