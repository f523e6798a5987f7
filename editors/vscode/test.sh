#!/usr/bin/env bash
# Tests of the VS Code extension: install from the lockfile, type-check,
# manifest and grammar tests, package the .vsix and check its files, then
# the end-to-end test in code-server with Chromium.
#
#   editors/vscode/test.sh            everything
#   SKIP_E2E=1 editors/vscode/test.sh everything but the end-to-end test
#   UPDATE_SCREENSHOTS=1 editors/vscode/test.sh  also replace the README's screenshots
#
# The end-to-end test needs Debian's chromium, ripgrep and the headers
# code-server's native modules build against (see test/e2e/setup-code-server.sh);
# code-server is installed once into $CODE_SERVER_DIR (default
# ~/.cache/wright/code-server).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
repo=$(cd ../.. && pwd)
t0=$SECONDS
elapsed() { echo "[vscode] $1 ($((SECONDS - t0)) s)"; }

npm ci --no-audit --no-fund
elapsed "npm ci"
npx tsc --noEmit -p .
elapsed "tsc --noEmit"
node scripts/gen-grammar.mjs --check
node scripts/gen-snippets.mjs --check
node --test test/manifest.test.mjs test/grammar.test.mjs test/server.test.mjs test/semantic.test.mjs test/snippets.test.mjs
elapsed "manifest and grammar tests"

# Package: bundle with esbuild, then vsce without node_modules.
rm -rf dist wright.vsix
node scripts/build.mjs --production
npx vsce package --no-dependencies --skip-license --out wright.vsix
node test/vsix-check.mjs wright.vsix
elapsed "package and vsix check"

if [ "${SKIP_E2E:-}" = 1 ]; then
	echo "[vscode] SKIP_E2E=1: end-to-end test skipped"
	exit 0
fi
code_server_dir=${CODE_SERVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/wright/code-server}
test/e2e/setup-code-server.sh "$code_server_dir"
elapsed "code-server ready in $code_server_dir"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$repo" && go build -o "$bin/wright-lsp" ./cmd/wright-lsp)
CODE_SERVER_DIR="$code_server_dir" WRIGHT_LSP="$bin/wright-lsp" VSIX="$here/wright.vsix" node test/e2e/e2e.mjs
elapsed "end-to-end test"
