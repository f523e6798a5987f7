package contract

import (
	"reflect"
	"slices"
	"strings"
)

// An Operation is one entry of the operation catalog: the single source of
// capabilities.operations, capabilities.result_schemas, MCP tools/list and
// `wright-lsp agent tools`.
type Operation struct {
	Name string
	// Description says what the operation does and what it returns.
	Description string
	Request     reflect.Type
	Result      reflect.Type
	// Program is set when the operation reads the loaded program (and so
	// triggers the deferred load and the freshness check).
	Program bool
	// Writes is set when the operation changes something outside the
	// service: compile writes a file, and with force replaces one. Every
	// other operation only reads (a reload of the input changes the
	// session, not the world). MCP's tool annotations derive from it.
	Writes bool
	// MCPOmits lists request fields the operation's MCP tool leaves out
	// of its input schema: the Workshop edit tools omit sources, which
	// then defaults to the text on disk (the contract's MCP section).
	MCPOmits []string
}

// ToolName returns the operation's tool name: wright_ plus the name in
// snake case (costEstimate → wright_cost_estimate).
func (o Operation) ToolName() string {
	var b strings.Builder
	b.WriteString("wright_")
	for i, r := range o.Name {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ResultDef returns the name of the result's definition in the schema.
func (o Operation) ResultDef() string { return o.Result.Name() }

// RequestDef returns the name of the request's definition in the schema.
func (o Operation) RequestDef() string { return o.Request.Name() }

// Operations lists every operation the service advertises, in a stable
// order. An operation is listed only once it works end to end.
var Operations = []Operation{
	{Name: "capabilities", Request: reflect.TypeFor[CapabilitiesRequest](), Result: reflect.TypeFor[Capabilities](),
		Description: "Report the service's identity, the contracts it speaks (wright-agent/v1, wright-result/v1), the operations it supports with the schema definition of each result, the input languages and profiles, and the column unit of ranges. Call it first."},
	{Name: "check", Request: reflect.TypeFor[CheckRequest](), Result: reflect.TypeFor[CheckResult](), Program: true,
		Description: "Parse and validate the program. Returns a wright-result/v1 envelope: verdict (pass or fail), exit code, every parse and validation diagnostic with its code, severity, message and range, a program summary and next commands."},
	{Name: "compile", Request: reflect.TypeFor[CompileRequest](), Result: reflect.TypeFor[CompileResult](), Program: false, Writes: true,
		Description: "Write the program as Workshop text in the game's export style to a file (output; default <entry stem>.ow in the service's working directory), in any of the 15 client languages (to; default the input's), under the session's profile (off, or compat: legacy forms rewritten to the modern ones). Returns a wright-result/v1 envelope: verdict, exit, diagnostics and output.written_to with output.sha256, never the text. An existing file is replaced only with force: true (output-exists); the input is never replaced (output-is-input); a program with errors, an unknown locale (invalid-locale) or a name the locale cannot spell (missing-mapping) writes nothing; the write is atomic."},
	{Name: "analyze", Request: reflect.TypeFor[AnalyzeRequest](), Result: reflect.TypeFor[AnalyzeEnvelope](), Program: true,
		Description: "Essential analysis of the program in a wright-result/v1 envelope: overview, element count against the 32,768 budget with the five costliest rules, the three most complex condition trees, the five most severe lint findings and the five most used variables."},
	{Name: "inspect", Request: reflect.TypeFor[InspectRequest](), Result: reflect.TypeFor[InspectEnvelope](), Program: true,
		Description: "Overview of the program (rules, conditions, actions, declarations, diagnostics) and the list of its rules, in a wright-result/v1 envelope, with the detail operations to call next."},
	{Name: "project", Request: reflect.TypeFor[ProjectRequest](), Result: reflect.TypeFor[ProjectResult](), Program: true,
		Description: "The loaded program's origin, source files (entry first), declaration counts, finding counts by severity, and the settings block as a read-only tree (null when there is none)."},
	{Name: "rules", Request: reflect.TypeFor[RulesRequest](), Result: reflect.TypeFor[RulesResult](), Program: true,
		Description: "The program's rules, each with its index (id), name, canonical address (NAME, or NAME#N when names repeat), event (catalog id, or subroutine:<name>) and range. Select one with rule (an address, or an index with snapshot)."},
	{Name: "symbols", Request: reflect.TypeFor[SymbolsRequest](), Result: reflect.TypeFor[SymbolsResult](), Program: true,
		Description: "The program's symbols: global variables, player variables, subroutines and rules, each with its id, kind, name, slot, whether it is declared, its range and its reference count. Filter with kind."},
	{Name: "references", Request: reflect.TypeFor[ReferencesRequest](), Result: reflect.TypeFor[ReferencesResult](), Program: true,
		Description: "Every reference to one symbol (symbol: NAME, KIND:NAME, or an id with snapshot), each with its kind (declaration, definition, read, write, call), the identifier's range and the owning rule, after a usage header counting them by kind."},
	{Name: "usage", Request: reflect.TypeFor[UsageRequest](), Result: reflect.TypeFor[Usage](), Program: true,
		Description: "How many times one symbol is declared, defined, read, written and called, with its resolved id and kind."},
	{Name: "cfg", Request: reflect.TypeFor[CFGRequest](), Result: reflect.TypeFor[CFGResult](), Program: true,
		Description: "The control-flow graph of one rule's actions (rule: NAME, NAME#N, or an index with snapshot): entry, exit, basic blocks and if/while/for blocks with the action indices they hold and their successors, honouring Skip, Loop, Abort, Break and Continue."},
	{Name: "findings", Request: reflect.TypeFor[FindingsRequest](), Result: reflect.TypeFor[FindingsResult](), Program: true,
		Description: "Lint findings with full ranges and, where the correction is mechanical, a fix (kind, summary, edits over the source identified by its SHA-256). Filter with severity (a threshold), rule (a lint rule id) and file."},
	{Name: "persistentObjects", Request: reflect.TypeFor[PersistentObjectsRequest](), Result: reflect.TypeFor[PersistentObjectsResult](), Program: true,
		Description: "Objects that persist once created (HUD texts, in-world texts, effects, icons, beams, progress bars, dummy bots, damage and heal over time, …): where each is created, whether its id is kept and in which variable, where it can be destroyed, and whether and why its creation repeats."},
	{Name: "callGraph", Request: reflect.TypeFor[CallGraphRequest](), Result: reflect.TypeFor[CallGraphResult](), Program: true,
		Description: "The subroutine call graph: one edge per Call Subroutine or Start Rule, with the calling rule's index and canonical address, the callee's name, the kind of call and its range. Filter with caller (a rule address) and callee (a subroutine name)."},
	{Name: "lint", Request: reflect.TypeFor[LintRequest](), Result: reflect.TypeFor[LintResult](), Program: true,
		Description: "Run the session's lint policy: ok and exit (1 when a finding reaches the failOn severity, computed before any selection), counts by severity, the findings with code, severity, message, evidence and a compact path:line:column location, each enabled rule with its effective severity, and rules that could not run."},
	{Name: "lintRules", Request: reflect.TypeFor[LintRulesRequest](), Result: reflect.TypeFor[LintRulesResult](), Program: true,
		Description: "Every lint rule with its metadata (summary, rationale, known limits, tags, fixes), default and effective severity, whether it is enabled, and the failOn level of the session's policy."},
	{Name: "costEstimate", Request: reflect.TypeFor[CostEstimateRequest](), Result: reflect.TypeFor[CostEstimateResult](), Program: true,
		Description: "The exact element count of the program against the game's 32,768-element budget (OverPy's counting), rules ranked largest first (the five largest unless all), and the findings of the lint policy. With rule (NAME or NAME#N), the rule's drill-down: each statement's count and each node kind's own cost, summing to the rule's count."},
	{Name: "validateEditTransaction", Request: reflect.TypeFor[ValidateEditTransactionRequest](), Result: reflect.TypeFor[EditValidation](), Program: false, MCPOmits: []string{"sources"},
		Description: "Check an edit transaction without writing anything: each edit names its source, the source's SHA-256 identity, a 1-based half-open range (columns in code points) and new_text. Refused as a whole when a source is unknown or changed, a range is outside the text, or edits overlap. Otherwise the edited program is read and validated: ok with each edited source's text, new identity and unified diff, or ok false with the diagnostics. sources carries unsaved text; without it the files are read from disk."},
	{Name: "providerValidateEdit", Request: reflect.TypeFor[ProviderValidateEditRequest](), Result: reflect.TypeFor[ProviderEditValidation](), Program: false, MCPOmits: []string{"documents", "sources"},
		Description: "Check an edit transaction over a source-language project (language_id: opy, OverPy) through its provider, without writing anything. Each edit names its source (a document's URI or path), the source's SHA-256 identity, a 1-based half-open range (columns in code points) and new_text; Wright checks them and restates the edits in the provider's 0-based UTF-16 positions (provider_edits). The provider applies them and the whole edited document set is checked again: ok with each edited document's text, new identity and unified diff, or ok false with the diagnostics at the sources' positions. Refused as a whole when a source is outside the document set (edit-unknown-source) or changed (edit-stale-source), a range is outside the text, or edits overlap. documents (URI to {uri, languageId, version, text}) and sources (URI to current text) default to the session's loaded project and each document's text."},
	{Name: "editStatements", Request: reflect.TypeFor[EditStatementsRequest](), Result: reflect.TypeFor[EditStatementsResult](), Program: false, MCPOmits: []string{"sources"},
		Description: "Insert, replace or delete statements of rules' conditions or actions, given as rule-content-v1 statement documents ({call, args, enabled, comment}, catalog ids) instead of text, without writing anything. Each edit names a rule (NAME, NAME#N, or an index with snapshot), the list, the kind and an index into the list as it was before the request; inputIdentity must be the entry's current SHA-256. Returns the assembled transaction (edits over the entry, identified by its SHA-256, written in the program's locale and indentation) and its validation: ok with the edited text, its identity and a unified diff, or ok false with the diagnostics. Refused as a whole for a stale identity or id, an unknown or ambiguous rule, an index out of range, conflicting edits, or a statement the catalog does not accept (edit-invalid-statement, naming the node's path)."},
	{Name: "targetMetadata", Request: reflect.TypeFor[TargetMetadataRequest](), Result: reflect.TypeFor[TargetMetadata](), Program: false,
		Description: "The Workshop catalog the service reads and writes against: its source and SHA-256, the 15 client locales, the element budget and the vocabulary counts."},
	{Name: "simulate", Request: reflect.TypeFor[SimulateRequest](), Result: reflect.TypeFor[SimulateResult](), Program: false,
		Description: "Run the program deterministically, tick by tick at 62.5 Hz, for seconds (no players) or against a scenario (owsim-scenario/1: ticks or seconds, seed, verbosity effects or actions, limits, players, and a timeline of joins, leaves, button presses and releases, hero changes, positions, damage, healing and kills); inputIdentity must be the entry's current SHA-256, and sources may carry unsaved text. Returns a wright-result/v1 envelope whose output carries the owsim-trace/1 trace unchanged (one event per line: rule starts and ends, variable writes with their whole new value, messages, waits, loops, calls, warnings, unsimulated actions and values, errors), its event count, whether it halted (server_overload, call_depth, event_limit) and the unsimulated actions and values it met, counted by place. A malformed scenario is refused as scenario-invalid with the JSON pointer of the problem; a run past the wall-clock limit as simulation-timeout."},
	{Name: "lookup", Request: reflect.TypeFor[LookupRequest](), Result: reflect.TypeFor[LookupResult](), Program: false,
		Description: "Resolve a free-text name guess, in any of the 15 client languages or a catalog id, to vocabulary entries: catalog id, kind, spelling in the requested locale, English spelling and, for actions and values, the signature with argument names and types. Filter with kind and within (an enum)."},
	{Name: "listEntries", Request: reflect.TypeFor[ListEntriesRequest](), Result: reflect.TypeFor[ListEntriesResult](), Program: false,
		Description: "One page of one kind of the Workshop vocabulary (action, value, enum-member, event, hero, map, game-mode, keyword, localized-string) in catalog order, spelled in the requested locale, with the total and the cursor of the next page."},
	{Name: "agentContext", Request: reflect.TypeFor[AgentContextRequest](), Result: reflect.TypeFor[AgentContext](), Program: false,
		Description: "The operations and vocabulary entries (actions, values, events, lint rules) that matter for a task, ranked by how the task's words match their names and text, best first, within a token budget (token_budget; tokens estimated as the document's compact JSON length in Unicode scalars / 4, rounded up). Returns a wright-agent-context document: the terms, the budget with the estimator and the estimate (never above the budget), truncated (true exactly when a matching entry was left out or kept only as a compact projection), the fingerprints of the agent catalog and the Workshop catalog it was taken from, and the items. A budget below what the envelope needs is refused token-budget-too-small, naming the least that works."},
}

// Lookup returns the operation named name.
func Lookup(name string) (Operation, bool) {
	for _, o := range Operations {
		if o.Name == name {
			return o, true
		}
	}
	return Operation{}, false
}

// everyRefusal are the refusals any request can meet: a request that is
// not well formed or too large, a cancelled context, a defect.
var everyRefusal = []string{"cancelled", "internal-error", "malformed-request", "request-too-large"}

// loadRefusals are the refusals of an operation that reads the loaded
// program when the input does not load.
var loadRefusals = []string{"input-entry-ambiguous", "input-io", "input-kind-ambiguous", "input-outside-project",
	"parse-error", "project-file-invalid", "source-provider-unavailable"}

// Address refusals: a rule or symbol addressed by name or by an id of
// another snapshot.
var (
	ruleRefusals   = []string{"ambiguous-rule", "stale-id", "unknown-rule"}
	symbolRefusals = []string{"ambiguous-symbol", "stale-id", "unknown-symbol"}
	editRefusals   = []string{"edit-out-of-range", "edit-overlap", "edit-requires-provider", "edit-stale-source", "edit-unknown-source"}
)

// opRefusals are each operation's own refusals, beyond everyRefusal and,
// for an operation that reads the program, loadRefusals.
var opRefusals = map[string][][]string{
	"compile":                 {{"input-outside-project", "invalid-locale", "output-outside-project", "project-file-invalid"}},
	"rules":                   {{"invalid-selection"}, ruleRefusals},
	"symbols":                 {{"invalid-selection"}},
	"references":              {{"invalid-selection"}, ruleRefusals, symbolRefusals},
	"usage":                   {symbolRefusals},
	"cfg":                     {ruleRefusals},
	"findings":                {{"invalid-selection"}},
	"lint":                    {{"invalid-selection"}},
	"persistentObjects":       {{"invalid-selection"}},
	"callGraph":               {{"invalid-selection"}, ruleRefusals},
	"costEstimate":            {{"invalid-selection"}, ruleRefusals},
	"validateEditTransaction": {editRefusals, {"input-io", "source-provider-unavailable"}},
	"editStatements":          {editRefusals, ruleRefusals, loadRefusals, {"edit-invalid-statement"}},
	"providerValidateEdit":    {editRefusals, loadRefusals, {"edit-language-mismatch", "source-provider-unavailable", "unsupported-uri"}},
	"simulate":                {loadRefusals, {"edit-stale-source", "parse-error", "scenario-invalid", "simulation-timeout"}},
	"lookup":                  {{"invalid-locale", "invalid-selection"}},
	"listEntries":             {{"invalid-locale", "invalid-selection"}},
	"agentContext":            {{"invalid-selection", "token-budget-too-small"}},
}

// RefusalCodes returns the codes of the refusals o can give, sorted.
// (check answers a failed load inside its envelope, as compile does.)
func (o Operation) RefusalCodes() []string {
	out := slices.Clone(everyRefusal)
	if o.Program && o.Name != "check" {
		out = append(out, loadRefusals...)
	}
	for _, codes := range opRefusals[o.Name] {
		out = append(out, codes...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Effects says what o reads and writes outside its request (see
// CatalogEffects), each list sorted.
func (o Operation) Effects() CatalogEffects {
	e := CatalogEffects{Reads: []string{}, Writes: []string{}}
	switch {
	case o.Name == "targetMetadata" || o.Name == "lookup" || o.Name == "listEntries" || o.Name == "agentContext":
		e.Reads = append(e.Reads, "vocabulary")
	case o.Name == "validateEditTransaction":
		e.Reads = append(e.Reads, "edited-sources")
	case o.Program || o.Name == "compile" || o.Name == "editStatements":
		e.Reads = append(e.Reads, "project-files")
	}
	switch o.Name {
	case "lint", "lintRules", "costEstimate", "findings", "analyze", "project":
		e.Reads = append(e.Reads, "lint-policy")
	}
	if o.Writes {
		e.Writes = append(e.Writes, "output-file")
	}
	slices.Sort(e.Reads)
	return e
}
