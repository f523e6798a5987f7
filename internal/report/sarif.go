package report

// This file writes SARIF 2.1.0 as GitHub code scanning ingests it: one
// run whose driver lists the rules with their help, a result per problem
// with its rule, level, message, physical location (UTF-16 columns),
// partial fingerprint and fixes.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
)

// sarifSchema is the schema a SARIF log names.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// fingerprintKey names the partial fingerprint the results carry.
const fingerprintKey = "wrightLineHash/v1"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Artifacts   []sarifArtifact   `json:"artifacts,omitempty"`
	Results     []sarifResult     `json:"results"`
	ColumnKind  string            `json:"columnKind"`
	Properties  sarifRunProps     `json:"properties"`
}

type sarifRunProps struct {
	Contract string `json:"contract"`
	Command  string `json:"command"`
	Verdict  string `json:"verdict"`
	FailOn   string `json:"failOn"`
	Programs int    `json:"programs"`
	// Selected counts the problems selected; Withheld those --max held
	// back from results.
	Selected int `json:"selected"`
	Withheld int `json:"withheld"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string      `json:"name"`
	Version string      `json:"version"`
	Rules   []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      *sarifText     `json:"fullDescription,omitempty"`
	HelpURI              string         `json:"helpUri,omitempty"`
	Help                 *sarifHelp     `json:"help,omitempty"`
	DefaultConfiguration sarifRuleConf  `json:"defaultConfiguration"`
	Properties           sarifRuleProps `json:"properties"`
}

type sarifRuleConf struct {
	Enabled bool   `json:"enabled"`
	Level   string `json:"level"`
}

type sarifRuleProps struct {
	// Kind is lint-rule or diagnostic.
	Kind          string   `json:"kind"`
	Tags          []string `json:"tags,omitempty"`
	Fixes         []string `json:"fixes,omitempty"`
	Documentation string   `json:"documentation,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
	ExitCode            int  `json:"exitCode"`
}

type sarifArtifact struct {
	Location       sarifArtifactLocation `json:"location"`
	SourceLanguage string                `json:"sourceLanguage,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
	Index     *int   `json:"index,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

// WriteSARIF writes r as a SARIF 2.1.0 log, indented, ending in a line
// break.
func WriteSARIF(w io.Writer, r *Report) error {
	pos := newPositions(r)
	run := sarifRun{
		Tool:        sarifTool{Driver: sarifDriver{Name: r.Tool, Version: r.Version, Rules: []sarifRule{}}},
		Invocations: []sarifInvocation{{ExecutionSuccessful: r.Exit == 0 || r.Exit == 1, ExitCode: r.Exit}},
		Results:     []sarifResult{},
		ColumnKind:  "utf16CodeUnits",
		Properties: sarifRunProps{Contract: Contract, Command: r.Command, Verdict: r.Verdict, FailOn: r.FailOn,
			Programs: r.Programs, Selected: r.Total, Withheld: r.Total - len(r.Problems)},
	}
	ruleIndex := map[string]int{}
	for _, rule := range r.Rules {
		ruleIndex[rule.ID] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(rule))
	}
	artifactIndex := map[string]int{}
	for _, s := range r.Sources {
		if _, dup := artifactIndex[s.Path]; dup {
			continue
		}
		artifactIndex[s.Path] = len(run.Artifacts)
		run.Artifacts = append(run.Artifacts, sarifArtifact{Location: artifactLocation(s.Path, nil), SourceLanguage: s.Language})
	}
	at := func(path string) sarifArtifactLocation {
		if i, ok := artifactIndex[path]; ok {
			return artifactLocation(path, &i)
		}
		return artifactLocation(path, nil)
	}
	prints := fingerprints(r, pos)
	for i, pr := range r.Problems {
		idx, ok := ruleIndex[pr.Code]
		if !ok {
			return fmt.Errorf("report: problem code %q is not among the report's rules", pr.Code)
		}
		res := sarifResult{RuleID: pr.Code, RuleIndex: idx, Level: level(pr.Severity), Message: sarifText{pr.Message},
			Locations:           []sarifLocation{{PhysicalLocation: physical(pr.Range, at, pos)}},
			PartialFingerprints: map[string]string{fingerprintKey: prints[i]}}
		for j, rel := range pr.Related {
			id := j + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id,
				PhysicalLocation: physical(rel.Range, at, pos), Message: &sarifText{rel.Message}})
		}
		if pr.Fix != nil {
			if fix, ok := sarifFixOf(pr.Fix, at, pos); ok {
				res.Fixes = []sarifFix{fix}
			}
		}
		run.Results = append(run.Results, res)
	}
	log := sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}}
	// Messages quote program text: <, > and & stay as written.
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifRuleOf(rule Rule) sarifRule {
	out := sarifRule{ID: rule.ID, Name: ruleName(rule.ID), ShortDescription: sarifText{rule.Summary}, HelpURI: rule.HelpURI,
		DefaultConfiguration: sarifRuleConf{Enabled: rule.Enabled, Level: level(rule.DefaultSeverity)},
		Properties:           sarifRuleProps{Kind: "diagnostic", Tags: rule.Tags, Fixes: rule.Fixes, Documentation: rule.Documentation}}
	if rule.Lint {
		out.Properties.Kind = "lint-rule"
	}
	if rule.Rationale != "" {
		out.FullDescription = &sarifText{rule.Rationale}
	}
	if text, md := help(rule); text != "" {
		out.Help = &sarifHelp{Text: text, Markdown: md}
	}
	return out
}

