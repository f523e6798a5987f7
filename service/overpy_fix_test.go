package service

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestOverPyFix: a lint fix is stated on the OverPy text only when the
// edited text compiles to exactly the program the Workshop fix gives;
// every other case is withheld, with its reason.
func TestOverPyFix(t *testing.T) {
	const rule = "rule \"Tick\":\n    @Event eachPlayer\n"
	for _, tc := range []struct {
		name, code string
		text, lib  string
		// want is the OverPy text after the fix (lib.opy's when
		// wantLib), or "" when the fix is withheld for a reason
		// containing withheld.
		want     string
		wantLib  bool
		withheld string
	}{{
		name: "unused variable, the last declared", code: "unused-variable",
		text: "globalvar score\nglobalvar unused\n" + rule + "    score = 1\n",
		want: "globalvar score\n" + rule + "    score = 1\n",
	}, {
		name: "unused variable before another: removing it renumbers the other", code: "unused-variable",
		text:     "globalvar unused\nglobalvar score\n" + rule + "    score = 1\n",
		withheld: "no OverPy edit compiles to the fixed program",
	}, {
		name: "unused variable with its index", code: "unused-variable",
		text: "globalvar score 0\nglobalvar unused 5\n" + rule + "    score = 1\n",
		want: "globalvar score 0\n" + rule + "    score = 1\n",
	}, {
		name: "dead elif branch", code: "duplicate-condition",
		text: "globalvar score\n" + rule + "    if score == 2:\n        wait(1)\n    elif score == 2:\n        wait(2)\n        wait(3)\n    else:\n        wait(4)\n",
		want: "globalvar score\n" + rule + "    if score == 2:\n        wait(1)\n    else:\n        wait(4)\n",
	}, {
		name: "dead elif branch on one line", code: "duplicate-condition",
		text: "globalvar score\n" + rule + "    if score == 2: wait(1)\n    elif score == 2: wait(2)\n    wait(4)\n",
		want: "globalvar score\n" + rule + "    if score == 2: wait(1)\n    wait(4)\n",
	}, {
		name: "a Last … ID by its OverPy spelling", code: "last-id-mismatch",
		text: rule + "    createEffect(getAllPlayers(), Effect.SPARKLES, Color.RED, eventPlayer, 1)\n    A = getLastCreatedText()\n",
		want: rule + "    createEffect(getAllPlayers(), Effect.SPARKLES, Color.RED, eventPlayer, 1)\n    A = getLastCreatedEntity()\n",
	}, {
		name: "Evaluate Once has no OverPy text to copy", code: "repeated-value",
		text:     rule + "    smallMessage(getAllPlayers(), distance(eventPlayer, vect(1, 2, 3)) * 2)\n    bigMessage(getAllPlayers(), distance(eventPlayer, vect(1, 2, 3)) * 2)\n",
		withheld: "has no OverPy spelling",
	}, {
		name: "a declaration in the included file", code: "unused-variable",
		text: "#!include \"lib.opy\"\n" + rule + "    score = 1\n", lib: "globalvar score\nglobalvar unused\n",
		want: "globalvar score\n", wantLib: true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			entry := filepath.Join(dir, "game.opy")
			read := func(path string) (string, error) {
				if filepath.Base(path) == "lib.opy" && tc.lib != "" {
					return tc.lib, nil
				}
				return "", os.ErrNotExist
			}
			p := NewOverPyProgram(source.NewFile(entry, tc.text), engine.Options{}, read)
			if p.HasErrors() {
				t.Fatalf("the program has errors: %+v", p.SourceDiagnostics())
			}
			var found *lint.Finding
			for _, f := range p.Lint(&lint.Config{}).Findings {
				if f.Code == tc.code {
					found = &f
					break
				}
			}
			if found == nil || found.Fix == nil {
				t.Fatalf("no %s finding with a Workshop fix: %+v", tc.code, p.Lint(&lint.Config{}).Findings)
			}
			es, err := p.OverPyFix(*found)
			if tc.want == "" {
				if err == nil || !strings.Contains(err.Error(), tc.withheld) {
					t.Fatalf("got %v, %v; want withheld: %s", es, err, tc.withheld)
				}
				return
			}
			if err != nil {
				t.Fatalf("withheld: %v", err)
			}
			file := entry
			if tc.wantLib {
				file = filepath.Join(dir, "lib.opy")
			}
			var mine []source.Edit
			for _, e := range es {
				if e.File.Path != file {
					t.Fatalf("an edit of %s, want only %s", e.File.Path, file)
				}
				mine = append(mine, e.Edit)
			}
			old := tc.text
			if tc.wantLib {
				old = tc.lib
			}
			got, err := source.Apply(old, mine)
			if err != nil || got != tc.want {
				t.Errorf("fixed text:\n%s\nwant:\n%s (%v)", got, tc.want, err)
			}
		})
	}
	// A Workshop program's fixes are its own edits, not OverPy ones.
	w := NewProgram(source.NewFile("w.ow", "variables { global: 0: unused }\n"), engine.Options{}, 0)
	if _, err := w.OverPyFix(lint.Finding{}); err == nil {
		t.Error("a Workshop program stated a fix on OverPy text")
	}
}
