package main

// This file implements "wright-lsp inspect" and "wright-lsp analyze".

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

const inspectUsage = `usage: wright-lsp inspect [symbols|refs SYMBOL|cfg RULE|callgraph|cost|rules] [options] FILE`

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
	prog := common.load("inspect", rest[0], stderr)
	if prog == nil {
		return exitUsage
	}
	s := sel.selection()
	s.Kind, s.Caller, s.Callee = kind, contract.Address{Name: caller}, callee
	var result any
	var text func(io.Writer)
	switch sub {
	case "":
		o := service.Overview(prog)
		rules, _ := service.Rules(prog, service.Select{All: true})
		result = struct {
			Overview contract.Overview    `json:"overview"`
			Rules    []contract.RuleEntry `json:"rules"`
			Next     []string             `json:"next"`
		}{o, rules.Rules, inspectNext(rest[0])}
		text = func(w io.Writer) { printOverview(w, o, rules.Rules, rest[0]) }
	case "symbols":
		result, err = service.Symbols(prog, s)
		text = func(w io.Writer) {
			for _, sym := range result.(*contract.SymbolsResult).Symbols {
				slot := "-"
				if sym.Slot != nil {
					slot = fmt.Sprint(*sym.Slot)
				}
				fmt.Fprintf(w, "%d\t%s\t%s\tslot %s\t%d reference(s)\t%s:%d:%d\n", sym.ID, sym.Kind, sym.Name, slot, sym.References,
					sym.Span.Path, sym.Span.Start.Line, sym.Span.Start.Column)
			}
		}
	case "refs":
		s.Rule = contract.Address{Name: rule}
		result, err = service.References(prog, contract.Address{Name: target}, s)
		text = func(w io.Writer) {
			r := result.(*contract.ReferencesResult)
			u := r.Usage
			fmt.Fprintf(w, "%s %s: %d declaration(s), %d definition(s), %d read(s), %d write(s), %d call(s)\n",
				u.Kind, u.Name, u.Declarations, u.Definitions, u.Reads, u.Writes, u.Calls)
			for _, ref := range r.References {
				owner := ""
				if ref.OwningRule != nil {
					owner = "\tin rule " + ref.OwningRule.Address
				}
				fmt.Fprintf(w, "%s:%d:%d\t%s%s\n", ref.Span.Path, ref.Span.Start.Line, ref.Span.Start.Column, ref.Kind, owner)
			}
		}
	case "cfg":
		result, err = service.CFG(prog, contract.Address{Name: target}, s)
		text = func(w io.Writer) {
			g := result.(*contract.CFGResult)
			fmt.Fprintf(w, "rule %s: entry %d, exit %d\n", g.Rule.Address, g.Entry, g.Exit)
			for _, b := range g.Blocks {
				fmt.Fprintf(w, "block %d (%s) actions %v -> %v\n", b.ID, b.Kind, b.Actions, b.Successors)
			}
		}
	case "callgraph":
		result, err = service.CallGraph(prog, s)
		text = func(w io.Writer) {
			for _, e := range result.(*contract.CallGraphResult).Edges {
				fmt.Fprintf(w, "%s -> %s (%s)\t%s:%d:%d\n", e.CallerAddress, e.Callee, e.Kind, e.Span.Path, e.Span.Start.Line, e.Span.Start.Column)
			}
		}
	case "cost":
		result, err = service.CostEstimate(prog, contract.Address{Name: rule}, nil, s)
		text = func(w io.Writer) { printCost(w, result.(*contract.CostEstimateResult)) }
	case "rules":
		s.Rule = contract.Address{Name: rule}
		result, err = service.Rules(prog, s)
		text = func(w io.Writer) {
			for _, r := range result.(*contract.RulesResult).Rules {
				fmt.Fprintf(w, "%d\t%s\t%s\t%s:%d:%d\n", r.ID, r.Address, r.Event, r.Span.Path, r.Span.Start.Line, r.Span.Start.Column)
			}
		}
	default:
		fmt.Fprintf(stderr, "wright-lsp inspect: unknown subcommand %q\n%s\n", sub, inspectUsage)
		return exitUsage
	}
	if err != nil {
		return serviceError("inspect", err, stderr)
	}
	if common.format == "json" {
		if err := writeJSON(stdout, result); err != nil {
			return exitInternal
		}
		return exitOK
	}
	text(stdout)
	return exitOK
}

func inspectNext(file string) []string {
	var next []string
	for _, sub := range []string{"symbols", "rules", "callgraph", "cost"} {
		next = append(next, "wright-lsp inspect "+sub+" "+file)
	}
	return next
}

func printOverview(w io.Writer, o contract.Overview, rules []contract.RuleEntry, file string) {
	fmt.Fprintf(w, "%s (%s): %d rules (%d disabled), %d conditions, %d actions\n", o.Path, o.Locale, o.Rules, o.DisabledRules, o.Conditions, o.Actions)
	fmt.Fprintf(w, "declared: %d global variables, %d player variables, %d subroutines; %d errors, %d warnings\n",
		o.GlobalVariables, o.PlayerVariables, o.Subroutines, o.Errors, o.Warnings)
	for _, r := range rules {
		fmt.Fprintf(w, "  %s\n", r.Address)
	}
	for _, n := range inspectNext(file) {
		fmt.Fprintf(w, "next: %s\n", n)
	}
}

func printCost(w io.Writer, c *contract.CostEstimateResult) {
	e := c.ElementCount
	fmt.Fprintf(w, "%d of %d elements (%.1f%%), %d rules\n", e.Total, e.Budget, 100*float64(e.Total)/float64(e.Budget), c.ProgramRules)
	for _, r := range e.Rules {
		fmt.Fprintf(w, "%6d  %s\t%s:%d:%d\n", r.Count, r.Address, r.Span.Path, r.Span.Start.Line, r.Span.Start.Column)
	}
	if d := c.Rule; d != nil {
		fmt.Fprintf(w, "rule %s: %d elements\n", d.Rule.Address, d.Rule.Count)
		for _, s := range d.Statements {
			fmt.Fprintf(w, "%6d  %s\t%s:%d:%d\n", s.Count, s.Name, s.Span.Path, s.Span.Start.Line, s.Span.Start.Column)
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
	var policy policyFlags
	common.register(fs)
	policy.register(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil || !common.check("analyze", stderr) {
		return exitUsage
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "wright-lsp analyze: expected one FILE\nusage: wright-lsp analyze [options] FILE")
		return exitUsage
	}
	cfg, err := policy.config()
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp analyze: %v\n", err)
		return exitUsage
	}
	prog := common.load("analyze", files[0], stderr)
	if prog == nil {
		return exitUsage
	}
	a := service.Analyze(prog, cfg)
	if common.format == "json" {
		if err := writeJSON(stdout, a); err != nil {
			return exitInternal
		}
		return exitOK
	}
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
	return exitOK
}
