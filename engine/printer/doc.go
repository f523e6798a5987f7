// Package printer writes an ast.Script back as Workshop text in the game's
// export style (tab indentation, blank lines between blocks, statements
// wrapped where the game wraps them), spelled in any of the 15 client
// languages.
//
// A name that has no spelling in the target locale is a missing-mapping
// error, never a silent fallback to another language.
//
// Printing is linear in the size of the tree: indentation stops growing
// at 64 tabs (see maxIndent), so deeply nested blocks cannot make the
// text grow with the square of their depth.
package printer
