package opy

// This file is the OverPy tree: declarations, statements and expressions,
// each with the Loc of the text it was read from.

// A Decl is a top-level item.
type Decl interface{ declLoc() Loc }

// A VarDecl is "globalvar NAME [INDEX] [= VALUE]" or "playervar …".
type VarDecl struct {
	Player  bool
	Name    string
	NameLoc Loc
	// Index is the declared index, or -1.
	Index    int
	IndexLoc Loc
	Init     Expr
	Loc      Loc
}

// A SubDecl is "subroutine NAME [INDEX]".
type SubDecl struct {
	Name     string
	NameLoc  Loc
	Index    int
	IndexLoc Loc
	Loc      Loc
}

// A Rule is `rule "NAME":` or a subroutine body `def NAME():`.
type Rule struct {
	Name    string
	NameLoc Loc
	// Def is set for a subroutine body; Name is then the subroutine.
	Def         bool
	Annotations []*Annotation
	Body        []Stmt
	// Loc spans the header line; Block the whole rule.
	Loc, Block Loc
	// Prefix is the #!rulePrefix in force where the rule is.
	Prefix string
	// Comments are the comments written before the rule.
	Comments []string
}

// An Annotation is an @-line at the start of a rule.
type Annotation struct {
	Name string // without '@'
	Loc  Loc    // the @word
	// Args are the tokens after the @word; Expr is them read as an
	// expression, for @Condition, @Name and @NewPage.
	Args     []token
	ArgLoc   Loc
	Expr     Expr
	Comments []string
}

// An EnumDecl is "enum NAME:" and its members.
type EnumDecl struct {
	Name    string
	NameLoc Loc
	Members []*EnumMember
	Loc     Loc
}

// An EnumMember is "NAME [= VALUE]".
type EnumMember struct {
	Name  string
	Loc   Loc
	Value Expr
}

// A MacroDecl is "macro NAME = VALUE", "macro Class.NAME = VALUE",
// "macro NAME(params): body" or "macro Class.NAME(params): body".
type MacroDecl struct {
	Name    string
	Class   string
	NameLoc Loc
	Fn      bool
	Params  []*MacroParam
	// Value is the macro's expression; Body its statements when it has a
	// block (a block holding only an expression also sets Value).
	Value Expr
	Body  []Stmt
	// Annotations and Rules are what a block macro adds to the rule it is
	// used in, or to the program.
	Annotations []*Annotation
	Rules       []*Rule
	Loc         Loc
}

// A MacroParam is a parameter of a macro, with its default.
type MacroParam struct {
	Name    string
	Loc     Loc
	Default Expr
}

// A SettingsDecl is "settings {…}" or "settings "file.json"".
type SettingsDecl struct {
	Value Expr
	Loc   Loc
}

// A Directive is a #! line the parser passes on (compile options and
// positional markers).
type Directive struct {
	Name string
	Args string
	Loc  Loc
}

// A TopStmt is a statement at the top level: the use of a macro that
// creates rules.
type TopStmt struct {
	Stmt Stmt
	Loc  Loc
}

func (d *TopStmt) declLoc() Loc      { return d.Loc }
func (d *VarDecl) declLoc() Loc      { return d.Loc }
func (d *SubDecl) declLoc() Loc      { return d.Loc }
func (d *Rule) declLoc() Loc         { return d.Loc }
func (d *EnumDecl) declLoc() Loc     { return d.Loc }
func (d *MacroDecl) declLoc() Loc    { return d.Loc }
func (d *SettingsDecl) declLoc() Loc { return d.Loc }
func (d *Directive) declLoc() Loc    { return d.Loc }

// A Stmt is a statement of a rule body.
type Stmt interface {
	stmtLoc() Loc
	comments() []string
}

// StmtBase holds what every statement has.
type StmtBase struct {
	Loc Loc
	// Comments are the '#' comments written on the statement's line and
	// the own-line comments just before it.
	Comments []string
}

func (s *StmtBase) stmtLoc() Loc       { return s.Loc }
func (s *StmtBase) comments() []string { return s.Comments }

// An ExprStmt is a call used as a statement.
type ExprStmt struct {
	StmtBase
	X Expr
}

// An AssignStmt is "TARGET OP VALUE" (OP is =, +=, -=, *=, /=, %=, **=,
// min= or max=) or "TARGET++" / "TARGET--" (OP "++" or "--", no value).
type AssignStmt struct {
	StmtBase
	Target Expr
	Op     string
	OpLoc  Loc
	Value  Expr
}

// An IfStmt is an if, elif or else line and its block. A chain is a run
// of siblings, as OverPy reads it.
type IfStmt struct {
	StmtBase
	Kind string // "if", "elif" or "else"
	Cond Expr   // nil for else
	Body []Stmt
}

// A WhileStmt is "while COND:".
type WhileStmt struct {
	StmtBase
	Cond Expr
	Body []Stmt
}

// A ForStmt is "for VAR in range(…):".
type ForStmt struct {
	StmtBase
	Var Expr
	// Range holds range()'s one to three arguments.
	Range    []Expr
	RangeLoc Loc
	Body     []Stmt
}

// A DoStmt is "do:" and its block, closed by a "while COND" line.
type DoStmt struct {
	StmtBase
	Body     []Stmt
	Cond     Expr
	WhileLoc Loc
}

// A SwitchStmt is "switch VALUE:"; its body holds CaseStmts among the
// statements.
type SwitchStmt struct {
	StmtBase
	Value Expr
	Body  []Stmt
}

// A CaseStmt is "case VALUE:" (or "default:") and its statements.
type CaseStmt struct {
	StmtBase
	Value   Expr
	Default bool
	Body    []Stmt
}

