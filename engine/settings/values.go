package settings

// This file resolves and checks values: the words of enumerated settings,
// On/Off-style words, numbers, percentages, quoted strings, workshop
// values, and the map lines of map lists.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A problem is a diagnostic about a value, before it has a span; cands,
// when set, are spellings to suggest the nearest of.
type problem struct {
	code  diag.Code
	sev   diag.Severity
	msg   string
	text  string
	cands []string
}

func unknownValue(text, key string, cands []string) *problem {
	return &problem{code: diag.UnknownSettingsEntry, sev: diag.Warning, text: text, cands: cands,
		msg: fmt.Sprintf("unknown value %q for %q", text, key)}
}

func invalidValue(format string, args ...any) *problem {
	return &problem{code: diag.InvalidSettingValue, sev: diag.Warning, msg: fmt.Sprintf(format, args...)}
}

// boolOrder lists, per kind of boolean setting, the words preferred when a
// locale spells several alike (ru-RU "Откл." is both Off and Disabled).
var boolOrders = map[string][]string{
	"onOff":   {"on", "off", "enabled", "disabled", "yes", "no"},
	"yesNo":   {"yes", "no", "on", "off", "enabled", "disabled"},
	"enabled": {"enabled", "disabled", "on", "off", "yes", "no"},
}

func boolFamily(tag string) string {
	switch {
	case strings.Contains(tag, "YesNo"):
		return "yesNo"
	case strings.Contains(tag, "Enabled"):
		return "enabled"
	}
	return "onOff"
}

// settingValue resolves the value text of setting st. It reports nothing:
// the caller also uses it to test which split of a line fits.
func (r *resolver) settingValue(st *setting, text string) (string, *problem) {
	n := st.node
	if len(n.Values) > 0 {
		values := r.s.valuesOf(st)
		if id, ok := values.find(vocab.Fold(text), r.order); ok {
			return "value:" + id, nil
		}
		cands := values.spellings[r.loc]
		if len(cands) == 0 {
			cands = values.spellings[vocab.EnUS]
		}
		return r.literal(text, ""), unknownValue(text, keyName(st, r.loc), cands)
	}
	switch tag := n.Tag; {
	case strings.HasPrefix(tag, "__bool"):
		if w := r.boolWord(text, boolFamily(tag)); w != "" {
			return "bool:" + w, nil
		}
		order := boolOrders[boolFamily(tag)]
		return r.literal(text, ""), unknownValue(text, keyName(st, r.loc), r.wordSpellings(order[0], order[1]))
	case tag == "__percent__":
		if isPercent(text) {
			return "percent:" + text[:len(text)-1], nil
		}
		return r.literal(text, ""), invalidValue("expected a percentage such as 100%% for %q, found %q", keyName(st, r.loc), text)
	case tag == "__int__":
		if isNumber(text) && !strings.Contains(text, ".") {
			return "number:" + text, nil
		}
		return r.literal(text, ""), invalidValue("expected a whole number for %q, found %q", keyName(st, r.loc), text)
	case tag == "__float__":
		if isNumber(text) {
			return "number:" + text, nil
		}
		return r.literal(text, ""), invalidValue("expected a number for %q, found %q", keyName(st, r.loc), text)
	case tag == "__string__":
		if isQuoted(text) {
			return "string:" + text, checkLength(st, text)
		}
		return r.literal(text, ""), invalidValue("expected a quoted string for %q, found %q", keyName(st, r.loc), text)
	}
	if id := r.literal(text, "onOff"); id != "" {
		return id, nil
	}
	return "", unknownValue(text, keyName(st, r.loc), nil)
}

func keyName(st *setting, l vocab.Locale) string {
	if n := clean(st.names[l]); n != "" {
		return n
	}
	return clean(st.names[vocab.EnUS])
}

// checkLength checks a string setting against the schema's limits: the
// game counts the Description in characters and the Mode Name in bytes,
// after escapes are read.
func checkLength(st *setting, lit string) *problem {
	s := unquote(lit)
	name := clean(st.names[vocab.EnUS])
	if max := st.node.MaxChars; max > 0 {
		if n := utf8.RuneCountInString(s); n > max {
			return &problem{code: diag.SettingTooLong, sev: diag.Error,
				msg: fmt.Sprintf("the %s is %d characters long; the game allows at most %d", name, n, max)}
		}
	}
	if max := st.node.MaxBytes; max > 0 && len(s) > max {
		return &problem{code: diag.SettingTooLong, sev: diag.Error,
			msg: fmt.Sprintf("the %s is %d bytes long in UTF-8; the game allows at most %d", name, len(s), max)}
	}
	return nil
}

