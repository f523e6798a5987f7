package printer

// This file wraps long statements the way the game's exporter does. The
// rule was recovered from the corpus of real exports, where it reproduces
// all 33,453 statements byte for byte:
//
//   - Break opportunities (never inside a string): after '('; after ','
//     where a space follows (the break replaces the space); after ')' where
//     a space follows (a binary operator, '?' or ':' comes next; the break
//     replaces the space); after ')' where '[', '.' or ']' follows.
//   - Chunks run from one opportunity to the next and are placed greedily:
//     a chunk that would make the line wider than the limit starts a new
//     line, unless it is the line's first chunk (so a long string makes a
//     long line).
//   - The limit is 131 characters on the first line and 127 on
//     continuation lines, counted in Unicode code points, not counting the
//     indentation or a "disabled " prefix. Every character counts as one
//     column, CJK included; escapes count as written.

import (
	"unicode/utf8"
)

const (
	firstLineLimit        = 131
	continuationLineLimit = 127
)

// wrap splits a one-line statement into the lines the game prints. prefix
// is the length in bytes of a leading "disabled " that does not count
// toward the width.
func wrap(s string, prefix int) []string {
	if utf8.RuneCountInString(s)-utf8.RuneCountInString(s[:prefix]) <= firstLineLimit {
		return []string{s}
	}
	var lines []string
	lineStart := 0 // byte offset where the current line starts
	width := -utf8.RuneCountInString(s[:prefix])
	limit := firstLineLimit
	chunkStart := 0
	place := func(chunkEnd, next int, drop bool) {
		// The chunk is s[chunkStart:chunkEnd]; a dropped separator space
		// sits at s[chunkStart-1] when drop is set.
		w := utf8.RuneCountInString(s[chunkStart:chunkEnd])
		sep := 0
		if drop {
			sep = 1
		}
		if width > 0 && width+sep+w > limit {
			end := chunkStart
			if drop {
				end--
			}
			lines = append(lines, s[lineStart:end])
			lineStart = chunkStart
			width = w
			limit = continuationLineLimit
		} else {
			width += sep + w
		}
		chunkStart = next
	}
	dropNext := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			i = stringEnd(s, i)
		case '(':
			place(i+1, i+1, dropNext)
			dropNext = false
		case ',':
			if i+1 < len(s) && s[i+1] == ' ' {
				place(i+1, i+2, dropNext)
				dropNext = true
			}
		case ')':
			if i+1 < len(s) {
				switch s[i+1] {
				case ' ':
					place(i+1, i+2, dropNext)
					dropNext = true
				case '[', '.', ']':
					place(i+1, i+1, dropNext)
					dropNext = false
				}
			}
		}
	}
	place(len(s), len(s), dropNext)
	lines = append(lines, s[lineStart:])
	return lines
}

// stringEnd returns the offset of the closing quote of the string literal
// opening at s[i].
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(s) - 1
}
