package main

// This file implements "wright-lsp inspect" and "wright-lsp analyze".

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
)

const inspectUsage = `usage: wright-lsp inspect [SUBCOMMAND [TARGET]] [options] FILE
subcommands:
  (none)          overview and rule names
  symbols         variables, subroutines and rules (--kind)
  refs SYMBOL     references of NAME or KIND:NAME (--kind, --rule)
  cfg RULE        control-flow graph of a rule (--kind)
  callgraph       subroutine calls (--caller, --callee)
  cost            element count (--rule for one rule's drill-down)
  rules           the rules (--rule, --content)
  objects         persistent objects
  project         origin, files, counts and the settings tree`

// inspectRequest builds the service request of an inspect subcommand.
func inspectRequest(sub, target string, s *selectFlags, kind, rule, caller, callee string, content bool) (any, error) {
	addr := func(a string) *contract.Address {
		if a == "" {
			return nil
		}
		return &contract.Address{Name: a}
	}
	switch sub {
	case "":
		return contract.InspectRequest{Op: "inspect", All: s.all}, nil
	case "symbols":
		return contract.SymbolsRequest{Op: "symbols", Kind: kind, File: s.file, Max: s.maxPtr(), All: s.all}, nil
	case "refs":
		return contract.ReferencesRequest{Op: "references", Symbol: contract.Address{Name: target}, Kind: kind, Rule: addr(rule),
			File: s.file, Max: s.maxPtr(), All: s.all}, nil
	case "cfg":
		return contract.CFGRequest{Op: "cfg", Rule: contract.Address{Name: target}, Kind: kind, Max: s.maxPtr(), All: s.all}, nil
	case "callgraph":
		return contract.CallGraphRequest{Op: "callGraph", Caller: addr(caller), Callee: callee, Max: s.maxPtr(), All: s.all}, nil
	case "cost":
		return contract.CostEstimateRequest{Op: "costEstimate", Rule: addr(rule), File: s.file, Max: s.maxPtr(), All: s.all}, nil
	case "rules":
		return contract.RulesRequest{Op: "rules", Rule: addr(rule), File: s.file, Max: s.maxPtr(), All: s.all, Content: content}, nil
	case "objects":
		return contract.PersistentObjectsRequest{Op: "persistentObjects", All: s.all}, nil
	case "project":
		return contract.ProjectRequest{Op: "project"}, nil
	}
	return nil, fmt.Errorf("unknown subcommand %q", sub)
}

func runInspect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	var sel selectFlags
	var kind, rule, caller, callee string
	common.register(fs)
	sel.register(fs, false)
	fs.StringVar(&kind, "kind", "", "symbols: symbol kind; refs: reference kind; cfg: block kind")
	fs.StringVar(&rule, "rule", "", "refs: references in this rule; cost, rules: this rule (NAME or NAME#N)")
	fs.StringVar(&caller, "caller", "", "callgraph: calls made by this rule")
	fs.StringVar(&callee, "callee", "", "callgraph: calls of this subroutine")
	content := fs.Bool("content", false, "rules: each rule's rule-content-v1 document")
	rest, err := parseInterspersed(fs, args)
	if err != nil || !common.check("inspect", stderr) {
		return exitUsage
	}
	sub := ""
	if len(rest) > 1 {
		sub, rest = rest[0], rest[1:]
	}
	var target string
	if sub == "refs" || sub == "cfg" {
		if len(rest) != 2 {
			fmt.Fprintf(stderr, "wright-lsp inspect %s: expected %s and FILE\n%s\n", sub, map[string]string{"refs": "SYMBOL", "cfg": "RULE"}[sub], inspectUsage)
			return exitUsage
		}
		target, rest = rest[0], rest[1:]
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "wright-lsp inspect: expected one FILE\n"+inspectUsage)
		return exitUsage
	}
	req, err := inspectRequest(sub, target, &sel, kind, rule, caller, callee, *content)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp inspect: %v\n%s\n", err, inspectUsage)
		return exitUsage
	}
	s := sessionFor("inspect", rest[0], &common, nil, stderr)
	if s == nil {
		return exitUsage
	}
	raw, refused := call("inspect", s, req, stderr)
	if refused != nil {
		return refusalExit(refused)
	}
	if common.format == "json" {
		emitJSON(stdout, raw)
		return exitOK
	}
	printInspect(stdout, sub, raw)
	return exitOK
}

