package objects

// This file finds the actions that destroy objects, and which objects
// each may destroy.

// destroys returns the actions that may destroy an object of spec's kind
// kept as k.
func (f *finder) destroys(spec *Spec, k *Keep) []Destroy {
	// The holders of the kept id, found when a destroy-by-id needs them.
	var holders map[Variable]bool
	found := k == nil || k.Variable == nil
	var out []Destroy
	sites := f.destroySites[spec.Kind]
	for si := range sites {
		site := &sites[si]
		switch site.How {
		case All, BySlot:
			out = append(out, site.Destroy)
		case ByID:
			if k == nil || !site.hasID {
				continue
			}
			if contains(site.Span, k.Span) {
				out = append(out, site.Destroy)
				continue
			}
			if !found && len(site.vars) > 0 {
				holders, found = f.holders(*k.Variable), true
			}
			for _, v := range site.vars {
				if holders[v] {
					d := site.Destroy
					d.Variable = &v
					out = append(out, d)
					break
				}
			}
		}
	}
	return out
}

// holders returns v and the variables assigned, directly or through
// others, from values that read v: the variables that may hold the ids v
// holds.
func (f *finder) holders(v Variable) map[Variable]bool {
	if h, ok := f.holderSets[v]; ok {
		return h // callers only read it
	}
	seen := map[Variable]bool{v: true}
	reached := make([]bool, len(f.varList))
	queue := []int32{}
	if id, ok := f.lookupVar(v); ok {
		reached[id] = true
		queue = append(queue, id)
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range f.flowsTo[x] {
			if !reached[y] {
				reached[y] = true
				seen[f.varList[y]] = true
				queue = append(queue, y)
			}
		}
	}
	if f.holderSets == nil {
		f.holderSets = map[Variable]map[Variable]bool{}
	}
	f.holderSets[v] = seen
	return seen
}
