package main

// This file is what the binary says about itself: the list of commands
// with a summary each, every command's help (usage, arguments, flags, an
// example), and the parsing of flags that every command shares, which
// answers -h and --help with that help on standard output, and an
// unknown flag with the nearest known one.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// A commandInfo describes one command.
type commandInfo struct {
	name    string
	summary string
	run     command
	// usage lines, after "wright-lsp ".
	usage []string
	// args describes the positional arguments, one "NAME\tmeaning" a line.
	args []string
	// notes is a paragraph printed after the flags.
	notes string
	// examples, each a command line.
	examples []string
}

// commandList is every command, in the order help lists them.
var commandList []*commandInfo

func init() {
	commandList = []*commandInfo{
		{name: "check", summary: "parse and validate programs and print their problems", run: runCheck,
			usage: []string{"check [flags] INPUT…"},
			args:  []string{inputArg},
			notes: verdictNote,
			examples: []string{"wright-lsp check game.ow", "wright-lsp check modes/ 'lib/**/*.opy'",
				"wright-lsp check --format json game.opy", "wright-lsp check --json-stream modes/", "cat game.txt | wright-lsp check -"}},
		{name: "lint", summary: "run the lint rules and print their findings with the program's problems; --fix corrects them", run: runLint,
			usage: []string{"lint [flags] INPUT…", "lint --fix [--diff] [--fix-kind KIND]… INPUT…"},
			args:  []string{inputArg},
			notes: verdictNote + "\n\n" + fixNote,
			examples: []string{"wright-lsp lint game.ow", "wright-lsp lint --rule-id unused-variable --max 5 modes/",
				"wright-lsp lint --fix --diff game.ow", "wright-lsp lint --format sarif . > wright.sarif    # for code scanning", "wright-lsp lint --fix --fix-kind evaluate-once game.ow"}},
		{name: "fmt", summary: "write Workshop files in the game's export layout", run: runFmt,
			usage: []string{"fmt [--check] [-w] [--diff] INPUT…"},
			args:  []string{inputArg},
			notes: fmtNote,
			examples: []string{"wright-lsp fmt game.ow > formatted.ow", "wright-lsp fmt -w modes/",
				"wright-lsp fmt --check 'modes/*.ow'    # in CI or a pre-commit hook"}},
		{name: "analyze", summary: "the essential analysis of a program: cost, hotspots, complexity, risks, variables", run: runAnalyze,
			usage:    []string{"analyze [flags] INPUT"},
			args:     []string{programArg},
			notes:    verdictNote,
			examples: []string{"wright-lsp analyze game.ow", "wright-lsp analyze --format json game.opy"}},
		{name: "inspect", summary: "query a program: symbols, references, control flow, calls, cost, rules, objects", run: runInspect,
			usage: []string{"inspect [VIEW [TARGET]] [flags] INPUT"},
			args: []string{"VIEW\tone of the views below; none gives the overview and the rule names",
				programArg},
			notes: inspectViews,
			examples: []string{"wright-lsp inspect game.ow", "wright-lsp inspect refs Score game.ow",
				"wright-lsp inspect cfg 'Set up the hill' game.ow", "wright-lsp inspect cost --rule 'Set up the hill' game.ow"}},
		{name: "compile", summary: "write a program as Workshop text in the game's export style, in any client language", run: runCompile,
			usage: []string{"compile [-o FILE|-] [--force] [--to LOCALE] [--profile off|compat] [flags] INPUT"},
			args:  []string{programArg},
			notes: compileNote,
			examples: []string{"wright-lsp compile game.opy", "wright-lsp compile game.ow --to de-DE -o spiel.ow",
				"wright-lsp compile -o - game.opy | xclip -selection clipboard"}},
		{name: "simulate", summary: "run a program tick by tick against a scenario and print what it did", run: runSimulate,
			usage: []string{"simulate (--seconds N | --scenario FILE) [--verbosity effects|actions] [--format text|json] [flags] INPUT"},
			args:  []string{programArg},
			notes: simulateNote,
			examples: []string{"wright-lsp simulate --seconds 5 game.ow", "wright-lsp simulate --scenario duel.json --verbosity actions game.opy",
				"wright-lsp simulate --scenario duel.json --format json game.ow > trace.json"}},
		{name: "rename", summary: "rename a variable, subroutine or rule everywhere it is used", run: runRename,
			usage: []string{"rename [--rule] [-w] [flags] TARGET NEWNAME INPUT"},
			args: []string{"TARGET\ta variable or subroutine (NAME or KIND:NAME), or with --rule a rule (NAME or NAME#N)",
				"NEWNAME\tthe new name",
				"INPUT\ta file, or a directory holding one program"},
			notes:    "Without -w the rename is printed as a unified diff and nothing is written; -w writes it (each file atomically).",
			examples: []string{"wright-lsp rename Score Points game.ow", "wright-lsp rename -w globalVariable:Score Points game.ow"}},
		{name: "lookup", summary: "find a Workshop action, value, enum member, event, hero or map by any spelling", run: runLookup,
			usage: []string{"lookup [--kind KIND] [--within ENUM] [--locale L] [--limit N] [--format text|json] QUERY"},
			args:  []string{"QUERY\ta spelling in any of the 15 client languages, a catalog id, or a near miss of either"},
			examples: []string{"wright-lsp lookup 'Small Mesage'", "wright-lsp lookup --locale de-DE 'Wait'",
				"wright-lsp lookup --kind enum-member --within ColorLiteral white"}},
		{name: "serve", summary: "serve the wright-agent/v1 service to an agent on standard input and output", run: runServe,
			usage: []string{"serve [--transport stdio|jsonrpc|mcp] [flags] [INPUT]"},
			args:  []string{"INPUT\ta Workshop or OverPy file, or a directory holding one program (default: the working directory)"},
			examples: []string{"printf '%s\\n' '{\"op\":\"check\"}' | wright-lsp serve game.ow",
				"wright-lsp serve --transport mcp modes/koth"}},
		{name: "provider", summary: "serve a source-language frontend to other tools over wright-provider/1", run: runProvider,
			usage:    []string{"provider LANGUAGE"},
			args:     []string{"LANGUAGE\tthe frontend to serve: opy (OverPy)"},
			notes:    "The provider speaks JSON-RPC 2.0 with LSP framing on standard input and output: initialize, check,\ncompile, sourceIdentity and validateEdit (docs/provider-protocol.md).",
			examples: []string{"wright-lsp provider opy"}},
		{name: "agent", summary: "print the operations as tool definitions or the agent catalog, the context for a task within a token budget, and validate them, for agents", run: runAgent,
			usage: []string{"agent tools [--format messages|json-schema]", "agent catalog [--format json]",
				"agent context --token-budget N [--format json|markdown] TASK",
				"agent validate --kind catalog|context [--format json] FILE"},
			args: []string{"tools\tthe client tool definitions of every operation",
				"catalog\tevery operation with its request and result schemas, effects and refusal codes, a summary of\n\tthe vocabulary, and the fnv1a64 fingerprints capabilities repeats",
				"context\tthe operations, actions, values, events and lint rules whose words match TASK, best first, as\n\tmany as fit in N tokens (compact JSON length in Unicode scalars / 4, rounded up); truncated: true\n\twhen a match was left out or kept only in part; the agentContext operation's document",
				"validate\tcheck a catalog or context FILE against this binary: unknown fields, schema version, fingerprints,\n\torder, and for a context its budget and content (exit 1 with the problems when it is not valid;\n\ta FILE over 4 MiB is refused unread)"},
			examples: []string{"wright-lsp agent tools", "wright-lsp agent tools --format json-schema", "wright-lsp agent catalog --format json",
				"wright-lsp agent context --token-budget 2000 --format markdown 'count kills on a HUD text'",
				"wright-lsp agent validate --kind catalog catalog.json", "wright-lsp agent validate --kind context context.json"}},
		{name: "version", summary: "print the version", run: runVersion,
			usage: []string{"version"}, examples: []string{"wright-lsp version", "wright-lsp --version"}},
		{name: "help", summary: "print this list, or a command's help", run: runHelp,
			usage: []string{"help [COMMAND]"}, args: []string{"COMMAND\tthe command to describe"},
			examples: []string{"wright-lsp help lint"}},
	}
}

