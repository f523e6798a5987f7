package contract

// This file holds the wire types of the vocabulary operations:
// targetMetadata, lookup and listEntries. They describe the language's
// vocabulary only, never a loaded program, so a session answers them even
// when its project cannot load.

// TargetMetadataRequest asks for the catalog metadata.
type TargetMetadataRequest struct {
	Op string `json:"op"`
}

// LookupRequest resolves a free-text name guess.
type LookupRequest struct {
	Op string `json:"op"`
	// Language is workshop. opy and ostw are answered with an unavailable
	// payload (their vocabularies are not served yet); any other language
	// is invalid-selection.
	Language string `json:"language"`
	// Query is a spelling in any of the 15 client locales (compared
	// without regard to case and with white space runs folded), a catalog
	// id, or a near miss of either. When empty, kind or within is
	// required and the result lists that kind's first entries in catalog
	// order.
	Query string `json:"query,omitempty"`
	// Kind is action, value, enum-member, event, hero, map, game-mode,
	// keyword or localized-string.
	Kind string `json:"kind,omitempty"`
	// Within narrows enum members to one enum (an id of
	// TargetMetadata.enums); it implies kind enum-member.
	Within string `json:"within,omitempty"`
	// Locale is the spelling to answer in (default en-US). It does not
	// narrow the search: a spelling of any locale matches.
	Locale string `json:"locale,omitempty"`
	// Limit bounds the entries returned: default 20, at most 100 (a
	// larger limit is lowered to 100 and echoed as such). 0 returns only
	// the total.
	Limit *int `json:"limit,omitempty" minimum:"0"`
}

// ListEntriesRequest lists one page of a vocabulary kind.
type ListEntriesRequest struct {
	Op string `json:"op"`
	// Language is workshop; opy and ostw are answered with an unavailable
	// payload.
	Language string `json:"language"`
	// Kind is action, value, enum-member, event, hero, map, game-mode,
	// keyword or localized-string.
	Kind string `json:"kind"`
	// Within narrows enum members to one enum (kind enum-member only).
	// Without it, enum-member lists the members of every enum, enum by
	// enum in catalog order.
	Within string `json:"within,omitempty"`
	// Locale is the spelling to answer in (default en-US).
	Locale string `json:"locale,omitempty"`
	// PageSize bounds the entries of the page: default 50, at most 200 (a
	// larger size is lowered to 200 and echoed as such).
	PageSize *int `json:"pageSize,omitempty" minimum:"1"`
	// Cursor is a previous page's nextCursor, passed back unchanged with
	// the same kind and within; absent for the first page.
	Cursor string `json:"cursor,omitempty"`
}

// TargetMetadata is the result of targetMetadata: the catalog the service
// reads and writes against.
type TargetMetadata struct {
	Language string `json:"language"`
	// CatalogSource is the shared catalog the embedded vocabulary is
	// generated from, relative to the directory holding the project.
	CatalogSource string `json:"catalogSource"`
	// SourceCommit is the OverPy commit the catalog's facts were
	// extracted from.
	SourceCommit string `json:"sourceCommit"`
	// CatalogSHA256 is the SHA-256 (lower-case hex) of the catalog's
	// bytes.
	CatalogSHA256 string `json:"catalogSha256"`
	// Locales are the 15 client locales, in catalog order.
	Locales       []string `json:"locales"`
	DefaultLocale string   `json:"defaultLocale"`
	// ElementBudget is the game's element limit per program.
	ElementBudget int `json:"elementBudget"`
	// Kinds are the kinds lookup and listEntries take, in owner order.
	Kinds []string `json:"kinds"`
	// Counts gives each kind's number of entries: listEntries' total
	// without within.
	Counts map[string]int `json:"counts"`
	// Enums lists the enums, in catalog order: the values of within.
	Enums []VocabularyEnum `json:"enums"`
	// Simulator is the simulate operation's coverage of the catalog.
	Simulator SimulatorCoverage `json:"simulator"`
}

// SimulatorCoverage says which of the catalog's actions and values the
// simulator does not model: running one traces an unsimulated event
// and, for a value, yields Null.
type SimulatorCoverage struct {
	// Release is the simulator's release (capabilities' athena_version).
	Release string `json:"release"`
	// UnsimulatedActions and UnsimulatedValues are en-US names, sorted.
	UnsimulatedActions []string `json:"unsimulatedActions"`
	UnsimulatedValues  []string `json:"unsimulatedValues"`
}

