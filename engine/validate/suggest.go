package validate

// This file finds the nearest valid names for unknown ones ("did you mean").

import (
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

type nameKinds uint8

const (
	kindsAction nameKinds = iota + 1
	kindsValue
	kindsEvent
	kindsEventTeam
	kindsEventPlayer
	kindsLocalizedString
)

// suggester answers the look-ups of one file: vocab.Suggester indexes
// each kind's candidate spellings on first use (most scripts have no
// unknown names), remembers its answers and bounds the fresh look-ups.
// A kind is a nameKinds, an enum or a slot table, whose names do not
// change while a script is checked.
type suggester struct {
	sugg vocab.Suggester
}

func (c *checker) nearest(text string, kind any, names func() []string) []string {
	return c.sugg.Nearest(text, kind, names)
}

func (c *checker) candidates(k nameKinds) []string {
	var list []string
	add := func(n vocab.Named) {
		list = append(list, c.spell(n))
	}
	switch k {
	case kindsAction:
		for _, el := range c.v.Elements {
			if el.IsAction() {
				add(el)
			}
		}
	case kindsValue:
		for _, el := range c.v.Elements {
			if !el.IsAction() && el.ID != "__global__" {
				add(el)
			}
		}
	case kindsEvent:
		for _, ev := range c.v.Events {
			add(ev)
		}
	case kindsEventTeam:
		for _, w := range c.v.EventTeams {
			add(w)
		}
	case kindsEventPlayer:
		for _, w := range c.v.EventPlayers {
			add(w)
		}
		for _, m := range c.v.Enum("HeroLiteral").Members {
			add(m)
		}
	}
	return list
}

// suggest attaches the nearest names of kind k to d.
func (c *checker) suggest(d *diag.Diagnostic, text string, k nameKinds) {
	c.attach(d, c.nearest(text, k, func() []string { return c.candidates(k) }))
}

// suggestMember attaches the nearest members of en to d.
func (c *checker) suggestMember(d *diag.Diagnostic, text string, en *vocab.Enum) {
	c.attach(d, c.nearest(text, en, func() []string {
		var list []string
		for _, m := range en.Members {
			if !m.OnlyInOverPy {
				list = append(list, c.spell(m))
			}
		}
		return list
	}))
}

// suggestSlot attaches the nearest usable variable or subroutine names.
func (c *checker) suggestSlot(d *diag.Diagnostic, text string, t *slotTable) {
	c.attach(d, c.nearest(text, t, t.names))
}

func (c *checker) attach(d *diag.Diagnostic, names []string) {
	if len(names) == 0 {
		return
	}
	d.Suggestions = names
	d.Message += "; did you mean " + strconv.Quote(names[0]) + "?"
}

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
