package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/internal/report/reporttest"
)

// rng is a range of path in code points.
func rng(path string, l1, c1, l2, c2 int) contract.Range {
	return contract.Range{Path: path, Start: contract.Point{Line: l1, Column: c1}, End: contract.Point{Line: l2, Column: c2}}
}

// sample is a report with what every writer must carry: a lint rule and
// a diagnostic code, a problem after a character outside the Basic
// Multilingual Plane (two UTF-16 units), a related location, a fix, an
// unmapped position, and text that needs escaping in each format.
func sample() *Report {
	text := "rule(\"😀 a\")\n{\n\tactions { Wait(0, Ignore Condition); }\n}\n"
	fix := &contract.Fix{Kind: "remove-declaration", Summary: "remove it", Transaction: contract.EditTransaction{Edits: []contract.TransactionEdit{
		{Source: "a b.ow", Range: contract.EditRange{Start: contract.Point{Line: 1, Column: 8}, End: contract.Point{Line: 1, Column: 9}}, NewText: "b"}}}}
	return &Report{Tool: "wright-lsp", Version: "test", Command: "lint", FailOn: "warning", Verdict: "fail", Exit: 1, Programs: 1,
		Sources: []Source{{Path: "a b.ow", Text: text, Language: "workshop"}},
		Rules: []Rule{
			{ID: "unused-variable", Lint: true, DefaultSeverity: "warning", Enabled: true, Summary: "a variable never read",
				Rationale: "why", KnownLimits: "limits", Evidence: "the name", Documentation: "docs/lint-rules.md#unused-variable", Fixes: []string{"remove-declaration"}},
			{ID: "wait-too-short", Lint: true, DefaultSeverity: "info", Enabled: false, Summary: "a short wait"},
			{ID: "unknown-action", DefaultSeverity: "error", Enabled: true, Summary: "an action the vocabulary does not know"},
		},
		Problems: []Problem{
			{Code: "unused-variable", Severity: "warning", Message: "50% of a, b: c\nnext <line>", Range: rng("a b.ow", 1, 8, 1, 9), Fix: fix,
				Related: []contract.Related{{Range: rng("a b.ow", 3, 2, 3, 9), Message: "declared here"}}},
			{Code: "unknown-action", Severity: "error", Message: "unknown | action", Range: contract.Range{Path: "a b.ow", Start: contract.Point{Line: 1, Column: 1}, End: contract.Point{Line: 1, Column: 1}, Unmapped: true}},
			{Code: "unused-variable", Severity: "info", Message: "below fail-on", Range: rng("a b.ow", 3, 12, 3, 16)},
		},
		Total: 4}
}

func TestSARIFIsValidAndCarriesTheRun(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSARIF(&b, sample()); err != nil {
		t.Fatal(err)
	}
	if err := reporttest.ValidateSARIF(t, b.Bytes()); err != nil {
		t.Fatalf("the SARIF log does not validate: %v\n%s", err, b.String())
	}
	var log struct {
		Runs []struct {
			ColumnKind string `json:"columnKind"`
			Properties struct {
				Contract string
				Withheld int
			} `json:"properties"`
			Tool struct {
				Driver struct{ Rules []struct{ ID string } }
			}
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           *struct{ StartLine, StartColumn, EndColumn int }
					}
				}
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion struct{ StartColumn, EndColumn int }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" || run.Properties.Contract != Contract || run.Properties.Withheld != 1 {
		t.Errorf("run: columnKind %q, contract %q, withheld %d", run.ColumnKind, run.Properties.Contract, run.Properties.Withheld)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3", len(run.Results))
	}
	for _, r := range run.Results {
		if got := run.Tool.Driver.Rules[r.RuleIndex].ID; got != r.RuleID {
			t.Errorf("result of %s points at rule %s", r.RuleID, got)
		}
	}
	first := run.Results[0]
	loc := first.Locations[0].PhysicalLocation
	// Column 8 in code points follows the emoji: 9 in UTF-16 units.
	if loc.ArtifactLocation.URI != "a%20b.ow" || loc.Region == nil || loc.Region.StartColumn != 9 || loc.Region.EndColumn != 10 {
		t.Errorf("first location: %+v %+v", loc.ArtifactLocation, loc.Region)
	}
	if d := first.Fixes[0].ArtifactChanges[0].Replacements[0].DeletedRegion; d.StartColumn != 9 || d.EndColumn != 10 {
		t.Errorf("the fix's region is not in UTF-16 units: %+v", d)
	}
	if first.Level != "warning" || run.Results[1].Level != "error" || run.Results[2].Level != "note" {
		t.Errorf("levels: %s %s %s", first.Level, run.Results[1].Level, run.Results[2].Level)
	}
	if run.Results[1].Locations[0].PhysicalLocation.Region != nil {
		t.Error("an unmapped position has a region")
	}
}

