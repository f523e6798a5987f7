package opy

// This file translates the evaluated settings dictionary, keyed by
// OverPy's schema ids ("lobby", "mapRotation", "afterGame"), into the
// lines of the Workshop settings block, spelled in en-US ("Map Rotation:
// After A Game"). The vocabulary's settings schema says which keys each
// group takes and what values; the engine's settings index spells them,
// so that the text reads back to the same settings.
//
// The lines come in OverPy's order (the dump the conformance test
// compares is ordered): entries as written, except that a game mode's map
// list comes first, and a team's General settings first and its hero
// list last.

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/settings"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// An sline is a line of the settings text: a group with its block, a
// "Key: Value" setting or a bare word (a map, hero or extension).
type sline struct {
	kind       slineKind
	key, value string
	// keyLoc and valueLoc are the OverPy text the key and value were
	// written as; loc covers the whole entry.
	keyLoc, valueLoc, loc Loc
	children              []*sline
}

type slineKind uint8

const (
	sGroup slineKind = iota
	sPair
	sWord
)

// A settingsTranslator turns the settings constant into lines.
type settingsTranslator struct {
	c      *compiler
	schema *settings.Schema
	root   *vocab.SettingsNode
}

func newSettingsTranslator(c *compiler) *settingsTranslator {
	return &settingsTranslator{c: c, schema: settings.For(c.v), root: c.v.Settings}
}

// spell writes a schema identity (see engine/settings) in en-US.
func (t *settingsTranslator) spell(id string) string {
	text, _ := t.schema.Spell(id, vocab.EnUS)
	return text
}

func (t *settingsTranslator) spellValue(keyID, valueID string) string {
	text, _ := t.schema.SpellValue(keyID, valueID, vocab.EnUS)
	return text
}

// known reports whether the engine's index has the identity: a per-hero
// template whose ability the hero lacks is not.
func (t *settingsTranslator) known(id string) bool {
	_, err := t.schema.Spell(id, vocab.EnUS)
	return !errors.Is(err, settings.ErrNoSpelling)
}

// node walks the schema tree: each step names a child (section or group)
// or, with a "." prefix, a value entry.
func (t *settingsTranslator) node(path ...string) *vocab.SettingsNode {
	n := t.root
	for _, p := range path {
		if n == nil {
			return nil
		}
		if v, ok := strings.CutPrefix(p, "."); ok {
			n = n.Values[v]
		} else {
			n = n.Children[p]
		}
	}
	return n
}

// entriesOf returns the values of a node's entries, keyed by id.
func entriesOf(n *vocab.SettingsNode) map[string]*vocab.SettingsNode {
	if n == nil {
		return nil
	}
	if n.Values != nil {
		return n.Values
	}
	return n.Children
}

