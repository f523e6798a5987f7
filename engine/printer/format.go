package printer

// This file is the formatter that the CLI's fmt and the language server's
// textDocument/formatting share, so a file formatted in the editor passes
// `fmt --check` in CI: the canonical layout, the file's own spellings and
// indentation unit, its line ends and byte-order mark kept, and a refusal
// whenever printing could lose something.

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// FormatOptions control Format.
type FormatOptions struct {
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
	// Indent is one level of indentation; empty means the text's own
	// unit (DetectIndent).
	Indent string
}

// Refusal says why a text is not formatted. Formatting never loses text,
// so it is refused rather than done in part.
type Refusal struct {
	// SyntaxErrors is the number of parse errors when they are the reason.
	SyntaxErrors int
	// Reason is a sentence fragment for a person ("it has 2 syntax
	// errors; fix them first").
	Reason string
}

func (r *Refusal) Error() string { return r.Reason }

// Format returns text, parsed as sc with parseErrors parse errors, in the
// canonical layout: names as text spells them, indentation in the text's
// unit (or opts.Indent), CRLF line ends and a byte-order mark when text
// has them. The formatted text always reads back as the same program.
func Format(text string, sc *ast.Script, parseErrors int, opts FormatOptions) (string, *Refusal) {
	if parseErrors > 0 {
		return "", &Refusal{SyntaxErrors: parseErrors, Reason: fmt.Sprintf("it has %s; fix them first", count(parseErrors, "syntax error"))}
	}
	if n := len(sc.Comments); n > 0 {
		return "", &Refusal{Reason: fmt.Sprintf("the printer does not keep // and /* */ comments, and the text has %d", n)}
	}
	indent := opts.Indent
	if indent == "" {
		indent = DetectIndent(text)
	}
	out, diags := Print(sc, Options{Locale: sc.Locale, Vocab: opts.Vocab, Source: text, Indent: indent})
	if len(diags) > 0 {
		return "", &Refusal{Reason: fmt.Sprintf("%s (%s in all)", diags[0].Message, count(len(diags), "such name"))}
	}
	back := parser.Parse(source.NewFile("formatted", out), parser.Options{Locale: sc.Locale, LocaleGiven: true, Vocab: opts.Vocab})
	if back.Diags.HasErrors() || ast.Dump(back.Script) != ast.Dump(sc) {
		return "", &Refusal{Reason: "the printed text would not read back as the same program (a printer defect; please report it)"}
	}
	if strings.Contains(text, "\r\n") {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	if strings.HasPrefix(text, "\ufeff") {
		out = "\ufeff" + out
	}
	return out, nil
}

// DetectIndent returns the indentation unit text uses: a run of two to
// eight spaces when every indented line is indented with spaces in
// multiples of it (the width of the first indented line, which in any
// Workshop layout is one level deep); otherwise a tab, as the game
// writes. A text indented at random, or with tabs and spaces mixed, gets
// the game's tab.
func DetectIndent(text string) string {
	unit := 0
	for line := range strings.Lines(text) {
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		rest := line[n:]
		switch {
		case strings.TrimSpace(rest) == "":
			continue // blank
		case rest[0] == '\t':
			return "\t"
		case n == 0:
			continue
		case unit == 0:
			if n < 2 || n > 8 {
				return "\t"
			}
			unit = n
		case n%unit != 0:
			return "\t"
		}
	}
	if unit == 0 {
		return "\t"
	}
	return strings.Repeat(" ", unit)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
