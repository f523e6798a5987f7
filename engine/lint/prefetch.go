package lint

// This file starts the two most expensive analyses of a pass, the walk of
// every expression (see walked) and the persistent object finder (see
// Objects), on other goroutines before the first rule runs, when the
// process has more than one processor. Together they are about half of a
// pass over a large program; the rules before the first that needs them
// run meanwhile. The rules still run one at a time, in order, and both
// analyses are pure functions of the script, so the findings are the same
// as without prefetching.

import (
	"runtime"
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/objects"
)

// An ahead is a value computed on its own goroutine.
type ahead[T any] struct {
	done     chan struct{}
	value    T
	panicked any // what the computation panicked with, if it did
}

func computeAhead[T any](f func() T) *ahead[T] {
	a := &ahead[T]{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		defer func() { a.panicked = recover() }()
		a.value = f()
	}()
	return a
}

// get waits for the value. A panic of the computation is raised again
// here, on the goroutine of the rule that needs the value, so runRule
// records it as that rule's failure, as when the rule computes the
// analysis itself.
func (a *ahead[T]) get() T {
	<-a.done
	if a.panicked != nil {
		panic(a.panicked)
	}
	return a.value
}

// prefetch starts the walk and the object finder when another processor
// can run them.
func (p *Pass) prefetch() {
	if runtime.GOMAXPROCS(0) < 2 {
		return
	}
	if p.Script == nil || slices.Contains(p.Script.Rules, nil) {
		// A tree no parser builds: units would panic here, outside the
		// rules. Without prefetching, the rules fail on their own.
		return
	}
	p.units() // before the walk reads them: the pass's goroutine may too
	p.walkAhead = computeAhead(p.walkProgram)
	// The finder builds its own graphs and call graph: the pass's are
	// filled by the rules, on the pass's goroutine.
	p.objectsAhead = computeAhead(p.objectFinder())
}

// prefetchObjects starts the object finder alone (see prefetch), for a
// pass whose rules do not walk every expression.
func (p *Pass) prefetchObjects() {
	if runtime.GOMAXPROCS(0) < 2 || p.Script == nil || slices.Contains(p.Script.Rules, nil) {
		return
	}
	p.objectsAhead = computeAhead(p.objectFinder())
}

// objectFinder returns the object finder of prefetch: it reads only
// what it is given, not the pass.
func (p *Pass) objectFinder() func() *objects.Found {
	prev, s, sp := p.prevFound, p.Script, p.splice
	return func() *objects.Found {
		if prev != nil {
			return objects.Refind(prev, s, sp, objects.Analyses{})
		}
		return objects.FindAll(s, objects.Analyses{})
	}
}

// settle waits for the prefetched analyses no rule asked for, so that
// nothing of the pass runs after Run returns.
func (p *Pass) settle() {
	if p.walkAhead != nil {
		<-p.walkAhead.done
		if w := p.walkAhead.value; w != nil {
			w.rep.release()
		}
		p.walkAhead = nil
	}
	if a := p.objectsAhead; a != nil {
		<-a.done
		if a.panicked == nil {
			p.found = a.value // for the next Rerun, though no rule read it
		}
		p.objectsAhead = nil
	}
}
