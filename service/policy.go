package service

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// A Policy is a lint policy as a user states it: a policy file, local
// rule files, and overrides. The CLI's flags, serve's startup options and
// the language server's settings all build one.
type Policy struct {
	// File is a policy file (YAML: failOn, rules); empty for none.
	File string
	// RuleFiles are local rule files.
	RuleFiles []string
	// Disable lists rule ids to turn off.
	Disable []string
	// Severity lists overrides as ID:SEVERITY.
	Severity []string
	// FailOn is the failing severity; empty keeps the policy's.
	FailOn string
}

// Config builds the lint configuration: rule files first (a policy may
// configure their rules), then the policy file, then the overrides. An
// error names what is wrong; nothing is half-applied.
func (p Policy) Config() (*lint.Config, error) {
	cfg := &lint.Config{}
	for _, path := range p.RuleFiles {
		if err := cfg.AddRuleFile(path, nil); err != nil {
			return nil, err
		}
	}
	if p.File != "" {
		if err := cfg.LoadPolicy(p.File); err != nil {
			return nil, err
		}
	}
	for _, id := range p.Disable {
		if err := cfg.Disable(id); err != nil {
			return nil, err
		}
	}
	for _, spec := range p.Severity {
		id, sev, ok := strings.Cut(spec, ":")
		if !ok {
			return nil, fmt.Errorf("rule severity %q: expected ID:SEVERITY", spec)
		}
		s, err := lint.ParseSeverity(sev)
		if err != nil {
			return nil, fmt.Errorf("rule severity %q: %w", spec, err)
		}
		if err := cfg.SetSeverity(id, s); err != nil {
			return nil, err
		}
	}
	if p.FailOn != "" {
		s, err := lint.ParseSeverity(p.FailOn)
		if err != nil {
			return nil, fmt.Errorf("failOn: %w", err)
		}
		cfg.FailOn = s
	}
	return cfg, nil
}
