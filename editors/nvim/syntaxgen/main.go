// Command syntaxgen writes editors/nvim/syntax/workshop.vim, the Vim syntax
// file of Workshop text, from the vocabulary (the shared catalog, as the
// engine embeds it). Every spelling of the 15 client languages goes in, so
// a file exported in any of them is coloured the same way; Neovim 0.7 has no
// semantic tokens, so without this file it shows no colour at all.
//
//	go run ./editors/nvim/syntaxgen          write the file
//	go run ./editors/nvim/syntaxgen -check   exit 1 when the file is stale
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func main() {
	check := flag.Bool("check", false, "exit 1 when the committed syntax file differs from what would be generated")
	flag.Parse()
	path := syntaxPath()
	want := Generate(vocab.Default())
	if *check {
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			fmt.Fprintf(os.Stderr, "%s is stale: run go run ./editors/nvim/syntaxgen\n", path)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(path, want, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// syntaxPath is the syntax file beside this generator's directory.
func syntaxPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "syntax", "workshop.vim")
}

// A category is a syntax group and the spellings it colours.
type category struct {
	group string // the Vim group, workshopX
	link  string // the standard group it is shown as
	names []string
}

// controlActions steer the flow of a rule's actions; they are coloured as
// statements, the other actions as functions.
var controlActions = map[string]bool{
	"__if__": true, "__elif__": true, "__else__": true, "__end__": true, "__while__": true,
	"loop": true, "__loopIf__": true, "__loopIfConditionIsFalse__": true,
	"__loopIfConditionIsTrue__": true, "__abortIf__": true, "__abortIfConditionIsFalse__": true,
	"__abortIfConditionIsTrue__": true, "__skip__": true, "__skipIf__": true, "break": true,
	"continue": true, "return": true, "__forGlobalVariable__": true,
	"__forPlayerVariable__": true, "__callSubroutine__": true, "startRule": true, "abort": true,
	"wait": true, "waitUntil": true,
}

var literalValues = map[string]bool{"true": true, "false": true, "null": true}

func categories(v *vocab.Vocabulary) []category {
	var keywords, control, actions, values, literals, events, constants []*vocab.Names
	for _, k := range v.Keywords {
		keywords = append(keywords, &k.Names)
	}
	for _, e := range v.Elements {
		switch {
		case e.IsAction() && controlActions[e.ID]:
			control = append(control, &e.Names)
		case e.IsAction():
			actions = append(actions, &e.Names)
		case literalValues[e.ID]:
			literals = append(literals, &e.Names)
		default:
			values = append(values, &e.Names)
		}
	}
	for _, e := range v.Events {
		events = append(events, &e.Names)
	}
	for _, en := range v.Enums {
		for _, m := range en.Members {
			constants = append(constants, &m.Names)
		}
	}
	for _, list := range [][]*vocab.Entry{v.EventTeams, v.EventPlayers} {
		for _, e := range list {
			constants = append(constants, &e.Names)
		}
	}
	for _, h := range v.Heroes {
		constants = append(constants, &h.Names)
	}
	for _, m := range v.Maps {
		constants = append(constants, &m.Names)
	}
	for _, g := range v.GameModes {
		constants = append(constants, &g.Names)
	}
	return []category{
		{"workshopKeyword", "Keyword", spellings(keywords)},
		{"workshopEvent", "Type", spellings(events)},
		{"workshopConstant", "Constant", spellings(constants)},
		{"workshopValue", "Identifier", spellings(values)},
		{"workshopBoolean", "Boolean", spellings(literals)},
		{"workshopAction", "Function", spellings(actions)},
		{"workshopControl", "Statement", spellings(control)},
	}
}

// spellings lists every spelling a file can hold, folded to lower case
// (the syntax file ignores case, as the parser does), once each.
func spellings(list []*vocab.Names) []string {
	seen := map[string]bool{}
	var out []string
	for _, names := range list {
		for _, n := range names {
			n = strings.ToLower(strings.TrimSpace(n))
			// Operators (!=, +) are not names; tr-TR marks untranslated
			// names <en>…<en>, which no file holds; a line break cannot
			// stand inside a name on one line.
			r, _ := utf8.DecodeRuneInString(n)
			if n == "" || !(unicode.IsLetter(r) || unicode.IsDigit(r)) || strings.ContainsAny(n, "<\n\r") || seen[n] {
				continue
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// isKeywordText reports whether name can be a :syn keyword: one word of
// characters Vim counts as keyword characters with the iskeyword below.
func isKeywordText(name string) bool {
	for _, r := range name {
		if !(r == '_' || r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || 'a' <= r && r <= 'z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// Generate returns the syntax file.
//
// Vim gives a keyword priority over any match at the same place, and of
// matches starting at one place the one defined last wins. So a name
// another name starts with ("All", "All Players") is never a keyword, and
// the matches come shortest first: a longer name is defined after every
// shorter one, whatever its category.
func Generate(v *vocab.Vocabulary) []byte {
	cats := categories(v)
	firstWords := map[string]bool{}
	for _, c := range cats {
		for _, n := range c.names {
			if i := strings.IndexFunc(n, func(r rune) bool { return !isKeywordText(string(r)) }); i > 0 {
				firstWords[n[:i]] = true
			}
		}
	}
	type bucket struct {
		cat   int
		words int
	}
	matches := map[bucket][]string{}
	keywords := make([][]string, len(cats))
	maxWords := 0
	for ci, c := range cats {
		for _, n := range c.names {
			if isKeywordText(n) && !firstWords[n] {
				keywords[ci] = append(keywords[ci], n)
				continue
			}
			w := len(strings.Fields(n))
			maxWords = max(maxWords, w)
			matches[bucket{ci, w}] = append(matches[bucket{ci, w}], n)
		}
	}

	var b bytes.Buffer
	b.WriteString(`" Vim syntax file
" Language:   Overwatch Workshop
" Generated by editors/nvim/syntaxgen from the vocabulary; do not edit.
" Every spelling of the 15 client languages is coloured.

if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syn case ignore
syn iskeyword @,48-57,_,192-255
syn sync minlines=200

`)
	for ci, c := range cats {
		// A long line of keywords is slow to read for Vim; 40 a line.
		for chunk := range slices.Chunk(keywords[ci], 40) {
			fmt.Fprintf(&b, "syn keyword %s %s\n", c.group, strings.Join(chunk, " "))
		}
	}
	b.WriteString("\n")
	for w := 1; w <= maxWords; w++ {
		for ci, c := range cats {
			names := matches[bucket{ci, w}]
			if len(names) == 0 {
				continue
			}
			// \%#=1: the backtracking engine reads these tries about 40
			// times faster than the NFA engine (26 s against 0.7 s for
			// 1,500 lines of z_owware). < needs a keyword character
			// first, which every name has; the end is a lookahead, since
			// some names end in ) or %.
			fmt.Fprintf(&b, "syn match %s /\\%%#=1\\v<%s%%(\\k)@!/\n", c.group, alternation(names))
		}
	}
	b.WriteString(`
" Variables: Global.name, Event Player.name and the names of a variables
" block; numbers; strings with their escapes and {0} placeholders; comments.
syn match workshopMember /\v\.\zs\h\w*/
syn match workshopNumber /\v<\d+%(\.\d+)?>/
syn match workshopPlaceholder /{\d}/ contained
syn match workshopEscape /\\./ contained
syn region workshopString start=/"/ skip=/\\\\\|\\"/ end=/"/ contains=workshopEscape,workshopPlaceholder
syn keyword workshopTodo TODO FIXME XXX NOTE contained
syn match workshopLineComment "//.*$" contains=workshopTodo,@Spell
syn region workshopComment start="/\*" end="\*/" contains=workshopTodo,@Spell

`)
	for _, c := range cats {
		fmt.Fprintf(&b, "hi def link %s %s\n", c.group, c.link)
	}
	b.WriteString(`hi def link workshopMember Identifier
hi def link workshopNumber Number
hi def link workshopString String
hi def link workshopEscape SpecialChar
hi def link workshopPlaceholder SpecialChar
hi def link workshopTodo Todo
hi def link workshopLineComment Comment
hi def link workshopComment Comment

let b:current_syntax = 'workshop'
let &cpo = s:cpo_save
unlet s:cpo_save
`)
	return b.Bytes()
}

// alternation returns a very-magic pattern matching exactly names, as a
// trie: Vim tries alternatives in order, so a name shares the branch of
// every name with its prefix and the longer continuations come first.
func alternation(names []string) string {
	type node struct {
		children map[rune]*node
		end      bool
	}
	root := &node{children: map[rune]*node{}}
	for _, n := range names {
		cur := root
		for _, r := range n {
			next := cur.children[r]
			if next == nil {
				next = &node{children: map[rune]*node{}}
				cur.children[r] = next
			}
			cur = next
		}
		cur.end = true
	}
	var write func(*strings.Builder, *node)
	write = func(sb *strings.Builder, n *node) {
		keys := make([]rune, 0, len(n.children))
		for r := range n.children {
			keys = append(keys, r)
		}
		slices.Sort(keys)
		// A chain of single children is written as plain text.
		if len(keys) == 1 && !n.end {
			sb.WriteString(escape(keys[0]))
			write(sb, n.children[keys[0]])
			return
		}
		if len(keys) == 0 {
			return
		}
		sb.WriteString("%(")
		for i, r := range keys {
			if i > 0 {
				sb.WriteString("|")
			}
			sb.WriteString(escape(r))
			write(sb, n.children[r])
		}
		sb.WriteString(")")
		if n.end {
			sb.WriteString("?")
		}
	}
	var sb strings.Builder
	write(&sb, root)
	return sb.String()
}

// escape writes r for a very-magic pattern: every ASCII character that is
// not a letter, digit or underscore is escaped, and a space matches any
// run of blanks, as the parser reads names.
func escape(r rune) string {
	switch {
	case r == ' ':
		return `\s+`
	case r < utf8.RuneSelf && !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'):
		return `\` + string(r)
	}
	return string(r)
}