// printInspect renders an inspect result as text.
func printInspect(w io.Writer, sub string, raw json.RawMessage) {
	switch sub {
	case "":
		env := decode[contract.InspectEnvelope](raw)
		o := env.Output.Overview
		fmt.Fprintf(w, "%s (%s): %d rules (%d disabled), %d conditions, %d actions\n", o.Path, o.Locale, o.Rules, o.DisabledRules, o.Conditions, o.Actions)
		fmt.Fprintf(w, "declared: %d global variables, %d player variables, %d subroutines; %d errors, %d warnings\n",
			o.GlobalVariables, o.PlayerVariables, o.Subroutines, o.Errors, o.Warnings)
		for _, r := range env.Output.Rules {
			fmt.Fprintf(w, "  %s\n", r.Address)
		}
		for _, n := range env.Next {
			fmt.Fprintf(w, "next: %s\n", n)
		}
	case "symbols":
		for _, sym := range decode[contract.SymbolsResult](raw).Symbols {
			slot := "-"
			if sym.Slot != nil {
				slot = fmt.Sprint(*sym.Slot)
			}
			fmt.Fprintf(w, "%d\t%s\t%s\tslot %s\t%d reference(s)\t%s\n", sym.ID, sym.Kind, sym.Name, slot, sym.References, at(sym.Span))
		}
	case "refs":
		r := decode[contract.ReferencesResult](raw)
		u := r.Usage
		fmt.Fprintf(w, "%s %s: %d declaration(s), %d definition(s), %d read(s), %d write(s), %d call(s)\n",
			u.Kind, u.Name, u.Declarations, u.Definitions, u.Reads, u.Writes, u.Calls)
		for _, ref := range r.References {
			owner := ""
			if ref.OwningRule != nil {
				owner = "\tin rule " + ref.OwningRule.Address
			}
			fmt.Fprintf(w, "%s\t%s%s\n", at(ref.Span), ref.Kind, owner)
		}
	case "cfg":
		g := decode[contract.CFGResult](raw)
		fmt.Fprintf(w, "rule %s: entry %d, exit %d\n", g.Rule.Address, g.Entry, g.Exit)
		for _, b := range g.Blocks {
			fmt.Fprintf(w, "block %d (%s) actions %v -> %v\n", b.ID, b.Kind, b.Actions, b.Successors)
		}
	case "callgraph":
		for _, e := range decode[contract.CallGraphResult](raw).Edges {
			fmt.Fprintf(w, "%s -> %s (%s)\t%s\n", e.CallerAddress, e.Callee, e.Kind, at(e.Span))
		}
	case "cost":
		printCost(w, decode[contract.CostEstimateResult](raw))
	case "rules":
		for _, r := range decode[contract.RulesResult](raw).Rules {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", r.ID, r.Address, r.Event, at(r.Span))
		}
	case "objects":
		for _, o := range decode[contract.PersistentObjectsResult](raw).PersistentObjects {
			why := "never"
			if len(o.Repeats) > 0 {
				var reasons []string
				for _, r := range o.Repeats {
					reasons = append(reasons, r.Reason)
				}
				why = strings.Join(reasons, ",")
			}
			fmt.Fprintf(w, "%s\t%s in %s\tkept %t\t%d destroyer(s)\trepeats: %s\n", at(o.Span), o.Kind, o.RuleAddress, o.Kept != nil,
				len(o.Destroys), why)
		}
	case "project":
		p := decode[contract.ProjectResult](raw)
		fmt.Fprintf(w, "%s (%s, %s): %d rules; findings: %d error(s), %d warning(s), %d info\n", p.Origin.Entry, p.Origin.Kind, p.Locale,
			p.Counts.Rules, p.Findings.Error, p.Findings.Warning, p.Findings.Info)
	}
}

// at renders a range's start as path:line:column.
func at(r contract.Range) string {
	return fmt.Sprintf("%s:%d:%d", r.Path, r.Start.Line, r.Start.Column)
}

func printCost(w io.Writer, c *contract.CostEstimateResult) {
	e := c.ElementCount
	fmt.Fprintf(w, "%d of %d elements (%.1f%%), %d rules\n", e.Total, e.Budget, 100*float64(e.Total)/float64(e.Budget), c.ProgramRules)
	for _, r := range e.Rules {
		fmt.Fprintf(w, "%6d  %s\t%s\n", r.Count, r.Address, at(r.Span))
	}
	if d := c.Rule; d != nil {
		fmt.Fprintf(w, "rule %s: %d elements\n", d.Rule.Address, d.Rule.Count)
		for _, s := range d.Statements {
			fmt.Fprintf(w, "%6d  %s\t%s\n", s.Count, s.Name, at(s.Span))
		}
		var parts []string
		for _, n := range d.ByNode {
			parts = append(parts, fmt.Sprintf("%s %d×%d", n.Name, n.Occurrences, n.Count))
		}
		fmt.Fprintf(w, "by node: %s\n", strings.Join(parts, ", "))
	}
}

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	var sel selectFlags
	var policy policyFlags
	common.register(fs)
	sel.register(fs, true)
	policy.register(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil || !common.check("analyze", stderr) {
		return exitUsage
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "wright-lsp analyze: expected one FILE\nusage: wright-lsp analyze [options] FILE")
		return exitUsage
	}
	s := sessionFor("analyze", files[0], &common, &policy, stderr)
	if s == nil {
		return exitUsage
	}
	f := sel.findings()
	raw, refused := call("analyze", s, contract.AnalyzeRequest{Op: "analyze", Severity: f.Severity, Rule: f.Rule, File: f.File, Max: f.Max, All: f.All}, stderr)
	if refused != nil {
		return refusalExit(refused)
	}
	env := decode[contract.AnalyzeEnvelope](raw)
	if common.format == "json" {
		emitJSON(stdout, raw)
		return env.Exit
	}
	a := env.Output
	o := a.Program
	fmt.Fprintf(stdout, "%s (%s): %d rules, %d actions, %d conditions; %d errors, %d warnings\n",
		o.Path, o.Locale, o.Rules, o.Actions, o.Conditions, o.Errors, o.Warnings)
	fmt.Fprintf(stdout, "cost: %d of %d elements (%.1f%%)\n", a.Cost.Total, a.Cost.Budget, 100*float64(a.Cost.Total)/float64(a.Cost.Budget))
	for _, r := range a.Cost.Rules {
		fmt.Fprintf(stdout, "  hotspot %6d  %s\n", r.Count, r.Address)
	}
	for _, t := range a.Complexity {
		fmt.Fprintf(stdout, "  conditions of %s: %d leaves, depth %d\n", t.RuleAddress, t.Leaves, t.Depth)
	}
	for _, f := range a.Risks {
		fmt.Fprintf(stdout, "  risk %s: %s %s: %s\n", f.Location, f.Severity, f.Code, f.Message)
	}
	for _, v := range a.TopVariables {
		fmt.Fprintf(stdout, "  variable %s %s: %d reads, %d writes\n", v.Kind, v.Name, v.Reads, v.Writes)
	}
	return env.Exit
}
