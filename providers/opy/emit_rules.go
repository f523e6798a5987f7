package opy

// This file writes rules on a second processor while the first lowers the
// next ones. The background writer keeps one text and one mapping list;
// each rule is a segment of them, offsets from the segment's start, and
// the segments are joined in rule order at the end. A rule whose values
// may still change (getCurrentMap() before resolveCurrentMaps) is held
// back and written last, in its place. When the lowering is done first,
// the compile's goroutine writes the last rules still queued (finish).

import (
	"strings"
	"sync"

	wparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A segment is one rule in a writer's text and mappings.
type segment struct {
	text [2]int // [start, end) in the writer's text
	maps [2]int // [first, last) of the writer's mappings
}

// A ruleWriter writes submitted rules in the background. The lowering
// usually ends before the writer (writing and reading a rule takes about
// as long as lowering it), so finish does not wait idle: it takes rules
// not yet started from the end of the queue and writes them itself, in
// a batch of its own, which joins the writer's text after it.
type ruleWriter struct {
	mu sync.Mutex
	// ready is signalled when a rule is queued or the queue is closed.
	ready sync.Cond
	// queue holds the rules submitted and not yet taken, in order: the
	// writer takes the first, finish the last.
	queue  []indexedRule
	closed bool
	// taken is set when finish has taken the rules it writes.
	taken bool
	done  sync.WaitGroup

	e        emitter
	segments map[int]segment
	// stream reads each rule once written, when the compile parses.
	stream *wparser.Stream
	v      *vocab.Vocabulary
	// size is the room made for the text, submitted the rules queued:
	// a batch is sized at its share of both.
	size, submitted int
	// batches are where finish put the batches' mappings, not yet moved
	// to their place (see settle).
	batches []mapRun
}

// A mapRun is a batch's mappings in the writer's list, from start (to the
// next run's start, or the end), as the batch wrote them: their spans
// are offsets from text, the batch's start in the writer's text, and
// their parents indexes from start.
type mapRun struct{ start, text int }

type indexedRule struct {
	i int
	r *wrule
}

// A batch is rules that finish took from the end of the queue and wrote
// on the compile's goroutine: their text, mappings and stream. The text
// is copied after the writer's, and the names in the stream's tree stay
// strings of the batch's text, which the parsed program keeps alive (a
// few hundred kilobytes for the largest mode).
type batch struct {
	rules    []indexedRule
	e        emitter
	segments []segment
	stream   *wparser.Stream
}

// writerReserve is the room left before the writer's mappings for the
// header's (settings, variables, subroutines): when they fit, the
// program's source map is the writer's list, not a copy of it.
const writerReserve = 1024

// finishRounds, when set (tests), makes finish take rules that many
// times (half of the queue, then half of the rest...) and the writer take
// none before: the joins of the writer's text and stream with several
// batches' are exercised whatever the timing.
var finishRounds int

// finishHook, when set (tests), learns how many rules finish wrote.
var finishHook func(stolen int)

func newRuleWriter(size int, parse bool, v *vocab.Vocabulary) *ruleWriter {
	w := &ruleWriter{segments: map[int]segment{}, v: v, size: size}
	w.ready.L = &w.mu
	w.queue = make([]indexedRule, 0, 256)
	if parse {
		w.stream = newRuleStream(v)
	}
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		// Made here, not by the caller: zeroing the 3 MB takes about a
		// millisecond, which the writer has before the first rule comes.
		// Room for the header in front (the corpus's modes have 2 to 6 %
		// of their OverPy text's size): see joinAfter.
		w.e.b = withRoom(size/16+1024, size)
		// size is one and a half times the OverPy text; the corpus's
		// game modes have a mapping per 8.5 to 10.7 bytes of OverPy
		// text: room for one per 8 (a larger program's list grows once).
		w.e.maps = make([]Mapping, writerReserve, writerReserve+size/12)
		for {
			ir, ok := w.take()
			if !ok {
				return
			}
			w.segments[ir.i] = writeRule(&w.e, ir.r, w.stream)
		}
	}()
	return w
}

