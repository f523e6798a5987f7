package settings

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Lines says how the parser splits the lines inside a group.
type Lines uint8

// The kinds of group content.
const (
	// LinesPlain: "Key: Value" settings, split where Resolve finds the key,
	// and nested groups.
	LinesPlain Lines = iota
	// LinesWords: every line is a bare word, even one containing ": "
	// (map lists hold "Ecopoint: Antarctica 972777519512068154").
	LinesWords
	// LinesWorkshop: "Name: value" where the name is free text without
	// colons and the value may hold one (a hero such as "Soldier: 76"),
	// so the split is at the first ": ".
	LinesWorkshop
)

// LinesOf says how the lines of the group with the given header read;
// depth is 0 for a section header. The header is matched in every locale:
// the parser reads the block before it knows the script's language.
func (s *Schema) LinesOf(header string, depth int) Lines {
	key := vocab.Fold(header)
	if depth == 0 {
		switch id, _ := s.sectionIx.findAny(key); id {
		case "extensions":
			return LinesWords
		case "workshop":
			return LinesWorkshop
		}
		return LinesPlain
	}
	if _, ok := s.listIx.findAny(key); ok {
		return LinesWords
	}
	return LinesPlain
}

// Vote calls vote, for the text of each header, key, value and word of st
// the schema knows, with the locales that spell it. The parser counts
// these as votes when it detects the script's language: a settings-only
// script has no other names to tell ko-KR or ru-RU from en-US.
func (s *Schema) Vote(st *ast.Settings, vote func(vocab.LocaleSet)) {
	if st == nil {
		return
	}
	var walk func(items []*ast.SettingsItem, depth int)
	walk = func(items []*ast.SettingsItem, depth int) {
		if depth > maxDepth {
			return
		}
		for _, it := range items {
			if it == nil {
				continue
			}
			if set := s.spelledIn(it.Key); set != 0 {
				vote(set)
			} else if it.Kind == ast.SettingsWord {
				// A map line: the name before the variant ids (a name
				// ending in digits, such as Route 66, is missed; a
				// vote less does no harm).
				if set := s.spelledIn(strings.TrimRight(it.Key, " \t0123456789")); set != 0 {
					vote(set)
				}
			}
			if it.Kind == ast.SettingsPair {
				if set := s.spelledIn(it.Value); set != 0 {
					vote(set)
				}
			}
			walk(it.Children, depth+1)
		}
	}
	walk(st.Items, 0)
}

func (s *Schema) spelledIn(text string) vocab.LocaleSet {
	if len(text) > 2*s.maxKey+16 {
		return 0
	}
	key := vocab.Fold(text)
	if s.spellers == nil {
		return staticSpellers(key)
	}
	return s.spellers[key]
}
