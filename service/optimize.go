package service

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/optimize"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// An Optimization is the optimiser's work on a program: what it saves,
// and for Workshop input the edits that rewrite the text rule by rule
// into the optimised program.
type Optimization struct {
	Report optimize.Report
	// Script is the optimised program.
	Script *ast.Script
	// Edits replace each rule that got cheaper by its optimised text (or
	// remove it); nil for OverPy input, whose text is not Workshop.
	Edits []source.Edit
	// Saved is what the edits save: the report's saving less that of the
	// rules left as they are.
	Saved int
	// Kept counts the rules that would get cheaper but keep their text:
	// a // comment in them would be lost by printing them again.
	Kept int
}

// Optimized is the optimiser's work with the options the program asks
// for (OverPy's #!optimizeForSize), computed once; nil for a program with
// errors. Callers must not change it.
func (p *Program) Optimized() *Optimization {
	p.optOnce.Do(func() {
		p.optimized, _ = p.Optimize(p.optimizeOptions())
	})
	return p.optimized
}

// optimizeOptions are the optimiser's options a program's own text asks
// for: every pass but drop-disabled (a disabled rule or action is kept,
// as OverPy keeps it: its author turns it back on in the game), and with
// OverPy's #!optimizeForSize (or its aggressive form) the passes that
// trade literals for cheaper ones.
func (p *Program) optimizeOptions() optimize.Options {
	forSize := false
	if p.overpy != nil {
		for _, d := range p.overpy.res.Options.Optimizer {
			if d == "optimizeForSize" || d == "optimizeForSizeAggressive" {
				forSize = true
			}
		}
	}
	opts := optimize.Options{Passes: []string{}}
	for _, pass := range optimize.Passes() {
		if pass.Name != "drop-disabled" && (!pass.ForSize || forSize) {
			opts.Passes = append(opts.Passes, pass.Name)
		}
	}
	return opts
}

// OptimizesByDefault reports whether compile optimises the program when
// not asked either way: OverPy input without #!disableOptimizations.
func (p *Program) OptimizesByDefault() bool { return p.wantsOptimize(nil) }

// wantsOptimize reports whether a compile runs the optimiser: as asked,
// or by default for OverPy input whose program has no
// #!disableOptimizations.
func (p *Program) wantsOptimize(asked *bool) bool {
	if asked != nil {
		return *asked
	}
	// An external provider's output is its own: optimised only when asked.
	return p.overpy != nil && p.overpy.external == nil && !p.overpy.res.Options.DisableOptimizations
}

// Optimize runs the optimiser over the program. A program with errors is
// not optimised: ok is false.
func (p *Program) Optimize(opts optimize.Options) (*Optimization, bool) {
	if p.HasErrors() || p.Checked.Script == nil {
		return nil, false
	}
	script, report := optimize.Program(p.Checked.Script, opts)
	o := &Optimization{Report: report, Script: script}
	if p.IsOverPy() {
		o.Saved = report.Saved()
		return o, true
	}
	out := 0 // the next rule of the optimised script
	for _, rr := range report.Rules {
		if rr.Index < 0 {
			continue
		}
		var optimised *ast.Rule
		if !rr.Removed {
			optimised = script.Rules[out]
			out++
		}
		if rr.Saved() <= 0 {
			continue
		}
		rule := p.Checked.Script.Rules[rr.Index]
		if hasComment(p.Checked.Script.Comments, rule.Span) {
			o.Kept++
			continue
		}
		e, ok := p.ruleEdit(rule, optimised)
		if !ok {
			o.Kept++
			continue
		}
		o.Edits = append(o.Edits, e)
		o.Saved += rr.Saved()
	}
	return o, true
}

// ruleEdit rewrites rule as optimised, or removes it (and the blank line
// after it) when optimised is nil.
func (p *Program) ruleEdit(rule, optimised *ast.Rule) (source.Edit, bool) {
	text := p.File.Text
	span := rule.Span
	if optimised == nil {
		end := span.End
		for end < len(text) && (text[end] == '\n' || text[end] == '\r' || text[end] == ' ' || text[end] == '\t') {
			end++
		}
		return source.Edit{Span: source.Span{Start: span.Start, End: end}}, true
	}
	one := &ast.Script{File: p.Checked.Script.File, Locale: p.Checked.Script.Locale, Rules: []*ast.Rule{optimised}}
	printed, diags := printer.Print(one, printer.Options{Locale: p.Checked.Script.Locale})
	if len(diags) > 0 {
		return source.Edit{}, false
	}
	return source.Edit{Span: span, New: strings.TrimRight(printed, "\n")}, true
}

// hasComment reports a comment inside span.
func hasComment(comments []source.Span, span source.Span) bool {
	for _, c := range comments {
		if c.Start >= span.Start && c.End <= span.End {
			return true
		}
	}
	return false
}
