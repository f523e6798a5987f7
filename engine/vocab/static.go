//go:build !vocab_json

package vocab

// This file puts together the vocabulary of Default from static_gen.go:
// the entries, the name trie of every locale and the settings schema,
// generated from catalog.gen.json (by TestStaticTables with -update, run
// by go generate) as Go composite literals that the compiler lays out as
// data in the binary. Starting a process does no decoding, folding or
// sorting: the operating system pages in what is read. What static data
// cannot hold is done here, once: the enums' lists of members (a static
// initializer cannot refer back to itself), and the maps
// of the public API (map variants, the settings schema's children) and of
// the id lookups. It takes well under a millisecond.
//
// Built with the vocab_json tag (the generator's bootstrap, when the
// static tables do not compile), Default decodes catalog.gen.json instead
// (builtin_json.go).

func builtin() *Vocabulary {
	v := &Vocabulary{
		SourceCommit: genSourceCommit, CatalogSHA256: genCatalogSHA256,
		Keywords: genKeywords, Events: genEvents, EventTeams: genEventTeams, EventPlayers: genEventPlayers,
		SettingWords: genSettingWords, Elements: genElements, Enums: genEnums, Heroes: genHeroes,
		Maps: genMaps, GameModes: genGameModes, LocalizedStrings: genLocalizedStrings,
		names: &genNames,
	}
	for i := range genEnum {
		if a, b := genEnumAt[i], genEnumAt[i+1]; a < b {
			genEnum[i].Members = genEnumMembers[a:b:b]
		}
	}
	for i, kv := range genMapVariants {
		if kv == nil {
			continue
		}
		m := make(map[string]string, len(kv)/2)
		for j := 0; j+1 < len(kv); j += 2 {
			m[kv[j]] = kv[j+1]
		}
		genMaps[i].Variants = m
	}
	if len(genSetting) > 0 {
		for i := range genSetting {
			n, kids := &genSetting[i], &genSettingKids[i]
			if kids.hasValues {
				n.Values = make(map[string]*SettingsNode, len(kids.values))
				for _, c := range kids.values {
					n.Values[genSetting[c].ID] = &genSetting[c]
				}
			}
			if kids.hasChildren {
				n.Children = make(map[string]*SettingsNode, len(kids.children))
				for _, c := range kids.children {
					n.Children[genSetting[c].ID] = &genSetting[c]
				}
			}
		}
		v.Settings = &genSetting[0]
	}
	v.indexIDs()
	return v
}
