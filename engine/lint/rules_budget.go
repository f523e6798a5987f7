package lint

// budgetRules are the rules about the element budget.
var budgetRules = []*Rule{}