const inputArg = "INPUT\ta file (Workshop .ow, .workshop or .txt; OverPy .opy), a directory (every such file under it,\n" +
	"\tor the program its .wright.yaml names), a glob ('src/**/*.ow'), or - for standard input"

const programArg = "INPUT\ta file, a directory holding one program, or - for standard input"

const verdictNote = `The verdict: the program's errors are always reported; the selection (--severity, and
for lint and analyze --rule-id and --file) chooses the other problems and findings
reported, and --max N prints the first N of them (the summary says how many there
were). The command fails (exit 1) when anything it selected reaches --fail-on
(default error), whether printed or not.
Exit codes: 0 passed, 1 failed, 2 a usage or input problem, 3 an internal failure.

On a terminal, problems are coloured and shown with the source line and a caret
under the span; NO_COLOR, or output to a file or pipe, gives one line each:
path:line:col: severity code: message`

const fixNote = `--fix applies every fix that corrects a defect (remove-dead-branch, remove-declaration,
use-matching-last-id, and first syntax: the ';' a statement lacks and the like), file by
file, each file written atomically, then reports what remains. Fixes that only acknowledge a finding (evaluate-once) apply only when named with
--fix-kind, which then limits --fix to the kinds named. A fix that would add an error is
not applied. --diff prints the changes as a unified diff, writes nothing, and fails
(exit 1) when there is something to fix. On an OverPy file a fix is applied only where
it can be written on the OverPy text and the edited file compiles to exactly the fixed
program (an unused declaration's line, a dead elif branch); the others are left.`

