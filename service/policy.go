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
	cfg, _, err := p.ConfigWith("", nil)
	return cfg, err
}

// ConfigWith builds the lint configuration of a project whose project
// file (.wright.yaml, named name) holds project (nil when there is none):
// its failOn and rules apply in place of a policy file unless File names
// one, and are checked either way. projectErr is set when the project
// file is what is wrong.
func (p Policy) ConfigWith(name string, project []byte) (cfg *lint.Config, projectErr, err error) {
	cfg = &lint.Config{}
	for _, path := range p.RuleFiles {
		if err := cfg.AddRuleFile(path, nil); err != nil {
			return nil, nil, err
		}
	}
	if project != nil {
		// Checked against the rules the rule files add, applied only
		// when no policy file is named.
		scratch := *cfg
		if err := scratch.ApplyPolicy(name, project); err != nil {
			return nil, err, nil
		}
		if p.File == "" {
			cfg = &scratch
		}
	}
	if p.File != "" {
		if err := cfg.LoadPolicy(p.File); err != nil {
			return nil, nil, err
		}
	}
	for _, id := range p.Disable {
		if err := cfg.Disable(id); err != nil {
			return nil, nil, err
		}
	}
	for _, spec := range p.Severity {
		id, sev, ok := strings.Cut(spec, ":")
		if !ok {
			return nil, nil, fmt.Errorf("rule severity %q: expected ID:SEVERITY", spec)
		}
		s, err := lint.ParseSeverity(sev)
		if err != nil {
			return nil, nil, fmt.Errorf("rule severity %q: %w", spec, err)
		}
		if err := cfg.SetSeverity(id, s); err != nil {
			return nil, nil, err
		}
	}
	if p.FailOn != "" {
		s, err := lint.ParseSeverity(p.FailOn)
		if err != nil {
			return nil, nil, fmt.Errorf("failOn: %w", err)
		}
		cfg.FailOn = s
	}
	return cfg, nil, nil
}
