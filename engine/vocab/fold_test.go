package vocab

import (
	"strings"
	"testing"
)

// foldRunes is Fold as it was written before its ASCII path, a rune at a
// time.
func foldRunes(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if isSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

var foldCases = []string{
	"", " ", "\t\n", "Ongoing - Each Player", "  Hero  Of\t\tEvent Player ", "Soldier: 76", "D.Va",
	"Torbjörn", "ÉQUIPE", "Лицзян: командный центр", "İstanbul", "ǅ", "\xff\xfeA", "a\xc3", "\v\f\r X \x00 Y",
	"Überlastungs-Dauer %", "技能1冷却时间", "ΣΑΣ",
}

// TestFoldBytes checks that Fold, ASCII a byte at a time, folds as the
// rune-at-a-time form: every spelling of the vocabulary and odd text.
func TestFoldBytes(t *testing.T) {
	check := func(s string) {
		if got, want := Fold(s), foldRunes(s); got != want {
			t.Errorf("Fold(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range foldCases {
		check(s)
	}
	v := Default()
	for _, list := range [][]*Entry{v.Keywords, v.SettingWords} {
		for _, e := range list {
			for _, n := range e.Names {
				check(n)
			}
		}
	}
	for _, h := range v.Heroes {
		for _, n := range h.Names {
			check(n)
		}
	}
	for _, m := range v.Maps {
		for _, n := range m.Names {
			check(n)
		}
	}
}

func FuzzFold(f *testing.F) {
	for _, s := range foldCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Fold(s), foldRunes(s); got != want {
			t.Errorf("Fold(%q) = %q, want %q", s, got, want)
		}
	})
}

func foldInputs() []string {
	var in []string
	v := Default()
	for _, m := range v.Maps {
		in = append(in, m.Names[:]...)
	}
	for _, e := range v.SettingWords {
		in = append(in, e.Names[:]...)
	}
	return in
}

// BenchmarkFold folds every locale's names of the maps and setting words.
func BenchmarkFold(b *testing.B) {
	in := foldInputs()
	b.Run("bytes", func(b *testing.B) {
		for b.Loop() {
			for _, s := range in {
				Fold(s)
			}
		}
	})
	b.Run("runes", func(b *testing.B) {
		for b.Loop() {
			for _, s := range in {
				foldRunes(s)
			}
		}
	})
}
