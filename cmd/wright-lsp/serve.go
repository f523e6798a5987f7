package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// stdin is the request stream of serve; a variable so that the command
// reads what run's caller provides.
var stdin io.Reader = os.Stdin

const serveUsage = `usage: wright-lsp serve [--transport stdio|jsonrpc|mcp] [--kind auto|workshop|opy|ostw|protocol]
                        [--profile off|compat] [--locale LOCALE] [--lint-config FILE] [--rule-file FILE]…
                        [--disable-rule ID]… [--rule-severity ID:SEVERITY]… [--fail-on SEVERITY]
                        [--root DIR] [--output-root DIR] [INPUT]`

// runServe starts an agent session over INPUT (a file or a directory,
// default the working directory). Startup options are checked before the
// first request; the input itself is read on first need.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve")
	var policy policyFlags
	transportName := fs.String("transport", "stdio", "request `TRANSPORT`: stdio, jsonrpc or mcp")
	kindName := fs.String("kind", "auto", "input `KIND`: auto, workshop (ws, hir), opy, ostw or protocol (json)")
	profile := fs.String("profile", "off", "`PROFILE` compile applies: off, or compat (legacy forms rewritten to the modern ones)")
	localeName := fs.String("locale", "", "client `LANGUAGE` of Workshop input (default: detect from the text)")
	root := fs.String("root", "", "the project `ROOT`: every file the session reads must resolve inside it (default: INPUT when a directory, else its directory)")
	outputRoot := fs.String("output-root", "", "the `DIRECTORY` compile may write in: every output must resolve inside it (default: the project root)")
	policy.register(fs)
	rest, code, done := parseFlags("serve", fs, args, stdout, stderr, 0, -1)
	if done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "wright-lsp serve: "+format+"\n%s\n", append(a, serveUsage)...)
		return exitUsage
	}
	serveFn, ok := transports[*transportName]
	if !ok {
		return fail("unknown transport %q: expected stdio, jsonrpc or mcp", *transportName)
	}
	kind, err := service.ParseKind(*kindName)
	if err != nil {
		return fail("%v", err)
	}
	prof, err := service.ParseProfile(*profile)
	if err != nil {
		return fail("%v", err)
	}
	if prof == service.ProfileCompat && kind != service.KindAuto && kind != service.KindWorkshop {
		return fail("--profile compat applies to Workshop input only, not --kind %s", kind)
	}
	opts := service.SessionOptions{Kind: kind, Version: version(), Profile: prof, Root: *root, OutputRoot: *outputRoot}
	for name, dir := range map[string]string{"--root": *root, "--output-root": *outputRoot} {
		if info, err := os.Stat(dir); dir != "" && (err != nil || !info.IsDir()) {
			return fail("%s %s: not a directory", name, dir)
		}
	}
	if *localeName != "" {
		l, err := vocab.ParseLocale(*localeName)
		if err != nil {
			return fail("%v", err)
		}
		opts.Engine = engine.Options{Locale: l, LocaleGiven: true}
	}
	if _, err = policy.config(); err != nil {
		return fail("%v", err)
	}
	// The session applies the policy at each load, with the project's
	// .wright.yaml.
	opts.Policy = policy.statement()
	switch len(rest) {
	case 0:
	case 1:
		if rest[0] == "-" {
			return fail("INPUT cannot be -: standard input carries the requests")
		}
		opts.Input = rest[0]
	default:
		return fail("expected at most one INPUT, got %d", len(rest))
	}
	if err := serveFn(context.Background(), service.NewSession(opts), stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "wright-lsp serve: %v\n", err)
		return exitInternal
	}
	return exitOK
}

var transports = map[string]func(context.Context, *service.Session, io.Reader, io.Writer) error{
	"stdio":   transport.ServeStdio,
	"jsonrpc": transport.ServeJSONRPC,
	"mcp":     transport.ServeMCP,
}
