package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// sameMeaning groups the codes that once reported one problem twice, a
// validator diagnostic and a lint finding (issue 17). The validator owns
// each problem now (docs/lint-rules.md, "Who reports what"); two of a
// group on one span would be the problem shown twice again.
var sameMeaning = map[string]string{
	"unused-format-argument":              "format placeholders",
	"format-placeholder-without-argument": "format placeholders",
	"custom-string-placeholders":          "format placeholders",
	"string-too-long":                     "string length",
	"wait-too-short":                      "wait below a tick",
	"wait-below-minimum":                  "wait below a tick",
}

// TestNoDiagnosticTwice lints every program of the corpus through the
// function the lint command runs (the program's diagnostics and every
// rule's findings, info included, as the editor shows them too) and
// fails when two of them share a span and a meaning: the same code, or
// codes of one sameMeaning group. A code may repeat on a span only with
// another message (repeated-value names another expression).
func TestNoDiagnosticTwice(t *testing.T) {
	m := newSessionMaker("lint", &commonFlags{format: "text", kind: "auto"}, &policyFlags{}, io.Discard)
	if m == nil {
		t.Fatal("no session maker")
	}
	sel := &selectFlags{severity: "info"}
	programs, problems := 0, 0
	var dup []string
	for _, rel := range corpusPrograms(t) {
		r := lintProgram(m, input{path: filepath.Join(corpus, rel)}, sel)
		if r.refused != nil {
			t.Errorf("%s: %s", rel, r.refused.Message)
			continue
		}
		programs++
		problems += len(r.problems)
		seen := map[string]problem{}
		for _, p := range r.problems {
			meaning := p.code
			if g, ok := sameMeaning[p.code]; ok {
				meaning = g
			}
			key := fmt.Sprintf("%s:%d:%d-%d:%d %s", p.path, p.line, p.col, p.endLine, p.endCol, meaning)
			if q, ok := seen[key]; ok && (q.code != p.code || q.message == p.message) {
				dup = append(dup, fmt.Sprintf("%s:%d:%d: %s %q and %s %q", rel, p.line, p.col, q.code, q.message, p.code, p.message))
			}
			seen[key] = p
		}
	}
	sort.Strings(dup)
	if len(dup) > 0 {
		t.Errorf("%d problems reported twice:\n%s", len(dup), strings.Join(dup, "\n"))
	}
	if programs < 130 || problems < 1000 {
		t.Fatalf("only %d programs and %d problems linted", programs, problems)
	}
	t.Logf("%d programs, %d problems, none reported twice", programs, problems)
}
