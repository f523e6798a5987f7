package contract

// Contract identities.
const (
	AgentContract  = "wright-agent/v1"
	ResultContract = "wright-result/v1"
)

// Response is every answer: exactly one of Result and Error is set.
type Response struct {
	Result any    `json:"result,omitempty"`
	Error  *Error `json:"error,omitempty"`
}

// Error is a refusal: a stable kebab-case code and a message for people.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Candidates are the canonical addresses of an ambiguous address, or
	// the nearest names of an unknown one.
	Candidates []string `json:"candidates,omitempty"`
}

// Capabilities is the result of capabilities.
type Capabilities struct {
	Service       string   `json:"service"`
	Version       string   `json:"version"`
	AgentContract string   `json:"agent_contract"`
	Contract      string   `json:"contract"`
	Operations    []string `json:"operations"`
	// ResultSchemas maps each operation to its result's definition in
	// the committed schema.
	ResultSchemas map[string]string `json:"result_schemas"`
	Languages     []string          `json:"languages"`
	Profiles      []string          `json:"profiles"`
	// PositionUnit says what columns count: codepoint.
	PositionUnit string `json:"positionUnit"`
	// AthenaVersion names the simulator release simulate runs
	// (docs/simulate.md): wright-sim/MAJOR.MINOR.PATCH, which writes
	// owsim-trace/1 traces.
	AthenaVersion string `json:"athena_version"`
	// CatalogFingerprints are the fingerprints of the agent catalog of
	// this binary (wright-lsp agent catalog): a client holding a catalog
	// compares them to detect drift.
	CatalogFingerprints CatalogFingerprints `json:"catalog_fingerprints"`
}

// Diagnostic is a problem of the program as parsing and validation see it.
type Diagnostic struct {
	Code        string    `json:"code"`
	Severity    string    `json:"severity"`
	Message     string    `json:"message"`
	Range       Range     `json:"range"`
	Suggestions []string  `json:"suggestions,omitempty"`
	Related     []Related `json:"related,omitempty"`
}

// Related is a secondary location of a diagnostic.
type Related struct {
	Range   Range  `json:"range"`
	Message string `json:"message"`
}

// Origin says where the program came from.
type Origin struct {
	// Input is the session's input as configured (a file or directory).
	Input string `json:"input"`
	// Entry is the program's entry file.
	Entry string `json:"entry"`
	// Kind is the input frontend: workshop.
	Kind string `json:"kind"`
}

// Counts counts what a program declares.
type Counts struct {
	Rules           int `json:"rules"`
	DisabledRules   int `json:"disabledRules"`
	Conditions      int `json:"conditions"`
	Actions         int `json:"actions"`
	GlobalVariables int `json:"globalVariables"`
	PlayerVariables int `json:"playerVariables"`
	Subroutines     int `json:"subroutines"`
}

// ProgramSummary is the program member of check and analyze.
type ProgramSummary struct {
	Origin Origin   `json:"origin"`
	Files  []string `json:"files"`
	Counts Counts   `json:"counts"`
	Locale string   `json:"locale"`
	// InputIdentity is the SHA-256 of the entry file's bytes.
	InputIdentity string `json:"inputIdentity"`
}

