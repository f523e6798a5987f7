package lint

// valueRules are the rules about values and strings.
var valueRules = []*Rule{}
