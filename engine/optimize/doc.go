// Package optimize rewrites a Workshop program into one that behaves the
// same and holds fewer elements, the count the game limits to 32 768 (as
// engine/cost counts it).
//
// [Program] is the entry point. It never changes its input: trees are
// immutable, so the result shares the input's unchanged nodes and holds
// new ones where a rewrite happened, each with the span of the node it
// replaces. Its [Report] gives the element counts before and after, what
// each pass saved, and what each rule saved.
//
// # Passes
//
// Each rewrite is a named pass ([Passes] lists them with what they do);
// [Options.Passes] picks some, and [Options.ForSize] adds the passes
// OverPy runs under #!optimizeForSize. The passes run over one rule at a
// time, in catalog order, round after round until none changes the rule
// (a rewrite can enable another). A pass keeps a rewrite of a value only
// when it lowers its statement's count, so no rule grows.
//
// The passes started from what OverPy's optimiser does (observed by
// running it, ../shared/reference/overpy/language.md §10): constant
// folding, First Of for a[0], the unit vectors, dead branches, empty
// rules, the final End, Abort If, negation folding, self-assignment,
// Modify Variable; and go beyond where the game's semantics allow
// (../shared/reference/sim/semantics.md).
//
// # What a rewrite must keep
//
// A rewrite keeps what the game computes, shows and does, in every case
// the game's documented semantics cover, with these guards:
//
//   - numbers fold in single precision, and only into a literal that
//     means exactly the folded value: finite, not -0, at most 1e7, at most
//     three decimals (the game exports literals with three);
//   - a rewrite that evaluates a value fewer or more times, or in another
//     order, applies only to pure values: no random number drawn, and no
//     Workshop Setting value, the two side effects a Workshop value has;
//   - no rewrite drops a Workshop Setting value, even one the game never
//     evaluates (in a branch never taken, a disabled or unreachable action,
//     a rule that never runs): each puts a setting in the lobby;
//   - values the game evaluates again after the action started (the
//     arguments of HUDs, effects, chases and the other Start and Create
//     actions, Wait Until's condition, the conditions of While and Loop
//     If, rule conditions, the condition of Filtered Array and its kin)
//     keep their Evaluate Once and Update Every Frame, which are dropped
//     only where the game evaluates once anyway or the value cannot
//     change;
//   - a division or modulo by zero is not folded (the game gives 0, but
//     the simulator reports it);
//   - a comparison with True or False is dropped only where the value is
//     used for its truthiness (the conditions of If, While, Skip If…, the
//     operands of And, Or, Not) or is a Boolean already;
//   - the actions of a rule move only where no jump depends on their
//     positions: literal Skip and Skip If counts are kept right (their
//     targets are tracked as links; disabled actions count, as OverPy
//     holds), no rewrite removes an action a jump lands on unless landing
//     after it is the same, and no action is added, removed or moved after
//     a Skip of a computed count.
//
// # OverPy's directives
//
// A caller compiling OverPy maps its directives so: #!disableOptimizations
// is not calling Program; #!optimizeForSize and #!optimizeForSizeAggressive
// set [Options.ForSize] (the aggressive rewrites OverPy adds are not
// implemented: they turn blocks into jumps for one element at most);
// #!optimizeStrict needs nothing, as every pass is strict (below).
//
// Where OverPy's optimiser assumes what the game does not promise (a
// player variable read through a variable that could hold several
// players, x + 0 for a value of unknown type), the pass leaves the text
// alone: the rewrites are those of OverPy's #!optimizeStrict and more.
// A few equivalences the game's documentation does not state are taken
// from OverPy's optimiser: a[0] is First Of(a), Not(Is Dead(p)) is
// Is Alive(p), Count Of(All Players(t)) is Number Of Players(t) (and its
// kin), a comparison with a Boolean compares truthiness, and disabled
// actions count for Skip.
package optimize
