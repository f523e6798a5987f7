package optimize

// A pass is one named rewrite.
type pass struct {
	name string
	doc  string
	// forSize marks the passes ForSize adds.
	forSize bool
	// run rewrites the rule and returns how many rewrites it made; a
	// pass that rewrites values one at a time has value instead (the
	// value passes walk the rule's values together).
	run   func(w *work) int
	value exprFn
}

// catalog lists every pass in the order they run within a round.
var catalog = []*pass{
	{name: "drop-disabled", run: dropDisabled,
		doc: "removes disabled rules, conditions and actions, which the game counts but never runs"},
	{name: "for-size-literals", forSize: true, value: forSizeLiterals,
		doc: "replaces 0 by False or Null, 1 by True and Vector(0, 0, 0) by Null where the slot reads them the same"},
	{name: "evaluate-once", value: evaluateOnce,
		doc: "drops Evaluate Once and Update Every Frame where the value is evaluated once anyway, or cannot change"},
	{name: "fold-constants", value: foldConstants,
		doc: "computes operations of literals with the game's single-precision arithmetic"},
	{name: "first-last-of", value: firstLastOf,
		doc: "writes a[0] as First Of(a) and a[Count Of(a) - 1] as Last Of(a)"},
	{name: "vector-constants", value: vectorConstants,
		doc: "writes vectors along one axis with Up, Down, Left, Right, Forward and Backward"},
	{name: "truthiness", value: truthiness,
		doc: "drops comparisons with True and False where only truthiness counts"},
	{name: "negation", value: negation,
		doc: "folds Not into the comparison or value it negates"},
	{name: "de-morgan", value: deMorgan,
		doc: "writes And(Not(a), Not(b)) as Not(Or(a, b)) and Or(Not(a), Not(b)) as Not(And(a, b))"},
	{name: "identities", value: identities,
		doc: "drops x * 1, x / 1, x + 0 and x - 0 for a number x"},
	{name: "array-identity", value: arrayIdentity,
		doc: "drops Mapped Array(a, Current Array Element) over an array"},
	{name: "count-of", value: countOf,
		doc: "writes Count Of(All Players(t)) as Number Of Players(t), and its kin"},
	{name: "pack-strings", value: packStrings,
		doc: "rewrites nested Custom Strings as the fewest Custom Strings showing the same text"},
	{name: "modify-variable", run: modifyVariable,
		doc: "writes X = X op v as Modify Variable(X, op, v)"},
	{name: "self-assignment", run: selfAssignment,
		doc: "removes X = X"},
	{name: "dead-branch", run: deadBranch,
		doc: "removes the branches a literal condition never takes, and the If around one it always takes"},
	{name: "unreachable", run: unreachable,
		doc: "removes the actions after an Abort, Loop, Break, Continue or Skip that nothing reaches, and Skips over nothing"},
	{name: "empty-block", run: emptyBlock,
		doc: "removes If, Else If and Else blocks with nothing in them"},
	{name: "abort-if", run: abortIf,
		doc: "writes If(c) Abort End as Abort If(c)"},
	{name: "loop-if", run: loopIf,
		doc: "writes If(c) Loop End as Loop If(c)"},
	{name: "skip-if", run: skipIf,
		doc: "writes If(c) Skip(n) End as Skip If(c, n - 1)"},
	{name: "trailing-end", run: trailingEnd,
		doc: "removes the End of an If chain that ends a rule"},
	{name: "split-conditions", run: splitConditions,
		doc: "writes a condition testing And(a, b) as two conditions, and one testing a comparison as the comparison"},
	{name: "constant-conditions", run: constantConditions,
		doc: "drops conditions that always hold and rules with one that never does"},
	{name: "empty-rule", run: emptyRule,
		doc: "removes rules whose actions only wait, jump or open blocks"},
}

func passByName(name string) *pass {
	for _, p := range catalog {
		if p.name == name {
			return p
		}
	}
	return nil
}

// PassInfo describes one pass.
type PassInfo struct {
	Name string
	Doc  string
	// ForSize is set for the passes Options.ForSize adds.
	ForSize bool
}

// Passes lists every pass in the order they run.
func Passes() []PassInfo {
	out := make([]PassInfo, len(catalog))
	for i, p := range catalog {
		out[i] = PassInfo{Name: p.name, Doc: p.doc, ForSize: p.forSize}
	}
	return out
}

// PassNames lists the passes' names in the order they run.
func PassNames() []string {
	out := make([]string, len(catalog))
	for i, p := range catalog {
		out[i] = p.name
	}
	return out
}
