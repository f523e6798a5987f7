package lint

// This file walks every expression of the program once for the rules
// that look into all of them: repeated-value (its candidate occurrences)
// and the rules reading call sites (see sites.go).

// passWalk is what one walk of the enabled statements finds.
type passWalk struct {
	// rep is the walker, whose keys the occurrences use.
	rep *repWalker
	// actionOccs and condOccs are, per action list and per conditions
	// block (flowActionUnits, flowConditionUnits), per statement, the
	// candidate occurrences of repeated-value.
	actionOccs [][][]repOccurrence
	condOccs   [][][]repOccurrence
	// actionEffects are, per action list, per statement, what each
	// enabled action may change.
	actionEffects [][]repEffects
	sites         *callSites
}

// walked returns the program's walk, made on first use, or nil when it
// failed: the rules then walk on their own, failing as they did.
func (p *Pass) walked() *passWalk {
	if a := p.walkAhead; a != nil {
		// walkProgram recovers its own panics: get returns nil then.
		p.walk, p.walkAhead = a.get(), nil
		p.walkFailed = p.walk == nil
	}
	if p.walk == nil && !p.walkFailed {
		p.walk = p.walkProgram()
		p.walkFailed = p.walk == nil
	}
	return p.walk
}

// walkProgram walks every enabled statement of the action lists and the
// conditions blocks once, or returns nil when the walk panics (on a tree
// no parser builds).
func (p *Pass) walkProgram() (pw *passWalk) {
	defer func() {
		if recover() != nil {
			pw = nil
		}
	}()
	s := p.Script
	statements := 0
	for _, us := range [][]flowUnit{flowActionUnits(p), flowConditionUnits(p)} {
		for _, u := range us {
			statements += len(u.block.Statements)
		}
	}
	pw = &passWalk{rep: newRepWalker(statements), sites: newCallSites(s)}
	sw := &siteWalker{out: pw.sites, lists: &siteLists{}}
	w := pw.rep
	w.sites = sw
	// Most actions write a variable or none (a walk of the rules an edit
	// touched has few).
	w.writeSlab = make([]valVar, 0, min(1024, statements+16))
	units := func(us []flowUnit, conditions bool) [][][]repOccurrence {
		out := make([][][]repOccurrence, len(us))
		var allEffects []repEffects
		// The lists of all units share one array.
		n := 0
		for _, u := range us {
			n += len(u.block.Statements)
		}
		all := make([][]repOccurrence, n)
		if !conditions {
			allEffects = make([]repEffects, n)
			pw.actionEffects = make([][]repEffects, len(us))
		}
		for k, u := range us {
			sw.setBlock(s, u.rule, conditions)
			m := len(u.block.Statements)
			occs := all[:m:m]
			all = all[m:]
			var effects []repEffects
			if !conditions {
				effects = allEffects[:m:m]
				allEffects = allEffects[m:]
				pw.actionEffects[k] = effects
			}
			for i, st := range u.block.Statements {
				if !st.Disabled && st.Body != nil {
					sw.stmt, sw.base = i, st.Base()
					occs[i] = w.statement(st, i, conditions)
					if !conditions {
						effects[i] = w.effectsOf(st.Body)
					}
				}
			}
			out[k] = occs
		}
		return out
	}
	pw.actionOccs = units(flowActionUnits(p), false)
	pw.condOccs = units(flowConditionUnits(p), true)
	w.sites = nil
	pw.sites.finish(sw.lists)
	return pw
}
