package catalogfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// Convert reads the shared catalog and returns the embedded form, encoded
// as compact JSON with a final newline. The output depends only on the
// input bytes.
func Convert(catalog []byte) ([]byte, error) {
	var in rawCatalog
	dec := json.NewDecoder(bytes.NewReader(catalog))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("catalog.json: %w", err)
	}
	if !slices.Equal(in.Meta.Locales, Locales) {
		return nil, fmt.Errorf("catalog.json: locales %v, want %v", in.Meta.Locales, Locales)
	}
	sum := sha256.Sum256(catalog)
	out := File{
		SourceCommit:  in.Meta.SourceCommit,
		CatalogSHA256: hex.EncodeToString(sum[:]),
		Locales:       Locales,
	}
	c := converter{}
	out.Keywords = c.words(in.RuleKeywords)
	for _, e := range in.Events {
		out.Events = append(out.Events, Event{Word: c.word(e.rawWord), Lines: e.Lines})
	}
	out.EventTeams = c.words(in.EventTeams)
	out.EventPlayers = c.words(in.EventPlayers)
	out.SettingWords = c.words(in.CustomGameSettingsValueKeywords)
	for _, group := range [][]rawElement{in.Actions, in.Values} {
		for _, e := range group {
			el, err := c.element(e)
			if err != nil {
				return nil, err
			}
			out.Elements = append(out.Elements, el)
		}
	}
	enumIDs := make([]string, 0, len(in.Constants))
	for id := range in.Constants {
		enumIDs = append(enumIDs, id)
	}
	sort.Strings(enumIDs)
	for _, id := range enumIDs {
		en := Enum{ID: id, Members: []Member{}}
		for _, m := range in.Constants[id] {
			en.Members = append(en.Members, Member{
				ID: m.Key, GUID: m.GUID, Names: c.names(m.Names), RGBA: m.RGBA,
				Extension: m.Extension, OnlyInOverPy: m.OnlyInOverpy,
			})
		}
		out.Enums = append(out.Enums, en)
	}
	for _, h := range in.Heroes {
		hero := Hero{Word: c.word(h.rawWord)}
		ids := make([]string, 0, len(h.Abilities))
		for id := range h.Abilities {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			a := h.Abilities[id]
			hero.Abilities = append(hero.Abilities, Word{ID: id, GUID: a.GUID, Names: c.names(a.Names)})
		}
		out.Heroes = append(out.Heroes, hero)
	}
	for _, m := range in.Maps {
		out.Maps = append(out.Maps, Map{
			Word: c.word(m.rawWord), GameModes: m.Gamemodes, Variants: m.Variants,
			IsSymmetrical: m.IsSymmetrical, IsWorkshopMap: m.IsWorkshopMap, OnlyInOW1: m.OnlyInOw1,
		})
	}
	for _, g := range in.Gamemodes {
		out.GameModes = append(out.GameModes, GameMode{
			Word: c.word(g.rawWord), DefaultTeam1Players: g.DefaultTeam1Players,
			DefaultTeam2Players: g.DefaultTeam2Players, DefaultFFAPlayers: g.DefaultFFAPlayers,
			OnlyInOW1: g.OnlyInOw1,
		})
	}
	for _, kind := range []string{"normal", "prefix", "postfix", "binary", "ternary", "surround"} {
		for _, s := range in.LocalizedStrings[kind] {
			out.LocalizedStrings = append(out.LocalizedStrings, LocalizedString{Word: c.word(s), Kind: kind})
		}
	}
	if len(in.LocalizedStrings) != 6 {
		return nil, fmt.Errorf("catalog.json: localizedStrings has %d kinds, want 6", len(in.LocalizedStrings))
	}
	settings, err := c.settings("customGameSettingsSchema", in.CustomGameSettingsSchema)
	if err != nil {
		return nil, err
	}
	out.Settings = settings
	if c.err != nil {
		return nil, c.err
	}

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type converter struct{ err error }

func (c *converter) names(m map[string]string) Names {
	n := make(Names, len(Locales))
	for loc, s := range m {
		i := indexOf(Locales, loc)
		if i < 0 {
			c.fail(fmt.Errorf("catalog.json: unknown locale %q", loc))
			continue
		}
		n[i] = s
	}
	return n
}

