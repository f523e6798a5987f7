package main

// This file holds the flags the commands share: locale and format, the
// selection, and the lint policy.

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/lint"
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

func (f *intFlag) String() string { return fmt.Sprint(f.v) }
func (f *intFlag) Set(s string) error {
	_, err := fmt.Sscan(s, &f.v)
	f.set = err == nil
	return err
}

// commonFlags are the flags of commands that read a program.
type commonFlags struct {
	locale string
	format string
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.locale, "locale", "", "client language of the file (default: detect from the text)")
	fs.StringVar(&c.format, "format", "text", "output format: text or json")
}

func (c *commonFlags) check(name string, stderr io.Writer) bool {
	if c.format != "text" && c.format != "json" {
		fmt.Fprintf(stderr, "wright-lsp %s: unknown format %q: expected text or json\n", name, c.format)
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
	fs.Var(&s.max, "max", "report at most this many items")
	fs.BoolVar(&s.all, "all", false, "lift the default cap of 20 items")
	fs.StringVar(&s.file, "file", "", "report only items of this source file")
	if findings {
		fs.StringVar(&s.severity, "severity", "", "report findings at or above this severity: error, warning or info")
		fs.StringVar(&s.ruleID, "rule-id", "", "report only findings of this lint rule")
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

// policyFlags configure lint.
type policyFlags struct {
	policy    string
	ruleFiles listFlag
	disable   listFlag
	severity  listFlag
	failOn    string
}

func (p *policyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.policy, "lint-config", "", "lint policy file (YAML: failOn, rules)")
	fs.Var(&p.ruleFiles, "rule-file", "local rule file (YAML); repeatable")
	fs.Var(&p.disable, "disable-rule", "turn a lint rule off; repeatable")
	fs.Var(&p.severity, "rule-severity", "override a rule's severity, as ID:SEVERITY; repeatable")
	fs.StringVar(&p.failOn, "fail-on", "", "fail (exit 1) when a finding reaches this severity (default error)")
}

// config builds the lint configuration: rule files, then the policy, then
// the command-line overrides.
func (p *policyFlags) config() (*lint.Config, error) {
	return service.Policy{File: p.policy, RuleFiles: p.ruleFiles, Disable: p.disable, Severity: p.severity, FailOn: p.failOn}.Config()
}
