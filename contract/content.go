package contract

// This file defines the rule-content-v1 document: what one rule does, as
// a locale-independent call tree (rules with content: true).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// RuleContentContract is the format id every rule content document
// carries in its contract member.
const RuleContentContract = "rule-content-v1"

// RuleContent is one rule in the rule-content-v1 format: the lowered
// canonical program, the same whatever spelling, locale or legacy form the
// text used. Values, actions and operators are call nodes named by
// catalog id with their arguments in catalog parameter order (lookup names
// each position); see ContentNode for the other node forms. The document
// holds everything needed to write the rule back as Workshop text; what it
// leaves out is spelling the game reads as the same program: layout,
// parentheses, how a number is written (1.50), and whether an operator,
// an assignment or a literal was written in its call form (Compare(a, ==,
// b), Set Global Variable(x, 1), Color(Red)) or its short one.
type RuleContent struct {
	// Contract is rule-content-v1.
	Contract string `json:"contract"`
	// Name is the rule's decoded name.
	Name string `json:"name"`
	// Enabled is false for a disabled rule.
	Enabled bool         `json:"enabled"`
	Event   ContentEvent `json:"event"`
	// Conditions are the rule's conditions in order.
	Conditions []ContentStatement `json:"conditions"`
	// Actions are the rule's actions in order, flat: index i is the
	// action index cfg, references and findings use. If, Else If, Else,
	// While, For and End are actions like any other.
	Actions []ContentStatement `json:"actions"`
}

// ContentEvent is a rule's event block, by catalog ids. Members the event
// does not take, or whose line names nothing known, are absent.
type ContentEvent struct {
	// Event is the catalog event id (global, eachPlayer, playerDied, …;
	// __subroutine__ for a subroutine rule).
	Event string `json:"event,omitempty"`
	// Team is the team filter's catalog id: all, 1 or 2.
	Team string `json:"team,omitempty"`
	// Player is the player filter's catalog id (all, slot0 … slot11)
	// when the filter is not a hero.
	Player string `json:"player,omitempty"`
	// Hero is the HeroLiteral member id when the player filter is a hero.
	Hero string `json:"hero,omitempty"`
	// Subroutine is the subroutine's name for a subroutine rule.
	Subroutine string `json:"subroutine,omitempty"`
}

// ContentStatement is one condition or action: its body as a call node
// (call and args, as in ContentCall) with the statement's own members. An
// assignment is the Set or Modify variable action it stands for (Global.x
// += 1 is __modifyGlobalVariable__). A condition is its value: a
// comparison is __compare__ with the operator as an __Operator__ member.
type ContentStatement struct {
	// Call is the action's or value's catalog id; absent only when
	// Unresolved is set.
	Call string `json:"call,omitempty"`
	// Args are the arguments in catalog parameter order; empty when
	// Unresolved is set.
	Args []ContentNode `json:"args"`
	// Unresolved is the source text of a body that is not a known action
	// or value (only in a program with errors).
	Unresolved string `json:"unresolved,omitempty"`
	// Span covers the body without comment, disabled prefix or ';': a
	// condition's whole expression (left operand through right operand,
	// or the whole Compare(…) call), an action's name through its ')', or
	// its last token when written without parentheses.
	Span Range `json:"span"`
	// Enabled is false for a statement written with the disabled prefix.
	Enabled bool `json:"enabled"`
	// Comment is the statement's quoted comment, decoded; absent when it
	// has none.
	Comment *string `json:"comment,omitempty"`
}

// ContentNode is one value node. It is exactly one of its fields, and its
// JSON form is that field's alone: a bare JSON number, or an object whose
// members tell the forms apart (call, enum, variable, subroutine, string,
// localizedString, unresolved). True, False and Null are values, so they
// are calls (true, false, null) like any other.
type ContentNode struct {
	// Number is a number literal, by value (-1.5, not "-1.500").
	Number *float64 `json:"-" oneof:"number"`
	// Call is a value, or an operator written with its symbol.
	Call *ContentCall `json:"-" oneof:"call"`
	// Enum is an enum member in an argument slot that takes that enum.
	Enum *ContentEnum `json:"-" oneof:"enum"`
	// Variable is a variable name in a slot that takes a bare variable.
	Variable *ContentVariable `json:"-" oneof:"variable"`
	// Subroutine is a subroutine name in a slot that takes one.
	Subroutine *ContentSubroutine `json:"-" oneof:"subroutine"`
	// String is the text of a Custom String.
	String *ContentString `json:"-" oneof:"string"`
	// LocalizedString is the key of a String.
	LocalizedString *ContentLocalizedString `json:"-" oneof:"localizedString"`
	// Unresolved is a node the program leaves unresolved.
	Unresolved *ContentUnresolved `json:"-" oneof:"unresolved"`
}

// ContentCall is a value, action or operator by catalog id, with every
// argument the canonical program holds in catalog parameter order (the
// optional format arguments of Custom String and String are Null calls
// when not written). Operators are the elements they stand for: == and
// the other comparisons are __compare__ with an __Operator__ member in the
// middle, && __and__, || __or__, ! __not__, + __add__, - __subtract__, *
// __multiply__, / __divide__, % __modulo__, ^ __raiseToPower__, c ? a : b
// __ifThenElse__, x[i] __valueInArray__, Global.x __globalVar__ and
// P.x __playerVar__. A colour, team, button, hero, map or game mode
// written bare where a value belongs is the call that wraps it (Team 1 is
// __team__ of TeamLiteral member 1).
type ContentCall struct {
	Call string        `json:"call"`
	Args []ContentNode `json:"args"`
}