func (c *converter) word(w rawWord) Word {
	return Word{ID: w.Key, GUID: w.GUID, Names: c.names(w.Names)}
}

func (c *converter) words(ws []rawWord) []Word {
	out := make([]Word, 0, len(ws))
	for _, w := range ws {
		out = append(out, c.word(w))
	}
	return out
}

func (c *converter) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

func (c *converter) element(e rawElement) (Element, error) {
	el := Element{
		ID: e.Key, Action: e.Kind == "action", GUID: e.GUID, Names: c.names(e.Names),
		Returns: compact(e.ReturnType),
	}
	if e.Kind != "action" && e.Kind != "value" {
		return el, fmt.Errorf("catalog.json: element %s has kind %q", e.Key, e.Kind)
	}
	if e.Args != nil {
		el.Params = []Param{}
	}
	for _, a := range *orEmpty(e.Args) {
		p := Param{
			Name: a.Name, Type: compact(a.Type), Enum: a.Enum, BareIdentifier: a.BareIdentifier,
			Default: compact(a.Default), Min: a.Min, Max: a.Max, LiteralMax: a.LiteralMax,
		}
		for hint, on := range a.OptimizerHints {
			if on {
				p.Hints = append(p.Hints, hint)
			}
		}
		sort.Strings(p.Hints)
		el.Params = append(el.Params, p)
	}
	if f := e.Flags; f != nil {
		el.Flags = Flags{
			IsConstant: f.IsConstant, IsLiteral: f.IsLiteral,
			NotInBoolean:         f.CanBePutInBoolean != nil && !*f.CanBePutInBoolean,
			HideFromAutocomplete: f.HideFromAutocomplete, HasLiteralLimit: f.HasLiteralLimit,
			Class: f.Class,
		}
	}
	return el, nil
}

// settings converts one schema node. Locale keys become Names; "values" is
// a type tag or an object of children; other object members go to Children.
func (c *converter) settings(path string, raw map[string]json.RawMessage) (*SettingsNode, error) {
	n := &SettingsNode{}
	names := map[string]string{}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := raw[k]
		var err error
		switch {
		case indexOf(Locales, k) >= 0:
			var s string
			err = json.Unmarshal(v, &s)
			names[k] = s
		case k == "guid":
			var s *string
			err = json.Unmarshal(v, &s)
			if s != nil {
				n.GUID = *s
			}
		case k == "include":
			err = json.Unmarshal(v, &n.Include)
		case k == "exclude":
			err = json.Unmarshal(v, &n.Exclude)
		case k == "maxChars":
			err = json.Unmarshal(v, &n.MaxChars)
		case k == "maxBytes":
			err = json.Unmarshal(v, &n.MaxBytes)
		case k == "points":
			err = json.Unmarshal(v, &n.Points)
		case k == "values" && len(v) > 0 && v[0] == '"':
			err = json.Unmarshal(v, &n.Tag)
		default:
			var child map[string]json.RawMessage
			if err = json.Unmarshal(v, &child); err != nil {
				return nil, fmt.Errorf("catalog.json: %s.%s: unexpected %s", path, k, truncate(v))
			}
			if k == "values" {
				n.Values = map[string]*SettingsNode{}
				for _, ck := range sortedKeys(child) {
					var grand map[string]json.RawMessage
					if err := json.Unmarshal(child[ck], &grand); err != nil {
						return nil, fmt.Errorf("catalog.json: %s.values.%s: %w", path, ck, err)
					}
					cn, err := c.settings(path+".values."+ck, grand)
					if err != nil {
						return nil, err
					}
					n.Values[ck] = cn
				}
				continue
			}
			cn, err := c.settings(path+"."+k, child)
			if err != nil {
				return nil, err
			}
			if n.Children == nil {
				n.Children = map[string]*SettingsNode{}
			}
			n.Children[k] = cn
		}
		if err != nil {
			return nil, fmt.Errorf("catalog.json: %s.%s: %w", path, k, err)
		}
	}
	if len(names) > 0 {
		n.Names = c.names(names)
	}
	return n, nil
}

func compact(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

func orEmpty(a *[]rawArg) *[]rawArg {
	if a == nil {
		return &[]rawArg{}
	}
	return a
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func truncate(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}
