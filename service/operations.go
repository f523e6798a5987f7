package service

// This file binds each operation of the catalog to the function answering
// it: decode the request, adapt its fields, call one function.

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/sim"
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
			return nil, decodeError(reflect.TypeFor[R](), err)
		}
		return f(s, p, &req)
	}
}

// decodeError describes why a request of type t that the schema admitted
// does not decode: a number no integer can hold (1e400, 2.5e30), or one
// written with a fraction or an exponent, named by its place in the
// request.
func decodeError(t reflect.Type, err error) *Error {
	prefix := t.Name()
	for _, o := range contract.Operations {
		if o.Request == t {
			prefix = o.Name + " request"
		}
	}
	var ute *json.UnmarshalTypeError
	if !errors.As(err, &ute) {
		return errorf("malformed-request", "%s: %v", prefix, err)
	}
	// The path names embedded Go structs (FindingSelection.max); the wire
	// has only the JSON members, which all start in lower case.
	var parts []string
	for _, part := range strings.Split(ute.Field, ".") {
		if part != "" && !('A' <= part[0] && part[0] <= 'Z') {
			parts = append(parts, part)
		}
	}
	where := "/" + strings.Join(parts, "/")
	number, isNumber := strings.CutPrefix(ute.Value, "number ")
	if !isNumber || ute.Type.Kind() != reflect.Int {
		return errorf("malformed-request", "%s: %s: %s is not a valid %s", prefix, where, ute.Value, ute.Type)
	}
	f, _, ferr := big.ParseFloat(number, 10, 256, big.ToNearestEven)
	if ferr == nil && f.IsInt() {
		if n, acc := f.Int64(); acc == big.Exact {
			return errorf("malformed-request", "%s: %s: write the integer %s as %d, without a fraction or an exponent", prefix, where, number, n)
		}
	}
	return errorf("malformed-request", "%s: %s: %s is out of range: expected an integer of at most %d", prefix, where, number, math.MaxInt)
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
		return AnalyzeEnvelope(p, s.LintConfig(), Select{Severity: r.Severity, Code: r.Rule, File: r.File, Max: r.Max, All: r.All})
	}),
	"inspect": typed(func(_ *Session, p *Program, r *contract.InspectRequest) (any, error) {
		return InspectEnvelope(p, r.All), nil
	}),
	"project": typed(func(s *Session, p *Program, _ *contract.ProjectRequest) (any, error) {
		return Project(p, s.LintConfig()), nil
	}),
	"rules": typed(func(_ *Session, p *Program, r *contract.RulesRequest) (any, error) {
		return Rules(p, Select{Rule: r.Rule, Snapshot: r.Snapshot, File: r.File, Max: r.Max, All: r.All, Content: r.Content})
	}),
	"symbols": typed(func(_ *Session, p *Program, r *contract.SymbolsRequest) (any, error) {
		return Symbols(p, Select{Kind: r.Kind, File: r.File, Max: r.Max, All: r.All})
	}),
	"references": typed(func(_ *Session, p *Program, r *contract.ReferencesRequest) (any, error) {
		return References(p, r.Symbol, Select{Snapshot: r.Snapshot, Kind: r.Kind, Rule: r.Rule, File: r.File, Max: r.Max, All: r.All})
	}),
	"usage": typed(func(_ *Session, p *Program, r *contract.UsageRequest) (any, error) {
		return Usage(p, r.Symbol, r.Snapshot)
	}),
	"cfg": typed(func(_ *Session, p *Program, r *contract.CFGRequest) (any, error) {
		return CFG(p, r.Rule, Select{Snapshot: r.Snapshot, Kind: r.Kind, Max: r.Max, All: r.All})
	}),
	"findings": typed(func(s *Session, p *Program, r *contract.FindingsRequest) (any, error) {
		return Findings(p, s.LintConfig(), findingSelect(r.FindingSelection))
	}),
	"persistentObjects": typed(func(_ *Session, p *Program, r *contract.PersistentObjectsRequest) (any, error) {
		return PersistentObjects(p, r.All), nil
	}),
	"callGraph": typed(func(_ *Session, p *Program, r *contract.CallGraphRequest) (any, error) {
		return CallGraph(p, Select{Caller: r.Caller, Snapshot: r.Snapshot, Callee: r.Callee, Max: r.Max, All: r.All})
	}),
	"lint": typed(func(s *Session, p *Program, r *contract.LintRequest) (any, error) {
		return Lint(p, s.LintConfig(), findingSelect(r.FindingSelection))
	}),
	"lintRules": typed(func(s *Session, p *Program, _ *contract.LintRulesRequest) (any, error) {
		return LintRules(p, s.LintConfig()), nil
	}),
	"costEstimate": typed(func(s *Session, p *Program, r *contract.CostEstimateRequest) (any, error) {
		return CostEstimate(p, r.Rule, s.LintConfig(),
			Select{Snapshot: r.Snapshot, Severity: r.Severity, File: r.File, Max: r.Max, All: r.All})
	}),
	"validateEditTransaction": typed(func(s *Session, _ *Program, r *contract.ValidateEditTransactionRequest) (any, error) {
		return s.ValidateEdit(r)
	}),
	"providerValidateEdit": typed(func(s *Session, _ *Program, r *contract.ProviderValidateEditRequest) (any, error) {
		return s.ProviderValidateEdit(r)
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
	"simulate": typed(func(s *Session, _ *Program, r *contract.SimulateRequest) (any, error) {
		return s.Simulate(r)
	}),
	"listEntries": typed(func(_ *Session, _ *Program, r *contract.ListEntriesRequest) (any, error) {
		return ListEntries(r)
	}),
	"agentContext": typed(func(_ *Session, _ *Program, r *contract.AgentContextRequest) (any, error) {
		return AgentContext(r.Task, r.TokenBudget)
	}),
}

func findingSelect(f contract.FindingSelection) Select {
	return Select{Severity: f.Severity, Code: f.Rule, File: f.File, Max: f.Max, All: f.All}
}

// Capabilities answers capabilities from the operation catalog.
func Capabilities(version string) *contract.Capabilities {
	c := &contract.Capabilities{Service: "wright-lsp", Version: version, AgentContract: contract.AgentContract,
		Contract: contract.ResultContract, ResultSchemas: map[string]string{},
		Languages: []string{KindWorkshop, KindOverPy}, PositionUnit: "codepoint", AthenaVersion: sim.Release}
	for _, p := range Profiles {
		c.Profiles = append(c.Profiles, string(p))
	}
	for _, o := range contract.Operations {
		c.Operations = append(c.Operations, o.Name)
		c.ResultSchemas[o.Name] = "#/$defs/" + o.ResultDef()
	}
	if doc, err := AgentCatalog(); err == nil {
		c.CatalogFingerprints = doc.Fingerprints
	} else {
		// The catalog is built from the binary's own tables: a failure is
		// a defect, which TestAgentCatalog reports.
		c.CatalogFingerprints = contract.CatalogFingerprints{Schema: "unavailable", Content: "unavailable"}
	}
	return c
}
