package printer

import "strings"

// IndentUnit returns the indentation unit of text: a run of N spaces (1
// to 8) when every indented line is indented with spaces only, in
// multiples of the first indented line's N; otherwise a tab, the game's.
// A formatter keeps an author's consistent spaces (a settings file
// reindented by an editor imports as it is), and writes tabs over
// anything mixed.
func IndentUnit(text string) string {
	unit := 0
	for line := range strings.Lines(text) {
		n := len(line) - len(strings.TrimLeft(line, " \t"))
		if n == 0 || strings.TrimSpace(line) == "" {
			continue
		}
		lead := line[:n]
		if strings.Contains(lead, "\t") {
			return "\t"
		}
		if unit == 0 {
			if n > 8 {
				return "\t"
			}
			unit = n
		}
		if n%unit != 0 {
			return "\t"
		}
	}
	if unit == 0 {
		return "\t"
	}
	return strings.Repeat(" ", unit)
}

// Reindent rewrites the leading tabs of each line of printed text, as
// Print writes them, as unit.
func Reindent(printed, unit string) string {
	if unit == "\t" {
		return printed
	}
	var b strings.Builder
	b.Grow(len(printed) + len(printed)/4)
	for line := range strings.Lines(printed) {
		body := strings.TrimLeft(line, "\t")
		for range len(line) - len(body) {
			b.WriteString(unit)
		}
		b.WriteString(body)
	}
	return b.String()
}
