package report

// This file writes JUnit XML as CI dashboards read it (the schema Jenkins
// reads, testdata/junit.xsd): a test suite per source file and a test
// case per file and rule. A case fails when one of its problems reaches
// the run's fail-on severity; problems below it are listed in the case's
// output and the case passes, as the verdict does.

import (
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes r as JUnit XML.
func WriteJUnit(w io.Writer, r *Report) error {
	byFile := map[string]map[string][]Problem{}
	for _, pr := range r.Problems {
		if byFile[pr.Range.Path] == nil {
			byFile[pr.Range.Path] = map[string][]Problem{}
		}
		byFile[pr.Range.Path][pr.Code] = append(byFile[pr.Range.Path][pr.Code], pr)
	}
	var enabled []string
	for _, rule := range r.Rules {
		if rule.Lint && rule.Enabled {
			enabled = append(enabled, rule.ID)
		}
	}
	out := junitSuites{Name: r.Tool + " " + r.Command}
	props := []junitProperty{{"contract", Contract}, {"command", r.Command}, {"fail-on", r.FailOn}, {"verdict", r.Verdict}}
	for _, path := range files(r) {
		suite := junitSuite{Name: path, Properties: props}
		// The cases: every rule that ran on the file, and every code a
		// problem of the file carries; check runs no rule, and a clean
		// file gets one passing case named after the command.
		codes := slices.Clone(enabled)
		for code := range byFile[path] {
			codes = append(codes, code)
		}
		slices.Sort(codes)
		codes = slices.Compact(codes)
		if len(codes) == 0 {
			codes = []string{r.Command}
		}
		for _, code := range codes {
			c := junitCase{Name: code, Classname: path}
			problems := byFile[path][code]
			var failing, passing []string
			for _, pr := range problems {
				line := fmt.Sprintf("%s: %s %s: %s", location(pr), pr.Severity, pr.Code, pr.Message)
				if fails(pr.Severity, r.FailOn) {
					failing = append(failing, line)
				} else {
					passing = append(passing, line)
				}
			}
			if len(failing) > 0 {
				c.Failure = &junitFailure{Type: code, Message: fmt.Sprintf("%d of %d problems reach %s", len(failing), len(problems), r.FailOn),
					Text: strings.Join(append(failing, passing...), "\n")}
				suite.Failures++
			} else if len(passing) > 0 {
				c.SystemOut = strings.Join(passing, "\n")
			}
			suite.Cases = append(suite.Cases, c)
		}
		suite.Tests = len(suite.Cases)
		out.Tests += suite.Tests
		out.Failures += suite.Failures
		out.Suites = append(out.Suites, suite)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// files lists the report's files: its sources, then any file a problem
// names that is not among them, each once.
func files(r *Report) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, s := range r.Sources {
		add(s.Path)
	}
	for _, pr := range r.Problems {
		add(pr.Range.Path)
	}
	return out
}
