// Package parser reads raw Workshop text, as the game exports it in any of
// its 15 client languages, into an ast.Script.
//
// There is no separate tokenizer: names of actions, values and enum
// members contain spaces and operator characters ("Ongoing - Global",
// "Soldier: 76", "D.Va"), so the parser asks the vocabulary for the longest
// name that fits the grammar at each point, and reads operators only where
// no name fits. Argument slots guide what is read: an enum slot takes a
// bare member, a variable slot a bare identifier, the first slot of Custom
// String a string literal.
//
// Parse never fails: it returns a usable tree, with Bad nodes where it
// recovered, and diagnostics. Recovery happens at statement, block and rule
// boundaries; every loop makes progress and nesting is bounded, so the
// parser neither panics nor loops on any input.
//
// Reparse reads an edited text as Parse would, reading again only the
// rules the edit touched and reusing the others (moved copies for those
// after the edit); it reads the whole text when the edit reaches what only
// the whole text decides (the head blocks, the locale).
//
// A Stream reads a generated text rule by rule while it is being written
// (the OverPy frontend's lowering) and joins the rules after its head,
// read apart (ReadHead), at the end: the same result as Parse of the
// whole text, or a refusal. Consecutive parts of the rules may be read by
// streams of their own (Then), on different goroutines.
package parser
