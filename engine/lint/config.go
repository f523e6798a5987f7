package lint

// This file holds the lint configuration: the policy file (YAML: failOn
// and per-rule enabled and severity), command-line overrides, and the
// user rules of local rule files.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Config configures a lint pass. The zero value runs every built-in rule
// at its default severity and fails on errors.
type Config struct {
	// FailOn is the severity at which a pass fails (exit 1); zero means
	// Error.
	FailOn diag.Severity
	// Rules holds per-rule settings by id.
	Rules map[string]RuleConfig
	// UserRules are the rules of local rule files.
	UserRules []*Rule
}

// RuleConfig overrides one rule.
type RuleConfig struct {
	// Enabled, when set, turns the rule on or off.
	Enabled *bool
	// Severity, when non-zero, replaces the rule's default.
	Severity diag.Severity
}

// FailLevel returns the severity at which the pass fails.
func (c *Config) FailLevel() diag.Severity {
	if c == nil || c.FailOn == 0 {
		return diag.Error
	}
	return c.FailOn
}

// rules returns the built-in rules followed by the user rules.
func (c *Config) rules() []*Rule {
	return append(slices.Clone(Builtin()), c.UserRules...)
}

// Lookup returns the rule with the given id among the built-in and user
// rules.
func (c *Config) Lookup(id string) *Rule {
	for _, r := range c.rules() {
		if r.ID == id {
			return r
		}
	}
	return nil
}

func (c *Config) effective(r *Rule) Effective {
	e := Effective{Rule: r, Severity: r.Severity, Enabled: true}
	if rc, ok := c.Rules[r.ID]; ok {
		if rc.Enabled != nil {
			e.Enabled = *rc.Enabled
		}
		if rc.Severity != 0 {
			e.Severity = rc.Severity
		}
	}
	return e
}

// Effective returns every rule with its effective configuration.
func (c *Config) Effective() []Effective {
	var out []Effective
	for _, r := range c.rules() {
		out = append(out, c.effective(r))
	}
	return out
}

// Disable turns a rule off (the --disable-rule option).
func (c *Config) Disable(id string) error {
	if c.Lookup(id) == nil {
		return c.unknownRule(id)
	}
	rc := c.Rules[id]
	off := false
	rc.Enabled = &off
	c.set(id, rc)
	return nil
}

// SetSeverity overrides a rule's severity (the --rule-severity ID:SEVERITY
// option).
func (c *Config) SetSeverity(id string, sev diag.Severity) error {
	if c.Lookup(id) == nil {
		return c.unknownRule(id)
	}
	rc := c.Rules[id]
	rc.Severity = sev
	c.set(id, rc)
	return nil
}

func (c *Config) set(id string, rc RuleConfig) {
	if c.Rules == nil {
		c.Rules = map[string]RuleConfig{}
	}
	c.Rules[id] = rc
}

// Known returns nil when id is a rule of c, else an error naming the
// nearest rule id.
func (c *Config) Known(id string) error {
	if c.Lookup(id) != nil {
		return nil
	}
	return c.unknownRule(id)
}

// retiredRules are the ids of built-in rules that were removed because the
// validator reports the same problem (one diagnostic per problem): a policy
// naming one is told which diagnostic owns it now.
var retiredRules = map[string]string{
	"custom-string-too-long": "string-too-long",
}

func (c *Config) unknownRule(id string) error {
	if owner, ok := retiredRules[id]; ok {
		return fmt.Errorf("lint rule %q was retired: the validator reports the same problem as %s, which check, lint and the editor show and no policy turns off", id, owner)
	}
	var ids []string
	for _, r := range c.rules() {
		ids = append(ids, r.ID)
	}
	msg := fmt.Sprintf("unknown lint rule %q", id)
	if near := vocab.Nearest(id, ids); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", near[0])
	}
	return errors.New(msg)
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (diag.Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return diag.Error, nil
	case "warning":
		return diag.Warning, nil
	case "info":
		return diag.Info, nil
	}
	return 0, fmt.Errorf("unknown severity %q: expected error, warning or info", s)
}