// A SimpleStmt is break, continue, return or pass.
type SimpleStmt struct {
	StmtBase
	Kind string
}

// A GotoStmt is "goto LABEL", "goto loc+VALUE" or "goto RULE_START".
type GotoStmt struct {
	StmtBase
	Label    string
	LabelLoc Loc
	// Dynamic is VALUE of goto loc+VALUE.
	Dynamic Expr
}

// A LabelStmt is "NAME:".
type LabelStmt struct {
	StmtBase
	Name string
}

// A DelStmt is "del TARGET[INDEX]".
type DelStmt struct {
	StmtBase
	Target Expr
}

// A DirectiveStmt is a #! line inside a rule.
type DirectiveStmt struct {
	StmtBase
	Name, Args string
}

// A BadStmt is a line that does not read; its error is reported.
type BadStmt struct{ StmtBase }

// An Expr is an expression.
type Expr interface{ exprLoc() Loc }

// A Name is an identifier.
type Name struct {
	Name string
	Loc  Loc
}

// A Number is a number literal.
type Number struct {
	Value float64
	Text  string
	Loc   Loc
}

// A String is one string literal or several written side by side.
type String struct {
	Prefix string
	Value  string
	Parts  []*StringPart
	Loc    Loc
}

// A StringPart is one of the literals of a String.
type StringPart struct {
	Value string
	// Raw is the text between the quotes; RawAt its offset in the file
	// (-1 when the text is a macro expansion's, with no exact offsets).
	Raw   string
	RawAt int
	Loc   Loc
}

// A Call is "FN(ARGS)".
type Call struct {
	Fn     Expr
	Args   []*Arg
	Loc    Loc
	ArgLoc Loc // the parentheses
}

// An Arg is a call argument, positional or "NAME=VALUE".
type Arg struct {
	Name    string
	NameLoc Loc
	Value   Expr
}

// A Member is "X.NAME".
type Member struct {
	X       Expr
	Name    string
	NameLoc Loc
	Loc     Loc
}

// An Index is "X[INDEX]".
type Index struct {
	X, Index Expr
	Loc      Loc
}

// A Unary is "-X", "+X" or "not X".
type Unary struct {
	Op    string
	X     Expr
	OpLoc Loc
	Loc   Loc
}

// A Binary is "X OP Y": arithmetic, comparison, and, or, in, not in.
type Binary struct {
	Op    string
	X, Y  Expr
	OpLoc Loc
	Loc   Loc
}

// A Ternary is "THEN if COND else ELSE".
type Ternary struct {
	Then, Cond, Else Expr
	Loc              Loc
}

// A List is "[A, B, …]".
type List struct {
	Elems []Expr
	Loc   Loc
}

// A Dict is "{K: V, …}".
type Dict struct {
	Keys, Values []Expr
	Loc          Loc
}

// A Comprehension is "[ELEM for VAR[, INDEX] in ITER [if COND]]".
type Comprehension struct {
	Elem     Expr
	Var      string
	VarLoc   Loc
	IndexVar string
	IndexLoc Loc
	Iter     Expr
	Cond     Expr
	Loc      Loc
}

// A Lambda is "lambda A[, B]: BODY".
type Lambda struct {
	Params    []string
	ParamLocs []Loc
	Body      Expr
	Loc       Loc
}

// A TypeExpr is the type argument of createWorkshopSetting, in its own
// syntax.
type TypeExpr struct {
	Text string
	Toks []token
	Loc  Loc
}

// A BadExpr stands for an expression that did not read; its error is
// already reported, so nothing built on it reports again.
type BadExpr struct{ Loc Loc }

func (e *Name) exprLoc() Loc          { return e.Loc }
func (e *Number) exprLoc() Loc        { return e.Loc }
func (e *String) exprLoc() Loc        { return e.Loc }
func (e *Call) exprLoc() Loc          { return e.Loc }
func (e *Member) exprLoc() Loc        { return e.Loc }
func (e *Index) exprLoc() Loc         { return e.Loc }
func (e *Unary) exprLoc() Loc         { return e.Loc }
func (e *Binary) exprLoc() Loc        { return e.Loc }
func (e *Ternary) exprLoc() Loc       { return e.Loc }
func (e *List) exprLoc() Loc          { return e.Loc }
func (e *Dict) exprLoc() Loc          { return e.Loc }
func (e *Comprehension) exprLoc() Loc { return e.Loc }
func (e *Lambda) exprLoc() Loc        { return e.Loc }
func (e *BadExpr) exprLoc() Loc       { return e.Loc }
func (e *TypeExpr) exprLoc() Loc      { return e.Loc }

// walkExpr calls f with e and every expression inside it.
func walkExpr(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *String:
	case *Call:
		walkExpr(e.Fn, f)
		for _, a := range e.Args {
			walkExpr(a.Value, f)
		}
	case *Member:
		walkExpr(e.X, f)
	case *Index:
		walkExpr(e.X, f)
		walkExpr(e.Index, f)
	case *Unary:
		walkExpr(e.X, f)
	case *Binary:
		walkExpr(e.X, f)
		walkExpr(e.Y, f)
	case *Ternary:
		walkExpr(e.Then, f)
		walkExpr(e.Cond, f)
		walkExpr(e.Else, f)
	case *List:
		for _, x := range e.Elems {
			walkExpr(x, f)
		}
	case *Dict:
		for i := range e.Keys {
			walkExpr(e.Keys[i], f)
			walkExpr(e.Values[i], f)
		}
	case *Comprehension:
		walkExpr(e.Elem, f)
		walkExpr(e.Iter, f)
		walkExpr(e.Cond, f)
	case *Lambda:
		walkExpr(e.Body, f)
	}
}
