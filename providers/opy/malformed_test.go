package opy

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// malformed are broken OverPy inputs, each with the diagnostic it must
// produce: the code, and the exact span, marked in the input with « and ».
var malformed = []struct {
	name, src string
	code      diag.Code
}{
	// Lexical.
	{"unknown character", "rule \"r\":\n    A = 1 «?» 2\n", codeUnexpectedCharacter},
	{"unterminated string", "rule \"r\":\n    A = «\"abc»\n    B = 2\n", codeUnterminatedString},
	{"unterminated comment", "rule \"r\":\n    A = 1 «/*» oops\n", codeUnterminatedComment},
	{"stray comment end", "rule \"r\":\n    A = 1 «*/»\n", codeUnexpectedCharacter},
	{"unknown escape", "rule \"r\":\n    A = \"a«\\q»b\"\n", codeUnknownEscape},
	{"short hex escape", "rule \"r\":\n    A = \"a«\\x4»\"\n", codeUnknownEscape},
	{"number running into letters", "rule \"r\":\n    A = «123abc»\n", codeInvalidNumber},
	{"hex without digits", "rule \"r\":\n    A = «0x»\n", codeInvalidNumber},
	{"unclosed bracket", "rule \"r\":\n    A = «(»1 + 2\n    B = 3\n", codeUnclosedBracket},
	{"extra closing bracket", "rule \"r\":\n    A = (1 + 2)«)»\n", codeUnmatchedBracket},
	{"mismatched bracket", "rule \"r\":\n    A = [1, 2«)»\n", codeUnmatchedBracket},
	{"text after backslash", "rule \"r\":\n    A = 1 «\\» 2\n", codeUnexpectedCharacter},
	{"bad string prefix", "rule \"r\":\n    A = «x»\"abc\"\n", codeStringPrefix},

	// Directives and macros.
	{"unknown directive", "«#!fooDirective»\nrule \"r\":\n    A = 1\n", codeUnknownDirective},
	{"define without name", "«#!define»\n", codeMalformedDirective},
	{"include not found", "«#!include \"nope.opy\"»\n", codeIncludeNotFound},
	{"include without quotes", "«#!include nope.opy»\n", codeMalformedDirective},
	{"macro redefined", "#!define X 1\n«#!define X 2»\n", codeDuplicateMacro},
	{"macro argument count", "#!define F(a, b) a + b\nrule \"r\":\n    A = «F(1)»\n", codeWrongArgumentCount},
	{"recursive macro", "#!define F(a) F(a)\nrule \"r\":\n    A = «F(1)»\n", codeMacroRecursion},
	{"JavaScript macro", "«#!define F(a) __script__(\"f.js\")»\nrule \"r\":\n    A = 1\n", codeUnsupportedFeature},
	{"post-compile hook", "«#!postCompileHook \"h.js\"»\nrule \"r\":\n    A = 1\n", codeUnsupportedFeature},

	// Indentation and blocks.
	{"inconsistent dedent", "rule \"r\":\n    if A:\n        B = 1\n«      »C = 2\n", codeInconsistentDedent},
	{"unexpected indent", "rule \"r\":\n    A = 1\n«        »B = 2\n", codeUnexpectedIndent},
	{"body not indented", "rule \"r\":\n«A = 1»\n", codeOutsideRule},
	{"statement at top level", "«A = 1»\n", codeOutsideRule},
	{"missing colon", "rule \"r\":\n    if A == 1«»\n        B = 2\n", codeExpectedColon},
	{"rule without name", "«rule:»\n", codeMalformedDecl},
	{"def with parameters", "«def f(x):»\n    A = 1\n", codeMalformedDecl},
	{"do without while", "rule \"r\":\n    «do:»\n        A++\n", codeSyntax},
	{"declaration inside rule", "rule \"r\":\n    «globalvar» x\n", codeSyntax},

	// Declarations.
	{"variable index out of range", "globalvar x «200»\n", codeIndexOutOfRange},
	{"duplicate variable index", "globalvar foo 3\nglobalvar «bar» 3\n", codeDuplicateIndex},
	{"keyword as variable", "globalvar «while»\n", codeReservedName},
	{"player variable x", "playervar «x»\n", codeReservedName},
	{"malformed globalvar", "«globalvar»\n", codeMalformedDecl},
	{"variable name the game cannot hold", "globalvar «a@b»\nrule \"r\":\n    A = 1\n", codeInvalidSlotName},
	{"subroutine name the game cannot hold", "def «sub$x»():\n    A = 1\n", codeInvalidSlotName},

	// Annotations.
	{"unknown annotation", "rule \"r\":\n    «@Foo» bar\n", codeUnknownAnnotation},
	{"unknown event", "rule \"r\":\n    @Event «fooEvent»\n    A = 1\n", codeInvalidAnnotation},
	{"unknown hero", "rule \"r\":\n    @Event eachPlayer\n    @Hero «anaa»\n", codeInvalidAnnotation},
	{"bad slot", "rule \"r\":\n    @Event eachPlayer\n    @Slot «12»\n", codeInvalidAnnotation},
	{"duplicate event", "rule \"r\":\n    @Event eachPlayer\n    «@Event» global\n", codeDuplicateAnnot},
	{"annotation after action", "rule \"r\":\n    A = 1\n    «@Condition» B\n", codeMisplacedAnnot},
	{"team on global rule", "rule \"r\":\n    @Team «1»\n    A = 1\n", codeMisplacedAnnot},

	// Expressions and calls.
	{"unknown function", "rule \"r\":\n    «fooBar»(1, 2)\n", codeUnknownFunction},
	{"unknown member function", "rule \"r\":\n    @Event eachPlayer\n    eventPlayer.«fooBar»(1)\n", codeUnknownFunction},
	{"too many arguments", "rule \"r\":\n    wait(1, Wait.IGNORE_CONDITION, «3»)\n", codeWrongArgumentCount},
	{"missing argument", "rule \"r\":\n    @Event eachPlayer\n    «eventPlayer.teleport()»\n", codeMissingArgument},
	{"unknown keyword argument", "rule \"r\":\n    hudHeader(getAllPlayers(), \"x\", «colour»=Color.RED)\n", codeUnknownKeywordArg},
	{"positional after keyword", "rule \"r\":\n    wait(time=1, «Wait.IGNORE_CONDITION»)\n", codePositionalAfterKw},
	{"undeclared variable", "rule \"r\":\n    A = «fooVar»\n", codeUnknownName},
	{"undeclared player variable", "rule \"r\":\n    @Event eachPlayer\n    eventPlayer.«fooVar» = 1\n", codeUnknownMember},
	{"unknown enum member", "rule \"r\":\n    A = Hero.«FOOBAR»\n", codeUnknownEnumMember},
	{"enum argument of the wrong type", "rule \"r\":\n    wait(1, «5»)\n", codeExpectedEnum},
	{"action used as value", "rule \"r\":\n    A = «wait()»\n", codeExpectedValue},
	{"value used as action", "rule \"r\":\n    «getAllPlayers()»\n", codeExpectedAction},
	{"assign to a value", "rule \"r\":\n    «getAllPlayers()» = 3\n", codeNotAssignable},
	{"missing operand", "rule \"r\":\n    A = 1 +«»\n", codeExpectedExpression},
	{"empty argument", "rule \"r\":\n    A = max(1, «,» 2)\n", codeExpectedExpression},
	{"ternary without else", "rule \"r\":\n    A = 1 if B«»\n", codeSyntax},
	{"for over an array", "rule \"r\":\n    for I in «[1, 2, 3]»:\n        A++\n", codeInvalidLoop},
	{"del of a variable", "rule \"r\":\n    del «A»\n", codeNotAssignable},
	{"goto unknown label", "rule \"r\":\n    goto «nowhere»\n", codeUnknownLabel},
	{"format too few arguments", "rule \"r\":\n    A = \"{} «{}»\".format(1)\n", codeFormatArguments},
	{"dictionary not indexed", "rule \"r\":\n    A = «{1: 2}»\n", codeSyntax},
	{"lambda out of place", "rule \"r\":\n    A = «lambda x: x»\n", codeSyntax},
	{"range outside for", "rule \"r\":\n    A = «range(3)»\n", codeSyntax},
	{"break outside a loop", "rule \"r\":\n    «break»\n", codeBreakOutsideLoop},
	{"lone else", "rule \"r\":\n    A = 1\n    «else:»\n        B = 2\n", codeLoneElse},
}

