package lint

import "slices"

// Builtin returns the built-in rules, sorted by id.
func Builtin() []*Rule {
	return builtinRules
}

// The built-in rules come from several files, one group each.
var builtinRules = func() []*Rule {
	var all []*Rule
	for _, group := range [][]*Rule{flowRules, valueRules, symbolRules, budgetRules} {
		all = append(all, group...)
	}
	slices.SortFunc(all, func(a, b *Rule) int {
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
	return all
}()
