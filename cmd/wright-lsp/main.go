// Command wright-lsp is the Workshop engine, language server and agent
// service in one binary. This file dispatches subcommands; each lives in
// its own file, and help.go holds what each one says about itself.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
)

// Exit codes shared by every subcommand.
const (
	exitOK       = 0 // done, no gate tripped
	exitFailed   = 1 // done, but the verdict failed (errors found)
	exitUsage    = 2 // usage, input or configuration problem
	exitInternal = 3 // internal failure (a recovered panic)
)

func main() {
	limitOneShotMemory(os.Args[1:])
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// oneShotMemoryLimit is the soft heap limit of a command that reads its
// input, answers and exits. Go's collector otherwise lets the heap reach
// twice its live size: a 4 MiB file of unknown names (150,000
// diagnostics, about 85 MB live) took 250 MB. Near the limit the
// collector runs more often, its share of the processor capped by the
// runtime, so a larger program is slower rather than refused.
const oneShotMemoryLimit = 150 << 20

// oneShotGCPercent is the GOGC of a one-shot command: the heap grows to
// five times its live size (16 MiB at least) before a collection, where
// Go's default collects at twice (4 MiB at least). Checking a 456 KB
// program allocates under 16 MiB, so it runs no collection at all: the
// four it ran, each marking the vocabulary's static tables as roots, were
// a quarter of the process's processor time. oneShotMemoryLimit still
// bounds the heap of a large input.
const oneShotGCPercent = 400

// limitOneShotMemory sets oneShotMemoryLimit and oneShotGCPercent for the
// one-shot commands, unless GOMEMLIMIT or GOGC says otherwise; the
// servers (the language server, serve, provider) keep Go's defaults,
// which suit a long-lived heap.
func limitOneShotMemory(args []string) {
	if len(args) == 0 {
		return
	}
	switch args[0] {
	case "check", "lint", "fmt", "analyze", "inspect", "compile", "rename", "lookup":
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(oneShotMemoryLimit)
		}
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(oneShotGCPercent)
		}
	}
}

// run executes one command line and returns the exit code. A panic is
// reported as an internal failure (exit 3), never as Go's default exit 2,
// which would read as a usage error.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "wright-lsp: internal error: %v\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		return runLSP(args, stdout, stderr)
	}
	switch first := args[0]; {
	case first == "-h" || first == "--help" || first == "-help":
		usage(stdout)
		return exitOK
	case first == "-v" || first == "--version" || first == "-version":
		return runVersion(args[1:], stdout, stderr)
	case strings.HasPrefix(first, "-"):
		if name := flagName(first); !lspFlags[name] {
			fmt.Fprintf(stderr, "wright-lsp: unknown flag %s%s\nrun 'wright-lsp help' for the commands and flags\n", first, suggest(name, topFlags(), "--"))
			return exitUsage
		}
		return runLSP(args, stdout, stderr)
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(args[1:], stdout, stderr)
	}
	var names []string
	for _, c := range commandList {
		names = append(names, c.name)
	}
	fmt.Fprintf(stderr, "wright-lsp: unknown command %q%s\nrun 'wright-lsp help' for the list of commands\n", args[0], suggest(args[0], names, ""))
	return exitUsage
}

// A command runs one subcommand and returns its exit code.
type command func(args []string, stdout, stderr io.Writer) int

// commands maps subcommand names to their implementations; commandList
// (help.go) orders and describes them.
var commands = map[string]command{}

func init() {
	for _, c := range commandList {
		commands[c.name] = c.run
	}
}

// lspFlags are the flags of the language server, which starts when the
// first argument is a flag.
var lspFlags = map[string]bool{"stdio": true, "log-file": true, "log-level": true}

// topFlags are the flags accepted before any command.
func topFlags() []string {
	return []string{"help", "version", "stdio", "log-file", "log-level"}
}

// flagName returns the name of a flag argument: "--log-file=x" is
// log-file.
func flagName(arg string) string {
	name := strings.TrimLeft(arg, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return name
}

// runVersion prints the version the build carries.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version")
	if _, code, done := parseFlags("version", fs, args, stdout, stderr, 0, 0); done {
		return code
	}
	fmt.Fprintf(stdout, "wright-lsp %s (%s)\n", version(), runtime.Version())
	return exitOK
}

// version is the module version from the build information: the release
// a go install …@version stamped, else the commit the binary was built
// from (a source checkout), else devel.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision == "" {
		return "devel"
	}
	if len(revision) > 12 {
		revision = revision[:12]
	}
	if modified == "true" {
		revision += "+dirty"
	}
	return "devel-" + revision
}
