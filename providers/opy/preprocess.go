package opy

// This file holds the preprocessor's part of lexing: #!include splices the
// lines of other files, #!define records text macros and their uses are
// expanded as they are read. Every other directive goes on to the parser
// as a line of its own.

import (
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// A macro is a #!define text macro.
type macro struct {
	name   string
	params []string // nil for a macro used without parentheses
	fn     bool     // written NAME(…)
	body   string
	def    Loc
}

// An expansion is one use of a macro.
type expansion struct {
	macro *macro
	// call spans the use (name and arguments) in the text the user wrote.
	call Loc
	// parent is the expansion this one happened inside, if any.
	parent *expansion
}

// depth is the number of expansions nested up to and including x.
func (x *expansion) depth() int {
	n := 0
	for ; x != nil; x = x.parent {
		n++
	}
	return n
}

// The preprocessor holds the state of one compile's lexing.
type preprocessor struct {
	p      *Program
	d      *diagnostics
	macros map[string]*macro
	// allowRedefine is set by #!allowMacroRedeclaration.
	allowRedefine bool
	// included holds the cleaned paths already read.
	included map[string]bool
	// arenas are the token arenas of this read, returned to the pool by
	// release.
	arenas []*[]token
	// mem is the read's scratch memory (its lines), given back by the
	// caller once the tree is built.
	mem *scratch
	// second is set on the preprocessor of the second half of a split
	// read (lex_split.go), which must not change what the program holds
	// or what the first half defined: a directive that would sets
	// refused instead, and the half is read again.
	second, refused bool
}

// release gives the read's token arenas back for the next read; no token
// of them may be used after.
func (pp *preprocessor) release() {
	for _, a := range pp.arenas {
		putArena(a)
	}
	pp.arenas = nil
}

func (pp *preprocessor) isMacro(name string) bool {
	_, ok := pp.macros[name]
	return ok
}

// lexFile reads file i of the program into logical lines.
func (pp *preprocessor) lexFile(i int) []line {
	lx := &lexer{file: i, src: pp.p.Files[i].Text, d: pp.d, pp: pp}
	return lx.run()
}

// directive acts on a directive as the lexer reads it.
func (pp *preprocessor) directive(lx *lexer, t token) {
	if pp.second {
		switch t.text {
		case "define", "defineMember", "allowMacroRedeclaration", "include":
			pp.refused = true
			return
		}
	}
	switch t.text {
	case "define", "defineMember":
		pp.define(t)
	case "allowMacroRedeclaration":
		pp.allowRedefine = true
	case "include":
		pp.include(lx, t)
	case "mainFile":
		// Honoured only as the first bytes of the compiled file (see
		// Compile); anywhere else, OverPy ignores it and so do we.
	default:
		if _, known := directives[t.text]; !known {
			x := pp.d.errorf(codeUnknownDirective, t.loc, "unknown directive '#!"+t.text+"'")
			if s := pp.d.suggest.NearestIn(t.text, directiveNames); len(s) > 0 {
				x.Message += ": did you mean '#!" + s[0] + "'?"
				x.suggest(s...)
			}
			return
		}
		// Other directives are statements for the parser: put each on a
		// line of its own.
		indent := lx.cur
		lx.finishLine()
		lx.out = append(lx.out, line{indent: indent.indent, indentLoc: indent.indentLoc, tokens: []token{t}})
		lx.cur = line{indent: indent.indent, indentLoc: indent.indentLoc}
		lx.started = true
	}
}

var defineHead = regexp.MustCompile(`^([A-Za-z0-9_$@]+)(\(([^)]*)\))?`)

func (pp *preprocessor) define(t token) {
	m := defineHead.FindStringSubmatch(t.str)
	if m == nil {
		pp.d.errorf(codeMalformedDirective, t.loc, "#!define needs a name: '#!define NAME value' or '#!define NAME(a, b) value'")
		return
	}
	mac := &macro{name: m[1], body: strings.TrimSpace(t.str[len(m[0]):]), def: t.loc}
	if t.text == "defineMember" {
		pp.d.errorf(codeUnsupportedFeature, t.loc, "#!defineMember is not supported by wright-lsp: write a member macro ('macro Player.name(…):') instead")
		return
	}
	if m[2] != "" {
		mac.fn = true
		for _, p := range strings.Split(m[3], ",") {
			if p = strings.TrimSpace(p); p != "" {
				mac.params = append(mac.params, p)
			}
		}
	}
	if strings.Contains(mac.body, "__script__") {
		pp.d.errorf(codeUnsupportedFeature, t.loc, "JavaScript macros (__script__) are not supported by wright-lsp: it runs no JavaScript")
		return
	}
	if old := pp.macros[mac.name]; old != nil && !pp.allowRedefine {
		pp.d.errorf(codeDuplicateMacro, t.loc, "macro '"+mac.name+"' is already defined; add #!allowMacroRedeclaration to redefine it").related(old.def, "the first definition")
	}
	pp.macros[mac.name] = mac
}

// expand replaces a use of a macro (its name is t) with its body, read as
// text at the place of the use.
func (pp *preprocessor) expand(lx *lexer, t token) {
	mac := pp.macros[t.text]
	callStart := t.loc
	body := mac.body
	call := t.loc
	if mac.fn {
		// The arguments follow the name, in the raw text.
		i := lx.pos
		for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t') {
			i++
		}
		if i >= len(lx.src) || lx.src[i] != '(' {
			// Not a use: a function macro's name alone is a name.
			lx.cur.tokens = append(lx.cur.tokens, t)
			return
		}
		args, end, ok := splitMacroArgs(lx.src, i)
		if !ok {
			pp.d.errorf(codeUnclosedBracket, lx.loc(i, i+1), "'(' of the use of macro '"+mac.name+"' is never closed")
			lx.pos = len(lx.src)
			return
		}
		lx.pos = end
		if lx.exp == nil {
			call = Loc{File: lx.file, Span: source.Span{Start: callStart.Start, End: end}}
		}
		if len(args) != len(mac.params) && !(len(mac.params) == 0 && len(args) == 1 && strings.TrimSpace(args[0]) == "") {
			pp.d.errorf(codeWrongArgumentCount, call, "macro '"+mac.name+"' takes "+plural(len(mac.params), "argument")+", got "+itoa(len(args))).related(mac.def, "its definition")
		}
		body = substituteParams(body, mac.params, args)
	}
	x := &expansion{macro: mac, call: call, parent: lx.exp}
	if lx.exp != nil {
		x.call = lx.exp.call
	}
	if x.depth() > 32 || pp.recursive(x) {
		pp.d.errorf(codeMacroRecursion, x.call, "macro '"+mac.name+"' expands into itself").related(mac.def, "its definition")
		return
	}
	sub := &lexer{file: lx.file, src: body, d: pp.d, pp: pp, exp: x}
	lines := sub.run()
	if len(lines) == 0 {
		return
	}
	first := lines[0]
	for i := range first.tokens {
		if i == 0 {
			first.tokens[i].spaceBefore = t.spaceBefore
		}
	}
	lx.cur.tokens = append(lx.cur.tokens, first.tokens...)
	if len(lines) == 1 || len(lx.brackets) > 0 {
		for _, l := range lines[1:] {
			lx.cur.tokens = append(lx.cur.tokens, l.tokens...)
		}
		return
	}
	// A body of several lines makes several lines at the use's
	// indentation.
	indent, indentLoc := lx.cur.indent, lx.cur.indentLoc
	for _, l := range lines[1:] {
		lx.finishLine()
		lx.cur = line{indent: indent + l.indent, indentLoc: indentLoc, tokens: l.tokens, comments: l.comments}
		lx.started = true
	}
}

