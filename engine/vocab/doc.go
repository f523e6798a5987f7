// Package vocab is the Workshop vocabulary: actions, values, enums and their
// members, heroes, maps, game modes, events, structural keywords, localized
// strings and the custom game settings schema, with their spellings in the
// 15 client languages.
//
// The vocabulary is generated from the shared catalog
// (../shared/data/catalog.json) by `go generate` into catalog.gen.json, and
// from that into static_gen.go: every entry and the name trie of every
// locale as Go composite literals, which the binary holds as data, so that
// a process starts without decoding, folding or sorting anything (see
// static.go). Tests fail when either file is stale, and when the static
// vocabulary differs from the one [Load] decodes from catalog.gen.json.
// It carries names, signatures, types, defaults and flags, never prose.
//
// Entries are found by stable id (the catalog's key, see [Vocabulary.ByID]),
// or by spelling in any locale with [Vocabulary.Match], the longest-first
// name matcher the parser uses on raw text, and [Vocabulary.Lookup].
// Spellings compare case-insensitively and with white space runs folded
// (see [Fold]); the game's own importers do the same.
//
// A Vocabulary never changes after loading; share it freely.
package vocab
