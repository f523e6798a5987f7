package lint_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

type corpusFile struct {
	rel     string
	file    *source.File
	checked *engine.Checked
}

func loadCorpus(t *testing.T) []corpusFile {
	t.Helper()
	root := "../../../shared/corpus/workshop"
	paths, _ := filepath.Glob(filepath.Join(root, "*", "*.txt"))
	if len(paths) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files)", root, len(paths))
	}
	var out []corpusFile
	for _, p := range paths {
		f, err := source.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, corpusFile{rel: filepath.ToSlash(rel), file: f, checked: engine.Check(f, engine.Options{})})
	}
	return out
}

const findingsGolden = "testdata/corpus-findings.golden"

// TestCorpusFindings records every finding of the default rules on the
// corpus. An error finding on a game export (a confirmed defect in a real
// mode) needs a "note:" line under it in the golden saying why it is real;
// notes survive -update.
func TestCorpusFindings(t *testing.T) {
	notes := readNotes(t)
	var b strings.Builder
	for _, cf := range loadCorpus(t) {
		res := lint.Run(lint.Program{File: cf.file, Script: cf.checked.Script}, nil)
		m := edits.NewMapper(cf.file.Text)
		fmt.Fprintf(&b, "== %s\n", cf.rel)
		for _, sk := range res.Skipped {
			t.Errorf("%s: rule %s skipped: %s", cf.rel, sk.Rule, sk.Reason)
		}
		for _, f := range res.Findings {
			p, _ := m.OffsetPoint(f.Span.Start)
			line := fmt.Sprintf("%d:%d %s %s: %s", p.Line, p.Column, f.Severity, f.Code, f.Message)
			if f.Fix != nil {
				line += " [fix " + f.Fix.Kind + "]"
			}
			fmt.Fprintln(&b, line)
			key := cf.rel + "|" + line
			if note := notes[key]; note != "" {
				fmt.Fprintf(&b, "note: %s\n", note)
			} else if f.Severity == diag.Error && strings.HasPrefix(cf.rel, "game-exports/") {
				fmt.Fprintln(&b, "note: TODO: explain why this error is a real defect, or fix the rule")
				if !*update {
					t.Errorf("%s: error finding without a note: %s", cf.rel, line)
				}
			}
		}
	}
	golden.Check(t, findingsGolden, []byte(b.String()), *update)
}

// readNotes maps "file|finding line" to the note written under it.
func readNotes(t *testing.T) map[string]string {
	data, err := os.ReadFile(findingsGolden)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	notes := map[string]string{}
	file, last := "", ""
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "== "):
			file = strings.TrimPrefix(line, "== ")
		case strings.HasPrefix(line, "note: "):
			if n := strings.TrimPrefix(line, "note: "); !strings.HasPrefix(n, "TODO") {
				notes[file+"|"+last] = n
			}
		default:
			last = line
		}
	}
	return notes
}

// TestFixesKeepProgramsValid applies every fix offered on the corpus, one
// at a time, to the text it came from: the result must parse and validate
// with no new error, and the rule must no longer report that finding.
func TestFixesKeepProgramsValid(t *testing.T) {
	fixes := 0
	for _, cf := range loadCorpus(t) {
		res := lint.Run(lint.Program{File: cf.file, Script: cf.checked.Script}, nil)
		before := cf.checked.Diags.Count(diag.Error)
		was := map[string]int{} // findings per code before any fix
		for _, f := range res.Findings {
			was[f.Code]++
		}
		for _, f := range res.Findings {
			if f.Fix == nil {
				continue
			}
			fixes++
			text, err := source.Apply(cf.file.Text, f.Fix.Edits)
			if err != nil {
				t.Errorf("%s: fix %s of %s at %d does not apply: %v", cf.rel, f.Fix.Kind, f.Code, f.Span.Start, err)
				continue
			}
			fixed := engine.Check(source.NewFile(cf.file.Path, text), engine.Options{Locale: cf.checked.Script.Locale, LocaleGiven: true})
			if n := fixed.Diags.Count(diag.Error); n > before {
				for _, d := range fixed.Diags {
					if d.Severity == diag.Error {
						t.Errorf("%s: fix %s of %s at %d: %s: %s", cf.rel, f.Fix.Kind, f.Code, f.Span.Start, d.Code, d.Message)
						break
					}
				}
				continue
			}
			now := len(lint.Run(lint.Program{File: fixed.Script.File, Script: fixed.Script}, onlyRule(t, f.Code)).Findings)
			if now >= was[f.Code] {
				t.Errorf("%s: fix %s of %s at %d leaves %d findings of the rule (%d before)", cf.rel, f.Fix.Kind, f.Code, f.Span.Start, now, was[f.Code])
			}
		}
	}
	t.Logf("%d fixes applied", fixes)
}

// onlyRule returns a configuration running just rule id.
func onlyRule(t *testing.T, id string) *lint.Config {
	cfg := &lint.Config{}
	for _, r := range lint.Builtin() {
		if r.ID != id {
			if err := cfg.Disable(r.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	return cfg
}
