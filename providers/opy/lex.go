package opy

// This file turns OverPy text into logical lines of tokens. A logical line
// ends at a newline outside brackets; a backslash at the end of a line
// joins the next one. Indentation is measured before a logical line's
// first token, a tab counting 4 columns as OverPy counts it.

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

type tokenKind uint8

const (
	tEOF tokenKind = iota
	tName
	tNumber
	tString
	tOp
	tComment
	tDirective
)

func (k tokenKind) String() string {
	switch k {
	case tName:
		return "name"
	case tNumber:
		return "number"
	case tString:
		return "string"
	case tOp:
		return "operator"
	case tComment:
		return "comment"
	case tDirective:
		return "directive"
	}
	return "end of line"
}

// A token is one word, number, string, operator or comment.
type token struct {
	kind tokenKind
	// spaceBefore: white space or a line start precedes the token. (Next
	// to kind, the two take one word: a large program has some 60,000
	// tokens.)
	spaceBefore bool
	// text is the token as written: a name, an operator, a number, the
	// text of a comment after '#', a directive's name after "#!".
	text string
	// str is a string's decoded value, or a directive's argument text.
	str string
	num float64
	loc Loc
	// exp is the macro expansion that produced the token, if any; loc is
	// then the call site.
	exp *expansion
}

// prefix returns a string token's prefix letters (f, l, w, b, c, t, p):
// what is written before its quote.
func (t *token) prefix() string {
	if i := strings.IndexAny(t.text, "\"'"); i > 0 {
		return t.text[:i]
	}
	return ""
}

// A line is a logical line.
type line struct {
	// indent is the indentation in columns (a tab counts 4).
	indent int
	// indentLoc spans the indentation.
	indentLoc Loc
	// tabs and spaces report what the indentation is made of.
	tabs, spaces bool
	tokens       []token
	// comments are the '#' comments of the line: an own-line comment
	// makes a line without tokens.
	comments []token
}

// loc spans the line's tokens.
func (l *line) loc() Loc {
	if len(l.tokens) == 0 {
		if len(l.comments) > 0 {
			return l.comments[0].loc
		}
		return l.indentLoc
	}
	return l.tokens[0].loc.Cover(l.tokens[len(l.tokens)-1].loc)
}

// A lexer reads one text: a file, or the text of a macro expansion.
type lexer struct {
	file int
	src  string
	pos  int
	d    *diagnostics
	pp   *preprocessor
	// exp is set when the text is a macro expansion.
	exp *expansion

	out []line
	cur line
	// arena holds the tokens of the lines read so far, end to end: a
	// line's token slice is a window of it, so reading a file does not
	// allocate a slice per line. used counts the tokens of finished
	// lines.
	arena    []token
	used     int
	started  bool // cur has had its indentation measured
	brackets []token
	space    bool // white space since the last token
	// stopAt, when not 0, is where the first half of a split read ends
	// (lex_split.go): the lexer stops there, stopped set, if a logical
	// line starts there with nothing open.
	stopAt  int
	stopped bool
}

