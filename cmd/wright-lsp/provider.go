package main

// This file implements "wright-lsp provider opy": the OverPy frontend as
// an out-of-process source-language provider speaking wright-provider/1
// on standard input and output (providers/protocol,
// docs/provider-protocol.md). The provider itself is service's: the same
// one providerValidateEdit calls in process.

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/wright-lsp/wright-lsp/providers/protocol"
	"github.com/wright-lsp/wright-lsp/service"
)

func runProvider(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("provider")
	rest, code, done := parseFlags("provider", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if rest[0] != "opy" {
		fmt.Fprintf(stderr, "wright-lsp provider: no provider for %q: the one shipped is opy\nrun 'wright-lsp help provider' for usage\n", rest[0])
		return exitUsage
	}
	if err := protocol.Serve(context.Background(), stdioStream{os.Stdin, stdout}, service.OverPyProvider{Version: version()}); err != nil {
		fmt.Fprintf(stderr, "wright-lsp provider: %v\n", err)
		return exitInternal
	}
	return exitOK
}