// Envelope is the wright-result/v1 part every workflow result shares.
type Envelope struct {
	Contract string `json:"contract"`
	Command  string `json:"command"`
	// Verdict is pass or fail; Exit is the matching CLI exit code.
	Verdict     string          `json:"verdict"`
	Exit        int             `json:"exit"`
	Diagnostics []Diagnostic    `json:"diagnostics"`
	Program     *ProgramSummary `json:"program,omitempty"`
	// Next lists complete command lines a renderer prints as next steps.
	Next       []string    `json:"next"`
	Snapshot   int         `json:"snapshot,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}

// CheckResult is the result of check.
type CheckResult struct {
	Envelope
}

// AnalyzeEnvelope is the result of analyze.
type AnalyzeEnvelope struct {
	Envelope
	Output *AnalyzeResult `json:"output,omitempty"`
}

// InspectOutput is the overview inspect reports.
type InspectOutput struct {
	Overview Overview    `json:"overview"`
	Rules    []RuleEntry `json:"rules"`
	// Truncation reports rules withheld by the default cap of 20 (all:
	// true lists every one; rules pages through them).
	Truncation *Truncation `json:"truncation,omitempty"`
}

// InspectEnvelope is the result of inspect.
type InspectEnvelope struct {
	Envelope
	Output *InspectOutput `json:"output,omitempty"`
}

// SettingsNode is a node of the settings tree: a group with children, a
// Key: Value setting, or a bare word.
type SettingsNode struct {
	Kind     string          `json:"kind"` // group, setting, word
	Key      string          `json:"key"`
	KeyID    string          `json:"keyId,omitempty"`
	Value    string          `json:"value,omitempty"`
	ValueID  string          `json:"valueId,omitempty"`
	Children []*SettingsNode `json:"children,omitempty"`
}

// FindingsSummary counts findings by severity.
type FindingsSummary = SeverityCounts

// ProjectResult is the result of project.
type ProjectResult struct {
	Origin        Origin          `json:"origin"`
	SourceFiles   []string        `json:"sourceFiles"`
	Counts        Counts          `json:"counts"`
	Locale        string          `json:"locale"`
	InputIdentity string          `json:"inputIdentity"`
	Findings      FindingsSummary `json:"findings"`
	// Settings is the settings block as a read-only tree, or null.
	Settings *[]*SettingsNode `json:"settings"`
	Snapshot int              `json:"snapshot"`
}

// FindingsResult is the result of findings.
type FindingsResult struct {
	Findings   []Finding   `json:"findings"`
	Snapshot   int         `json:"snapshot"`
	Selection  *Selection  `json:"selection,omitempty"`
	Truncation *Truncation `json:"truncation,omitempty"`
}

// PersistentObject is what the program knows of one action creating a
// persistent object (HUD text, effect, dummy bot, ...). Every fact is
// static, read from the text.
type PersistentObject struct {
	// Kind is the object kind, kebab-case: hud-text, effect, dummy-bot...
	Kind string `json:"kind"`
	// Element is the creating action's catalog id.
	Element string `json:"element"`
	// Rule and Action locate the creating action (Rule -1 for a payload).
	Rule        int    `json:"rule"`
	RuleAddress string `json:"ruleAddress,omitempty"`
	Action      int    `json:"action"`
	Span        Range  `json:"span"`
	// Kept says where the object's id is read, or null when it never is.
	Kept *ObjectKeep `json:"kept"`
	// Destroys lists the actions that may destroy the object.
	Destroys []ObjectDestroy `json:"destroys"`
	// Repeats gives the reasons the creation may run more than once.
	Repeats []ObjectRepeat `json:"repeats"`
	// Unbounded is set when some reason to repeat has no bound.
	Unbounded bool `json:"unbounded"`
	// Guard names a once-guard variable (Global.NAME or Player.NAME).
	Guard string `json:"guard,omitempty"`
	// DurationSeconds is the literal duration of kinds that expire.
	DurationSeconds *float64 `json:"durationSeconds,omitempty"`
}

// ObjectKeep is where a created object's id is read.
type ObjectKeep struct {
	Rule   int   `json:"rule"`
	Action int   `json:"action"`
	Span   Range `json:"span"`
	// Variable is where the id is stored (Global.NAME or Player.NAME).
	Variable   string `json:"variable,omitempty"`
	Subroutine string `json:"subroutine,omitempty"`
}

// ObjectDestroy is an action that may destroy an object.
type ObjectDestroy struct {
	// How is by-id, all or by-slot.
	How      string `json:"how"`
	Element  string `json:"element"`
	Rule     int    `json:"rule"`
	Action   int    `json:"action"`
	Span     Range  `json:"span"`
	Variable string `json:"variable,omitempty"`
}

// ObjectRepeat is one reason a creation may repeat.
type ObjectRepeat struct {
	// Reason is loop, rule-loops, each-player, conditions, event, calls
	// or guarded.
	Reason  string `json:"reason"`
	Text    string `json:"text"`
	Rule    int    `json:"rule"`
	Action  int    `json:"action"`
	Span    Range  `json:"span"`
	Bounded bool   `json:"bounded"`
	PerJoin bool   `json:"perJoin"`
}

// PersistentObjectsResult is the result of persistentObjects.
type PersistentObjectsResult struct {
	PersistentObjects []PersistentObject `json:"persistentObjects"`
	Snapshot          int                `json:"snapshot"`
	Truncation        *Truncation        `json:"truncation,omitempty"`
}
