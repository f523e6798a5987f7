package opy

// This file applies the string prefixes that change letters, as OverPy
// does: w writes the fullwidth forms, b turns one letter into its big
// Greek look-alike (the Workshop shows a string with a capital it does
// not uppercase as written, so the rest keeps its case), and c writes
// lowercase letters with look-alikes the Workshop does not uppercase.
// The letters of tags and the placeholders are left as they are.

import "strings"

// lookAlikes applies a string's w, b and c prefixes to its text pieces;
// it reports false when the string cannot be written so.
func (c *compiler) lookAlikes(s *String, prefix stringPrefix, pieces []strPiece) bool {
	if prefix.big && !bigLetter(pieces) {
		var letters []string
		for _, pair := range bigLetters {
			letters = append(letters, string(pair[0]))
		}
		c.d.errorf(codeNoBigLetter, s.Loc, "a b\"…\" string needs one of the letters that have a big look-alike ("+strings.Join(letters, "")+"), and this one has none")
		return false
	}
	if prefix.fullwidth {
		partial := false
		for i := range pieces {
			if pieces[i].arg < 0 && !pieces[i].keep {
				var all bool
				pieces[i].text, all = fullwidth(pieces[i].text)
				partial = partial || !all
			}
		}
		if partial {
			c.d.warn(codeNotFullwidth, s.Loc, "some characters of this w\"…\" string have no fullwidth form and are written as they are")
		}
	}
	if prefix.cased {
		for i := range pieces {
			if pieces[i].arg < 0 && !pieces[i].keep {
				pieces[i].text = cased(pieces[i].text)
			}
		}
	}
	return true
}

// bigLetters are the characters with a big look-alike, in OverPy's order
// of preference within a string (the first one written is changed).
var bigLetters = [...][2]rune{
	{'a', 'Α'}, {'A', 'Α'}, {'b', 'Β'}, {'B', 'Β'}, {'e', 'Ε'}, {'E', 'Ε'}, {'h', 'Η'}, {'H', 'Η'},
	{'i', 'Ι'}, {'I', 'Ι'}, {'k', 'Κ'}, {'K', 'Κ'}, {'m', 'Μ'}, {'M', 'Μ'}, {'n', 'Ν'}, {'N', 'Ν'},
	{'o', 'Ο'}, {'O', 'Ο'}, {'p', 'Ρ'}, {'P', 'Ρ'}, {'t', 'Τ'}, {'T', 'Τ'}, {'x', 'Χ'}, {'X', 'Χ'},
	{'y', 'Υ'}, {'Y', 'Υ'}, {'z', 'Ζ'}, {'Z', 'Ζ'}, {'.', '․'}, {' ', '\u2028'},
}

// bigLetter changes the first character of the text pieces that has a
// big look-alike; it reports false when none has.
func bigLetter(pieces []strPiece) bool {
	for i := range pieces {
		if pieces[i].arg >= 0 || pieces[i].keep {
			continue
		}
		for j, r := range pieces[i].text {
			for _, pair := range bigLetters {
				if pair[0] == r {
					t := pieces[i].text
					pieces[i].text = t[:j] + string(pair[1]) + t[j+len(string(r)):]
					return true
				}
			}
		}
	}
	return false
}

// fullwidth maps text to the fullwidth forms: printable ASCII to
// U+FF01…U+FF5E, the space to an em quad, and the Latin-1 and Won signs
// that have fullwidth forms to theirs. all is false when a character has
// no fullwidth form (it is kept).
func fullwidth(s string) (out string, all bool) {
	var b strings.Builder
	all = true
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteRune('\u2001')
		case r > ' ' && r < 0x7f:
			b.WriteRune(r + 0xFEE0)
		default:
			if w, ok := fullwidthSigns[r]; ok {
				r = w
			} else {
				all = false
			}
			b.WriteRune(r)
		}
	}
	return b.String(), all
}

// fullwidthSigns are the signs outside ASCII with a fullwidth form.
var fullwidthSigns = map[rune]rune{
	'¢': '￠', '£': '￡', '¬': '￢', '¯': '￣', '¦': '￤', '¥': '￥', '₩': '￦',
}

// casedLetters are the look-alikes of lowercase letters, replaced in
// this order: a pair before its letters, " a " before a.
var casedLetters = [...][2]string{
	{"æ", "ӕ"}, {"nj", "ǌ"}, {" a ", "\u202fａ\u202f"},
	{"a", "ạ"}, {"b", "ḅ"}, {"c", "ƈ"}, {"d", "ḍ"}, {"e", "ẹ"}, {"f", "ƒ"}, {"g", "ǥ"}, {"h", "һ"},
	{"i", "і"}, {"j", "ј"}, {"k", "ḳ"}, {"l", "I"}, {"m", "ṃ"}, {"n", "ṇ"}, {"o", "ο"}, {"p", "ṗ"},
	{"q", "ǫ"}, {"r", "ṛ"}, {"s", "ѕ"}, {"t", "ṭ"}, {"u", "υ"}, {"v", "ν"}, {"w", "ẉ"}, {"x", "ҳ"},
	{"y", "ỵ"}, {"z", "ẓ"},
}

// cased writes the lowercase letters of s with look-alikes. An e or n
// before a digit or one of !?/@"&#^$*% takes another look-alike, whose
// dot would otherwise run into that character.
func cased(s string) string {
	if strings.ContainsAny(s, "en") {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			ch := s[i]
			if (ch == 'e' || ch == 'n') && i+1 < len(s) && strings.IndexByte("0123456789!?/@\"&#^$*%", s[i+1]) >= 0 {
				if ch == 'e' {
					b.WriteString("ѐ")
				} else {
					b.WriteString("ǹ")
				}
				// The character after is not looked at again: "e1e1"
				// changes both.
				b.WriteByte(s[i+1])
				i++
				continue
			}
			b.WriteByte(ch)
		}
		s = b.String()
	}
	for _, pair := range casedLetters {
		s = strings.ReplaceAll(s, pair[0], pair[1])
	}
	return s
}