func isNameByte(c byte) bool {
	return c == '_' || c == '@' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// loc returns the Loc of bytes [a, b) of the text: the call site when the
// text is a macro expansion.
func (lx *lexer) loc(a, b int) Loc {
	if lx.exp != nil {
		return lx.exp.call
	}
	return Loc{File: lx.file, Span: source.Span{Start: a, End: b}}
}

// run reads the text from lx.pos (its start, or a split point) into
// logical lines.
func (lx *lexer) run() []line {
	lx.space = true
	// About one token per six bytes and one line per forty; the lines
	// of a whole file, whose second half a split read may add.
	read := len(lx.src) - lx.pos
	if lx.stopAt > 0 {
		read = lx.stopAt
	}
	lx.arena = lx.newArena(read/6 + 16)
	switch {
	case lx.out != nil:
		// Given (the second half of a split read).
	case lx.pp != nil && lx.pp.mem != nil:
		lx.out = lx.pp.mem.lines.get(0, (len(lx.src)-lx.pos)/40+4)
	default:
		lx.out = make([]line, 0, (len(lx.src)-lx.pos)/40+4)
	}
	return lx.resume()
}

// resume reads on from lx.pos to the end of the text, or to lx.stopAt.
func (lx *lexer) resume() []line {
	for lx.pos < len(lx.src) {
		if !lx.started {
			if lx.stopAt > 0 && lx.atStop() {
				lx.stopped = true
				return lx.out
			}
			lx.measureIndent()
			if lx.pos >= len(lx.src) {
				break
			}
		}
		c := lx.src[lx.pos]
		switch {
		case c == '\n':
			lx.pos++
			lx.newline()
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.pos++
			lx.space = true
		case c == '#':
			lx.comment()
		case c == '/' && strings.HasPrefix(lx.src[lx.pos:], "/*"):
			lx.blockComment()
		case c == '*' && strings.HasPrefix(lx.src[lx.pos:], "*/"):
			lx.d.errorf(codeUnexpectedCharacter, lx.loc(lx.pos, lx.pos+2), "'*/' closes no comment")
			lx.pos += 2
		case c == '\\':
			lx.backslash()
		case c == '"' || c == '\'':
			lx.lexString("", lx.pos)
		case isDigit(c):
			lx.number()
		case isNameByte(c):
			lx.name()
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(lx.src[lx.pos:])
			if r == '\u00a0' || r == '\ufeff' && lx.pos == 0 {
				// A no-break space is white space to a reader; a
				// byte-order mark starts many files saved on Windows.
				lx.pos += n
				lx.space = true
				continue
			}
			lx.d.errorf(codeUnexpectedCharacter, lx.loc(lx.pos, lx.pos+n), "unexpected character "+strconv.QuoteRune(r)+": OverPy names are ASCII letters, digits, '_', '@' and '$'")
			lx.pos += n
		default:
			lx.operator()
		}
	}
	for _, b := range lx.brackets {
		lx.d.errorf(codeUnclosedBracket, b.loc, "'"+b.text+"' is never closed")
	}
	lx.brackets = nil
	lx.finishLine()
	return lx.out
}

// atStop reports that the next logical line starts at lx.stopAt, with
// only blank lines before it, and no bracket open: a lexer starting
// there reads what this one would.
func (lx *lexer) atStop() bool {
	return lx.pos <= lx.stopAt && len(lx.brackets) == 0 &&
		strings.TrimLeft(lx.src[lx.pos:lx.stopAt], " \t\r\n\f\v") == ""
}

// measureIndent reads the indentation of a new logical line, skipping
// blank lines.
func (lx *lexer) measureIndent() {
	for {
		start := lx.pos
		col, tabs, spaces := 0, false, false
		for lx.pos < len(lx.src) {
			switch lx.src[lx.pos] {
			case ' ':
				col++
				spaces = true
			case '\t':
				col += 4
				tabs = true
			case '\r', '\f', '\v':
			default:
				goto measured
			}
			lx.pos++
		}
	measured:
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '\n' {
			lx.pos++
			continue // a blank line
		}
		lx.cur = line{indent: col, indentLoc: lx.loc(start, lx.pos), tabs: tabs, spaces: spaces, tokens: lx.window()}
		if lx.exp != nil {
			lx.cur.indent = 0
		}
		lx.started = true
		lx.space = true
		return
	}
}

// newline ends the logical line, unless brackets are open. A bracket
// left open would swallow the rest of the file: when the next line starts
// a declaration at the left margin, the open brackets are reported there
// and the line ends, so the declarations after it still read.
func (lx *lexer) newline() {
	lx.space = true
	if len(lx.brackets) > 0 {
		if !startsDeclaration(lx.src[lx.pos:]) {
			return
		}
		for _, b := range lx.brackets {
			lx.d.errorf(codeUnclosedBracket, b.loc, "'"+b.text+"' is never closed")
		}
		lx.brackets = nil
	}
	lx.finishLine()
}

// startsDeclaration reports a line that begins, at the left margin, with
// a word only a top-level declaration begins with.
func startsDeclaration(s string) bool {
	for _, w := range []string{"rule ", "def ", "globalvar ", "playervar ", "subroutine ", "enum ", "macro ", "settings ", "#!"} {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

// arenas are token arenas of earlier reads, reused: a large program's
// tokens take megabytes, which would otherwise be zeroed (and faulted in)
// afresh by every read. A read's arenas come back here when the parse
// that used them is done (Parse), so nothing may keep a token slice past
// it: the tree copies the few tokens it keeps. Not a sync.Pool: a pool
// drops what it holds at every second collection, and a language server
// collects several times between two keystrokes, so the 5 MB arena of a
// large program was allocated and cleared again by about every read.
var arenas struct {
	sync.Mutex
	free  []*[]token
	bytes int
}

// maxArenaBytes bounds the memory the arena cache keeps: a few large
// programs' worth.
const maxArenaBytes = 32 << 20

// newArena returns an empty token arena of at least n tokens; the
// preprocessor's arenas go back to the cache when the parse is done.
func (lx *lexer) newArena(n int) []token {
	if lx.pp == nil {
		return make([]token, 0, n)
	}
	arenas.Lock()
	// The smallest that fits: a macro's few tokens leave the large arena
	// to the file.
	best := -1
	for i, a := range arenas.free {
		if cap(*a) >= n && (best < 0 || cap(*a) < cap(*arenas.free[best])) {
			best = i
		}
	}
	if best >= 0 {
		a := arenas.free[best]
		arenas.free = append(arenas.free[:best], arenas.free[best+1:]...)
		arenas.bytes -= cap(*a) * int(unsafe.Sizeof(token{}))
		arenas.Unlock()
		lx.pp.arenas = append(lx.pp.arenas, a)
		return (*a)[:0]
	}
	arenas.Unlock()
	a := make([]token, 0, n)
	lx.pp.arenas = append(lx.pp.arenas, &a)
	return a
}

// putArena gives an arena back, cleared (its tokens hold the read's
// strings, which it must not keep alive). The cache keeps the largest.
func putArena(a *[]token) {
	clear((*a)[:cap(*a)])
	size := cap(*a) * int(unsafe.Sizeof(token{}))
	arenas.Lock()
	defer arenas.Unlock()
	arenas.free = append(arenas.free, a)
	arenas.bytes += size
	for arenas.bytes > maxArenaBytes {
		// Drop the smallest.
		small := 0
		for i, f := range arenas.free {
			if cap(*f) < cap(*arenas.free[small]) {
				small = i
			}
		}
		arenas.bytes -= cap(*arenas.free[small]) * int(unsafe.Sizeof(token{}))
		arenas.free = append(arenas.free[:small], arenas.free[small+1:]...)
	}
}

// window returns an empty token slice whose appends fill the arena.
func (lx *lexer) window() []token {
	if cap(lx.arena)-lx.used < 64 {
		lx.arena = lx.newArena(max(64, len(lx.src)/10))
		lx.used = 0
	}
	return lx.arena[lx.used:lx.used]
}

func (lx *lexer) finishLine() {
	if lx.started && (len(lx.cur.tokens) > 0 || len(lx.cur.comments) > 0) {
		toks := lx.cur.tokens
		if n := len(toks); n > 0 && lx.used+n <= cap(lx.arena) && &lx.arena[:lx.used+n][lx.used] == &toks[0] {
			// The line's tokens are in the arena: keep them, and cap the
			// window so nothing appended to this line overwrites the next.
			lx.used += n
			lx.cur.tokens = toks[:n:n]
		}
		lx.out = append(lx.out, lx.cur)
	}
	lx.cur = line{}
	lx.started = false
}

func (lx *lexer) emit(t token) {
	t.spaceBefore = lx.space
	t.exp = lx.exp
	lx.space = false
	if t.kind == tName && lx.pp != nil && lx.pp.isMacro(t.text) {
		lx.pp.expand(lx, t)
		return
	}
	lx.cur.tokens = append(lx.cur.tokens, t)
}

func (lx *lexer) comment() {
	start := lx.pos
	end := strings.IndexByte(lx.src[start:], '\n')
	if end < 0 {
		end = len(lx.src)
	} else {
		end += start
	}
	if strings.HasPrefix(lx.src[start:], "#!") {
		lx.directive(start)
		return
	}
	text := strings.TrimRight(lx.src[start+1:end], "\r")
	lx.pos = end
	if len(lx.brackets) > 0 {
		return // comments inside brackets say nothing about an action
	}
	lx.cur.comments = append(lx.cur.comments, token{kind: tComment, text: text, loc: lx.loc(start, end)})
}

// directive reads "#!name arguments" to the end of the line, joining
// lines that end with a backslash.
func (lx *lexer) directive(start int) {
	var args strings.Builder
	i := start + 2
	nameEnd := i
	for nameEnd < len(lx.src) && isNameByte(lx.src[nameEnd]) {
		nameEnd++
	}
	name := lx.src[i:nameEnd]
	i = nameEnd
	for i < len(lx.src) && lx.src[i] != '\n' {
		j := strings.IndexByte(lx.src[i:], '\n')
		if j < 0 {
			j = len(lx.src)
		} else {
			j += i
		}
		seg := strings.TrimRight(lx.src[i:j], " \t\r")
		if strings.HasSuffix(seg, "\\") && j < len(lx.src) {
			args.WriteString(seg[:len(seg)-1])
			args.WriteByte('\n')
			i = j + 1
			continue
		}
		args.WriteString(lx.src[i:j])
		i = j
	}
	lx.pos = i
	t := token{kind: tDirective, text: name, str: strings.TrimSpace(strings.TrimRight(args.String(), "\r")), loc: lx.loc(start, i)}
	// The directive takes effect now: a #!define applies to the text after
	// it, an #!include splices its file's lines here.
	if lx.pp != nil {
		lx.pp.directive(lx, t)
	}
}

func (lx *lexer) blockComment() {
	start := lx.pos
	end := strings.Index(lx.src[start+2:], "*/")
	if end < 0 {
		lx.d.errorf(codeUnterminatedComment, lx.loc(start, start+2), "'/*' comment is never closed with '*/'")
		lx.pos = len(lx.src)
		return
	}
	lx.pos = start + 2 + end + 2
	lx.space = true
}

// backslash joins the next line when only white space follows it.
func (lx *lexer) backslash() {
	i := lx.pos + 1
	for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t' || lx.src[i] == '\r') {
		i++
	}
	if i < len(lx.src) && lx.src[i] != '\n' {
		lx.d.errorf(codeUnexpectedCharacter, lx.loc(lx.pos, lx.pos+1), "a backslash outside a string only joins lines: nothing may follow it on its line")
		lx.pos++
		return
	}
	lx.pos = i + 1
	lx.space = true
}

func (lx *lexer) name() {
	start := lx.pos
	for lx.pos < len(lx.src) && isNameByte(lx.src[lx.pos]) {
		lx.pos++
	}
	word := lx.src[start:lx.pos]
	// A word right before a quote is a string prefix.
	if lx.pos < len(lx.src) && (lx.src[lx.pos] == '"' || lx.src[lx.pos] == '\'') && isPrefixWord(word) {
		lx.lexString(word, start)
		return
	}
	lx.emit(token{kind: tName, text: word, loc: lx.loc(start, lx.pos)})
}

// isPrefixWord reports whether a word directly before a string can be
// its prefix; the parser checks which combinations are allowed.
func isPrefixWord(w string) bool {
	if len(w) > 4 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !strings.ContainsRune("fbwctlpFBWCTLP", rune(w[i])) && !isNameByte(w[i]) {
			return false
		}
	}
	return true
}

// number reads a decimal (with fraction and exponent) or hexadecimal
// number. A number running into letters is one invalid token.
func (lx *lexer) number() {
	start := lx.pos
	s := lx.src
	i := start
	hex := false
	if s[i] == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') {
		hex = true
		i += 2
		for i < len(s) && (isDigit(s[i]) || s[i] >= 'a' && s[i] <= 'f' || s[i] >= 'A' && s[i] <= 'F') {
			i++
		}
	} else {
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
			i++
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		}
		if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			if j < len(s) && isDigit(s[j]) {
				for j < len(s) && isDigit(s[j]) {
					j++
				}
				i = j
			}
		}
	}
	end := i
	for end < len(s) && isNameByte(s[end]) {
		end++
	}
	lx.pos = end
	text := s[start:end]
	if end > i && lx.pp != nil && lx.pp.isMacro(text) {
		// OverPy's macro names are any word: #!define 120_CHARS "…".
		lx.emit(token{kind: tName, text: text, loc: lx.loc(start, end)})
		return
	}
	if end > i || hex && i == start+2 {
		lx.d.errorf(codeInvalidNumber, lx.loc(start, end), "invalid number "+strconv.Quote(text)+": a number is digits with an optional fraction and exponent (1.5, 1e-5) or hexadecimal (0x1F)")
		lx.emit(token{kind: tNumber, text: text, loc: lx.loc(start, end)})
		return
	}
	var v float64
	if hex {
		u, err := strconv.ParseUint(text[2:], 16, 64)
		if err != nil {
			lx.d.errorf(codeInvalidNumber, lx.loc(start, end), "hexadecimal number "+text+" is too large")
		}
		v = float64(u)
	} else {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			lx.d.errorf(codeInvalidNumber, lx.loc(start, end), "invalid number "+strconv.Quote(text))
		}
		v = f
	}
	lx.emit(token{kind: tNumber, text: text, num: v, loc: lx.loc(start, end)})
}

