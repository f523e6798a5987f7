package printer

import (
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control printing.
type Options struct {
	// Locale is the client language to print in.
	Locale vocab.Locale
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
	// Source, when set, is the text the script was parsed from, and a
	// name is written as that text spells it wherever the text at the
	// name's span spells the same entry. A formatter sets it so that it
	// changes layout only: an older or English spelling the game accepts
	// ("Player earned elimination", Color(White) in a ru-RU file) is the
	// author's, not a defect to rewrite.
	Source string
	// Indent is the text of one level of indentation; empty means a tab,
	// as the game writes. A formatter passes the file's own unit (see
	// DetectIndent) so that a file consistently indented with spaces
	// keeps them.
	Indent string
}

// Print renders s as Workshop text in the game's export style, spelled in
// opts.Locale. A name with no spelling in that locale is a missing-mapping
// error (the returned text then spells it in en-US and must not be used as
// a translation); diagnostics carry the span of the node in s.
func Print(s *ast.Script, opts Options) (string, diag.List) {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	pr := &printer{loc: opts.Locale, v: v, src: s.Locale, source: opts.Source, indent: opts.Indent}
	if pr.indent == "" {
		pr.indent = "\t"
	}
	pr.script(s)
	return pr.b.String(), pr.diags
}

// PrintExpr renders one value in the given locale, on one line.
func PrintExpr(e *ast.Expr, opts Options) (string, diag.List) {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	pr := &printer{loc: opts.Locale, v: v, source: opts.Source}
	var line strings.Builder
	pr.expr(&line, e, 0)
	return line.String(), pr.diags
}

type printer struct {
	b     strings.Builder
	loc   vocab.Locale
	src   vocab.Locale // the locale the script was read in
	v     *vocab.Vocabulary
	diags diag.List
	// indent is one level of indentation (Options.Indent, a tab by default).
	indent string
	// source is Options.Source.
	source string
	// at is where the statement being printed starts: its expressions'
	// spans are measured from there.
	at int
	// blank is set when a blank line must precede the next block.
	blank bool
	// spellings caches how each entry is written in loc.
	spellings map[vocab.Named]spelling
}

// name spells entry n in the target locale. When the catalog has no
// spelling there, or the locale spells another entry the same way and a
// reader could not tell them apart, it reports missing-mapping and falls
// back to the en-US spelling.
func (pr *printer) name(n vocab.Named, span source.Span) string {
	if written, ok := pr.written(n, span); ok {
		return written
	}
	sp, ok := pr.spellings[n]
	if !ok {
		sp = pr.spell(n)
		if pr.spellings == nil {
			pr.spellings = map[vocab.Named]spelling{}
		}
		pr.spellings[n] = sp
	}
	if sp.problem != "" {
		pr.diags = append(pr.diags, diag.Diagnostic{
			Code: diag.MissingMapping, Severity: diag.Error, Span: span, Message: sp.problem,
		})
	}
	return sp.text
}

// written returns the source's own spelling of n at span, when Options.
// Source is set and the text there is exactly a name of n: one line, no
// surrounding space, and a vocabulary lookup that finds n.
func (pr *printer) written(n vocab.Named, span source.Span) (string, bool) {
	if pr.source == "" || span.Start < 0 || span.End <= span.Start || span.End > len(pr.source) {
		return "", false
	}
	text := pr.source[span.Start:span.End]
	if strings.TrimSpace(text) != text || strings.ContainsAny(text, "\n\r") {
		return "", false
	}
	for _, ref := range pr.v.Lookup(text) {
		if ref.Item == n {
			return text, true
		}
	}
	return "", false
}

// A spelling is how the printer writes an entry in its target locale.
type spelling struct {
	text    string
	problem string // the missing-mapping message, if any
}

func (pr *printer) spell(n vocab.Named) spelling {
	e := vocab.EntryOf(n)
	what := "the " + e.Kind.String() + " " + strconv.Quote(e.English()) + " (" + vocab.QualifiedID(n) + ")"
	s, ok := e.Name(pr.loc)
	if !ok {
		return spelling{text: e.English(), problem: what + " has no spelling in " + pr.loc.String()}
	}
	if same := pr.v.SameSpelled(n, pr.loc); len(same) > 0 {
		other := vocab.EntryOf(same[0])
		return spelling{text: e.English(), problem: what + " has no spelling in " + pr.loc.String() +
			" that tells it from " + strconv.Quote(other.English()) + " (" + vocab.QualifiedID(same[0]) +
			"): both are " + strconv.Quote(s)}
	}
	return spelling{text: s}
}

func (pr *printer) keyword(id string) string {
	kw := pr.v.Keyword(id)
	return pr.name(kw, source.Span{})
}

// maxIndent is the deepest indentation the printer writes, in tabs. The
// game indents each block one tab further, so a program of nested blocks
// would print with tab runs growing with its depth, and the text with the
// square of it (ten thousand nested Ifs made 100 MB); deeper lines are
// written at this depth, which real exports never reach (their deepest
// line has 9 tabs). The text reads back the same either way.
const maxIndent = 64

func (pr *printer) line(indent int, text string) {
	for range min(indent, maxIndent) {
		pr.b.WriteString(pr.indent)
	}
	pr.b.WriteString(text)
	pr.b.WriteByte('\n')
}

// block starts a top-level block, separated from the previous one by a
// blank line.
func (pr *printer) block(header string) {
	if pr.blank {
		pr.b.WriteByte('\n')
	}
	pr.blank = true
	pr.line(0, header)
	pr.line(0, "{")
}

func (pr *printer) script(s *ast.Script) {
	if s.Settings != nil {
		pr.block(pr.keyword("__settings__"))
		pr.settings(s.Settings)
		pr.line(0, "}")
	}
	if v := s.Variables; v != nil {
		pr.block(pr.keyword("__variables__"))
		if v.Global != nil {
			pr.line(1, pr.keyword("__global__")+":")
			pr.decls(2, v.Global.Decls)
		}
		if v.Player != nil {
			if v.Global != nil {
				pr.b.WriteByte('\n')
			}
			pr.line(1, pr.keyword("__player__")+":")
			pr.decls(2, v.Player.Decls)
		}
		pr.line(0, "}")
	}
	if s.Subroutines != nil {
		pr.block(pr.keyword("__subroutines__"))
		pr.decls(1, s.Subroutines.Decls)
		pr.line(0, "}")
	}
	for _, r := range s.Rules {
		pr.rule(r)
	}
	if s.Conditions != nil {
		pr.block(pr.keyword("__conditions__"))
		pr.statements(1, s.Conditions, false)
		pr.line(0, "}")
	}
	if s.Actions != nil {
		pr.block(pr.keyword("__actions__"))
		pr.statements(1, s.Actions, true)
		pr.line(0, "}")
	}
	if !s.FinalNewline {
		out := strings.TrimSuffix(pr.b.String(), "\n")
		pr.b.Reset()
		pr.b.WriteString(out)
	}
}

func (pr *printer) decls(indent int, decls []ast.VarDecl) {
	for _, d := range decls {
		pr.line(indent, strconv.Itoa(d.Index)+": "+d.Name)
	}
}

func (pr *printer) rule(r *ast.Rule) {
	head := pr.keyword("__rule__") + "(" + Quote(r.Name) + ")"
	if r.Disabled {
		head = pr.keyword("__disabled__") + " " + head
	}
	pr.block(head)
	if r.Event != nil {
		pr.line(1, pr.keyword("__event__"))
		pr.line(1, "{")
		for _, l := range r.Event.Lines {
			text := l.Text
			if l.Ref != nil {
				text = pr.name(l.Ref, l.Span)
			}
			pr.line(2, text+";")
		}
		pr.line(1, "}")
	}
	if r.Conditions != nil {
		pr.b.WriteByte('\n')
		pr.line(1, pr.keyword("__conditions__"))
		pr.line(1, "{")
		pr.statements(2, r.Conditions, false)
		pr.line(1, "}")
	}
	if r.Actions != nil {
		pr.b.WriteByte('\n')
		pr.line(1, pr.keyword("__actions__"))
		pr.line(1, "{")
		pr.statements(2, r.Actions, true)
		pr.line(1, "}")
	}
	pr.line(0, "}")
}

// statements prints a block's statements at base indentation, indenting
// the bodies of If, While and For as the game does.
func (pr *printer) statements(base int, b *ast.Block, actions bool) {
	depth := 0
	for _, st := range b.Statements {
		// The statement's own level; Else If, Else and End are printed
		// one tab out, but their continuation lines keep the inner level.
		indent := base + depth
		cont := indent + 1
		if actions {
			// Disabled statements are printed at the current level and
			// open or close nothing, as the game does (Statement.Flow).
			switch st.Flow() {
			case vocab.FlowOpen:
				depth++
			case vocab.FlowMiddle:
				if depth > 0 {
					indent--
				}
			case vocab.FlowEnd:
				if depth > 0 {
					depth--
					indent--
					cont--
				}
			}
		}
		if st.Comment != nil {
			pr.line(indent, Quote(st.Comment.Text))
		}
		pr.at = st.Base()
		var line strings.Builder
		prefix := 0
		if st.Disabled {
			line.WriteString(pr.keyword("__disabled__"))
			line.WriteByte(' ')
			prefix = line.Len()
		}
		pr.expr(&line, st.Body, 0)
		line.WriteByte(';')
		text := line.String()
		for i, l := range wrap(text, prefix) {
			if i == 0 {
				pr.line(indent, l)
			} else {
				pr.line(cont, l)
			}
		}
	}
}

// Quote writes a string literal the way the game does: only \\, \", \n
// and \r are escaped; other control characters stay raw.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