const fmtNote = `fmt prints each Workshop file as the game exports it (the canonical printer, in the
file's own client language and spellings). Indentation keeps the file's own unit: a tab,
as the game writes, or the spaces the file is indented with (--indent tab forces the
game's). Without -w or --check it writes the formatted text to
standard output. -w rewrites the files that change, atomically; --check writes nothing
and fails (exit 1) when a file would change, naming it; --diff prints the changes.
A file with syntax errors, // or /* */ comments (the printer does not keep them) or
names its language cannot spell is not formatted (exit 2). OverPy files are skipped.`

const inspectViews = `views:
  (none)          overview and rule names
  symbols         variables, subroutines and rules (--only KIND)
  refs SYMBOL     references of NAME or KIND:NAME (--only KIND, --rule)
  cfg RULE        control-flow graph of a rule (--only KIND)
  callgraph       subroutine calls (--caller, --callee)
  cost            element count (--rule for one rule's drill-down)
  rules           the rules (--rule, --content)
  objects         persistent objects
  project         origin, files, counts and the settings tree

A program with errors is inspected as the parser recovered it; its errors are printed
on standard error and the command exits 1.`

const simulateNote = `The program runs deterministically at the game's tick rate (62.5 Hz, 16 ms a tick),
following ../shared/reference/sim/semantics.md: --seconds N runs N seconds with no
players; --scenario FILE runs an owsim-scenario/1 document (ticks or seconds, seed,
verbosity, limits, players, and a timeline of joins, leaves, button presses, hero
changes, positions, damage, healing and kills). The same program and scenario always
print the same bytes.

text prints a timeline, one line per event; --format json prints the owsim-trace/1
trace itself (what the simulate operation carries in output.trace), one JSON event per
line. Actions and values the simulator does not model are traced as "unsimulated".
Exit codes: 0 the run ended, 1 it halted on an error (server_overload, call_depth,
event_limit) or the program has errors, 2 a usage, input or scenario problem.`

const compileNote = `The output is written atomically. Without -o it is INPUT's name with the extension
replaced by .ow, in the working directory; when that is INPUT itself (compiling a
.ow file in its own directory), it is NAME.out.ow. -o - writes to standard output.
An existing output is replaced only with --force; the input never is. A program with
errors writes nothing.`

// runHelp prints the command list, or one command's help.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
		if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
			printHelp(stdout, "help", newFlags("help"))
			return exitOK
		}
		if cmd, ok := commands[args[0]]; ok {
			return cmd([]string{"--help"}, stdout, stderr)
		}
		var names []string
		for _, c := range commandList {
			names = append(names, c.name)
		}
		fmt.Fprintf(stderr, "wright-lsp help: unknown command %q%s\nrun 'wright-lsp help' for the list of commands\n", args[0], suggest(args[0], names, ""))
		return exitUsage
	}
	fmt.Fprintln(stderr, "wright-lsp help: expected at most one COMMAND\nusage: wright-lsp help [COMMAND]")
	return exitUsage
}

