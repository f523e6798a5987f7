package settings

// This file walks the settings block and resolves each line in the scope
// its enclosing groups give it: the section, the mode or hero a setting
// belongs to, or the list a bare word is part of.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Resolve fills the KeyID and ValueID of every item of st (see the package
// documentation), reading names in locale l, then in en-US, then in the
// other locales of also (the parser passes the locales it detected as
// candidates, so that mixed text still reads), and returns the problems
// found: entries the schema does not know (warnings) and values that break
// its limits. src is the text st was parsed from: a setting whose key or
// value contains ": " is split again where the schema recognises the key.
// Resolve must run before the tree is shared.
func Resolve(st *ast.Settings, src string, v *vocab.Vocabulary, l vocab.Locale, also vocab.LocaleSet) diag.List {
	if st == nil || v == nil || int(l) >= vocab.NumLocales {
		return nil
	}
	r := &resolver{s: For(v), src: src, loc: l, order: []vocab.Locale{l, vocab.EnUS}}
	for _, o := range also.List() {
		if o != l && o != vocab.EnUS {
			r.order = append(r.order, o)
		}
	}
	r.items(st.Items, scope{kind: inRoot}, 0)
	return r.diags
}

type scopeKind uint8

const (
	inUnknown scopeKind = iota // a group the schema does not know: its lines are left alone
	inRoot
	inMain
	inLobby
	inModes
	inMode // id: the mode, "general", or "" for a mode the schema does not know
	inHeroes
	inTeam
	inHero // id: the hero, or "" for a hero the schema does not know
	inWorkshop
	inExtensions
	inMapList
	inHeroList
)

var sectionScopes = map[string]scopeKind{
	"main": inMain, "lobby": inLobby, "gamemodes": inModes, "heroes": inHeroes,
	"workshop": inWorkshop, "extensions": inExtensions,
}

type scope struct {
	kind scopeKind
	id   string
	// name is the enclosing group's header as written, for messages.
	name string
}

type resolver struct {
	s   *Schema
	src string
	loc vocab.Locale
	// order is the locales names are read in, first match wins.
	order []vocab.Locale
	diags diag.List
}

// maxDepth bounds the walk for trees not built by the parser (which stops
// nesting far earlier); the game's block is five levels deep.
const maxDepth = 64

func (r *resolver) items(items []*ast.SettingsItem, sc scope, depth int) {
	if depth > maxDepth {
		return
	}
	for _, it := range items {
		if it == nil {
			continue
		}
		switch it.Kind {
		case ast.SettingsGroup:
			r.items(it.Children, r.group(it, sc), depth+1)
		case ast.SettingsPair:
			r.pair(it, sc)
		default:
			r.word(it, sc)
		}
	}
}

// group resolves a group header and returns the scope of its lines.
func (r *resolver) group(it *ast.SettingsItem, sc scope) scope {
	key := vocab.Fold(it.Key)
	s := r.s
	switch sc.kind {
	case inRoot:
		if id, ok := s.sectionIx.find(key, r.order); ok {
			it.KeyID = "section:" + id
			return scope{kind: sectionScopes[id], name: it.Key}
		}
		r.unknown(it.KeySpan, it.Key, s.sectionIx.spellings,
			"unknown settings section %q; expected main, lobby, modes, heroes, workshop or extensions", it.Key)
	case inModes:
		if id, ok := s.modeIx.find(key, r.order); ok {
			it.KeyID = "mode:" + id
			return scope{kind: inMode, id: id, name: it.Key}
		}
		if rest, ok := r.cutDisabled(it.Key); ok {
			if id, ok := s.modeIx.find(vocab.Fold(rest), r.order); ok && id != "general" {
				it.KeyID = "disabled mode:" + id
				return scope{kind: inMode, id: id, name: rest}
			}
		}
		r.unknown(it.KeySpan, it.Key, s.modeIx.spellings, "unknown game mode %q", it.Key)
		return scope{kind: inMode, name: it.Key}
	case inMode:
		if id, ok := s.listIx.find(key, r.order); ok && (id == "enabledMaps" || id == "disabledMaps") {
			it.KeyID = "list:" + id
			return scope{kind: inMapList, id: sc.id, name: it.Key}
		}
		r.unknown(it.KeySpan, it.Key, r.listSpellings("enabledMaps", "disabledMaps"),
			"unknown settings group %q in %s; expected enabled maps or disabled maps", it.Key, sc.name)
	case inHeroes:
		if id, ok := s.teamIx.find(key, r.order); ok {
			it.KeyID = "team:" + id
			return scope{kind: inTeam, id: id, name: it.Key}
		}
		r.unknown(it.KeySpan, it.Key, s.teamIx.spellings, "unknown team %q; expected General, Team 1 or Team 2", it.Key)
		return scope{kind: inTeam, name: it.Key}
	case inTeam:
		if id, ok := s.listIx.find(key, r.order); ok && (id == "enabledHeroes" || id == "disabledHeroes") {
			it.KeyID = "list:" + id
			return scope{kind: inHeroList, name: it.Key}
		}
		if h, ok := s.heroIx.find(key, r.order); ok {
			it.KeyID = "hero:" + h.ID
			return scope{kind: inHero, id: h.ID, name: it.Key}
		}
		r.unknown(it.KeySpan, it.Key, s.heroIx.spellings, "unknown hero %q", it.Key)
		return scope{kind: inHero, name: it.Key}
	case inUnknown:
	default:
		r.warn(it.KeySpan, "unexpected group %q in %s; the game writes no group there", it.Key, sc.name)
	}
	return scope{kind: inUnknown, name: it.Key}
}

