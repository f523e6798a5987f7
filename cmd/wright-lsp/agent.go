package main

import (
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// runAgent emits the client tool definitions of every advertised
// operation, for agents that call wright-lsp from code.
func runAgent(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("agent")
	format := fs.String("format", "messages", "`FORMAT`: messages (Anthropic Messages API client tools) or json-schema")
	rest, code, done := parseFlags("agent", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if rest[0] != "tools" {
		fmt.Fprintf(stderr, "wright-lsp agent: unknown subcommand %q: expected tools%s\nusage: wright-lsp agent tools [--format messages|json-schema]\n",
			rest[0], suggest(rest[0], []string{"tools"}, ""))
		return exitUsage
	}
	var err error
	var out any
	switch *format {
	case "messages":
		out, err = contract.Tools()
	case "json-schema":
		out, err = contract.Schemas()
	default:
		fmt.Fprintf(stderr, "wright-lsp agent tools: unknown format %q: expected messages or json-schema\n", *format)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent tools: %v\n", err)
		return exitInternal
	}
	data, err := service.Marshal(out)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent tools: %v\n", err)
		return exitInternal
	}
	stdout.Write(append(data, '\n'))
	return exitOK
}
