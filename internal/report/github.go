package report

// This file writes GitHub Actions workflow commands: one ::error,
// ::warning or ::notice command per problem, which the runner turns into
// an annotation on the file and line.

import (
	"fmt"
	"io"
	"strings"
)

// githubCommand is the workflow command of a severity.
func githubCommand(severity string) string {
	switch severity {
	case "error":
		return "error"
	case "warning":
		return "warning"
	}
	return "notice"
}

// WriteGitHub writes r as workflow commands. The first is a debug
// command naming the format's version and what the run found (shown
// only when a workflow runs with debug logging).
func WriteGitHub(w io.Writer, r *Report) error {
	pos := newPositions(r)
	var b strings.Builder
	fmt.Fprintf(&b, "::debug::%s\n", escapeData(fmt.Sprintf("%s github: %s %s, %d of %d problems, %s",
		Contract, r.Tool, r.Command, len(r.Problems), r.Total, r.Verdict)))
	for _, pr := range r.Problems {
		props := []string{"file=" + escapeProperty(pr.Range.Path)}
		if !pr.Range.Unmapped {
			sl, sc := pos.utf16(pr.Range.Path, pr.Range.Start)
			el, ec := pos.utf16(pr.Range.Path, pr.Range.End)
			props = append(props, fmt.Sprintf("line=%d", sl))
			// Columns mean something to GitHub on a one-line range only.
			if sl == el {
				props = append(props, fmt.Sprintf("col=%d", sc))
			}
			props = append(props, fmt.Sprintf("endLine=%d", el))
			if sl == el {
				props = append(props, fmt.Sprintf("endColumn=%d", ec))
			}
		}
		props = append(props, "title="+escapeProperty(fmt.Sprintf("%s (%s)", pr.Code, pr.Severity)))
		fmt.Fprintf(&b, "::%s %s::%s\n", githubCommand(pr.Severity), strings.Join(props, ","), escapeData(pr.Message))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// escapeData escapes a command's message: %, CR and LF, which would end
// the command or be read as an escape.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value: as a message, and the , and :
// that separate properties and end the list.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
