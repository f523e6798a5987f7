package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

const agentUsage = "usage: wright-lsp agent tools [--format messages|json-schema]"

// runAgent emits the client tool definitions of every advertised
// operation, for agents that call wright-lsp from code.
func runAgent(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "tools" {
		fmt.Fprintln(stderr, "wright-lsp agent: expected the tools subcommand\n"+agentUsage)
		return exitUsage
	}
	fs := flag.NewFlagSet("agent tools", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "messages", "messages (Anthropic Messages API client tools) or json-schema")
	rest, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return exitUsage
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "wright-lsp agent tools: unexpected argument %q\n%s\n", rest[0], agentUsage)
		return exitUsage
	}
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
