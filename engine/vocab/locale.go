package vocab

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab/catalogfile"
)

// A Locale is one of the 15 Overwatch client languages.
type Locale uint8

// NumLocales is the number of client languages.
const NumLocales = 15

// The locales, in catalog order.
const (
	EnUS Locale = iota
	DeDE
	EsES
	EsMX
	FrFR
	ItIT
	JaJP
	KoKR
	PlPL
	PtBR
	RuRU
	ThTH
	TrTR
	ZhCN
	ZhTW
)

func init() {
	if len(catalogfile.Locales) != NumLocales {
		panic("vocab: locale table out of step with catalogfile.Locales")
	}
}

// String returns the locale's tag, such as "en-US".
func (l Locale) String() string {
	if int(l) < NumLocales {
		return catalogfile.Locales[l]
	}
	return fmt.Sprintf("Locale(%d)", uint8(l))
}

// Locales returns every locale in catalog order.
func Locales() []Locale {
	out := make([]Locale, NumLocales)
	for i := range out {
		out[i] = Locale(i)
	}
	return out
}

// ParseLocale reads a locale tag. It accepts any case and "_" for "-"
// ("zh_cn", "ZH-CN").
func ParseLocale(s string) (Locale, error) {
	norm := strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	for i, tag := range catalogfile.Locales {
		if strings.EqualFold(tag, norm) {
			return Locale(i), nil
		}
	}
	return 0, fmt.Errorf("unknown locale %q (want one of %s)", s, strings.Join(catalogfile.Locales, ", "))
}

// A LocaleSet is a set of locales as a bit mask.
type LocaleSet uint16

// AllLocales holds every locale.
const AllLocales LocaleSet = 1<<NumLocales - 1

// Of returns the set holding only l.
func Of(l Locale) LocaleSet { return 1 << l }

// Has reports whether s contains l.
func (s LocaleSet) Has(l Locale) bool { return s&(1<<l) != 0 }

// Len returns the number of locales in s.
func (s LocaleSet) Len() int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// First returns the first locale of s in catalog order; ok is false when s
// is empty.
func (s LocaleSet) First() (l Locale, ok bool) {
	for i := range NumLocales {
		if s.Has(Locale(i)) {
			return Locale(i), true
		}
	}
	return 0, false
}

// List returns the locales of s in catalog order.
func (s LocaleSet) List() []Locale {
	var out []Locale
	for i := range NumLocales {
		if s.Has(Locale(i)) {
			out = append(out, Locale(i))
		}
	}
	return out
}