func newRuleStream(v *vocab.Vocabulary) *wparser.Stream {
	return wparser.NewStream(lowered(v))
}

// take waits for the next rule to write; ok is false once the queue is
// closed and empty.
func (w *ruleWriter) take() (indexedRule, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(w.queue) == 0 && !w.closed || finishRounds > 0 && !w.taken {
		w.ready.Wait()
	}
	if len(w.queue) == 0 {
		return indexedRule{}, false
	}
	ir := w.queue[0]
	w.queue = w.queue[1:]
	return ir, true
}

// writeRule writes r at the end of e and feeds the text to stream (when
// not nil), and returns the rule's segment.
func writeRule(e *emitter, r *wrule, stream *wparser.Stream) segment {
	start, first := e.b.Len(), len(e.maps)
	e.rule(r)
	if stream != nil {
		// The builder only appends: its text so far stays as is.
		stream.Feed(e.b.String())
	}
	return segment{text: [2]int{start, e.b.Len()}, maps: [2]int{first, len(e.maps)}}
}

// submit writes rule i in the background; the rule must not change after.
func (w *ruleWriter) submit(i int, r *wrule) {
	w.mu.Lock()
	w.queue = append(w.queue, indexedRule{i, r})
	w.submitted++
	w.mu.Unlock()
	w.ready.Signal()
}

// finish writes the rules still queued, half of them (the last) at a
// time on the caller's goroutine, until the writer has taken the rest,
// then waits for the writer and appends the batches to its text and
// mappings, and their streams to its stream.
func (w *ruleWriter) finish() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.ready.Broadcast()
	var batches []*batch
	stolen := 0
	for round := 0; finishRounds == 0 || round < finishRounds; round++ {
		w.mu.Lock()
		n := len(w.queue)
		// The writer is most likely writing a rule already: half of the
		// queue, rounded up, is about half of what is left.
		take := (n + 1) / 2
		rules := w.queue[n-take:]
		w.queue = w.queue[:n-take]
		w.mu.Unlock()
		if take == 0 {
			break
		}
		b := &batch{rules: rules, segments: make([]segment, len(rules))}
		// Sized as the writer is, at the batch's share of the rules.
		size := w.size*take/w.submitted + 1024
		b.e.b = withRoom(0, size)
		b.e.maps = batchMaps.get(size / 12)
		if w.stream != nil {
			b.stream = newRuleStream(w.v)
		}
		for j, ir := range rules {
			b.segments[j] = writeRule(&b.e, ir.r, b.stream)
		}
		batches = append(batches, b)
		stolen += take
	}
	w.mu.Lock()
	w.taken = true
	w.mu.Unlock()
	w.ready.Broadcast()
	w.done.Wait()
	// Each batch was taken from before the one taken earlier. Its
	// mappings are copied as they are: they move to their place with the
	// writer's own in joinAfter (or settle), in one pass.
	for k := len(batches) - 1; k >= 0; k-- {
		b := batches[k]
		run := mapRun{start: len(w.e.maps), text: w.e.b.Len()}
		w.e.b.WriteString(b.e.b.String())
		w.e.maps = append(w.e.maps, b.e.maps...)
		batchMaps.put(b.e.maps)
		w.batches = append(w.batches, run)
		for j, ir := range b.rules {
			seg := b.segments[j]
			w.segments[ir.i] = segment{text: [2]int{seg.text[0] + run.text, seg.text[1] + run.text},
				maps: [2]int{seg.maps[0] + run.start, seg.maps[1] + run.start}}
		}
		if w.stream != nil {
			w.stream.Then(b.stream)
		}
	}
	if finishHook != nil {
		finishHook(stolen)
	}
}

// batchMaps keeps the mapping lists of batches, which are copied into
// the writer's: a megabyte for z_heatstreet.opy, allocated (and zeroed)
// afresh by every compile otherwise. A Mapping holds no pointer, so the
// lists kept cost the collector nothing to scan.
var batchMaps mappingLists