// TestMalformed compiles each broken input and requires its diagnostic
// at its span.
func TestMalformed(t *testing.T) {
	if len(malformed) < 50 {
		t.Fatalf("%d malformed inputs: the suite keeps at least 50", len(malformed))
	}
	seen := map[string]bool{}
	for _, c := range malformed {
		if seen[c.name] {
			t.Fatalf("two cases named %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			src, start, end := markedSpan(t, c.src)
			res := Compile("m.opy", src, Options{ReadFile: func(string) (string, error) { return "", fmt.Errorf("no file") }})
			for _, d := range res.Diags {
				if d.Code == c.code && d.File == 0 && d.Span.Start == start && d.Span.End == end {
					if d.Message == "" || strings.Contains(strings.ReplaceAll(d.Message, "__script__", ""), "__") {
						t.Errorf("message %q is empty or names an internal key", d.Message)
					}
					return
				}
			}
			t.Errorf("want %s at %d-%d (%q); got:%s", c.code, start, end, src[start:end], listDiags(res.Diags, src))
		})
	}
}

// markedSpan removes the « » markers and returns the span they enclosed.
func markedSpan(t *testing.T, s string) (string, int, int) {
	a := strings.Index(s, "«")
	b := strings.Index(s, "»")
	if a < 0 || b < a {
		t.Fatalf("no «span» in %q", s)
	}
	src := s[:a] + s[a+len("«"):b] + s[b+len("»"):]
	return src, a, b - len("«")
}

