package service

// This file writes the next command lines envelopes and lint carry: each
// a complete wright-lsp command a POSIX shell runs as it is, its
// arguments quoted where they need it (a path with a space or a quote).

import "strings"

// command returns the command line running wright-lsp with args, each
// argument quoted for a POSIX shell unless it is made only of characters
// no shell treats specially.
func command(args ...string) string {
	var b strings.Builder
	b.WriteString("wright-lsp")
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(shellQuote(a))
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell: as it is when every character is
// a letter, a digit or one of _@%+=:,./- (and it does not start with a
// character a shell expands there), else in single quotes, a single quote
// written as '\”.
func shellQuote(s string) string {
	safe := s != "" && s[0] != '~' && s[0] != '='
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("_@%+=:,./-", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
