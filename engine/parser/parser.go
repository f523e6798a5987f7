package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control parsing.
type Options struct {
	// Locale is the client language of the text. When DetectLocale is
	// set, or Locale is left at its zero value with DetectLocale unset and
	// LocaleGiven false, the parser detects it from the text.
	Locale vocab.Locale
	// LocaleGiven says Locale was chosen by the caller.
	LocaleGiven bool
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
}

// Result is what Parse returns: a usable tree (never nil) and the problems
// found while reading the text.
type Result struct {
	Script *ast.Script
	Diags  diag.List
	// Detection says how the locale was chosen.
	Detection Detection

	// vocab and votes are what Reparse needs to read an edit of the text
	// as Parse would: the vocabulary, and the locale votes of the whole
	// text (when the locale was detected).
	vocab *vocab.Vocabulary
	votes [vocab.NumLocales]int
}

// Detection records how the client language was determined.
type Detection struct {
	// Given is set when the caller named the locale.
	Given bool
	// Candidates are the locales whose keywords the text uses.
	Candidates vocab.LocaleSet
	// Ambiguous is set when several candidates fit the text equally well;
	// Script.Locale is then the first of them in catalog order (en-US when
	// it is one).
	Ambiguous bool
}

// byteOrderMark is U+FEFF, which may start a file saved as UTF-8.
const byteOrderMark = "\ufeff"

// maxDepth bounds the nesting of values, so that a pathological input
// cannot exhaust the stack.
const maxDepth = 256

// Parse reads Workshop text. It never fails and never panics: broken input
// yields a tree with Bad nodes where reading recovered, plus diagnostics.
func Parse(f *source.File, opts Options) *Result {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	p := newParser(f.Text, v)
	if strings.HasPrefix(f.Text, byteOrderMark) {
		// Editors on Windows save files with a byte-order mark; it is
		// not text. Spans stay offsets into the file as it is.
		p.pos = len(byteOrderMark)
	}
	res := &Result{}
	if !utf8.ValidString(f.Text) {
		off := firstInvalidUTF8(f.Text)
		p.errorf(diag.InvalidUTF8, source.Span{Start: off, End: off + 1},
			"the text is not valid UTF-8 (invalid byte 0x%02x at offset %d)", f.Text[off], off)
	}
	if opts.LocaleGiven {
		p.giveLocale(opts.Locale)
		res.Detection = Detection{Given: true, Candidates: vocab.Of(opts.Locale)}
	} else {
		cands := detectCandidates(v, f.Text)
		res.Detection.Candidates = cands
		p.startDetecting(cands)
	}
	s := p.parseScript()
	s.File = f
	if p.detect {
		p.voteSettings(s)
		s.Locale, res.Detection.Ambiguous = p.decideLocale(res.Detection.Candidates)
	} else {
		s.Locale = p.locale
	}
	p.resolveLocalizedStrings(s.Locale)
	p.resolveSettings(s)
	res.Script = s
	res.Diags = p.diags
	res.vocab, res.votes = v, p.votes
	res.Diags.Sort()
	// Messages quote the text; none echoes a long token or a control
	// character raw.
	diag.CleanAll(res.Diags)
	return res
}

// newParser returns a parser at the start of text.
func newParser(text string, v *vocab.Vocabulary) *parser {
	return &parser{src: text, v: v, actionAt: -1, hitsAt: -1, unclosedAt: -1}
}

// startDetecting makes the parser read the names of the candidate
// locales (and en-US) and count their votes: the locale is decided once
// the whole text is read.
func (p *parser) startDetecting(cands vocab.LocaleSet) {
	p.detect = true
	p.accept = cands | vocab.Of(vocab.EnUS)
	p.locale, _ = cands.First()
	if cands.Has(vocab.EnUS) {
		p.locale = vocab.EnUS
	}
	p.matcher = p.v.Matcher(p.accept)
}

// giveLocale sets the text's language as given, not detected: names of
// that locale and of en-US are accepted.
func (p *parser) giveLocale(l vocab.Locale) {
	p.locale = l
	p.accept = vocab.Of(l) | vocab.Of(vocab.EnUS)
	p.matcher = p.v.Matcher(p.accept)
}

func firstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

// parser holds the state of one parse. It reads the text directly (there
// is no separate token stream): which words form a name depends on what the
// grammar expects at that point.
type parser struct {
	src     string
	matcher *vocab.Matcher // names of the accepted locales
	pos     int
	// base is where the statement being read starts: its expressions'
	// spans are measured from there.
	base   int
	v      *vocab.Vocabulary
	locale vocab.Locale
	// accept holds the locales whose spellings are read.
	accept vocab.LocaleSet
	detect bool
	// votes counts, per locale, the names read whose spelling belongs to
	// only some of the accepted locales.
	votes [vocab.NumLocales]int

	// locStrs are the String("…") literals read, resolved once the locale
	// is known.
	locStrs []*ast.Expr
	// actionAt is the offset where an action statement starts: a name
	// there is read as an action before a value of the same spelling.
	actionAt int

	diags    diag.List
	comments []source.Span
	// unclosedAt is where the last bracket left open by a statement's end
	// was reported (-1: none), and unclosedDiag its diagnostic's index:
	// a second bracket open at the same place makes the fix ambiguous.
	unclosedAt, unclosedDiag int
	depth                    int
	hits                     []vocab.Hit // the names found at hitsAt
	hitsAt                   int         // offset hits were matched at; -1 when stale

	// Nodes and lists are carved out of slabs: a large script has tens
	// of thousands of them, and one allocation per node would cost more
	// than reading the text. A list is first collected in a scratch
	// buffer, then copied to its slab at its final length.
	exprSlab  []ast.Expr
	argSlab   []*ast.Expr
	stmtSlab  []ast.Statement
	stmtsSlab []*ast.Statement
	stmtBuf   []*ast.Statement // the statements of the block being read
	lineSlab  []ast.EventLine
	lineBuf   []ast.EventLine // the lines of the event block being read
	declSlab  []ast.VarDecl
	declBuf   []ast.VarDecl // the declarations of the section being read
	// exprChunk is how many nodes an expression slab holds when it is
	// not the full slabExprs: reading again the few rules an edit
	// touched needs far fewer, and the slabs stay alive with the rules.
	// The other slabs are sized in proportion.
	exprChunk int
}

