package main

// This file implements "wright-lsp check".

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	localeFlag := fs.String("locale", "", "client language of the files (default: detect from the text)")
	format := fs.String("format", "text", "output format: text or json")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "wright-lsp check: unknown format %q: expected text or json\n", *format)
		return exitUsage
	}
	opts := engine.Options{}
	if *localeFlag != "" {
		l, err := vocab.ParseLocale(*localeFlag)
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp check: %v\n", err)
			return exitUsage
		}
		opts.Locale, opts.LocaleGiven = l, true
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "wright-lsp check: no files given\nusage: wright-lsp check [--locale L] [--format text|json] FILE…")
		return exitUsage
	}

	// Read every file first: an input problem prints nothing on stdout.
	var sources []*source.File
	failed := false
	for _, path := range files {
		f, err := source.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp check: %s\n", describeReadError(err))
			failed = true
			continue
		}
		sources = append(sources, f)
	}
	if failed {
		return exitUsage
	}

	report := checkReport{Files: []fileReport{}}
	for _, f := range sources {
		c := engine.Check(f, opts)
		fr := fileReport{Path: f.Path, Locale: c.Script.Locale.String(), LocaleDetected: !c.Detection.Given, Diagnostics: []jsonDiag{}}
		m := edits.NewMapper(f.Text)
		for _, d := range c.Diags {
			fr.Diagnostics = append(fr.Diagnostics, toJSON(f.Path, m, d))
			switch d.Severity {
			case diag.Error:
				report.Summary.Errors++
			case diag.Warning:
				report.Summary.Warnings++
			default:
				report.Summary.Infos++
			}
		}
		report.Files = append(report.Files, fr)
	}
	report.Summary.Files = len(report.Files)

	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			fmt.Fprintf(stderr, "wright-lsp check: %v\n", err)
			return exitInternal
		}
	} else {
		for _, fr := range report.Files {
			for _, d := range fr.Diagnostics {
				fmt.Fprintf(stdout, "%s:%d:%d: %s %s: %s\n", d.Path, d.Range.Start.Line, d.Range.Start.Column, d.Severity, d.Code, d.Message)
			}
		}
		s := report.Summary
		fmt.Fprintf(stderr, "checked %d file(s): %d error(s), %d warning(s), %d info\n", s.Files, s.Errors, s.Warnings, s.Infos)
	}
	if report.Summary.Errors > 0 {
		return exitFailed
	}
	return exitOK
}

// describeReadError adds a line and column to the not-UTF-8 message.
func describeReadError(err error) string {
	var re *source.ReadError
	if errors.As(err, &re) && re.Problem == source.ReadNotUTF8 {
		p, perr := edits.NewMapper(re.Text).OffsetPoint(re.Offset)
		if perr == nil {
			return fmt.Sprintf("%s:%d:%d: not UTF-8 text: invalid byte 0x%02x; save the file as UTF-8", re.Path, p.Line, p.Column, re.Text[re.Offset])
		}
	}
	return err.Error()
}

type checkReport struct {
	Files   []fileReport `json:"files"`
	Summary struct {
		Files    int `json:"files"`
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
		Infos    int `json:"infos"`
	} `json:"summary"`
}

type fileReport struct {
	Path           string     `json:"path"`
	Locale         string     `json:"locale"`
	LocaleDetected bool       `json:"localeDetected"`
	Diagnostics    []jsonDiag `json:"diagnostics"`
}

type jsonPoint struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type jsonRange struct {
	Start jsonPoint `json:"start"`
	End   jsonPoint `json:"end"`
}

type jsonRelated struct {
	Range   jsonRange `json:"range"`
	Message string    `json:"message"`
}

type jsonDiag struct {
	Path        string        `json:"path"`
	Range       jsonRange     `json:"range"`
	Severity    string        `json:"severity"`
	Code        string        `json:"code"`
	Message     string        `json:"message"`
	Suggestions []string      `json:"suggestions,omitempty"`
	Related     []jsonRelated `json:"related,omitempty"`
}

func toJSON(path string, m *edits.Mapper, d diag.Diagnostic) jsonDiag {
	return jsonDiag{
		Path: path, Range: toRange(m, d.Span), Severity: d.Severity.String(), Code: string(d.Code),
		Message: d.Message, Suggestions: d.Suggestions, Related: related(m, d.Related),
	}
}

func related(m *edits.Mapper, rs []diag.Related) []jsonRelated {
	var out []jsonRelated
	for _, r := range rs {
		out = append(out, jsonRelated{Range: toRange(m, r.Span), Message: r.Message})
	}
	return out
}

func toRange(m *edits.Mapper, s source.Span) jsonRange {
	a, b, err := m.SpanPoints(s.Start, s.End)
	if err != nil {
		// Engine spans are byte offsets on rune boundaries; a span that
		// is not is an engine defect, reported at the start of the file
		// rather than lost.
		return jsonRange{Start: jsonPoint{1, 1}, End: jsonPoint{1, 1}}
	}
	return jsonRange{Start: jsonPoint{a.Line, a.Column}, End: jsonPoint{b.Line, b.Column}}
}

// parseInterspersed parses flags that may come before, between or after
// the file arguments ("check a.ow --format json").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return files, nil
		}
		if rest[0] == "--" {
			return append(files, rest[1:]...), nil
		}
		files = append(files, rest[0])
		args = rest[1:]
		if strings.HasPrefix(rest[0], "-") && rest[0] != "-" {
			return nil, fmt.Errorf("bad flag %s", rest[0])
		}
	}
}
