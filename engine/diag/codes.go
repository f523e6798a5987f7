package diag

// A Code identifies a kind of problem. Codes are stable kebab-case strings:
// users, lint policies and agents filter and suppress by them, so a code is
// never renamed or reused for another meaning.
type Code string

// CodeInfo documents a code.
type CodeInfo struct {
	Code     Code
	Severity Severity // the severity the engine reports it with
	Summary  string
}

// Syntax: the text cannot be read as written.
const (
	InvalidUTF8          Code = "invalid-utf8"
	UnterminatedString   Code = "unterminated-string"
	UnterminatedComment  Code = "unterminated-comment"
	UnexpectedToken      Code = "unexpected-token"
	MissingSemicolon     Code = "missing-semicolon"
	UnclosedBracket      Code = "unclosed-bracket"
	UnmatchedBracket     Code = "unmatched-bracket"
	ExpectedExpression   Code = "expected-expression"
	InvalidNumber        Code = "invalid-number"
	NestingTooDeep       Code = "nesting-too-deep"
	EmptyProgram         Code = "empty-program"
	UnknownEscape        Code = "unknown-escape"
	EmptyParentheses     Code = "empty-parentheses"
	RemovedMap           Code = "removed-map"
	DuplicateBlock       Code = "duplicate-block"
	BlockOrder           Code = "block-order"
	MissingEvent         Code = "missing-event"
	MissingEventLine     Code = "missing-event-line"
	ExtraEventLine       Code = "extra-event-line"
	UnexpectedString     Code = "unexpected-string"
	InvalidSettingsLine  Code = "invalid-settings-line"
	AmbiguousLocale      Code = "ambiguous-locale"
	UnknownSettingsEntry Code = "unknown-setting"
	UncataloguedSetting  Code = "uncatalogued-setting"
	InvalidSettingValue  Code = "invalid-setting-value"
)

// Names: a name does not resolve against the vocabulary or the program.
const (
	UnknownAction          Code = "unknown-action"
	UnknownValue           Code = "unknown-value"
	UnknownEnumMember      Code = "unknown-enum-member"
	UnknownEvent           Code = "unknown-event"
	UnknownEventTeam       Code = "unknown-event-team"
	UnknownEventPlayer     Code = "unknown-event-player"
	UnknownLocalizedString Code = "unknown-localized-string"
	UndeclaredVariable     Code = "undeclared-variable"
	UndeclaredSubroutine   Code = "undeclared-subroutine"
)

// Signatures and slots.
const (
	WrongArgumentCount Code = "wrong-argument-count"
	LegacyArity        Code = "legacy-arity"
	ExpectedEnumMember Code = "expected-enum-member"
	WrongEnumMember    Code = "wrong-enum-member"
	ExpectedVariable   Code = "expected-variable-name"
	ExpectedSubroutine Code = "expected-subroutine-name"
	ExpectedString     Code = "expected-string"
	ExpectedLiteral    Code = "expected-literal"
	ExpectedAction     Code = "expected-action"
	ActionInCondition  Code = "action-in-condition"
	ArgumentOutOfRange Code = "argument-out-of-range"
	LiteralLimit       Code = "literal-limit"
	NotAssignable      Code = "not-assignable"
)

// Declarations.
const (
	DuplicateSlotIndex   Code = "duplicate-slot-index"
	DuplicateSlotName    Code = "duplicate-slot-name"
	SlotIndexOutOfRange  Code = "slot-index-out-of-range"
	InvalidIdentifier    Code = "invalid-identifier"
	IdentifierTooLong    Code = "identifier-too-long"
	UnknownSubroutineRef Code = "unknown-subroutine-event"
)

// Strings and limits.
const (
	FormatPlaceholder    Code = "format-placeholder-without-argument"
	UnusedFormatArgument Code = "unused-format-argument"
	StringTooLong        Code = "string-too-long"
	SettingTooLong       Code = "setting-too-long"
	WaitTooShort         Code = "wait-too-short"
	WorkshopSettingName  Code = "workshop-setting-name"
	TooManySettings      Code = "too-many-workshop-settings"
)

// Control flow.
const (
	UnmatchedEnd        Code = "unmatched-end"
	ElseWithoutIf       Code = "else-without-if"
	BreakOutsideLoop    Code = "break-outside-loop"
	ContinueOutsideLoop Code = "continue-outside-loop"
)

// Printing.
const (
	MissingMapping Code = "missing-mapping"
)

