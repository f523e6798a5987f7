// Package opy is the OverPy frontend: it reads .opy sources (the entry
// file, the files it includes and the text macros it defines), checks
// them, and lowers them to Workshop text that the engine parses unchanged,
// with a source map from every byte range of that text back to the OverPy
// construct it came from.
//
// The pipeline, one file or two per stage:
//
//	lex.go, lex_string.go   text → logical lines of tokens (indentation,
//	                        comments, strings with every prefix and escape,
//	                        numbers, bracket and backslash continuation)
//	lex_split.go            a large file's text read in two halves on two
//	                        goroutines, as one lexer would read it
//	preprocess.go           #! directives: #!include, #!define text macros
//	                        expanded where they are used, compile options
//	parse.go, parse_expr.go logical lines → the OverPy tree (ast.go), with
//	                        recovery: every error in one pass
//	parse_split.go          a large program's declarations read on two
//	                        goroutines, as one parser would read them
//	lower*.go               the tree → Workshop text and its source map
//	emit_rules.go           rules written (and, with Options.Parse, read
//	                        by the engine's parser.Stream) on a second
//	                        goroutine while the next ones are lowered;
//	                        textbuf.go keeps room for the header before them
//	scratch.go              the read's lines and the lowered tree, in
//	                        memory kept from one compile to the next
//	compile.go              the entry point, Compile
//
// Positions are a file of the program plus an engine source.Span (byte
// offsets): the engine's one span type, qualified by the file it is in.
// Tokens produced by a macro expansion carry the span of the call site,
// so everything built from them maps back to where the user wrote the
// call; the definition is kept for the diagnostics' related information.
//
// The provider depends on the engine (vocabulary, spans, diagnostics) and
// never on the service, the contract or the language server.
package opy
