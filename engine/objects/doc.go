// Package objects holds the facts about persistent objects: the things a
// Workshop action creates that stay in the game until an action destroys
// them — HUD texts, in-world texts, progress bar texts, effects, beam and
// projectile effects, icons, dummy bots, damage and heal over time, damage
// and healing modifications, health pools and assists (the table is in
// kinds.go). The game caps how many of each may exist; once a cap is hit,
// creating more silently fails.
//
// [Find] returns one [Object] per enabled creating action of an enabled
// rule, with these facts:
//
//   - Kind, the creating rule and action indices and the action's span.
//
//   - Kept: where the id of the object is read. The id of the object an
//     action just created is returned by the kind's Last … ID value (Last
//     Text ID, Last Created Entity, …) until another creation in the same
//     context overwrites it. The object counts as kept when that value is
//     read on some control-flow path of the creating rule (package flow:
//     If branches, loops, Skip, Abort) from the creation, before an action
//     that creates another object setting the same value (the arguments
//     of that action still count: they are evaluated first). When the
//     rule itself repeats (its event or conditions), the path continues
//     from the end of the actions to their start, so a Destroy HUD
//     Text(Last Text ID) at the top of the rule destroys the text of the
//     previous run. Calls on the way are followed one level: a subroutine
//     called after the creation may read the value, and for an object
//     created in a subroutine a caller may read it after its Call
//     Subroutine. When the read is in the value of an assignment
//     (Global.x = Last Text ID, Modify Global Variable(x, Append To Array,
//     Last Text ID), …) the variable is recorded.
//
//   - Destroys: the actions that may destroy the object: every enabled
//     destroy-all action of its kind (Destroy All HUD Text, Stop All
//     Damage Modifications, …; for per-player kinds such as health pools
//     they act on the players given, which is not checked), Destroy Dummy
//     Bot for dummy bots (the team and slot are not compared), and the
//     destroy-by-id actions of its kind whose id argument reads the
//     variable the id was stored into, or a variable assigned from a
//     value reading it (followed transitively, by name: Event Player.x
//     and Victim.x are the same variable), or the Last … ID value itself
//     (Destroy HUD Text(Last Text ID) right after the creation).
//
//   - Repeats: why the creating action may run more than once — it is
//     inside a While or For block; a Loop (or Loop If …) that can run
//     after it restarts the actions; the rule is Ongoing - Each Player
//     (once per joining player, again on a rejoin); the rule has an
//     enabled condition that is not constant, so the conditions can
//     become true again (a respawn, a new round, a variable changing);
//     the event is a player event, which fires repeatedly; or the rule is
//     a subroutine called from several places, or from a place that
//     itself repeats (followed through the callers). An empty list means
//     the action runs at most once per game as far as the text shows.
//
//     A For loop (it always ends), a While loop counting a variable up to
//     a literal, conditions that test only the game's phase (Is Game In
//     Progress, Is In Setup, …: once per round), and several callers that
//     each run once are Bounded reasons: a bounded number of objects per
//     run or round. Ongoing - Each Player, Player Joined Match, and calls
//     from places repeating only so, are PerJoin reasons: one object per
//     joining player, stacking only as players leave and rejoin.
//
//   - Guard: a once-guard replaces the reasons. When a rule condition,
//     or the first branch of an If enclosing the action, tests that a
//     variable is false (!v, v == False, v == 0, v != True), the rule
//     sets the variable after the action, and every enabled write of the
//     variable in the whole program sets it to a constant true value, the
//     action runs at most once per game (a global variable) or once per
//     joining player (a player variable: a PerJoin Guarded reason).
//
//   - Duration, for the kinds that expire by themselves (damage and heal
//     over time), when the duration argument is a number literal.

// The analysis is static and reads the text, rule by rule. It does not
// evaluate values: apart from the once-guards above, it cannot tell that
// a condition never becomes false again once true, that a While loop
// ends after a few iterations, which players a per-player
// destroy-all acts on, or that a destroy by id ever runs or receives the
// right element of an array. Paths are those of the control-flow graph,
// whatever the values of conditions; a Wait between the creation and the
// read (when another instance in the same context may create and
// overwrite the value) is ignored, and so is a creation in another rule.
// Disabled rules and actions are not part of the program. Aliasing
// through anything other than assignments (arrays built in conditions,
// values passed through subroutine-local conventions) is not followed.
//
// A language server finds the objects again on each keystroke. [FindAll]
// returns them with what [Refind] needs to do so after an edit inside
// rules (an [ast.Splice]): per rule, what its actions tell each alone
// (assignments, creations, destroying actions, writes, calls), and per
// object, what its rule, the subroutines it calls and, for a subroutine,
// its callers tell (Kept, the reasons to repeat before a once-guard, the
// variables that may guard it). Refind reads again the rules the edit
// touched and the subroutines whose callers it may have changed, moves
// the rest with their rules, and gathers the program-wide facts (which
// writes set a variable once, which actions destroy what) again from the
// per-rule ones. The objects it returns equal FindAll's (a property test
// over random edits of the corpus checks it).
package objects
