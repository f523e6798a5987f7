// Package edits owns positions and changes to text.
//
// The Mapper is the one place that converts between the engine's byte
// offsets, the contract's 1-based line and column (in code points) and
// LSP positions (UTF-16 by default, UTF-8 or UTF-32 when negotiated).
//
// A Transaction states edits of one or more sources against the exact
// text they were made for (its SHA-256 identity); Apply checks all of it
// (known sources, current identities, ranges inside the text, no
// overlaps) before applying any of it, and refuses with a stable code
// otherwise. FromEngine states the engine's byte edits (lint fixes,
// renames) as a transaction.
//
// Unified renders the difference of two texts as a unified diff for
// previews, and MinimalEdits as the few whole-line edits that make one
// text the other; both use a line-mode diff without a time limit, so the
// result depends only on the texts.
package edits
