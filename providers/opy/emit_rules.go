package opy

// This file writes rules on a second processor while the first lowers the
// next ones. The background writer keeps one text and one mapping list;
// each rule is a segment of them, offsets from the segment's start, and
// the segments are joined in rule order at the end. A rule whose values
// may still change (getCurrentMap() before resolveCurrentMaps) is held
// back and written last, in its place.

import (
	"strings"
	"sync"

	wparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A segment is one rule in the writer's text and mappings.
type segment struct {
	text       [2]int // [start, end) in the writer's text
	maps       [2]int // [first, last) of the writer's mappings
	textOffset int
}

// A ruleWriter writes submitted rules in the background.
type ruleWriter struct {
	work     chan indexedRule
	done     sync.WaitGroup
	e        emitter
	segments map[int]segment
	// stream reads each rule once written, when the compile parses.
	stream *wparser.Stream
}

type indexedRule struct {
	i int
	r *wrule
}

// writerReserve is the room left before the writer's mappings for the
// header's (settings, variables, subroutines): when they fit, the
// program's source map is the writer's list, not a copy of it.
const writerReserve = 1024

func newRuleWriter(size int, parse bool, v *vocab.Vocabulary) *ruleWriter {
	w := &ruleWriter{work: make(chan indexedRule, 256), segments: map[int]segment{}}
	if parse {
		w.stream = wparser.NewStream(wparser.Options{Locale: vocab.EnUS, LocaleGiven: true, Vocab: v})
	}
	// Room for the header in front (the corpus's modes have 2 to 6 % of
	// their OverPy text's size): see joinAfter.
	w.e.b = withRoom(size/16+1024, size)
	// size is one and a half times the OverPy text; the corpus's game
	// modes have a mapping per 8.5 to 10.7 bytes of OverPy text: room
	// for one per 8 (a larger program's list grows once).
	w.e.maps = make([]Mapping, writerReserve, writerReserve+size/12)
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		for ir := range w.work {
			start, first := w.e.b.Len(), len(w.e.maps)
			w.e.rule(ir.r)
			w.segments[ir.i] = segment{text: [2]int{start, w.e.b.Len()}, maps: [2]int{first, len(w.e.maps)}}
			if w.stream != nil {
				// The builder only appends: its text so far stays as is.
				w.stream.Feed(w.e.b.String())
			}
		}
	}()
	return w
}

// submit writes rule i in the background; the rule must not change after.
func (w *ruleWriter) submit(i int, r *wrule) { w.work <- indexedRule{i, r} }

// finish waits for the background writes.
func (w *ruleWriter) finish() {
	close(w.work)
	w.done.Wait()
}

// appendSegment appends rule i as the writer wrote it to e, moving its
// mappings to their place; ok is false when the writer did not write it.
func (e *emitter) appendSegment(w *ruleWriter, i int) bool {
	seg, ok := w.segments[i]
	if !ok {
		return false
	}
	text := w.e.b.String()[seg.text[0]:seg.text[1]]
	delta, shift := e.b.Len()-seg.text[0], len(e.maps)-seg.maps[0]
	e.b.WriteString(text)
	for _, m := range w.e.maps[seg.maps[0]:seg.maps[1]] {
		m.Span.Start += delta
		m.Span.End += delta
		if m.parent >= 0 {
			m.parent += shift
		}
		e.maps = append(e.maps, m)
	}
	return true
}

// wroteAll reports whether the writer wrote rules 0 to n-1, in order, and
// nothing else.
func (w *ruleWriter) wroteAll(n int) bool {
	if len(w.segments) != n {
		return false
	}
	end, maps := 0, writerReserve
	for i := range n {
		seg, ok := w.segments[i]
		if !ok || seg.text[0] != end || seg.maps[0] != maps {
			return false
		}
		end, maps = seg.text[1], seg.maps[1]
	}
	return end == w.e.b.Len() && maps == len(w.e.maps)
}

// joinAfter returns the program: the header head, then every rule as the
// writer wrote them. The header's text goes into the room reserved before
// the writer's when it fits (else both are copied), and its mappings into
// the room reserved before the writer's, which move by the header's
// length.
func (w *ruleWriter) joinAfter(head *emitter) (string, []Mapping) {
	text, ok := w.e.b.prepend(head.b.String())
	if !ok {
		var b strings.Builder
		b.Grow(head.b.Len() + w.e.b.Len())
		b.WriteString(head.b.String())
		b.WriteString(w.e.b.String())
		text = b.String()
	}
	base := writerReserve - len(head.maps)
	maps := w.e.maps[base:]
	copy(maps, head.maps)
	delta := head.b.Len()
	for i := len(head.maps); i < len(maps); i++ {
		m := &maps[i]
		m.Span.Start += delta
		m.Span.End += delta
		if m.parent >= 0 {
			m.parent -= base
		}
	}
	return text, maps
}
