package contract

// EditRange is a range within one source: 1-based lines, columns counting
// Unicode code points, half-open.
type EditRange struct {
	Start Point `json:"start"`
	End   Point `json:"end"`
}

// TransactionEdit replaces range of source with new_text.
type TransactionEdit struct {
	// Source names the file, as the program's spans spell it (or any
	// spelling that resolves to it).
	Source string `json:"source"`
	// SourceIdentity is the SHA-256 (lower-case hex) of the source's text
	// the edit was made against; an edit of other text is refused as
	// edit-stale-source.
	SourceIdentity string    `json:"source_identity"`
	Range          EditRange `json:"range"`
	NewText        string    `json:"new_text"`
}

// EditTransaction is a set of edits applied together or not at all. The
// edits of one source must not overlap; insertions at one point apply in
// the order given.
type EditTransaction struct {
	Edits []TransactionEdit `json:"edits"`
}

// ValidateEditTransactionRequest validates a transaction against the
// current sources without writing anything.
type ValidateEditTransactionRequest struct {
	Op          string          `json:"op"`
	Transaction EditTransaction `json:"transaction"`
	// Sources maps each source the transaction edits to its current text
	// (an editor's unsaved buffer); when absent or null, the text is
	// read from disk. It is the precondition the identities are checked against.
	Sources map[string]string `json:"sources,omitempty" nullable:"true"`
}

// EditPreview is one edited source of a valid transaction.
type EditPreview struct {
	Source string `json:"source"`
	// Text is the source after the edits; SourceIdentity is its SHA-256.
	Text           string `json:"text"`
	SourceIdentity string `json:"source_identity"`
	// Diff is a unified diff from the current text to Text.
	Diff string `json:"diff"`
}

// EditValidation is the result of validateEditTransaction: ok when the
// edited program reads and validates without errors, with a preview of
// each edited source; otherwise the edited program's diagnostics and no
// preview.
type EditValidation struct {
	OK          bool          `json:"ok"`
	Diagnostics []Diagnostic  `json:"diagnostics"`
	Previews    []EditPreview `json:"previews"`
}

// ProviderDocument is one document of a project as a source-language
// provider sees it.
type ProviderDocument struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// ProviderValidateEditRequest validates a transaction over a
// source-language project (OverPy) through its provider, without writing
// anything.
type ProviderValidateEditRequest struct {
	Op string `json:"op"`
	// LanguageID names the provider: opy.
	LanguageID  string          `json:"language_id"`
	Transaction EditTransaction `json:"transaction"`
	// Documents maps each URI to the document as the provider sees it;
	// when absent or null, the session's loaded project supplies them
	// (every member file, read from disk at version 0, keyed by its
	// file:// URI).
	Documents map[string]ProviderDocument `json:"documents,omitempty" nullable:"true"`
	// Sources maps URIs to the current text each edited source's
	// identity is checked against and the edits apply to; it defaults
	// to each document's text.
	Sources map[string]string `json:"sources,omitempty" nullable:"true"`
	// ProjectRoot, when set, is a directory every document and edited
	// source must lie in.
	ProjectRoot string `json:"project_root,omitempty"`
}

// ProviderPosition is a provider position: a 0-based line and a
// character counted in UTF-16 code units.
type ProviderPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// ProviderRange is a half-open range of provider positions.
type ProviderRange struct {
	Start ProviderPosition `json:"start"`
	End   ProviderPosition `json:"end"`
}

// ProviderTextEdit is one edit as the provider received it.
type ProviderTextEdit struct {
	URI     string        `json:"uri"`
	Range   ProviderRange `json:"range"`
	NewText string        `json:"new_text"`
}

// ProviderEditValidation is the result of providerValidateEdit: the
// transaction restated over document URIs (each identity that of the
// document's current text), the same edits in the provider's positions,
// and the edited document set's check: ok with a preview of each edited
// document, or ok false with the diagnostics and no preview.
type ProviderEditValidation struct {
	OK          bool               `json:"ok"`
	LanguageID  string             `json:"language_id"`
	Transaction EditTransaction    `json:"transaction"`
	Edits       []ProviderTextEdit `json:"provider_edits"`
	Diagnostics []Diagnostic       `json:"diagnostics"`
	Previews    []EditPreview      `json:"previews"`
}
