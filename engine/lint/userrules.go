package lint

// This file reads local rule files: declarative rules a project adds to
// the built-in ones, in YAML. They are checked strictly (unknown keys,
// unknown names, bad ids are errors) and never execute code. The forms:
//
//	rules:
//	  - id: no-small-message          # kebab-case, not a built-in id
//	    severity: warning             # error, warning or info (default warning)
//	    summary: Small Message is for debugging only
//	    forbid:
//	      action: Small Message       # or value: …; any locale's spelling or a catalog id
//	  - id: rule-element-cap
//	    maxRuleElements: 400          # no rule may cost more elements
//	  - id: player-rules-check-alive
//	    requireCondition:
//	      event: Ongoing - Each Player  # rules of this event…
//	      mentions: Is Alive            # …must test this value in a condition

import (
	"fmt"
	"os"
	"regexp"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

type ruleFile struct {
	Rules []userRule `yaml:"rules"`
}

type userRule struct {
	ID               string            `yaml:"id"`
	Severity         string            `yaml:"severity"`
	Summary          string            `yaml:"summary"`
	Forbid           *forbidSpec       `yaml:"forbid"`
	MaxRuleElements  int               `yaml:"maxRuleElements"`
	RequireCondition *requireCondition `yaml:"requireCondition"`
}

type forbidSpec struct {
	Action string `yaml:"action"`
	Value  string `yaml:"value"`
}

type requireCondition struct {
	Event    string `yaml:"event"`
	Mentions string `yaml:"mentions"`
}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// AddRuleFile reads a local rule file and adds its rules.
func (c *Config) AddRuleFile(path string, v *vocab.Vocabulary) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return c.AddRules(path, data, v)
}

