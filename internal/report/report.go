package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
)

// Contract names the version of every report format; it changes only
// when a format changes in a way a reader would notice.
const Contract = "wright-report/v1"

// Formats are the formats this package writes, as --format spells them.
var Formats = []string{"sarif", "junit", "github", "markdown"}

// A Report is one check or lint run.
type Report struct {
	// Tool names the program that made the report and its version.
	Tool, Version string
	// Command is check or lint.
	Command string
	// FailOn is the severity that fails the run; Verdict is pass or
	// fail and Exit the command's exit code.
	FailOn, Verdict string
	Exit            int
	// Programs counts the programs read.
	Programs int
	// Sources are the files the programs were read from, in order.
	Sources []Source
	// Rules are the lint rules that ran, then the diagnostic codes the
	// problems carry that are not lint rules.
	Rules []Rule
	// Problems are the problems reported, sorted by file and position;
	// Total counts the problems selected (Problems holds the first of
	// them when --max held some back).
	Problems []Problem
	Total    int
}

// A Source is a file read, with its text.
type Source struct {
	Path, Text string
	// Language is workshop or overpy.
	Language string
}

// A Rule is a lint rule or a diagnostic code.
type Rule struct {
	ID string
	// Lint is set for a lint rule, clear for a code of the program's
	// parse and validation diagnostics.
	Lint            bool
	DefaultSeverity string
	Enabled         bool
	Summary         string
	Rationale       string
	KnownLimits     string
	Evidence        string
	Documentation   string
	// HelpURI is the documentation as an absolute URL, for SARIF's
	// helpUri (code scanning links the rule to it); "" when there is none.
	HelpURI     string
	Tags, Fixes []string
}

// A Problem is a diagnostic or a lint finding.
type Problem struct {
	Code, Severity, Message string
	Range                   contract.Range
	Related                 []contract.Related
	// Fix is a finding's mechanical correction, if it has one.
	Fix *contract.Fix
}

// Write writes r in format (one of Formats).
func Write(w io.Writer, format string, r *Report) error {
	switch format {
	case "sarif":
		return WriteSARIF(w, r)
	case "junit":
		return WriteJUnit(w, r)
	case "github":
		return WriteGitHub(w, r)
	case "markdown":
		return WriteMarkdown(w, r)
	}
	return fmt.Errorf("unknown report format %q", format)
}

// positions converts contract points of the report's sources to UTF-16
// columns, through a mapper per source built on first use.
type positions struct {
	texts   map[string]string
	mappers map[string]*edits.Mapper
}

func newPositions(r *Report) *positions {
	p := &positions{texts: map[string]string{}, mappers: map[string]*edits.Mapper{}}
	for _, s := range r.Sources {
		p.texts[s.Path] = s.Text
	}
	return p
}

func (p *positions) mapper(path string) *edits.Mapper {
	m, ok := p.mappers[path]
	if !ok {
		if text, known := p.texts[path]; known {
			m = edits.NewMapper(text)
		}
		p.mappers[path] = m
	}
	return m
}

// utf16 returns the 1-based line and UTF-16 column of a point of path.
// A point the source does not hold (no text was given for it) keeps its
// code-point column: the two agree on every text of the Basic
// Multilingual Plane.
func (p *positions) utf16(path string, pt contract.Point) (line, col int) {
	m := p.mapper(path)
	if m == nil {
		return pt.Line, pt.Column
	}
	off, err := m.PointOffset(edits.Point{Line: pt.Line, Column: pt.Column})
	if err != nil {
		return pt.Line, pt.Column
	}
	pos, err := m.OffsetPosition(off, edits.UTF16)
	if err != nil {
		return pt.Line, pt.Column
	}
	return pos.Line + 1, pos.Character + 1
}

// line returns the text of 1-based line n of path without its line
// break, or "" when it is not known.
func (p *positions) line(path string, n int) string {
	text, ok := p.texts[path]
	if !ok || n < 1 {
		return ""
	}
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSuffix(text, "\r")
}

// fingerprints returns, for each problem, a fingerprint that survives
// edits elsewhere in the file: the rule, the text of the problem's first
// line with its white space normalised (not the line's number, which
// any edit above it changes), and the problem's occurrence among the
// problems of the same rule on lines of the same text in the same file
// ("hash:occurrence", the shape of GitHub's own line hashes).
func fingerprints(r *Report, pos *positions) []string {
	out := make([]string, len(r.Problems))
	seen := map[string]int{}
	for i, pr := range r.Problems {
		text := ""
		if !pr.Range.Unmapped {
			text = strings.Join(strings.Fields(pos.line(pr.Range.Path, pr.Range.Start.Line)), " ")
		}
		sum := sha256.Sum256([]byte(pr.Code + "\x00" + text))
		h := hex.EncodeToString(sum[:16])
		key := pr.Range.Path + "\x00" + h
		out[i] = fmt.Sprintf("%s:%d", h, seen[key])
		seen[key]++
	}
	return out
}

// level is a severity in SARIF's and GitHub's words.
func level(severity string) string {
	switch severity {
	case "error":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

// severityRank orders severities, the most severe first.
var severityRank = map[string]int{"error": 0, "warning": 1, "info": 2, "hint": 3}

// fails reports whether a problem of severity reaches failOn.
func fails(severity, failOn string) bool {
	f, ok := severityRank[failOn]
	if !ok {
		f = 0
	}
	return severityRank[severity] <= f
}

// location is path:line:col of a problem's start, as text output writes
// it (columns in code points).
func location(pr Problem) string {
	return fmt.Sprintf("%s:%d:%d", pr.Range.Path, pr.Range.Start.Line, pr.Range.Start.Column)
}
