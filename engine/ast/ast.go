package ast

import (
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Script is one Workshop program: a whole mode (settings, variables,
// subroutines, rules) or a payload of only actions or only conditions.
type Script struct {
	File *source.File
	// Locale is the client language the text is written in.
	Locale vocab.Locale

	Settings    *Settings
	Variables   *Variables
	Subroutines *Subroutines
	Rules       []*Rule
	// Actions or Conditions hold an actions-only or conditions-only
	// payload (text copied from one rule's block); nil for a whole mode.
	Actions    *Block
	Conditions *Block

	// Comments are the // and /* */ comments of the text, in order. The
	// game never writes them; OverPy's output has them.
	Comments []source.Span
	// FinalNewline records whether the text ends with a line break.
	FinalNewline bool
}

// Variables is the variables block.
type Variables struct {
	Span source.Span
	// Global and Player are the two sections; nil when absent.
	Global *VarSection
	Player *VarSection
}

// A VarSection lists named slots of one kind (global:, player:, or the
// subroutines block).
type VarSection struct {
	Span  source.Span
	Decls []VarDecl
}

// A VarDecl names slot Index.
type VarDecl struct {
	Span      source.Span
	Index     int // -1 when the index is not a valid number
	IndexSpan source.Span
	Name      string
	NameSpan  source.Span
}

// Subroutines is the subroutines block.
type Subroutines struct {
	Span  source.Span
	Decls []VarDecl
}

// A Rule is one rule.
type Rule struct {
	Span         source.Span
	Disabled     bool
	DisabledSpan source.Span
	KeywordSpan  source.Span // "rule"
	// Name is the decoded rule name; NameSpan covers the string literal
	// with its quotes.
	Name     string
	NameSpan source.Span

	Event      *EventBlock
	Conditions *Block
	Actions    *Block
}

// Subroutine returns the name of the subroutine r defines: the text of
// its event block's first subroutine line, or "" when it has none.
func (r *Rule) Subroutine() string {
	if r.Event == nil {
		return ""
	}
	for _, l := range r.Event.Lines {
		if l.Kind == EventLineSubroutine {
			return l.Text
		}
	}
	return ""
}

// EventBlock is the event block of a rule.
type EventBlock struct {
	Span        source.Span
	KeywordSpan source.Span
	Lines       []EventLine
}

// EventLineKind says which line of an event block a line is.
type EventLineKind uint8

// The event block lines.
const (
	EventLineEvent      EventLineKind = iota + 1 // Ongoing - Each Player
	EventLineTeam                                // All, Team 1, Team 2
	EventLinePlayer                              // All, Slot 3, a hero
	EventLineSubroutine                          // the subroutine's name
	EventLineExtra                               // a line the event does not have
)

// An EventLine is one line of an event block.
type EventLine struct {
	Kind EventLineKind
	// Span covers the line's text, without its ';'.
	Span source.Span
	// Ref is the event (*vocab.Event), team or player word (*vocab.Entry)
	// or hero (*vocab.Member of HeroLiteral); nil for a subroutine name and
	// for text that names nothing known.
	Ref vocab.Named
	// Text is the line's text as written (the subroutine's name).
	Text string
}

// A Block is a conditions or actions block.
type Block struct {
	Span        source.Span
	KeywordSpan source.Span
	Statements  []*Statement
}

// A Statement is one action or condition.
type Statement struct {
	// Span covers the statement from its comment (if any) to its ';'.
	Span source.Span
	// Comment is the quoted comment written before the statement; nil
	// when there is none.
	Comment *Expr
	// Disabled is set for "disabled …;".
	Disabled     bool
	DisabledSpan source.Span
	// Body is the action (a Call of an action, or an Assign) or the
	// condition (a value expression).
	Body *Expr
	// HasSemicolon is false when the terminating ';' is missing.
	HasSemicolon bool
}

// Flow returns the part st plays in the nesting of If, While and For
// blocks: its action's [vocab.FlowOf]. A disabled statement, which the
// game prints at the current level, opens and closes nothing, and neither
// does anything but a call of a known action.
func (st *Statement) Flow() vocab.Flow {
	if st.Disabled || st.Body == nil || st.Body.Kind != Call || st.Body.Elem == nil {
		return vocab.FlowNone
	}
	return vocab.FlowOf(st.Body.Elem.ID)
}

// ExprKind is the kind of an expression node.
type ExprKind uint8

// The expression kinds.
const (
	Bad       ExprKind = iota // recovery placeholder
	Number                    // Num, Text (the literal as written)
	String                    // Text (decoded); LocStr for String("…") keys
	Call                      // Elem, with Args when written with parentheses
	Member                    // a bare enum member: Member
	Name                      // a bare name: a variable or subroutine, or an unknown word
	Global                    // Global.Text
	PlayerVar                 // Args[0].Text
	Index                     // Args[0][Args[1]]
	Binary                    // Args[0] Op Args[1]
	Not                       // !Args[0]
	Ternary                   // Args[0] ? Args[1] : Args[2]
	Paren                     // (Args[0])
	Assign                    // Args[0] Op Args[1], statement level
)

var exprKindNames = [...]string{
	Bad: "bad", Number: "number", String: "string", Call: "call", Member: "member",
	Name: "name", Global: "global", PlayerVar: "player-var", Index: "index",
	Binary: "binary", Not: "not", Ternary: "ternary", Paren: "paren", Assign: "assign",
}

// String returns the kind's name.
func (k ExprKind) String() string {
	if int(k) < len(exprKindNames) {
		return exprKindNames[k]
	}
	return "?"
}

// Op is an operator.
type Op uint8

// The operators. Assignment operators appear only in Assign.
const (
	OpNone Op = iota
	OpOr
	OpAnd
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	OpPow
	OpAssign
	OpAddAssign
	OpSubAssign
	OpMulAssign
	OpDivAssign
	OpModAssign
	OpPowAssign
)

var opText = [...]string{
	OpOr: "||", OpAnd: "&&", OpEq: "==", OpNe: "!=", OpLt: "<", OpLe: "<=", OpGt: ">",
	OpGe: ">=", OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%", OpPow: "^",
	OpAssign: "=", OpAddAssign: "+=", OpSubAssign: "-=", OpMulAssign: "*=",
	OpDivAssign: "/=", OpModAssign: "%=", OpPowAssign: "^=",
}

// String returns the operator as written.
func (o Op) String() string {
	if int(o) < len(opText) {
		return opText[o]
	}
	return "?"
}

// Precedence returns the binding strength of a binary operator, loosest
// first: || 2, && 3, == != 4, < <= > >= 5, + - 6, * / % 7, ^ 8. The
// ternary is 1.
func (o Op) Precedence() int {
	switch o {
	case OpOr:
		return 2
	case OpAnd:
		return 3
	case OpEq, OpNe:
		return 4
	case OpLt, OpLe, OpGt, OpGe:
		return 5
	case OpAdd, OpSub:
		return 6
	case OpMul, OpDiv, OpMod:
		return 7
	case OpPow:
		return 8
	}
	return 0
}

// IsComparison reports whether o is ==, !=, <, <=, > or >=.
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }

// IsAssign reports whether o is an assignment operator.
func (o Op) IsAssign() bool { return o >= OpAssign }

// Arithmetic returns the binary operator of a compound assignment (+= → +).
func (o Op) Arithmetic() Op {
	switch o {
	case OpAddAssign:
		return OpAdd
	case OpSubAssign:
		return OpSub
	case OpMulAssign:
		return OpMul
	case OpDivAssign:
		return OpDiv
	case OpModAssign:
		return OpMod
	case OpPowAssign:
		return OpPow
	}
	return OpNone
}

// An Expr is an expression node. One struct serves every kind (see the
// ExprKind constants for which fields each uses), which lets the parser
// allocate nodes in slabs.
type Expr struct {
	Kind ExprKind
	Op   Op
	// Parens is set on a Call written with parentheses.
	Parens bool
	// Span is where the expression lies, measured from the start of its
	// statement ([Statement.SpanOf] gives it in the text).
	Span Rel
	// NameSpan covers the name of a Call, Member, Name, Global or
	// PlayerVar (the identifier after the dot), the operator of a Binary
	// or Assign, and the text between the quotes of a String; measured
	// as Span is.
	NameSpan Rel
	Elem     *vocab.Element
	Member   *vocab.Member
	LocStr   *vocab.LocalizedString
	Text     string
	Num      float64
	Args     []*Expr
}

// Binding strengths of the expressions that are not binary operators,
// which take theirs from [Op.Precedence] (|| 2 … ^ 8).
const (
	precTernary = 1  // c ? a : b
	precUnary   = 9  // !a
	precPostfix = 10 // P.x, a[i], calls, names, literals and parentheses
)

// Precedence returns how tightly e binds, loosest first: a conditional 1,
// a binary operator its [Op.Precedence] (2 to 8), ! 9, and 10 for every
// other expression, which nothing can split.
func (e *Expr) Precedence() int {
	switch e.Kind {
	case Ternary:
		return precTernary
	case Binary:
		return e.Op.Precedence()
	case Not:
		return precUnary
	}
	return precPostfix
}

// OperandPrecedence returns the least [Expr.Precedence] operand i of e
// needs to be written without parentheses: a left operand at least its
// operator's, a right one more (operators read left to right), each part
// of c ? a : b more than a conditional, the operand of ! at least a !, the
// player of P.x, the array of a[i] and the target of an assignment at
// least a postfix expression; 0 (anything) for the others, such as call
// arguments, an index and an assigned value.
func (e *Expr) OperandPrecedence(i int) int {
	switch e.Kind {
	case Binary:
		if i == 0 {
			return e.Op.Precedence()
		}
		return e.Op.Precedence() + 1
	case Not:
		return precUnary
	case Ternary:
		return precTernary + 1
	case PlayerVar, Index, Assign:
		if i == 0 {
			return precPostfix
		}
	}
	return 0
}
