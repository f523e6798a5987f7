package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tliron/commonlog"
	_ "github.com/tliron/commonlog/simple" // the log backend: stderr or a file, never stdout

	"github.com/wright-lsp/wright-lsp/lsp"
)

// stdout is the LSP stream's output; a variable for the same reason as
// stdin.
var lspOut io.Writer = os.Stdout

// runLSP serves the Language Server Protocol on stdin and stdout. Editors
// start the binary with no arguments or with --stdio.
func runLSP(args []string, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("wright-lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "serve on stdin and stdout (the default; editors pass it)")
	logFile := fs.String("log-file", "", "write the log to this file instead of stderr")
	verbosity := fs.Int("log-level", 0, "log verbosity: -1 warnings and errors, 0 notices, 1 info, 2 debug")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "wright-lsp: unexpected argument %q (the language server takes only flags)\n", fs.Arg(0))
		return exitUsage
	}
	var path *string
	if *logFile != "" {
		path = logFile
	}
	commonlog.Configure(*verbosity, path)
	clean, err := lsp.Serve(context.Background(), stdioStream{stdin, lspOut}, lsp.Options{Version: version(), Log: commonlog.GetLogger("wright.lsp")})
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp: %v\n", err)
		return exitInternal
	}
	if !clean {
		return 1 // LSP: exit without shutdown
	}
	return exitOK
}

// stdioStream joins stdin and stdout into one stream.
type stdioStream struct {
	io.Reader
	io.Writer
}

func (stdioStream) Close() error { return nil }