// cutDisabled removes the "disabled" keyword that starts the header of a
// disabled mode.
func (r *resolver) cutDisabled(header string) (rest string, ok bool) {
	kw := r.s.v.Keyword("__disabled__")
	if kw == nil {
		return "", false
	}
	for _, l := range r.order {
		w := kw.Names[l]
		if w != "" && len(header) > len(w) && strings.EqualFold(header[:len(w)], w) && (header[len(w)] == ' ' || header[len(w)] == '\t') {
			return strings.TrimLeft(header[len(w):], " \t"), true
		}
	}
	return "", false
}

func (r *resolver) listSpellings(ids ...string) (out [vocab.NumLocales][]string) {
	for _, id := range ids {
		if n := r.s.lists[id]; n != nil {
			for l, name := range n.Names {
				if name != "" {
					out[l] = append(out[l], name)
				}
			}
		}
	}
	return out
}

// pair resolves a "Key: Value" line.
func (r *resolver) pair(it *ast.SettingsItem, sc scope) {
	switch sc.kind {
	case inWorkshop:
		// Workshop setting names are the script's own text, the same in
		// every language; only the value is a word of the game.
		it.KeyID = "text:" + it.Key
		id, prob := r.workshopValue(it.Value)
		it.ValueID = id
		r.report(prob, it.ValueSpan)
	case inMain, inLobby, inMode, inTeam, inHero:
		r.setting(it, sc)
	case inUnknown:
		it.ValueID = r.literal(it.Value, "")
	default:
		it.ValueID = r.literal(it.Value, "")
		r.warn(it.KeySpan, "unexpected setting %q in %s; the game writes only groups or words there", it.Key, sc.name)
	}
}

// setting resolves a setting's key and value, choosing among the ": " of
// the line the split whose key the schema knows (keys and values both may
// contain ": ").
func (r *resolver) setting(it *ast.SettingsItem, sc scope) {
	line, exact := it.Key+": "+it.Value, false
	if s, e := it.Span.Start, it.Span.End; 0 <= s && s <= e && e <= len(r.src) && strings.HasPrefix(r.src[s:e], it.Key) {
		line, exact = r.src[s:e], true
	}
	var (
		best, fallback         *setting
		bestAt, fallbackAt     = -1, -1
		bestMisplaced, fbMispl bool
	)
	// Keys longer than any setting name are not tried: a line of many
	// ": " would otherwise cost a fold per colon.
	limit := min(len(line), 2*r.s.maxKey+16+2)
	for i := strings.LastIndex(line[:limit], ": "); i >= 0; i = strings.LastIndex(line[:i], ": ") {
		st, misplaced := r.find(sc, vocab.Fold(line[:i]))
		if st == nil {
			continue
		}
		if _, prob := r.settingValue(st, strings.TrimLeft(line[i+2:], " ")); prob == nil {
			best, bestAt, bestMisplaced = st, i, misplaced
			break
		}
		if fallback == nil {
			fallback, fallbackAt, fbMispl = st, i, misplaced
		}
	}
	if best == nil {
		best, bestAt, bestMisplaced = fallback, fallbackAt, fbMispl
	}
	if best == nil {
		it.ValueID = r.literal(it.Value, "")
		if !r.uncatalogued(it, sc) {
			r.unknown(it.KeySpan, it.Key, r.keySpellings(sc), "unknown setting %q in %s", it.Key, sc.name)
		}
		return
	}
	if key := line[:bestAt]; key != it.Key {
		it.Key = key
		it.Value = strings.TrimLeft(line[bestAt+2:], " ")
		if exact {
			start := it.Span.Start
			it.KeySpan = source.Span{Start: start, End: start + bestAt}
			it.ValueSpan = source.Span{Start: start + len(line) - len(it.Value), End: start + len(line)}
		}
	}
	it.KeyID = best.id
	if bestMisplaced {
		r.warn(it.KeySpan, "%q is not a setting of %s", it.Key, sc.name)
	}
	id, prob := r.settingValue(best, it.Value)
	it.ValueID = id
	r.report(prob, it.ValueSpan)
}

