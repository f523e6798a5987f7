package opy

import (
	"errors"
	"io/fs"
	"sort"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// The OverPy frontend's diagnostic codes. Like the engine's, they are
// stable: never renamed, never reused.
const (
	codeUnexpectedCharacter diag.Code = "opy-unexpected-character"
	codeUnterminatedString  diag.Code = "unterminated-string"
	codeUnterminatedComment diag.Code = "unterminated-comment"
	codeUnknownEscape       diag.Code = "opy-unknown-escape"
	codeInvalidNumber       diag.Code = "invalid-number"
	codeUnclosedBracket     diag.Code = "unclosed-bracket"
	codeUnmatchedBracket    diag.Code = "unmatched-bracket"

	codeUnknownDirective   diag.Code = "unknown-directive"
	codeMalformedDirective diag.Code = "malformed-directive"
	codeDuplicateMacro     diag.Code = "duplicate-macro"
	codeMacroRecursion     diag.Code = "macro-recursion"
	codeIncludeNotFound    diag.Code = "include-not-found"
	codeAlreadyIncluded    diag.Code = "already-included"
	codeUnsupportedFeature diag.Code = "unsupported-feature"

	codeUnexpectedIndent   diag.Code = "unexpected-indent"
	codeInconsistentDedent diag.Code = "inconsistent-dedent"
	codeMixedIndentation   diag.Code = "mixed-indentation"
	codeExpectedColon      diag.Code = "expected-colon"
	codeSyntax             diag.Code = "opy-syntax"
	codeExpectedExpression diag.Code = "expected-expression"
	codeOutsideRule        diag.Code = "statement-outside-rule"
	codeMalformedDecl      diag.Code = "malformed-declaration"
	codeUnknownAnnotation  diag.Code = "unknown-annotation"
	codeMisplacedAnnot     diag.Code = "misplaced-annotation"
	codeDuplicateAnnot     diag.Code = "duplicate-annotation"
	codeInvalidAnnotation  diag.Code = "invalid-annotation-value"
	codeStringPrefix       diag.Code = "invalid-string-prefix"

	codeUnknownName        diag.Code = "unknown-name"
	codeUnknownFunction    diag.Code = "unknown-function"
	codeUnknownMember      diag.Code = "unknown-member"
	codeUnknownEnumMember  diag.Code = "unknown-enum-member"
	codeWrongArgumentCount diag.Code = "wrong-argument-count"
	codeMissingArgument    diag.Code = "missing-argument"
	codeUnknownKeywordArg  diag.Code = "unknown-keyword-argument"
	codeDuplicateArgument  diag.Code = "duplicate-argument"
	codePositionalAfterKw  diag.Code = "positional-after-keyword"
	codeExpectedEnum       diag.Code = "expected-enum-member"
	codeExpectedValue      diag.Code = "expected-value"
	codeExpectedAction     diag.Code = "expected-action"
	codeNotAssignable      diag.Code = "not-assignable"
	codeDuplicateIndex     diag.Code = "duplicate-variable-index"
	codeIndexOutOfRange    diag.Code = "variable-index-out-of-range"
	codeDuplicateDecl      diag.Code = "duplicate-declaration"
	codeInvalidSlotName    diag.Code = "invalid-workshop-name"
	codeReservedName       diag.Code = "reserved-name"
	codeUnknownLabel       diag.Code = "unknown-label"
	codeFormatArguments    diag.Code = "format-arguments"
	codeInvalidSettings    diag.Code = "invalid-settings"
	codeNotConstant        diag.Code = "not-constant"
	codeInvalidLoop        diag.Code = "invalid-loop"

	codeLoneElse         diag.Code = "lone-else"
	codeBreakOutsideLoop diag.Code = "break-outside-loop"
	codeWait9999         diag.Code = "wait-too-long"
	codeUnusedSettings   diag.Code = "extension-without-settings"
	// The settings codes the engine reports on Workshop text, for the
	// same problems in OverPy's settings.
	codeUnknownSetting diag.Code = "unknown-setting"
	codeSettingTooLong diag.Code = "setting-too-long"
)

// The codes of OverPy's own functions (lower_builtin*.go).
const (
	codeExpectedLiteral diag.Code = "expected-literal"
	codeArgumentRange   diag.Code = "argument-out-of-range"
	codeRandomArgument  diag.Code = "random-argument"
	codeStringTooLong   diag.Code = "string-too-long"
	codeTooManySettings diag.Code = "too-many-workshop-settings"

	codeSettingEnumDefault diag.Code = "workshop-setting-enum-default"

	// Strings' tags and look-alike letters (lower_string_tags.go,
	// lower_string_letters.go).
	codeTagsNeedSetup    diag.Code = "tags-need-setup"
	codeMalformedTexture diag.Code = "malformed-texture-tag"
	codeNoBigLetter      diag.Code = "no-big-letter"
	codeNotFullwidth     diag.Code = "not-fullwidth"
	codeUnknownTexture   diag.Code = "unknown-texture"
)

// Codes documents every code the OverPy frontend reports.
var Codes = []diag.CodeInfo{
	{Code: codeUnexpectedCharacter, Severity: diag.Error, Summary: "a character that OverPy text cannot hold here"},
	{Code: codeUnterminatedString, Severity: diag.Error, Summary: "a string literal has no closing quote"},
	{Code: codeUnterminatedComment, Severity: diag.Error, Summary: "a /* comment has no closing */"},
	{Code: codeUnknownEscape, Severity: diag.Error, Summary: "a string has an escape OverPy does not know"},
	{Code: codeInvalidNumber, Severity: diag.Error, Summary: "a number literal cannot be read (123abc, 0x)"},
	{Code: codeUnclosedBracket, Severity: diag.Error, Summary: "a '(', '[' or '{' is never closed"},
	{Code: codeUnmatchedBracket, Severity: diag.Error, Summary: "a ')', ']' or '}' closes nothing, or the wrong bracket"},
	{Code: codeUnknownDirective, Severity: diag.Error, Summary: "a #! directive OverPy does not have"},
	{Code: codeMalformedDirective, Severity: diag.Error, Summary: "a #! directive's arguments do not read"},
	{Code: codeDuplicateMacro, Severity: diag.Error, Summary: "a macro is defined twice without #!allowMacroRedeclaration"},
	{Code: codeMacroRecursion, Severity: diag.Error, Summary: "a macro expands into itself"},
	{Code: codeIncludeNotFound, Severity: diag.Error, Summary: "an #!include names a file or folder that cannot be read"},
	{Code: codeAlreadyIncluded, Severity: diag.Warning, Summary: "a file is included a second time (it is read once)"},
	{Code: codeUnsupportedFeature, Severity: diag.Error, Summary: "an OverPy feature wright-lsp does not compile (named in the message)"},
	{Code: codeUnexpectedIndent, Severity: diag.Error, Summary: "a line is indented deeper than its block without a block header"},
	{Code: codeInconsistentDedent, Severity: diag.Error, Summary: "a line's indentation matches no enclosing block"},
	{Code: codeMixedIndentation, Severity: diag.Warning, Summary: "indentation mixes tabs and spaces (a tab counts 4 columns)"},
	{Code: codeExpectedColon, Severity: diag.Error, Summary: "a block header does not end with ':'"},
	{Code: codeSyntax, Severity: diag.Error, Summary: "the text does not fit OverPy's grammar here"},
	{Code: codeExpectedExpression, Severity: diag.Error, Summary: "a value is missing (an operand, an argument)"},
	{Code: codeOutsideRule, Severity: diag.Error, Summary: "an action or annotation is not inside a rule or subroutine"},
	{Code: codeMalformedDecl, Severity: diag.Error, Summary: "a declaration (globalvar, rule, def, enum, macro…) does not read"},
	{Code: codeUnknownAnnotation, Severity: diag.Error, Summary: "an @annotation OverPy does not have"},
	{Code: codeMisplacedAnnot, Severity: diag.Error, Summary: "an annotation after a rule's first action, or on a subroutine that cannot take it"},
	{Code: codeDuplicateAnnot, Severity: diag.Error, Summary: "a rule has the same annotation twice"},
	{Code: codeInvalidAnnotation, Severity: diag.Error, Summary: "an annotation's value is not one it takes (@Event, @Team, @Hero, @Slot)"},
	{Code: codeStringPrefix, Severity: diag.Error, Summary: "a string prefix letter or combination OverPy does not have"},
	{Code: codeUnknownName, Severity: diag.Error, Summary: "a name is neither declared, a default variable nor a built-in"},
	{Code: codeUnknownFunction, Severity: diag.Error, Summary: "no action, value, macro or subroutine has this name"},
	{Code: codeUnknownMember, Severity: diag.Error, Summary: "a member (player variable, member function) that does not exist"},
	{Code: codeUnknownEnumMember, Severity: diag.Error, Summary: "an enum has no member of this name"},
	{Code: codeWrongArgumentCount, Severity: diag.Error, Summary: "a function or macro gets more arguments than it takes"},
	{Code: codeMissingArgument, Severity: diag.Error, Summary: "an argument without a default is missing"},
	{Code: codeUnknownKeywordArg, Severity: diag.Error, Summary: "a keyword argument names no parameter"},
	{Code: codeDuplicateArgument, Severity: diag.Error, Summary: "an argument is given twice"},
	{Code: codePositionalAfterKw, Severity: diag.Error, Summary: "a positional argument follows a keyword argument"},
	{Code: codeExpectedEnum, Severity: diag.Error, Summary: "the argument takes a member of an enum"},
	{Code: codeExpectedValue, Severity: diag.Error, Summary: "an action is used where a value is needed"},
	{Code: codeExpectedAction, Severity: diag.Error, Summary: "a value is used as a statement"},
	{Code: codeNotAssignable, Severity: diag.Error, Summary: "the left side of an assignment is not a variable"},
	{Code: codeDuplicateIndex, Severity: diag.Error, Summary: "two variables or subroutines declare the same index"},
	{Code: codeIndexOutOfRange, Severity: diag.Error, Summary: "an index outside 0–127, or more than 128 variables or subroutines"},
	{Code: codeDuplicateDecl, Severity: diag.Error, Summary: "a name is declared twice"},
	{Code: codeInvalidSlotName, Severity: diag.Error, Summary: "a variable or subroutine name the Workshop cannot hold (OverPy names may contain '@' and '$'; Workshop names are letters, digits and '_')"},
	{Code: codeReservedName, Severity: diag.Error, Summary: "a declaration uses a keyword or built-in name"},
	{Code: codeUnknownLabel, Severity: diag.Error, Summary: "a goto names no label later in its rule"},
	{Code: codeFormatArguments, Severity: diag.Error, Summary: "a .format() call's arguments do not match its placeholders"},
	{Code: codeInvalidSettings, Severity: diag.Error, Summary: "the settings block has a key or value the settings schema does not take"},
	{Code: codeNotConstant, Severity: diag.Error, Summary: "a value that must be known when compiling is not"},
	{Code: codeInvalidLoop, Severity: diag.Error, Summary: "a for loop does not read 'for VARIABLE in range(…)'"},
	{Code: codeLoneElse, Severity: diag.Warning, Summary: "an else or elif follows no if (it compiles to a bare Else)"},
	{Code: codeBreakOutsideLoop, Severity: diag.Warning, Summary: "break outside a loop or switch (it compiles to Abort)"},
	{Code: codeWait9999, Severity: diag.Warning, Summary: "wait(9999) or longer: use Wait.NONE with a condition instead"},
	{Code: codeUnusedSettings, Severity: diag.Warning, Summary: "#!extension in a program without a settings block has no effect"},
	{Code: codeUnknownSetting, Severity: diag.Warning, Summary: "a settings key, value or game mode the settings schema does not know: written as is, as OverPy does"},
	{Code: codeSettingTooLong, Severity: diag.Error, Summary: "the mode name or description is longer than the game allows"},

	{Code: codeExpectedLiteral, Severity: diag.Error, Summary: "the argument must be written as a literal (a number, a string, true or false, an enum member)"},
	{Code: codeArgumentRange, Severity: diag.Error, Summary: "a literal argument is outside the range the function takes (hsl's hue, a setting's bounds)"},
	{Code: codeRandomArgument, Severity: diag.Error, Summary: "a random value is passed where it would be computed several times (hsl)"},
	{Code: codeStringTooLong, Severity: diag.Error, Summary: "a text is longer than the Workshop takes (a workshop setting's 128 bytes)"},
	{Code: codeTooManySettings, Severity: diag.Error, Summary: "more than 128 workshop settings"},
	{Code: codeSettingEnumDefault, Severity: diag.Warning, Summary: "an enum workshop setting defaults to another option than the first, which then cannot be chosen"},
	{Code: codeTagsNeedSetup, Severity: diag.Warning, Summary: "a string has a <tx> or <fg> tag but the program has no #!setupTags: it shows as written"},
	{Code: codeMalformedTexture, Severity: diag.Warning, Summary: "a <txC…> tag whose id is not 14 hexadecimal digits"},
	{Code: codeNoBigLetter, Severity: diag.Error, Summary: "a b\"…\" string has no letter with a big look-alike"},
	{Code: codeNotFullwidth, Severity: diag.Warning, Summary: "a w\"…\" string has characters with no fullwidth form"},
	{Code: codeUnknownTexture, Severity: diag.Error, Summary: "a Texture member that OverPy's Texture enum does not have"},
}

// A directive's class: what the compiler does with it.
type directiveClass uint8

const (
	dirSupported   directiveClass = iota // acted on
	dirOptimizer                         // an optimiser option: recorded
	dirUnsupported                       // refused with unsupported-feature
)

// directives are the #! directives OverPy has.
var directives = map[string]directiveClass{
	"include": dirSupported, "mainFile": dirSupported, "define": dirSupported, "defineMember": dirSupported,
	"allowMacroRedeclaration": dirSupported, "suppressWarnings": dirSupported, "extension": dirSupported,
	"disableInspector": dirSupported, "globalvarInitRuleName": dirSupported, "playervarInitRuleName": dirSupported,
	"debugElementCount": dirSupported, "rulePrefix": dirSupported, "rulePrefixTemplate": dirUnsupported,
	"excludeVariablesInCompilation": dirUnsupported, "writeToOutputFile": dirUnsupported,

	"disableOptimizations": dirOptimizer, "enableOptimizations": dirOptimizer, "optimizeForSize": dirOptimizer,
	"disableOptimizeForSize": dirOptimizer, "optimizeForSizeAggressive": dirOptimizer, "optimizeStrict": dirOptimizer,
	"disableOptimizeStrict": dirOptimizer, "replace0ByCapturePercentage": dirOptimizer, "replace0ByIsMatchComplete": dirOptimizer,
	"replace0ByPayloadProgressPercentage": dirOptimizer, "replace1ByMatchRound": dirOptimizer,
	"replaceTeam1ByControlScoringTeam": dirOptimizer, "replaceEmptyStringByEmptyArray": dirOptimizer,
	"replaceEmptyStringByVariable": dirOptimizer,

	"setupTags": dirSupported, "setupTx": dirSupported, "translations": dirUnsupported,
	"translateWithPlayerVar": dirUnsupported, "keepUnusedTranslations": dirUnsupported,
	"disableTranslationSourceLines": dirUnsupported, "postCompileHook": dirUnsupported,
	"useVariableForCompressionAlphabet": dirUnsupported,
}

func directiveNames() []string {
	out := make([]string, 0, len(directives))
	for n := range directives {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}

// errorText says why a file could not be read, without Go's wording.
func errorText(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}
