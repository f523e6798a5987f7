package service

// This file answers the workflow operations (check, analyze, inspect),
// whose results are wright-result/v1 envelopes, and project.

import (
	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/objects"
)

// Diagnostics converts the program's parse and validation diagnostics.
func (p *Program) Diagnostics() []contract.Diagnostic {
	out := make([]contract.Diagnostic, 0, len(p.Checked.Diags))
	if p.overpy != nil {
		out = append(out, p.providerDiagnostics()...)
	}
	for _, d := range p.Checked.Diags {
		cd := contract.Diagnostic{Code: string(d.Code), Severity: d.Severity.String(), Message: d.Message,
			Range: p.Range(d.Span), Suggestions: d.Suggestions}
		for _, r := range d.Related {
			cd.Related = append(cd.Related, contract.Related{Range: p.Range(r.Span), Message: r.Message})
		}
		out = append(out, cd)
	}
	return out
}

// Summary returns the program member of envelopes.
func (p *Program) Summary() *contract.ProgramSummary {
	return &contract.ProgramSummary{Origin: p.Origin, Files: p.SourceFiles(), Counts: p.Counts(),
		Locale: p.Checked.Script.Locale.String(), InputIdentity: p.Identity()}
}

// Counts counts the program's declarations.
func (p *Program) Counts() contract.Counts {
	o := Overview(p)
	return contract.Counts{Rules: o.Rules, DisabledRules: o.DisabledRules, Conditions: o.Conditions, Actions: o.Actions,
		GlobalVariables: o.GlobalVariables, PlayerVariables: o.PlayerVariables, Subroutines: o.Subroutines}
}

// envelope starts a wright-result/v1 envelope for command.
func (p *Program) envelope(command string, all bool) contract.Envelope {
	diags := p.Diagnostics()
	e := contract.Envelope{Contract: contract.ResultContract, Command: command, Verdict: "pass",
		Diagnostics: diags, Program: p.Summary(), Snapshot: p.Snapshot, Next: []string{}}
	if p.HasErrors() {
		e.Verdict, e.Exit = "fail", 1
	}
	if !all && len(diags) > DefaultLimit {
		e.Diagnostics = diags[:DefaultLimit]
		e.Truncation = &contract.Truncation{Total: len(diags), Shown: DefaultLimit, Withheld: len(diags) - DefaultLimit,
			Expand: "all: true (CLI --all) lists every diagnostic"}
	}
	return e
}

// Check answers check: the verdict and the diagnostics.
func Check(p *Program, all bool) *contract.CheckResult {
	e := p.envelope("check", all)
	if e.Exit == 0 {
		e.Next = append(e.Next, command("lint", p.Origin.Input), command("analyze", p.Origin.Input))
	}
	return &contract.CheckResult{Envelope: e}
}

// AnalyzeEnvelope answers analyze. s selects the risks reported.
func AnalyzeEnvelope(p *Program, cfg *lint.Config, s Select) (*contract.AnalyzeEnvelope, error) {
	out, err := Analyze(p, cfg, s)
	if err != nil {
		return nil, err
	}
	e := p.envelope("analyze", s.All)
	e.Next = append(e.Next, command("lint", p.Origin.Input), command("inspect", "cost", p.Origin.Input))
	return &contract.AnalyzeEnvelope{Envelope: e, Output: out}, nil
}

// InspectEnvelope answers inspect.
func InspectEnvelope(p *Program, all bool) *contract.InspectEnvelope {
	e := p.envelope("inspect", all)
	rules, _ := Rules(p, Select{All: all})
	for _, sub := range []string{"symbols", "rules", "callgraph", "cost"} {
		e.Next = append(e.Next, command("inspect", sub, p.Origin.Input))
	}
	if rules.Truncation != nil {
		rules.Truncation.Expand = "all: true (CLI --all) lists every rule; rules selects them with file and max"
	}
	return &contract.InspectEnvelope{Envelope: e, Output: &contract.InspectOutput{Overview: Overview(p), Rules: rules.Rules, Truncation: rules.Truncation}}
}

