package report

// This file writes a Markdown summary for a pull-request comment: the
// verdict, counts by severity and by rule, and a table of the problems,
// the first markdownRows of them (a comment holds at most 65,536
// characters).

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// markdownRows is how many problems the summary lists.
const markdownRows = 100

// WriteMarkdown writes r as a Markdown summary. Its first line is an
// HTML comment naming the format's version, which a bot can also find
// its earlier comment by.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- %s markdown: %s %s -->\n", Contract, r.Tool, r.Command)
	verdict := "passed"
	if r.Verdict == "fail" {
		verdict = "failed"
	}
	fmt.Fprintf(&b, "## %s %s: %s\n\n", r.Tool, r.Command, verdict)
	counts := map[string]int{}
	type ruleCount struct {
		code, severity string
		n              int
	}
	var byRule []ruleCount
	for _, pr := range r.Problems {
		counts[pr.Severity]++
		i := slices.IndexFunc(byRule, func(c ruleCount) bool { return c.code == pr.Code && c.severity == pr.Severity })
		if i < 0 {
			i = len(byRule)
			byRule = append(byRule, ruleCount{code: pr.Code, severity: pr.Severity})
		}
		byRule[i].n++
	}
	fmt.Fprintf(&b, "%s read: **%d** errors, **%d** warnings, **%d** info (fails on %s).",
		plural(r.Programs, "program"), counts["error"], counts["warning"], counts["info"]+counts["hint"], r.FailOn)
	if r.Total > len(r.Problems) {
		fmt.Fprintf(&b, " Showing %d of %d problems (--max).", len(r.Problems), r.Total)
	}
	b.WriteString("\n")
	if len(r.Problems) == 0 {
		b.WriteString("\nNo problems.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	slices.SortStableFunc(byRule, func(x, y ruleCount) int {
		return cmp.Or(cmp.Compare(severityRank[x.severity], severityRank[y.severity]), cmp.Compare(y.n, x.n), cmp.Compare(x.code, y.code))
	})
	b.WriteString("\n| Rule | Severity | Problems |\n| --- | --- | ---: |\n")
	for _, c := range byRule {
		fmt.Fprintf(&b, "| `%s` | %s | %d |\n", c.code, c.severity, c.n)
	}
	b.WriteString("\n| Location | Severity | Rule | Message |\n| --- | --- | --- | --- |\n")
	for i, pr := range r.Problems {
		if i == markdownRows {
			fmt.Fprintf(&b, "\nand %d more.\n", len(r.Problems)-markdownRows)
			break
		}
		fmt.Fprintf(&b, "| %s | %s | `%s` | %s |\n", cell("`"+location(pr)+"`"), pr.Severity, pr.Code, cell(pr.Message))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cell makes text safe in a table cell: one line, pipes escaped, and
// characters Markdown or HTML would read as markup escaped.
func cell(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "|", `\|`, "<", "&lt;", ">", "&gt;").Replace(s)
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
