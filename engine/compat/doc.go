// Package compat implements the compat profile of compile: it rewrites
// the legacy forms of Workshop text (OW1 exports, OverPy output) into the
// forms the game itself exports today, so that a program printed after
// [Rewrite] reads like a current export.
//
// # What is rewritten
//
// Only a form with an exact modern equivalent is rewritten: the same
// element of the game, so the same behaviour and the same element count
// (package cost counts both alike; a test checks every corpus file).
//
//	set-variable     Set Global Variable(x, v)            Global.x = v
//	                 Set Player Variable(P, x, v)         P.x = v
//	                 … At Index(…, i, v)                  Global.x[i] = v, P.x[i] = v
//	modify-variable  Modify Global Variable(x, Add, v)    Global.x += v
//	                 (Subtract -=, Multiply *=, Divide /=, Modulo %=,
//	                 Raise To Power ^=; Player and At Index alike)
//	read-variable    Global Variable(x)                   Global.x
//	                 Player Variable(P, x)                P.x
//	compare          Compare(a, ==, b)                    a == b (any operator)
//	arithmetic       Add(a, b) …                          a + b, a - b, a * b, a / b, a % b, a ^ b
//	logic            And(a, b), Or(a, b), Not(a)          a && b, a || b, !a
//	conditional      If-Then-Else(c, a, b)                c ? a : b
//	index            Value In Array(a, i)                 a[i]
//	literal          White, Ability 1 (bare, as a value)  Color(White), Button(Ability 1)
//	format-nulls     Custom String("x", v, Null, Null)    Custom String("x", v)
//	                 (String alike: trailing Null format arguments dropped)
//
// What stays as written, because the modern form would not be the same
// element, or the game's own form is not known:
//
//   - Modify … (x, Append To Array | Remove From Array By Index | By
//     Value | Min | Max, v): current exports keep the function form.
//   - A condition that is a bare Compare(a, op, b): the game stores a
//     condition as its two sides and an operator, and a Compare value
//     there stands for Compare(…) == True, one element more than a op b.
//   - Set Player Variable and Player Variable whose player is not a call,
//     a variable or an index: the game's spelling of "(c ? a : b).x" is
//     not attested.
//   - A bare Team 1 or Team 2 in a colour slot: old exports meant the
//     colour, current exports write the team value bare there, so the
//     text alone does not say which it is.
//   - Bare teams (current exports write them bare), number spelling
//     (-1.000; the exporter's rounding is lossy), capitalisation and
//     renamed heroes (the printer spells every name from the catalog).
//
// # Parentheses
//
// New operator nodes get the parentheses the printer needs to read them
// back the same (a Paren node wherever precedence asks for one), plus
// those the game's exporter writes where precedence alone would not: a
// comparison that is an operand of a comparison ((a == b) == True), an &&
// that is an operand of ||, and a ^ that is an operand of ^ (whose
// associativity in the game is not attested). A rewritten tree therefore
// prints and parses back to itself, node for node.
//
// # Invariants
//
// Rewrite never changes its input: unchanged subtrees are shared, changed
// ones are new nodes. New nodes carry the span of the legacy node they
// replace, so that diagnostics about them (a name with no spelling in the
// target locale) point into the original text.
package compat