// ruleName is a rule's id in the PascalCase SARIF's examples use for
// names: unused-variable is UnusedVariable.
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// help is a rule's documentation as plain text and as Markdown: the
// sections docs/lint-rules.md holds for it.
func help(rule Rule) (text, md string) {
	type section struct{ title, body string }
	sections := []section{{"", rule.Summary}, {"Rationale", rule.Rationale}, {"Known limits", rule.KnownLimits},
		{"Evidence", rule.Evidence}}
	var t, m []string
	for _, s := range sections {
		if s.body == "" {
			continue
		}
		if s.title == "" {
			t, m = append(t, s.body), append(m, s.body)
			continue
		}
		t = append(t, s.title+". "+s.body)
		m = append(m, "**"+s.title+".** "+s.body)
	}
	if rule.Documentation != "" {
		t = append(t, "Documentation: "+rule.Documentation)
		m = append(m, "Documentation: `"+rule.Documentation+"`")
	}
	return strings.Join(t, "\n\n"), strings.Join(m, "\n\n")
}

// artifactLocation names a file as a URI reference: a relative path
// relative to the source root (%SRCROOT%, the directory the command ran
// in, which a CI job makes the repository's), an absolute one as a file
// URI.
func artifactLocation(path string, index *int) sarifArtifactLocation {
	slash := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		if !strings.HasPrefix(slash, "/") {
			slash = "/" + slash // a Windows drive
		}
		return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: slash}).String(), Index: index}
	}
	return sarifArtifactLocation{URI: (&url.URL{Path: slash}).String(), URIBaseID: "%SRCROOT%", Index: index}
}

// physical locates a range; an unmapped one (generated text with no
// source of its own) names its file only.
func physical(rg contract.Range, at func(string) sarifArtifactLocation, pos *positions) sarifPhysicalLocation {
	out := sarifPhysicalLocation{ArtifactLocation: at(rg.Path)}
	if !rg.Unmapped {
		out.Region = region(rg.Path, rg.Start, rg.End, pos)
	}
	return out
}

func region(path string, start, end contract.Point, pos *positions) *sarifRegion {
	sl, sc := pos.utf16(path, start)
	el, ec := pos.utf16(path, end)
	return &sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}
}

// sarifFixOf states a fix's transaction as artifact changes, one per
// source in the order the edits first name them.
func sarifFixOf(fix *contract.Fix, at func(string) sarifArtifactLocation, pos *positions) (sarifFix, bool) {
	out := sarifFix{Description: sarifText{fix.Summary}}
	bySource := map[string]int{}
	for _, e := range fix.Transaction.Edits {
		i, ok := bySource[e.Source]
		if !ok {
			i = len(out.ArtifactChanges)
			bySource[e.Source] = i
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: at(e.Source)})
		}
		rg := region(e.Source, e.Range.Start, e.Range.End, pos)
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements,
			sarifReplacement{DeletedRegion: *rg, InsertedContent: sarifText{e.NewText}})
	}
	return out, len(out.ArtifactChanges) > 0
}