func (lx *lexer) operator() {
	rest := lx.src[lx.pos:]
	n := operatorLen(rest)
	if n == 0 {
		r, size := utf8.DecodeRuneInString(rest)
		lx.d.errorf(codeUnexpectedCharacter, lx.loc(lx.pos, lx.pos+size), "unexpected character "+strconv.QuoteRune(r))
		lx.pos += size
		return
	}
	op := rest[:n]
	start := lx.pos
	lx.pos += n
	t := token{kind: tOp, text: op, loc: lx.loc(start, lx.pos)}
	switch op {
	case "(", "[", "{":
		lx.brackets = append(lx.brackets, t)
	case ")", "]", "}":
		if len(lx.brackets) == 0 {
			lx.d.errorf(codeUnmatchedBracket, t.loc, "'"+op+"' closes no bracket")
			return
		}
		open := lx.brackets[len(lx.brackets)-1]
		lx.brackets = lx.brackets[:len(lx.brackets)-1]
		if closing[open.text] != op {
			lx.d.errorf(codeUnmatchedBracket, t.loc, "'"+op+"' does not close '"+open.text+"'").related(open.loc, "the bracket it should close")
		}
	}
	lx.emit(t)
}

// operatorLen returns the length of the operator s starts with (the
// longest one), or 0.
func operatorLen(s string) int {
	switch s[0] {
	case '(', ')', '[', ']', '{', '}', ',', '.', ':', ';':
		return 1
	case '=', '!', '<', '>', '+', '-', '/', '%':
		if len(s) > 1 && s[1] == '=' {
			return 2
		}
		if s[0] == '!' {
			return 0
		}
		return 1
	case '*':
		switch {
		case strings.HasPrefix(s, "**="):
			return 3
		case len(s) > 1 && (s[1] == '*' || s[1] == '='):
			return 2
		}
		return 1
	}
	return 0
}

var closing = map[string]string{"(": ")", "[": "]", "{": "}"}
