package lint

// flowRules are the rules about control flow and timing.
var flowRules = []*Rule{}