// AddRules adds the rules of a rule file's text (name is used in
// messages).
func (c *Config) AddRules(name string, data []byte, v *vocab.Vocabulary) error {
	if v == nil {
		v = vocab.Default()
	}
	var rf ruleFile
	if err := decodeStrict(data, &rf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	for i, ur := range rf.Rules {
		r, err := ur.compile(v)
		if err != nil {
			id := ur.ID
			if id == "" {
				id = fmt.Sprintf("#%d", i+1)
			}
			return fmt.Errorf("%s: rule %s: %w", name, id, err)
		}
		if c.Lookup(r.ID) != nil {
			return fmt.Errorf("%s: rule %s: the id is already taken by another rule", name, r.ID)
		}
		r.Documentation = name
		c.UserRules = append(c.UserRules, r)
	}
	return nil
}

func (ur userRule) compile(v *vocab.Vocabulary) (*Rule, error) {
	if !kebab.MatchString(ur.ID) {
		return nil, fmt.Errorf("id %q is not kebab-case (lower-case words joined by '-')", ur.ID)
	}
	r := &Rule{ID: ur.ID, Severity: diag.Warning, Summary: ur.Summary, Tags: []string{"user"}}
	if ur.Severity != "" {
		sev, err := ParseSeverity(ur.Severity)
		if err != nil {
			return nil, err
		}
		r.Severity = sev
	}
	forms := 0
	if ur.Forbid != nil {
		forms++
	}
	if ur.MaxRuleElements != 0 {
		forms++
	}
	if ur.RequireCondition != nil {
		forms++
	}
	if forms != 1 {
		return nil, fmt.Errorf("a rule takes exactly one of forbid, maxRuleElements and requireCondition (found %d)", forms)
	}
	switch {
	case ur.Forbid != nil:
		return r, ur.Forbid.compile(v, r)
	case ur.RequireCondition != nil:
		return r, ur.RequireCondition.compile(v, r)
	default:
		if ur.MaxRuleElements < 1 {
			return nil, fmt.Errorf("maxRuleElements must be a positive number of elements")
		}
		limit := ur.MaxRuleElements
		if r.Summary == "" {
			r.Summary = fmt.Sprintf("no rule may cost more than %d elements", limit)
		}
		r.Check = func(p *Pass) { checkRuleElements(p, limit) }
		r.Evidence = `the rule's header, rule("NAME")`
		return r, nil
	}
}

// element finds an action or value by id or by any locale's spelling.
func element(v *vocab.Vocabulary, name string, action bool) (*vocab.Element, error) {
	what := "value"
	if action {
		what = "action"
	}
	if el := v.ByID(vocab.KindAction, name); action && el != nil {
		return el.(*vocab.Element), nil
	}
	if el := v.ByID(vocab.KindValue, name); !action && el != nil {
		return el.(*vocab.Element), nil
	}
	for _, ref := range v.Lookup(name) {
		if el, ok := ref.Item.(*vocab.Element); ok && el.IsAction() == action {
			return el, nil
		}
	}
	return nil, fmt.Errorf("no %s is named %q", what, name)
}

func (f *forbidSpec) compile(v *vocab.Vocabulary, r *Rule) error {
	if (f.Action == "") == (f.Value == "") {
		return fmt.Errorf("forbid takes exactly one of action and value")
	}
	el, err := element(v, f.Action+f.Value, f.Action != "")
	if err != nil {
		return fmt.Errorf("forbid: %w", err)
	}
	if r.Summary == "" {
		r.Summary = fmt.Sprintf("%s is not allowed in this project", el.English())
	}
	r.Check = func(p *Pass) {
		for ri, rule := range p.Script.Rules {
			for _, b := range []*ast.Block{rule.Conditions, rule.Actions} {
				if b == nil {
					continue
				}
				for _, st := range b.Statements {
					ast.Inspect(st.Body, func(e *ast.Expr) bool {
						if e.Kind == ast.Call && e.Elem == el {
							p.Report(Finding{Span: st.NameSpanOf(e), Rule: ri, Message: r.Summary})
						}
						return true
					})
				}
			}
		}
	}
	return nil
}

func (rc *requireCondition) compile(v *vocab.Vocabulary, r *Rule) error {
	var event *vocab.Event
	for _, ref := range v.Lookup(rc.Event) {
		if ev, ok := ref.Item.(*vocab.Event); ok {
			event = ev
		}
	}
	if ev := v.Event(rc.Event); ev != nil {
		event = ev
	}
	if event == nil {
		return fmt.Errorf("requireCondition: no event is named %q", rc.Event)
	}
	value, err := element(v, rc.Mentions, false)
	if err != nil {
		return fmt.Errorf("requireCondition: mentions: %w", err)
	}
	if r.Summary == "" {
		r.Summary = fmt.Sprintf("rules of event %s must test %s in a condition", event.English(), value.English())
	}
	r.Evidence = `the rule's header, rule("NAME")`
	r.Check = func(p *Pass) {
		for ri, rule := range p.Script.Rules {
			if rule.Disabled || rule.Event == nil || len(rule.Event.Lines) == 0 || rule.Event.Lines[0].Ref != event {
				continue
			}
			if !conditionsMention(rule, value) {
				p.Report(Finding{Span: rule.KeywordSpan, Rule: ri, Evidence: "rule(" + strconv.Quote(rule.Name) + ")",
					Message: fmt.Sprintf("rule %q has no condition testing %s", rule.Name, value.English())})
			}
		}
	}
	return nil
}

func conditionsMention(r *ast.Rule, el *vocab.Element) bool {
	if r.Conditions == nil {
		return false
	}
	found := false
	for _, st := range r.Conditions.Statements {
		if st.Disabled {
			continue
		}
		ast.Inspect(st.Body, func(e *ast.Expr) bool {
			found = found || e.Kind == ast.Call && e.Elem == el
			return !found
		})
	}
	return found
}

// checkRuleElements reports rules costing more than limit elements.
func checkRuleElements(p *Pass, limit int) {
	for _, rc := range p.Cost().Rules {
		if rc.Count > limit {
			r := p.Script.Rules[rc.Index]
			p.Report(Finding{Span: r.KeywordSpan, Rule: rc.Index, Evidence: "rule(" + strconv.Quote(r.Name) + ")",
				Message: fmt.Sprintf("rule %q costs %d elements, more than this project's limit of %d", r.Name, rc.Count, limit)})
		}
	}
}
