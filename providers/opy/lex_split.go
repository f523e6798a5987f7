package opy

// This file reads a large file's text in two halves on two goroutines:
// lexing is a sixth of a compile, and the first processor did it alone
// while the second idled. The split is a guess, made before reading: the
// start of a line at the left margin that begins a declaration, about
// half-way. It is kept when the first half's lexer reaches that line
// with nothing open (a bracket, a string, a comment, a continued line:
// only blank lines before it) and the second half's lexer started where
// the first would have been: no macro defined (#!define expands the
// names after it) and no macro redeclaration allowed before the split,
// and no directive after it that would change the program (#!define,
// #!include). Otherwise the first lexer reads on through the second
// half, as a single lexer would have. The second half is kept only when
// it reported nothing, so the diagnostics keep their order.

import "sync"

// lexSplitBytes is the size, in bytes, from which a file is read in two
// halves: below it the second goroutine costs more than it saves. A
// variable so that tests can make every file split.
var lexSplitBytes = 64 << 10

// lexShare is the share of the text before the split: a variable so that
// tests can move the split over the whole file.
var lexShare = 0.5

// lexSplitHook, when set (tests), learns whether a split read kept its
// second half.
var lexSplitHook func(kept bool)

// lexSplit reads file i of the program into logical lines, in two halves
// when it is large.
func (pp *preprocessor) lexSplit(i int) []line {
	src := pp.p.Files[i].Text
	at := lexSplitPoint(src, int(float64(len(src))*lexShare))
	if len(src) < lexSplitBytes || at <= 0 {
		return pp.lexFile(i)
	}
	second := &preprocessor{p: pp.p, d: &diagnostics{}, second: true}
	// The second half's lines go in the read's scratch memory, taken
	// here: it is not for two goroutines.
	rest := pp.mem.lines.get(0, (len(src)-at)/40+4)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		lx := &lexer{file: i, src: src, pos: at, d: second.d, pp: second, out: rest}
		rest = lx.run()
	}()
	first := &lexer{file: i, src: src, d: pp.d, pp: pp, stopAt: at}
	lines := first.run()
	wg.Wait()
	kept := first.stopped && !second.refused && len(second.d.list) == 0 && len(pp.macros) == 0 && !pp.allowRedefine
	if lexSplitHook != nil {
		lexSplitHook(kept)
	}
	if kept {
		lines = append(lines, rest...)
		pp.arenas = append(pp.arenas, second.arenas...)
	} else {
		second.release()
		if first.stopped {
			first.stopAt, first.stopped = 0, false
			lines = first.resume()
		}
	}
	return lines
}

// lexSplitPoint returns the offset of the first line at or after offset
// from that starts, at the left margin, a declaration (after a newline);
// -1 when there is none.
func lexSplitPoint(src string, from int) int {
	for i := max(from, 1); i < len(src); i++ {
		if src[i-1] == '\n' && src[i] != '#' && startsDeclaration(src[i:]) {
			return i
		}
	}
	return -1
}
