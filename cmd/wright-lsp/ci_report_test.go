package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/internal/report/reporttest"
)

// sarifLog is the part of a SARIF log the tests read.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID   string `json:"id"`
					Help *struct {
						Text string `json:"text"`
					} `json:"help"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID              string            `json:"ruleId"`
			RuleIndex           int               `json:"ruleIndex"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Fixes               []json.RawMessage `json:"fixes"`
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
		Properties struct {
			Contract string `json:"contract"`
			Selected int    `json:"selected"`
		} `json:"properties"`
	} `json:"runs"`
}

// problemLines counts the lines of text output: one per problem.
func problemLines(text string) int {
	return strings.Count(text, "\n")
}

// TestCorpusReportsValidate lints the whole corpus by its directory, as
// a CI job would (lint reports the program's diagnostics, which check
// reports, and the findings), and validates the SARIF log against the
// SARIF 2.1.0 schema and the JUnit XML against the JUnit XSD: every problem the text output prints is a result
// naming a rule of the log, lint rules carry their help, fingerprints
// are unique, and fixes are there.
func TestCorpusReportsValidate(t *testing.T) {
	for _, command := range []string{"lint"} {
		t.Run(command, func(t *testing.T) {
			text := runIn(t, corpus, command, ".")
			if command == "lint" {
				corpusJUnit(t, text)
			}
			r := runIn(t, corpus, command, "--format", "sarif", ".")
			if r.code != text.code || r.code > exitFailed {
				t.Fatalf("exit %d (text: %d): %s", r.code, text.code, r.stderr)
			}
			if err := reporttest.ValidateSARIF(t, []byte(r.stdout)); err != nil {
				t.Fatalf("the corpus's SARIF log does not validate: %v", err)
			}
			var log sarifLog
			if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
				t.Fatal(err)
			}
			run := log.Runs[0]
			if want := problemLines(text.stdout); len(run.Results) != want || run.Properties.Selected != want {
				t.Errorf("%d results (selected %d), text output prints %d problems", len(run.Results), run.Properties.Selected, want)
			}
			if run.Properties.Contract != "wright-report/v1" {
				t.Errorf("contract %q", run.Properties.Contract)
			}
			rules := run.Tool.Driver.Rules
			if command == "lint" {
				for _, rule := range rules[:20] {
					if rule.Help == nil || rule.Help.Text == "" {
						t.Errorf("lint rule %s has no help", rule.ID)
					}
				}
			}
			prints, fixes := map[string]bool{}, 0
			for _, res := range run.Results {
				if res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
					t.Fatalf("result %s names rule index %d", res.RuleID, res.RuleIndex)
				}
				key := res.Locations[0].PhysicalLocation.ArtifactLocation.URI + " " + res.RuleID + " " + res.PartialFingerprints["wrightLineHash/v1"]
				if prints[key] {
					t.Errorf("two results share a fingerprint: %s", key)
				}
				prints[key] = true
				fixes += len(res.Fixes)
			}
			if want := strings.Count(text.stdout, "(fix: "); fixes != want {
				t.Errorf("%d results with fixes, text output shows %d", fixes, want)
			}
		})
	}
}

// corpusJUnit writes the corpus's lint run as JUnit XML and validates it
// against the JUnit XSD; a failing case is a file and rule with an error
// (the default fail-on), as the text output of the same run shows them.
func corpusJUnit(t *testing.T, text result) {
	t.Helper()
	r := runIn(t, corpus, "lint", "--format", "junit", ".")
	if r.code != text.code {
		t.Fatalf("exit %d, text %d: %s", r.code, text.code, r.stderr)
	}
	if err := reporttest.ValidateJUnit(t, []byte(r.stdout)); err != nil {
		t.Fatalf("the corpus's JUnit XML does not validate: %v", err)
	}
	failing := map[string]bool{}
	files := map[string]bool{}
	line := regexp.MustCompile(`^(.*):\d+:\d+: (\w+) ([a-z0-9-]+): `)
	for _, l := range strings.Split(strings.TrimSpace(text.stdout), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("text line %q", l)
		}
		files[m[1]] = true
		if m[2] == "error" {
			failing[m[1]+" "+m[3]] = true
		}
	}
	var suites struct {
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(r.stdout), &suites); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, s := range suites.Suites {
		delete(files, s.Name)
		for _, c := range s.Cases {
			if c.Failure != nil {
				got[s.Name+" "+c.Name] = true
			}
		}
	}
	if len(files) > 0 {
		t.Errorf("files with problems but no suite: %v", files)
	}
	if fmt.Sprint(got) != fmt.Sprint(failing) || suites.Failures != len(failing) {
		t.Errorf("failing cases %v (failures=%d), want %v", got, suites.Failures, failing)
	}
}

