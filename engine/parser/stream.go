package parser

// This file reads a text while it is being written: a generator (the
// OverPy frontend) writes its rules one after another, and a Stream reads
// each as soon as it is written, on the generator's second goroutine,
// instead of reading the whole text again once it is done. The text's
// head (settings, variables, subroutines), written last but placed first,
// is read apart (ReadHead), and the rules are moved after it.
//
// The result is the one Parse gives for the joined text. Reading rule by
// rule continues the same parser over longer prefixes of the same text,
// so it reads what Parse reads, with two exceptions that Join refuses
// rather than imitate: an error (recovery may look past the end of the
// text read so far) and anything but rules after the head.
//
// The rules may also be read in parts, each by a stream of its own (Then):
// a generator whose second goroutine falls behind writes and reads the
// last rules itself. A part starts at a rule, and reading rules carries
// nothing from one to the next but what Join adds up (diagnostics,
// comments, localized strings), so the parts read as one text would.

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Stream reads the rules of a text as it grows.
type Stream struct {
	p    *parser
	s    ast.Script
	opts Options
	// then are the streams that read the text after this one's, in order.
	then []*Stream
}

// NewStream starts reading a text in the given locale (opts.LocaleGiven
// must be set: a detected locale is only known at the end).
func NewStream(opts Options) *Stream {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	p := newParser("", v)
	p.giveLocale(opts.Locale)
	return &Stream{p: p, opts: opts}
}

// Feed reads text from where the last call stopped to its end. text must
// extend the text of the last call and end after a whole rule.
func (st *Stream) Feed(text string) {
	st.p.src = text
	// Names matched near the end of the shorter text may be longer now.
	st.p.hitsAt = -1
	st.p.readTop(&st.s)
}

// clean reports whether what was read is rules, without errors.
func (st *Stream) clean() bool {
	s := &st.s
	return st.opts.LocaleGiven && s.Settings == nil && s.Variables == nil && s.Subroutines == nil &&
		s.Actions == nil && s.Conditions == nil && !st.p.diags.HasErrors()
}

// Then makes next read the text that follows this stream's (and that of
// the streams given to Then before): Join takes the head, then each
// stream's text in turn. next must not be used after Join.
func (st *Stream) Then(next *Stream) { st.then = append(st.then, next) }

// A Head is the head of a text (its settings, variables and
// subroutines), read apart to be joined with a stream's rules: a
// generator that writes its head last can read it while its rules are
// still being read.
type Head struct {
	p *parser
	s ast.Script
	// settings are the problems of the settings block, found once the
	// locale is known (given: now).
	settings diag.List
}

// ReadHead reads text as the head of a text whose rules a stream reads,
// in the stream's locale (opts.LocaleGiven must be set).
func ReadHead(text string, opts Options) *Head {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	h := &Head{p: newParser(text, v)}
	h.p.giveLocale(opts.Locale)
	h.p.readTop(&h.s)
	h.s.Locale = h.p.locale
	// What resolveSettings would append at the end of Join.
	n := len(h.p.diags)
	h.p.resolveSettings(&h.s)
	h.settings = h.p.diags[n:]
	h.p.diags = h.p.diags[:n:n]
	return h
}

// Join returns what Parse returns for f, whose text is the text h read
// followed by the text the stream read (then the texts of the streams
// given to Then). ok is false when that cannot be known without reading f
// again: a stream read something other than rules or found an error, the
// head has an error or a payload or was read in another locale, or f is
// not the head plus the streams' texts. The streams' trees and the head's
// move into the result; none may be used after.
func (st *Stream) Join(f *source.File, h *Head) (*Result, bool) {
	parts := append([]*Stream{st}, st.then...)
	head := len(h.p.src)
	if head > len(f.Text) || f.Text[:head] != h.p.src || h.p.locale != st.opts.Locale ||
		strings.HasPrefix(f.Text, byteOrderMark) || !utf8.ValidString(f.Text) {
		return nil, false
	}
	end := head
	for _, part := range parts {
		start := end
		end += len(part.p.src)
		if !part.clean() || part.opts.Locale != st.opts.Locale || end > len(f.Text) || f.Text[start:end] != part.p.src {
			return nil, false
		}
	}
	if end != len(f.Text) {
		return nil, false
	}
	p, s := h.p, &h.s
	if p.diags.HasErrors() || h.settings.HasErrors() || s.Actions != nil || s.Conditions != nil {
		return nil, false
	}
	at := head
	var moved sync.WaitGroup
	for _, part := range parts {
		// Every span of a part's rules moves after what precedes it:
		// half of the rules on another goroutine (about a third of a
		// millisecond for the 500 KB lowered from z_heatstreet.opy).
		rules, half := part.s.Rules, len(part.s.Rules)/2
		moved.Add(1)
		go func(d int) {
			defer moved.Done()
			for _, r := range rules[half:] {
				ast.MoveRule(r, d)
			}
		}(at)
		for _, r := range rules[:half] {
			ast.MoveRule(r, at)
		}
		s.Rules = append(s.Rules, rules...)
		for i, d := range part.p.diags {
			d = d.Shift(at)
			if i == 0 && len(p.diags) > 0 {
				// report drops a diagnostic that repeats the last one.
				if last := p.diags[len(p.diags)-1]; last.Code == d.Code && last.Span == d.Span {
					continue
				}
			}
			p.diags = append(p.diags, d)
		}
		for _, c := range part.p.comments {
			p.comments = append(p.comments, c.Shift(at))
		}
		p.locStrs = append(p.locStrs, part.p.locStrs...)
		at += len(part.p.src)
	}
	p.src = f.Text
	p.finishScript(s)
	s.File = f
	p.resolveLocalizedStrings(s.Locale)
	p.diags = append(p.diags, h.settings...)
	moved.Wait()
	res := &Result{Script: s, Diags: p.diags, Detection: Detection{Given: true, Candidates: vocab.Of(st.opts.Locale)}, vocab: p.v}
	res.Diags.Sort()
	diag.CleanAll(res.Diags)
	return res, true
}