func listDiags(ds []Diagnostic, src string) string {
	var b strings.Builder
	for _, d := range ds {
		text := ""
		if d.File == 0 && d.Span.End <= len(src) {
			text = src[d.Span.Start:d.Span.End]
		}
		fmt.Fprintf(&b, "\n\t%s %s %d-%d %q: %s", d.Severity, d.Code, d.Span.Start, d.Span.End, text, d.Message)
	}
	return b.String()
}

// TestEveryErrorInOnePass: one file with an error in each of several
// rules reports them all, and a broken rule does not hide the next.
func TestEveryErrorInOnePass(t *testing.T) {
	src := "rule \"a\":\n    fooBar(1)\n\nrule \"b\":\n    A = (1 +\n\nrule \"c\":\n    bazQux(2)\n    A = Hero.NOPE\n\nrule \"d\":\n    @Event nope\n    if A\n        B = 1\n"
	res := Compile("e.opy", src, Options{})
	want := []diag.Code{codeUnknownFunction, codeUnknownFunction, codeUnknownEnumMember, codeInvalidAnnotation, codeExpectedColon}
	got := map[diag.Code]int{}
	for _, d := range res.Diags {
		got[d.Code]++
	}
	for _, c := range want {
		if got[c] == 0 {
			t.Errorf("no %s reported:%s", c, listDiags(res.Diags, src))
		}
		got[c]--
	}
	if !strings.Contains(listDiags(res.Diags, src), "'(' is never closed") {
		t.Errorf("the unclosed bracket of rule b is not reported:%s", listDiags(res.Diags, src))
	}
}

// TestRefusedNameReportedOnce: a declaration refused for a name the
// Workshop cannot hold has the error; its uses report nothing more, and
// an undeclared such name is not told to be declared as it is.
func TestRefusedNameReportedOnce(t *testing.T) {
	src := "globalvar fo@o\nplayervar pv$\nsubroutine s@b\n\nrule \"r\":\n" +
		"    fo@o = 3\n    A = fo@o + 1\n    eventPlayer.pv$ = 2\n    B = eventPlayer.pv$\n    s@b()\n    bar$ = 2\n"
	res := Compile("m.opy", src, Options{})
	var got []string
	for _, d := range res.Diags {
		got = append(got, string(d.Code)+" "+src[d.Span.Start:d.Span.End])
		if strings.Contains(d.Message, "globalvar bar$") {
			t.Errorf("the message proposes a declaration the Workshop refuses: %s", d.Message)
		}
	}
	want := []string{
		"invalid-workshop-name fo@o", "invalid-workshop-name pv$", "invalid-workshop-name s@b",
		"unknown-name bar$",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got %q\nwant %q", got, want)
	}
}