// find looks a folded key up where the scope allows it. misplaced is set
// when the key was found only in another mode's or hero's own settings.
// The include and exclude lists of per-hero settings, and the General
// settings OverPy leaves out of Elimination, only order the lookup: the
// catalog lags the game (exports set Projectile Gravity for Kiriko, which
// the catalog excludes), so a mismatch there is no reason to warn.
func (r *resolver) find(sc scope, key string) (st *setting, misplaced bool) {
	s := r.s
	lookup := func(t *table) *setting {
		if t == nil {
			return nil
		}
		st, _ := t.ix.find(key, r.order)
		return st
	}
	switch sc.kind {
	case inMain:
		return lookup(s.table("main")), false
	case inLobby:
		return lookup(s.table("lobby")), false
	case inTeam:
		return lookup(s.table("heroes/general")), false
	case inMode:
		if sc.id != "" && sc.id != "general" {
			if st := lookup(s.table("gamemodes/" + sc.id)); st != nil {
				return st, false
			}
			if st := lookup(s.table("gamemodes/general")); st != nil && !st.merged {
				return st, false
			}
		}
		for _, lt := range s.modeTables {
			if st := lookup(s.get(lt)); st != nil {
				return st, sc.id != "" && sc.id != "general"
			}
		}
	case inHero:
		if t := s.table("heroes/" + sc.id); t != nil && sc.id != "" {
			if st := lookup(t); st != nil {
				return st, false
			}
			if st, ok := t.other.find(key, r.order); ok {
				return st, false
			}
		} else if st := lookup(s.table("heroes/general")); st != nil {
			return st, false
		}
		for _, lt := range s.heroTables {
			if st := lookup(s.get(lt)); st != nil {
				return st, sc.id != ""
			}
		}
	}
	return nil, false
}

// uncatalogued reports, at info severity, a setting of a known hero that
// the schema lacks but that has a hero setting's shape: its value is a
// number, a percentage or On/Off, and its key is no near miss of a known
// key (a suggestion of about its length means a typo, which stays an
// unknown-setting warning). The game adds hero settings with new abilities
// faster than the catalog follows (exports set Mercy's Angelic Descent and
// Junker Queen's Jagged Blade), so such a line is most likely right.
func (r *resolver) uncatalogued(it *ast.SettingsItem, sc scope) bool {
	if sc.kind != inHero || sc.id == "" {
		return false
	}
	switch kind, _, _ := strings.Cut(it.ValueID, ":"); kind {
	case "number", "percent", "bool":
	default:
		return false
	}
	cands := r.keySpellings(sc)
	list := cands[r.loc]
	if len(list) == 0 {
		list = cands[vocab.EnUS]
	}
	n := utf8.RuneCountInString(vocab.Fold(it.Key))
	for _, near := range vocab.Nearest(it.Key, list) {
		if d := utf8.RuneCountInString(vocab.Fold(near)) - n; -2 <= d && d <= 2 {
			return false
		}
	}
	r.diags = append(r.diags, diag.Diagnostic{
		Code: diag.UncataloguedSetting, Severity: diag.Info, Span: it.KeySpan,
		Message: fmt.Sprintf("%q is not in wright's settings catalog for %s, which may predate this setting; its value is kept as written",
			it.Key, sc.name),
	})
	return true
}

// keySpellings returns the keys a scope takes, for suggestions.
func (r *resolver) keySpellings(sc scope) [vocab.NumLocales][]string {
	var t *table
	switch sc.kind {
	case inMain:
		t = r.s.table("main")
	case inLobby:
		t = r.s.table("lobby")
	case inTeam:
		t = r.s.table("heroes/general")
	case inMode:
		var out [vocab.NumLocales][]string
		for _, lt := range r.s.modeTables {
			if sc.id == "" || sc.id == "general" || lt.id == "gamemodes/"+sc.id || lt.id == "gamemodes/general" {
				mt := r.s.get(lt)
				for l := range out {
					out[l] = append(out[l], mt.ix.spellings[l]...)
				}
			}
		}
		return out
	case inHero:
		t = r.s.table("heroes/" + sc.id)
		if t == nil {
			t = r.s.table("heroes/general")
		}
	}
	if t == nil {
		return [vocab.NumLocales][]string{}
	}
	return t.ix.spellings
}

// word resolves a bare line: a map, a hero or an extension.
func (r *resolver) word(it *ast.SettingsItem, sc scope) {
	key := vocab.Fold(it.Key)
	switch sc.kind {
	case inMapList:
		r.mapWord(it)
	case inHeroList:
		if h, ok := r.s.heroIx.find(key, r.order); ok {
			it.KeyID = "hero:" + h.ID
			return
		}
		r.unknown(it.KeySpan, it.Key, r.s.heroIx.spellings, "unknown hero %q", it.Key)
	case inModes:
		// A mode enabled with its defaults: the game writes its name alone
		// on a line, with no group (mysteryUltimates.txt's Flashpoint).
		if id, ok := r.s.modeIx.find(key, r.order); ok && id != "general" {
			it.KeyID = "mode:" + id
			return
		}
		r.unknown(it.KeySpan, it.Key, r.s.modeIx.spellings, "unknown game mode %q", it.Key)
	case inExtensions:
		if id, ok := r.s.extIx.find(key, r.order); ok {
			it.KeyID = "ext:" + id
			return
		}
		r.unknown(it.KeySpan, it.Key, r.s.extIx.spellings, "unknown extension %q", it.Key)
	case inUnknown:
	default:
		r.warn(it.KeySpan, "unexpected line %q in %s; expected a setting written \"Key: value\"", it.Key, sc.name)
	}
}
