package service

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKindOfCorpusText reads every Workshop text and every OverPy source
// of the corpus by content alone, as the files' .txt extension leaves it
// to the content: as saved, with a byte-order mark, and with CRLF line
// ends.
func TestKindOfCorpusText(t *testing.T) {
	const corpus = "../../shared/corpus"
	workshop, _ := filepath.Glob(filepath.Join(corpus, "workshop", "*", "*.txt"))
	noopt, _ := filepath.Glob(filepath.Join(corpus, "opy", "noopt", "*.txt"))
	sim, _ := filepath.Glob(filepath.Join(corpus, "sim", "*", "program.txt"))
	workshop = append(append(workshop, noopt...), sim...)
	opy, _ := filepath.Glob(filepath.Join(corpus, "opy", "tests", "*.opy"))
	if len(workshop) < 120 || len(opy) < 40 {
		t.Fatalf("%d Workshop and %d OverPy files in the corpus: is ../shared there?", len(workshop), len(opy))
	}
	read := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, c := range []struct {
		files []string
		want  string
	}{{workshop, KindWorkshop}, {opy, KindOverPy}} {
		for _, path := range c.files {
			text := read(path)
			if strings.HasSuffix(path, ".error.txt") {
				// OverPy's error messages, not a program.
				if k := KindOfText(text); k != "" {
					t.Errorf("%s: an error message read as %s", path, k)
				}
				continue
			}
			for _, variant := range []struct{ name, text string }{
				{"as saved", text},
				{"with a byte-order mark", "\ufeff" + text},
				{"with CRLF", strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n")},
			} {
				if k := KindOfText(variant.text); k != c.want {
					t.Errorf("%s %s: read as %q, want %s", path, variant.name, k, c.want)
				}
			}
		}
	}
}

func TestKindOfText(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"game layout", "rule(\"a\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", KindWorkshop},
		{"OverPy's output layout", "rule (\"a\") {\n    event {\n        Ongoing - Global;\n    }\n}\n", KindWorkshop},
		{"disabled rule", "disabled rule(\"a\")\n{\n}\n", KindWorkshop},
		{"a block alone", "variables\n{\n\tglobal:\n\t\t0: A\n}\n", KindWorkshop},
		{"a block on one line", "variables {\n    global:\n        0: A\n}\n", KindWorkshop},
		{"another language", "规则(\"a\")\n{\n}\n", KindWorkshop},
		{"OverPy rule", "rule \"a\":\n    wait()\n", KindOverPy},
		{"OverPy declarations", "globalvar A\nplayervar B\n", KindOverPy},
		{"OverPy settings", "settings {\n    \"main\": {}\n}\n", KindOverPy},
		{"OverPy directive", "#!include \"x.opy\"\n", KindOverPy},
		{"a commented-out Workshop rule", "/*\nrule(\"a\")\n{\n}\n*/\nrule \"b\":\n    wait()\n", KindOverPy},
		{"prose", "just some words\n", ""},
		{"nothing", "", ""},
	} {
		if got := KindOfText(c.text); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