// policyFile is the YAML form of a policy. A project's .wright.yaml is
// one too: it may also name the project's entry and its out-of-process
// providers (read by the service), which lint ignores.
type policyFile struct {
	FailOn    string                `yaml:"failOn"`
	Rules     map[string]policyRule `yaml:"rules"`
	Entry     string                `yaml:"entry"`
	Providers yaml.Node             `yaml:"providers"`
}

type policyRule struct {
	Enabled  *bool  `yaml:"enabled"`
	Severity string `yaml:"severity"`
}

// ProjectEntry reads the entry a project file (.wright.yaml, a policy
// that may name the project's entry) names, "" when it names none. Unknown
// keys are errors naming them; the lint keys are checked when the policy
// is applied.
func ProjectEntry(name string, data []byte) (string, error) {
	var pf policyFile
	if err := decodeStrict(data, &pf); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return pf.Entry, nil
}

// LoadPolicy applies a policy file to c. Load rule files first: a policy
// may configure their rules.
func (c *Config) LoadPolicy(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return c.ApplyPolicy(path, data)
}

// ApplyPolicy applies a policy's text to c (name is used in messages).
// Unknown keys, unknown rule ids and bad severities are errors that name
// them, and leave c unchanged.
func (c *Config) ApplyPolicy(name string, data []byte) error {
	var pf policyFile
	if err := decodeStrict(data, &pf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	next := *c
	next.Rules = maps.Clone(c.Rules)
	if pf.FailOn != "" {
		sev, err := ParseSeverity(pf.FailOn)
		if err != nil {
			return fmt.Errorf("%s: failOn: %w", name, err)
		}
		next.FailOn = sev
	}
	ids := make([]string, 0, len(pf.Rules))
	for id := range pf.Rules {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		pr := pf.Rules[id]
		if next.Lookup(id) == nil {
			return fmt.Errorf("%s: rules: %w", name, next.unknownRule(id))
		}
		rc := next.Rules[id]
		if pr.Enabled != nil {
			rc.Enabled = pr.Enabled
		}
		if pr.Severity != "" {
			sev, err := ParseSeverity(pr.Severity)
			if err != nil {
				return fmt.Errorf("%s: rules: %s: severity: %w", name, id, err)
			}
			rc.Severity = sev
		}
		next.set(id, rc)
	}
	*c = next
	return nil
}

// decodeStrict decodes one YAML document, refusing keys the target does
// not have: the error names each unknown key, its line and the keys
// expected there.
func decodeStrict(data []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // an empty file is an empty policy
		}
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return unknownKeys(te, reflect.TypeOf(v))
		}
		return err
	}
	return nil
}

// yamlUnknownField is how the YAML decoder reports an unknown key.
var yamlUnknownField = regexp.MustCompile(`^line (\d+): field (.+) not found in type (\S+)$`)

// unknownKeys rewrites the decoder's errors about unknown keys, which
// name Go types, as the keys of the file: what was found and what is
// expected at that place.
func unknownKeys(te *yaml.TypeError, t reflect.Type) error {
	keys := map[string][]string{}
	collectKeys(t, keys)
	var msgs []string
	for _, e := range te.Errors {
		m := yamlUnknownField.FindStringSubmatch(e)
		if m == nil {
			msgs = append(msgs, e)
			continue
		}
		msg := fmt.Sprintf("line %s: unknown key %q", m[1], m[2])
		if want := keys[m[3]]; len(want) > 0 {
			msg += " (expected " + orList(want) + ")"
		}
		msgs = append(msgs, msg)
	}
	return errors.New(strings.Join(msgs, "; "))
}

// collectKeys records, for each struct type reachable from t, the YAML
// keys it accepts, by the type's name as the decoder writes it.
func collectKeys(t reflect.Type, out map[string][]string) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || out[t.String()] != nil {
		return
	}
	out[t.String()] = []string{}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "" || name == "-" {
			continue
		}
		names = append(names, name)
		collectKeys(f.Type, out)
	}
	out[t.String()] = names
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
