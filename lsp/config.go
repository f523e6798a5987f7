package lsp

// This file reads the server's settings: initializationOptions, the
// "wright" section of workspace/configuration, and the .wright.yaml at the
// workspace root.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
)

// config is the settings the client sends.
type config struct {
	// Locale forces the client language of Workshop files; empty detects
	// it from each file's text.
	Locale string `json:"locale"`
	// LintConfig is a policy file; empty uses the workspace's .wright.yaml
	// when there is one.
	LintConfig     string            `json:"lintConfig"`
	RuleFiles      []string          `json:"ruleFiles"`
	DisabledRules  []string          `json:"disabledRules"`
	RuleSeverities map[string]string `json:"ruleSeverities"`
	FailOn         string            `json:"failOn"`
	// CodeLens turns lenses off: {"simulate": false} drops the Simulate
	// lenses (on by default).
	CodeLens struct {
		Simulate *bool `json:"simulate"`
	} `json:"codeLens"`
}

// applySettingsLocked takes new settings ({"wright": {...}} or the
// section itself). Settings that do not make a valid configuration are
// reported to the user and the previous configuration stays.
func (s *Server) applySettingsLocked(raw json.RawMessage) {
	var wrapped struct {
		Wright *json.RawMessage `json:"wright"`
	}
	if json.Unmarshal(raw, &wrapped) == nil && wrapped.Wright != nil {
		raw = *wrapped.Wright
	}
	var c config
	if err := json.Unmarshal(raw, &c); err != nil {
		s.warnUser(fmt.Sprintf("wright-lsp: the settings do not read: %v", err))
		return
	}
	if err := s.configureLocked(c); err != nil {
		s.warnUser("wright-lsp: " + err.Error() + "; keeping the previous settings")
	}
}

// configureLocked builds the engine options and the lint policy of c.
func (s *Server) configureLocked(c config) error {
	opts := engine.Options{}
	if c.Locale != "" {
		l, err := vocab.ParseLocale(c.Locale)
		if err != nil {
			return fmt.Errorf("locale: %w", err)
		}
		opts.Locale, opts.LocaleGiven = l, true
	}
	policy := service.Policy{File: c.LintConfig, RuleFiles: c.RuleFiles, Disable: c.DisabledRules, FailOn: c.FailOn}
	if policy.File == "" {
		for _, root := range s.roots {
			if p := filepath.Join(root, service.ProjectFile); fileExists(p) {
				policy.File = p
				break
			}
		}
	}
	ids := make([]string, 0, len(c.RuleSeverities))
	for id := range c.RuleSeverities {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		policy.Severity = append(policy.Severity, id+":"+c.RuleSeverities[id])
	}
	lintCfg, err := policy.Config()
	if err != nil {
		return err
	}
	s.config, s.engineOpts, s.lintConfig = c, opts, lintCfg
	s.docs.setOptions(opts)
	s.resetAgentsLocked()
	return nil
}

// loadProjectConfig applies the configuration as it stands once the
// workspace is known: the .wright.yaml policy of a root is read here.
func (s *Server) loadProjectConfig() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.configureLocked(s.config); err != nil {
		s.warnUser("wright-lsp: " + err.Error())
	}
}

// pullConfiguration asks the client for the "wright" section.
func (s *Server) pullConfiguration() {
	var result []json.RawMessage
	s.call("workspace/configuration", map[string]any{"items": []any{map[string]any{"section": "wright"}}}, &result, 10*time.Second, func(err error) {
		if err != nil || len(result) == 0 || string(result[0]) == "null" {
			return
		}
		s.mu.Lock()
		s.applySettingsLocked(result[0])
		s.mu.Unlock()
		s.diags.all()
		s.refreshLenses()
	})
}

// warnUser shows a warning in the client.
func (s *Server) warnUser(message string) {
	s.log.Warning(message)
	if s.conn != nil {
		go s.notify("window/showMessage", map[string]any{"type": 2, "message": message})
	}
}

func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}
