package main

// This file implements "wright-lsp lookup": the service's lookup, which
// reads no program, from the command line.

import (
	"fmt"
	"io"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// runLookup finds vocabulary entries by a spelling in any client
// language, a catalog id or a near miss. It exits 1 when nothing
// matches, as grep does.
func runLookup(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lookup")
	kind := fs.String("kind", "", "only entries of this `KIND`: action, value, enum-member, event, hero, map, game-mode, keyword or localized-string")
	within := fs.String("within", "", "only the members of this `ENUM` (implies --kind enum-member)")
	locale := fs.String("locale", "", "answer in this client `LANGUAGE`, such as de-DE (default en-US); spellings of every language match")
	var limit intFlag
	fs.Var(&limit, "limit", "list at most `N` entries (default 20, at most 100)")
	format := fs.String("format", "text", "output `FORMAT`: text, or json (what the agent service answers)")
	rest, code, done := parseFlags("lookup", fs, args, stdout, stderr, 1, 1)
	if done {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "wright-lsp lookup: unknown format %q: expected text or json\n", *format)
		return exitUsage
	}
	req := contract.LookupRequest{Op: "lookup", Language: "workshop", Query: rest[0], Kind: *kind, Within: *within, Locale: *locale}
	if limit.set {
		n := limit.v
		req.Limit = &n
	}
	raw, refused := call(service.NewSession(service.SessionOptions{Version: version()}), req)
	if refused != nil {
		reportRefusal("lookup", refused, stderr)
		return refusalExit(refused)
	}
	res := decode[contract.LookupResult](raw)
	exit := exitOK
	if len(res.Entries) == 0 {
		exit = exitFailed
	}
	if *format == "json" {
		emitJSON(stdout, raw)
		return exit
	}
	for _, e := range res.Entries {
		name := e.Name
		if name == "" {
			name = e.English
		}
		what := e.Kind
		if e.Within != "" {
			what += " of " + e.Within
		}
		line := fmt.Sprintf("%s\t%s\t%s", name, what, e.ID)
		switch e.Match {
		case "near":
			line += fmt.Sprintf("\tnear %q (distance %d)", e.Matched, e.Distance)
		case "exact":
			if len(e.MatchedLocales) > 0 {
				line += fmt.Sprintf("\tspelled so in %s", strings.Join(e.MatchedLocales, ", "))
			}
		}
		fmt.Fprintln(stdout, line)
		if e.Signature != "" {
			fmt.Fprintf(stdout, "\t%s\n", e.Signature)
		}
	}
	shown := len(res.Entries)
	msg := fmt.Sprintf("lookup: %s of %d", plural(shown, "entry"), res.Total)
	if res.Total > shown {
		msg += "; --limit N shows more"
	}
	fmt.Fprintln(stderr, msg)
	return exit
}
