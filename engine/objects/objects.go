package objects

import (
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// An Object is one action that creates a persistent object: the facts
// Find establishes about it. All facts are static and read from the text;
// see the package documentation for what each one means and cannot see.
// Objects share what they have in common (the Destroys of a kind, Kept
// and Repeats moved by Refind from the previous objects): read them, never
// change them.
type Object struct {
	Kind Kind
	// Element is the creating action's catalog id ("hudText").
	Element string
	// Rule is the index of the creating rule in Script.Rules, or -1 for
	// an actions-only payload; Action is the index of the creating action
	// in that rule's actions block (the indices findings use).
	Rule, Action int
	// Span covers the creating action, without its comment and ';'.
	Span source.Span
	// Kept says where the object's id is read, when it is; nil when the
	// matching Last … ID value is never read after the creation (before
	// another creation overwrites it).
	Kept *Keep
	// Destroys lists the actions that may destroy the object: the
	// destroy-all actions of its kind anywhere in the program, Destroy
	// Dummy Bot for dummy bots, and the destroy-by-id actions of its kind
	// whose id argument reads a variable holding its id (or the Last … ID
	// value itself, right after the creation).
	Destroys []Destroy
	// Repeats gives the reasons the creating action may run more than
	// once; empty when it runs at most once as far as the text shows.
	Repeats []Reason
	// Guard is the variable of a once-guard, when one makes the action run
	// at most once (per player, for a player variable) whatever repeats
	// the rule: a rule condition or the first branch of an enclosing If
	// tests that the variable is false (!v, v == False, v == 0), the rule
	// sets it after the action, and every write of it in the program sets
	// it to a constant true value. Repeats then holds at most a Guarded
	// reason.
	Guard *Variable
	// Duration is the creating action's duration in seconds when the kind
	// expires by itself (damage and heal over time) and the argument is a
	// number literal; HasDuration says whether it is.
	Duration    float64
	HasDuration bool
}

// Unbounded reports whether a reason to repeat is not bounded: the
// action may run an unlimited number of times over a game.
func (o *Object) Unbounded() bool {
	for _, r := range o.Repeats {
		if !r.Bounded {
			return true
		}
	}
	return false
}

// Keep is where an object's id is read.
type Keep struct {
	// Rule and Action locate the action reading the Last … ID value: a
	// later action of the creating rule, an action of a subroutine that
	// rule calls right after the creation, or, for an object created in a
	// subroutine, an action of a caller after its Call Subroutine.
	Rule, Action int
	// Span covers the Last … ID value read.
	Span source.Span
	// Variable is the variable the id is stored into, when the value is
	// read in the value of an assignment (=, +=, Set … Variable, Modify
	// … Variable, with or without an index); nil otherwise (the id is
	// used directly, as in Destroy HUD Text(Last Text ID)).
	Variable *Variable
	// Subroutine names the subroutine the read is in (called by the
	// creating rule) or the creating subroutine's caller is reading it;
	// empty when the read is in the creating rule.
	Subroutine string
}

// A Variable is a global or player variable, by name.
type Variable struct {
	Player bool
	Name   string
}

// String returns "Global.NAME" or "Player.NAME".
func (v Variable) String() string {
	if v.Player {
		return "Player." + v.Name
	}
	return "Global." + v.Name
}

// How says how an action destroys objects.
type How uint8

// The ways of destroying.
const (
	ByID   How = iota + 1 // one object by its id: Destroy HUD Text(id)
	All                   // every object of the kind: Destroy All HUD Text
	BySlot                // Destroy Dummy Bot(team, slot)
)

var howNames = [...]string{ByID: "by-id", All: "all", BySlot: "by-slot"}

// String returns "by-id", "all" or "by-slot".
func (h How) String() string {
	if int(h) < len(howNames) && howNames[h] != "" {
		return howNames[h]
	}
	return "unknown"
}

// A Destroy is an action that may destroy an object.
type Destroy struct {
	How     How
	Element string // the action's catalog id
	// Rule and Action locate the action (Rule -1 for a payload).
	Rule, Action int
	Span         source.Span
	// Variable is, for ByID, the variable holding ids that the action's
	// argument reads; nil when it reads the Last … ID value directly.
	Variable *Variable
}

// ReasonKind says why a creation may repeat.
type ReasonKind uint8

// The reasons.
const (
	// InLoop: the action is inside a While or For block.
	InLoop ReasonKind = iota + 1
	// RuleLoops: a Loop, Loop If, Loop If Condition Is True or False can
	// run after the action and restart the rule's actions.
	RuleLoops
	// EachPlayer: the rule's event is Ongoing - Each Player: it runs once
	// for every player who joins (and again for a player who rejoins).
	EachPlayer
	// Conditions: the rule has an enabled condition that is not constant,
	// so the conditions can go false and become true again, and the rule
	// runs again each time they do.
	Conditions
	// Event: the rule's event is a player event (Player Died, Player
	// Dealt Damage, Player Joined Match, …), which fires repeatedly.
	Event
	// Calls: the action is in a subroutine called or started from
	// several places, or from a place that itself repeats.
	Calls
	// Guarded: a once-guard on a player variable lets the action run
	// once per player (see Object.Guard).
	Guarded
)

var reasonNames = [...]string{InLoop: "loop", RuleLoops: "rule-loops", EachPlayer: "each-player",
	Conditions: "conditions", Event: "event", Calls: "calls", Guarded: "guarded"}

// String returns the reason's kebab-case name.
func (k ReasonKind) String() string {
	if int(k) < len(reasonNames) && reasonNames[k] != "" {
		return reasonNames[k]
	}
	return "unknown"
}

// A Reason is one cause of repetition.
type Reason struct {
	Kind ReasonKind
	// Text explains the reason in a lower-case clause, for messages
	// ("the rule's conditions can become true again").
	Text string
	// Rule and Action locate the cause: the loop action, the Loop, the
	// call; Action is -1 for a cause that is the rule itself (its event or
	// its conditions).
	Rule, Action int
	// Span covers the cause: the loop or call action, the event line, the
	// first condition that is not constant.
	Span source.Span
	// Bounded is set when the repetition is a bounded number of times per
	// run of the rule (or per round): a For loop (it always ends), a While
	// loop counting a variable up to a literal, conditions testing only
	// the game's phase, or a subroutine called from several places that
	// themselves run once.
	Bounded bool
	// PerJoin is set when the repetition is once per joining player: an
	// Ongoing - Each Player rule, a Player Joined Match rule, or a call
	// from places that repeat only that way. Such objects stack only as
	// players leave and rejoin.
	PerJoin bool
}
