package opy

// This file holds OverPy's names for Workshop elements and constants. The
// catalog keys every action and value by its OverPy name (wait,
// .teleport, random.randint, Vector.UP), and every enum member by its
// OverPy member name (Wait.IGNORE_CONDITION); these tables index them.

import (
	"strings"
	"sync"
	"unicode"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// nameTables index one vocabulary by OverPy names.
type nameTables struct {
	v *vocab.Vocabulary
	// elements holds actions and values by OverPy key.
	elements map[string]*vocab.Element
	// enums holds enums by their OverPy name (Wait, Hero, Color…).
	enums map[string]*opyEnum
	// bareValues are the values written without parentheses (true,
	// eventPlayer, …), by key.
	bareValues map[string]*vocab.Element
	// memberNames are the keys of member functions without their dot.
	memberNames []string
	freeNames   []string
}

// An opyEnum is an enum as OverPy code names it.
type opyEnum struct {
	name string
	enum *vocab.Enum
	// members by OverPy member name (ANA, WRECKING_BALL, IGNORE_CONDITION).
	members map[string]*vocab.Member
	// wrap is the value that holds a member in a value slot (Hero(Ana):
	// __hero__), or "" when the member is itself a value (All Teams).
	wrap string
}

var (
	tablesMu sync.Mutex
	tables   = map[*vocab.Vocabulary]*nameTables{}
)

// tablesFor returns the name tables of v, built once.
func tablesFor(v *vocab.Vocabulary) *nameTables {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t := tables[v]; t != nil {
		return t
	}
	t := &nameTables{v: v, elements: map[string]*vocab.Element{}, enums: map[string]*opyEnum{}, bareValues: map[string]*vocab.Element{}}
	for _, e := range v.Elements {
		t.elements[e.ID] = e
		if e.Kind == vocab.KindValue && e.Bare {
			t.bareValues[e.ID] = e
		}
		if strings.HasPrefix(e.ID, ".") {
			t.memberNames = append(t.memberNames, e.ID[1:])
		} else if !strings.HasPrefix(e.ID, "__") && !strings.Contains(e.ID, ".") {
			t.freeNames = append(t.freeNames, e.ID)
		}
	}
	for _, en := range v.Enums {
		name, wrap := en.ID, ""
		switch en.ID {
		case "HeroLiteral":
			name, wrap = "Hero", "__hero__"
		case "MapLiteral":
			name, wrap = "Map", "__map__"
		case "GamemodeLiteral":
			name, wrap = "Gamemode", "__gamemode__"
		case "ButtonLiteral":
			name, wrap = "Button", "__button__"
		case "ColorLiteral":
			name, wrap = "Color", "__color__"
		case "TeamLiteral":
			name = "Team"
		}
		oe := &opyEnum{name: name, enum: en, members: map[string]*vocab.Member{}, wrap: wrap}
		for _, m := range en.Members {
			oe.members[upperSnake(m.ID)] = m
		}
		t.enums[name] = oe
	}
	// OverPy's other spellings.
	if h := t.enums["Hero"]; h != nil {
		h.members["MCCREE"] = h.members["CASSIDY"]
		h.members["HAMMOND"] = h.members["WRECKING_BALL"]
	}
	if s := t.enums["StartRuleBehavior"]; s != nil {
		t.enums["AsyncBehavior"] = s
	}
	tables[v] = t
	return t
}

// upperSnake spells a catalog key as OverPy's enum members are spelled:
// wreckingBall → WRECKING_BALL; keys already upper case stay.
func upperSnake(key string) string {
	if strings.ToUpper(key) == key {
		return key
	}
	var b strings.Builder
	for i, r := range key {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// element returns the action or value of an OverPy key.
func (t *nameTables) element(key string) *vocab.Element { return t.elements[key] }
