// Package lsp is the language server: the Language Server Protocol on a
// stream, every feature answered from the engine.
//
// The connection is sourcegraph/jsonrpc2 with the protocol types of
// tliron/glsp, owned here rather than by glsp's server: its stream
// survives malformed frames, notifications that change documents apply in
// arrival order inside the read loop, and every request runs on its own
// goroutine with a context that $/cancelRequest cancels, so a slow
// request never holds up the next message and a server→client request
// (workspace/applyEdit, workspace/configuration) never deadlocks the
// reader. A panic in a handler is answered as an internal error and the
// server goes on. Workspace indexing runs on its own goroutine within a
// budget of files and bytes (index.go); a document has at most one
// analysis running, and the versions an edit burst passes through are
// never analysed (diagnostics.go); a document over the 4 MiB limit is
// kept but not analysed, and says so in its one diagnostic.
//
// Positions cross into the engine only through the edits package's
// mapper, in the encoding negotiated at initialize (UTF-16 unless the
// client offers UTF-8 or UTF-32). Documents are immutable values: an edit
// makes a new one, so each request reads one consistent version. A
// Workshop document edited by range changes is checked from the program
// of the version it was edited from (service.RevisedProgram): only the
// rules the edits touched are read, validated and counted again.
package lsp
