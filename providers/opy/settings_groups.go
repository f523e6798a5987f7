package opy

// This file translates the sections of the settings whose groups are not
// plain settings: game modes with their map lists, teams with their
// heroes and hero lists, workshop settings, and extensions.

import (
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// modes translates the "gamemodes" section: a group per mode, "general"
// for the settings of every mode.
func (t *settingsTranslator) modes(d *cval) []*sline {
	var out []*sline
	for i, k := range d.keys {
		v := d.elems[i]
		mode := k.str
		gm := t.c.v.GameMode(mode)
		switch {
		case gm != nil && gm.OnlyInOW1:
			t.c.d.errorf(codeInvalidSettings, k.loc, "the game mode \""+mode+"\" is not in Overwatch 2")
			continue
		case gm == nil && mode != "general":
			x := t.c.d.warn(codeUnknownSetting, k.loc, "unknown game mode \""+mode+"\"; it is written as is")
			t.c.d.suggestNearest(x, mode, t.modeIDs())
			mode = ""
		}
		if t.dict(k, v) == nil {
			continue
		}
		if l := t.mode(mode, k, v); l != nil {
			out = append(out, l)
		}
	}
	return out
}

func (t *settingsTranslator) modeIDs() []string {
	ids := []string{"general"}
	for _, g := range t.c.v.GameModes {
		if !g.OnlyInOW1 {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// mode translates one game mode's group; mode is "" for a mode the
// schema does not know, whose settings are written as they are.
func (t *settingsTranslator) mode(mode string, k, v *cval) *sline {
	disabled := false
	var maps *sline
	var lines []*sline
	g := &settingsGroup{where: "the game mode \"" + mode + "\"", cands: func() []string { return schemaKeys(t.modeTable(mode), t.modeTable("general")) },
		find: func(key string) (string, *vocab.SettingsNode) { return t.modeSetting(mode, key) }}
	if mode == "general" {
		g.where = "the General settings of the modes"
	}
	for i, sk := range v.keys {
		sv := v.elems[i]
		switch sk.str {
		case "enabled":
			if mode == "general" {
				t.c.d.errorf(codeInvalidSettings, sk.loc, "the General settings of the modes cannot be disabled")
				continue
			}
			if sv.kind != cBool {
				t.c.d.errorf(codeInvalidSettings, sv.loc, "\"enabled\" takes true or false, not "+sv.describe())
				continue
			}
			disabled = !sv.b
		case "enabledMaps", "disabledMaps":
			if maps != nil {
				t.c.d.errorf(codeInvalidSettings, sk.loc, "a game mode has enabled maps or disabled maps, not both").related(maps.keyLoc, "the other list")
				continue
			}
			maps = t.mapList(sk, sv)
		default:
			if mode == "" {
				if l := t.raw(sk, sv); l != nil {
					lines = append(lines, l)
				}
				continue
			}
			if l := t.setting(g, sk, sv); l != nil {
				lines = append(lines, l)
			}
		}
	}
	if maps != nil {
		lines = append([]*sline{maps}, lines...)
	}
	var text string
	switch {
	case mode == "":
		// A mode the schema does not know keeps its name as written.
		text = k.str
		if disabled {
			text = "disabled " + text
		}
	case disabled:
		text = t.spell("disabled mode:" + mode)
	default:
		text = t.spell("mode:" + mode)
	}
	return t.group(text, k, v, lines)
}

// modeTable returns the settings a mode's own schema entry lists.
func (t *settingsTranslator) modeTable(mode string) map[string]*vocab.SettingsNode {
	return entriesOf(t.node("gamemodes", "."+mode))
}

// modeSetting finds a setting of a game mode: the mode's own, then the
// General ones. General takes every mode's settings too, as the game's
// General group does.
func (t *settingsTranslator) modeSetting(mode, key string) (string, *vocab.SettingsNode) {
	if key == "enabledMaps" || key == "disabledMaps" {
		return "", nil
	}
	general := t.modeTable("general")
	if mode != "general" {
		if n := t.modeTable(mode)[key]; n != nil {
			return "gamemodes/" + mode + "/" + key, n
		}
		return "gamemodes/general/" + key, general[key]
	}
	if n := general[key]; n != nil {
		return "gamemodes/general/" + key, n
	}
	modes := entriesOf(t.node("gamemodes"))
	ids := make([]string, 0, len(modes))
	for id := range modes {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if n := entriesOf(modes[id])[key]; n != nil {
			return "gamemodes/general/" + key, n
		}
	}
	return "", nil
}

// mapList translates "enabledMaps" or "disabledMaps": map ids, or
// {"map": ["variant", …]} for the variants of a map.
func (t *settingsTranslator) mapList(k, v *cval) *sline {
	l := t.group(t.spell("list:"+k.str), k, v, nil)
	if v.kind != cList {
		t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes a list of maps, not "+v.describe())
		return l
	}
	for _, x := range v.elems {
		id, variants, at := x.str, (*cval)(nil), x.loc
		switch {
		case x.kind == cDict && len(x.keys) == 1:
			id, variants, at = x.keys[0].str, x.elems[0], x.keys[0].loc
		case x.kind != cString:
			t.c.d.errorf(codeInvalidSettings, x.loc, "a map is its name, or {\"map\": [variants]}, not "+x.describe())
			continue
		}
		m := t.c.v.Map(id)
		if m == nil {
			d := t.c.d.errorf(codeInvalidSettings, at, "unknown map \""+id+"\"")
			t.c.d.suggestNearest(d, id, t.mapIDs())
			continue
		}
		ident, ok := "map:"+id, true
		if variants != nil {
			ident, ok = t.mapVariants(m, ident, variants)
		}
		if ok {
			l.children = append(l.children, &sline{kind: sWord, key: t.spell(ident), keyLoc: x.loc, loc: x.loc})
		}
	}
	return l
}

func (t *settingsTranslator) mapIDs() []string {
	ids := make([]string, 0, len(t.c.v.Maps))
	for _, m := range t.c.v.Maps {
		ids = append(ids, m.ID)
	}
	return ids
}

// mapVariants adds the variant ids of a map's variants to its identity.
func (t *settingsTranslator) mapVariants(m *vocab.Map, ident string, v *cval) (string, bool) {
	if v.kind != cList {
		t.c.d.errorf(codeInvalidSettings, v.loc, "the variants of a map are a list, not "+v.describe())
		return "", false
	}
	names := make([]string, 0, len(m.Variants))
	for n := range m.Variants {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, x := range v.elems {
		vid, ok := m.Variants[x.str]
		if x.kind != cString || !ok {
			msg := "the map \"" + m.ID + "\" has no variant " + describeConst(x)
			if len(names) > 0 {
				msg += "; it has " + strings.Join(names, ", ")
			}
			d := t.c.d.errorf(codeInvalidSettings, x.loc, msg)
			if x.kind == cString {
				t.c.d.suggestNearest(d, x.str, names)
			}
			return "", false
		}
		ident += "#" + vid
	}
	return ident, true
}

// describeConst quotes a string and names the kind of anything else.
func describeConst(v *cval) string {
	if v.kind == cString {
		return "\"" + v.str + "\""
	}
	return v.describe()
}

// heroAliases are the former names OverPy still takes for heroes.
var heroAliases = map[string]string{"mccree": "cassidy", "hammond": "wreckingBall"}

// hero returns the hero a settings key or word names, or reports it.
func (t *settingsTranslator) hero(v *cval, extra ...string) (*vocab.Hero, bool) {
	id := v.str
	if a, ok := heroAliases[id]; ok {
		id = a
	}
	if h := t.c.v.Hero(id); h != nil && v.kind == cString {
		return h, true
	}
	ids := append([]string(nil), extra...)
	for _, h := range t.c.v.Heroes {
		ids = append(ids, h.ID)
	}
	x := t.c.d.errorf(codeInvalidSettings, v.loc, "unknown hero "+describeConst(v))
	if v.kind == cString {
		t.c.d.suggestNearest(x, v.str, ids)
	}
	return nil, false
}
