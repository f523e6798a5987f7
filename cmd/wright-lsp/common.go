package main

// This file holds the flags the commands share: locale, kind and format,
// the selection, the lint policy and the verdict.

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/internal/report"
	"github.com/wright-lsp/wright-lsp/service"
)

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// intFlag is an optional integer flag.
type intFlag struct {
	set bool
	v   int
}

func (f *intFlag) String() string { return strconv.Itoa(f.v) }
func (f *intFlag) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("expected a whole number, got %q", s)
	}
	if v < 0 {
		return fmt.Errorf("expected a number of 0 or more, got %d", v)
	}
	f.v, f.set = v, true
	return nil
}

// commonFlags are the flags of commands that read a program.
type commonFlags struct {
	locale string
	format string
	kind   string
	// reports is set, before register, on the commands that also write
	// the CI report formats (check and lint).
	reports bool
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.locale, "locale", "", "client `LANGUAGE` of Workshop input, such as de-DE (default: detect from the text)")
	formats := "text, or json (what the agent service answers)"
	if c.reports {
		formats = "text, json (what the agent service answers), or a report for CI: sarif, junit, github (workflow commands) or markdown"
	}
	fs.StringVar(&c.format, "format", "text", "output `FORMAT`: "+formats)
	fs.StringVar(&c.kind, "kind", "auto", "input `KIND`: auto (by extension, then content), workshop or opy")
}

// report reports whether the format is one of the report package's.
func (c *commonFlags) report() bool { return slices.Contains(report.Formats, c.format) }

// check validates the flags' values.
func (c *commonFlags) check(name string, stderr io.Writer) bool {
	if c.format != "text" && c.format != "json" && !(c.reports && c.report()) {
		expected := "text or json"
		if c.reports {
			expected = "text, json, " + strings.Join(report.Formats, ", ")
		}
		fmt.Fprintf(stderr, "wright-lsp %s: unknown format %q: expected %s\n", name, c.format, expected)
		return false
	}
	if _, err := service.ParseKind(c.kind); err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
		return false
	}
	return true
}

// selectFlags are the selection flags.
type selectFlags struct {
	max      intFlag
	all      bool
	file     string
	severity string
	ruleID   string
}

func (s *selectFlags) register(fs *flag.FlagSet, findings bool) {
	fs.Var(&s.max, "max", "print at most `N` items (text prints every one by default; json lists 20)")
	fs.BoolVar(&s.all, "all", false, "json: list every item instead of the first 20")
	fs.StringVar(&s.file, "file", "", "report only items in this source `FILE` of the program")
	if findings {
		fs.StringVar(&s.severity, "severity", "", "report problems at or above this `SEVERITY`: error, warning or info")
		fs.StringVar(&s.ruleID, "rule-id", "", "report only the findings of this lint rule `ID` (and the program's errors)")
	}
}

// findings returns the finding selection of lint, findings and analyze.
func (s *selectFlags) findings() contract.FindingSelection {
	return contract.FindingSelection{Severity: s.severity, Rule: s.ruleID, File: s.file, Max: s.maxPtr(), All: s.all}
}

// maxPtr returns --max, or nil when it is not given.
func (s *selectFlags) maxPtr() *int {
	if !s.max.set {
		return nil
	}
	m := s.max.v
	return &m
}

// shown is how many items text output prints: --max, else all (-1).
func (s *selectFlags) shown() int {
	if s.max.set {
		return s.max.v
	}
	return -1
}

// checkSeverity validates --severity.
func (s *selectFlags) checkSeverity(name string, stderr io.Writer) bool {
	if s.severity == "" {
		return true
	}
	if _, err := lint.ParseSeverity(s.severity); err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: --severity: %v\n", name, err)
		return false
	}
	return true
}

// selects reports whether a program diagnostic other than an error is
// selected: not when the selection names a lint rule, else when it
// reaches --severity and is in --file.
func (s *selectFlags) selects(p problem, fileMatches func(string) bool) bool {
	if p.severity == "error" {
		return true
	}
	if s.ruleID != "" || s.file != "" && !fileMatches(p.path) {
		return false
	}
	return s.severity == "" || severityRank[p.severity] <= severityRank[s.severity]
}

// policyFlags configure lint.
type policyFlags struct {
	policy    string
	ruleFiles listFlag
	disable   listFlag
	severity  listFlag
	failOn    string
}

func (p *policyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.policy, "lint-config", "", "lint policy `FILE` (YAML: failOn, rules)")
	fs.Var(&p.ruleFiles, "rule-file", "local rule `FILE` (YAML); repeatable")
	fs.Var(&p.disable, "disable-rule", "turn the lint rule `ID` off; repeatable")
	fs.Var(&p.severity, "rule-severity", "override a rule's severity, as `ID:SEVERITY`; repeatable")
	fs.StringVar(&p.failOn, "fail-on", "", "fail (exit 1) when a problem reaches this `SEVERITY`: error, warning or info (default error)")
}

// config builds the lint configuration: rule files, then the policy, then
// the command-line overrides.
func (p *policyFlags) config() (*lint.Config, error) {
	return p.statement().Config()
}

// statement is the policy as the flags state it; a session applies it
// with the project's .wright.yaml.
func (p *policyFlags) statement() *service.Policy {
	return &service.Policy{File: p.policy, RuleFiles: p.ruleFiles, Disable: p.disable, Severity: p.severity, FailOn: p.failOn}
}

// failOnFlag is --fail-on of check, which reads no lint policy.
func failOnFlag(fs *flag.FlagSet) *string {
	return fs.String("fail-on", "error", "fail (exit 1) when a problem reaches this `SEVERITY`: error, warning or info")
}

// checkFailOn validates a --fail-on value.
func checkFailOn(name, v string, stderr io.Writer) bool {
	if _, err := lint.ParseSeverity(v); err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: --fail-on: %v\n", name, err)
		return false
	}
	return true
}
