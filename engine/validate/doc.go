// Package validate checks a parsed Workshop program against the
// vocabulary and against its own declarations, and reports what it finds
// as diagnostics; it never changes the tree.
//
// What it owns: every name resolved (an unknown action, value or enum
// member is an error with the nearest valid name suggested), argument
// counts and slots (literals, enum members, variables), the variables and
// subroutines blocks (undeclared use, duplicate indices, the game's
// limits), rule shapes and block nesting, Custom String and String
// placeholders and lengths, and the limits on workshop settings. Each
// concern is one file: decls.go, expr.go, rules.go, strings.go,
// limits.go, with nearest-name suggestions in suggest.go. Revalidate
// checks again only the rules an edit touched when the declarations and
// the per-file limits allow; Validate checks the second half of a large
// script's rules on another goroutine under the same conditions.
package validate
