package diag

// This file keeps the user's text in messages short and readable: a
// message quotes a token, a name or a literal, and that text may be a
// megabyte long or hold control characters (a terminal escape, a bidi
// override) that must never reach a terminal or an editor raw.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuoted is how many characters of the user's text a message quotes;
// longer text is cut there and an ellipsis (…) stands for the rest.
const MaxQuoted = 64

// Quote returns text as a message quotes it: in double quotes, with Go's
// escapes for quotes, backslashes and every character that does not
// print (control characters, invalid UTF-8), cut to MaxQuoted
// characters. Short printable text reads as strconv.Quote writes it.
func Quote(text string) string {
	cut, more := cutRunes(text, MaxQuoted)
	q := strconv.Quote(cut)
	if more {
		q = q[:len(q)-1] + "…\""
	}
	return q
}

// Excerpt returns text as a message shows it between other quotes ('x'):
// cut to MaxQuoted characters with an ellipsis, every character that
// does not print escaped as Go escapes it, the rest as written.
func Excerpt(text string) string {
	cut, more := cutRunes(text, MaxQuoted)
	s := escapeUnprintable(cut)
	if more {
		s += "…"
	}
	return s
}

// cutRunes returns the first n runes of s, and whether s has more.
func cutRunes(s string, n int) (string, bool) {
	for i := range s {
		if n == 0 {
			return s[:i], true
		}
		n--
	}
	return s, false
}

// printable reports whether r may appear raw in a message.
func printable(r rune) bool {
	return r == ' ' || r != utf8.RuneError && unicode.IsPrint(r)
}

// escapeUnprintable escapes the characters of s that do not print (and
// bytes that are not UTF-8) as strconv.Quote escapes them.
func escapeUnprintable(s string) string {
	clean := true
	for _, r := range s {
		if !printable(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case printable(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// maxWord and maxMessage bound what Clean leaves of a message: no run of
// characters without a space is longer than maxWord, no message longer
// than maxMessage (characters).
const (
	maxWord    = 2 * MaxQuoted
	maxMessage = 8 * MaxQuoted
)

// Clean is the last guard on a message, for text quoted without Quote or
// Excerpt: characters that do not print are escaped, a run of more than
// maxWord characters without a space (a long token) keeps its start and
// its last characters (a closing quote, a colon) around an ellipsis, and
// a message over maxMessage characters keeps its start and its end (what
// is wrong, and what was expected) around an ellipsis. Messages the
// engine writes itself pass unchanged.
func Clean(msg string) string {
	if isClean(msg) {
		return msg
	}
	msg = escapeUnprintable(msg)
	words := strings.Split(msg, " ")
	for i, w := range words {
		if n := utf8.RuneCountInString(w); n > maxWord {
			words[i] = keepEnds(w, n, maxWord-9, 8)
		}
	}
	msg = strings.Join(words, " ")
	if n := utf8.RuneCountInString(msg); n > maxMessage {
		msg = keepEnds(msg, n, maxMessage-2*MaxQuoted-1, 2*MaxQuoted)
	}
	return msg
}

// isClean reports whether Clean leaves msg as it is.
func isClean(msg string) bool {
	n, word := 0, 0
	for _, r := range msg {
		if !printable(r) {
			return false
		}
		n++
		word++
		if r == ' ' {
			word = 0
		}
		if word > maxWord || n > maxMessage {
			return false
		}
	}
	return true
}

// keepEnds keeps the first head and the last tail runes of s (n runes)
// around an ellipsis.
func keepEnds(s string, n, head, tail int) string {
	start, _ := cutRunes(s, head)
	end := s
	for skip := n - tail; skip > 0; skip-- {
		_, size := utf8.DecodeRuneInString(end)
		end = end[size:]
	}
	return start + "…" + end
}

// CleanAll cleans the message of every diagnostic of l and of its
// related locations, in place.
func CleanAll(l List) {
	for i := range l {
		l[i].Message = Clean(l[i].Message)
		for j := range l[i].Related {
			l[i].Related[j].Message = Clean(l[i].Related[j].Message)
		}
	}
}
