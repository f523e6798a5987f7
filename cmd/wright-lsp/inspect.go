package main

// This file implements "wright-lsp inspect".

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

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
	fs := newFlags("inspect")
	var common commonFlags
	var sel selectFlags
	var kind, rule, caller, callee string
	common.register(fs)
	sel.register(fs, false)
	fs.StringVar(&kind, "only", "", "symbols: only symbols of this `KIND`; refs: only references of this kind; cfg: only blocks of this kind")
	fs.StringVar(&rule, "rule", "", "refs: references in this `RULE`; cost, rules: this rule (NAME or NAME#N)")
	fs.StringVar(&caller, "caller", "", "callgraph: calls made by this `RULE`")
	fs.StringVar(&callee, "callee", "", "callgraph: calls of this `SUBROUTINE`")
	content := fs.Bool("content", false, "rules: each rule's rule-content-v1 document")
	rest, code, done := parseFlags("inspect", fs, args, stdout, stderr, 1, 3)
	if done {
		return code
	}
	if !common.check("inspect", stderr) {
		return exitUsage
	}
	sub := ""
	if len(rest) > 1 {
		sub, rest = rest[0], rest[1:]
	}
	if _, ok := inspectTargets[sub]; !ok {
		fmt.Fprintf(stderr, "wright-lsp inspect: unknown view %q: expected one of %s%s\nrun 'wright-lsp help inspect' for usage\n",
			sub, strings.Join(sortedKeys(inspectTargets)[1:], ", "), suggest(sub, sortedKeys(inspectTargets), ""))
		return exitUsage
	}
	var target string
	if want := inspectTargets[sub]; want != "" {
		if len(rest) != 2 {
			fmt.Fprintf(stderr, "wright-lsp inspect %s: expected %s and INPUT\nusage: wright-lsp inspect %s %s [flags] INPUT\n", sub, want, sub, want)
			return exitUsage
		}
		target, rest = rest[0], rest[1:]
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "wright-lsp inspect: expected one INPUT after the view %q\nrun 'wright-lsp help inspect' for usage\n", sub)
		return exitUsage
	}
	req, err := inspectRequest(sub, target, &sel, kind, rule, caller, callee, *content)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp inspect: %v\n", err)
		return exitUsage
	}
	m := newSessionMaker("inspect", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	in, code, ok := oneInput("inspect", rest[0], stderr)
	if !ok {
		return code
	}
	s := m.session(in)
	p, lerr := s.Load()
	if lerr != nil {
		return reportError("inspect", lerr, stderr)
	}
	exit := exitOK
	if p.HasErrors() {
		exit = exitFailed
	}
	if common.format == "json" {
		raw, refused := call(s, req)
		if refused != nil {
			reportRefusal("inspect", refused, stderr)
			return max(exit, refusalExit(refused))
		}
		emitJSON(stdout, raw)
		return exit
	}
	raw, refused := callOn(s, p, req)
	if refused != nil {
		reportRefusal("inspect", refused, stderr)
		return refusalExit(refused)
	}
	if p.HasErrors() {
		printErrors("inspect", p, in, stderr)
	}
	printInspect(stdout, sub, raw)
	return exit
}

// inspectTargets are the views, each with the TARGET it takes.
var inspectTargets = map[string]string{"": "", "symbols": "", "refs": "SYMBOL", "cfg": "RULE", "callgraph": "",
	"cost": "", "rules": "", "objects": "", "project": ""}

// printErrors prints the errors of a program that a command answers on
// as the parser recovered it, and says so.
func printErrors(name string, p *service.Program, in input, w io.Writer) {
	rep := newReporter(w)
	if in.path == stdinName {
		rep.texts[stdinName] = in.text
	}
	var errs []problem
	for _, d := range p.Diagnostics() {
		if d.Severity == "error" {
			errs = append(errs, fromDiagnostic(d))
		}
	}
	sortProblems(errs)
	rep.printAll(errs, -1)
	fmt.Fprintf(w, "wright-lsp %s: the program has %s; this answer is on the program as read past them\n", name, plural(len(errs), "error"))
}

// oneInput resolves the INPUT of a command that reads one program: a
// file, a directory holding one program, or - .
func oneInput(name, arg string, stderr io.Writer) (input, int, bool) {
	if info, err := os.Stat(arg); arg != "-" && (err != nil || info.IsDir()) {
		if err != nil && !isGlob(arg) {
			fmt.Fprintf(stderr, "wright-lsp %s: %s: no such file or directory%s\n", name, arg, nearestFile(arg))
			return input{}, exitUsage, false
		}
		if err == nil {
			return input{path: arg}, 0, true // the service resolves the directory's entry
		}
	}
	inputs, err := expandInputs([]string{arg}, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
		return input{}, exitUsage, false
	}
	if len(inputs) != 1 {
		fmt.Fprintf(stderr, "wright-lsp %s: %s names %d programs; this command reads one\n", name, arg, len(inputs))
		return input{}, exitUsage, false
	}
	return inputs[0], 0, true
}

// callOn answers req on p, a program Load returned (with errors or not).
func callOn(s *service.Session, p *service.Program, req any) (json.RawMessage, *contract.Error) {
	data, err := service.Marshal(req)
	if err != nil {
		panic(err) // contract request types always encode
	}
	resp := s.HandleOn(context.Background(), p, data)
	if resp.Error != nil {
		return nil, resp.Error
	}
	return resp.Result.(json.RawMessage), nil
}

// printInspect renders an inspect result as text.
func printInspect(w io.Writer, sub string, raw json.RawMessage) {
	switch sub {
	case "":
		env := decode[contract.InspectEnvelope](raw)
		o := env.Output.Overview
		fmt.Fprintf(w, "%s (%s): %s (%d disabled), %s, %s\n", o.Path, o.Locale, plural(o.Rules, "rule"), o.DisabledRules,
			plural(o.Conditions, "condition"), plural(o.Actions, "action"))
		fmt.Fprintf(w, "declared: %s, %s, %s; %s, %s\n", plural(o.GlobalVariables, "global variable"),
			plural(o.PlayerVariables, "player variable"), plural(o.Subroutines, "subroutine"), plural(o.Errors, "error"), plural(o.Warnings, "warning"))
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
	if o := c.Optimization; o != nil && o.Saved > 0 {
		fmt.Fprintf(w, "optimised: %d elements, %d fewer (compile --optimize)\n", o.After, o.Saved)
		for _, r := range o.Rules {
			fmt.Fprintf(w, "%6d  %s\t%s\n", -r.Saved, r.Address, at(r.Span))
		}
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