// recursive reports whether x's macro is already being expanded.
func (pp *preprocessor) recursive(x *expansion) bool {
	for p := x.parent; p != nil; p = p.parent {
		if p.macro == x.macro {
			return true
		}
	}
	return false
}

// splitMacroArgs reads the arguments of a macro use from the '(' at
// open: the raw text between top-level commas, and the offset after the
// closing ')'.
func splitMacroArgs(s string, open int) (args []string, end int, ok bool) {
	depth := 0
	start := open + 1
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				args = append(args, s[start:i])
				return args, i + 1, true
			}
		case ',':
			if depth == 1 {
				args = append(args, s[start:i])
				start = i + 1
			}
		}
	}
	return nil, 0, false
}

// substituteParams replaces each parameter, as a whole word, by its
// argument's text, all at once (an argument's text is not searched
// again). Like OverPy, it replaces inside strings too: a text macro is
// text.
func substituteParams(body string, params, args []string) string {
	if len(params) == 0 {
		return body
	}
	value := map[string]string{}
	for i, p := range params {
		if i < len(args) {
			value[p] = strings.TrimSpace(args[i])
		}
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		if isNameByte(body[i]) && (i == 0 || !isNameByte(body[i-1])) {
			j := i
			for j < len(body) && isNameByte(body[j]) {
				j++
			}
			if v, ok := value[body[i:j]]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(body[i:j])
			}
			i = j
			continue
		}
		b.WriteByte(body[i])
		i++
	}
	return b.String()
}

// include splices the lines of the files an #!include names.
func (pp *preprocessor) include(lx *lexer, t token) {
	arg := strings.TrimSpace(t.str)
	if len(arg) < 2 || (arg[0] != '"' && arg[0] != '\'') || arg[len(arg)-1] != arg[0] {
		pp.d.errorf(codeMalformedDirective, t.loc, "#!include takes a quoted path: #!include \"file.opy\" or #!include \"folder/\"")
		return
	}
	rel := strings.ReplaceAll(arg[1:len(arg)-1], "\\", "/")
	base := filepath.Dir(pp.p.Files[lx.file].Path)
	target := filepath.Join(base, filepath.FromSlash(rel))
	var paths []string
	if strings.HasSuffix(rel, "/") {
		names, err := pp.p.opts.readDir(target)
		if err != nil {
			pp.d.errorf(codeIncludeNotFound, t.loc, "cannot read folder "+rel+": "+errorText(err))
			return
		}
		sort.Strings(names)
		for _, n := range names {
			if path.Ext(n) == ".opy" {
				paths = append(paths, filepath.Join(target, n))
			}
		}
	} else {
		paths = []string{target}
	}
	lx.finishLine()
	for _, p := range paths {
		key := filepath.Clean(p)
		if pp.included[key] {
			pp.d.warn(codeAlreadyIncluded, t.loc, filepath.Base(p)+" is already included; it is read once")
			continue
		}
		text, err := pp.p.opts.readFile(p)
		if err != nil {
			pp.d.errorf(codeIncludeNotFound, t.loc, "cannot include "+rel+": "+errorText(err))
			continue
		}
		pp.included[key] = true
		i := pp.p.addFile(p, text)
		sub := &lexer{file: i, src: text, d: pp.d, pp: pp}
		lx.out = append(lx.out, sub.run()...)
	}
}
