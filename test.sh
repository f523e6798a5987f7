#!/usr/bin/env bash
# The whole test suite: what CI runs and what a developer runs before
# pushing. It expects ../shared (the shared corpus and catalog) beside the
# repository.
set -euo pipefail
cd "$(dirname "$0")"

unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "gofmt would change:" >&2
	echo "$unformatted" >&2
	exit 1
fi
go vet ./...
# cmd/wright-lsp runs the binary over the whole corpus several times: more
# than the default 10 minutes on a loaded machine.
go test -race -timeout 30m ./...
# A short fuzzing run of every parser and decoder, seeded from the corpus.
go test -run='^$' -fuzz='^FuzzParse$' -fuzztime="${FUZZTIME:-20s}" ./engine/parser
go test -run='^$' -fuzz='^FuzzMapperRoundTrip$' -fuzztime="${FUZZTIME:-10s}" ./edits
go test -run='^$' -fuzz='^FuzzHandle$' -fuzztime="${FUZZTIME:-10s}" ./service
go test -run='^$' -fuzz='^FuzzFrames$' -fuzztime="${FUZZTIME:-10s}" ./lsp
go test -run='^$' -fuzz='^FuzzMCP$' -fuzztime="${FUZZTIME:-10s}" ./transport
go test -run='^$' -fuzz='^FuzzCompile$' -fuzztime="${FUZZTIME:-20s}" ./providers/opy
go test -run='^$' -fuzz='^FuzzSimulate$' -fuzztime="${FUZZTIME:-10s}" ./engine/sim
# Generated rules run the same before and after optimisation.
go test -run='^$' -fuzz='^FuzzSameRuns$' -fuzztime="${FUZZTIME:-10s}" ./engine/optimize
# The VS Code extension: type check, manifest and grammar tests, the .vsix
# and its file list, and the end-to-end test in code-server.
editors/vscode/test.sh
