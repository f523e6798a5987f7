package opy

// This file answers the questions an editor asks about OverPy's names,
// for completion: the functions OverPy adds to the catalog's, the members
// of an enum, the directives.

import (
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Builtins lists OverPy's own functions (not member functions), sorted.
func Builtins() []string {
	out := append([]string{}, builtinNames...)
	sort.Strings(out)
	return out
}

// MemberBuiltins lists OverPy's own member functions (append, format,
// map, …) without their dot, sorted.
func MemberBuiltins() []string {
	var out []string
	for n := range builtinFuncs {
		if strings.HasPrefix(n, ".") {
			out = append(out, n[1:])
		}
	}
	for n := range functionAliases {
		if strings.HasPrefix(n, ".") {
			out = append(out, n[1:])
		}
	}
	sort.Strings(out)
	return out
}

// DirectiveNames lists the #! directives, sorted.
func DirectiveNames() []string { return directiveNames() }

// EnumNames lists the enums OverPy code names (Hero, Wait, Color…),
// sorted.
func EnumNames(v *vocab.Vocabulary) []string {
	var out []string
	for n := range tablesFor(v).enums {
		if !strings.HasPrefix(n, "__") {
			out = append(out, n)
		}
	}
	out = append(out, "Math", "Texture", "Vector")
	sort.Strings(out)
	return out
}

// EnumMemberNames lists the members of an enum as OverPy code spells them
// (ANA, IGNORE_CONDITION): a built-in enum's, and those a program res
// adds to it or declares; ok is false when name is no enum.
func EnumMemberNames(v *vocab.Vocabulary, name string, res *Result) ([]string, bool) {
	seen := map[string]bool{}
	var out []string
	add := func(m string) {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	found := false
	if en := tablesFor(v).enums[name]; en != nil {
		found = true
		for m := range en.members {
			add(m)
		}
	}
	switch name {
	case "Math":
		found = true
		for _, m := range []string{"PI", "E", "INFINITY", "EPSILON"} {
			add(m)
		}
	case "Texture":
		found = true
		for m := range textures {
			add(m)
		}
	case "Vector":
		found = true
		for _, e := range v.Elements {
			if strings.HasPrefix(e.ID, "Vector.") {
				add(strings.TrimPrefix(e.ID, "Vector."))
			}
		}
	}
	if res != nil {
		for _, d := range res.Program.Decls {
			if e, ok := d.(*EnumDecl); ok && e.Name == name {
				found = true
				for _, m := range e.Members {
					add(m.Name)
				}
			}
		}
	}
	sort.Strings(out)
	return out, found
}

// A LexicalKind is what a lexical token of OverPy text is, for
// highlighting.
type LexicalKind uint8

// The lexical kinds.
const (
	LexName LexicalKind = iota + 1
	LexKeyword
	LexNumber
	LexString
	LexOperator
	LexComment
	LexDirective
	LexAnnotation
)

// A LexicalToken is a token of OverPy text and its byte span.
type LexicalToken struct {
	Kind LexicalKind
	Span source.Span
}

// Lex reads one OverPy text into its tokens, comments and directives
// included, without expanding macros or reading includes: what an editor
// colours.
func Lex(text string) []LexicalToken {
	d := &diagnostics{}
	lx := &lexer{file: 0, src: text, d: d}
	var out []LexicalToken
	for _, l := range lx.run() {
		for _, t := range l.tokens {
			k := LexName
			switch {
			case t.kind == tNumber:
				k = LexNumber
			case t.kind == tString:
				k = LexString
			case t.kind == tOp:
				k = LexOperator
			case t.kind == tName && strings.HasPrefix(t.text, "@"):
				k = LexAnnotation
			case t.kind == tName && keywords[t.text]:
				k = LexKeyword
			}
			out = append(out, LexicalToken{Kind: k, Span: t.loc.Span})
		}
		for _, c := range l.comments {
			out = append(out, LexicalToken{Kind: LexComment, Span: c.loc.Span})
		}
	}
	// Directives are not tokens of a line: find them in the text.
	for i := 0; i < len(text); {
		j := strings.Index(text[i:], "#!")
		if j < 0 {
			break
		}
		start := i + j
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		if strings.TrimSpace(text[strings.LastIndexByte(text[:start], '\n')+1:start]) == "" {
			out = append(out, LexicalToken{Kind: LexDirective, Span: source.Span{Start: start, End: end}})
		}
		i = end
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}
