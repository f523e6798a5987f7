package lint

// symbolRules are the rules about variables, subroutines and objects.
var symbolRules = []*Rule{}
