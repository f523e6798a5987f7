package objects

// This file finds the actions that destroy objects, and which objects
// each may destroy.

import "slices"

// destroys returns the actions that may destroy an object of spec's kind
// kept as k. Objects no destroy-by-id names share the slice of the
// kind's destroy-all and by-slot actions: most objects are such.
func (f *finder) destroys(spec *Spec, k *Keep) []Destroy {
	ks := f.sitesOf(spec.Kind)
	if k == nil {
		return ks.all
	}
	// The holders of the kept id, found when a destroy-by-id needs them.
	var holders map[Variable]bool
	found := k.Variable == nil
	// byID returns the destroy-by-id site as it destroys the object, if
	// it may.
	byID := func(site *destroySite) (Destroy, bool) {
		if contains(site.Span, k.Span) {
			return site.Destroy, true
		}
		if !found && len(site.vars) > 0 {
			holders, found = f.holders(*k.Variable), true
		}
		for i := range site.vars {
			if holders[site.vars[i]] {
				// The site's own variable, shared by the objects it
				// destroys: nothing changes it.
				d := site.Destroy
				d.Variable = &site.vars[i]
				return d, true
			}
		}
		return Destroy{}, false
	}
	// Unless a destroy-by-id holds the read itself, the destroys depend
	// on the kind and the variable the id is stored into only: objects
	// stored into the same variable share them.
	var key kindVariable
	if k.Variable != nil {
		key = kindVariable{spec.Kind, *k.Variable}
		for _, site := range ks.byID {
			if contains(site.Span, k.Span) {
				key = kindVariable{}
				break
			}
		}
		if ds, ok := f.destroysOf[key]; ok && key.kind != "" {
			return ds
		}
	}
	named := false
	for _, site := range ks.byID {
		if _, named = byID(site); named {
			break
		}
	}
	if !named {
		return ks.all
	}
	out := make([]Destroy, 0, len(ks.all)+len(ks.byID))
	sites := f.destroySites[spec.Kind]
	for si := range sites {
		site := &sites[si]
		switch site.How {
		case All, BySlot:
			out = append(out, site.Destroy)
		case ByID:
			if site.hasID {
				if d, ok := byID(site); ok {
					out = append(out, d)
				}
			}
		}
	}
	if key.kind != "" {
		out = slices.Clip(out)
		if f.destroysOf == nil {
			f.destroysOf = map[kindVariable][]Destroy{}
		}
		f.destroysOf[key] = out
	}
	return out
}

// kindVariable is a kind of objects and a variable their ids are stored
// into.
type kindVariable struct {
	kind Kind
	v    Variable
}

// kindSites are the destroying actions of one kind as destroys reads
// them: the destroy-all and by-slot actions, which may destroy every
// object of the kind, and the destroy-by-id actions with an id argument.
type kindSites struct {
	all  []Destroy
	byID []*destroySite
}

// sitesOf returns the kindSites of kind, sorted out once.
func (f *finder) sitesOf(kind Kind) *kindSites {
	if ks, ok := f.kindSites[kind]; ok {
		return ks
	}
	ks := &kindSites{}
	sites := f.destroySites[kind]
	for si := range sites {
		switch site := &sites[si]; site.How {
		case All, BySlot:
			ks.all = append(ks.all, site.Destroy)
		case ByID:
			if site.hasID {
				ks.byID = append(ks.byID, site)
			}
		}
	}
	// Shared by objects: an append to one must not write into another's.
	ks.all = slices.Clip(ks.all)
	if f.kindSites == nil {
		f.kindSites = map[Kind]*kindSites{}
	}
	f.kindSites[kind] = ks
	return ks
}

// holders returns v and the variables assigned, directly or through
// others, from values that read v: the variables that may hold the ids v
// holds.
func (f *finder) holders(v Variable) map[Variable]bool {
	if h, ok := f.holderSets[v]; ok {
		return h // callers only read it
	}
	seen := map[Variable]bool{v: true}
	reached := make([]bool, len(f.vars.list))
	queue := []int32{}
	if id, ok := f.lookupVar(v); ok {
		reached[id] = true
		queue = append(queue, id)
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range f.flowTo[f.flowStart[x]:f.flowStart[x+1]] {
			if !reached[y] {
				reached[y] = true
				seen[f.vars.list[y]] = true
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
