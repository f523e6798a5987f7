package contract

// A Point is a 1-based line and column; columns count Unicode code points.
type Point struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// A Range is a half-open span of a source file.
type Range struct {
	Path  string `json:"path"`
	Start Point  `json:"start"`
	End   Point  `json:"end"`
	// Unmapped is set on a position in text a source-language provider
	// generated with no source of its own: Path is then the entry and
	// Start and End are its first position, a placeholder, not a place.
	Unmapped bool `json:"unmapped,omitempty"`
}

// Selection reports what a request's selection fields did: the size of
// the set before selection, how many items max withheld, and the filtered
// count per code (findings only).
type Selection struct {
	Total    int `json:"total"`
	Withheld int `json:"withheld"`
	// ByCode is present on finding selections only, {} when the filtered
	// set is empty.
	ByCode map[string]int `json:"byCode,omitzero"`
}

// Truncation reports a list capped by the default limit.
type Truncation struct {
	Total    int    `json:"total"`
	Shown    int    `json:"shown"`
	Withheld int    `json:"withheld"`
	Expand   string `json:"expand"`
}

// RuleRef locates a rule: its index (the canonical position), name,
// canonical address and span.
type RuleRef struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Span    Range  `json:"span"`
}
