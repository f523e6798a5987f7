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
