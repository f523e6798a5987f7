package opy

// This file translates the "heroes" section (teams, their General
// settings, per-hero settings and hero lists), the "workshop" section and
// the extensions.

import (
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// heroes translates the "heroes" section: a group per team.
func (t *settingsTranslator) heroes(d *cval) []*sline {
	teams := entriesOf(t.node("heroes", "teams"))
	var out []*sline
	for i, k := range d.keys {
		v := d.elems[i]
		if teams[k.str] == nil {
			x := t.c.d.errorf(codeInvalidSettings, k.loc, "unknown team \""+k.str+"\": expected allTeams, team1, team2 or ffa")
			t.c.d.suggestNearest(x, k.str, schemaKeys(teams))
			continue
		}
		if t.dict(k, v) != nil {
			out = append(out, t.team(k, v))
		}
	}
	return out
}

// team translates one team's group: its General settings first, then
// each hero's group, then its hero list.
func (t *settingsTranslator) team(k, v *cval) *sline {
	var general, heroes []*sline
	var list *sline
	for i, hk := range v.keys {
		hv := v.elems[i]
		switch hk.str {
		case "general":
			if t.dict(hk, hv) == nil {
				continue
			}
			each, generalOnly := t.heroTemplates("__generalAndEachHero__"), t.heroTemplates("__generalButNotEachHero__")
			general = append(general, t.settingsOf(&settingsGroup{where: "the General settings of the team \"" + k.str + "\"",
				cands: func() []string { return schemaKeys(each, generalOnly) }, find: func(key string) (string, *vocab.SettingsNode) {
					n := each[key]
					if n == nil {
						n = generalOnly[key]
					}
					return "heroes/general/" + key, n
				}}, hv)...)
		case "enabledHeroes", "disabledHeroes":
			if list != nil {
				t.c.d.errorf(codeInvalidSettings, hk.loc, "a team has enabled heroes or disabled heroes, not both").related(list.keyLoc, "the other list")
				continue
			}
			list = t.heroList(hk, hv)
		default:
			h, ok := t.hero(hk, "general", "enabledHeroes", "disabledHeroes")
			if !ok || t.dict(hk, hv) == nil {
				continue
			}
			heroes = append(heroes, t.heroGroup(h, hk, hv))
		}
	}
	lines := append(general, heroes...)
	if list != nil {
		lines = append(lines, list)
	}
	return t.group(t.spell("team:"+k.str), k, v, lines)
}

// heroTemplates returns the settings of a template group of the heroes
// section (__eachHero__, __generalAndEachHero__ …).
func (t *settingsTranslator) heroTemplates(group string) map[string]*vocab.SettingsNode {
	return entriesOf(t.node("heroes", "."+group))
}

// oldAbility1Knockback is the key OverPy took for Domina's Sonic
// Repulsors knockback before the schema named it ability1Kb%; OverPy
// still takes it, and moves it after the hero's other settings.
const oldAbility1Knockback = "ability1KB%"

// heroGroup translates one hero's settings.
func (t *settingsTranslator) heroGroup(h *vocab.Hero, k, v *cval) *sline {
	own := entriesOf(t.node("heroes", "."+h.ID))
	cands := func() []string {
		keys := schemaKeys(own, t.heroTemplates("__generalAndEachHero__"), t.heroTemplates("__eachHero__"))
		return slices.DeleteFunc(keys, func(k string) bool { return k == genericSecondaryFire })
	}
	find := func(key string) (string, *vocab.SettingsNode) { return t.heroSetting(h.ID, key) }
	g := &settingsGroup{where: "the hero \"" + k.str + "\"", cands: cands, find: find}
	var lines, moved []*sline
	for i, sk := range v.keys {
		sv := v.elems[i]
		if sk.str == oldAbility1Knockback {
			if _, n := find(sk.str); n == nil {
				if _, n := find("ability1Kb%"); n != nil {
					renamed := *sk
					renamed.str = "ability1Kb%"
					if l := t.setting(g, &renamed, sv); l != nil {
						moved = append(moved, l)
					}
					continue
				}
			}
		}
		if l := t.setting(g, sk, sv); l != nil {
			lines = append(lines, l)
		}
	}
	return t.group(t.spell("hero:"+h.ID), k, v, append(lines, moved...))
}

// heroSetting finds a setting of a hero: the hero's own, then the
// templates that apply to it (the schema's include and exclude lists, and
// the abilities the hero has).
func (t *settingsTranslator) heroSetting(hero, key string) (string, *vocab.SettingsNode) {
	id := "heroes/" + hero + "/" + key
	if n := entriesOf(t.node("heroes", "."+hero))[key]; n != nil {
		return id, n
	}
	if key == genericSecondaryFire {
		// Not a key of OverPy's: see below.
		return "", nil
	}
	for _, group := range []string{"__generalAndEachHero__", "__eachHero__"} {
		n := t.heroTemplates(group)[key]
		if n == nil || !appliesToHero(n, hero) || !t.known(id) {
			continue
		}
		return id, n
	}
	if key == "enableSecondaryFire" {
		// A hero whose secondary fire has no name of its own has the
		// schema's generic "Secondary Fire" instead, which OverPy writes
		// enableSecondaryFire too.
		if n := t.heroTemplates("__eachHero__")[genericSecondaryFire]; n != nil && appliesToHero(n, hero) {
			return "heroes/" + hero + "/" + genericSecondaryFire, n
		}
	}
	return "", nil
}

// genericSecondaryFire is the schema's id of "Secondary Fire" for the
// heroes whose secondary fire has no name of its own.
const genericSecondaryFire = "enableGenericSecondaryFire"

func appliesToHero(n *vocab.SettingsNode, hero string) bool {
	switch {
	case n.Include != nil:
		return slices.Contains(n.Include, hero)
	case n.Exclude != nil:
		return !slices.Contains(n.Exclude, hero)
	}
	return true
}

// heroList translates "enabledHeroes" or "disabledHeroes".
func (t *settingsTranslator) heroList(k, v *cval) *sline {
	l := t.group(t.spell("list:"+k.str), k, v, nil)
	if v.kind != cList {
		t.c.d.errorf(codeInvalidSettings, v.loc, "\""+k.str+"\" takes a list of heroes, not "+v.describe())
		return l
	}
	for _, x := range v.elems {
		if h, ok := t.hero(x); ok {
			l.children = append(l.children, &sline{kind: sWord, key: t.spell("hero:" + h.ID), keyLoc: x.loc, loc: x.loc})
		}
	}
	return l
}

// workshop translates the "workshop" section: the values of the
// program's workshop settings, by name.
func (t *settingsTranslator) workshop(d *cval) []*sline {
	var out []*sline
	for i, k := range d.keys {
		v := d.elems[i]
		if !t.writable(k.str, k.loc) {
			continue
		}
		var text string
		switch {
		case v.kind == cBool:
			text = t.spellValue("", "bool:"+boolWord("__boolOnOff__", v.b))
		case v.kind == cNumber:
			text = settingNumber(v.num)
		case v.kind == cString:
			h, ok := t.hero(v)
			if !ok {
				continue
			}
			text = t.spell("hero:" + h.ID)
		case v.kind == cList && len(v.elems) == 1 && v.elems[0].kind == cNumber && v.elems[0].num >= 0 && v.elems[0].num == float64(int(v.elems[0].num)):
			// A combo setting's choice, by index.
			text = "[" + settingNumber(v.elems[0].num) + "]"
		default:
			t.c.d.errorf(codeInvalidSettings, v.loc, "a workshop setting takes a number, true or false, a hero, or [N] for the Nth choice of a combo, not "+v.describe())
			continue
		}
		out = append(out, &sline{kind: sPair, key: k.str, value: text, keyLoc: k.loc, valueLoc: v.loc, loc: k.loc.Cover(v.loc)})
	}
	return out
}

// extensions builds the extensions group from the #!extension lines, each
// extension once, in the order first named.
func (t *settingsTranslator) extensions() *sline {
	known := entriesOf(t.node("extensions"))
	l := &sline{kind: sGroup, key: t.spell("section:extensions"), keyLoc: Loc{File: -1}, loc: Loc{File: -1}}
	seen := map[string]bool{}
	for _, x := range t.c.extensions {
		if known[x.name] == nil {
			d := t.c.d.errorf(codeInvalidSettings, x.loc, "unknown extension '"+diag.Excerpt(x.name)+"'")
			t.c.d.suggestNearest(d, x.name, schemaKeys(known))
			continue
		}
		if seen[x.name] {
			continue
		}
		seen[x.name] = true
		l.children = append(l.children, &sline{kind: sWord, key: t.spell("ext:" + x.name), keyLoc: x.loc, loc: x.loc})
	}
	if len(l.children) == 0 {
		return nil
	}
	return l
}