// usage prints the top-level help: every command with its summary.
func usage(w io.Writer) {
	fmt.Fprint(w, `wright-lsp: tooling for Overwatch Workshop scripts and OverPy

usage:
  wright-lsp COMMAND [flags] [arguments]
  wright-lsp [--stdio] [--log-file FILE] [--log-level N]   the language server, as editors start it

commands:
`)
	for _, c := range commandList {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Every command takes -h or --help. Exit codes: 0 passed, 1 failed (errors found),
2 a usage or input problem, 3 an internal failure.

examples:
  wright-lsp check game.ow
  wright-lsp lint --fix modes/
  wright-lsp help lint
`)
}

// info returns the description of the command name.
func info(name string) *commandInfo {
	for _, c := range commandList {
		if c.name == name {
			return c
		}
	}
	return &commandInfo{name: name, usage: []string{name + " [flags]"}}
}

// printHelp writes a command's help: usage, arguments, flags, notes and
// examples.
func printHelp(w io.Writer, name string, fs *flag.FlagSet) {
	c := info(name)
	fmt.Fprintf(w, "wright-lsp %s: %s\n\nusage:\n", strings.Fields(name)[0], c.summary)
	for _, u := range c.usage {
		fmt.Fprintf(w, "  wright-lsp %s\n", u)
	}
	if len(c.args) > 0 {
		fmt.Fprintln(w, "\narguments:")
		for _, a := range c.args {
			name, meaning, _ := strings.Cut(a, "\t")
			fmt.Fprintf(w, "  %s\n      %s\n", name, strings.ReplaceAll(meaning, "\n\t", "\n      "))
		}
	}
	var flags []string
	fs.VisitAll(func(f *flag.Flag) {
		placeholder, meaning := flag.UnquoteUsage(f)
		head := "--" + f.Name
		if len(f.Name) == 1 {
			head = "-" + f.Name
		}
		if placeholder != "" {
			head += " " + placeholder
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
			meaning += " (default " + f.DefValue + ")"
		}
		flags = append(flags, fmt.Sprintf("  %s\n      %s", head, meaning))
	})
	fmt.Fprintln(w, "\nflags:")
	if len(flags) > 0 {
		fmt.Fprintln(w, strings.Join(flags, "\n"))
	}
	fmt.Fprintln(w, "  -h, --help\n      print this help")
	if c.notes != "" {
		fmt.Fprintf(w, "\n%s\n", c.notes)
	}
	if len(c.examples) > 0 {
		fmt.Fprintln(w, "\nexamples:")
		for _, e := range c.examples {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
}

// newFlags returns a flag set whose errors the caller reports.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses a command's arguments, flags before, between or after
// the positional ones. -h and --help print the command's help on stdout
// (done, exit 0); a flag problem or a count of positional arguments
// outside [least, most] (most < 0: no bound) is reported on stderr with
// the nearest flag and how to get help (done, exit 2).
func parseFlags(name string, fs *flag.FlagSet, args []string, stdout, stderr io.Writer, least, most int) (rest []string, code int, done bool) {
	rest, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printHelp(stdout, name, fs)
		return nil, exitOK, true
	}
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: %s\nrun 'wright-lsp help %s' for usage\n", name, flagProblem(fs, err, args), strings.Fields(name)[0])
		return nil, exitUsage, true
	}
	if len(rest) < least || most >= 0 && len(rest) > most {
		what := "no arguments"
		switch c := info(strings.Fields(name)[0]); {
		case len(c.args) > 0:
			var names []string
			for _, a := range c.args {
				names = append(names, strings.SplitN(a, "\t", 2)[0])
			}
			what = names[0]
			if n := len(names); n > 1 {
				what = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
			}
		}
		got := fmt.Sprintf("%d arguments", len(rest))
		if len(rest) == 1 {
			got = "1 argument"
		}
		fmt.Fprintf(stderr, "wright-lsp %s: expected %s, got %s\nusage: wright-lsp %s\nrun 'wright-lsp help %s' for more\n",
			name, what, got, info(strings.Fields(name)[0]).usage[0], strings.Fields(name)[0])
		return nil, exitUsage, true
	}
	return rest, exitOK, false
}

// flagProblem rewords the flag package's errors, naming the nearest flag
// of an unknown one.
func flagProblem(fs *flag.FlagSet, err error, args []string) string {
	msg := err.Error()
	if bad, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		for _, a := range args { // as typed: --knd, not -knd
			if strings.HasPrefix(a, "-") && flagName(a) == flagName(bad) {
				bad = strings.SplitN(a, "=", 2)[0]
				break
			}
		}
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		return fmt.Sprintf("unknown flag %s%s", bad, suggest(flagName(bad), names, "--"))
	}
	if bad, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return fmt.Sprintf("flag %s needs a value", bad)
	}
	return msg
}

// parseInterspersed parses flags that may come before, between or after
// the positional arguments ("check a.ow --format json"); after "--"
// everything is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		more := fs.Args()
		if len(more) == 0 {
			return rest, nil
		}
		if len(args) > len(more) && args[len(args)-len(more)-1] == "--" {
			return append(rest, more...), nil
		}
		rest = append(rest, more[0])
		args = more[1:]
	}
}

// suggest returns "; did you mean "X"?" for the candidate nearest to
// word, or "" when none is near; a flag (prefix "--") is not quoted.
func suggest(word string, candidates []string, prefix string) string {
	best := nearest(word, candidates)
	switch {
	case best == "":
		return ""
	case prefix != "":
		return fmt.Sprintf("; did you mean %s%s?", prefix, best)
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// nearest returns the candidate nearest to word, or "" when none is
// near: within two edits, or a third of word's length.
func nearest(word string, candidates []string) string {
	best, bestDist := "", 0
	for _, c := range candidates {
		d := distance(strings.ToLower(word), strings.ToLower(c))
		if strings.HasPrefix(c, word) && len(word) >= 2 {
			d = min(d, 1)
		}
		if best == "" || d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	if best == "" || bestDist > max(2, len(word)/3) {
		return ""
	}
	return best
}

// distance is the edit distance of a and b in runes, counting a swap of
// adjacent runes as one edit.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