// FailedCheck is the check envelope of a program that could not load: the
// loader's diagnostic, and nothing else.
func FailedCheck(command string, err *Error, path string) *contract.CheckResult {
	at := contract.Range{Path: path, Start: contract.Point{Line: 1, Column: 1}, End: contract.Point{Line: 1, Column: 1}}
	if err.At != nil {
		at = *err.At
	}
	return &contract.CheckResult{Envelope: contract.Envelope{Contract: contract.ResultContract, Command: command,
		Verdict: "fail", Exit: 2, Next: []string{},
		Diagnostics: []contract.Diagnostic{{Code: err.Code, Severity: "error", Message: err.Message, Range: at}}}}
}

// Project answers project.
func Project(p *Program, cfg *lint.Config) *contract.ProjectResult {
	res := p.Lint(cfg)
	out := &contract.ProjectResult{Origin: p.Origin, SourceFiles: p.SourceFiles(), Counts: p.Counts(),
		Locale: p.Checked.Script.Locale.String(), InputIdentity: p.Identity(), Snapshot: p.Snapshot,
		Findings: contract.SeverityCounts{Error: res.Count(diag.Error), Warning: res.Count(diag.Warning), Info: res.Count(diag.Info)}}
	if st := p.Checked.Script.Settings; st != nil {
		tree := settingsTree(st.Items)
		out.Settings = &tree
	}
	return out
}

func settingsTree(items []*ast.SettingsItem) []*contract.SettingsNode {
	out := []*contract.SettingsNode{}
	for _, it := range items {
		n := &contract.SettingsNode{Key: it.Key, KeyID: it.KeyID}
		switch it.Kind {
		case ast.SettingsGroup:
			n.Kind = "group"
			n.Children = settingsTree(it.Children)
		case ast.SettingsPair:
			n.Kind, n.Value, n.ValueID = "setting", it.Value, it.ValueID
		default:
			n.Kind = "word"
		}
		out = append(out, n)
	}
	return out
}

// Findings answers findings: the lint findings with full spans and fixes.
func Findings(p *Program, cfg *lint.Config, s Select) (*contract.FindingsResult, error) {
	if cfg == nil {
		cfg = &lint.Config{}
	}
	res := p.Lint(cfg)
	findings, sel, trunc, err := p.selectFindings(res, cfg, s)
	if err != nil {
		return nil, err
	}
	return &contract.FindingsResult{Findings: findings, Snapshot: p.Snapshot, Selection: sel, Truncation: trunc}, nil
}

// PersistentObjects answers persistentObjects.
func PersistentObjects(p *Program, all bool) *contract.PersistentObjectsResult {
	var out []contract.PersistentObject
	for _, o := range p.Objects() {
		po := contract.PersistentObject{Kind: string(o.Kind), Element: o.Element, Rule: o.Rule,
			Action: o.Action, Span: p.Range(o.Span), Destroys: []contract.ObjectDestroy{},
			Repeats: []contract.ObjectRepeat{}, Unbounded: o.Unbounded()}
		if o.Rule >= 0 {
			po.RuleAddress = p.Index().RuleAddress(o.Rule)
		}
		if k := o.Kept; k != nil {
			po.Kept = &contract.ObjectKeep{Rule: k.Rule, Action: k.Action, Span: p.Range(k.Span),
				Variable: variableName(k.Variable), Subroutine: k.Subroutine}
		}
		for _, d := range o.Destroys {
			po.Destroys = append(po.Destroys, contract.ObjectDestroy{How: d.How.String(), Element: d.Element,
				Rule: d.Rule, Action: d.Action, Span: p.Range(d.Span), Variable: variableName(d.Variable)})
		}
		for _, r := range o.Repeats {
			po.Repeats = append(po.Repeats, contract.ObjectRepeat{Reason: r.Kind.String(), Text: r.Text,
				Rule: r.Rule, Action: r.Action, Span: p.Range(r.Span), Bounded: r.Bounded, PerJoin: r.PerJoin})
		}
		po.Guard = variableName(o.Guard)
		if o.HasDuration {
			d := o.Duration
			po.DurationSeconds = &d
		}
		out = append(out, po)
	}
	items, _, trunc := bound(out, Select{All: all}, len(out))
	return &contract.PersistentObjectsResult{PersistentObjects: nonNil(items), Snapshot: p.Snapshot, Truncation: trunc}
}

func variableName(v *objects.Variable) string {
	if v == nil {
		return ""
	}
	return v.String()
}
