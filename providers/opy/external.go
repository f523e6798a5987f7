package opy

// This file states another frontend's compile as a Result: a provider run
// out of process (wright-provider/1) gives Workshop text, a source map
// and diagnostics in its own files, and the service reads those positions
// as it reads OverPy's. Such a Result has files but no tree, no symbols
// and no compile options.

import (
	"path/filepath"
	"sort"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// External builds the Result of a compile done elsewhere: files are the
// sources (the entry first), text the Workshop text, maps its source map
// (From.File indexes files; File -1 marks generated text) in any order,
// diags the problems found.
func External(files []*source.File, text string, maps []Mapping, diags []Diagnostic) *Result {
	p := &Program{Files: files, fileIndex: map[string]int{}}
	for i, f := range files {
		p.fileIndex[filepath.Clean(f.Path)] = i
	}
	ms := make([]Mapping, 0, len(maps))
	for _, m := range maps {
		if m.Span.Start < 0 || m.Span.End < m.Span.Start || m.Span.End > len(text) || m.From.File >= len(files) {
			continue // not in the text: a provider's mistake, not a place
		}
		ms = append(ms, m)
	}
	// Outer before inner: by start, then the longer first.
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Span.Start != ms[j].Span.Start {
			return ms[i].Span.Start < ms[j].Span.Start
		}
		return ms[i].Span.End > ms[j].Span.End
	})
	var stack []int
	for i := range ms {
		for len(stack) > 0 && ms[stack[len(stack)-1]].Span.End < ms[i].Span.End {
			stack = stack[:len(stack)-1]
		}
		ms[i].parent = -1
		if len(stack) > 0 {
			ms[i].parent = stack[len(stack)-1]
		}
		stack = append(stack, i)
	}
	return &Result{Program: p, Text: text, Map: &SourceMap{Mappings: ms}, Diags: diags,
		Symbols: &Symbols{Slots: map[SymbolKind]map[string]int{}}}
}
