package opy

// This file keeps the scratch memory of a read and of a lowering from one
// compile to the next. The read's logical lines and block nodes live only
// until its tree is built, and the lowered tree (nodes, their argument
// lists, the rules' actions) only until the program is written: nothing
// of a Program or a Result points into them. A large mode lowers to some
// 30,000 nodes (3.6 MB for z_heatstreet.opy); allocating these afresh for
// every compile was a quarter of what a check allocated, and the
// collector's work follows what is allocated. Not a sync.Pool, for the
// reason the token arenas are not one (lex.go): it drops its contents at
// every second collection, which a large compile triggers.

import (
	"sync"
	"unsafe"
)

// Chunk sizes: the slabs as they were.
const (
	nodeChunk      = 1024
	argChunk       = 2048
	actionChunk    = 256
	blockNodeChunk = 256
)

// chunks hands out slabs of T, reusing those of an earlier compile in
// turn; a slab handed out is zeroed.
type chunks[T any] struct {
	list [][]T
	next int
}

// get returns an empty slab of capacity at least max(size, n).
func (ch *chunks[T]) get(size, n int) []T {
	for ch.next < len(ch.list) {
		s := ch.list[ch.next]
		ch.next++
		if cap(s) >= n {
			return s[:0]
		}
		// Too small for this request: left for the next compile.
	}
	s := make([]T, 0, max(size, n))
	ch.list = append(ch.list, s)
	ch.next = len(ch.list)
	return s
}

// reset clears the slabs handed out (they must keep nothing of the
// compile alive) and makes them available again.
func (ch *chunks[T]) reset() {
	for _, s := range ch.list[:ch.next] {
		clear(s[:cap(s)])
	}
	ch.next = 0
}

func (ch *chunks[T]) bytes() int {
	var zero T
	n := 0
	for _, s := range ch.list {
		n += cap(s)
	}
	return n * int(unsafe.Sizeof(zero))
}

// scratch is the scratch memory of one read (lines, blockNodes) or one
// lowering (nodes, args, actions).
type scratch struct {
	lines      chunks[line]
	blockNodes chunks[node]
	nodes      chunks[wnode]
	args       chunks[*wnode]
	actions    chunks[action]
}

func (m *scratch) reset() {
	m.lines.reset()
	m.blockNodes.reset()
	m.nodes.reset()
	m.args.reset()
	m.actions.reset()
}

func (m *scratch) bytes() int {
	return m.lines.bytes() + m.blockNodes.bytes() + m.nodes.bytes() + m.args.bytes() + m.actions.bytes()
}

// maxScratches and maxScratchBytes bound what the cache keeps: the
// scratch of a few compiles at once (the language server may check
// several files together), each at most a few large programs' worth.
const (
	maxScratches    = 4
	maxScratchBytes = 16 << 20
)

var scratches struct {
	sync.Mutex
	free []*scratch
}

// getScratch returns cached scratch memory, or new.
func getScratch() *scratch {
	scratches.Lock()
	defer scratches.Unlock()
	if n := len(scratches.free); n > 0 {
		m := scratches.free[n-1]
		scratches.free = scratches.free[:n-1]
		return m
	}
	return &scratch{}
}

// putScratch gives scratch memory back, cleared; it must no longer be
// used. Memory beyond the bounds is left to the collector.
func putScratch(m *scratch) {
	m.reset()
	if m.bytes() > maxScratchBytes {
		return
	}
	scratches.Lock()
	defer scratches.Unlock()
	if len(scratches.free) < maxScratches {
		scratches.free = append(scratches.free, m)
	}
}

// keepActions copies a rule's actions into the action slab, at their
// length (as carve does).
func (c *compiler) keepActions(list []action) []action {
	return carveInto(&c.actionSlab, &c.mem.actions, actionChunk, list)
}

// carveInto copies list into *slab, taking a new chunk of ch when the
// slab has no room, and returns the copy with its capacity at its length:
// appending to it never writes into the slab.
func carveInto[T any](slab *[]T, ch *chunks[T], size int, list []T) []T {
	if len(list) == 0 {
		return nil
	}
	if cap(*slab)-len(*slab) < len(list) {
		*slab = ch.get(size, len(list))
	}
	start := len(*slab)
	*slab = append(*slab, list...)
	return (*slab)[start:len(*slab):len(*slab)]
}
