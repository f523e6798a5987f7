package protocol

// Version names this protocol in initialize.
const Version = "wright-provider/1"

// The methods.
const (
	MethodInitialize     = "initialize"
	MethodCheck          = "check"
	MethodCompile        = "compile"
	MethodSourceIdentity = "sourceIdentity"
	MethodValidateEdit   = "validateEdit"
	MethodShutdown       = "shutdown"
	MethodExit           = "exit"
)

// InitializeParams opens a session.
type InitializeParams struct {
	Protocol string `json:"protocol"`
}

// InitializeResult describes the provider.
type InitializeResult struct {
	Protocol string `json:"protocol"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	// Languages are the language ids the provider serves (opy).
	Languages []string `json:"languages"`
	// Operations are the methods it answers beyond initialize, shutdown
	// and exit.
	Operations []string `json:"operations"`
}

// Position is a 0-based line and UTF-16 character.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open range of positions.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// A Diagnostic is a problem in a document.
type Diagnostic struct {
	URI      string    `json:"uri"`
	Range    Range     `json:"range"`
	Severity string    `json:"severity"` // error, warning, info, hint
	Code     string    `json:"code"`
	Message  string    `json:"message"`
	Related  []Related `json:"related,omitempty"`
}

// A Related is a secondary location of a diagnostic.
type Related struct {
	URI     string `json:"uri"`
	Range   Range  `json:"range"`
	Message string `json:"message"`
}

// ProgramParams names a program: its entry document, and the text of the
// documents the caller holds (the others are read from disk).
type ProgramParams struct {
	Entry     string            `json:"entry"`
	Documents map[string]string `json:"documents,omitempty"`
}

// CheckResult is the problems of a program.
type CheckResult struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Inputs are the documents the program was read from (the entry
	// first): a change to any of them changes the program.
	Inputs []string `json:"inputs"`
}

// CompileResult is a program lowered to Workshop text.
type CompileResult struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	Inputs      []string     `json:"inputs"`
	// Workshop is the lowered program, in en-US; empty when the program
	// has errors.
	Workshop string `json:"workshop"`
	// SourceMap ties byte ranges of Workshop to the source text they
	// came from, outer ranges before the ones they contain.
	SourceMap []Mapping `json:"sourceMap"`
}

// A Mapping ties Workshop bytes [Start, End) to a range of a document.
type Mapping struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// SourceIdentityParams names a document.
type SourceIdentityParams struct {
	URI  string  `json:"uri"`
	Text *string `json:"text,omitempty"`
}

// SourceIdentityResult is a document's identity: the SHA-256 (lower-case
// hex) of its text.
type SourceIdentityResult struct {
	Identity string `json:"identity"`
}

// A TextEdit replaces a range of a document.
type TextEdit struct {
	URI     string `json:"uri"`
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// ValidateEditParams asks whether edits keep a program valid.
type ValidateEditParams struct {
	ProgramParams
	Edits []TextEdit `json:"edits"`
}

// ValidateEditResult is the program after the edits: ok when it has no
// errors, its diagnostics, and the edited documents' text.
type ValidateEditResult struct {
	OK          bool              `json:"ok"`
	Diagnostics []Diagnostic      `json:"diagnostics"`
	Documents   map[string]string `json:"documents"`
	// Inputs are the documents the edited program was read from, the
	// entry first, as check reports them.
	Inputs []string `json:"inputs"`
}