// TestFingerprintsSurviveUnrelatedEdits moves a finding down by lines
// added above it: its fingerprint stays; editing its own line changes
// it; the same finding on two lines of the same text is told apart by
// its occurrence.
func TestFingerprintsSurviveUnrelatedEdits(t *testing.T) {
	at := func(text string, lines ...int) []string {
		r := &Report{Sources: []Source{{Path: "f.ow", Text: text}}}
		for _, l := range lines {
			r.Problems = append(r.Problems, Problem{Code: "unused-variable", Range: rng("f.ow", l, 2, l, 3)})
		}
		return fingerprints(r, newPositions(r))
	}
	before := at("a\n\tSet Global Variable(A, 1);\n", 2)
	after := at("a\nnew line\nanother\n  Set Global Variable(A,   1);\n", 4)
	if before[0] != after[0] {
		t.Errorf("lines added above, and white space changed, changed the fingerprint: %s, %s", before[0], after[0])
	}
	edited := at("a\n\tSet Global Variable(A, 2);\n", 2)
	if edited[0] == before[0] {
		t.Error("editing the finding's own line kept its fingerprint")
	}
	twice := at("x;\nx;\n", 1, 2)
	if twice[0] == twice[1] || !strings.HasSuffix(twice[0], ":0") || !strings.HasSuffix(twice[1], ":1") {
		t.Errorf("two findings on lines of the same text: %v", twice)
	}
}

func TestJUnitIsValid(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJUnit(&b, sample()); err != nil {
		t.Fatal(err)
	}
	if err := reporttest.ValidateJUnit(t, b.Bytes()); err != nil {
		t.Fatalf("the JUnit XML does not validate: %v\n%s", err, b.String())
	}
	var suites junitSuites
	if err := xml.Unmarshal(b.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	// One suite for the file; a case per enabled rule and per code found:
	// unknown-action (fails: error) and unused-variable (fails: a
	// warning reaches fail-on warning, the info rides along).
	if len(suites.Suites) != 1 || suites.Tests != 2 || suites.Failures != 2 {
		t.Fatalf("suites %d, tests %d, failures %d:\n%s", len(suites.Suites), suites.Tests, suites.Failures, b.String())
	}
	c := suites.Suites[0].Cases[1]
	if c.Name != "unused-variable" || c.Failure == nil || !strings.Contains(c.Failure.Text, "below fail-on") {
		t.Errorf("the unused-variable case: %+v", c)
	}
}

// TestJUnitXSDRejects proves the validation can fail: a test case
// without its required name.
func TestJUnitXSDRejects(t *testing.T) {
	bad := []byte(`<?xml version="1.0"?><testsuites><testsuite name="a" tests="1"><testcase classname="a"/></testsuite></testsuites>`)
	if err := reporttest.ValidateJUnit(t, bad); err == nil {
		t.Fatal("a test case without a name validates")
	}
}

// TestSARIFSchemaRejects proves the schema validation can fail: a level
// SARIF does not know, and a result without a message.
func TestSARIFSchemaRejects(t *testing.T) {
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"level":"info","message":{"text":"m"}}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"r"}]}]}`,
	} {
		if err := reporttest.ValidateSARIF(t, []byte(bad)); err == nil {
			t.Errorf("validates: %s", bad)
		}
	}
}

func TestGitHubCommands(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, sample()); err != nil {
		t.Fatal(err)
	}
	want := "::debug::wright-report/v1 github: wright-lsp lint, 3 of 4 problems, fail\n" +
		"::warning file=a b.ow,line=1,col=9,endLine=1,endColumn=10,title=unused-variable (warning)::50%25 of a, b: c%0Anext <line>\n" +
		"::error file=a b.ow,title=unknown-action (error)::unknown | action\n" +
		"::notice file=a b.ow,line=3,col=12,endLine=3,endColumn=16,title=unused-variable (info)::below fail-on\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestEscapes(t *testing.T) {
	for _, tc := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"x:y,z", "x:y,z", "x%3Ay%2Cz"},
		{"%0A", "%250A", "%250A"},
	} {
		if got := escapeData(tc.in); got != tc.data {
			t.Errorf("escapeData(%q) = %q, want %q", tc.in, got, tc.data)
		}
		if got := escapeProperty(tc.in); got != tc.prop {
			t.Errorf("escapeProperty(%q) = %q, want %q", tc.in, got, tc.prop)
		}
	}
}

func TestMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMarkdown(&b, sample()); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"<!-- wright-report/v1 markdown: wright-lsp lint -->\n",
		"## wright-lsp lint: failed\n",
		"Showing 3 of 4 problems (--max).",
		"| `unknown-action` | error | 1 |",
		"| unknown \\| action |",
		"50% of a, b: c next &lt;line&gt;",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the summary lacks %q:\n%s", want, got)
		}
	}
}

// TestWritersAreDeterministic writes each format of the same report
// twice.
func TestWritersAreDeterministic(t *testing.T) {
	for _, f := range Formats {
		var a, b bytes.Buffer
		if err := Write(&a, f, sample()); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			b.Reset()
			if err := Write(&b, f, sample()); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("%s: two writes differ", f)
			}
		}
	}
}
