package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// agentFormats are each subcommand's formats, the default first.
var agentFormats = map[string][]string{
	"tools":    {"messages", "json-schema"},
	"catalog":  {"json"},
	"validate": {"json"},
	"context":  {"json", "markdown"},
}

// agentUsage is the usage of agent's subcommands.
const agentUsage = "usage: wright-lsp agent tools [--format messages|json-schema]\n" +
	"       wright-lsp agent catalog [--format json]\n" +
	"       wright-lsp agent context --token-budget N [--format json|markdown] TASK\n" +
	"       wright-lsp agent validate --kind catalog|context [--format json] FILE\n"

// runAgent emits, for agents that call wright-lsp from code, the client
// tool definitions of every advertised operation (tools), the agent
// catalog (catalog) or the context for a task (context), and validates
// catalogs and contexts (validate).
func runAgent(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("agent")
	format := fs.String("format", "", "`FORMAT`: tools: messages (Anthropic Messages API client tools, the default) or json-schema; catalog and validate: json; context: json (the default) or markdown")
	kind := fs.String("kind", "", "validate: the `KIND` of document FILE holds: catalog or context")
	var budget intFlag
	fs.Var(&budget, "token-budget", "context: `N`, the most tokens the document may take, estimated as its compact JSON length in Unicode scalars / 4, rounded up (required)")
	rest, code, done := parseFlags("agent", fs, args, stdout, stderr, 1, 2)
	if done {
		return code
	}
	sub := rest[0]
	formats, ok := agentFormats[sub]
	if !ok {
		fmt.Fprintf(stderr, "wright-lsp agent: unknown subcommand %q: expected tools, catalog, context or validate%s\n%s",
			sub, suggest(sub, []string{"tools", "catalog", "context", "validate"}, ""), agentUsage)
		return exitUsage
	}
	takes := map[string]string{"validate": "one FILE", "context": "one TASK"}[sub]
	if (takes != "") != (len(rest) == 2) {
		fmt.Fprintf(stderr, "wright-lsp agent %s: expected %s\n%s", sub, cmp.Or(takes, "no argument"), agentUsage)
		return exitUsage
	}
	if *format == "" {
		*format = formats[0]
	}
	if !slices.Contains(formats, *format) {
		fmt.Fprintf(stderr, "wright-lsp agent %s: unknown format %q: expected %s\n", sub, *format, strings.Join(formats, " or "))
		return exitUsage
	}
	switch sub {
	case "validate":
		return runAgentValidate(rest[1], *kind, stdout, stderr)
	case "context":
		return runAgentContext(rest[1], budget, *format, stdout, stderr)
	}
	var err error
	var out any
	switch *format {
	case "messages":
		out, err = contract.Tools()
	case "json-schema":
		out, err = contract.Schemas()
	case "json":
		out, err = service.AgentCatalog()
	}
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent %s: %v\n", sub, err)
		return exitInternal
	}
	data, err := service.Marshal(out)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent %s: %v\n", sub, err)
		return exitInternal
	}
	stdout.Write(append(data, '\n'))
	return exitOK
}

// runAgentValidate validates an agent document against the running
// binary: it prints {document_type, schema_version, kind, valid,
// problems} and exits 0 when the document is valid, 1 when it is not, 2
// when it cannot be read (over 4 MiB: refused before it is parsed).
func runAgentValidate(path, kind string, stdout, stderr io.Writer) int {
	validate := map[string]func([]byte) []service.ValidationProblem{"catalog": service.ValidateCatalog, "context": service.ValidateContext}[kind]
	if validate == nil {
		fmt.Fprintf(stderr, "wright-lsp agent validate: --kind %q: expected catalog or context\n", kind)
		return exitUsage
	}
	data, err := readLimited(path, service.MaxAgentDocument)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent validate: %v\n", err)
		return exitUsage
	}
	problems := validate(data)
	res := agentValidation{DocumentType: "wright-agent-validation", SchemaVersion: 1, Kind: kind, Valid: len(problems) == 0,
		Problems: problems}
	if res.Problems == nil {
		res.Problems = []service.ValidationProblem{}
	}
	out, err := service.Marshal(res)
	if err != nil {
		fmt.Fprintf(stderr, "wright-lsp agent validate: %v\n", err)
		return exitInternal
	}
	stdout.Write(append(out, '\n'))
	if !res.Valid {
		return exitFailed
	}
	return exitOK
}

// agentValidation is what agent validate prints.
type agentValidation struct {
	DocumentType  string                      `json:"document_type"`
	SchemaVersion int                         `json:"schema_version"`
	Kind          string                      `json:"kind"`
	Valid         bool                        `json:"valid"`
	Problems      []service.ValidationProblem `json:"problems"`
}

// readLimited reads the file at path, refusing one larger than limit
// before reading it (and, should it grow meanwhile, after reading limit
// bytes of it).
func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if st.Size() > int64(limit) {
		return nil, fmt.Errorf("%s is %d bytes; the limit is %d bytes (4 MiB)", path, st.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, fmt.Errorf("%s is over %d bytes (4 MiB)", path, limit)
	}
	return data, nil
}