// workshopValue resolves the value of a workshop setting: a combo index
// [n], a number, On/Off, or a hero.
func (r *resolver) workshopValue(text string) (string, *problem) {
	if id := r.literal(text, "onOff"); id != "" {
		return id, nil
	}
	if h, ok := r.s.heroIx.find(vocab.Fold(text), r.order); ok {
		return "hero:" + h.ID, nil
	}
	return "", &problem{code: diag.UnknownSettingsEntry, sev: diag.Warning,
		msg: fmt.Sprintf("unknown workshop setting value %q; expected a number, On, Off, a hero or a choice written [n]", text)}
}

// literal returns the identity of text read as a literal value: a quoted
// string, a percentage, a number, a combo index, or (when family is set) an
// On/Off-style word; "" when it is none of them.
func (r *resolver) literal(text, family string) string {
	switch {
	case isQuoted(text):
		return "string:" + text
	case isPercent(text):
		return "percent:" + text[:len(text)-1]
	case isNumber(text):
		return "number:" + text
	case len(text) > 2 && text[0] == '[' && text[len(text)-1] == ']' && isDigits(text[1:len(text)-1]):
		return "combo:" + text[1:len(text)-1]
	}
	if family == "" {
		family = "onOff"
	}
	if w := r.boolWord(text, family); w != "" {
		return "bool:" + w
	}
	return ""
}

// boolWord finds text among On, Off, Yes, No, Enabled and Disabled in the
// reading order's first locale that has it, preferring the family's words.
func (r *resolver) boolWord(text, family string) string {
	key := vocab.Fold(text)
	var ids []string
	for _, l := range r.order {
		if ids = r.s.wordIx[l][key]; len(ids) > 0 {
			break
		}
	}
	for _, w := range boolOrders[family] {
		for _, id := range ids {
			if id == w {
				return w
			}
		}
	}
	return ""
}

func (r *resolver) wordSpellings(ids ...string) []string {
	var out []string
	for _, id := range ids {
		if w := r.s.words[id]; w != nil {
			if n := w.Names[r.loc]; n != "" {
				out = append(out, n)
			} else if n := w.Names[vocab.EnUS]; n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// mapWord resolves a map line: the map's name followed by the variant ids
// the game writes (current exports), a 0 (older ones), or nothing.
func (r *resolver) mapWord(it *ast.SettingsItem) {
	text := it.Key
	// Offsets where each trailing all-digit field starts, last first.
	var starts []int
	end := len(text)
	for len(starts) < maxVariants {
		for end > 0 && (text[end-1] == ' ' || text[end-1] == '\t') {
			end--
		}
		i := end
		for i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
			i--
		}
		if i == end || i == 0 || text[i-1] != ' ' && text[i-1] != '\t' {
			break
		}
		starts = append(starts, i)
		end = i - 1
	}
	// Prefer the longest name, so that "Route 66" keeps its 66.
	for k := 0; k <= len(starts); k++ {
		nameEnd := len(text)
		if k > 0 {
			nameEnd = starts[k-1]
		}
		if !r.s.mapIx.fits(text[:nameEnd]) {
			continue
		}
		m, ok := r.s.mapIx.find(vocab.Fold(text[:nameEnd]), r.order)
		if !ok {
			continue
		}
		id := "map:" + m.ID
		// The variant ids are kept, not checked: the catalog lags the
		// game (exports list Watchpoint: Gibraltar variants it lacks).
		for _, v := range strings.Fields(text[nameEnd:]) {
			id += "#" + v
		}
		it.KeyID = id
		return
	}
	name := text
	if len(starts) > 0 {
		name = strings.TrimSpace(text[:starts[len(starts)-1]])
	}
	r.unknown(it.KeySpan, name, r.s.mapIx.spellings, "unknown map %q", name)
}

// maxVariants bounds the variant ids read after a map name; a map has at
// most a handful.
const maxVariants = 16

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isNumber accepts the numbers the game writes: an optional sign, digits,
// and an optional fraction ("12", "-0.5", "1.000").
func isNumber(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	whole, frac, dot := strings.Cut(s, ".")
	if !dot {
		return isDigits(whole)
	}
	return (whole == "" || isDigits(whole)) && (frac == "" && whole != "" || isDigits(frac))
}

func isPercent(s string) bool {
	return len(s) > 1 && s[len(s)-1] == '%' && isNumber(s[:len(s)-1])
}

// isQuoted reports whether s is one string literal: quotes at both ends
// and no unescaped quote inside.
func isQuoted(s string) bool {
	if len(s) < 2 || s[0] != '"' {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i == len(s)-1
		}
	}
	return false
}

// unquote reads a string literal as the game does: \\, \", \n and \r are
// escapes; any other backslash stays.
func unquote(lit string) string {
	if len(lit) >= 2 {
		lit = lit[1 : len(lit)-1]
	}
	if !strings.Contains(lit, `\`) {
		return lit
	}
	var b strings.Builder
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c == '\\' && i+1 < len(lit) {
			switch lit[i+1] {
			case '\\', '"':
				c = lit[i+1]
				i++
			case 'n':
				c = '\n'
				i++
			case 'r':
				c = '\r'
				i++
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}
