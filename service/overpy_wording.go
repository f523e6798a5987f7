package service

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// OverPyWording returns f as an OverPy author reads it: where the finding
// quotes the lowered Workshop text at its own span (its evidence, and the
// expression of a repeated value), the quote is the OverPy text that span
// came from, when that span is the whole lowered text of one OverPy
// construct. A finding of a Workshop program, or one whose span has no
// construct of its own (generated text, a part of a macro's expansion) or
// that quotes other text, is returned as it is.
func (p *Program) OverPyWording(f lint.Finding) lint.Finding {
	if p.overpy == nil || f.Evidence == "" {
		return f
	}
	// The map first: a lookup costs less than quoting the span.
	l, ok := p.overpy.res.Map.LookupExact(f.Span)
	if !ok || f.Evidence != lint.Evidence(p.File.Text, f.Span) {
		return f
	}
	file, span := p.overpy.res.Program.Files[l.File], l.Span
	quote := lint.Evidence(file.Text, span)
	if quote == "" {
		return f
	}
	f.Message = replaceQuote(f.Message, f.Evidence, quote)
	f.Evidence = quote
	if f.Repeated != nil && f.Repeated.SpanKind == "expression" {
		r := *f.Repeated
		r.Expression = strings.Join(strings.Fields(file.Text[span.Start:span.End]), " ")
		f.Repeated = &r
	}
	return f
}

// replaceQuote replaces the first occurrence of quote in message that
// stands as words of its own (not "A" inside "All"), when there is one.
func replaceQuote(message, quote, with string) string {
	for from := 0; from < len(message); {
		i := strings.Index(message[from:], quote)
		if i < 0 {
			break
		}
		i += from
		j := i + len(quote)
		before, _ := utf8.DecodeLastRuneInString(message[:i])
		after, _ := utf8.DecodeRuneInString(message[j:])
		if !isWordRune(before) && !isWordRune(after) {
			return message[:i] + with + message[j:]
		}
		from = i + 1
	}
	return message
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
