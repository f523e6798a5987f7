package service

// This file binds each operation of the catalog to the function answering
// it: decode the request, adapt its fields, call one function.

import (
	"encoding/json"

	"github.com/wright-lsp/wright-lsp/contract"
)

// A handler answers one operation. p is the current program for the
// operations that read one, nil for the others.
type handler func(s *Session, p *Program, raw []byte) (any, error)

// typed adapts a function over a decoded request to a handler.
func typed[R any](f func(s *Session, p *Program, req *R) (any, error)) handler {
	return func(s *Session, p *Program, raw []byte) (any, error) {
		var req R
		if err := json.Unmarshal(raw, &req); err != nil {
			// The schema admitted the request, so this is a value the
			// types reject (a negative id, say): the caller's mistake.
			return nil, errorf("malformed-request", "%v", err)
		}
		return f(s, p, &req)
	}
}

// address converts an optional address.
func address(a *contract.Address) contract.Address {
	if a == nil {
		return contract.Address{}
	}
	return *a
}

// handlers holds one handler per operation of contract.Operations; a
// test checks that the two agree.
var handlers = map[string]handler{
	"capabilities": typed(func(s *Session, _ *Program, _ *contract.CapabilitiesRequest) (any, error) {
		return Capabilities(s.opts.Version), nil
	}),
	"check": typed(func(_ *Session, p *Program, r *contract.CheckRequest) (any, error) {
		return Check(p, r.All), nil
	}),
	"compile": typed(func(s *Session, _ *Program, r *contract.CompileRequest) (any, error) {
		return s.Compile(CompileOptions{Output: r.Output, Force: r.Force, To: r.To, Profile: s.opts.Profile, Optimize: r.Optimize})
	}),
	"analyze": typed(func(s *Session, p *Program, r *contract.AnalyzeRequest) (any, error) {
		return AnalyzeEnvelope(p, s.opts.Lint, Select{Severity: r.Severity, Code: r.Rule, File: r.File, Max: r.Max, All: r.All})
	}),
	"inspect": typed(func(_ *Session, p *Program, r *contract.InspectRequest) (any, error) {
		return InspectEnvelope(p, r.All), nil
	}),
	"project": typed(func(s *Session, p *Program, _ *contract.ProjectRequest) (any, error) {
		return Project(p, s.opts.Lint), nil
	}),
	"rules": typed(func(_ *Session, p *Program, r *contract.RulesRequest) (any, error) {
		return Rules(p, Select{Rule: address(r.Rule), Snapshot: r.Snapshot, File: r.File, Max: r.Max, All: r.All, Content: r.Content})
	}),
	"symbols": typed(func(_ *Session, p *Program, r *contract.SymbolsRequest) (any, error) {
		return Symbols(p, Select{Kind: r.Kind, File: r.File, Max: r.Max, All: r.All})
	}),
	"references": typed(func(_ *Session, p *Program, r *contract.ReferencesRequest) (any, error) {
		return References(p, r.Symbol, Select{Snapshot: r.Snapshot, Kind: r.Kind, Rule: address(r.Rule), File: r.File, Max: r.Max, All: r.All})
	}),
	"usage": typed(func(_ *Session, p *Program, r *contract.UsageRequest) (any, error) {
		return Usage(p, r.Symbol, r.Snapshot)
	}),
	"cfg": typed(func(_ *Session, p *Program, r *contract.CFGRequest) (any, error) {
		return CFG(p, r.Rule, Select{Snapshot: r.Snapshot, Kind: r.Kind, Max: r.Max, All: r.All})
	}),
	"findings": typed(func(s *Session, p *Program, r *contract.FindingsRequest) (any, error) {
		return Findings(p, s.opts.Lint, findingSelect(r.FindingSelection))
	}),
	"persistentObjects": typed(func(_ *Session, p *Program, r *contract.PersistentObjectsRequest) (any, error) {
		return PersistentObjects(p, r.All), nil
	}),
	"callGraph": typed(func(_ *Session, p *Program, r *contract.CallGraphRequest) (any, error) {
		return CallGraph(p, Select{Caller: address(r.Caller), Callee: r.Callee, Max: r.Max, All: r.All})
	}),
	"lint": typed(func(s *Session, p *Program, r *contract.LintRequest) (any, error) {
		return Lint(p, s.opts.Lint, findingSelect(r.FindingSelection))
	}),
	"lintRules": typed(func(s *Session, p *Program, _ *contract.LintRulesRequest) (any, error) {
		return LintRules(p, s.opts.Lint), nil
	}),
	"costEstimate": typed(func(s *Session, p *Program, r *contract.CostEstimateRequest) (any, error) {
		return CostEstimate(p, address(r.Rule), s.opts.Lint,
			Select{Snapshot: r.Snapshot, Severity: r.Severity, File: r.File, Max: r.Max, All: r.All})
	}),
	"validateEditTransaction": typed(func(s *Session, _ *Program, r *contract.ValidateEditTransactionRequest) (any, error) {
		return s.ValidateEdit(r)
	}),
	"editStatements": typed(func(s *Session, _ *Program, r *contract.EditStatementsRequest) (any, error) {
		return s.EditStatements(r)
	}),
	"targetMetadata": typed(func(_ *Session, _ *Program, _ *contract.TargetMetadataRequest) (any, error) {
		return TargetMetadata(), nil
	}),
	"lookup": typed(func(_ *Session, _ *Program, r *contract.LookupRequest) (any, error) {
		return Lookup(r)
	}),
	"listEntries": typed(func(_ *Session, _ *Program, r *contract.ListEntriesRequest) (any, error) {
		return ListEntries(r)
	}),
}

func findingSelect(f contract.FindingSelection) Select {
	return Select{Severity: f.Severity, Code: f.Rule, File: f.File, Max: f.Max, All: f.All}
}

// Capabilities answers capabilities from the operation catalog.
func Capabilities(version string) *contract.Capabilities {
	c := &contract.Capabilities{Service: "wright-lsp", Version: version, AgentContract: contract.AgentContract,
		Contract: contract.ResultContract, ResultSchemas: map[string]string{},
		Languages: []string{KindWorkshop}, PositionUnit: "codepoint"}
	for _, p := range Profiles {
		c.Profiles = append(c.Profiles, string(p))
	}
	for _, o := range contract.Operations {
		c.Operations = append(c.Operations, o.Name)
		c.ResultSchemas[o.Name] = "#/$defs/" + o.ResultDef()
	}
	return c
}
