// Package vocab is the Workshop vocabulary: actions, values, enums and their
// members, heroes, maps, game modes, events, structural keywords, localized
// strings and the custom game settings schema, with their spellings in the
// 15 client languages.
//
// The vocabulary is generated from the shared catalog
// (../shared/data/catalog.json) by `go generate` into catalog.gen.json, which
// is embedded in the binary; a test fails when the committed file is stale.
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
