package vocab

// Some locales spell two different entries the same way (tr-TR "Hız" is
// both Speed Of and Velocity Of; ja-JP writes the localized strings
// "Ability" and "Abilities" alike). Text in such a locale cannot say which
// was meant unless the grammar tells them apart, so a printer must not
// produce it. This file decides which same-spelled entries the parser can
// tell apart.

// Distinguishable reports whether a reader can tell a from b when both are
// written with the same spelling: by where they may appear (an action
// against a value, members of different enums, an event against a team),
// by their number of arguments, or by an enum first argument (tr-TR writes
// Hero(Ana) and Hero Of(Event Player) alike).
func Distinguishable(a, b Named) bool {
	ea, eb := a.entry(), b.entry()
	if ea.Kind != eb.Kind {
		return true
	}
	switch x := a.(type) {
	case *Element:
		y := b.(*Element)
		if x.Bare != y.Bare || x.MaxArgs() != y.MaxArgs() {
			return true
		}
		return firstEnum(x) != firstEnum(y)
	case *Member:
		return x.Enum != b.(*Member).Enum
	}
	return false
}

func firstEnum(e *Element) *Enum {
	if len(e.Params) == 0 {
		return nil
	}
	return e.Params[0].Enum
}

// SameSpelled returns the entries that l spells exactly like n and that a
// reader cannot tell from n (see Distinguishable).
func (v *Vocabulary) SameSpelled(n Named, l Locale) []Named {
	name, ok := n.entry().Name(l)
	if !ok {
		return nil
	}
	var out []Named
	if s, isStr := n.(*LocalizedString); isStr {
		for _, other := range v.LocalizedStrings {
			if other != s && other.Names[l] == name {
				out = append(out, other)
			}
		}
		return out
	}
	for _, r := range v.Lookup(name) {
		if r.Item != n && r.Locales.Has(l) && !Distinguishable(n, r.Item) && !alias(n, r.Item) {
			out = append(out, r.Item)
		}
	}
	return out
}

// alias reports entries that are one word of the game under two catalog
// keys (HudPosition LEFT and ACTUALLY_LEFT share a guid).
func alias(a, b Named) bool {
	ga, gb := a.entry().GUID, b.entry().GUID
	return ga != "" && ga == gb
}
