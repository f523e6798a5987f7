// Command wright-lsp is the Workshop engine, language server and agent
// service in one binary. This file dispatches subcommands; each lives in
// its own file.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// Exit codes shared by every subcommand.
const (
	exitOK       = 0 // done, no gate tripped
	exitFailed   = 1 // done, but the verdict failed (errors found)
	exitUsage    = 2 // usage, input or configuration problem
	exitInternal = 3 // internal failure (a recovered panic)
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
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
	if len(args) == 0 || args[0] == "--stdio" || len(args[0]) > 1 && args[0][0] == '-' && args[0] != "--help" && args[0] != "-h" && args[0] != "--version" {
		return runLSP(args, stdout, stderr)
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "wright-lsp: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// A command runs one subcommand and returns its exit code.
type command func(args []string, stdout, stderr io.Writer) int

// commands maps subcommand names to their implementations.
var commands = map[string]command{
	"check":    runCheck,
	"lint":     runLint,
	"inspect":  runInspect,
	"analyze":  runAnalyze,
	"serve":    runServe,
	"compile":  runCompile,
	"agent":    runAgent,
	"rename":   runRename,
	"provider": runProvider,
	"version": func(_ []string, stdout, _ io.Writer) int {
		fmt.Fprintln(stdout, "wright-lsp", version())
		return exitOK
	},
	"help": func(_ []string, stdout, _ io.Writer) int {
		usage(stdout)
		return exitOK
	},
}

func init() {
	commands["--version"] = commands["version"]
	commands["--help"] = commands["help"]
	commands["-h"] = commands["help"]
}

func usage(w io.Writer) {
	fmt.Fprint(w, `wright-lsp: tooling for Overwatch Workshop scripts

Usage:
  wright-lsp check [--locale L] [--format text|json] FILE…
      Parse and validate Workshop files; print diagnostics as
      path:line:col: severity code: message (or JSON with --format json).
      Exit 0 with no errors, 1 with errors, 2 for usage or input problems.
  wright-lsp version
      Print the version.
`)
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}
