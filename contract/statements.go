package contract

// This file defines editStatements: statement-level insert, replace and
// delete on rules' conditions and actions, carried as rule-content-v1
// statement documents instead of composed text (docs/agent-contract-edits.md).

// The lists a statement edit addresses, and its kinds.
const (
	StatementListConditions = "conditions"
	StatementListActions    = "actions"

	StatementInsert  = "insert"
	StatementReplace = "replace"
	StatementDelete  = "delete"
)

// EditStatementsRequest asks for the edit transaction that inserts,
// replaces and deletes statements of the entry's rules, and for its
// validation. Nothing is written.
type EditStatementsRequest struct {
	Op string `json:"op"`
	// InputIdentity is the SHA-256 (lower-case hex) of the entry text the
	// edits were made against: project's inputIdentity, or the identity of
	// the entry's text in sources. Any other value is refused as
	// edit-stale-source.
	InputIdentity string `json:"inputIdentity"`
	// Edits are applied together or not at all. Every index refers to the
	// list as it is before any edit of the request; inserts at one index
	// land in request order, before the statement at that index.
	Edits []StatementEdit `json:"edits"`
	// Sources maps the entry to its current text (an editor's unsaved
	// buffer); when absent or null, the entry is read from disk. Its text is what
	// inputIdentity is checked against and what the edits apply to.
	Sources map[string]string `json:"sources,omitempty" nullable:"true"`
	// Snapshot is required when any rule is addressed by index: the
	// snapshot that issued the index (stale-id otherwise). It is ignored
	// when every rule is addressed by name.
	Snapshot *int `json:"snapshot,omitempty"`
}

// StatementEdit is one insert, replace or delete in one rule's conditions
// or actions.
type StatementEdit struct {
	// Rule is NAME, NAME#N, or a rule index with the request's snapshot.
	Rule Address `json:"rule"`
	// List is conditions or actions.
	List string `json:"list"`
	// Kind is insert, replace or delete.
	Kind string `json:"kind"`
	// Index is the position in the list before any edit of the request:
	// 0 to n-1 for replace and delete, 0 to n for insert (n appends).
	Index int `json:"index"`
	// Statement is the statement to write, for insert and replace; delete
	// takes none.
	Statement *StatementDocument `json:"statement,omitempty"`
}

// StatementDocument is a statement as rule-content-v1 writes one (the
// ContentStatement definition) without its span: the body as a call by
// catalog id with its arguments in catalog parameter order, and the
// statement's own members. A statement copied from rules with content:
// true is accepted as it is; its span and other members not listed here
// are ignored.
type StatementDocument struct {
	// Call is the catalog id of an action (in actions) or a value (in
	// conditions).
	Call string `json:"call"`
	// Args are the arguments in catalog parameter order, each a
	// rule-content-v1 value node as the ContentNode definition describes
	// it: a number, or an object with call and args, enum and member,
	// variable, subroutine, string or localizedString. The schema leaves
	// each node open because nodes nest; the service checks every one and
	// refuses a bad node as edit-invalid-statement, naming its path.
	Args []any `json:"args"`
	// Enabled is false for a statement written with the disabled prefix;
	// absent means true.
	Enabled *bool `json:"enabled,omitempty"`
	// Comment is the statement's comment, written as the quoted string
	// the game puts on the line before the statement; absent means none.
	Comment *string `json:"comment,omitempty"`
}

// EditStatementsResult is the assembled transaction, stated against the
// entry's text, and its validation: exactly the payload
// validateEditTransaction returns for it.
type EditStatementsResult struct {
	Transaction EditTransaction `json:"transaction"`
	Validation  EditValidation  `json:"validation"`
}
