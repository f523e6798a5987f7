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
)

// suggester caches the candidate spellings per kind, built on first use
// (most scripts have no unknown names).
type suggester struct {
	cands map[nameKinds][]string
}

func (c *checker) candidates(k nameKinds) []string {
	if c.cands == nil {
		c.cands = map[nameKinds][]string{}
	}
	if list, ok := c.cands[k]; ok {
		return list
	}
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
	c.cands[k] = list
	return list
}

// suggest attaches the nearest names of kind k to d.
func (c *checker) suggest(d *diag.Diagnostic, text string, k nameKinds) {
	c.attach(d, vocab.Nearest(text, c.candidates(k)))
}

// suggestMember attaches the nearest members of en to d.
func (c *checker) suggestMember(d *diag.Diagnostic, text string, en *vocab.Enum) {
	var list []string
	for _, m := range en.Members {
		if !m.OnlyInOverPy {
			list = append(list, c.spell(m))
		}
	}
	c.attach(d, vocab.Nearest(text, list))
}

// suggestSlot attaches the nearest usable variable or subroutine names.
func (c *checker) suggestSlot(d *diag.Diagnostic, text string, t *slotTable) {
	c.attach(d, vocab.Nearest(text, t.names()))
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