// mappingLists is a bounded cache of mapping lists.
type mappingLists struct {
	sync.Mutex
	free [][]Mapping
}

// get returns an empty list of capacity at least n.
func (c *mappingLists) get(n int) []Mapping {
	c.Lock()
	defer c.Unlock()
	for i, l := range c.free {
		if cap(l) >= n {
			c.free = append(c.free[:i], c.free[i+1:]...)
			return l[:0]
		}
	}
	return make([]Mapping, 0, n)
}

// put gives a list back; the largest few are kept.
func (c *mappingLists) put(l []Mapping) {
	c.Lock()
	defer c.Unlock()
	c.free = append(c.free, l)
	if len(c.free) > 4 {
		small := 0
		for i, f := range c.free {
			if cap(f) < cap(c.free[small]) {
				small = i
			}
		}
		c.free = append(c.free[:small], c.free[small+1:]...)
	}
}

// appendSegment appends the rule written at seg of src to e, moving its
// mappings to their place, and returns where it is in e.
func (e *emitter) appendSegment(src *emitter, seg segment) segment {
	text := src.b.String()[seg.text[0]:seg.text[1]]
	start, first := e.b.Len(), len(e.maps)
	delta, shift := start-seg.text[0], first-seg.maps[0]
	e.b.WriteString(text)
	for _, m := range src.maps[seg.maps[0]:seg.maps[1]] {
		m.Span.Start += delta
		m.Span.End += delta
		if m.parent >= 0 {
			m.parent += shift
		}
		e.maps = append(e.maps, m)
	}
	return segment{text: [2]int{start, e.b.Len()}, maps: [2]int{first, len(e.maps)}}
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
	// The rules' mappings, some 40,000 for z_heatstreet.opy, move after
	// the header (and a batch's after what precedes it), half of them on
	// another goroutine.
	end := len(w.e.maps)
	if len(w.batches) > 0 {
		end = w.batches[0].start
	}
	moves := []mapMove{{w.e.maps[writerReserve:end], head.b.Len(), base}}
	for k, r := range w.batches {
		end := len(w.e.maps)
		if k+1 < len(w.batches) {
			end = w.batches[k+1].start
		}
		moves = append(moves, mapMove{w.e.maps[r.start:end], head.b.Len() + r.text, base - r.start})
	}
	w.batches = nil
	first, second := splitMoves(moves)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, m := range second {
			moveMappings(m.maps, m.delta, m.base)
		}
	}()
	for _, m := range first {
		moveMappings(m.maps, m.delta, m.base)
	}
	wg.Wait()
	return text, maps
}

// settle moves the batches' mappings to their place in the writer's
// list, when joinAfter does not.
func (w *ruleWriter) settle() {
	for k, r := range w.batches {
		end := len(w.e.maps)
		if k+1 < len(w.batches) {
			end = w.batches[k+1].start
		}
		moveMappings(w.e.maps[r.start:end], r.text, -r.start)
	}
	w.batches = nil
}

// A mapMove is mappings to move by moveMappings.
type mapMove struct {
	maps        []Mapping
	delta, base int
}

// splitMoves splits moves into two lists of about as many mappings.
func splitMoves(moves []mapMove) (first, second []mapMove) {
	total := 0
	for _, m := range moves {
		total += len(m.maps)
	}
	left := total / 2
	for i, m := range moves {
		if len(m.maps) < left {
			first = append(first, m)
			left -= len(m.maps)
			continue
		}
		first = append(first, mapMove{m.maps[:left], m.delta, m.base})
		second = append(second, mapMove{m.maps[left:], m.delta, m.base})
		second = append(second, moves[i+1:]...)
		break
	}
	return first, second
}

// moveMappings moves mappings delta bytes further in the text, and their
// parents' indexes base back in the list.
func moveMappings(maps []Mapping, delta, base int) {
	for i := range maps {
		m := &maps[i]
		m.Span.Start += delta
		m.Span.End += delta
		if m.parent >= 0 {
			m.parent -= base
		}
	}
}