// ContentEnum is an enum member: the catalog enum id (Wait, __Operator__,
// HeroLiteral, …) and the member id within it.
type ContentEnum struct {
	Enum   string `json:"enum"`
	Member string `json:"member"`
}

// ContentVariable is the name of a global or player variable, in the
// variable slot of Global Variable, Player Variable, the Set, Modify,
// Chase and For variable actions; whether it is global or player is the
// slot's.
type ContentVariable struct {
	Variable string `json:"variable"`
}

// ContentSubroutine is the name of a subroutine, in the slot of Call
// Subroutine or Start Rule.
type ContentSubroutine struct {
	Subroutine string `json:"subroutine"`
}

// ContentString is the decoded text of a Custom String, its first
// argument.
type ContentString struct {
	String string `json:"string"`
}

// ContentLocalizedString is the catalog key of a String, its first
// argument, whatever locale the text was written in; "" for String(""),
// the empty text the catalog does not list.
type ContentLocalizedString struct {
	LocalizedString string `json:"localizedString"`
}

// ContentUnresolved is a node a program with errors leaves unresolved (an
// unknown name, a String whose text is no key, a value the parser could
// not read): its source text.
type ContentUnresolved struct {
	Unresolved string `json:"unresolved"`
}

// MarshalJSON writes the one form n holds. It writes the whole subtree
// itself: were each nested node a Marshaler of its own, encoding/json
// would re-check every subtree at every level above it.
func (n ContentNode) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := n.write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (n ContentNode) write(b *bytes.Buffer) error {
	var leaf any
	forms := 0
	for _, f := range [...]struct {
		set bool
		v   any
	}{
		{n.Number != nil, n.Number}, {n.Call != nil, nil}, {n.Enum != nil, n.Enum},
		{n.Variable != nil, n.Variable}, {n.Subroutine != nil, n.Subroutine}, {n.String != nil, n.String},
		{n.LocalizedString != nil, n.LocalizedString}, {n.Unresolved != nil, n.Unresolved},
	} {
		if f.set {
			forms++
			leaf = f.v
		}
	}
	switch {
	case forms != 1:
		return fmt.Errorf("content node holds %d forms, not one", forms)
	case n.Number != nil && (math.IsNaN(*n.Number) || math.IsInf(*n.Number, 0)):
		return fmt.Errorf("content node: %v is not a JSON number", *n.Number)
	case n.Call == nil:
		return writeJSON(b, leaf)
	}
	b.WriteString(`{"call":`)
	if err := writeJSON(b, n.Call.Call); err != nil {
		return err
	}
	b.WriteString(`,"args":[`)
	for i, a := range n.Call.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := a.write(b); err != nil {
			return err
		}
	}
	b.WriteString("]}")
	return nil
}

// writeJSON appends v's JSON to b without HTML escaping: the encoder that
// embeds the output escapes it, or not, as it is told, while an escaped
// "\u003c=" would stay escaped either way.
func writeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}

// contentNodeWire holds the members of every node form, to read a node
// in one pass and then check that its members make exactly one form.
type contentNodeWire struct {
	Call            *string       `json:"call"`
	Args            []ContentNode `json:"args"`
	Enum            *string       `json:"enum"`
	Member          *string       `json:"member"`
	Variable        *string       `json:"variable"`
	Subroutine      *string       `json:"subroutine"`
	String          *string       `json:"string"`
	LocalizedString *string       `json:"localizedString"`
	Unresolved      *string       `json:"unresolved"`
}

// UnmarshalJSON reads a number or an object of exactly one node form:
// unknown members, members of two forms, and a call without args or an
// enum without member are errors.
func (n *ContentNode) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	*n = ContentNode{}
	if len(data) == 0 || data[0] != '{' {
		var f float64
		if err := json.Unmarshal(data, &f); err != nil {
			return errors.New("a content node is a number or an object")
		}
		n.Number = &f
		return nil
	}
	var w contentNodeWire
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return fmt.Errorf("content node: %w", err)
	}
	forms := 0
	for _, set := range [...]bool{w.Call != nil || w.Args != nil, w.Enum != nil || w.Member != nil,
		w.Variable != nil, w.Subroutine != nil, w.String != nil, w.LocalizedString != nil, w.Unresolved != nil} {
		if set {
			forms++
		}
	}
	if forms != 1 {
		return fmt.Errorf("a content node object has the members of exactly one of call, enum, variable, subroutine, string, localizedString or unresolved; this one has %d", forms)
	}
	switch {
	case w.Call != nil || w.Args != nil:
		if w.Call == nil || w.Args == nil {
			return errors.New("a call node has call and args")
		}
		n.Call = &ContentCall{Call: *w.Call, Args: w.Args}
	case w.Enum != nil || w.Member != nil:
		if w.Enum == nil || w.Member == nil {
			return errors.New("an enum node has enum and member")
		}
		n.Enum = &ContentEnum{Enum: *w.Enum, Member: *w.Member}
	case w.Variable != nil:
		n.Variable = &ContentVariable{Variable: *w.Variable}
	case w.Subroutine != nil:
		n.Subroutine = &ContentSubroutine{Subroutine: *w.Subroutine}
	case w.String != nil:
		n.String = &ContentString{String: *w.String}
	case w.LocalizedString != nil:
		n.LocalizedString = &ContentLocalizedString{LocalizedString: *w.LocalizedString}
	default:
		n.Unresolved = &ContentUnresolved{Unresolved: *w.Unresolved}
	}
	return nil
}
