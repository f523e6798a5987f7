package service

import (
	"os"
	"path/filepath"

	"github.com/wright-lsp/wright-lsp/contract"
)

// DefaultLimit is how many items a list carries unless the request asks
// for all of them or sets max.
const DefaultLimit = 20

// Select holds a request's selection fields. Filters narrow a list first;
// Max bounds what remains. Which filters an operation takes is up to it.
type Select struct {
	// Max bounds the count reported (nil: not set).
	Max *int
	// All lifts the default cap.
	All bool
	// File selects one source file, in any spelling that resolves to it.
	File string
	// Severity is a threshold: error, warning or info.
	Severity string
	// Code selects one finding code (lint rule id).
	Code string
	// Kind selects a kind of symbol, reference or block.
	Kind string
	// Rule selects one rule by address; nil when not given. The empty
	// name is a name like any other (it selects unnamed rules).
	Rule *contract.Address
	// Caller and Callee filter call graph edges (Caller nil when not
	// given).
	Caller *contract.Address
	Callee string
	// Snapshot is the generation the request's numeric addresses come
	// from.
	Snapshot *int
	// Content asks rules for each rule's rule-content-v1 document.
	Content bool
}

// applied reports whether any selection field is set (the result then
// carries a selection member).
func (s Select) applied() bool {
	return s.Max != nil || s.File != "" || s.Severity != "" || s.Code != "" || s.Kind != "" ||
		s.Rule != nil || s.Caller != nil || s.Callee != ""
}

// fileMatches resolves the file filter: the path as passed, relative to
// the working directory, relative to a directory input's root, or
// absolute, all select the program's file.
func (p *Program) fileMatches(file string) (bool, error) {
	if file == "" {
		return true, nil
	}
	have, _ := filepath.Abs(p.File.Path)
	spellings := []string{file}
	if info, err := os.Stat(p.Origin.Input); err == nil && info.IsDir() && !filepath.IsAbs(file) {
		spellings = append(spellings, filepath.Join(p.Origin.Input, file))
	}
	for _, f := range spellings {
		if want, err := filepath.Abs(f); err == nil && want == have || filepath.Clean(f) == filepath.Clean(p.File.Path) {
			return true, nil
		}
	}
	return false, errorf("invalid-selection", "file %q is not a source file of the program (it has %s)", file, p.File.Path)
}

// bound applies max (or the default cap) to a filtered list. total is the
// size of the list before any filter.
func bound[T any](items []T, s Select, total int) ([]T, *contract.Selection, *contract.Truncation) {
	var sel *contract.Selection
	var trunc *contract.Truncation
	if s.applied() {
		sel = &contract.Selection{Total: total}
	}
	switch {
	case s.Max != nil:
		if m := max(*s.Max, 0); len(items) > m {
			sel.Withheld = len(items) - m
			items = items[:m]
		}
	case !s.All && len(items) > DefaultLimit:
		trunc = &contract.Truncation{Total: len(items), Shown: DefaultLimit, Withheld: len(items) - DefaultLimit,
			Expand: "all: true (CLI --all) lists every item"}
		items = items[:DefaultLimit]
	}
	return items, sel, trunc
}