// Codes documents every code the engine reports.
var Codes = []CodeInfo{
	{InvalidUTF8, Error, "the text is not valid UTF-8"},
	{UnterminatedString, Error, "a string literal has no closing quote"},
	{UnterminatedComment, Error, "a /* comment has no closing */"},
	{UnexpectedToken, Error, "the text does not fit the grammar at this point"},
	{MissingSemicolon, Error, "an action, condition or event line does not end with ';'"},
	{UnclosedBracket, Error, "a '(', '[' or '{' is never closed"},
	{UnmatchedBracket, Error, "a ')', ']' or '}' closes nothing"},
	{ExpectedExpression, Error, "a value is missing"},
	{InvalidNumber, Error, "a number literal cannot be read"},
	{NestingTooDeep, Error, "values are nested deeper than the engine reads"},
	{EmptyProgram, Warning, "the text holds no rules, settings or blocks"},
	{UnknownEscape, Warning, "a string has an escape the game does not write"},
	{EmptyParentheses, Info, "a value that takes no arguments is written with '()'"},
	{RemovedMap, Warning, "Map( or Game Mode( names a map or mode removed from the game"},
	{DuplicateBlock, Error, "a rule has two event, conditions or actions blocks"},
	{BlockOrder, Warning, "a rule's blocks are not in the order event, conditions, actions"},
	{MissingEvent, Error, "a rule has no event block"},
	{MissingEventLine, Error, "an event block lacks a line its event needs"},
	{ExtraEventLine, Error, "an event block has more lines than its event takes"},
	{UnexpectedString, Error, "a string appears where the game takes no string"},
	{InvalidSettingsLine, Error, "a settings line is neither a group, a setting nor a word"},
	{AmbiguousLocale, Info, "the client language cannot be told from the text"},
	{UnknownSettingsEntry, Warning, "a settings key, group or value is not in the settings schema"},
	{UncataloguedSetting, Info, "a known hero's setting with a well-formed value is not in wright's settings catalog, which may predate it"},
	{InvalidSettingValue, Warning, "a setting's value does not have the type the schema gives it"},

	{UnknownAction, Error, "no action has this name"},
	{UnknownValue, Error, "no value has this name"},
	{UnknownEnumMember, Error, "the slot's enum has no member of this name"},
	{UnknownEvent, Error, "no event has this name"},
	{UnknownEventTeam, Error, "the event team line is not All, Team 1 or Team 2"},
	{UnknownEventPlayer, Error, "the event player line is not All, a slot or a hero"},
	{UnknownLocalizedString, Error, "String(…) takes one of the game's localized strings"},
	{UndeclaredVariable, Error, "a variable name is neither declared nor a free default name"},
	{UndeclaredSubroutine, Error, "a subroutine name is neither declared nor a free default name"},

	{WrongArgumentCount, Error, "an action or value has the wrong number of arguments"},
	{LegacyArity, Warning, "an action is written with an argument count of an older game version"},
	{ExpectedEnumMember, Error, "the slot takes a bare member of an enum"},
	{WrongEnumMember, Error, "the member belongs to another enum than the slot's"},
	{ExpectedVariable, Error, "the slot takes a bare variable name"},
	{ExpectedSubroutine, Error, "the slot takes a bare subroutine name"},
	{ExpectedString, Error, "the slot takes a string literal"},
	{ExpectedLiteral, Error, "the slot takes a literal, not a computed value"},
	{ExpectedAction, Error, "an actions block holds something that is not an action"},
	{ActionInCondition, Error, "a conditions block holds an action"},
	{ArgumentOutOfRange, Warning, "a literal argument is outside the range the game allows"},
	{LiteralLimit, Warning, "the game does not keep number literals above the slot's limit"},
	{NotAssignable, Error, "the left side of an assignment is not a variable"},

	{DuplicateSlotIndex, Error, "two declarations name the same slot"},
	{DuplicateSlotName, Error, "two slots of one kind share a name"},
	{SlotIndexOutOfRange, Error, "a slot index is outside 0–127"},
	{InvalidIdentifier, Error, "a variable or subroutine name breaks the naming rules"},
	{IdentifierTooLong, Error, "a variable or subroutine name is longer than 32 characters"},
	{UnknownSubroutineRef, Error, "a Subroutine event names an undeclared subroutine"},

	{FormatPlaceholder, Warning, "a Custom String placeholder has no argument"},
	{UnusedFormatArgument, Warning, "a Custom String argument is not used by any placeholder"},
	{StringTooLong, Warning, "a Custom String literal is longer than 128 characters"},
	{SettingTooLong, Error, "a settings string is longer than the game allows"},
	{WaitTooShort, Info, "Wait shorter than one server tick (0.016 s) waits one tick"},
	{WorkshopSettingName, Warning, "a workshop setting's name or category has characters the game rejects or strips"},
	{TooManySettings, Warning, "a mode declares more than 128 workshop settings"},

	{UnmatchedEnd, Warning, "an End closes no If, While or For"},
	{ElseWithoutIf, Warning, "an Else or Else If follows no If, or follows an Else"},
	{BreakOutsideLoop, Warning, "Break is not inside a While or For"},
	{ContinueOutsideLoop, Warning, "Continue is not inside a While or For"},

	{MissingMapping, Error, "a name has no spelling in the target locale"},
}

// Lookup returns the documentation of c; ok is false for an unknown code.
func Lookup(c Code) (info CodeInfo, ok bool) {
	for _, i := range Codes {
		if i.Code == c {
			return i, true
		}
	}
	return CodeInfo{}, false
}
