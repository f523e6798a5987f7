// Package cost counts the Workshop elements of a parsed program: the number
// the game's editor shows against its budget of 32 768, per rule and per
// statement, with a breakdown by kind of node.
//
// The game does not document its counter; the tools reverse-engineered it.
// The default model is OverPy's (limits.md §2), and it is checked exactly:
// for every file of the shared corpus that OverPy produced, Count's total
// equals the count OverPy reported while producing it. Options switch the
// points where OSTW's model differs (limits.md §3): the localized String
// literal, Workshop Setting Combo, the hero-pair rule and conditions.
//
// # What the text stands for
//
// The count is of what the text means, whatever form it is written in: the
// legacy forms of OW1 and OverPy exports count as the values they stand
// for. Set Global Variable(A, 1) and Global.A = 1 both count 2; Compare(a,
// ==, b) and a == b, Value In Array(x, i) and x[i], Add(a, b) and a + b,
// Global Variable(x) and Global.x count alike. Comments, rule names, event
// lines, the disabled keyword, parentheses and the settings, variables and
// subroutines blocks are free: a disabled rule or statement counts as an
// enabled one.
//
// # The model (OverPy)
//
// As a nested value, a node costs 1 plus its arguments, except:
//
//   - a number literal is a Number value holding a literal: 2; the numbers
//     of a Workshop Setting value are raw literals: 1 each;
//   - the text of Custom String is 1, the key of String 2 (OSTW: 1), and
//     omitted trailing format arguments count as the Null they stand for,
//     so Custom String("x") is 5 and String("Hello") 6;
//   - Array and Evaluate Once cost 2 themselves; Empty Array 1;
//   - Workshop Setting Integer, Real, Toggle and Hero cost 2 themselves,
//     Combo 1 (OSTW: 2);
//   - Global.x is 2 (Global Variable and the variable), P.x 2 plus P;
//   - a comparison a == b is Compare(a, ==, b): 2 plus its sides;
//   - a member of a literal enum written bare where a value belongs stands
//     for the value holding it: Team 1 is Team(Team 1), 2; OW1 exports
//     write colours and buttons bare, which the game reads as Color(…) and
//     Button(…). Other enum members, and variable and subroutine names,
//     are 1.
//
// A rule is 1. An action is 1 plus its arguments, each one less than as a
// nested value; assignment syntax counts as the action it stands for
// (Event Player.hp[2] += 10 is Modify Player Variable At Index). A
// condition a op b is 1 plus its sides, each one less than as a value; a
// bare condition x stands for x == True and costs what x costs as a value.
// OSTW counts a condition as its Compare element instead: 3 more.
//
// The hero-pair rule (OverPy, not OSTW): each top-level argument of an
// action, and each side of a condition, costs ⌊h/2⌋ more, h being the hero
// literals inside it (Hero(Ana), a bare hero in Workshop Setting Hero).
//
// # Results
//
// Count walks the tree once. Program holds the total and one RuleCost per
// rule; each RuleCost lists its statements' counts and ByNode, the rule's
// nodes' own costs summed per name. A node's own cost includes its
// adjustments (the −1 of a top-level argument falls on the argument's
// node), so that the ByNode costs of a rule sum to its Count, as its
// statements' counts plus 1 do.
//
// ByNode names a node written as an element's name by the element's
// catalog id ("wait", "__customString__", "__add__" for Add(…), "null",
// "__globalVar__" for Global Variable(…)). Other nodes are named by what
// is written:
//
//	rule             the rule itself (1)
//	condition        a condition's own elements (OverPy 1, OSTW 2 or 3)
//	hero-pairs       the hero-pair extras of top-level arguments
//	number           a number literal
//	string           the text of Custom String
//	localized-string the key of String
//	implicit-null    an omitted format argument of Custom String or String
//	enum-member      a member in an enum slot (Ignore Condition, ==)
//	team, color, button, hero, map, game-mode
//	                 a literal written bare where a value belongs (Team 1)
//	variable-name    a variable name: Set Global Variable(A, …), the
//	                 target of an assignment
//	subroutine-name  a subroutine name
//	global-variable  Global.x
//	player-variable  P.x
//	index            x[i]
//	operator:+ …     a binary operator, Not (operator:!), the conditional
//	                 value (operator:?:); comparisons are operator:== etc.
//	assign:= …       assignment syntax (assign:+= for Modify …)
//	name, unknown, bad
//	                 a word, a call, or text that names nothing known
//
// Value and Statement count one expression or statement alone (without the
// breakdown, and without allocating); Program.Ranked orders the rules
// largest first and RuleCost.NodesByCost a rule's names. Count is safe for
// concurrent use and never changes the tree.
package cost