// reportCases are the goldens of the report formats: a lint run with a
// fix, one on a Russian export (non-ASCII text), one with an error, an
// OverPy program, and check of an OverPy program with errors.
var reportCases = []struct {
	name string
	args []string
}{
	{"lint-strings", []string{"lint", "opy/noopt/strings.txt"}},
	{"lint-ruRU", []string{"lint", "workshop/game-exports/ruRU_arena_duels_1v1.txt"}},
	{"lint-subroutines", []string{"lint", "opy/tests/results/subroutines.txt"}},
	{"lint-lowercase", []string{"lint", "opy/tests/lowercase.opy"}},
	{"check-include", []string{"check", "opy/tests/include.opy"}},
}

// versionPattern matches what version() prints in a development build.
var versionPattern = regexp.MustCompile(`"version": "devel[^"]*"`)

// TestReportGoldens writes each format of each case, by the files' paths;
// SARIF and JUnit are validated before they are compared.
func TestReportGoldens(t *testing.T) {
	for _, tc := range reportCases {
		for _, format := range []string{"sarif", "junit", "github", "markdown"} {
			t.Run(tc.name+"/"+format, func(t *testing.T) {
				args := append([]string{tc.args[0], "--format", format}, tc.args[1:]...)
				r := runIn(t, corpus, args...)
				if r.code > exitFailed {
					t.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				switch format {
				case "sarif":
					if err := reporttest.ValidateSARIF(t, []byte(r.stdout)); err != nil {
						t.Fatal(err)
					}
				case "junit":
					if err := reporttest.ValidateJUnit(t, []byte(r.stdout)); err != nil {
						t.Fatal(err)
					}
				}
				out := versionPattern.ReplaceAllString(r.stdout, `"version": "VERSION"`)
				out += fmt.Sprintf("-- exit %d; stderr:\n%s", r.code, r.stderr)
				golden.Check(t, filepath.Join("testdata", "reports", tc.name+"."+format+".golden"), []byte(out), *update)
			})
		}
	}
}

// TestReportsAreDeterministic runs the same directory lint (its ten
// programs read in parallel) twice in each format: the same bytes.
func TestReportsAreDeterministic(t *testing.T) {
	for _, format := range []string{"sarif", "junit", "github", "markdown"} {
		a := runIn(t, corpus, "lint", "--format", format, "sim")
		b := runIn(t, corpus, "lint", "--format", format, "sim")
		if a.stdout == "" || a.stdout != b.stdout || a.code != b.code {
			t.Errorf("%s: two runs differ (%d and %d bytes)", format, len(a.stdout), len(b.stdout))
		}
	}
}

// TestReportColumnsAreUTF16 lints a file whose finding follows two
// characters outside the Basic Multilingual Plane on its line: text
// output counts code points, SARIF and the workflow commands UTF-16
// units, two more.
func TestReportColumnsAreUTF16(t *testing.T) {
	path := writeFile(t, "emoji.ow", []byte("rule(\"😀\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n"+
		"\t\tSmall Message(All Players(All Teams), Custom String(\"😀😀\")); Small Message(All Players(All Teams), Custom String(\"a {0}\"));\n\t}\n}\n"))
	text := wright(t, "lint", path)
	if !strings.Contains(text.stdout, ":10:115: warning format-placeholder-without-argument") {
		t.Fatalf("text output: %s", text.stdout)
	}
	gh := wright(t, "lint", "--format", "github", path)
	if !strings.Contains(gh.stdout, "line=10,col=117,endLine=10,endColumn=") {
		t.Errorf("workflow commands: %s", gh.stdout)
	}
	sarif := wright(t, "lint", "--format", "sarif", path)
	if !strings.Contains(sarif.stdout, `"startColumn": 117`) {
		t.Errorf("SARIF: %s", sarif.stdout)
	}
}

// TestReportFormatUsage: the formats are check's and lint's only, and
// --fix reports in text.
func TestReportFormatUsage(t *testing.T) {
	path := filepath.Join(corpus, "opy", "noopt", "strings.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--format", "xml", path}, `unknown format "xml": expected text, json, sarif, junit, github, markdown`},
		{[]string{"analyze", "--format", "sarif", path}, `unknown format "sarif": expected text or json`},
		{[]string{"lint", "--fix", "--format", "junit", path}, "--fix reports in text; run lint --format junit after it"},
	} {
		r := wright(t, tc.args...)
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr)
		}
	}
	// A file that cannot be read: exit 2, nothing on stdout.
	missing := filepath.Join(t.TempDir(), "missing.ow")
	for _, cmd := range []string{"check", "lint"} {
		r := wright(t, cmd, "--format", "sarif", missing)
		if r.code != exitUsage || r.stdout != "" {
			t.Errorf("%s of a missing file: exit %d, stdout %q", cmd, r.code, r.stdout)
		}
	}
}