// VocabularyEnum is an enum of the vocabulary and its number of members.
type VocabularyEnum struct {
	ID      string `json:"id"`
	Members int    `json:"members"`
}

// VocabularyEntry is one entry of lookup and listEntries.
type VocabularyEntry struct {
	// ID is the catalog's stable key, unique within a kind (an enum
	// member's within its enum). rule-content-v1 calls and enum members
	// use it.
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Within is the enum of an enum member.
	Within string `json:"within,omitempty"`
	// Name is the spelling in the requested locale; absent when the
	// owner has none there (writing the entry in that locale is then
	// missing-mapping, never a silent fallback).
	Name string `json:"name,omitempty"`
	// English is the en-US spelling; absent only for OverPy-only enum
	// members, which the Workshop cannot spell at all.
	English string `json:"english,omitempty"`
	// Accepted lists every distinct spelling across the 15 locales,
	// sorted (lookup only).
	Accepted []string `json:"accepted,omitempty"`
	// Signature renders an action's or value's name in the requested
	// locale with its arguments' names, types and defaults (OverPy's
	// defaults, in OverPy syntax), and a value's return type.
	Signature string `json:"signature,omitempty"`
	// Params are an action's or value's argument slots in catalog order:
	// the positions of a rule-content-v1 call's args.
	Params []VocabularyParam `json:"params,omitempty"`
	// Match says why lookup returned the entry: exact (a spelling of some
	// locale), id (a catalog id) or near (a near miss of either). Absent
	// when the query was empty, and on listEntries.
	Match string `json:"match,omitempty"`
	// Matched is the spelling or id the query matched.
	Matched string `json:"matched,omitempty"`
	// MatchedLocales are the locales that spell the entry as Matched.
	MatchedLocales []string `json:"matchedLocales,omitempty"`
	// Distance is a near match's edit distance in code points, counting
	// insertions, deletions, substitutions and swaps of adjacent code
	// points (a query that begins the spelling counts as the largest
	// distance accepted for its length).
	Distance int `json:"distance,omitempty"`
	// OverPyOnly marks an enum member only OverPy accepts.
	OverPyOnly bool `json:"overpyOnly,omitempty"`
	// Extension names the custom game extension an enum member needs.
	Extension string `json:"extension,omitempty"`
}

// VocabularyParam is one argument slot of an action or value.
type VocabularyParam struct {
	Name string `json:"name"`
	// Type is OverPy's type expression, such as "Player | Array<Player>".
	Type string `json:"type"`
	// Default is OverPy's default in OverPy syntax, or an enum member id.
	Default string `json:"default,omitempty"`
	// Enum is the enum whose bare members the slot takes.
	Enum string `json:"enum,omitempty"`
}

// LookupResult is the result of lookup.
type LookupResult struct {
	Language string `json:"language"`
	// Available is false when the language's vocabulary is not served:
	// Owner names the language that owns it and Reason says why.
	Available bool   `json:"available"`
	Owner     string `json:"owner"`
	Reason    string `json:"reason,omitempty"`
	Query     string `json:"query"`
	// Kind and Within echo the selection applied, in canonical form.
	Kind   string `json:"kind,omitempty"`
	Within string `json:"within,omitempty"`
	Locale string `json:"locale"`
	// Limit is the limit applied.
	Limit int `json:"limit"`
	// Total counts every entry that matched, before the limit.
	Total int `json:"total"`
	// Entries rank exact spellings first (those of the requested locale
	// before others), then ids, then near misses by distance; ties keep
	// owner order (kind, then catalog order).
	Entries []VocabularyEntry `json:"entries"`
}

// ListEntriesResult is the result of listEntries.
type ListEntriesResult struct {
	Language string `json:"language"`
	// Available is false when the language's vocabulary is not served:
	// Owner names the language that owns it and Reason says why.
	Available bool   `json:"available"`
	Owner     string `json:"owner"`
	Reason    string `json:"reason,omitempty"`
	Kind      string `json:"kind"`
	Within    string `json:"within,omitempty"`
	Locale    string `json:"locale"`
	// PageSize is the page size applied.
	PageSize int `json:"pageSize"`
	// Offset is the position of the page's first entry in the whole list.
	Offset  int               `json:"offset"`
	Entries []VocabularyEntry `json:"entries"`
	// Total counts the whole list (the kind, or within's members).
	Total int `json:"total"`
	// NextCursor fetches the next page; absent on the last one.
	NextCursor string `json:"nextCursor,omitempty"`
}