// slabExprs is how many nodes an expression slab holds when the text is
// read whole.
const slabExprs = 1024

// slabSize returns how many elements a new slab holds: full for a slab
// of slabExprs expressions, in proportion for a smaller one.
func (p *parser) slabSize(full int) int {
	if p.exprChunk == 0 {
		return full
	}
	return max(16, full*p.exprChunk/slabExprs)
}

// sizeSlabsFor sizes the slabs for reading about n bytes: a rule of the
// corpus has an expression node per 10 to 15 bytes.
func (p *parser) sizeSlabsFor(n int) {
	p.exprChunk = min(max(n/8, 64), slabExprs)
}

func (p *parser) errorf(code diag.Code, span source.Span, format string, args ...any) {
	p.report(diag.Error, code, span, format, args...)
}

func (p *parser) warnf(code diag.Code, span source.Span, format string, args ...any) {
	p.report(diag.Warning, code, span, format, args...)
}

func (p *parser) report(sev diag.Severity, code diag.Code, span source.Span, format string, args ...any) {
	// Keep one diagnostic per place and code: recovery can revisit a spot.
	if n := len(p.diags); n > 0 {
		last := p.diags[n-1]
		if last.Code == code && last.Span == span {
			return
		}
	}
	p.diags = append(p.diags, diag.Diagnostic{
		Code: code, Severity: sev, Span: span, Message: fmt.Sprintf(format, args...),
	})
}

// fixLast gives the diagnostic just reported its mechanical correction:
// insert text at an offset, or delete a span when text is "". n is the
// number of diagnostics before the report, which recovery may have
// dropped as a repeat.
func (p *parser) fixLast(n int, title string, span source.Span, text string) {
	if len(p.diags) > n {
		p.diags[len(p.diags)-1].Fix = &diag.Fix{Title: title, Edits: []source.Edit{{Span: span, New: text}}}
	}
}

// newExpr returns a node from the slab; slabs keep allocation cheap on
// large scripts.
func (p *parser) newExpr(kind ast.ExprKind, span source.Span) *ast.Expr {
	n := len(p.exprSlab)
	if n == cap(p.exprSlab) {
		p.exprSlab = make([]ast.Expr, 0, p.slabSize(slabExprs))
		n = 0
	}
	// The slab is zeroed: setting the two fields (rather than storing a
	// whole node) writes no pointers, so it needs no write barriers.
	p.exprSlab = p.exprSlab[:n+1]
	e := &p.exprSlab[n]
	e.Kind = kind
	e.Span = p.rel(span)
	return e
}

// An expression's spans are measured from the start of its statement,
// p.base; these convert between them and spans of the text.

func (p *parser) span(e *ast.Expr) source.Span { return e.Span.In(p.base) }

func (p *parser) rel(sp source.Span) ast.Rel { return ast.RelTo(p.base, sp) }

func (p *parser) setEnd(e *ast.Expr, end int) {
	sp := p.span(e)
	sp.End = end
	e.Span = p.rel(sp)
}

// args copies a scratch argument list into the argument slab.
func (p *parser) args(list []*ast.Expr) []*ast.Expr {
	return carve(&p.argSlab, list, p.slabSize(1024))
}

// newStatement returns a statement from the slab.
func (p *parser) newStatement() *ast.Statement {
	n := len(p.stmtSlab)
	if n == cap(p.stmtSlab) {
		p.stmtSlab = make([]ast.Statement, 0, p.slabSize(256))
		n = 0
	}
	p.stmtSlab = p.stmtSlab[:n+1]
	return &p.stmtSlab[n]
}

// carve copies list to the free end of *slab, which it replaces by a new
// slab of at least chunk elements when list does not fit, and returns the
// copy; nil when list is empty. The copy's capacity is its length, so that
// appending to it never writes into the slab.
func carve[T any](slab *[]T, list []T, chunk int) []T {
	if len(list) == 0 {
		return nil
	}
	s := *slab
	if cap(s)-len(s) < len(list) {
		s = make([]T, 0, max(chunk, len(list)))
	}
	start := len(s)
	s = append(s, list...)
	*slab = s
	return s[start:len(s):len(s)]
}

// describe returns a short, quoted description of the text at offset for
// messages: the next token, or "end of file".
func (p *parser) describe(off int) string {
	if off >= len(p.src) {
		return "end of file"
	}
	end := off
	r, size := utf8.DecodeRuneInString(p.src[off:])
	if vocab.IsWordRune(r) {
		for end < len(p.src) && end-off < 40 {
			r, size := utf8.DecodeRuneInString(p.src[end:])
			if !vocab.IsWordRune(r) {
				break
			}
			end += size
		}
	} else {
		end += size
		if r == '\n' || r == '\r' {
			return "end of line"
		}
	}
	return "'" + diag.Excerpt(p.src[off:end]) + "'"
}

// matchAt fills p.hits with the names starting at off. A statement start is
// looked at by several rules in turn (does a block end here? a disabled
// prefix? an action?), so the last result is kept.
func (p *parser) matchAt(off int) {
	if p.hitsAt == off {
		return
	}
	p.hits = p.matcher.Match(p.src, off, p.hits[:0])
	p.hitsAt = off
}