func schemaKeys(maps ...map[string]*vocab.SettingsNode) []string {
	var out []string
	for _, m := range maps {
		for k := range m {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// suggestNearest adds the nearest of cands to a diagnostic about text: a
// spelling that differs only in case first (OverPy's keys are
// case-sensitive), then the nearest by edit distance.
func (d *diagnostics) suggestNearest(x *Diagnostic, text string, cands []string) {
	var s []string
	for _, c := range cands {
		if strings.EqualFold(c, text) && c != text {
			s = append(s, c)
		}
	}
	for _, n := range d.suggest.NearestIn(text, func() []string { return cands }) {
		if len(s) < 3 && !slices.Contains(s, n) {
			s = append(s, n)
		}
	}
	if len(s) > 0 {
		x.Message += "; did you mean '" + s[0] + "'?"
		x.suggest(s...)
	}
}

// sectionIDs are the keys of the settings dictionary.
var sectionIDs = []string{"main", "lobby", "gamemodes", "heroes", "workshop"}

// translate turns the settings dictionary into the block's lines.
func (t *settingsTranslator) translate(root *cval) []*sline {
	if root.kind != cDict {
		t.c.d.errorf(codeInvalidSettings, root.loc, "the settings are a dictionary of sections, not "+root.describe())
		return nil
	}
	var out []*sline
	hasModes := false
	for i, k := range root.keys {
		v := root.elems[i]
		switch k.str {
		case "main", "lobby", "gamemodes", "heroes", "workshop":
		case "extensions":
			t.c.d.errorf(codeInvalidSettings, k.loc, "extensions are enabled with '#!extension NAME' lines, not in the settings dictionary")
			continue
		default:
			x := t.c.d.errorf(codeInvalidSettings, k.loc, "unknown settings section \""+k.str+"\": expected main, lobby, gamemodes, heroes or workshop")
			t.c.d.suggestNearest(x, k.str, sectionIDs)
			continue
		}
		hasModes = hasModes || k.str == "gamemodes"
		d := t.dict(k, v)
		if d == nil {
			continue
		}
		var children []*sline
		switch k.str {
		case "main", "lobby":
			table := entriesOf(t.node(k.str))
			children = t.settingsOf(&settingsGroup{where: k.str, cands: func() []string { return schemaKeys(table) }, find: func(key string) (string, *vocab.SettingsNode) {
				return k.str + "/" + key, table[key]
			}}, d)
		case "gamemodes":
			children = t.modes(d)
		case "heroes":
			children = t.heroes(d)
		case "workshop":
			children = t.workshop(d)
		}
		out = append(out, t.group(t.spell("section:"+k.str), k, v, children))
	}
	if !hasModes {
		at := root.loc
		at.End = min(at.End, at.Start+1)
		t.c.d.errorf(codeInvalidSettings, at, "the settings have no \"gamemodes\" section: OverPy needs at least one game mode (or \"general\") in it")
	}
	if ext := t.extensions(); ext != nil {
		out = append(out, ext)
	}
	return out
}

// group builds a group line for the entry k: v.
func (t *settingsTranslator) group(header string, k, v *cval, children []*sline) *sline {
	return &sline{kind: sGroup, key: header, keyLoc: k.loc, loc: k.loc.Cover(v.loc), children: children}
}

// dict returns v when it is a dictionary, else reports it.
func (t *settingsTranslator) dict(k, v *cval) *cval {
	if v.kind != cDict {
		t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes a dictionary, not "+v.describe())
		return nil
	}
	return v
}

// A settingsGroup is a group of plain settings: lobby, a game mode, a
// hero …
type settingsGroup struct {
	// where names the group in messages.
	where string
	// cands lists the keys the group takes, for suggestions; it is
	// called only when a key is unknown.
	cands func() []string
	// find returns the identity and schema node of a key, or a nil node
	// for a key the group does not take.
	find func(key string) (string, *vocab.SettingsNode)
}

// settingsOf translates the settings of one group.
func (t *settingsTranslator) settingsOf(g *settingsGroup, d *cval) []*sline {
	var out []*sline
	for i, k := range d.keys {
		if l := t.setting(g, k, d.elems[i]); l != nil {
			out = append(out, l)
		}
	}
	return out
}

// setting translates one setting; a key the schema does not know is
// written as it is, as OverPy does (the game may know it: the schema
// lags the game).
func (t *settingsTranslator) setting(g *settingsGroup, k, v *cval) *sline {
	id, node := g.find(k.str)
	if node == nil {
		x := t.c.d.warn(codeUnknownSetting, k.loc, "unknown setting \""+k.str+"\" in "+g.where+"; it is written as is")
		t.c.d.suggestNearest(x, k.str, g.cands())
		return t.raw(k, v)
	}
	text, ok := t.value(id, node, k, v)
	if !ok {
		return nil
	}
	return &sline{kind: sPair, key: t.spell(id), value: text, keyLoc: k.loc, valueLoc: v.loc, loc: k.loc.Cover(v.loc)}
}
