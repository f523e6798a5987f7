package opy

// This file translates the value of one setting by the type the schema
// gives it, and writes entries the schema does not know as they are, as
// OverPy does.

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// value writes v, the value of the setting id (schema node n; k is its
// key), or reports why it cannot be.
func (t *settingsTranslator) value(id string, n *vocab.SettingsNode, k, v *cval) (string, bool) {
	if len(n.Values) > 0 {
		if v.kind == cString && n.Values[v.str] != nil {
			return t.spellValue(id, "value:"+v.str), true
		}
		ids := make([]string, 0, len(n.Values))
		for w := range n.Values {
			ids = append(ids, w)
		}
		sort.Strings(ids)
		text, ok := t.rawText(v)
		if !ok {
			return "", false
		}
		expected := strings.Join(ids, ", ")
		if len(ids) > 8 {
			expected = itoa(len(ids)) + " values (" + strings.Join(ids[:3], ", ") + " …)"
		}
		x := t.c.d.warn(codeUnknownSetting, v.loc, "unknown value "+strconv.Quote(text)+" for \""+k.str+"\", which takes one of "+expected+"; it is written as is")
		t.c.d.suggestNearest(x, text, ids)
		return text, true
	}
	tag := n.Tag
	switch {
	case strings.HasPrefix(tag, "__bool"):
		if v.kind != cBool {
			t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes true or false, not "+v.describe())
			return "", false
		}
		on := v.b
		if strings.Contains(tag, "Reverse") {
			// "No Scope: On" is enableScoping false.
			on = !on
		}
		return t.spellValue(id, "bool:"+boolWord(tag, on)), true
	case tag == "__percent__" || tag == "__float__" || tag == "__int__":
		if v.kind != cNumber {
			what := "a number"
			if tag == "__percent__" {
				what = "a number (a percentage, written without '%')"
			}
			t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes "+what+", not "+v.describe())
			return "", false
		}
		if tag == "__int__" && v.num != math.Trunc(v.num) {
			t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes a whole number, not "+settingNumber(v.num))
			return "", false
		}
		if tag == "__percent__" {
			return settingNumber(v.num) + "%", true
		}
		return settingNumber(v.num), true
	case tag == "__string__":
		if v.kind != cString {
			t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes a string, not "+v.describe())
			return "", false
		}
		if n.MaxChars > 0 && utf8.RuneCountInString(v.str) > n.MaxChars {
			t.c.d.errorf(codeSettingTooLong, v.loc, "\""+k.str+"\" is "+itoa(utf8.RuneCountInString(v.str))+" characters long; the game allows at most "+itoa(n.MaxChars))
			return "", false
		}
		if n.MaxBytes > 0 && len(v.str) > n.MaxBytes {
			t.c.d.errorf(codeSettingTooLong, v.loc, "\""+k.str+"\" is "+itoa(len(v.str))+" bytes long in UTF-8; the game allows at most "+itoa(n.MaxBytes))
			return "", false
		}
		return quoteWorkshop(v.str), true
	}
	// A type the schema does not name: written as is.
	return t.rawText(v)
}

// boolWord is the word a boolean setting of the schema type tag is
// written with.
func boolWord(tag string, on bool) string {
	words := [2]string{"off", "on"}
	switch {
	case strings.Contains(tag, "YesNo"):
		words = [2]string{"no", "yes"}
	case strings.Contains(tag, "Enabled"):
		words = [2]string{"disabled", "enabled"}
	}
	if on {
		return words[1]
	}
	return words[0]
}

// settingNumber writes a number as the settings block takes it: digits,
// an optional sign and fraction, never an exponent.
func settingNumber(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return formatNumber(v)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// raw writes an entry the schema does not know as it is: a dictionary as
// a group, a list as a group of words, anything else as "key: value".
func (t *settingsTranslator) raw(k, v *cval) *sline {
	if !t.writable(k.str, k.loc) {
		return nil
	}
	switch v.kind {
	case cDict:
		var children []*sline
		for i, ck := range v.keys {
			if l := t.raw(ck, v.elems[i]); l != nil {
				children = append(children, l)
			}
		}
		return t.group(k.str, k, v, children)
	case cList:
		var words []*sline
		for _, x := range v.elems {
			text, ok := t.rawText(x)
			if ok {
				words = append(words, &sline{kind: sWord, key: text, keyLoc: x.loc, loc: x.loc})
			}
		}
		return t.group(k.str, k, v, words)
	}
	text, ok := t.rawText(v)
	if !ok {
		return nil
	}
	return &sline{kind: sPair, key: k.str, value: text, keyLoc: k.loc, valueLoc: v.loc, loc: k.loc.Cover(v.loc)}
}

// rawText writes a string, number or boolean as it is.
func (t *settingsTranslator) rawText(v *cval) (string, bool) {
	var text string
	switch v.kind {
	case cString:
		text = v.str
	case cNumber:
		text = settingNumber(v.num)
	case cBool:
		text = strconv.FormatBool(v.b)
	default:
		t.c.d.errorf(codeInvalidSettings, v.loc, "expected a string, number or boolean here, not "+v.describe())
		return "", false
	}
	return text, t.writable(text, v.loc)
}

// writable reports (and refuses) text that a line of the settings block
// cannot hold as it is.
func (t *settingsTranslator) writable(text string, at Loc) bool {
	if strings.TrimSpace(text) == "" || strings.ContainsAny(text, "{}\n\r") {
		t.c.d.errorf(codeInvalidSettings, at, strconv.Quote(text)+" cannot be written as a line of the settings block: it is empty or holds a brace or a line break")
		return false
	}
	return true
}
